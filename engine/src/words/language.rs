//! The languages the game speaks, and the one it speaks now: chosen once at start (the
//! command line's `--lang`, the settings, else the system's locale) and by the settings
//! screen.

use super::{English, Russian, Words};
use crate::config::Translated;
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicU8, Ordering};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Language {
    #[default]
    English,
    Russian,
}

impl Language {
    pub const ALL: [Language; 2] = [Language::English, Language::Russian];

    /// The language's ISO 639-1 code, as `--lang` and locales write it.
    pub fn code(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::Russian => "ru",
        }
    }

    /// The language's name in itself, as a list of languages shows it.
    pub fn own_name(self) -> &'static str {
        match self {
            Language::English => "English",
            Language::Russian => "Русский",
        }
    }

    /// The language of a code or a locale name: `ru`, `ru_RU.UTF-8`, `ru-RU`, `en_GB`.
    /// None for a language the game does not speak, and for `C` and `POSIX`.
    pub fn of_locale(locale: &str) -> Option<Language> {
        let code = locale
            .split(['_', '-', '.', '@'])
            .next()
            .unwrap_or_default()
            .to_ascii_lowercase();
        Language::ALL.into_iter().find(|l| l.code() == code)
    }

    /// The language the locale's variables ask for, read as POSIX does: the first set
    /// of `LC_ALL`, `LC_MESSAGES`, `LANG` decides; `platform` (the system's own
    /// setting) when none is set. English when neither names a language the game
    /// speaks.
    pub fn of_environment(
        var: impl Fn(&str) -> Option<String>,
        platform: Option<String>,
    ) -> Language {
        let set = ["LC_ALL", "LC_MESSAGES", "LANG"]
            .into_iter()
            .filter_map(&var)
            .find(|value| !value.is_empty());
        set.or(platform)
            .and_then(|locale| Language::of_locale(&locale))
            .unwrap_or_default()
    }

    /// The words of this language.
    pub fn words(self) -> &'static dyn Words {
        match self {
            Language::English => &English,
            Language::Russian => &Russian,
        }
    }

    /// The next language in the list (the settings screen's stepper).
    pub fn step(self, step: i32) -> Language {
        let at = Language::ALL.iter().position(|l| *l == self).unwrap_or(0) as i32;
        let n = Language::ALL.len() as i32;
        Language::ALL[(at + step).rem_euclid(n) as usize]
    }
}

/// The language spoken now, as its index in [`Language::ALL`].
static SPOKEN: AtomicU8 = AtomicU8::new(0);

/// Speak `language` from now on.
pub fn speak(language: Language) {
    let index = Language::ALL
        .iter()
        .position(|l| *l == language)
        .unwrap_or(0);
    SPOKEN.store(index as u8, Ordering::Relaxed);
}

/// The language spoken now.
pub fn spoken() -> Language {
    Language::ALL[usize::from(SPOKEN.load(Ordering::Relaxed)) % Language::ALL.len()]
}

/// A config thing's name (a game, a table, a level, a position, ...) in the language
/// spoken now.
pub fn named(thing: &impl Translated) -> &str {
    thing.name_in(spoken().code())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locale_names_give_their_language() {
        assert_eq!(Language::of_locale("ru_RU.UTF-8"), Some(Language::Russian));
        assert_eq!(Language::of_locale("ru-RU"), Some(Language::Russian));
        assert_eq!(Language::of_locale("RU"), Some(Language::Russian));
        assert_eq!(Language::of_locale("en_GB.utf8"), Some(Language::English));
        assert_eq!(Language::of_locale("C"), None);
        assert_eq!(Language::of_locale("de_DE"), None);
    }

    #[test]
    fn the_first_locale_variable_set_decides_then_the_platform() {
        let vars = |set: &'static [(&'static str, &'static str)]| {
            move |name: &str| {
                set.iter()
                    .find(|(n, _)| *n == name)
                    .map(|(_, v)| v.to_string())
            }
        };
        let russian = Some("ru_RU".to_owned());
        assert_eq!(
            Language::of_environment(vars(&[("LANG", "ru_RU.UTF-8")]), None),
            Language::Russian
        );
        // LC_ALL over LC_MESSAGES over LANG; an empty one does not count.
        assert_eq!(
            Language::of_environment(
                vars(&[
                    ("LC_ALL", "en_US"),
                    ("LC_MESSAGES", "ru_RU"),
                    ("LANG", "ru")
                ]),
                None
            ),
            Language::English
        );
        assert_eq!(
            Language::of_environment(
                vars(&[("LC_ALL", ""), ("LC_MESSAGES", "ru_RU"), ("LANG", "en")]),
                None
            ),
            Language::Russian
        );
        assert_eq!(
            Language::of_environment(vars(&[]), russian.clone()),
            Language::Russian
        );
        // A language the game does not speak is English, not the platform's.
        assert_eq!(
            Language::of_environment(vars(&[("LANG", "de_DE")]), russian),
            Language::English
        );
        assert_eq!(Language::of_environment(vars(&[]), None), Language::English);
    }

    #[test]
    fn the_stepper_goes_round() {
        assert_eq!(Language::English.step(1), Language::Russian);
        assert_eq!(Language::Russian.step(1), Language::English);
        assert_eq!(Language::English.step(-1), Language::Russian);
    }
}
