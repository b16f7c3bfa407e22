//! The shell's layers point one way, as the engine's do (`crates/layers` reads every file under
//! `src/` and maps each path it names into the crate to the room it reaches): `platform` (browser
//! I/O) < `settings` < `run` (the run driver) < `app` (the store: state and commands) < `ui`
//! (views). The run driver also names no `leptos`, so it can run where Leptos does not (a
//! worker): `KEPT_OUT`. Inside `ui`, the
//! shared widgets sit below the protocols' folders, which sit below the pages around them
//! (a session, History, Settings, the sidebar) and the shell on top; the protocols' folders never
//! import each other. Native only: it reads the source tree.
#![cfg(not(target_family = "wasm"))]

use std::path::Path;

use consilium_layers::{check, crates_named, read_sources, Apart, KeptOut, Rules};

/// Bottom to top. A room may import from its own layer (without a cycle) or any lower one.
const LAYERS: &[(&str, &[&str])] = &[
    ("platform", &["platform"]),
    ("settings", &["settings"]),
    ("run", &["run"]),
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

/// The run driver stands on the platform and the settings alone: no view, no store (the layers
/// above), and no Leptos.
const KEPT_OUT: &[KeptOut] = &[
    KeptOut {
        room: "run",
        crates: &["leptos"],
        why: "the driver runs without Leptos, on the page or in a worker",
    },
    // What the driver reaches below it (saves, requests, the run lock) runs in the worker too.
    KeptOut {
        room: "platform/storage",
        crates: &["leptos"],
        why: "the run driver saves through it, on the page or in a worker",
    },
    KeptOut {
        room: "platform/transport",
        crates: &["leptos"],
        why: "the run driver's calls go through it, on the page or in a worker",
    },
    KeptOut {
        room: "platform/run_lock",
        crates: &["leptos"],
        why: "the run driver takes its lock, on the page or in a worker",
    },
];

fn shell_sources() -> (std::path::PathBuf, Vec<(String, String)>) {
    let src = std::env::var_os("CONSILIUM_SHELL_SRC")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
    let files = read_sources(&src);
    (src, files)
}

#[test]
fn the_run_driver_names_no_leptos() {
    let (src, files) = shell_sources();
    let driver_files = files.iter().filter(|(file, _)| file.starts_with("run/"));
    assert!(
        driver_files.count() >= 5,
        "the run driver's files are not under {}/run",
        src.display()
    );
    let problems: Vec<String> = KEPT_OUT
        .iter()
        .flat_map(|kept_out| crates_named(&files, kept_out))
        .collect();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_shell_imports_only_down_its_layers() {
    let (src, files) = shell_sources();
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
