//! The Benchmark mode: its form (`new`), the question set picker, a session's progress and
//! results (`session`, `results`, which council to keep in `council_choice`) and the results'
//! charts, and its advice as one click (`advice`, and `keep_council` for the smallest council). Loaded on demand (`lazy.rs`).
pub mod advice;
pub mod charts;
pub mod council_choice;
pub mod keep_council;
pub mod lazy;
pub mod new;
pub mod question_set;
pub mod results;
pub mod session;
