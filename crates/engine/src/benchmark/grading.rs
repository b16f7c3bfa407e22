//! Grading an arm's `final_answer` against a question's answer, in code. Lenient about form (case,
//! spacing, thousands separators, "(B)" for "B") and strict about substance.
use crate::record::benchmark::question::{Grader, Question};

/// Whether `final_answer` answers `question` correctly. An answer with nothing gradable in it (no
/// number for a numeric question, no letter for a choice) is wrong, not an error.
pub fn is_correct(question: &Question, final_answer: &str) -> bool {
    match &question.grader {
        Grader::Exact => normalise(final_answer) == normalise(&question.answer),
        Grader::Numeric { tolerance } => {
            match (answer_number(&question.answer), answer_number(final_answer)) {
                (Some(expected), Some(given)) => (given - expected).abs() <= tolerance.abs(),
                _ => false,
            }
        }
        Grader::Choice => match (choice_letter(&question.answer), choice_letter(final_answer)) {
            (Some(expected), Some(given)) => expected == given,
            _ => false,
        },
        Grader::Regex { pattern } => regex_lite::Regex::new(pattern)
            .map(|regex| regex.is_match(final_answer.trim()))
            .unwrap_or(false),
    }
}

/// Lower case, single spaces, no surrounding space or final full stop.
fn normalise(text: &str) -> String {
    let words: Vec<&str> = text.split_whitespace().collect();
    words.join(" ").trim_end_matches('.').trim().to_lowercase()
}

/// The number an answer gives: the whole answer when it is one ("1,234", "-7.5"), else the last
/// number in it ("so the result is 42"), since reasoning comes before a conclusion.
pub fn answer_number(text: &str) -> Option<f64> {
    let whole = text.trim().trim_end_matches('.');
    if let Some(number) = parse_number(whole) {
        return Some(number);
    }
    number_tokens(text)
        .into_iter()
        .rev()
        .find_map(|token| parse_number(&token))
}

fn parse_number(token: &str) -> Option<f64> {
    let token = token.trim();
    if token.is_empty() || !token.bytes().any(|b| b.is_ascii_digit()) {
        return None;
    }
    let without_separators: String = token.chars().filter(|&c| c != ',' && c != '_').collect();
    without_separators
        .parse::<f64>()
        .ok()
        .filter(|n| n.is_finite())
}

/// Runs of `-`, digits, `,` and `.` that hold a digit, with a leading minus kept only when it
/// starts the token (so "10-3" reads as 10 and 3, not as a negative three).
fn number_tokens(text: &str) -> Vec<String> {
    let mut tokens = Vec::new();
    let mut current = String::new();
    let mut previous: Option<char> = None;
    for c in text.chars() {
        let minus_starts =
            c == '-' && current.is_empty() && !previous.is_some_and(|p| p.is_ascii_alphanumeric());
        if c.is_ascii_digit() || minus_starts || (!current.is_empty() && (c == ',' || c == '.')) {
            current.push(c);
        } else if !current.is_empty() {
            tokens.push(std::mem::take(&mut current));
        }
        previous = Some(c);
    }
    tokens.push(current);
    tokens
        .into_iter()
        .map(|token| token.trim_end_matches([',', '.']).to_string())
        .filter(|token| token.bytes().any(|b| b.is_ascii_digit()))
        .collect()
}

/// The letter of a multiple-choice answer, A to J: "B", "b", "(B)", "B) 42", "B. 42", "Answer: B",
/// "The answer is (c)". `None` when no letter stands out. Lower-case lone words elsewhere ("a") are
/// articles, not choices.
pub fn choice_letter(text: &str) -> Option<char> {
    let text = text.trim();
    let is_choice = |c: char| ('A'..='J').contains(&c.to_ascii_uppercase());
    // The whole answer is one letter, bare or bracketed: "b", "(B)", "B.".
    let bare = text.trim_matches(|c: char| !c.is_ascii_alphanumeric());
    if bare.len() == 1 {
        return bare
            .chars()
            .next()
            .filter(|&c| is_choice(c))
            .map(|c| c.to_ascii_uppercase());
    }
    // A letter in brackets anywhere, the last one winning: "The answer is (c)".
    let bytes = text.as_bytes();
    let bracketed = (0..bytes.len().saturating_sub(2))
        .rev()
        .find(|&i| bytes[i] == b'(' && bytes[i + 2] == b')' && is_choice(bytes[i + 1] as char));
    if let Some(i) = bracketed {
        return Some((bytes[i + 1] as char).to_ascii_uppercase());
    }
    // A leading capital followed by punctuation: "B) 42", "C. Paris", "D: none".
    let mut chars = text.chars();
    if let (Some(first), Some(second)) = (chars.next(), chars.next()) {
        if first.is_ascii_uppercase() && is_choice(first) && matches!(second, ')' | '.' | ':') {
            return Some(first);
        }
    }
    // Otherwise the last lone capital letter: "Answer: B", "I pick C".
    text.split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|word| word.len() == 1)
        .filter_map(|word| word.chars().next())
        .rfind(|&c| c.is_ascii_uppercase() && is_choice(c) && c != 'I')
}

/// What two answers must share to count as the same vote: the number for a numeric question
/// ("1,234" and "1234.0" agree), the letter for a choice, else the normalised text (case, spacing
/// and a final full stop ignored). `None` for an answer with nothing gradable in it, which casts
/// no vote.
pub fn vote_key(question: &Question, final_answer: &str) -> Option<String> {
    match &question.grader {
        Grader::Numeric { .. } => answer_number(final_answer).map(|n| format!("{}", n + 0.0)),
        Grader::Choice => choice_letter(final_answer).map(String::from),
        Grader::Exact | Grader::Regex { .. } => {
            Some(normalise(final_answer)).filter(|key| !key.is_empty())
        }
    }
}

/// Whether the grader takes `a` and `b` for the same answer, so they are one vote: numbers within
/// the question's tolerance of each other (3.14 and 3.1416 at 0.01), the same letter for a choice,
/// the same normalised text, or for a regex question both matching its pattern. Answers with
/// nothing gradable in them are the same as nothing.
pub fn same_answer(question: &Question, a: &str, b: &str) -> bool {
    match &question.grader {
        Grader::Numeric { tolerance } => match (answer_number(a), answer_number(b)) {
            (Some(a), Some(b)) => (a - b).abs() <= tolerance.abs(),
            _ => false,
        },
        Grader::Regex { .. } => {
            vote_key(question, a).is_some_and(|key| Some(key) == vote_key(question, b))
                || (is_correct(question, a) && is_correct(question, b))
        }
        Grader::Exact | Grader::Choice => {
            vote_key(question, a).is_some_and(|key| Some(key) == vote_key(question, b))
        }
    }
}
