//! Checks a crate runs on its own sources in its tests: what no compiler checks. Each
//! reads a crate's files whole, leaving out only its test code: the body of an inline
//! `#[cfg(test)] mod x { ... }`, and the files such a declaration brings in
//! (`#[cfg(test)] mod tests;` is a file of tests, not the end of the file that names it).
//!
//! - [`layers`]: no file uses one that uses it back, and no arrow points up a declared
//!   order of layers.
//! - [`too_long`]: files longer than a limit, their tests left out.
//! - [`text_errors`]: errors returned as text where a type is owed.
//! - [`literals_with_context`]: the string literals of code, for checking where a
//!   sentence a player reads is written.

pub mod layers;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// One source file of a crate: its path under `src/` (`/`-separated, `physics/mod.rs`)
/// and its code outside its tests.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Source {
    pub path: String,
    pub code: String,
}

/// Every source file under `src`, test files left out (those a `#[cfg(test)] mod x;`
/// declares, and theirs below), the others with their inline test modules taken out.
pub fn sources(src: &Path) -> Vec<Source> {
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
    let mut paths = Vec::new();
    walk(src, &mut paths);
    paths.sort();
    let files: Vec<(String, String)> = paths
        .into_iter()
        .map(|path| {
            let relative = path.strip_prefix(src).expect("under src");
            let relative = relative.to_string_lossy().replace('\\', "/");
            let code = std::fs::read_to_string(&path).expect("a readable source file");
            (relative, code)
        })
        .collect();
    outside_tests(&files)
}

/// `files` (path, whole code) without their test code: the files a `#[cfg(test)] mod x;`
/// declares (and the files below them), and every inline `#[cfg(test)] mod x { ... }`.
pub fn outside_tests(files: &[(String, String)]) -> Vec<Source> {
    let mut test_files = BTreeSet::new();
    for (path, code) in files {
        for module in test_modules_declared(code) {
            test_files.extend(module_files(path, &module));
        }
    }
    // A test module's own folder holds its modules, tests too.
    let test_folders: Vec<String> = test_files
        .iter()
        .map(|t| format!("{}/", t.trim_end_matches("/mod.rs").trim_end_matches(".rs")))
        .collect();
    let is_test = |path: &str| {
        test_files.contains(path) || test_folders.iter().any(|f| path.starts_with(f.as_str()))
    };
    files
        .iter()
        .filter(|(path, _)| !is_test(path))
        .map(|(path, code)| Source {
            path: path.clone(),
            code: without_test_modules(code),
        })
        .collect()
}

/// The names of the modules `code` declares out of line under `#[cfg(test)]`.
fn test_modules_declared(code: &str) -> Vec<String> {
    let lines: Vec<&str> = code.lines().map(str::trim).collect();
    let mut found = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if *line != "#[cfg(test)]" {
            continue;
        }
        let Some(next) = lines[i + 1..].iter().find(|l| !l.starts_with("#[")) else {
            continue;
        };
        if let Some(name) = module_declared(next)
            && next.ends_with(';')
        {
            found.push(name);
        }
    }
    found
}

/// The module a line declares (`mod x;`, `pub(crate) mod x {`), if it declares one.
fn module_declared(line: &str) -> Option<String> {
    let rest = line.split_once("mod ")?;
    let before = rest.0.trim();
    if !(before.is_empty() || before.starts_with("pub")) {
        return None;
    }
    let name: String = rest
        .1
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect();
    (!name.is_empty()).then_some(name)
}

/// The paths a module `name` declared in the file at `path` may have.
fn module_files(path: &str, name: &str) -> Vec<String> {
    let dir = match path.rsplit_once('/') {
        _ if path == "lib.rs" || path == "main.rs" => String::new(),
        Some((dir, "mod.rs")) => format!("{dir}/"),
        Some((dir, file)) => format!("{dir}/{}/", file.trim_end_matches(".rs")),
        None => format!("{}/", path.trim_end_matches(".rs")),
    };
    vec![format!("{dir}{name}.rs"), format!("{dir}{name}/mod.rs")]
}

