//! The Benchmark's part of the HTML report: its results and which council to keep.
pub mod choice;
pub mod results;
