//! The engine's layers point one way. Every file under `crates/engine/src` is read, and each path
//! it names into the crate (`crate::x::...`, every branch of `use crate::{a, b::c}`, `$crate::x` in
//! a macro, and a `super::` that climbs out of its top-level module) is mapped to the top-level
//! module it reaches. The test fails, naming the file, the path and both layers, when:
//! - a module imports from a higher layer;
//! - one protocol imports another (each stands on the record and the harness alone);
//! - modules of the same layer import each other in a cycle;
//! - a path names something at the crate root that is not a module (a `lib.rs` re-export hides
//!   which layer it comes from: name the real module);
//! - a top-level module is missing from the table below (place every new module in a layer).
//!
//! `lib.rs` itself is exempt: it declares the modules and re-exports the public API.
//! To try the check on another checkout: `CONSILIUM_LAYERS_SRC=/path/to/crates/engine/src
//! cargo test -p consilium-engine --test layers`.
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Bottom to top. A module may import from its own layer (without a cycle) or any lower one.
const LAYERS: &[(&str, &[&str])] = &[
    // L0 foundation: leaves with no knowledge of sessions (time, money, token estimates,
    // validation, who takes part, text helpers, CSV fields, tolerant reply parsing, a seeded shuffle).
    (
        "L0 foundation",
        &[
            "timestamp",
            "money",
            "tokens",
            "validation",
            "participants",
            "markdown_text",
            "rich_text",
            "reply_parse",
            "shuffle",
            "partial_reply",
            "csv_text",
        ],
    ),
    // L1 the session record: the envelope, call records, costs, and each protocol's stored data
    // (bodies, artifacts, configs, state enums and the StateMachine rule they follow).
    ("L1 record", &["record"]),
    // L2 the run harness: asking, budget, ledger, events, running a state machine, demo basics.
    ("L2 harness", &["harness"]),
    // L3 the protocols, behaviour only; they never import each other (see PROTOCOLS).
    (
        "L3 protocols",
        &["consult", "review", "prioritize", "benchmark"],
    ),
    // L4 on top: the demo caller over every protocol, view models, the library, reports, the
    // test doubles, and Consult handed to the benchmark as its council.
    (
        "L4 top",
        &[
            "demo",
            "views",
            "library",
            "html_report",
            "testing",
            "benchmark_council",
            "benchmark_demo",
        ],
    ),
];

/// Modules of the protocol layer: none may import another.
const PROTOCOLS: &[&str] = &["consult", "review", "prioritize", "benchmark"];

#[test]
fn the_engine_imports_only_down_its_layers() {
    let src = std::env::var_os("CONSILIUM_LAYERS_SRC")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
    let files = read_sources(&src);
    assert!(
        files.len() > 20,
        "found only {} files under {}",
        files.len(),
        src.display()
    );
    let problems = check(&files);
    assert!(
        problems.is_empty(),
        "the engine's layers are broken ({} problems):\n{}\n\nLayers, bottom to top:\n{}",
        problems.len(),
        problems.join("\n"),
        layer_table()
    );
}

fn read_sources(src: &Path) -> Vec<(String, String)> {
    let mut files = Vec::new();
    let mut dirs = vec![src.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("a source directory") {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|ext| ext == "rs") {
                let relative = path.strip_prefix(src).expect("under src");
                let name = relative
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy().into_owned())
                    .collect::<Vec<_>>()
                    .join("/");
                files.push((name, std::fs::read_to_string(&path).expect("a source file")));
            }
        }
    }
    files.sort();
    files
}

fn layer_table() -> String {
    LAYERS
        .iter()
        .map(|(name, modules)| format!("  {name}: {}", modules.join(", ")))
        .collect::<Vec<_>>()
        .join("\n")
}

fn layer_of(module: &str) -> Option<(usize, &'static str)> {
    LAYERS
        .iter()
        .enumerate()
        .find(|(_, (_, modules))| modules.contains(&module))
        .map(|(index, (name, _))| (index, *name))
}

/// One path into the crate: the file it is in, the path as written, and the top-level module
/// it reaches (None when it names an item of the crate root).
#[derive(Clone, Debug, PartialEq)]
struct Reference {
    file: String,
    from: String,
    path: String,
    to: Option<String>,
}

