use serde::{Deserialize, Serialize};

/// One checkable question of a benchmark: what is asked, the right answer, and how an arm's
/// `final_answer` is compared with it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Question {
    /// Unique within its set: `q1`, `q2`… for generated sets, the file's `id` or line for imports.
    pub id: String,
    pub text: String,
    pub answer: String,
    pub grader: Grader,
}

/// How an answer is checked. Graded in code, never by a model.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Grader {
    /// Equal after trimming, folding case and collapsing whitespace (a final full stop is ignored).
    Exact,
    /// The answer's number within `tolerance` (absolute) of the expected one.
    Numeric { tolerance: f64 },
    /// A multiple-choice letter, A to J.
    Choice,
    /// The answer matches `pattern` (regex-lite syntax), anywhere unless anchored.
    Regex { pattern: String },
}

impl Grader {
    pub fn name(&self) -> &'static str {
        match self {
            Grader::Exact => "exact",
            Grader::Numeric { .. } => "numeric",
            Grader::Choice => "choice",
            Grader::Regex { .. } => "regex",
        }
    }
}
