//! The code's citations resolve inside the repository: the product specification and the
//! toolchain facts the comments cite are `docs/design.md` and `docs/toolchain.md`, never the
//! copies outside it a fresh clone cannot read. Every source file under `src/`, `crates/`,
//! `scripts/`, `tests/` and `public/` (and the root's `index.html`, `Cargo.toml`, `Trunk.toml`,
//! `README.md`, `BENCHMARKS.md`) is read, and the test fails on:
//! - a design or toolchain file named other than as `docs/design.md` or `docs/toolchain.md` (the
//!   specification's own name in capitals, or the file without its folder);
//! - a file of `docs/` that does not exist;
//! - a section cited by its heading in quotes after a comma (the form `docs/design.md, "Views"`,
//!   and more headings joined by ` and `) that is not a heading of that file, word for word;
//! - a trap of `docs/toolchain.md` cited by its number that the file does not list.
//!
//! A citation may wrap across comment lines: each file is read with its lines joined, their
//! comment markers dropped. Native only: it reads the source tree.
#![cfg(not(target_family = "wasm"))]

use std::path::{Path, PathBuf};

/// The folders read, each walked whole but for the folders in `SKIPPED`.
const FOLDERS: &[&str] = &["src", "crates", "scripts", "tests", "public"];
/// The root's own files that cite.
const ROOT_FILES: &[&str] = &[
    "index.html",
    "Cargo.toml",
    "Trunk.toml",
    "README.md",
    "BENCHMARKS.md",
];
/// This file, which names the files to look for them.
const ITSELF: &str = "tests/citations.rs";
/// What counts as a source file.
const EXTENSIONS: &[&str] = &[
    "rs", "ts", "js", "mjs", "sh", "py", "toml", "html", "css", "md",
];
/// Build output, installed packages and recorded data: nothing there cites.
const SKIPPED: &[&str] = &["target", "node_modules", "dist", "fixtures", "test-results"];
/// The files of `docs/` a citation may name, by the name it is cited by.
const DOCS: &[&str] = &["design.md", "toolchain.md", "decisions.md"];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn sources(dir: &Path, found: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if path.is_dir() {
            if !SKIPPED.contains(&name.as_str()) && !name.starts_with('.') {
                sources(&path, found);
            }
        } else if path
            .extension()
            .is_some_and(|e| EXTENSIONS.contains(&e.to_string_lossy().as_ref()))
        {
            found.push(path);
        }
    }
}

/// The headings of a Markdown file, without their `#`s.
fn headings(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| l.starts_with('#'))
        .map(|l| l.trim_start_matches('#').trim().to_string())
        .collect()
}

