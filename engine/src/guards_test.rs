//! The checks the engine runs on its own sources (`carom-guards`), each over every file
//! whole but for its test code: the layers of `lib.rs` (no file uses one that uses it
//! back, no arrow up the order drawn in `docs/architecture.md`), the referee and the
//! simulation apart, files short enough to read, `play/` branching on the mode in one
//! place, errors as types and their sentences in `words` only. That no Bevy is named is
//! the engine's dependencies' to say: it has none.

use carom_guards::{Source, layers, outside_tests, text_errors, too_long};
use std::path::Path;

/// The engine's files, their tests left out.
fn sources() -> Vec<Source> {
    carom_guards::sources(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"))
}

/// The top-level modules from the bottom up: a file may use files of its own layer and
/// of those below. `lib` is the crate's root (its declarations).
const LAYERS: [&[&str]; 11] = [
    &["shot", "math", "random", "test_support"],
    &["config"],
    &["table"],
    &["physics", "rules"],
    &["diagram", "diamond_systems", "fit"],
    &["play"],
    &["computer"],
    &["online"],
    &["sound", "words"],
    &["cli"],
    &["lib"],
];

#[test]
fn no_file_uses_one_that_uses_it_back_and_no_arrow_points_up() {
    let (found, files, uses) = layers::problems(&sources(), &LAYERS);
    println!("{files} files, {uses} uses between them");
    assert!(files > 100, "{files} files read");
    assert_eq!(found, Vec::<String>::new());
}

#[test]
fn the_referee_and_the_simulation_do_not_use_each_other() {
    for Source { path, code } in sources() {
        let uses = |module: &str| code.contains(&format!("crate::{module}"));
        if path.starts_with("rules") {
            assert!(!uses("physics"), "{path} uses physics");
        }
        if path.starts_with("physics") {
            assert!(!uses("rules"), "{path} uses rules");
        }
    }
}

/// The longest a source file may be, lines, its tests left out.
const MAX_LINES: usize = 700;

#[test]
fn no_source_file_is_longer_than_700_lines_outside_its_tests() {
    let long = too_long(&sources(), MAX_LINES, |_| false);
    assert!(long.is_empty(), "longer than {MAX_LINES} lines: {long:?}");
}

/// The lines of `play/` outside its tests that name a [`crate::play::Mode`], other
/// than where the mode is defined (`settings.rs`), where `Play::new` dispatches on it
/// and where `Play::mode` names each controller's.
fn mode_branches(sources: &[Source]) -> Vec<String> {
    let mut found = Vec::new();
    for Source { path, code } in sources {
        if !path.starts_with("play/") || path == "play/settings.rs" {
            continue;
        }
        let mut in_dispatch = false;
        for (i, line) in code.lines().enumerate() {
            let dispatch =
                line.starts_with("    pub fn new(") || line.starts_with("    pub fn mode(");
            if dispatch && path == "play/mod.rs" {
                in_dispatch = true;
            } else if line == "    }" {
                in_dispatch = false;
            }
            if line.contains("Mode::") && !in_dispatch {
                found.push(format!("{path}:{}: {}", i + 1, line.trim()));
            }
        }
    }
    found
}

#[test]
fn play_branches_on_the_mode_only_where_it_makes_the_mode_controller() {
    let found = mode_branches(&sources());
    assert!(found.is_empty(), "Mode:: outside Play::new: {found:?}");
    let branching = "#[cfg(test)]\nmod tests;\n\n    fn begin(&mut self) {\n        \
                     if self.mode == Mode::Practice {}\n    }\n";
    let files = outside_tests(&[("play/practice.rs".to_owned(), branching.to_owned())]);
    assert_eq!(mode_branches(&files).len(), 1, "the test sees a branch");
}

#[test]
fn the_model_returns_typed_errors_not_text() {
    // Every file of the engine: the model and its command line.
    let found = text_errors(&sources(), |path| path != "test_support.rs");
    assert!(found.is_empty(), "errors as text: {found:#?}");
}

/// The files below `words` that may display a value of theirs: a config error is a
/// place (`FILE:LINE:COLUMN:`) around its parser's own message, and a ball's `Display`
/// is the name the files give it.
const DISPLAYED_BELOW_WORDS: [&str; 2] = ["config/error.rs", "shot/ball.rs"];

/// Every error's sentence is written in `words`, once a language (`words/display.rs`
/// displays each error as its English words): no layer below writes one of its own.
fn sentences_below_words(sources: &[Source]) -> Vec<String> {
    sources
        .iter()
        .filter(|s| {
            !["words", "cli", "lib.rs"]
                .iter()
                .any(|top| s.path.starts_with(top))
        })
        .filter(|s| !DISPLAYED_BELOW_WORDS.contains(&s.path.as_str()))
        .filter(|s| s.code.contains("fmt::Display for"))
        .map(|s| s.path.clone())
        .collect()
}

#[test]
fn no_layer_below_words_words_its_errors() {
    let found = sentences_below_words(&sources());
    assert!(found.is_empty(), "sentences below words: {found:?}");
    let mut planted = sources();
    let setup = planted
        .iter_mut()
        .find(|s| s.path == "rules/setup.rs")
        .expect("rules/setup.rs is read");
    setup.code += "\nimpl fmt::Display for SetupError {}\n";
    assert_eq!(sentences_below_words(&planted), ["rules/setup.rs"]);
}
