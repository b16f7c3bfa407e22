//! The change under review, parsed in code: files, hunks, and added and removed lines with their
//! line numbers. Findings are checked against this, never against a model's reading of the diff.
//! Text that is not a unified diff is still reviewable: it becomes one file whose every line counts
//! as added, with a notice.
use serde::{Deserialize, Serialize};

use crate::record::review::body::ReviewBody;

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ParsedDiff {
    pub files: Vec<FileChange>,
    /// Set when the text was not a unified diff and is reviewed as plain text.
    pub notice: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FileChange {
    /// The path after the change (before it, for a deleted file), without `a/` or `b/`.
    pub path: String,
    pub hunks: Vec<Hunk>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Hunk {
    /// First line and number of lines of the hunk in the new file.
    pub new_start: u32,
    pub new_lines: u32,
    pub lines: Vec<DiffLine>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiffLine {
    pub kind: LineKind,
    /// Line number in the new file (for context and added lines) or the old one (removed lines).
    pub number: u32,
    pub text: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LineKind {
    Context,
    Added,
    Removed,
}

/// The path the text is reviewed under when it is not a diff.
pub const PLAIN_TEXT_PATH: &str = "code";

impl ParsedDiff {
    pub fn parse(text: &str) -> ParsedDiff {
        match parse_unified(text) {
            Some(files) if !files.is_empty() => ParsedDiff {
                files,
                notice: None,
            },
            _ => plain_text(text),
        }
    }

    pub fn file(&self, path: &str) -> Option<&FileChange> {
        let path = normalise_path(path);
        self.files.iter().find(|f| f.path == path)
    }

    /// Every added line with its file: what the secret scan reads.
    pub fn added_lines(&self) -> impl Iterator<Item = (&str, &DiffLine)> {
        self.files.iter().flat_map(|file| {
            file.hunks
                .iter()
                .flat_map(|h| h.lines.iter())
                .filter(|l| l.kind == LineKind::Added)
                .map(move |line| (file.path.as_str(), line))
        })
    }

    /// The diff as the committee reads it: each file and hunk, every line with its number, so a
    /// finding can cite what it saw.
    pub fn numbered(&self) -> String {
        let mut out = String::new();
        for file in &self.files {
            out.push_str(&format!("--- file: {}\n", file.path));
            for hunk in &file.hunks {
                out.push_str(&format!(
                    "@@ new lines {}-{} @@\n",
                    hunk.new_start,
                    hunk.new_start + hunk.new_lines.saturating_sub(1)
                ));
                for line in &hunk.lines {
                    let (mark, number) = match line.kind {
                        LineKind::Added => ('+', line.number.to_string()),
                        LineKind::Context => (' ', line.number.to_string()),
                        LineKind::Removed => ('-', "old".to_string()),
                    };
                    out.push_str(&format!("{number:>5} {mark} {}\n", line.text));
                }
            }
        }
        out
    }
}

impl FileChange {
    /// True when `start..=end` lies within one of the hunks (the lines the change shows).
    pub fn covers(&self, start: u32, end: u32) -> bool {
        start <= end
            && self.hunks.iter().any(|h| {
                let last = h.new_start + h.new_lines.saturating_sub(1);
                start >= h.new_start && end <= last.max(h.new_start)
            })
    }

    /// The new-file lines `start..=end` as shown in the diff (for showing beside a finding).
    pub fn lines_between(&self, start: u32, end: u32) -> Vec<DiffLine> {
        self.hunks
            .iter()
            .flat_map(|h| h.lines.iter())
            .filter(|l| l.kind != LineKind::Removed && l.number >= start && l.number <= end)
            .cloned()
            .collect()
    }
}

/// The record's code, parsed: the diff under review now.
impl ReviewBody {
    pub fn parsed(&self, original: &str) -> ParsedDiff {
        ParsedDiff::parse(self.current_code(original))
    }
}

/// `a/src/x.rs`, `b/src/x.rs` and `./src/x.rs` all name `src/x.rs`.
pub fn normalise_path(path: &str) -> String {
    let path = path.trim();
    let path = path
        .strip_prefix("a/")
        .or_else(|| path.strip_prefix("b/"))
        .unwrap_or(path);
    path.trim_start_matches("./").to_string()
}

fn plain_text(text: &str) -> ParsedDiff {
    let lines: Vec<DiffLine> = text
        .lines()
        .enumerate()
        .map(|(index, line)| DiffLine {
            kind: LineKind::Added,
            number: index as u32 + 1,
            text: line.to_string(),
        })
        .collect();
    ParsedDiff {
        files: vec![FileChange {
            path: PLAIN_TEXT_PATH.to_string(),
            hunks: vec![Hunk {
                new_start: 1,
                new_lines: lines.len() as u32,
                lines,
            }],
        }],
        notice: Some(
            "This is not a unified diff, so it is reviewed as plain text: one file named \"code\", \
             every line counted as new."
                .to_string(),
        ),
    }
}

/// `None` when a hunk header or a file header is malformed.
fn parse_unified(text: &str) -> Option<Vec<FileChange>> {
    let mut files: Vec<FileChange> = Vec::new();
    let mut old_path: Option<String> = None;
    let mut lines = text.lines().peekable();
    // Where the next line of the current hunk goes, and how many lines it still has.
    let (mut old_line, mut new_line) = (0u32, 0u32);
    let (mut old_left, mut new_left) = (0u32, 0u32);
    while let Some(line) = lines.next() {
        if old_left > 0 || new_left > 0 {
            let hunk = files.last_mut()?.hunks.last_mut()?;
            let (kind, body) = match line.chars().next() {
                Some('+') => (LineKind::Added, &line[1..]),
                Some('-') => (LineKind::Removed, &line[1..]),
                Some(' ') => (LineKind::Context, &line[1..]),
                None => (LineKind::Context, ""),
                Some('\\') => continue, // "\ No newline at end of file"
                _ => return None,
            };
            let number = match kind {
                LineKind::Added => {
                    new_left = new_left.checked_sub(1)?;
                    new_line += 1;
                    new_line - 1
                }
                LineKind::Removed => {
                    old_left = old_left.checked_sub(1)?;
                    old_line += 1;
                    old_line - 1
                }
                LineKind::Context => {
                    old_left = old_left.checked_sub(1)?;
                    new_left = new_left.checked_sub(1)?;
                    old_line += 1;
                    new_line += 1;
                    new_line - 1
                }
            };
            hunk.lines.push(DiffLine {
                kind,
                number,
                text: body.to_string(),
            });
            continue;
        }
        if let Some(path) = line.strip_prefix("--- ") {
            old_path = Some(header_path(path));
        } else if let Some(path) = line.strip_prefix("+++ ") {
            let new_path = header_path(path);
            let path = if new_path == "/dev/null" {
                old_path.take().unwrap_or_default()
            } else {
                new_path
            };
            files.push(FileChange {
                path: normalise_path(&path),
                hunks: Vec::new(),
            });
        } else if let Some(header) = line.strip_prefix("@@ ") {
            let (old, new) = hunk_ranges(header)?;
            files.last_mut()?.hunks.push(Hunk {
                new_start: new.0,
                new_lines: new.1,
                lines: Vec::new(),
            });
            (old_line, old_left) = old;
            (new_line, new_left) = new;
        }
        // Anything else (diff --git, index, mode lines, prose around the diff) is skipped.
        let _ = lines.peek();
    }
    Some(files.into_iter().filter(|f| !f.hunks.is_empty()).collect())
}

/// `a/src/x.rs\t2024-01-01 ...` -> `a/src/x.rs`.
fn header_path(raw: &str) -> String {
    raw.split('\t').next().unwrap_or(raw).trim().to_string()
}

/// `-10,7 +12,8 @@ fn x()` -> ((10, 7), (12, 8)); a missing count is 1.
fn hunk_ranges(header: &str) -> Option<((u32, u32), (u32, u32))> {
    let mut parts = header.split_whitespace();
    let old = range(parts.next()?.strip_prefix('-')?)?;
    let new = range(parts.next()?.strip_prefix('+')?)?;
    Some((old, new))
}

fn range(text: &str) -> Option<(u32, u32)> {
    match text.split_once(',') {
        Some((start, count)) => Some((start.parse().ok()?, count.parse().ok()?)),
        None => Some((text.parse().ok()?, 1)),
    }
}
