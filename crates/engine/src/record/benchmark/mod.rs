//! The Benchmark mode's stored data (DESIGN.md, "Benchmark"): its questions and how each is graded,
//! the settings (`config`), each question's outcomes per arm (`body`), and its states.
pub mod body;
pub mod config;
pub mod question;
pub mod state;
