//! The layers of a crate, checked on its source, file by file: every file's `use`s and
//! paths resolved through the re-exports to the file that defines the name (another
//! crate's names resolve to none), no file uses one that uses it back and no arrow
//! points up a declared order of layers.

use crate::Source;
use std::collections::{BTreeMap, BTreeSet};

/// What is wrong with the files of `sources` against `layers` (the top-level modules,
/// from the bottom up; `lib` is the crate's root): an unknown top-level module, an arrow
/// up, a cycle of files. Also the number of files and of uses between them.
pub fn problems(sources: &[Source], layers: &[&[&str]]) -> (Vec<String>, usize, usize) {
    let graph = file_graph(&modules(sources));
    let edges = graph.values().map(BTreeSet::len).sum();
    (problems_of(&graph, layers), graph.len(), edges)
}

/// A file's module path: `["rules", "sheet"]` for `src/rules/sheet.rs`, `[]` for lib.rs.
type Module = Vec<String>;

/// Each file's module and its code without comments; the binary's root (`main.rs`)
/// left out, as nothing can use it.
fn modules(sources: &[Source]) -> BTreeMap<Module, String> {
    let mut out = BTreeMap::new();
    for Source { path, code } in sources {
        let mut module: Module = path
            .trim_end_matches(".rs")
            .split('/')
            .map(str::to_owned)
            .collect();
        if matches!(module.last().map(String::as_str), Some("mod" | "lib")) {
            module.pop();
        }
        if module == ["main"] {
            continue;
        }
        out.insert(module, without_comments(code));
    }
    out
}

fn without_comments(code: &str) -> String {
    code.lines()
        .map(|l| l.find("//").map_or(l, |at| &l[..at]))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The paths of a use tree: `a::{b, c::{d, e as f}}` gives `a::b`, `a::c::d`, `a::c::e`
/// (`self` in braces: the prefix itself; a glob: nothing).
fn expand(tree: &str) -> Vec<Vec<String>> {
    fn paths(s: &[char], at: &mut usize, prefix: &[String], out: &mut Vec<Vec<String>>) {
        let mut path = prefix.to_vec();
        let mut word = String::new();
        while *at < s.len() {
            match s[*at] {
                ':' => {
                    *at += 2;
                    path.push(std::mem::take(&mut word));
                }
                '{' => {
                    *at += 1;
                    while *at < s.len() && s[*at] != '}' {
                        paths(s, at, &path, out);
                        if s.get(*at) == Some(&',') {
                            *at += 1;
                        }
                    }
                    *at += 1;
                    return;
                }
                ',' | '}' => break,
                c => {
                    word.push(c);
                    *at += 1;
                }
            }
        }
        // `e as f`: the item is `e`.
        let item = word.split('@').next().unwrap_or_default();
        match item {
            "" | "*" => {}
            "self" => out.push(path),
            _ => {
                path.push(item.to_owned());
                out.push(path);
            }
        }
    }
    let joined: String = tree
        .split_whitespace()
        .map(|token| if token == "as" { "@" } else { token })
        .collect();
    let chars: Vec<char> = joined.chars().collect();
    let mut out = Vec::new();
    let mut at = 0;
    while at < chars.len() {
        paths(&chars, &mut at, &[], &mut out);
        at += 1;
    }
    out
}

/// The trees of the `use` declarations of `code`: (re-exported, tree).
fn use_trees(code: &str) -> Vec<(bool, String)> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("use ") {
        let before = &rest[..at];
        let starts_a_word = before
            .chars()
            .last()
            .is_none_or(|c| !(c.is_alphanumeric() || c == '_'));
        let Some(end) = rest[at..].find(';') else {
            break;
        };
        if starts_a_word {
            let line = before.rsplit('\n').next().unwrap_or_default().trim();
            let exported = line.starts_with("pub");
            out.push((exported, rest[at + 4..at + end].to_owned()));
        }
        rest = &rest[at + end..];
    }
    out
}

