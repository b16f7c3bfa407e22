//! Every public item of the engine has one path: the module that defines it. A `pub use` may only
//! lift an item out of a private submodule (a facade, such as `consult::prompts`), or name another
//! crate's type; re-exporting from a public module would give one type a second path, which is how
//! `Session` once had three (`record::Session`, `consilium_engine::Session`, and an alias module).
//! The crate root declares modules only.
use std::collections::HashSet;
use std::fs;
use std::path::{Path, PathBuf};

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("engine sources") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The private submodules a file declares (`mod name;`, not `pub mod`).
fn private_modules(text: &str) -> HashSet<String> {
    text.lines()
        .filter_map(|line| line.strip_prefix("mod "))
        .filter_map(|rest| rest.strip_suffix(';'))
        .map(str::to_string)
        .collect()
}

/// The `pub use` statements of a file, each joined onto one line.
fn public_uses(text: &str) -> Vec<String> {
    let mut uses = Vec::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        if let Some(statement) = current.as_mut() {
            statement.push(' ');
            statement.push_str(line.trim());
        } else if line.starts_with("pub use ") {
            current = Some(line.to_string());
        }
        if current.as_ref().is_some_and(|s| s.ends_with(';')) {
            uses.extend(current.take());
        }
    }
    uses
}

/// Why a `pub use` is a second path, if it is one.
fn second_path(
    statement: &str,
    private: &HashSet<String>,
    parent_private: &HashSet<String>,
) -> Option<String> {
    let path = statement
        .trim_start_matches("pub use ")
        .trim_end_matches(';');
    let first = path.split("::").next().unwrap_or_default();
    match first {
        "crate" | "self" => Some("re-exports from inside the crate".into()),
        "super" => {
            let sibling = path.split("::").nth(1).unwrap_or_default();
            (!parent_private.contains(sibling)).then(|| format!("`super::{sibling}` is public"))
        }
        name if private.contains(name) => None,
        // Another crate's item (the engine's vocabulary, e.g. `consilium_prices::Price`).
        name if name.starts_with("consilium_") => None,
        name => Some(format!("`{name}` is a public module")),
    }
}

#[test]
fn every_public_item_has_one_path() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&root, &mut files);
    let mut problems = Vec::new();
    for file in &files {
        let text = fs::read_to_string(file).expect("source");
        let private = private_modules(&text);
        // The parent module's file: `a/b.rs` -> `a/mod.rs` or `a.rs`; `a/b/mod.rs` -> `a/mod.rs`.
        let dir = if file.ends_with("mod.rs") {
            file.parent().and_then(Path::parent)
        } else {
            file.parent()
        };
        let parent_private = dir
            .map(|d| {
                let candidates = [d.join("mod.rs"), d.with_extension("rs"), d.join("lib.rs")];
                candidates
                    .iter()
                    .find_map(|p| fs::read_to_string(p).ok())
                    .map(|t| private_modules(&t))
                    .unwrap_or_default()
            })
            .unwrap_or_default();
        let relative = file
            .strip_prefix(&root)
            .unwrap_or(file)
            .display()
            .to_string();
        for statement in public_uses(&text) {
            if relative == "lib.rs" {
                problems.push(format!(
                    "lib.rs: `{statement}`: the crate root declares modules only"
                ));
            } else if let Some(why) = second_path(&statement, &private, &parent_private) {
                problems.push(format!(
                    "{relative}: `{statement}`: {why}, so this is a second path"
                ));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "items reachable by two paths:\n{}",
        problems.join("\n")
    );
}

#[test]
fn the_check_catches_a_second_path() {
    let private: HashSet<String> = ["minority".to_string()].into();
    assert!(second_path("pub use crate::record::Session;", &private, &HashSet::new()).is_some());
    assert!(second_path("pub use body::review_title;", &private, &HashSet::new()).is_some());
    assert!(second_path(
        "pub use minority::UNATTRIBUTED_AGENT;",
        &private,
        &HashSet::new()
    )
    .is_none());
    assert!(second_path("pub use super::minority::X;", &HashSet::new(), &private).is_none());
    assert!(second_path("pub use super::dissent::X;", &HashSet::new(), &private).is_some());
}