/// Every problem, as a sentence each; empty when the layers hold.
fn check(files: &[(String, String)]) -> Vec<String> {
    let modules: BTreeSet<String> = files
        .iter()
        .filter_map(|(name, _)| top_module(name))
        .collect();
    let mut problems = Vec::new();
    for module in &modules {
        if layer_of(module).is_none() {
            problems.push(format!(
                "module `{module}` is in no layer: add it to LAYERS in tests/layers.rs"
            ));
        }
    }
    let references: Vec<Reference> = files
        .iter()
        .flat_map(|(name, text)| references_in(name, text))
        .collect();
    // Same-layer edges, with the first reference that makes each, for the cycle check.
    let mut same_layer: BTreeMap<(String, String), Reference> = BTreeMap::new();
    for reference in &references {
        let Some(to) = &reference.to else {
            problems.push(format!(
                "{}: `{}` names an item of the crate root, not a module: name the module it \
                 lives in",
                reference.file, reference.path
            ));
            continue;
        };
        if *to == reference.from {
            continue;
        }
        let (Some((from_layer, from_name)), Some((to_layer, to_name))) =
            (layer_of(&reference.from), layer_of(to))
        else {
            if !modules.contains(to) {
                problems.push(format!(
                    "{}: `{}` names `{to}`, which is not a module of the crate",
                    reference.file, reference.path
                ));
            }
            continue;
        };
        if to_layer > from_layer {
            problems.push(format!(
                "{}: `{}` points up: {} ({from_name}) imports {to} ({to_name})",
                reference.file, reference.path, reference.from
            ));
        } else if PROTOCOLS.contains(&reference.from.as_str()) && PROTOCOLS.contains(&to.as_str()) {
            problems.push(format!(
                "{}: `{}` joins two protocols: {} imports {to} (each stands on the record and \
                 the harness alone)",
                reference.file, reference.path, reference.from
            ));
        } else if to_layer == from_layer {
            same_layer
                .entry((reference.from.clone(), to.clone()))
                .or_insert_with(|| reference.clone());
        }
    }
    problems.extend(cycles(&same_layer));
    problems
}

/// Each cycle among same-layer imports, once, with the reference behind each step.
fn cycles(edges: &BTreeMap<(String, String), Reference>) -> Vec<String> {
    let mut next: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for (from, to) in edges.keys() {
        next.entry(from).or_default().push(to);
    }
    let mut reported: BTreeSet<BTreeSet<String>> = BTreeSet::new();
    let mut problems = Vec::new();
    for start in next.keys() {
        // Depth-first from `start`, looking for a way back to it.
        let mut stack: Vec<(&str, Vec<&str>)> = vec![(start, vec![start])];
        let mut seen: BTreeSet<&str> = BTreeSet::new();
        while let Some((at, trail)) = stack.pop() {
            for &to in next.get(at).into_iter().flatten() {
                if to == *start {
                    let members: BTreeSet<String> = trail.iter().map(|m| m.to_string()).collect();
                    if reported.insert(members) {
                        let mut steps = Vec::new();
                        let mut ring = trail.clone();
                        ring.push(start);
                        for pair in ring.windows(2) {
                            let reference = &edges[&(pair[0].to_string(), pair[1].to_string())];
                            steps.push(format!(
                                "    {} -> {} ({}: `{}`)",
                                pair[0], pair[1], reference.file, reference.path
                            ));
                        }
                        problems.push(format!(
                            "a cycle among {} modules: {}\n{}",
                            layer_of(start).map_or("?", |(_, name)| name),
                            ring.join(" -> "),
                            steps.join("\n")
                        ));
                    }
                } else if seen.insert(to) {
                    let mut longer = trail.clone();
                    longer.push(to);
                    stack.push((to, longer));
                }
            }
        }
    }
    problems
}

/// `consult/rounds/mod.rs` -> `consult`; `demo.rs` -> `demo`; `lib.rs` -> None.
fn top_module(file: &str) -> Option<String> {
    let first = file.split('/').next()?;
    match first.strip_suffix(".rs") {
        Some("lib") => None,
        Some(module) => Some(module.to_string()),
        None => Some(first.to_string()),
    }
}

/// How deep a file's module sits: `demo.rs` and `consult/mod.rs` are 1, `consult/stored.rs` 2.
fn file_depth(file: &str) -> usize {
    let parts: Vec<&str> = file.split('/').collect();
    if parts.last() == Some(&"mod.rs") {
        parts.len() - 1
    } else {
        parts.len()
    }
}

