//! Outside crates a room keeps out: a room that must run without one (the shell's run driver,
//! without Leptos) fails its test the moment a file of it names that crate, in a path, a `use`,
//! an attribute or a macro. Comments and strings do not count.

use crate::sources::module_of;
use crate::tokens::{tokens, Token};

/// A room and the outside crates none of its files may name, and why, for the message.
#[derive(Clone, Copy, Debug)]
pub struct KeptOut<'a> {
    /// A module path written `run` or `ui/widgets`: the files in it and below it.
    pub room: &'a str,
    pub crates: &'a [&'a str],
    pub why: &'a str,
}

/// Each file of `kept_out.room` that names one of its crates, as a sentence; empty when none
/// does. `files` are as `read_sources` gives them.
pub fn crates_named(files: &[(String, String)], kept_out: &KeptOut) -> Vec<String> {
    let room: Vec<&str> = kept_out.room.split('/').collect();
    let mut problems = Vec::new();
    for (file, text) in files {
        let module = module_of(file);
        if module.len() < room.len() || module.iter().zip(&room).any(|(m, r)| m != r) {
            continue;
        }
        let named: Vec<&str> = kept_out
            .crates
            .iter()
            .copied()
            .filter(|name| {
                tokens(text)
                    .iter()
                    .any(|token| matches!(token, Token::Ident(ident) if ident == name))
            })
            .collect();
        for name in named {
            problems.push(format!(
                "{file}: names `{name}`, which {} keeps out ({})",
                kept_out.room, kept_out.why
            ));
        }
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;

    const NO_LEPTOS: KeptOut = KeptOut {
        room: "run",
        crates: &["leptos"],
        why: "it runs in a worker",
    };

    fn files(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter()
            .map(|(file, text)| (file.to_string(), text.to_string()))
            .collect()
    }

    #[test]
    fn a_file_of_the_room_that_names_the_crate_is_reported() {
        let files = files(&[
            ("run/driver.rs", "use leptos::task::spawn_local;"),
            ("run/inner/deep.rs", "#[leptos::component] fn F() {}"),
            ("run/mod.rs", "pub mod driver;"),
            (
                "run/sink.rs",
                "fn f() { ::leptos::prelude::RwSignal::new(1); }",
            ),
        ]);
        assert_eq!(
            crates_named(&files, &NO_LEPTOS),
            [
                "run/driver.rs: names `leptos`, which run keeps out (it runs in a worker)",
                "run/inner/deep.rs: names `leptos`, which run keeps out (it runs in a worker)",
                "run/sink.rs: names `leptos`, which run keeps out (it runs in a worker)",
            ]
        );
    }

    #[test]
    fn comments_strings_and_other_rooms_do_not_count() {
        let files = files(&[
            (
                "run/driver.rs",
                "//! No Leptos here: not `leptos::task`.\nconst S: &str = \"leptos\";",
            ),
            ("runs/live.rs", "use leptos::prelude::*;"),
            ("app/runs.rs", "use leptos::prelude::*;"),
        ]);
        assert!(crates_named(&files, &NO_LEPTOS).is_empty());
    }
}
