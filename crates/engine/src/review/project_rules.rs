//! The project's rules as the user typed them, read as rules: what the Knowledge Manager's veto
//! must name (`grounding`). A heading ("## Project rules", "Conventions:") or a single word is no
//! rule, and a rule is matched by its words, never by a part of a word.

/// The rules of `text`, each as lower-case words: its list items when it has a list (the other
/// lines are headings or prose), else every line; never a heading nor a single word.
pub fn rules(text: &str) -> Vec<Vec<String>> {
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !is_heading(line))
        .collect();
    let has_list = lines.iter().any(|line| list_marker(line).is_some());
    lines
        .into_iter()
        .filter_map(|line| match list_marker(line) {
            Some(marker) => Some(&line[marker..]),
            None if has_list => None,
            None => Some(line),
        })
        .map(words)
        .filter(|rule| rule.len() >= 2)
        .collect()
}

/// Whether `cited` (a finding's rule) names one of the rules of `text`: it holds a whole rule, or
/// it is most of one (two thirds of its words, in order).
pub fn names_a_rule(cited: &str, text: &str) -> bool {
    let cited = words(cited);
    // A word or two ("tests") would match almost any rule.
    let letters: usize = cited.iter().map(|w| w.chars().count()).sum();
    if letters < 6 {
        return false;
    }
    rules(text).iter().any(|rule| {
        holds(&cited, rule) || (holds(rule, &cited) && cited.len() * 3 >= rule.len() * 2)
    })
}

/// `needle`'s words appear in `haystack`, in order and next to each other.
fn holds(haystack: &[String], needle: &[String]) -> bool {
    !needle.is_empty()
        && haystack
            .windows(needle.len())
            .any(|window| window == needle)
}

fn is_heading(line: &str) -> bool {
    line.starts_with('#') || line.ends_with(':')
}

/// The length of a list marker ("- ", "* ", "+ ", "1. ", "2) ") that starts `line`.
fn list_marker(line: &str) -> Option<usize> {
    if let Some(rest) = line.strip_prefix(['-', '*', '+']) {
        return rest.starts_with(' ').then_some(1);
    }
    let digits = line.chars().take_while(char::is_ascii_digit).count();
    let after = line[digits..].chars().next();
    (digits > 0 && matches!(after, Some('.' | ')'))).then_some(digits + 1)
}

/// Lower-case words, without punctuation.
fn words(text: &str) -> Vec<String> {
    text.to_lowercase()
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}
