//! The Benchmark mode (DESIGN.md, "Benchmark: does the council earn its calls?"): checkable
//! questions, graded in code, answered by several arms at matched cost, and the statistics that say
//! whether the council beat one model and a plain vote.
//!
//! This layer holds the behaviour: generating and importing question sets (`questions`), grading a
//! final answer (`grading`). The stored types are in `record::benchmark`.
pub mod grading;
pub mod questions;
pub mod results;

pub use crate::record::benchmark::question::{Grader, Question};
