//! The check on small in-memory crates: the engine's table (a copy), and a shell-like one with
//! rooms at depth.

use crate::{check, Apart, Rules};

const ENGINE: Rules = Rules {
    layers: &[
        ("L0 foundation", &["timestamp", "validation", "reply_parse"]),
        ("L1 record", &["record"]),
        ("L2 harness", &["harness"]),
        (
            "L3 protocols",
            &["consult", "review", "prioritize", "benchmark"],
        ),
        ("L4 top", &["demo", "views", "library", "html_report"]),
    ],
    apart: &[Apart {
        name: "protocols",
        rooms: &["consult", "review", "prioritize", "benchmark"],
        why: "each stands on the record and the harness alone",
    }],
    allowed: &[],
    table: "LAYERS in tests/layers.rs",
};

const SHELL: Rules = Rules {
    layers: &[
        ("platform", &["platform"]),
        ("app", &["app"]),
        (
            "ui",
            &[
                "ui",
                "ui/widgets",
                "ui/consult",
                "ui/review",
                "ui/benchmark",
            ],
        ),
    ],
    apart: &[Apart {
        name: "protocol views",
        rooms: &["ui/consult", "ui/review", "ui/benchmark"],
        why: "each stands on the widgets and the app alone",
    }],
    allowed: &[],
    table: "LAYERS in tests/layers.rs",
};

/// `files`, and an empty file for every room they leave out, so a test writes only what it is
/// about.
fn with_every_room(rules: &Rules, files: &[(&str, &str)]) -> Vec<(String, String)> {
    let mut all: Vec<(String, String)> = files
        .iter()
        .map(|(name, text)| (name.to_string(), text.to_string()))
        .collect();
    for (_, rooms) in rules.layers {
        for room in *rooms {
            let prefix = format!("{room}/");
            let present = all
                .iter()
                .any(|(name, _)| name.starts_with(&prefix) || *name == format!("{room}.rs"));
            if !present {
                all.push((format!("{room}/mod.rs"), String::new()));
            }
        }
    }
    all
}

fn engine(files: &[(&str, &str)]) -> Vec<String> {
    check(&with_every_room(&ENGINE, files), &ENGINE)
}

fn shell(files: &[(&str, &str)]) -> Vec<String> {
    check(&with_every_room(&SHELL, files), &SHELL)
}

// --- The engine's cases, as its own test had them. ---

#[test]
fn the_check_reports_an_import_that_points_up() {
    let problems = engine(&[(
        "record/mod.rs",
        "use crate::consult::ConsultBody;\nuse crate::timestamp::rfc3339_utc;",
    )]);
    assert_eq!(
        problems,
        [
            "record/mod.rs: `crate::consult::ConsultBody` points up: record (L1 record) imports \
          consult (L3 protocols)"
        ]
    );
}

#[test]
fn the_check_expands_use_groups_and_nested_paths() {
    let problems = engine(&[(
        "harness/run.rs",
        "use crate::{record::Session, views::{a, b}, timestamp};\n\
         fn f() { let _ = crate::demo::DEMO_MODEL; }",
    )]);
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
    let problems = engine(&[(
        "review/demo.rs",
        "use crate::consult::config::DEFAULT_MAX_TOKENS;",
    )]);
    assert_eq!(
        problems,
        [
            "review/demo.rs: `crate::consult::config` joins two protocols: review imports consult \
          (each stands on the record and the harness alone)"
        ]
    );
}

#[test]
fn the_check_reports_a_cycle_among_modules_of_one_layer() {
    let problems = engine(&[
        ("views/mod.rs", "use crate::library::summary;"),
        ("library/summary.rs", "use crate::html_report::x;"),
        ("html_report.rs", "pub fn f() { crate::views::g() }"),
        ("demo.rs", "use crate::views::y;"),
    ]);
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
    let problems = engine(&[
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
    ]);
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
    let problems = engine(&[(
        "record/mod.rs",
        "// use crate::views::x;\n/* crate::demo::y /* nested */ */\n\
         /// See [`crate::consult::Consult`].\n\
         const A: &str = \"crate::views::z\"; const B: &str = r#\"crate::views::\"q\"#;\n\
         const C: char = '\"'; fn f<'a>(x: &'a str) {}\n\
         macro_rules! m { () => { $crate::harness::Run } }",
    )]);
    assert_eq!(problems.len(), 1, "{problems:#?}");
    assert!(
        problems[0].contains("`crate::harness::Run`"),
        "{}",
        problems[0]
    );
}

