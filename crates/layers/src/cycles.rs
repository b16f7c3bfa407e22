//! Cycles among the imports that no other check reported.

use std::collections::{BTreeMap, BTreeSet};

/// One import between two rooms, kept for its first occurrence: the file and the path as written.
pub(crate) type Edges<'a> = BTreeMap<(&'a str, &'a str), (String, String)>;

/// Each cycle once, with the import behind each step; `layer_of` names a room's layer.
pub(crate) fn cycles<'a>(edges: &Edges<'a>, layer_of: impl Fn(&str) -> &'a str) -> Vec<String> {
    rings(edges)
        .iter()
        .map(|trail| describe(edges, trail, &layer_of))
        .collect()
}

/// Each cycle among the top-level modules the rooms are in (`consult/view` is in `consult`):
/// rooms can point one way while their modules import each other, and then a module cannot be
/// read, moved or split on its own.
pub(crate) fn module_cycles(room_edges: &Edges<'_>) -> Vec<String> {
    let top = |room: &str| room.split('/').next().unwrap_or(room).to_string();
    let mut names: BTreeSet<String> = BTreeSet::new();
    for (from, to) in room_edges.keys() {
        names.insert(top(from));
        names.insert(top(to));
    }
    let mut edges = Edges::new();
    for ((from, to), (file, path)) in room_edges {
        let from = names.get(&top(from)).map(String::as_str);
        let to = names.get(&top(to)).map(String::as_str);
        if let (Some(from), Some(to)) = (from, to) {
            if from != to {
                edges
                    .entry((from, to))
                    .or_insert_with(|| (file.clone(), path.clone()));
            }
        }
    }
    // A cycle of whole rooms is reported as such already.
    let room_rings: BTreeSet<BTreeSet<&str>> = rings(room_edges)
        .into_iter()
        .map(|trail| trail.into_iter().collect())
        .collect();
    rings(&edges)
        .iter()
        .filter(|trail| !room_rings.contains(&trail.iter().copied().collect()))
        .map(|trail| {
            let (ring, steps) = steps(&edges, trail);
            format!("top-level modules import each other in a cycle: {ring}\n{steps}")
        })
        .collect()
}

/// Each cycle once, as the rooms it passes, from the first.
fn rings<'a>(edges: &Edges<'a>) -> Vec<Vec<&'a str>> {
    let mut next: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for (from, to) in edges.keys() {
        next.entry(from).or_default().push(to);
    }
    let mut reported: BTreeSet<BTreeSet<&str>> = BTreeSet::new();
    let mut found = Vec::new();
    for &start in next.keys() {
        // Depth-first from `start`, looking for a way back to it.
        let mut stack: Vec<(&str, Vec<&str>)> = vec![(start, vec![start])];
        let mut seen: BTreeSet<&str> = BTreeSet::new();
        while let Some((at, trail)) = stack.pop() {
            for &to in next.get(at).into_iter().flatten() {
                if to == start {
                    if reported.insert(trail.iter().copied().collect()) {
                        found.push(trail.clone());
                    }
                } else if seen.insert(to) {
                    let mut longer = trail.clone();
                    longer.push(to);
                    stack.push((to, longer));
                }
            }
        }
    }
    found
}

/// `a cycle among L4 top modules: a -> b -> a` and a line per step; a cycle through an allowed
/// edge can cross layers, and then names each.
fn describe<'a>(edges: &Edges<'a>, trail: &[&str], layer_of: &impl Fn(&str) -> &'a str) -> String {
    let (ring, steps) = steps(edges, trail);
    let mut layers: Vec<&str> = Vec::new();
    for room in trail {
        let layer = layer_of(room);
        if !layers.contains(&layer) {
            layers.push(layer);
        }
    }
    let among = match layers.as_slice() {
        [one] => format!("{one} modules"),
        several => format!("modules of {}", several.join(" and ")),
    };
    format!("a cycle among {among}: {ring}\n{steps}")
}

/// `a -> b -> a`, and a line per step with the import behind it.
fn steps(edges: &Edges<'_>, trail: &[&str]) -> (String, String) {
    let mut ring = trail.to_vec();
    ring.push(trail[0]);
    let steps: Vec<String> = ring
        .windows(2)
        .map(|pair| {
            let (file, path) = &edges[&(pair[0], pair[1])];
            format!("    {} -> {} ({file}: `{path}`)", pair[0], pair[1])
        })
        .collect();
    (ring.join(" -> "), steps.join("\n"))
}
