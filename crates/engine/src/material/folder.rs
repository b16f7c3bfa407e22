//! A folder picked as material (Review's context files, where the browser offers a directory
//! picker): its text files only, chosen by their paths before any is read. Files under a hidden
//! or dependency/build folder (`.git`, `node_modules`, `target`...) and files whose extension says
//! they are not text (images, PDFs, archives, binaries) are skipped; of the rest, as many as the
//! material has room for, in path order. Every skip is said. A file read and found not to be
//! text after all is refused by the extraction, as any file is.
use crate::foundation::words::and_list;

/// Folders whose files are tools' output or other people's code, not the project's.
const SKIPPED_FOLDERS: &[&str] = &[
    "node_modules",
    "target",
    "dist",
    "build",
    "vendor",
    "__pycache__",
];

/// Extensions of files that are not text.
const NOT_TEXT: &[&str] = &[
    "png", "jpg", "jpeg", "gif", "webp", "bmp", "ico", "svgz", "pdf", "docx", "doc", "xlsx", "xls",
    "pptx", "zip", "gz", "tgz", "bz2", "xz", "7z", "rar", "tar", "jar", "wasm", "exe", "dll", "so",
    "dylib", "a", "o", "class", "pyc", "bin", "dat", "db", "sqlite", "woff", "woff2", "ttf", "otf",
    "eot", "mp3", "mp4", "mov", "avi", "wav", "ogg", "webm",
];

/// Which files of a folder to read (by index in the picked order), and what was skipped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FolderChoice {
    pub read: Vec<usize>,
    /// "Skipped 5 files of src: 3 that are not text (logo.png, app.wasm and 1 more), 2 in hidden
    /// or build folders."; None when nothing was.
    pub skipped: Option<String>,
}

/// `paths`: each picked file's path within the folder ("src/app/main.rs"); `room`: how many
/// sources the material can still take.
pub fn choose_folder_files(paths: &[String], room: usize) -> FolderChoice {
    let mut order: Vec<usize> = (0..paths.len()).collect();
    consilium_order::sort_by(&mut order, |a, b| paths[*a].cmp(&paths[*b]));
    let (mut not_text, mut hidden, mut past_limit) = (Vec::new(), 0usize, Vec::new());
    let mut read = Vec::new();
    for index in order {
        let path = &paths[index];
        let parts: Vec<&str> = path.split('/').filter(|p| !p.is_empty()).collect();
        let (file, folders) = parts.split_last().unwrap_or((&"", &[]));
        // The first part is the picked folder itself, whatever its name.
        let in_skipped_folder = folders
            .iter()
            .skip(1)
            .any(|f| f.starts_with('.') || SKIPPED_FOLDERS.contains(f));
        if in_skipped_folder || file.starts_with('.') {
            hidden += 1;
        } else if is_not_text(file) {
            not_text.push(file.to_string());
        } else if read.len() >= room {
            past_limit.push(path.clone());
        } else {
            read.push(index);
        }
    }
    let total = not_text.len() + hidden + past_limit.len();
    let skipped = (total > 0).then(|| {
        let mut reasons = Vec::new();
        if !not_text.is_empty() {
            reasons.push(format!(
                "{} that {} not text ({})",
                not_text.len(),
                if not_text.len() == 1 { "is" } else { "are" },
                a_few(&not_text)
            ));
        }
        if hidden > 0 {
            reasons.push(format!("{hidden} in hidden or build folders"));
        }
        if !past_limit.is_empty() {
            reasons.push(format!(
                "{} past the limit of sources ({})",
                past_limit.len(),
                a_few(&past_limit)
            ));
        }
        let folder = paths
            .first()
            .and_then(|p| p.split('/').next())
            .filter(|f| !f.is_empty())
            .unwrap_or("the folder");
        format!(
            "Skipped {total} {} of {folder}: {}.",
            if total == 1 { "file" } else { "files" },
            and_list(&reasons)
        )
    });
    FolderChoice { read, skipped }
}

fn is_not_text(file: &str) -> bool {
    file.rsplit_once('.')
        .is_some_and(|(_, ext)| NOT_TEXT.contains(&ext.to_ascii_lowercase().as_str()))
}

/// The first two names, and how many more.
fn a_few(names: &[String]) -> String {
    match names {
        [a] => a.clone(),
        [a, b] => format!("{a}, {b}"),
        [a, b, rest @ ..] => format!("{a}, {b} and {} more", rest.len()),
        [] => String::new(),
    }
}