/// The numbers of the traps a toolchain file lists under its traps' heading ("1. ...").
fn traps(text: &str) -> Vec<String> {
    text.lines()
        .skip_while(|l| !l.starts_with("## Traps"))
        .skip(1)
        .take_while(|l| !l.starts_with("## "))
        .filter_map(|l| l.split_once(". ").map(|(n, _)| n))
        .filter(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
        .map(str::to_string)
        .collect()
}

/// The text with its lines joined by one space, each line's leading comment marker dropped, so a
/// citation wrapped across comment lines reads as one.
fn joined(text: &str) -> String {
    text.lines()
        .map(|line| {
            let line = line.trim_start();
            let line = ["//!", "///", "//", "#", "/*", "*"]
                .iter()
                .find_map(|m| line.strip_prefix(m))
                .unwrap_or(line);
            line.trim()
        })
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The quoted headings cited right after `rest`'s start: `, "A"`, then any ` and "B"`.
fn cited_headings(rest: &str) -> Vec<Result<String, String>> {
    let mut cited = Vec::new();
    let mut rest = match rest.strip_prefix(", \"") {
        Some(r) => r,
        None => return cited,
    };
    loop {
        match rest.find('"') {
            Some(end) if end <= 120 => {
                cited.push(Ok(rest[..end].to_string()));
                rest = &rest[end + 1..];
            }
            _ => {
                let cut: String = rest.chars().take(60).collect();
                cited.push(Err(format!("an unclosed heading: \"{cut}…")));
                return cited;
            }
        }
        match rest.strip_prefix(" and \"") {
            Some(r) => rest = r,
            None => return cited,
        }
    }
}

#[test]
fn citations_resolve_inside_the_repository() {
    let root = root();
    let docs: Vec<(&str, String)> = DOCS
        .iter()
        .filter_map(|name| {
            let text = std::fs::read_to_string(root.join("docs").join(name)).ok()?;
            Some((*name, text))
        })
        .collect();
    assert!(
        docs.iter().any(|(n, _)| *n == "design.md")
            && docs.iter().any(|(n, _)| *n == "toolchain.md"),
        "docs/design.md and docs/toolchain.md must exist"
    );

    let mut files = Vec::new();
    for folder in FOLDERS {
        sources(&root.join(folder), &mut files);
    }
    files.extend(ROOT_FILES.iter().map(|f| root.join(f)));
    files.sort();
    assert!(
        files.len() > 100,
        "too few source files read: {}",
        files.len()
    );

    let mut wrong = Vec::new();
    for path in &files {
        let Ok(text) = std::fs::read_to_string(path) else {
            continue;
        };
        let shown = path
            .strip_prefix(&root)
            .unwrap_or(path)
            .display()
            .to_string();
        if shown == ITSELF {
            continue;
        }

        // Named only as docs/<file>.
        for (number, line) in text.lines().enumerate() {
            let lower = line.to_ascii_lowercase();
            for name in ["design.md", "toolchain.md"] {
                for (at, _) in lower.match_indices(name) {
                    let named = &line[at..at + name.len()];
                    if named != name || !line[..at].ends_with("docs/") {
                        wrong.push(format!(
                            "{shown}:{}: cites `{named}`; cite `docs/{name}`, the copy in the repository",
                            number + 1
                        ));
                    }
                }
            }
        }

        // Each docs/ file cited exists; each heading and trap cited is in it.
        let text = joined(&text);
        for (at, _) in text.match_indices("docs/") {
            // A path from the repository's root, not a folder inside another path or a URL.
            if text[..at]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_ascii_alphanumeric() || "/-_.".contains(c))
            {
                continue;
            }
            let rest = &text[at + "docs/".len()..];
            let end = rest
                .find(|c: char| !(c.is_ascii_alphanumeric() || "-_.".contains(c)))
                .unwrap_or(rest.len());
            let name = rest[..end].trim_end_matches('.');
            if !name.ends_with(".md") {
                continue;
            }
            let Some((_, doc)) = docs.iter().find(|(n, _)| *n == name) else {
                wrong.push(format!("{shown}: cites docs/{name}, which does not exist"));
                continue;
            };
            let after = &rest[name.len()..];
            let known = headings(doc);
            for heading in cited_headings(after) {
                match heading {
                    Ok(h) if known.contains(&h) => {}
                    Ok(h) => wrong.push(format!(
                        "{shown}: cites docs/{name}, \"{h}\", which is no heading of docs/{name}"
                    )),
                    Err(e) => wrong.push(format!("{shown}: cites docs/{name} with {e}")),
                }
            }
            if let Some(trap) = after.strip_prefix(" trap ") {
                let number: String = trap.chars().take_while(char::is_ascii_digit).collect();
                if !traps(doc).contains(&number) {
                    wrong.push(format!(
                        "{shown}: cites docs/{name} trap {number}, which it does not list"
                    ));
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{} citation(s) do not resolve inside the repository:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

#[test]
fn the_checks_catch_what_they_should() {
    assert_eq!(
        cited_headings(", \"Material: what the council reads\" and \"Views\", its"),
        vec![
            Ok("Material: what the council reads".to_string()),
            Ok("Views".to_string())
        ]
    );
    assert!(cited_headings(" trap 3").is_empty());
    assert_eq!(
        joined("//! see docs/design.md, \"Depth by\n//! need\": here"),
        "see docs/design.md, \"Depth by need\": here"
    );
    let toolchain = "## Traps, each seen here\n\n1. one\n   more\n3. three\n## Next\n4. no";
    assert_eq!(traps(toolchain), vec!["1", "3"]);
    assert!(headings("# A\ntext\n### B: c\n").contains(&"B: c".to_string()));
}
