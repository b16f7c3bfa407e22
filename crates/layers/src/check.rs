//! The checks, each problem a sentence naming the file, the path as written, both rooms and
//! both layers.

use std::collections::BTreeSet;

use crate::cycles::{cycles, module_cycles, Edges};
use crate::paths::crate_paths;
use crate::rooms::{starts_with, Room, Rooms};
use crate::sources::module_of;
use crate::Rules;

/// Every problem with `files` (each a path below `src` with `/` between folders, and its text)
/// under `rules`, as a sentence each; empty when the layers hold.
pub fn check(files: &[(String, String)], rules: &Rules) -> Vec<String> {
    let rooms = Rooms::new(rules);
    // The crate root files are exempt: they declare the modules and re-export the API.
    let sources: Vec<Source> = files
        .iter()
        .map(|(file, text)| Source {
            file,
            text,
            module: module_of(file),
        })
        .filter(|source| !source.module.is_empty())
        .collect();
    let mut problems = table_problems(rules, &rooms, &sources);
    problems.extend(unplaced_modules(rules, &rooms, &sources));

    let top_modules: BTreeSet<&str> = sources.iter().map(|s| s.module[0].as_str()).collect();
    // The imports no check reported (allowed ones too), for the cycle check.
    let mut taken = Edges::new();
    let mut allowed_taken: BTreeSet<(&str, &str)> = BTreeSet::new();
    for source in &sources {
        let Some(from) = rooms.room_of(&source.module) else {
            continue;
        };
        // The branches of one group cut at the same place are one import.
        let mut seen: BTreeSet<(usize, String)> = BTreeSet::new();
        for path in crate_paths(&source.module, source.text) {
            let resolved = path.resolved();
            if resolved.is_empty() {
                continue; // the crate root itself (`crate::*`)
            }
            let Some(to) = rooms.room_of(&resolved) else {
                let written = path.written(1);
                let new = seen.insert((path.at, written.clone()));
                // A module of the crate in no room is reported once, above.
                if new && !top_modules.contains(resolved[0]) {
                    problems.push(not_a_module(source.file, &written, &resolved));
                }
                continue;
            };
            let written = path.written(to.segments.len());
            if to.name == from.name || !seen.insert((path.at, written.clone())) {
                continue;
            }
            if rules.allowed.contains(&(from.name, to.name)) {
                allowed_taken.insert((from.name, to.name));
            } else if let Some(problem) = import_problem(rules, source.file, &written, from, to) {
                problems.push(problem);
                continue;
            }
            taken
                .entry((from.name, to.name))
                .or_insert_with(|| (source.file.to_string(), written));
        }
    }
    let layer_of = |name: &str| rooms.named(name).map_or("?", |room| room.layer_name);
    problems.extend(cycles(&taken, layer_of));
    problems.extend(module_cycles(&taken));
    for &(from, to) in rules.allowed {
        let known = rooms.named(from).is_some() && rooms.named(to).is_some();
        if known && !allowed_taken.contains(&(from, to)) {
            problems.push(format!(
                "the allowed edge {from} -> {to} is taken by no import: remove it from the \
                 allowed list"
            ));
        }
    }
    problems
}

/// A file below the crate root, and the module it is.
struct Source<'f> {
    file: &'f str,
    text: &'f str,
    module: Vec<String>,
}

/// An import up the layers, or between rooms kept apart.
fn import_problem(rules: &Rules, file: &str, path: &str, from: &Room, to: &Room) -> Option<String> {
    if to.layer > from.layer {
        return Some(format!(
            "{file}: `{path}` points up: {} ({}) imports {} ({})",
            from.name, from.layer_name, to.name, to.layer_name
        ));
    }
    let apart = rules
        .apart
        .iter()
        .find(|group| group.rooms.contains(&from.name) && group.rooms.contains(&to.name))?;
    Some(format!(
        "{file}: `{path}` joins two {}: {} imports {} ({})",
        apart.name, from.name, to.name, apart.why
    ))
}

/// A path that names no module of the crate: an item of the crate root (a re-export in `lib.rs`
/// hides which layer it comes from) or a module the crate does not have.
fn not_a_module(file: &str, written: &str, resolved: &[&str]) -> String {
    let first = resolved[0];
    if resolved.len() > 1 && first.starts_with(|c: char| c.is_lowercase()) {
        format!("{file}: `{written}` names `{first}`, which is not a module of the crate")
    } else {
        format!(
            "{file}: `{written}` names an item of the crate root, not a module: name the module \
             it lives in"
        )
    }
}

/// Each module whose files are in no room, once, named for the table.
fn unplaced_modules(rules: &Rules, rooms: &Rooms, sources: &[Source]) -> Vec<String> {
    let unplaced: BTreeSet<String> = sources
        .iter()
        .filter(|source| rooms.room_of(&source.module).is_none())
        .map(|source| rooms.unplaced_name(&source.module))
        .collect();
    unplaced
        .iter()
        .map(|name| format!("module `{name}` is in no layer: add it to {}", rules.table))
        .collect()
}

/// What is wrong with the table itself: a room twice or with no files, an apart group or an
/// allowed edge naming a room that is in no layer.
fn table_problems(rules: &Rules, rooms: &Rooms, sources: &[Source]) -> Vec<String> {
    let mut problems = Vec::new();
    for (index, room) in rooms.all.iter().enumerate() {
        if let Some(twin) = rooms.all[..index].iter().find(|r| r.name == room.name) {
            problems.push(format!(
                "module `{}` is in two layers, {} and {}: keep it in one in {}",
                room.name, twin.layer_name, room.layer_name, rules.table
            ));
        }
        let has_files = sources
            .iter()
            .any(|source| starts_with(&source.module, &room.segments));
        if !has_files {
            problems.push(format!(
                "module `{}` ({}) has no files: remove it from {}",
                room.name, room.layer_name, rules.table
            ));
        }
    }
    for group in rules.apart {
        for name in group
            .rooms
            .iter()
            .filter(|name| rooms.named(name).is_none())
        {
            problems.push(format!(
                "`{name}`, among the {} kept apart, is in no layer of {}",
                group.name, rules.table
            ));
        }
    }
    for &(from, to) in rules.allowed {
        for name in [from, to].iter().filter(|name| rooms.named(name).is_none()) {
            problems.push(format!(
                "the allowed edge {from} -> {to} names `{name}`, which is in no layer of {}",
                rules.table
            ));
        }
    }
    problems
}