#[test]
fn the_check_wants_real_module_paths_and_every_module_in_a_layer() {
    let mut files = with_every_room(&ENGINE, &[("views/mod.rs", "use crate::ConsultBody;")]);
    files.push(("newcomer.rs".to_string(), String::new()));
    let problems = check(&files, &ENGINE);
    assert_eq!(
        problems,
        [
            "module `newcomer` is in no layer: add it to LAYERS in tests/layers.rs",
            "views/mod.rs: `crate::ConsultBody` names an item of the crate root, not a module: \
             name the module it lives in",
        ]
    );
}

#[test]
fn the_check_passes_imports_down_and_within_a_layer_without_a_cycle() {
    let problems = engine(&[
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
    ]);
    assert!(problems.is_empty(), "{problems:#?}");
}

// --- Rooms at depth, as the shell has them. ---

#[test]
fn a_file_is_in_the_room_with_the_longest_prefix_of_its_module() {
    let problems = shell(&[
        // `ui/consult` is in the ui layer; `app` below it may not import it, nor `ui` itself.
        ("app/runs/start.rs", "use crate::ui::consult::new::Form;"),
        ("app/library.rs", "fn f() { crate::ui::shell::App(); }"),
        // Down from `ui/consult` to `ui/widgets` and `app`: fine.
        (
            "ui/consult/new.rs",
            "use crate::ui::widgets::Chip; use crate::app::runs;",
        ),
        ("main.rs", "use crate::ui::shell::App;"),
    ]);
    assert_eq!(
        problems,
        [
            "app/runs/start.rs: `crate::ui::consult::new` points up: app (app) imports \
             ui/consult (ui)",
            "app/library.rs: `crate::ui::shell` points up: app (app) imports ui (ui)",
        ]
    );
}

#[test]
fn nested_groups_are_expanded_to_the_room_each_branch_reaches() {
    let problems = shell(&[(
        "platform/store.rs",
        "use crate::{ui::{consult::{a, b}, review::c, widgets}, app};",
    )]);
    assert_eq!(
        problems,
        [
            "platform/store.rs: `crate::ui::consult::{..}` points up: platform (platform) \
             imports ui/consult (ui)",
            "platform/store.rs: `crate::ui::review::c` points up: platform (platform) imports \
             ui/review (ui)",
            "platform/store.rs: `crate::ui::widgets` points up: platform (platform) imports \
             ui/widgets (ui)",
            "platform/store.rs: `crate::app` points up: platform (platform) imports app (app)",
        ]
    );
}

#[test]
fn super_is_resolved_into_the_sibling_room_it_lands_in() {
    let problems = shell(&[
        // ui::consult::new -> ui::review::card: another protocol's views.
        ("ui/consult/new.rs", "use super::super::review::card;"),
        // Within ui/consult, and from an inline module back into the file: fine.
        (
            "ui/consult/form/fields.rs",
            "use super::super::new; mod tests { use super::*; }",
        ),
        // ui::review -> ui::widgets, the same layer and not kept apart: fine.
        ("ui/review/mod.rs", "use super::widgets::{chip, table};"),
    ]);
    assert_eq!(
        problems,
        [
            "ui/consult/new.rs: `super::super::review::card` joins two protocol views: \
          ui/consult imports ui/review (each stands on the widgets and the app alone)"
        ]
    );
}

#[test]
fn rooms_kept_apart_may_not_import_each_other_but_may_share_the_widgets() {
    let problems = shell(&[
        ("ui/benchmark/mod.rs", "use crate::ui::consult::Verdict;"),
        (
            "ui/consult/mod.rs",
            "use crate::ui::{widgets, review::Card};",
        ),
        ("ui/review/mod.rs", "use crate::ui::widgets::Chip;"),
    ]);
    assert_eq!(problems.len(), 2, "{problems:#?}");
    assert!(
        problems[0].contains("ui/benchmark imports ui/consult"),
        "{}",
        problems[0]
    );
    assert!(problems[1].contains("`crate::ui::review::Card` joins two protocol views"));
}

