//! Free text: a reply without JSON that a round can still take as the participant's own words
//! (Consult's panelists in rounds 1 and 3), after the one re-ask. Many small local models and some
//! providers without structured output answer only in prose; they are heard rather than dropped.
//!
//! Never taken, so that nothing but a participant's own words is ever shown as its answer:
//! - a reply with any JSON object in it, even a broken one (the model tried the format; its
//!   half-written fields are no answer to show);
//! - an empty or near-empty reply (fewer than `MIN_WORDS` words: "no idea", "Yes.");
//! - a placeholder ("<your answer here>", "[Insert ...]", "TODO", "Lorem ipsum", "N/A");
//! - a restatement of the prompt as first asked (its question or instructions): most of the
//!   reply's runs of three words are found in the prompt (`RESTATED_SHARE`). The prompt-echo
//!   check (`echo`) then applies to the words taken, as to any reply.
use super::asking::CallPlan;
use super::echo::{words, REASK_MARKER};
use crate::text::reply_parse::{extract_json, ReplyError};

/// The fewest words a reply needs to be taken as an answer.
pub const MIN_WORDS: usize = 4;
/// The share of a reply's three-word runs found in the prompt from which it restates the prompt.
pub const RESTATED_SHARE: f64 = 0.8;
/// The call record's parse note for a reply taken as free text.
pub const FREE_TEXT_NOTE: &str =
    "Taken as free text: the reply has no JSON object (asked again, the model again answered \
     without it), so its words stand as given and the judge structures them.";

/// Phrases only a placeholder uses, anywhere in a reply.
const PLACEHOLDER_PHRASES: [&str; 8] = [
    "lorem ipsum",
    "your answer here",
    "answer goes here",
    "defence goes here",
    "defense goes here",
    "text goes here",
    "insert your",
    "placeholder text",
];
/// Words a placeholder starts with.
const PLACEHOLDER_STARTS: [&str; 5] = ["todo", "tbd", "placeholder", "fill in", "insert"];

/// The participant's own words in `text`, trimmed, or why they cannot be taken as its answer.
pub fn heard_words<'t>(plan: &CallPlan<'_>, text: &'t str) -> Result<&'t str, String> {
    let text = text.trim_start_matches('\u{feff}').trim();
    match extract_json(text) {
        Err(ReplyError::NoJson) => {}
        Err(ReplyError::Empty) => return Err("The reply was empty.".to_string()),
        // Braces only inside code (a Rust or C block, an inline `{}`) are no attempt at JSON:
        // a Markdown answer with code is heard like any other prose.
        Err(_) if matches!(extract_json(&outside_code(text)), Err(ReplyError::NoJson)) => {}
        _ => {
            return Err(
                "The reply has JSON that could not be used, so it is not taken as free text."
                    .to_string(),
            )
        }
    }
    let said = words(text);
    if said.len() < MIN_WORDS {
        return Err(format!(
            "The reply is too short to be taken as an answer ({} word(s)).",
            said.len()
        ));
    }
    if is_placeholder(text) {
        return Err(format!(
            "The reply is a placeholder, not an answer: {text:?}."
        ));
    }
    if restates(&said, &prompt_words(plan)) {
        return Err("The reply restates the prompt instead of answering it.".to_string());
    }
    Ok(text)
}

/// A slot to fill rather than an answer: wrapped whole in brackets, or a placeholder's words.
/// `text` without its code: fenced blocks in a language other than JSON, and inline code spans.
fn outside_code(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut fence: Option<&str> = None;
    for line in text.lines() {
        let trimmed = line.trim_start();
        let marker = ["```", "~~~"].into_iter().find(|m| trimmed.starts_with(m));
        match (fence, marker) {
            (Some(open), Some(m)) if m == open => {
                fence = None;
                continue;
            }
            (Some(_), _) => continue,
            (None, Some(m)) => {
                let language = trimmed[m.len()..].trim().to_ascii_lowercase();
                // A JSON block is the format tried: kept, so it is judged as JSON.
                if !language.is_empty() && language != "json" {
                    fence = Some(m);
                    continue;
                }
            }
            (None, None) => {}
        }
        // Inline code: every other piece between backticks.
        for (index, piece) in line.split('`').enumerate() {
            if index % 2 == 0 {
                out.push_str(piece);
            }
        }
        out.push('\n');
    }
    out
}

fn is_placeholder(text: &str) -> bool {
    let wrapped = [('<', '>'), ('[', ']'), ('{', '}')]
        .iter()
        .any(|(open, close)| text.starts_with(*open) && text.ends_with(*close));
    let said = words(text);
    let has = |phrase: &str| {
        let phrase = words(phrase);
        said.windows(phrase.len())
            .any(|window| window == phrase.as_slice())
    };
    let starts = |phrase: &str| said.starts_with(&words(phrase));
    wrapped
        || PLACEHOLDER_PHRASES.iter().any(|p| has(p))
        || PLACEHOLDER_STARTS.iter().any(|p| starts(p))
}

/// The words of the prompt as first asked: the re-ask's addition is the engine's, not the prompt.
fn prompt_words(plan: &CallPlan<'_>) -> Vec<String> {
    let user = plan
        .prompt
        .user
        .split(REASK_MARKER)
        .next()
        .unwrap_or(&plan.prompt.user);
    words(&format!("{}\n{user}", plan.prompt.system))
}

/// Whether most of `said`'s three-word runs occur in `prompt`.
fn restates(said: &[String], prompt: &[String]) -> bool {
    let runs: Vec<&[String]> = said.windows(3).collect();
    if runs.is_empty() {
        return false;
    }
    let found = runs
        .iter()
        .filter(|run| prompt.windows(3).any(|window| window == **run))
        .count();
    found as f64 >= RESTATED_SHARE * runs.len() as f64
}
