//! The Benchmark mode's stored data (docs/design.md, "Benchmark: does the council earn its
//! calls?"): its questions and how each is graded, the settings (`config`), each question's
//! outcomes per arm (`body`), stored apart from the rest of the record (`outcomes_apart`), and its
//! states.
pub mod body;
pub mod config;
pub mod outcomes_apart;
pub mod question;
pub mod state;
