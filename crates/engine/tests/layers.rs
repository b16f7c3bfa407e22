//! The engine's layers point one way. Every file under `crates/engine/src` is read, and each path
//! it names into the crate (`crate::x::...`, every branch of `use crate::{a, b::c}`, `$crate::x` in
//! a macro, and a `super::` that climbs out of its top-level module) is mapped to the top-level
//! module it reaches (the reading and the checks are the `consilium-layers` crate's, which the
//! browser shell's own layer test uses too). The test fails, naming the file, the path and both
//! layers, when:
//! - a module imports from a higher layer;
//! - one protocol imports another (each stands on the record and the harness alone);
//! - modules of the same layer import each other in a cycle;
//! - a path names something at the crate root that is not a module (a `lib.rs` re-export hides
//!   which layer it comes from: name the real module);
//! - a top-level module is missing from the table below (place every new module in a layer), or
//!   the table names a module that has no files.
//!
//! `lib.rs` itself is exempt: it only declares the modules (`tests/one_path.rs` keeps it so).
//! To try the check on another checkout: `CONSILIUM_LAYERS_SRC=/path/to/crates/engine/src
//! cargo test -p consilium-engine --test engine layers::`.
use consilium_layers::{check, read_sources, Apart, Rules};
use std::path::{Path, PathBuf};

/// Bottom to top. A module may import from its own layer (without a cycle) or any lower one.
/// A room is a module path; a file is in the room with the longest prefix of its path, so
/// `consult/view` (L5) holds Consult's view models while the rest of `consult` is L3.
const LAYERS: &[(&str, &[&str])] = &[
    // L0 foundation: leaves with no knowledge of sessions (time, money, token estimates,
    // validation, who takes part, a seeded shuffle, counted nouns) and text helpers (Markdown,
    // the sanitised rich text, tolerant reply parsing whole and partial, CSV fields).
    ("L0 foundation", &["foundation", "text"]),
    // L1 the session record: the envelope, call records, costs, and each protocol's stored data
    // (bodies, artifacts, configs, state enums and the StateMachine rule they follow).
    ("L1 record", &["record"]),
    // L2 the run harness: asking, budget, ledger, events, running a state machine, demo basics;
    // and the material (files made sources, fitted to seats, quotes checked): protocol-neutral
    // behaviour on the record's sources, which every protocol may read; and sync's merge rule and
    // bucket formats, which see records as JSON and know no protocol.
    ("L2 harness", &["harness", "material", "sync"]),
    // L3 view models every protocol shares, knowing none of them: a session's header, costs,
    // failures, seats, the consent, provider health, the live run, numbers as shown, the export's
    // HTML builder. Below the protocols, so a protocol's own views (L5, in its folder) stand on
    // them and the modules never import each other.
    ("L3 shared views", &["views"]),
    // L4 the protocols, behaviour only; they never import each other (see PROTOCOLS).
    (
        "L4 protocols",
        &["consult", "review", "prioritize", "benchmark"],
    ),
    // L5 each protocol's own view models and reports, in its own folder (see PROTOCOL_VIEWS).
    (
        "L5 protocol views",
        &[
            "consult/view",
            "consult/report",
            "review/view",
            "review/report",
            "prioritize/view",
            "prioritize/report",
        ],
    ),
    // L6 on top, where every protocol is known: the Benchmark run on Consult (its council, demo,
    // views, report and test caller, one folder), the demo (caller and demo sessions), the
    // library, the whole export, the test doubles, a stored session checked again and offered
    // its resume (each protocol's rules), and the key-limit check (every protocol's run, the
    // Benchmark's too, against a key's limit), and the track record of judged decisions.
    (
        "L6 top",
        &[
            "benchmark_council",
            "demo",
            "library",
            "html_report",
            "testing",
            "resume",
            "key_limit",
            "track_record",
        ],
    ),
];

/// Modules of the protocol layer: none may import another.
const PROTOCOLS: Apart = Apart {
    name: "protocols",
    rooms: &["consult", "review", "prioritize", "benchmark"],
    why: "each stands on the record and the harness alone",
};

/// Each protocol's view models: none may import another's.
const PROTOCOL_VIEWS: Apart = Apart {
    name: "protocol views",
    rooms: &["consult/view", "review/view", "prioritize/view"],
    why: "each stands on the shared views and its own protocol",
};

/// Each protocol's reports: none may import another's.
const PROTOCOL_REPORTS: Apart = Apart {
    name: "protocol reports",
    rooms: &["consult/report", "review/report", "prioritize/report"],
    why: "each stands on the shared views and its own protocol",
};

const RULES: Rules = Rules {
    layers: LAYERS,
    apart: &[PROTOCOLS, PROTOCOL_VIEWS, PROTOCOL_REPORTS],
    allowed: &[],
    table: "LAYERS in tests/layers.rs",
};

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
    let problems = check(&files, &RULES);
    assert!(
        problems.is_empty(),
        "the engine's layers are broken ({} problems):\n{}\n\nLayers, bottom to top:\n{}",
        problems.len(),
        problems.join("\n"),
        RULES.describe()
    );
}