#[derive(Clone, Debug, PartialEq)]
enum Token {
    Ident(String),
    Path, // `::`
    Punct(char),
}

/// Identifiers, `::` and single punctuation, with comments, strings and char literals removed.
fn tokens(text: &str) -> Vec<Token> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if c == 'r' && (next == Some('#') || next == Some('"')) && raw_string_at(&chars, i) {
            let mut j = i + 1;
            let mut hashes = 0;
            while chars[j] == '#' {
                hashes += 1;
                j += 1;
            }
            j += 1; // the opening quote
            loop {
                if j >= chars.len() {
                    break;
                }
                if chars[j] == '"' && (1..=hashes).all(|h| chars.get(j + h) == Some(&'#')) {
                    j += 1 + hashes;
                    break;
                }
                j += 1;
            }
            i = j;
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
        } else if c == '\'' {
            // A char literal ('x', '\n', '\u{..}'); otherwise a lifetime or label.
            if next == Some('\\') {
                i += 2;
                while i < chars.len() && chars[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if chars.get(i + 2) == Some(&'\'') {
                i += 3;
            } else {
                i += 1;
                while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                    i += 1;
                }
            }
        } else if c.is_alphabetic() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            out.push(Token::Ident(chars[start..i].iter().collect()));
        } else if c == ':' && next == Some(':') {
            out.push(Token::Path);
            i += 2;
        } else {
            if !c.is_whitespace() && !c.is_numeric() {
                out.push(Token::Punct(c));
            }
            i += 1;
        }
    }
    out
}

/// `r"..."` or `r#"..."#` starts at `i` (not an identifier ending in r).
fn raw_string_at(chars: &[char], i: usize) -> bool {
    let after_ident = i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_');
    let mut j = i + 1;
    while chars.get(j) == Some(&'#') {
        j += 1;
    }
    !after_ident && chars.get(j) == Some(&'"')
}

/// Every path into the crate from another top-level module, or from this one through the root.
fn references_in(file: &str, text: &str) -> Vec<Reference> {
    let Some(from) = top_module(file) else {
        return Vec::new();
    };
    let tokens = tokens(text);
    let base_depth = file_depth(file);
    // Inline modules (`mod tests { ... }`) open at a brace depth; each adds a level.
    let mut inline: Vec<usize> = Vec::new();
    let mut braces = 0usize;
    let mut found = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        match &tokens[i] {
            Token::Punct('{') => braces += 1,
            Token::Punct('}') => {
                braces = braces.saturating_sub(1);
                if inline.last() == Some(&braces) {
                    inline.pop();
                }
            }
            Token::Ident(word)
                if word == "mod"
                    && matches!(tokens.get(i + 1), Some(Token::Ident(_)))
                    && tokens.get(i + 2) == Some(&Token::Punct('{')) =>
            {
                inline.push(braces);
            }
            Token::Ident(word) if word == "crate" && tokens.get(i + 1) == Some(&Token::Path) => {
                // `crate::` (also `$crate::`, whose `$` is punctuation).
                let preceded_by_path = i > 0 && tokens[i - 1] == Token::Path;
                if !preceded_by_path {
                    let (heads, end) = heads_after(&tokens, i + 2);
                    push_heads(&mut found, file, &from, "crate::", heads);
                    i = end;
                    continue;
                }
            }
            Token::Ident(word) if word == "super" && tokens.get(i + 1) == Some(&Token::Path) => {
                let preceded_by_path = i > 0 && tokens[i - 1] == Token::Path;
                if !preceded_by_path {
                    let mut climbs = 0;
                    let mut j = i;
                    while tokens.get(j) == Some(&Token::Ident("super".into()))
                        && tokens.get(j + 1) == Some(&Token::Path)
                    {
                        climbs += 1;
                        j += 2;
                    }
                    let depth = base_depth + inline.len();
                    if climbs >= depth {
                        let prefix = "super::".repeat(climbs);
                        let (heads, end) = heads_after(&tokens, j);
                        push_heads(&mut found, file, &from, &prefix, heads);
                        i = end;
                        continue;
                    }
                    i = j;
                    continue;
                }
            }
            _ => {}
        }
        i += 1;
    }
    found
}

