//! Where a benchmark's questions come from: generators with known answers and a seed (the same seed
//! gives the same questions on every machine), or the user's own file.
mod arithmetic;
mod file;
mod word_problems;

pub use arithmetic::arithmetic_questions;
pub use file::{parse_question_file, QuestionFileError, QuestionFileFormat};
pub use word_problems::word_problems;
