//! The layers of `lib.rs`, checked on the source: the pure layers name no Bevy type,
//! the referee and the simulation do not use each other, and no module uses one that
//! uses it back.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The top-level modules that must run without Bevy.
const PURE: [&str; 13] = [
    "shot",
    "math",
    "random",
    "config",
    "table",
    "physics",
    "rules",
    "computer",
    "play",
    "words",
    "sound",
    "cli",
    "test_support",
];

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("the source folder") {
        let path = entry.expect("a source entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Each source file's top-level module (`physics` for `src/physics/sim/mod.rs`) and its
/// code without comments.
fn sources() -> Vec<(String, String)> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files
        .into_iter()
        .map(|path| {
            let relative = path.strip_prefix(&src).expect("under src");
            let first = relative.components().next().expect("a path");
            let module = first
                .as_os_str()
                .to_string_lossy()
                .trim_end_matches(".rs")
                .to_owned();
            let code: String = std::fs::read_to_string(&path)
                .expect("a readable source file")
                .lines()
                .filter(|l| !l.trim_start().starts_with("//"))
                .collect::<Vec<_>>()
                .join("\n");
            (module, code)
        })
        .collect()
}

/// The modules a piece of code names as `crate::module`.
fn uses(code: &str) -> BTreeSet<String> {
    code.split("crate::")
        .skip(1)
        .map(|rest| {
            rest.chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect()
        })
        .collect()
}

#[test]
fn the_pure_layers_name_no_bevy_type() {
    for (module, code) in sources() {
        if !PURE.contains(&module.as_str()) {
            continue;
        }
        // rapier comes in through bevy_rapier3d's re-export (DESIGN.md), no Bevy type.
        let bevy = code.replace("bevy_rapier3d::rapier", "");
        assert!(
            !bevy.contains("bevy"),
            "{module} names Bevy: {}",
            bevy.lines()
                .find(|l| l.contains("bevy"))
                .unwrap_or_default()
        );
    }
}

#[test]
fn the_referee_and_the_simulation_do_not_use_each_other() {
    for (module, code) in sources() {
        let used = uses(&code);
        match module.as_str() {
            "rules" => assert!(!used.contains("physics"), "rules uses physics"),
            "physics" => assert!(!used.contains("rules"), "physics uses rules"),
            _ => {}
        }
    }
}

#[test]
fn no_module_uses_one_that_uses_it_back() {
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (module, code) in sources() {
        let used = uses(&code);
        let entry = graph.entry(module.clone()).or_default();
        entry.extend(used.into_iter().filter(|u| *u != module));
    }
    let reaches = |from: &str, to: &str| {
        let mut seen = BTreeSet::new();
        let mut stack = vec![from.to_owned()];
        while let Some(m) = stack.pop() {
            for next in graph.get(&m).into_iter().flatten() {
                if next == to {
                    return true;
                }
                if seen.insert(next.clone()) {
                    stack.push(next.clone());
                }
            }
        }
        false
    };
    for (module, used) in &graph {
        for other in used {
            assert!(
                !reaches(other, module),
                "{module} uses {other}, which uses {module} back"
            );
        }
    }
}
