//! Every path into the crate that a file names, resolved from the crate root: `crate::a::b`,
//! `$crate::a` in a macro, each branch of `use crate::{a::{b, c}, d}`, and `super::` climbing from
//! the file's module (and any inline `mod x { }` it is in). `self::` and plain relative paths stay
//! inside their module, so they are not read.

use crate::tokens::{tokens, Token};

/// One path into the crate, as a file writes it, with the module it starts from.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct CratePath {
    /// Where the path starts in the file (a token index): the branches of one `use` group share it.
    pub at: usize,
    /// `crate`, or `super` once per climb (`$crate` is written `crate`).
    pub prefix: Vec<&'static str>,
    /// The module the prefix names, from the crate root: empty for `crate::`.
    pub base: Vec<String>,
    /// What is written after the prefix, one branch of each group (a `self` branch adds nothing).
    pub segments: Vec<Segment>,
}

#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Segment {
    pub name: String,
    /// It opens a branch of a group (`b` and `c` in `a::{b, c}`): cut there, the path reads `a::{..}`.
    pub branch: bool,
}

impl CratePath {
    /// The module path it names from the crate root, its last segments perhaps an item.
    pub fn resolved(&self) -> Vec<&str> {
        let written = self.segments.iter().map(|segment| segment.name.as_str());
        self.base
            .iter()
            .map(String::as_str)
            .chain(written)
            .collect()
    }

    /// The path as written, up to the first `reach` segments of `resolved` and one more, which
    /// reads `{..}` where a group opens.
    pub fn written(&self, reach: usize) -> String {
        let cut = reach.saturating_sub(self.base.len());
        let mut parts: Vec<&str> = self.prefix.clone();
        parts.extend(self.segments.iter().take(cut).map(|s| s.name.as_str()));
        if let Some(next) = self.segments.get(cut) {
            parts.push(if next.branch { "{..}" } else { &next.name });
        }
        parts.join("::")
    }
}

