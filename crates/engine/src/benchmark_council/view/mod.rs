//! The Benchmark's results, its council choice and its cost as the page and the report show them.
pub mod choice;
pub mod cost;
pub mod results;
