//! The Benchmark mode's stored data (DESIGN.md, "Benchmark"): its questions and how each is graded,
//! the settings (`config`), each question's outcomes per arm (`body`), stored apart from the rest
//! of the record (`outcomes_apart`), and its states.
pub mod body;
pub mod config;
pub mod outcomes_apart;
pub mod question;
pub mod state;
