//! A crate's source files, and the module each one is.

use std::path::Path;

/// Every `.rs` file under `dir` (a crate's `src`), as its path below `dir` with `/` between
/// folders and its text, sorted by path. Panics when `dir` cannot be read: it is for tests.
pub fn read_sources(dir: &Path) -> Vec<(String, String)> {
    let mut files = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(folder) = dirs.pop() {
        let entries = std::fs::read_dir(&folder)
            .unwrap_or_else(|error| panic!("reading {}: {error}", folder.display()));
        for entry in entries {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|ext| ext == "rs") {
                let relative = path.strip_prefix(dir).expect("under the source folder");
                let name = relative
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy().into_owned())
                    .collect::<Vec<_>>()
                    .join("/");
                let text = std::fs::read_to_string(&path)
                    .unwrap_or_else(|error| panic!("reading {}: {error}", path.display()));
                files.push((name, text));
            }
        }
    }
    files.sort();
    files
}

/// The module a file is: `ui/consult/new.rs` is `ui::consult::new`, `ui/consult/mod.rs` is
/// `ui::consult`; the crate roots `lib.rs` and `main.rs` are the empty path.
pub(crate) fn module_of(file: &str) -> Vec<String> {
    let mut parts: Vec<String> = file
        .strip_suffix(".rs")
        .unwrap_or(file)
        .split('/')
        .map(String::from)
        .collect();
    let root = parts.len() == 1 && (parts[0] == "lib" || parts[0] == "main");
    if root || parts.last().is_some_and(|last| last == "mod") {
        parts.pop();
    }
    parts
}

#[cfg(test)]
mod tests {
    use super::module_of;

    #[test]
    fn a_file_is_the_module_its_path_names() {
        assert_eq!(module_of("ui/consult/new.rs"), ["ui", "consult", "new"]);
        assert_eq!(module_of("ui/consult/mod.rs"), ["ui", "consult"]);
        assert_eq!(module_of("demo.rs"), ["demo"]);
        assert!(module_of("lib.rs").is_empty());
        assert!(module_of("main.rs").is_empty());
        assert_eq!(module_of("ui/main.rs"), ["ui", "main"]);
    }
}
