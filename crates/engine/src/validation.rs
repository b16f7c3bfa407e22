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
                "is the reply template's placeholder ({:?}), not an answer: write your own text.",
                value.trim()
            ),
        ));
    }
    Ok(())
}

/// What a model that copies the reply template writes: `<your answer, in one or two sentences>`,
/// or the `...` that stands for "more items".
pub fn is_placeholder(value: &str) -> bool {
    let text = value.trim();
    text == "..."
        || text == "…"
        || (text.starts_with('<')
            && text.ends_with('>')
            && text.contains(' ')
            && !text.contains('\n'))
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