/// The file modules: which file a path written in `module` names, through the
/// re-exports of the modules it passes (None: another crate, std, a local name).
struct Resolver {
    files: BTreeSet<Module>,
    /// Per module, what it re-exports: the name and the path it names.
    exports: BTreeMap<Module, BTreeMap<String, (Module, Vec<String>)>>,
}

impl Resolver {
    fn new(sources: &BTreeMap<Module, String>) -> Resolver {
        let files: BTreeSet<Module> = sources.keys().cloned().collect();
        let mut exports: BTreeMap<Module, BTreeMap<String, (Module, Vec<String>)>> =
            BTreeMap::new();
        for (module, code) in sources {
            for (exported, tree) in use_trees(code) {
                if !exported {
                    continue;
                }
                for path in expand(&tree) {
                    if let Some(name) = path.last() {
                        exports
                            .entry(module.clone())
                            .or_default()
                            .insert(name.clone(), (module.clone(), path.clone()));
                    }
                }
            }
        }
        Resolver { files, exports }
    }

    /// Whether `path`, written in `module`, starts in this crate.
    fn is_local(&self, module: &Module, path: &[String]) -> bool {
        path.first().is_some_and(|first| {
            matches!(first.as_str(), "crate" | "self" | "super")
                || self
                    .files
                    .contains(&[module.clone(), vec![first.clone()]].concat())
        })
    }

    /// The file that defines what `path`, written in `module`, names.
    fn file_of(&self, module: &Module, path: &[String]) -> Option<Module> {
        self.file_of_within(module, path, 0)
    }

    fn file_of_within(&self, module: &Module, path: &[String], depth: usize) -> Option<Module> {
        let (first, rest) = path.split_first()?;
        let (mut at, mut rest) = match first.as_str() {
            "crate" => (Vec::new(), rest),
            "self" => (module.clone(), rest),
            "super" => {
                let mut at = module.clone();
                at.pop();
                let mut rest = rest;
                while rest.first().is_some_and(|s| s == "super") {
                    at.pop();
                    rest = &rest[1..];
                }
                (at, rest)
            }
            child
                if self
                    .files
                    .contains(&[module.clone(), vec![child.to_owned()]].concat()) =>
            {
                (module.clone(), path)
            }
            _ => return None,
        };
        while let Some((segment, more)) = rest.split_first() {
            let child = [at.clone(), vec![segment.clone()]].concat();
            if self.files.contains(&child) {
                at = child;
                rest = more;
                continue;
            }
            // An item of `at`, or one it re-exports from elsewhere.
            if let Some((from, named)) = self.exports.get(&at).and_then(|e| e.get(segment))
                && depth < 8
            {
                return match self.file_of_within(from, named, depth + 1) {
                    // A re-export of another crate's item names no file of this one.
                    None if !self.is_local(from, named) => None,
                    found => found.or(Some(at)),
                };
            }
            break;
        }
        Some(at)
    }
}

/// The files each file uses (its `use`s, re-exports aside, and the paths in its code).
fn file_graph(sources: &BTreeMap<Module, String>) -> BTreeMap<Module, BTreeSet<Module>> {
    let resolver = Resolver::new(sources);
    let mut graph = BTreeMap::new();
    for (module, code) in sources {
        let mut paths = Vec::new();
        for (exported, tree) in use_trees(code) {
            if !exported {
                paths.extend(expand(&tree));
            }
        }
        for start in ["crate::", "super::"] {
            for (at, _) in code.match_indices(start) {
                let in_use = code[..at].rsplit('\n').next().unwrap_or_default();
                if in_use.trim_start().starts_with("pub") && in_use.contains("use ") {
                    continue;
                }
                let path: String = code[at..]
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                    .collect();
                paths.push(
                    path.split("::")
                        .filter(|s| !s.is_empty())
                        .map(str::to_owned)
                        .collect(),
                );
            }
        }
        let used: BTreeSet<Module> = paths
            .iter()
            .filter_map(|p| resolver.file_of(module, p))
            .filter(|target| target != module)
            .collect();
        graph.insert(module.clone(), used);
    }
    graph
}

