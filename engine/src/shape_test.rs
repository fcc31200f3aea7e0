//! Tests that read the sources for the shape issue 21 gave the code: files short enough
//! to read, and `play/` branching on the mode in one place only.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The longest a source file may be, lines, before its test module.
const MAX_LINES: usize = 700;

/// Files that are tests through and through, and the language files of `words/` (a
/// sentence per function, as long as the game has sentences).
fn exempt(relative: &str) -> bool {
    relative.ends_with("tests.rs")
        || relative.ends_with("_test.rs")
        || relative == "test_support.rs"
        || (relative.starts_with("words/") && relative != "words/mod.rs")
}

/// Every source file under `src/`, with its path relative to it (`/`-separated).
pub(crate) fn source_files() -> Vec<(String, String)> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).expect("the source folder") {
            let path = entry.expect("a source entry").path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut paths = Vec::new();
    walk(&src, &mut paths);
    paths.sort();
    paths
        .into_iter()
        .map(|path| {
            let relative = path.strip_prefix(&src).expect("under src");
            let relative = relative.to_string_lossy().replace('\\', "/");
            let code = std::fs::read_to_string(&path).expect("a readable source file");
            (relative, code)
        })
        .collect()
}

/// A file's code before its test module (`#[cfg(test)]` at the start of a line, then a
/// `mod`).
pub(crate) fn before_tests(code: &str) -> Vec<&str> {
    let lines: Vec<&str> = code.lines().collect();
    let end = lines
        .windows(2)
        .position(|w| w[0] == "#[cfg(test)]" && w[1].contains("mod "))
        .unwrap_or(lines.len());
    lines[..end].to_vec()
}

/// The files over `max` lines before their tests.
fn too_long(files: &[(String, String)], max: usize) -> Vec<String> {
    files
        .iter()
        .filter(|(path, _)| !exempt(path))
        .map(|(path, code)| (path, before_tests(code).len()))
        .filter(|&(_, n)| n > max)
        .map(|(path, n)| format!("{path}: {n} lines"))
        .collect()
}

#[test]
fn no_source_file_is_longer_than_700_lines_before_its_tests() {
    let long = too_long(&source_files(), MAX_LINES);
    assert!(long.is_empty(), "longer than {MAX_LINES} lines: {long:?}");
}

#[test]
fn the_line_count_stops_at_the_test_module_and_sees_a_long_file() {
    let code = "fn a() {}\n".repeat(5) + "#[cfg(test)]\nmod tests {\n" + &"\n".repeat(50);
    let files = vec![
        ("x.rs".to_owned(), code),
        ("play/tests.rs".into(), "\n".repeat(50)),
    ];
    assert!(too_long(&files, 5).is_empty());
    assert_eq!(too_long(&files, 4), ["x.rs: 5 lines"]);
}

