//! Field checks shared by the artifacts. Every error names the field it is about, so a re-ask can
//! tell the model exactly what to fix.

/// `field` is a path such as `consensus_points[2].confidence`; `problem` completes the sentence.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{field} {problem}")]
pub struct ValidationError {
    pub field: String,
    pub problem: String,
}

impl ValidationError {
    pub fn new(field: impl Into<String>, problem: impl Into<String>) -> Self {
        Self {
            field: field.into(),
            problem: problem.into(),
        }
    }
}

pub(crate) fn require_text(field: &str, value: &str) -> Result<(), ValidationError> {
    if value.trim().is_empty() {
        return Err(ValidationError::new(field, "must not be empty."));
    }
    if is_placeholder(value) {
        return Err(ValidationError::new(
            field,
            format!(
                "is a placeholder ({:?}), not an answer: write your own text.",
                value.trim()
            ),
        ));
    }
    Ok(())
}

/// A field that must say something in words (a recommendation, evidence, a concern, a position):
/// besides `require_text`, text made only of numbers and ids ("1", "1, 2, 3", "op-1 100%",
/// "U1 T2") is junk a small model writes, never an answer.
pub(crate) fn require_prose(field: &str, value: &str) -> Result<(), ValidationError> {
    require_text(field, value)?;
    if is_numbers_or_ids(value) {
        return Err(ValidationError::new(
            field,
            format!(
                "is only numbers or ids ({:?}), not a sentence: say it in words.",
                shorten(value.trim(), 40)
            ),
        ));
    }
    Ok(())
}

pub(crate) fn require_prose_items(field: &str, values: &[String]) -> Result<(), ValidationError> {
    for (index, value) in values.iter().enumerate() {
        require_prose(&format!("{field}[{index}]"), value)?;
    }
    Ok(())
}

/// Whether every token of `value` is a number ("3", "100%", "1.5") or an id ("op-1", "U1",
/// "panelist-2", "#4"): no word of two letters or more stands alone.
pub fn is_numbers_or_ids(value: &str) -> bool {
    let tokens = value
        .split(|c: char| c.is_whitespace() || ",;:()[]{}\"'".contains(c))
        .map(|t| t.trim_matches(|c: char| ".!?#%-".contains(c)))
        .filter(|t| !t.is_empty());
    let mut any = false;
    for token in tokens {
        any = true;
        let has_digit = token.bytes().any(|b| b.is_ascii_digit());
        let letters_only = token.bytes().all(|b| b.is_ascii_alphabetic());
        // A word ("Rust", "yes", "a") is prose; a number or a token mixing digits is an id.
        if letters_only || !has_digit {
            return false;
        }
    }
    any
}

fn shorten(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_string(),
    }
}

/// The `...` that stands for "more items" in a reply format. Text that restates the prompt's
/// instructions is refused by the harness's prompt-echo check (`harness::echo`), which compares
/// a reply with what its prompt said; an answer such as "<meta charset> must come first" is
/// an answer.
pub fn is_placeholder(value: &str) -> bool {
    let text = value.trim();
    text == "..." || text == "…"
}

/// The free text a model wrote in a reply, for the harness's prompt-echo check: (field, text)
/// pairs, with fields named as validation names them (`fix_items[0].rule`). Identifiers, enum
/// values, numbers and anything the engine checks otherwise (agent ids, paths, opportunity ids)
/// are left out.
pub trait ReplyTexts {
    fn reply_texts(&self) -> Vec<(String, &str)>;
}

/// `(field[index], text)` for each item of a list.
pub fn listed<'a>(field: &str, items: &'a [String]) -> Vec<(String, &'a str)> {
    items
        .iter()
        .enumerate()
        .map(|(index, item)| (format!("{field}[{index}]"), item.as_str()))
        .collect()
}

pub(crate) fn require_texts(field: &str, values: &[String]) -> Result<(), ValidationError> {
    for (index, value) in values.iter().enumerate() {
        require_text(&format!("{field}[{index}]"), value)?;
    }
    Ok(())
}

pub(crate) fn require_min_items(
    field: &str,
    count: usize,
    minimum: usize,
) -> Result<(), ValidationError> {
    if count < minimum {
        let items = if minimum == 1 { "item" } else { "items" };
        return Err(ValidationError::new(
            field,
            format!("must have at least {minimum} {items} (got {count})."),
        ));
    }
    Ok(())
}

pub(crate) fn require_unit_interval(field: &str, value: f64) -> Result<(), ValidationError> {
    if !(0.0..=1.0).contains(&value) {
        return Err(ValidationError::new(
            field,
            format!("must be a number from 0 to 1 (got {value})."),
        ));
    }
    Ok(())
}