/// Every path into the crate in `text`, a file whose module is `module` (`["ui", "consult"]`).
/// A `super::` that climbs above the crate root is not Rust, and is skipped.
pub(crate) fn crate_paths(module: &[String], text: &str) -> Vec<CratePath> {
    let tokens = tokens(text);
    // Inline modules (`mod tests { ... }`), each with the brace depth it opened at.
    let mut inline: Vec<(usize, String)> = Vec::new();
    let mut braces = 0usize;
    let mut found = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let after_path = i > 0 && tokens[i - 1] == Token::Path;
        match &tokens[i] {
            Token::Punct('{') => braces += 1,
            Token::Punct('}') => {
                braces = braces.saturating_sub(1);
                if inline.last().is_some_and(|(depth, _)| *depth == braces) {
                    inline.pop();
                }
            }
            Token::Ident(word)
                if word == "mod" && tokens.get(i + 2) == Some(&Token::Punct('{')) =>
            {
                if let Some(Token::Ident(name)) = tokens.get(i + 1) {
                    inline.push((braces, name.clone()));
                }
            }
            // `crate::` (also `$crate::`, whose `$` is punctuation), not `x::crate`.
            Token::Ident(word) if word == "crate" && !after_path && is_path_at(&tokens, i + 1) => {
                i = push_tree(&mut found, &tokens, i, vec!["crate"], Vec::new());
                continue;
            }
            Token::Ident(word) if word == "super" && !after_path && is_path_at(&tokens, i + 1) => {
                let mut climbs = 0;
                while tokens.get(i + 2 * climbs) == Some(&Token::Ident("super".into()))
                    && is_path_at(&tokens, i + 2 * climbs + 1)
                {
                    climbs += 1;
                }
                let here: Vec<String> = module
                    .iter()
                    .cloned()
                    .chain(inline.iter().map(|(_, name)| name.clone()))
                    .collect();
                if climbs > here.len() {
                    i += 2 * climbs;
                    continue;
                }
                let base = here[..here.len() - climbs].to_vec();
                let prefix = vec!["super"; climbs];
                i = push_tree(&mut found, &tokens, i + 2 * (climbs - 1), prefix, base);
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    found
}

fn is_path_at(tokens: &[Token], at: usize) -> bool {
    tokens.get(at) == Some(&Token::Path)
}

/// Reads the tree after the prefix whose last word is at `at` (followed by `::`), pushes one
/// path per branch, and returns where the tree ends.
fn push_tree(
    found: &mut Vec<CratePath>,
    tokens: &[Token],
    at: usize,
    prefix: Vec<&'static str>,
    base: Vec<String>,
) -> usize {
    let mut leaves = Vec::new();
    let end = tree(tokens, at + 2, Vec::new(), false, &mut leaves);
    for segments in leaves {
        found.push(CratePath {
            at,
            prefix: prefix.clone(),
            base: base.clone(),
            segments,
        });
    }
    end
}

/// The leaves of the use tree at `at` (`a::b`, `a::{b, c::{d}}`, `a::*`, `self`), each `stem`
/// and the segments after it; returns where the tree ends. Outside `use`, a path is a tree with
/// one leaf, ending at the first token that is not `::` and a name (`f(`, `::<T>`, `!`, `;`).
fn tree(
    tokens: &[Token],
    at: usize,
    stem: Vec<Segment>,
    branch: bool,
    leaves: &mut Vec<Vec<Segment>>,
) -> usize {
    let mut path = stem;
    let mut first = branch;
    let mut i = at;
    loop {
        match tokens.get(i) {
            Some(Token::Ident(name)) => {
                if name != "self" {
                    path.push(Segment {
                        name: name.clone(),
                        branch: first,
                    });
                }
                first = false;
                i += 1;
                let more = matches!(
                    tokens.get(i + 1),
                    Some(Token::Ident(_)) | Some(Token::Punct('{'))
                );
                if !(is_path_at(tokens, i) && more) {
                    break;
                }
                i += 1;
            }
            Some(Token::Punct('{')) => {
                i += 1;
                loop {
                    match tokens.get(i) {
                        None => return i,
                        Some(Token::Punct('}')) => return i + 1,
                        Some(Token::Punct(',')) => i += 1,
                        Some(_) => {
                            let end = tree(tokens, i, path.clone(), true, leaves);
                            i = branch_end(tokens, end.max(i + 1));
                        }
                    }
                }
            }
            // `*`, or nothing more: the path so far is the leaf.
            _ => break,
        }
    }
    leaves.push(path);
    i
}

/// The `,` or `}` that ends a group's branch at or after `at`, past an `as x` or a nested group.
fn branch_end(tokens: &[Token], mut at: usize) -> usize {
    let mut depth = 0usize;
    while let Some(token) = tokens.get(at) {
        match token {
            Token::Punct('{') => depth += 1,
            Token::Punct('}') if depth == 0 => return at,
            Token::Punct('}') => depth -= 1,
            Token::Punct(',') if depth == 0 => return at,
            _ => {}
        }
        at += 1;
    }
    at
}

#[cfg(test)]
mod tests {
    use super::*;

    fn module(path: &str) -> Vec<String> {
        path.split('/').map(String::from).collect()
    }

    /// Each path as `resolved <- written (whole)`.
    fn read(module_path: &str, text: &str) -> Vec<String> {
        crate_paths(&module(module_path), text)
            .iter()
            .map(|path| {
                format!(
                    "{} <- {}",
                    path.resolved().join("::"),
                    path.written(usize::MAX)
                )
            })
            .collect()
    }

    #[test]
    fn crate_paths_end_where_the_path_does() {
        assert_eq!(
            read(
                "app",
                "fn f() { crate::a::b::f::<u8>(); crate::a::C { x }; crate::m!(); }"
            ),
            [
                "a::b::f <- crate::a::b::f",
                "a::C <- crate::a::C",
                "m <- crate::m"
            ]
        );
    }

    #[test]
    fn nested_use_groups_expand_at_every_level() {
        assert_eq!(
            read(
                "app",
                "use crate::{ui::{consult::{a, b as c}, review::d, self}, app, x::*};"
            ),
            [
                "ui::consult::a <- crate::ui::consult::a",
                "ui::consult::b <- crate::ui::consult::b",
                "ui::review::d <- crate::ui::review::d",
                "ui <- crate::ui",
                "app <- crate::app",
                "x <- crate::x",
            ]
        );
    }

    #[test]
    fn a_group_reads_as_braces_where_the_written_path_is_cut() {
        let paths = crate_paths(&module("app"), "use crate::ui::{consult::a, review};");
        assert_eq!(paths[0].written(1), "crate::ui::{..}");
        assert_eq!(paths[0].written(2), "crate::ui::consult::a");
        assert_eq!(paths[1].written(1), "crate::ui::{..}");
        assert_eq!(paths[0].at, paths[1].at);
    }

    #[test]
    fn super_climbs_from_the_file_and_its_inline_modules() {
        assert_eq!(
            read(
                "ui/consult/form",
                "use super::super::review::{x, y};\n\
                 mod tests { use super::*; mod inner { use super::super::super::widgets::b; } }\n\
                 fn f() { super::super::super::super::too_far::x(); }"
            ),
            [
                "ui::review::x <- super::super::review::x",
                "ui::review::y <- super::super::review::y",
                "ui::consult::form <- super",
                "ui::consult::widgets::b <- super::super::super::widgets::b",
            ]
        );
    }

    #[test]
    fn macro_paths_read_as_crate_and_other_crates_paths_are_not_read() {
        assert_eq!(
            read(
                "record",
                "macro_rules! m { () => { $crate::harness::Run } }\n\
                 use other::crate::x; use self::y::z; use std::sync::Arc; pub(crate) fn f() {}"
            ),
            ["harness::Run <- crate::harness::Run"]
        );
    }
}
