//! Cycles among the imports that no other check reported.

use std::collections::{BTreeMap, BTreeSet};

/// One import between two rooms, kept for its first occurrence: the file and the path as written.
pub(crate) type Edges<'a> = BTreeMap<(&'a str, &'a str), (String, String)>;

/// Each cycle once, with the import behind each step; `layer_of` names a room's layer.
pub(crate) fn cycles<'a>(edges: &Edges<'a>, layer_of: impl Fn(&str) -> &'a str) -> Vec<String> {
    let mut next: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for (from, to) in edges.keys() {
        next.entry(from).or_default().push(to);
    }
    let mut reported: BTreeSet<BTreeSet<&str>> = BTreeSet::new();
    let mut problems = Vec::new();
    for &start in next.keys() {
        // Depth-first from `start`, looking for a way back to it.
        let mut stack: Vec<(&str, Vec<&str>)> = vec![(start, vec![start])];
        let mut seen: BTreeSet<&str> = BTreeSet::new();
        while let Some((at, trail)) = stack.pop() {
            for &to in next.get(at).into_iter().flatten() {
                if to == start {
                    if reported.insert(trail.iter().copied().collect()) {
                        problems.push(describe(edges, &trail, &layer_of));
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

/// `a cycle among L4 top modules: a -> b -> a` and a line per step; a cycle through an allowed
/// edge can cross layers, and then names each.
fn describe<'a>(edges: &Edges<'a>, trail: &[&str], layer_of: &impl Fn(&str) -> &'a str) -> String {
    let mut ring = trail.to_vec();
    ring.push(trail[0]);
    let steps: Vec<String> = ring
        .windows(2)
        .map(|pair| {
            let (file, path) = &edges[&(pair[0], pair[1])];
            format!("    {} -> {} ({file}: `{path}`)", pair[0], pair[1])
        })
        .collect();
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
    format!(
        "a cycle among {among}: {}\n{}",
        ring.join(" -> "),
        steps.join("\n")
    )
}