#[test]
fn an_allowed_edge_passes_and_one_no_import_takes_is_reported() {
    let rules = Rules {
        allowed: &[("ui/benchmark", "ui/consult"), ("ui/review", "ui/consult")],
        ..SHELL
    };
    let files = with_every_room(
        &rules,
        &[("ui/benchmark/mod.rs", "use crate::ui::consult::Verdict;")],
    );
    assert_eq!(
        check(&files, &rules),
        [
            "the allowed edge ui/review -> ui/consult is taken by no import: remove it from the \
          allowed list"
        ]
    );
}

#[test]
fn a_cycle_through_an_allowed_edge_is_still_a_cycle() {
    let rules = Rules {
        allowed: &[("platform", "app")],
        ..SHELL
    };
    let files = with_every_room(
        &rules,
        &[
            ("platform/store.rs", "use crate::app::Route;"),
            ("app/mod.rs", "use crate::platform::store;"),
        ],
    );
    let problems = check(&files, &rules);
    assert_eq!(problems.len(), 1, "{problems:#?}");
    assert!(
        problems[0]
            .starts_with("a cycle among modules of app and platform: app -> platform -> app"),
        "{}",
        problems[0]
    );
}

#[test]
fn a_file_in_no_room_is_named_where_it_leaves_the_rooms() {
    let rules = Rules {
        layers: &[("app", &["app"]), ("ui", &["ui/consult"])],
        apart: &[],
        ..SHELL
    };
    let files = with_every_room(
        &rules,
        &[
            ("ui/shell.rs", "use crate::ui::consult::x;"),
            ("ui/mod.rs", ""),
        ],
    );
    assert_eq!(
        check(&files, &rules),
        [
            "module `ui` is in no layer: add it to LAYERS in tests/layers.rs",
            "module `ui/shell` is in no layer: add it to LAYERS in tests/layers.rs",
        ]
    );
}

#[test]
fn a_table_out_of_date_is_reported() {
    let rules = Rules {
        layers: &[("app", &["app", "gone"]), ("ui", &["ui", "app"])],
        apart: &[Apart {
            name: "views",
            rooms: &["ui", "typo"],
            why: "",
        }],
        allowed: &[("ui", "nowhere")],
        table: "LAYERS",
    };
    let files = [("app.rs", ""), ("ui.rs", "")].map(|(f, t)| (f.to_string(), t.to_string()));
    assert_eq!(
        check(&files, &rules),
        [
            "module `gone` (app) has no files: remove it from LAYERS",
            "module `app` is in two layers, app and ui: keep it in one in LAYERS",
            "`typo`, among the views kept apart, is in no layer of LAYERS",
            "the allowed edge ui -> nowhere names `nowhere`, which is in no layer of LAYERS",
        ]
    );
}

#[test]
fn the_check_reports_top_level_modules_that_import_each_other_through_nested_rooms() {
    // Each room points down its layers, yet `consult` and `views` import each other.
    let rules = Rules {
        layers: &[
            ("L3 protocols", &["consult"]),
            ("L4 shared views", &["views"]),
            ("L5 protocol views", &["consult/view"]),
        ],
        apart: &[],
        allowed: &[],
        table: "LAYERS",
    };
    let files = [
        ("consult/mod.rs", "pub mod view;"),
        (
            "consult/view/answers.rs",
            "use crate::views::numbers::percent;",
        ),
        (
            "views/numbers.rs",
            "use crate::consult::estimate::Estimate;",
        ),
    ];
    let files: Vec<(String, String)> = files
        .iter()
        .map(|(f, t)| (f.to_string(), t.to_string()))
        .collect();
    let problems = check(&files, &rules);
    assert_eq!(problems.len(), 1, "{problems:#?}");
    assert!(
        problems[0].starts_with(
            "top-level modules import each other in a cycle: consult -> views -> consult"
        ),
        "{}",
        problems[0]
    );
    assert!(
        problems[0].contains("consult/view/answers.rs: `crate::views::numbers`"),
        "{}",
        problems[0]
    );
}