fn name(module: &Module) -> String {
    if module.is_empty() {
        "lib".into()
    } else {
        module.join("::")
    }
}

/// What is wrong with `graph` against `layers`: an unknown top-level module, an arrow
/// up, a cycle of files.
fn problems_of(graph: &BTreeMap<Module, BTreeSet<Module>>, layers: &[&[&str]]) -> Vec<String> {
    let layer_of = |m: &Module| {
        let top = m.first().map_or("lib", String::as_str);
        layers.iter().position(|l| l.contains(&top))
    };
    let mut found = Vec::new();
    for (module, used) in graph {
        let Some(from) = layer_of(module) else {
            found.push(format!("{} is in no layer", name(module)));
            continue;
        };
        for target in used {
            if layer_of(target).is_some_and(|to| to > from) {
                found.push(format!(
                    "{} uses {}, a layer up",
                    name(module),
                    name(target)
                ));
            }
        }
    }
    // A file that reaches itself again.
    for start in graph.keys() {
        let mut stack: Vec<Vec<&Module>> = vec![vec![start]];
        let mut seen = BTreeSet::new();
        while let Some(trail) = stack.pop() {
            let last = *trail.last().expect("a trail is never empty");
            for next in graph.get(last).into_iter().flatten() {
                if next == start {
                    let cycle: Vec<String> = trail.iter().map(|m| name(m)).collect();
                    found.push(format!(
                        "a cycle: {} -> {}",
                        cycle.join(" -> "),
                        name(start)
                    ));
                } else if seen.insert(next) {
                    let mut longer = trail.clone();
                    longer.push(next);
                    stack.push(longer);
                }
            }
        }
    }
    found.sort();
    found.dedup();
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_layer_check_finds_a_cycle_an_arrow_up_and_an_unknown_module() {
        let source = |pairs: &[(&str, &str)]| -> BTreeMap<Module, String> {
            pairs
                .iter()
                .map(|(m, code)| (m.split("::").map(str::to_owned).collect(), code.to_string()))
                .collect()
        };
        let layers: [&[&str]; 2] = [&["low"], &["high"]];
        // Through a re-export: `low::b` uses `low::a`'s item by its parent's name.
        let cycle = source(&[
            ("low", "pub use a::Thing;"),
            ("low::a", "pub struct Thing; fn f() { super::b::g() }"),
            ("low::b", "use crate::low::Thing; pub fn g() {}"),
        ]);
        assert_eq!(
            problems_of(&file_graph(&cycle), &layers),
            [
                "a cycle: low::a -> low::b -> low::a",
                "a cycle: low::b -> low::a -> low::b"
            ]
        );
        let up = source(&[("low", "use crate::high::{x, y as z};"), ("high", "")]);
        assert_eq!(
            problems_of(&file_graph(&up), &layers),
            ["low uses high, a layer up"]
        );
        // Another crate's module re-exported at the root names no file here: no arrow.
        let reexported = [
            (
                "lib.rs",
                "pub use engine::{play, rules};\npub mod low;\npub mod high;",
            ),
            (
                "low.rs",
                "use crate::play::Play; fn f() { crate::rules::judge() }",
            ),
            ("high.rs", ""),
        ]
        .map(|(path, code)| Source {
            path: path.to_owned(),
            code: code.to_owned(),
        });
        let layers_with_root: [&[&str]; 3] = [&["low"], &["high"], &["lib"]];
        assert_eq!(
            problems(&reexported, &layers_with_root).0,
            Vec::<String>::new()
        );
        let unknown = source(&[("elsewhere", "")]);
        assert_eq!(
            problems_of(&file_graph(&unknown), &layers),
            ["elsewhere is in no layer"]
        );
    }
}