fn push_heads(
    found: &mut Vec<Reference>,
    file: &str,
    from: &str,
    prefix: &str,
    heads: Vec<(String, String)>,
) {
    for (head, rest) in heads {
        let to = (rest.starts_with("::") || rest.starts_with("{")).then(|| head.clone());
        let to = to.or_else(|| {
            // `crate::x` alone (e.g. `use crate::record;`) is the module itself when lowercase.
            head.chars()
                .next()
                .is_some_and(|c| c.is_lowercase())
                .then(|| head.clone())
        });
        found.push(Reference {
            file: file.to_string(),
            from: from.to_string(),
            path: format!("{prefix}{head}{rest}"),
            to,
        });
    }
}

/// The first segment of each path after `crate::` starting at `at`, with what follows it (up to
/// the next segment), expanding one `{a, b::c}` group; and where the path ends.
fn heads_after(tokens: &[Token], at: usize) -> (Vec<(String, String)>, usize) {
    match tokens.get(at) {
        Some(Token::Ident(head)) => {
            let rest = match (tokens.get(at + 1), tokens.get(at + 2)) {
                (Some(Token::Path), Some(Token::Ident(next))) => format!("::{next}"),
                (Some(Token::Path), Some(Token::Punct('{'))) => "::{..}".to_string(),
                (Some(Token::Path), Some(Token::Punct('*'))) => "::*".to_string(),
                _ => String::new(),
            };
            (vec![(head.clone(), rest)], at + 1)
        }
        Some(Token::Punct('{')) => {
            // Each branch's first identifier, at this group's nesting level.
            let mut heads = Vec::new();
            let mut depth = 0;
            let mut expect_head = true;
            let mut i = at;
            while i < tokens.len() {
                match &tokens[i] {
                    Token::Punct('{') => {
                        depth += 1;
                        if depth == 1 {
                            expect_head = true;
                        }
                    }
                    Token::Punct('}') => {
                        depth -= 1;
                        if depth == 0 {
                            return (heads, i + 1);
                        }
                    }
                    Token::Punct(',') if depth == 1 => expect_head = true,
                    Token::Ident(head) if depth == 1 && expect_head => {
                        expect_head = false;
                        if head != "self" {
                            let rest = match tokens.get(i + 1) {
                                Some(Token::Path) => match tokens.get(i + 2) {
                                    Some(Token::Ident(next)) => format!("::{next}"),
                                    _ => "::{..}".to_string(),
                                },
                                _ => String::new(),
                            };
                            heads.push((head.clone(), rest));
                        }
                    }
                    _ => {}
                }
                i += 1;
            }
            (heads, i)
        }
        _ => (Vec::new(), at),
    }
}

// --- The check's own tests, on small in-memory crates. ---

fn crate_of(files: &[(&str, &str)]) -> Vec<(String, String)> {
    files
        .iter()
        .map(|(name, text)| (name.to_string(), text.to_string()))
        .collect()
}

/// Every module of the table, empty, so a test only writes the files it is about.
fn with_every_module(files: &[(&str, &str)]) -> Vec<(String, String)> {
    let mut all = crate_of(files);
    for (_, modules) in LAYERS {
        for module in *modules {
            if !all
                .iter()
                .any(|(name, _)| top_module(name).as_deref() == Some(module))
            {
                all.push((format!("{module}.rs"), String::new()));
            }
        }
    }
    all
}

#[test]
fn the_check_reports_an_import_that_points_up() {
    let problems = check(&with_every_module(&[(
        "record/mod.rs",
        "use crate::consult::ConsultBody;\nuse crate::timestamp::rfc3339_utc;",
    )]));
    assert_eq!(problems.len(), 1, "{problems:#?}");
    assert!(problems[0].contains("record/mod.rs"), "{}", problems[0]);
    assert!(
        problems[0].contains("`crate::consult::ConsultBody`"),
        "{}",
        problems[0]
    );
    assert!(
        problems[0].contains("record (L1 record) imports consult (L3 protocols)"),
        "{}",
        problems[0]
    );
}

#[test]
fn the_check_expands_use_groups_and_nested_paths() {
    let problems = check(&with_every_module(&[(
        "harness/run.rs",
        "use crate::{record::Session, views::{a, b}, timestamp};\n\
         fn f() { let _ = crate::demo::DEMO_MODEL; }",
    )]));
    assert_eq!(problems.len(), 2, "{problems:#?}");
    assert!(
        problems[0].contains("`crate::views::{..}`"),
        "{}",
        problems[0]
    );
    assert!(
        problems[1].contains("`crate::demo::DEMO_MODEL`"),
        "{}",
        problems[1]
    );
}

