//! The guards see what they guard: each finds a violation planted where the old reading
//! stopped (after a `#[cfg(test)] mod tests;` line), and skips only test code.

use super::*;

fn file(path: &str, code: &str) -> (String, String) {
    (path.to_owned(), code.to_owned())
}

/// A module root that declares its tests out of line near its top, as
/// `diamond_systems/mod.rs` does, then goes on for `lines` lines of code.
fn declared_tests_first(lines: usize, more: &str) -> String {
    format!(
        "//! A module.\n\n#[cfg(test)]\nmod tests;\n\npub mod a;\n{}{more}",
        "pub fn f() {}\n".repeat(lines)
    )
}

#[test]
fn a_declared_test_file_is_left_out_and_the_file_that_declares_it_is_read_whole() {
    let files = vec![
        file("systems/mod.rs", &declared_tests_first(800, "")),
        file("systems/tests.rs", &"fn t() {}\n".repeat(900)),
        file("systems/a.rs", "pub fn g() {}\n"),
        file(
            "physics/mod.rs",
            "#[cfg(test)]\npub(crate) mod reference_tests;\npub mod sim;\n",
        ),
        file("physics/reference_tests/mod.rs", "fn t() {}\n"),
        file("physics/reference_tests/more.rs", "fn t() {}\n"),
        file("physics/sim.rs", "pub fn step() {}\n"),
    ];
    let read: Vec<String> = outside_tests(&files).into_iter().map(|s| s.path).collect();
    assert_eq!(
        read,
        [
            "systems/mod.rs",
            "systems/a.rs",
            "physics/mod.rs",
            "physics/sim.rs"
        ]
    );
    // The line count sees the whole long file (the old one stopped at line 3).
    let long = too_long(&outside_tests(&files), 700, |_| false);
    assert_eq!(long, ["systems/mod.rs: 804 lines"]);
}

#[test]
fn only_the_body_of_an_inline_test_module_is_left_out() {
    let code = "fn a() {}\n#[cfg(test)]\nmod tests {\n    const BRACES: &str = \"{{ } {\";\n    \
                const C: char = '}';\n    // a } in a comment\n    fn t() { let r = r#\"}\"#; }\n}\n\
                fn b() {}\n#[cfg(test)]\nfn helper() {}\n";
    assert_eq!(
        without_test_modules(code),
        "fn a() {}\nfn b() {}\n#[cfg(test)]\nfn helper() {}\n"
    );
}

#[test]
fn a_text_error_after_a_test_declaration_is_found() {
    let code = declared_tests_first(2, "pub fn read() -> Result<u8, String> { Ok(1) }\n");
    let sources = outside_tests(&[file("play/mod.rs", &code)]);
    assert_eq!(text_errors(&sources, |_| true).len(), 1, "{sources:?}");
    let texty = "pub fn read(\n    path: &Path,\n) -> Result<Option<Vec<u8>>, String> {}\n\
                 fn b() -> Result<(), &'static str> {}\nfn c() -> Result<u8, Error> {}\n";
    let sources = outside_tests(&[file("play/x.rs", texty)]);
    assert_eq!(text_errors(&sources, |_| true).len(), 2);
}

#[test]
fn an_arrow_up_after_a_test_declaration_is_found() {
    let low = declared_tests_first(1, "use crate::high::Thing;\n");
    let files = vec![
        file("lib.rs", "pub mod low;\npub mod high;\n"),
        file("low/mod.rs", &low),
        file("low/a.rs", ""),
        file("high.rs", "pub struct Thing;\n"),
    ];
    let (found, files_read, _) =
        layers::problems(&outside_tests(&files), &[&["low"], &["high"], &["lib"]]);
    assert_eq!(files_read, 4);
    assert_eq!(found, ["low uses high, a layer up"]);
}

#[test]
fn literals_are_read_with_what_comes_before_them() {
    let found = literals_with_context("label(\"Aim at the \\\"red\\\"\"); let c = '\"'; x(\"b\")");
    let literals: Vec<&str> = found.iter().map(|(_, l)| l.as_str()).collect();
    assert_eq!(literals, ["Aim at the \\\"red\\\"", "b"]);
    assert!(found[0].0.ends_with("label("));
}
