//! The shell's layers point one way, as the engine's do (`crates/layers` reads every file under
//! `src/` and maps each path it names into the crate to the room it reaches): `platform` (browser
//! I/O) < `settings` < `app` (the store: state and commands) < `ui` (views). Inside `ui`, the
//! shared widgets sit below the protocols' folders, which sit below the pages around them
//! (a session, History, Settings, the sidebar) and the shell on top; the protocols' folders never
//! import each other. Native only: it reads the source tree.
#![cfg(not(target_family = "wasm"))]

use std::path::Path;

use consilium_layers::{check, read_sources, Apart, Rules};

/// Bottom to top. A room may import from its own layer (without a cycle) or any lower one.
const LAYERS: &[(&str, &[&str])] = &[
    ("platform", &["platform"]),
    ("settings", &["settings"]),
    ("app", &["app"]),
    ("ui widgets", &["ui/widgets"]),
    (
        "ui protocols",
        &["ui/consult", "ui/review", "ui/prioritize", "ui/benchmark"],
    ),
    (
        "ui pages",
        &[
            "ui/session",
            "ui/history",
            "ui/settings",
            "ui/sidebar",
            "ui/track_record",
        ],
    ),
    ("ui shell", &["ui"]),
];

const RULES: Rules = Rules {
    layers: LAYERS,
    apart: &[Apart {
        name: "protocol views",
        rooms: &["ui/consult", "ui/review", "ui/prioritize", "ui/benchmark"],
        why: "each stands on the widgets and the app alone",
    }],
    // The one edge between protocol folders: the Benchmark grades a Consult council, so its form
    // seats one with Consult's own panel builder.
    allowed: &[("ui/benchmark", "ui/consult")],
    table: "LAYERS in tests/layers.rs",
};

#[test]
fn the_shell_imports_only_down_its_layers() {
    let src = std::env::var_os("CONSILIUM_SHELL_SRC")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
    let files = read_sources(&src);
    assert!(
        files.len() > 40,
        "found only {} files under {}",
        files.len(),
        src.display()
    );
    let problems = check(&files, &RULES);
    assert!(
        problems.is_empty(),
        "the shell's layers are broken ({} problems):\n{}\n\nLayers, bottom to top:\n{}",
        problems.len(),
        problems.join("\n"),
        RULES.describe()
    );
}
