//! The Benchmark mode's stored data (DESIGN.md, "Benchmark"): its questions and how each is graded.
pub mod question;