#[test]
fn the_check_reports_one_protocol_importing_another() {
    let problems = check(&with_every_module(&[(
        "review/demo.rs",
        "use crate::consult::config::DEFAULT_MAX_TOKENS;",
    )]));
    assert_eq!(problems.len(), 1, "{problems:#?}");
    assert!(
        problems[0].contains("joins two protocols"),
        "{}",
        problems[0]
    );
    assert!(
        problems[0].contains("review imports consult"),
        "{}",
        problems[0]
    );
}

#[test]
fn the_check_reports_a_cycle_among_modules_of_one_layer() {
    let problems = check(&with_every_module(&[
        ("views/mod.rs", "use crate::library::summary;"),
        ("library/summary.rs", "use crate::html_report::x;"),
        ("html_report.rs", "pub fn f() { crate::views::g() }"),
        ("demo.rs", "use crate::views::y;"),
    ]));
    assert_eq!(problems.len(), 1, "{problems:#?}");
    let problem = &problems[0];
    assert!(
        problem.contains("a cycle among L4 top modules"),
        "{problem}"
    );
    assert!(
        problem.contains("html_report -> views -> library -> html_report"),
        "{problem}"
    );
    assert!(
        problem.contains("library/summary.rs: `crate::html_report::x`"),
        "{problem}"
    );
}

#[test]
fn the_check_follows_super_out_of_a_top_level_module_but_not_within_it() {
    let problems = check(&with_every_module(&[
        // At depth 3 (record::consult::body) three `super::` reach the crate root.
        (
            "record/consult/body.rs",
            "use super::super::super::review::x;",
        ),
        ("record/state.rs", "use super::super::harness::Run;"),
        ("record/mod.rs", "use super::views::x;"),
        // Within `consult`: legal, and so is `use super::*` in an inline test module.
        (
            "consult/rounds/verdict.rs",
            "use super::super::prompts; mod tests { use super::*; }",
        ),
        (
            "consult/mod.rs",
            "mod tests { use super::super::timestamp::x; }",
        ),
    ]));
    assert_eq!(problems.len(), 3, "{problems:#?}");
    assert!(
        problems[0].contains("`super::super::super::review"),
        "{}",
        problems[0]
    );
    assert!(
        problems[1].contains("`super::super::harness::Run`"),
        "{}",
        problems[1]
    );
    assert!(problems[2].contains("`super::views::x`"), "{}", problems[2]);
}

#[test]
fn the_check_ignores_comments_strings_and_chars_and_sees_macro_paths() {
    let problems = check(&with_every_module(&[(
        "record/mod.rs",
        "// use crate::views::x;\n/* crate::demo::y /* nested */ */\n\
         /// See [`crate::consult::Consult`].\n\
         const A: &str = \"crate::views::z\"; const B: &str = r#\"crate::views::\"q\"#;\n\
         const C: char = '\"'; fn f<'a>(x: &'a str) {}\n\
         macro_rules! m { () => { $crate::harness::Run } }",
    )]));
    assert_eq!(problems.len(), 1, "{problems:#?}");
    assert!(
        problems[0].contains("`crate::harness::Run`"),
        "{}",
        problems[0]
    );
}

#[test]
fn the_check_wants_real_module_paths_and_every_module_in_a_layer() {
    let mut files = with_every_module(&[("views/mod.rs", "use crate::ConsultBody;")]);
    files.push(("newcomer.rs".to_string(), String::new()));
    let problems = check(&files);
    assert_eq!(problems.len(), 2, "{problems:#?}");
    assert!(
        problems[0].contains("`newcomer` is in no layer"),
        "{}",
        problems[0]
    );
    assert!(
        problems[1].contains("`crate::ConsultBody` names an item of the crate root"),
        "{}",
        problems[1]
    );
}

#[test]
fn the_check_passes_imports_down_and_within_a_layer_without_a_cycle() {
    let problems = check(&with_every_module(&[
        (
            "views/mod.rs",
            "use crate::library::x; use crate::{record, harness::io};",
        ),
        (
            "consult/mod.rs",
            "use crate::record::consult::{artifacts, config};",
        ),
        ("reply_parse.rs", "use crate::validation::ValidationError;"),
        (
            "lib.rs",
            "pub use views::*; pub use crate::demo::DemoCaller;",
        ),
    ]));
    assert!(problems.is_empty(), "{problems:#?}");
}
