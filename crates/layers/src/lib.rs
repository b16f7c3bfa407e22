//! One-way layers for a crate's modules, checked from its sources by a native test.
//!
//! A caller names *rooms*, module paths such as `platform`, `app` or `ui/consult`, and stacks them
//! in *layers*, bottom to top. A file is in the room with the longest prefix of its module path:
//! `ui/consult/new.rs` is in `ui/consult`, `ui/shell.rs` in `ui`. [`check`] reads every path into
//! the crate (`crate::a::b`, `$crate::` in a macro, each branch of `use crate::{a::{b, c}, d}`, and
//! `super::` resolved from the file's module and its inline `mod x { }` blocks; `self::` and
//! relative paths stay inside their module) and reports, naming the file, the path as written,
//! both rooms and both layers:
//! - an import from a higher layer;
//! - an import between two rooms of one [`Apart`] group (they may share a layer, never each other);
//! - a cycle of imports among rooms of one layer (or through an allowed edge);
//! - a cycle among the top-level modules the rooms are in: rooms nested in a module (`consult/view`
//!   above `consult`) may point one way while the modules import each other, and then no module
//!   can be read, moved or split on its own;
//! - a path to an item of the crate root that is not a module: a re-export in `lib.rs` hides
//!   which layer it comes from, so name the module it lives in;
//! - a file in no room, naming the table to add it to; and a table out of date: a room with no
//!   files, in two layers, or named by an apart group or allowed edge but in no layer, an
//!   allowed edge that no import takes.
//!
//! Apart from the layers, [`crates_named`] reports the files of a room that name an outside crate
//! the room keeps out ([`KeptOut`]: the shell's run driver names no `leptos`).
//!
//! An edge in `allowed` (from, to) is exempt from the up and apart checks; say why beside it.
//! The crate roots (`lib.rs`, and `main.rs` for a binary) are exempt: they declare the modules and
//! re-export the API. Importing within one's own room is always fine.
//!
//! The caller's `tests/layers.rs` (with `consilium-layers` under `[dev-dependencies]`):
//! ```no_run
//! use consilium_layers::{check, read_sources, Apart, Rules};
//! use std::path::Path;
//!
//! /// Bottom to top. A room may import from its own layer (without a cycle) or any lower one.
//! const LAYERS: &[(&str, &[&str])] = &[
//!     ("platform", &["platform"]),
//!     ("app", &["app"]),
//!     ("ui", &["ui", "ui/widgets", "ui/consult", "ui/review"]),
//! ];
//!
//! const RULES: Rules = Rules {
//!     layers: LAYERS,
//!     apart: &[Apart {
//!         name: "protocol views",
//!         rooms: &["ui/consult", "ui/review"],
//!         why: "each stands on the widgets and the app alone",
//!     }],
//!     // Review shows the verdict it reviews with Consult's own card.
//!     allowed: &[("ui/review", "ui/consult")],
//!     table: "LAYERS in tests/layers.rs",
//! };
//!
//! #[test]
//! fn the_shell_imports_only_down_its_layers() {
//!     let files = read_sources(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
//!     let problems = check(&files, &RULES);
//!     assert!(
//!         problems.is_empty(),
//!         "the shell's layers are broken ({} problems):\n{}\n\nLayers, bottom to top:\n{}",
//!         problems.len(),
//!         problems.join("\n"),
//!         RULES.describe()
//!     );
//! }
//! ```
//! and what a problem reads like:
//! ```
//! # use consilium_layers::{check, Rules};
//! let rules = Rules {
//!     layers: &[("platform", &["platform"]), ("app", &["app"]), ("ui", &["ui"])],
//!     apart: &[],
//!     allowed: &[],
//!     table: "LAYERS in tests/layers.rs",
//! };
//! let files = [
//!     ("lib.rs", "pub mod app; pub mod platform; pub mod ui;"),
//!     ("app/runs.rs", "use crate::{platform::store, ui::shell::App};"),
//!     ("platform/store.rs", ""),
//!     ("ui/shell.rs", "use crate::app::runs;"),
//! ]
//! .map(|(file, text)| (file.to_string(), text.to_string()));
//! assert_eq!(
//!     check(&files, &rules),
//!     ["app/runs.rs: `crate::ui::shell` points up: app (app) imports ui (ui)"]
//! );
//! ```

mod check;
mod cycles;
mod kept_out;
mod paths;
mod rooms;
mod sources;
mod tokens;

#[cfg(test)]
mod tests;

pub use check::check;
pub use kept_out::{crates_named, KeptOut};
pub use sources::read_sources;

/// What a crate's layers are; see the crate's documentation for an example.
#[derive(Clone, Copy, Debug)]
pub struct Rules<'a> {
    /// Bottom to top: each layer's name and its rooms, module paths written `ui/consult`.
    pub layers: &'a [(&'a str, &'a [&'a str])],
    /// Groups of rooms that must not import each other.
    pub apart: &'a [Apart<'a>],
    /// Imports (from room, to room) exempt from the up and apart checks.
    pub allowed: &'a [(&'a str, &'a str)],
    /// Where the caller keeps `layers`, for the message about a file in no room:
    /// `LAYERS in tests/layers.rs`.
    pub table: &'a str,
}

/// Rooms that must not import each other, and why, for the message.
#[derive(Clone, Copy, Debug)]
pub struct Apart<'a> {
    /// Plural, as in "joins two protocols".
    pub name: &'a str,
    pub rooms: &'a [&'a str],
    pub why: &'a str,
}

impl Rules<'_> {
    /// The layers one a line, bottom first (`  L1 record: record`), for a failing test's message.
    pub fn describe(&self) -> String {
        self.layers
            .iter()
            .map(|(name, rooms)| format!("  {name}: {}", rooms.join(", ")))
            .collect::<Vec<_>>()
            .join("\n")
    }
}
