//! The caller's table as rooms: each a module path in one layer, found by longest prefix.

use crate::Rules;

#[derive(Debug, PartialEq)]
pub(crate) struct Room<'a> {
    /// As the table writes it: `ui/consult`.
    pub name: &'a str,
    pub segments: Vec<&'a str>,
    /// Its layer's place, bottom first, and name.
    pub layer: usize,
    pub layer_name: &'a str,
}

pub(crate) struct Rooms<'a> {
    pub all: Vec<Room<'a>>,
}

impl<'a> Rooms<'a> {
    pub fn new(rules: &Rules<'a>) -> Self {
        let mut all = Vec::new();
        for (layer, (layer_name, rooms)) in rules.layers.iter().enumerate() {
            for name in *rooms {
                all.push(Room {
                    name,
                    segments: name.split('/').collect(),
                    layer,
                    layer_name,
                });
            }
        }
        Rooms { all }
    }

    pub fn named(&self, name: &str) -> Option<&Room<'a>> {
        self.all.iter().find(|room| room.name == name)
    }

    /// The room whose module path is the longest prefix of `path`.
    pub fn room_of<S: AsRef<str>>(&self, path: &[S]) -> Option<&Room<'a>> {
        self.all
            .iter()
            .filter(|room| starts_with(path, &room.segments))
            .max_by_key(|room| room.segments.len())
    }

    /// How to name a module in no room for the table: its first segments that lead to no room
    /// (`newcomer` for `newcomer/a.rs`, `ui/shell` for `ui/shell.rs` beside the room `ui/consult`).
    pub fn unplaced_name<S: AsRef<str>>(&self, module: &[S]) -> String {
        let leads_to_a_room = |prefix: &[S]| {
            self.all
                .iter()
                .any(|room| starts_with(&room.segments, prefix))
        };
        let length = (1..=module.len())
            .find(|&length| !leads_to_a_room(&module[..length]))
            .unwrap_or(module.len());
        let names: Vec<&str> = module[..length].iter().map(AsRef::as_ref).collect();
        names.join("/")
    }
}

/// `path` begins with `prefix`, segment by segment.
pub(crate) fn starts_with<P: AsRef<str>, Q: AsRef<str>>(path: &[P], prefix: &[Q]) -> bool {
    path.len() >= prefix.len()
        && path
            .iter()
            .zip(prefix)
            .all(|(a, b)| a.as_ref() == b.as_ref())
}

#[cfg(test)]
mod tests {
    use super::*;

    const RULES: Rules = Rules {
        layers: &[("low", &["ui/widgets"]), ("high", &["ui", "ui/consult"])],
        apart: &[],
        allowed: &[],
        table: "LAYERS",
    };

    #[test]
    fn a_module_is_in_the_room_with_the_longest_prefix() {
        let rooms = Rooms::new(&RULES);
        let room = |path: &[&str]| rooms.room_of(path).map(|room| room.name);
        assert_eq!(room(&["ui", "consult", "new"]), Some("ui/consult"));
        assert_eq!(room(&["ui", "consult"]), Some("ui/consult"));
        assert_eq!(room(&["ui", "shell"]), Some("ui"));
        assert_eq!(room(&["ui", "widgets", "chip", "Chip"]), Some("ui/widgets"));
        assert_eq!(room(&["uix"]), None);
        assert_eq!(rooms.named("ui/widgets").map(|room| room.layer), Some(0));
    }

    #[test]
    fn a_module_in_no_room_is_named_down_to_where_it_leaves_the_rooms() {
        let rooms = Rooms::new(&Rules {
            layers: &[("ui", &["ui/consult"])],
            ..RULES
        });
        assert_eq!(rooms.unplaced_name(&["newcomer", "a"]), "newcomer");
        assert_eq!(rooms.unplaced_name(&["ui", "shell", "a"]), "ui/shell");
        assert_eq!(rooms.unplaced_name(&["ui"]), "ui");
    }
}
