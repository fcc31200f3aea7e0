//! One config file as read: its name in messages and its text, so that a check that
//! spans fields can point at the field it is about (`file:line:column`).

use super::ConfigError;
use std::path::Path;

/// The most a file the game reads may hold, bytes: far above anything it writes (a saved
/// match of a long game is under a megabyte), low enough that a stray file is refused
/// before it is read into memory.
pub const MAX_FILE_BYTES: u64 = 16 * 1024 * 1024;

/// Why a file's text could not be had.
#[derive(Debug)]
pub enum TextError {
    Io(std::io::Error),
    /// It holds more than `MAX_FILE_BYTES` (it was not read).
    TooLarge {
        bytes: u64,
    },
}

/// The text of the file at `path`, refused unread when it is larger than
/// `MAX_FILE_BYTES`; bytes that are not UTF-8 are an `InvalidData` error.
pub fn read_text(path: &Path) -> Result<String, TextError> {
    let bytes = std::fs::metadata(path).map_err(TextError::Io)?.len();
    if bytes > MAX_FILE_BYTES {
        return Err(TextError::TooLarge { bytes });
    }
    std::fs::read_to_string(path).map_err(TextError::Io)
}

/// A config file's name (its path, or `<built-in NAME>`) and text.
#[derive(Clone, Debug, PartialEq)]
pub struct Source {
    pub name: String,
    pub text: String,
}

impl Source {
    /// An error at the place `path` leads to: each step is a field name (found as
    /// `name:`) or a quoted string (found as written, `"four_ball"`), searched in order
    /// after the previous one, comments skipped. Where the path cannot be followed, the
    /// error is about the whole file.
    pub fn error_at(&self, path: &[&str], message: impl Into<String>) -> ConfigError {
        match self.locate(path) {
            Some((line, column)) => ConfigError::at(&self.name, line, column, message),
            None => ConfigError::whole_file(&self.name, message),
        }
    }

    fn locate(&self, path: &[&str]) -> Option<(usize, usize)> {
        let code = without_comments(&self.text);
        let mut at = 0;
        let mut found = None;
        for step in path {
            let offset = if step.starts_with('"') {
                code[at..].find(step)?
            } else {
                field(&code[at..], step)?
            };
            found = Some(at + offset);
            at += offset + step.len();
        }
        let offset = found?;
        let before = &self.text[..offset];
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        Some((line, column))
    }
}

/// The text with each `// ...` comment blanked out, byte for byte (so offsets hold).
fn without_comments(text: &str) -> String {
    text.lines()
        .map(|line| match line.find("//") {
            Some(i) => format!("{}{}", &line[..i], " ".repeat(line.len() - i)),
            None => line.to_owned(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Where `name:` starts as a whole word in `code`.
fn field(code: &str, name: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(i) = code[from..].find(name) {
        let start = from + i;
        let end = start + name.len();
        let word_before = code[..start]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_alphanumeric() || c == '_');
        let colon_after = code[end..].trim_start().starts_with(':');
        if !word_before && colon_after {
            return Some(start);
        }
        from = end;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_leads_to_its_field_past_comments_and_other_fields() {
        let source = Source {
            name: "games.ron".into(),
            text: "// setup: not here\n(\n    games: {\n        \"a\": (setup: 1),\n        \"b\": (target: 2, setup: 3),\n    },\n)".into(),
        };
        let err = source.error_at(&["games", "\"b\"", "setup"], "wrong");
        assert_eq!(err.to_string(), "games.ron:5:26: wrong");
        let lost = source.error_at(&["games", "\"c\""], "wrong");
        assert_eq!(lost.to_string(), "games.ron: wrong");
    }
}
