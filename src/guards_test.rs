//! The checks the game runs on its own sources (`carom-guards`), each over every file
//! whole but for its test code: the shell's layers (no file uses one that uses it back,
//! no arrow up: `session`, `input`, `cue`, `view`, `ui`, then the window), files short
//! enough to read, no sentence a player reads written outside `words`, and no file work
//! of its own (the engine's `play` owns the player's files). The engine
//! below is another crate, checked by its own.

use carom_guards::{Source, layers, literals_with_context, outside_tests, too_long};
use std::collections::BTreeMap;
use std::path::Path;

/// The game's files, their tests left out.
fn sources() -> Vec<Source> {
    carom_guards::sources(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"))
}

/// The shell's top-level modules from the bottom up (the engine's, re-exported by
/// `lib.rs`, are another crate's: below them all).
const LAYERS: [&[&str]; 6] = [
    &["session"],
    &["input"],
    &["cue", "table_commands"],
    &["view"],
    &["ui"],
    &["window", "lib"],
];

#[test]
fn no_file_of_the_shell_uses_one_that_uses_it_back_and_no_arrow_points_up() {
    let (found, files, uses) = layers::problems(&sources(), &LAYERS);
    println!("{files} files, {uses} uses between them");
    assert!(files > 50, "{files} files read");
    assert_eq!(found, Vec::<String>::new());
}

/// The places in `sources` that touch the file system or build a path in the player's
/// data folder: the engine's `play` owns the player's files (where they are, reading
/// and writing them); the shell only asks it. The screenshot is the one file the shell
/// writes itself.
fn own_file_work(sources: &[Source]) -> Vec<String> {
    let mut found = Vec::new();
    for Source { path, code } in sources {
        if path == "view/screenshot.rs" {
            continue;
        }
        for (n, line) in code.lines().enumerate() {
            let code_part = line.split("//").next().unwrap_or_default();
            if ["std::fs", "fs::", ".data.join(", "File::create"]
                .iter()
                .any(|pattern| code_part.contains(pattern))
            {
                found.push(format!("{path}:{}: {}", n + 1, line.trim()));
            }
        }
    }
    found
}

#[test]
fn no_shell_module_touches_the_files_itself_but_the_screenshot() {
    let found = own_file_work(&sources());
    assert!(found.is_empty(), "file work in the shell: {found:#?}");
    let planted = "#[cfg(test)]\nmod tests;\nfn f(files: &UserFiles) {\n    \
                   std::fs::write(files.data.join(\"x.ron\"), \"\");\n}\n";
    let files = outside_tests(&[("ui/x.rs".to_owned(), planted.to_owned())]);
    assert_eq!(own_file_work(&files).len(), 1);
}

#[test]
fn no_source_file_is_longer_than_700_lines_outside_its_tests() {
    let long = too_long(&sources(), 700, |_| false);
    assert!(long.is_empty(), "longer than 700 lines: {long:?}");
}

/// Whether a string literal reads as words: two letters or more and a space, or one
/// capitalised word.
fn is_sentence(literal: &str) -> bool {
    let letters = literal.chars().filter(|c| c.is_alphabetic()).count();
    let capitalised_word = literal.chars().next().is_some_and(char::is_uppercase)
        && literal.chars().skip(1).all(char::is_lowercase)
        && literal.len() > 1;
    letters >= 2 && (literal.contains(' ') || capitalised_word)
}

/// Literals of the shell that are not words a player reads: config vocabulary, and the
/// measurements `--frame-rate` and `--screenshot` print for developers.
const NOT_WORDS: &[(&str, &str)] = &[
    ("input/mod.rs", "Left"),
    ("input/mod.rs", "Right"),
    ("input/mod.rs", "Middle"),
    ("ui/frame_rate.rs", "the balls rolled"),
    ("ui/frame_rate.rs", "{fps:.1} fps"),
    ("window.rs", "the game stopped with error {}"),
    // The renderer's kind as wgpu names it.
    ("ui/settings.rs", "Cpu"),
    // A computer's name numbered by its seat where two have the same level: "Perfect 2".
    ("ui/menu/choices.rs", "{base} {}"),
    // The lamp's parts are found by their entity names.
    ("view/room.rs", "Lamp"),
    (
        "session/preferences.rs",
        "`graphics.msaa_samples` is {n}; allowed: 1 (off) or 4",
    ),
];

/// What comes right before a literal that is for developers: a log line, a panic, an
/// entity's name, an attribute, a range's unit in a config error.
fn for_developers(before: &str) -> bool {
    let before = before.trim_end();
    let call = [
        "info!(",
        "warn!(",
        "error!(",
        "debug!(",
        "trace!(",
        "panic!(",
        "unreachable!(",
        ".expect(",
        "println!(",
        "eprintln!(",
        // Entity and GPU resource names, the window's title.
        "Name::new(",
        "Name::new(format!(",
        "piece(",
        "piece(format!(",
        "part(",
        "label: Some(",
        "title:",
        "overlay(",
    ];
    let line = before.rsplit('\n').next().unwrap_or_default();
    call.iter().any(|c| before.ends_with(c))
        || line.trim_start().starts_with("#[")
        || line.contains("..=")
}

/// The sentences each file of the shell writes outside its tests and [`NOT_WORDS`].
fn shell_sentences(sources: &[Source]) -> BTreeMap<String, usize> {
    let mut found = BTreeMap::new();
    // The binary's `main.rs` is the command line's: its parser's messages are clap's.
    for Source { path, code } in sources.iter().filter(|s| s.path != "main.rs") {
        let code: Vec<&str> = code
            .lines()
            .filter(|l| !l.trim_start().starts_with("//"))
            .collect();
        let code = code.join("\n");
        let n = literals_with_context(&code)
            .into_iter()
            .filter(|(before, literal)| {
                is_sentence(literal)
                    && !for_developers(before)
                    && !NOT_WORDS.contains(&(path.as_str(), literal.as_str()))
            })
            .count();
        if n > 0 {
            found.insert(path.clone(), n);
        }
    }
    found
}

#[test]
fn the_shell_takes_its_sentences_from_words() {
    let found = shell_sentences(&sources());
    assert!(
        found.is_empty(),
        "sentences written in the shell, not in words: {found:?}"
    );
    let texty = "fn a() {\n    label(\"Aim at the \\\"red\\\"\", 14.0);\n    warn!(\"a b\");\n    \
                 let p = \"config/games.ron\";\n    x(\"Help\");\n    Name::new(\n\"Lamp rod\");\n}\n";
    let files = outside_tests(&[(
        "ui/x.rs".to_owned(),
        format!("#[cfg(test)]\nmod tests;\n{texty}"),
    )]);
    assert_eq!(shell_sentences(&files).get("ui/x.rs"), Some(&2));
}
