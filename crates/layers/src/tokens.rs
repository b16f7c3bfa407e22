//! Enough of Rust's lexer to find paths: identifiers, `::` and punctuation, with comments,
//! strings and char literals removed so that a path inside them is not read as an import.

#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Token {
    Ident(String),
    /// `::`
    Path,
    Punct(char),
}

/// Identifiers, `::` and single punctuation, with comments, strings and char literals removed.
pub(crate) fn tokens(text: &str) -> Vec<Token> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            i = after_block_comment(&chars, i);
        } else if let Some(r) = raw_string_at(&chars, i) {
            i = after_raw_string(&chars, r);
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
        } else if c == '\'' {
            i = after_quote(&chars, i);
        } else if is_ident_start(c) {
            let start = i;
            while i < chars.len() && is_ident_char(chars[i]) {
                i += 1;
            }
            out.push(Token::Ident(chars[start..i].iter().collect()));
        } else if c == ':' && next == Some(':') {
            out.push(Token::Path);
            i += 2;
        } else {
            if !c.is_whitespace() && !c.is_numeric() {
                out.push(Token::Punct(c));
            }
            i += 1;
        }
    }
    out
}

fn is_ident_start(c: char) -> bool {
    c.is_alphabetic() || c == '_'
}

fn is_ident_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Block comments nest in Rust: `/* a /* b */ c */` is one comment.
fn after_block_comment(chars: &[char], mut i: usize) -> usize {
    let mut depth = 0;
    while i < chars.len() {
        if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
            depth += 1;
            i += 2;
        } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
            depth -= 1;
            i += 2;
            if depth == 0 {
                break;
            }
        } else {
            i += 1;
        }
    }
    i
}

/// Where the `r` is when a raw string starts at `i` (`r"`, `r#"`, `br"`, `cr"`), and not an
/// identifier that happens to end in r.
fn raw_string_at(chars: &[char], i: usize) -> Option<usize> {
    if i > 0 && is_ident_char(chars[i - 1]) {
        return None;
    }
    let r = if matches!(chars[i], 'b' | 'c') {
        i + 1
    } else {
        i
    };
    if chars.get(r) != Some(&'r') {
        return None;
    }
    let mut j = r + 1;
    while chars.get(j) == Some(&'#') {
        j += 1;
    }
    (chars.get(j) == Some(&'"')).then_some(r)
}

/// Past a raw string starting at its `r`: it ends at a quote followed by as many `#` as it opened with.
fn after_raw_string(chars: &[char], i: usize) -> usize {
    let mut j = i + 1;
    let mut hashes = 0;
    while chars[j] == '#' {
        hashes += 1;
        j += 1;
    }
    j += 1; // the opening quote
    while j < chars.len() {
        if chars[j] == '"' && (1..=hashes).all(|h| chars.get(j + h) == Some(&'#')) {
            return j + 1 + hashes;
        }
        j += 1;
    }
    j
}

/// Past a char literal ('x', '\n', '\'', '\u{..}'), or past the name of a lifetime or label.
fn after_quote(chars: &[char], i: usize) -> usize {
    if chars.get(i + 1) == Some(&'\\') {
        // The quote, the backslash and the escaped char, then on to the closing quote.
        let mut j = i + 3;
        while j < chars.len() && chars[j] != '\'' {
            j += 1;
        }
        j + 1
    } else if chars.get(i + 2) == Some(&'\'') {
        i + 3
    } else {
        let mut j = i + 1;
        while j < chars.len() && is_ident_char(chars[j]) {
            j += 1;
        }
        j
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn idents(text: &str) -> Vec<String> {
        tokens(text)
            .into_iter()
            .filter_map(|token| match token {
                Token::Ident(name) => Some(name),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn comments_strings_and_chars_hide_what_they_hold() {
        let text = "a // b\n c /* d /* e */ f */ g \"h \\\" i\" j r#\"k \"l\"# m '\\'' n 'o' p \
                    br\"q\\\" r \"s\" b'\\\\' t";
        assert_eq!(
            idents(text),
            ["a", "c", "g", "j", "m", "n", "p", "r", "b", "t"]
        );
    }

    #[test]
    fn lifetimes_and_labels_are_not_char_literals() {
        let text = "fn f<'a>(x: &'a str) { 'outer: loop { break 'outer; } y }";
        assert!(idents(text).ends_with(&["loop".into(), "break".into(), "y".into()]));
    }

    #[test]
    fn paths_are_identifiers_joined_by_path_tokens() {
        assert_eq!(
            tokens("$crate::a::{b}"),
            [
                Token::Punct('$'),
                Token::Ident("crate".into()),
                Token::Path,
                Token::Ident("a".into()),
                Token::Path,
                Token::Punct('{'),
                Token::Ident("b".into()),
                Token::Punct('}'),
            ]
        );
    }
}