/// `code` without its inline test modules: each `#[cfg(test)]` that a `mod x {` follows,
/// through the brace that closes it (braces in strings, characters and comments do not
/// count), and each `#[cfg(test)] mod x;` declaration. The other lines stay as they are.
pub fn without_test_modules(code: &str) -> String {
    let lines: Vec<&str> = code.lines().collect();
    let mut kept = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if lines[i].trim() != "#[cfg(test)]" {
            kept.push(lines[i]);
            i += 1;
            continue;
        }
        let declaration = (i + 1..lines.len()).find(|&j| !lines[j].trim().starts_with("#["));
        match declaration.filter(|&j| module_declared(lines[j].trim()).is_some()) {
            Some(j) if lines[j].trim_end().ends_with(';') => i = j + 1,
            Some(j) => i = end_of_block(&lines, j) + 1,
            // Another item under `#[cfg(test)]`: it stays.
            None => {
                kept.push(lines[i]);
                i += 1;
            }
        }
    }
    let mut out = kept.join("\n");
    if code.ends_with('\n') {
        out.push('\n');
    }
    out
}

/// The line on which the block opened on line `start` closes.
fn end_of_block(lines: &[&str], start: usize) -> usize {
    let mut depth = 0i64;
    let mut opened = false;
    let mut scanner = Scanner::default();
    for (n, line) in lines.iter().enumerate().skip(start) {
        for brace in scanner.braces(line) {
            depth += if brace == '{' { 1 } else { -1 };
            opened = true;
        }
        if opened && depth <= 0 {
            return n;
        }
    }
    lines.len() - 1
}

/// Reads code line by line and says which braces are code's: not in a string, a raw
/// string, a character or a comment (a block comment may span lines).
#[derive(Default)]
struct Scanner {
    in_block_comment: bool,
    /// In a string that goes on to the next line: its raw hashes, if raw.
    in_string: Option<Option<usize>>,
}

impl Scanner {
    fn braces(&mut self, line: &str) -> Vec<char> {
        let chars: Vec<char> = line.chars().collect();
        let mut found = Vec::new();
        let mut i = 0;
        while i < chars.len() {
            if self.in_block_comment {
                if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    self.in_block_comment = false;
                    i += 1;
                }
                i += 1;
                continue;
            }
            if let Some(raw) = self.in_string {
                match (chars[i], raw) {
                    ('\\', None) => i += 1,
                    ('"', None) => self.in_string = None,
                    ('"', Some(hashes))
                        if chars[i + 1..]
                            .iter()
                            .take(hashes)
                            .filter(|c| **c == '#')
                            .count()
                            == hashes =>
                    {
                        self.in_string = None;
                        i += hashes;
                    }
                    _ => {}
                }
                i += 1;
                continue;
            }
            match chars[i] {
                '/' if chars.get(i + 1) == Some(&'/') => break,
                '/' if chars.get(i + 1) == Some(&'*') => {
                    self.in_block_comment = true;
                    i += 1;
                }
                '"' => self.in_string = Some(None),
                'r' if matches!(chars.get(i + 1), Some('"' | '#'))
                    && (i == 0 || !(chars[i - 1].is_alphanumeric() || chars[i - 1] == '_')) =>
                {
                    let hashes = chars[i + 1..].iter().take_while(|c| **c == '#').count();
                    if chars.get(i + 1 + hashes) == Some(&'"') {
                        self.in_string = Some(Some(hashes));
                        i += 1 + hashes;
                    }
                }
                // A character ('{', '\'', '\u{7b}'), not a lifetime ('a).
                '\'' => {
                    if chars.get(i + 1) == Some(&'\\') {
                        let close = chars[i + 2..].iter().position(|c| *c == '\'');
                        i += close.map_or(1, |n| n + 2);
                    } else if chars.get(i + 2) == Some(&'\'') {
                        i += 2;
                    }
                }
                '{' | '}' => found.push(chars[i]),
                _ => {}
            }
            i += 1;
        }
        found
    }
}

/// The files of `sources` over `max` lines (their tests left out), but those `exempt`
/// says may be longer.
pub fn too_long(sources: &[Source], max: usize, exempt: impl Fn(&str) -> bool) -> Vec<String> {
    sources
        .iter()
        .filter(|s| !exempt(&s.path))
        .map(|s| (&s.path, s.code.lines().count()))
        .filter(|&(_, n)| n > max)
        .map(|(path, n)| format!("{path}: {n} lines"))
        .collect()
}

/// The places in `sources` (those `checked` names) whose error is text: a
/// `Result<_, String>`, `&str`, `Cow` or `Box<dyn Error>`, or a `Notice` carrying a
/// `String`.
pub fn text_errors(sources: &[Source], checked: impl Fn(&str) -> bool) -> Vec<String> {
    let mut found = Vec::new();
    for Source { path, code } in sources.iter().filter(|s| checked(&s.path)) {
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

/// Each string literal of `code` with the code before it.
pub fn literals_with_context(code: &str) -> Vec<(&str, String)> {
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

#[cfg(test)]
mod tests;
