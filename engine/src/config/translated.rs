//! Names and notes of the config's things (games, tables, cloths, levels, positions,
//! drills) in languages other than English, by language code:
//! `translated: {"ru": (name: "Трёхбортный карамболь")}`. A thing without a
//! translation shows its English name.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A thing's name and notes in one language.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Translation {
    pub name: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub notes: String,
}

/// Translations by language code (`ru`).
pub type Translations = BTreeMap<String, Translation>;

/// The name in the language `code`: its translation, else `english`.
pub fn name_in<'a>(english: &'a str, translated: &'a Translations, code: &str) -> &'a str {
    translated.get(code).map_or(english, |t| t.name.as_str())
}

/// The notes in the language `code`: their translation where it has notes, else
/// `english`.
pub fn notes_in<'a>(english: &'a str, translated: &'a Translations, code: &str) -> &'a str {
    translated
        .get(code)
        .map(|t| t.notes.as_str())
        .filter(|notes| !notes.is_empty())
        .unwrap_or(english)
}

/// A thing of the config with a name players read, and its translations.
pub trait Translated {
    fn english_name(&self) -> &str;
    fn translations(&self) -> &Translations;

    /// The name in the language `code`.
    fn name_in(&self, code: &str) -> &str {
        name_in(self.english_name(), self.translations(), code)
    }
}

/// `Translated` for config types whose English name is their `name` field.
macro_rules! translated {
    ($($type:ty),* $(,)?) => {
        $(impl $crate::config::Translated for $type {
            fn english_name(&self) -> &str {
                &self.name
            }
            fn translations(&self) -> &$crate::config::Translations {
                &self.translated
            }
        })*
    };
}
pub(crate) use translated;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_translation_is_used_where_there_is_one() {
        let translated: Translations = ron::from_str(r#"{"ru": (name: "Зонтик")}"#).unwrap();
        assert_eq!(name_in("Umbrella", &translated, "ru"), "Зонтик");
        assert_eq!(name_in("Umbrella", &translated, "en"), "Umbrella");
        assert_eq!(notes_in("Two cushions", &translated, "ru"), "Two cushions");
    }
}
