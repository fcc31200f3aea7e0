//! The game's font: Noto Sans (`assets/fonts/`, under the SIL Open Font License),
//! proportional, with Latin, Cyrillic and the symbols the game writes (°, ±, ², ·, …).
//! It takes the place of Bevy's default font, so no text can miss it.

use bevy::prelude::*;

/// The font, compiled into the game: it runs from any folder.
pub const FONT: &[u8] = include_bytes!("../../assets/fonts/NotoSans-Regular.ttf");

/// Puts the game's font in place of the default one. Bevy registers a font once, the
/// first time text is laid out: this must run when the app is built, before that.
pub(super) fn plugin(app: &mut App) {
    if let Some(mut fonts) = app.world_mut().get_resource_mut::<Assets<Font>>() {
        fonts
            .insert(AssetId::default(), Font::from_bytes(FONT.to_vec()))
            .expect("the default font's place is free to take");
    }
}

#[cfg(test)]
mod tests {
    use super::FONT;
    use skrifa::MetadataProvider;
    use std::collections::BTreeSet;
    use std::path::Path;

    /// Every character inside the string and character literals of a Rust file.
    fn literal_chars(source: &str, into: &mut BTreeSet<char>) {
        let mut chars = source.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                // A comment to its end: its words are not written on a screen.
                '/' if chars.peek() == Some(&'/') => {
                    for c in chars.by_ref() {
                        if c == '\n' {
                            break;
                        }
                    }
                }
                // The character literal '"' does not open a string.
                '\'' => {
                    let mut ahead = chars.clone();
                    if ahead.next() == Some('"') && ahead.next() == Some('\'') {
                        chars.next();
                        chars.next();
                    }
                }
                '"' => {
                    while let Some(c) = chars.next() {
                        match c {
                            '\\' => {
                                chars.next();
                            }
                            '"' => break,
                            c => {
                                into.insert(c);
                            }
                        }
                    }
                }
                _ => {}
            }
        }
    }

    fn files(dir: &Path, ext: &str, into: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                files(&path, ext, into);
            } else if path.extension().is_some_and(|e| e == ext) {
                into.push(path);
            }
        }
    }

    #[test]
    fn every_character_the_game_writes_has_a_glyph_in_its_font() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut written = BTreeSet::new();
        // The game's sources and the engine's, whose words are most of what it writes.
        let mut sources = Vec::new();
        files(&root.join("src"), "rs", &mut sources);
        files(&root.join("engine/src"), "rs", &mut sources);
        for path in &sources {
            literal_chars(&std::fs::read_to_string(path).unwrap(), &mut written);
        }
        // Names and notes of positions and drills, games and levels come from config.
        let mut configs = Vec::new();
        files(&root.join("config"), "ron", &mut configs);
        for path in &configs {
            literal_chars(&std::fs::read_to_string(path).unwrap(), &mut written);
        }
        written.retain(|c| !c.is_control());
        let font = skrifa::FontRef::new(FONT).expect("a font file");
        let charmap = font.charmap();
        let missing: String = written
            .iter()
            .filter(|&&c| charmap.map(c).is_none())
            .collect();
        println!(
            "{} characters written by {} source and {} config files; none missing: {}",
            written.len(),
            sources.len(),
            configs.len(),
            missing.is_empty()
        );
        assert!(missing.is_empty(), "no glyph for: {missing:?}");
        // What the language that comes next writes, and the symbols of the panels.
        for c in "карамболь биток серия ЁЖЩЪЫЭЮЯ ёжщъыэюя ° ± × · … – — ² «»".chars()
        {
            assert!(charmap.map(c).is_some(), "no glyph for {c:?}");
        }
    }
}