/// The lines of `play/` outside its tests that name a [`crate::play::Mode`], other
/// than where the mode is defined (`settings.rs`) and where `Play::new` dispatches on it.
fn mode_branches(files: &[(String, String)]) -> Vec<String> {
    let mut found = Vec::new();
    for (path, code) in files {
        if !path.starts_with("play/") || exempt(path) || path == "play/settings.rs" {
            continue;
        }
        let mut in_dispatch = false;
        for (i, line) in before_tests(code).iter().enumerate() {
            if line.starts_with("    pub fn new(") && path == "play/mod.rs" {
                in_dispatch = true;
            } else if *line == "    }" {
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
    let found = mode_branches(&source_files());
    assert!(found.is_empty(), "Mode:: outside Play::new: {found:?}");
    let branching = "    fn begin(&mut self) {\n        if self.mode == Mode::Practice {}\n    }\n";
    let files = vec![("play/practice.rs".to_owned(), branching.to_owned())];
    assert_eq!(mode_branches(&files).len(), 1, "the test sees a branch");
}

/// The modules below the shell, and the command line: the pure layers, whose errors
/// are types.
const MODEL: [&str; 14] = [
    "shot", "diagram", "fit", "math", "random", "config", "table", "physics", "rules", "computer",
    "play", "words", "sound", "cli",
];

/// The lines of the model's files outside their tests whose error is text: a
/// `Result<_, String>`, `&str`, `Cow` or `Box<dyn Error>`, or a notice carrying a
/// `String`.
fn text_errors(files: &[(String, String)]) -> Vec<String> {
    let mut found = Vec::new();
    for (path, code) in files {
        let module = path.split(['/', '.']).next().unwrap_or_default();
        if !MODEL.contains(&module) || exempt(path) {
            continue;
        }
        let code = before_tests(code).join("\n");
        // A `Result<` through its closing `>`, on however many lines.
        for (at, _) in code.match_indices("Result<") {
            let mut depth = 0;
            let end = code[at..]
                .char_indices()
                .find_map(|(i, c)| {
                    match c {
                        '<' => depth += 1,
                        '>' => depth -= 1,
                        _ => {}
                    }
                    (depth == 0 && c == '>').then_some(at + i)
                })
                .unwrap_or(code.len() - 1);
            let result: String = code[at..=end].split_whitespace().collect();
            let error = result.rsplit(',').next().unwrap_or_default();
            let text = ["String>", "str>", "Cow<", "Box<dyn"];
            if text.iter().any(|t| error.contains(t)) {
                let line = code[..at].lines().count();
                found.push(format!("{path}:{line}: {result}"));
            }
        }
        if let Some(start) = code.find("pub enum Notice {") {
            let body = &code[start..start + code[start..].find("\n}").unwrap_or(0)];
            if body.contains("String") {
                found.push(format!("{path}: Notice carries a String"));
            }
        }
    }
    found
}

#[test]
fn the_model_returns_typed_errors_not_text() {
    let found = text_errors(&source_files());
    assert!(found.is_empty(), "errors as text: {found:#?}");
    let texty = "pub fn read(\n    path: &Path,\n) -> Result<Option<Vec<u8>>, String> {}\n\
                 fn b() -> Result<(), &'static str> {}\nfn c() -> Result<u8, Error> {}\n";
    let files = vec![("play/x.rs".to_owned(), texty.to_owned())];
    assert_eq!(text_errors(&files).len(), 2, "{:?}", text_errors(&files));
}

/// The shell: what a player sees and hears, whose sentences come from `words`.
const SHELL: [&str; 6] = ["ui", "cue", "view", "game", "input", "window.rs"];

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
        "game/preferences.rs",
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

/// The sentences each shell file writes outside its tests and [`NOT_WORDS`].
fn shell_sentences(files: &[(String, String)]) -> BTreeMap<String, usize> {
    let mut found = BTreeMap::new();
    for (path, code) in files {
        let top = path.split('/').next().unwrap_or_default();
        if !SHELL.contains(&top) || exempt(path) {
            continue;
        }
        let code: Vec<&str> = before_tests(code)
            .into_iter()
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

/// Each string literal of `code` with the code before it.
fn literals_with_context(code: &str) -> Vec<(&str, String)> {
    let mut found = Vec::new();
    let mut chars = code.char_indices();
    while let Some((at, c)) = chars.next() {
        // A char literal such as '"' is not the start of a string.
        if c == '\'' {
            let rest = &code[at..];
            if rest.starts_with("'\"'") {
                chars.nth(1);
            }
            continue;
        }
        if c != '"' {
            continue;
        }
        let mut literal = String::new();
        while let Some((_, c)) = chars.next() {
            match c {
                '\\' => {
                    literal.push(c);
                    literal.extend(chars.next().map(|(_, c)| c));
                }
                '"' => break,
                _ => literal.push(c),
            }
        }
        found.push((&code[..at], literal));
    }
    found
}

#[test]
fn the_shell_takes_its_sentences_from_words() {
    let found = shell_sentences(&source_files());
    assert!(
        found.is_empty(),
        "sentences written in the shell, not in words: {found:?}"
    );
    let texty = "fn a() {\n    label(\"Aim at the \\\"red\\\"\", 14.0);\n    warn!(\"a b\");\n    \
                 let p = \"config/games.ron\";\n    x(\"Help\");\n    Name::new(\n\"Lamp rod\");\n}\n";
    let files = vec![("ui/x.rs".to_owned(), texty.to_owned())];
    assert_eq!(shell_sentences(&files).get("ui/x.rs"), Some(&2));
}
