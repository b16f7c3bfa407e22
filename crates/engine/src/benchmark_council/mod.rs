//! The Benchmark run on Consult, in one place. The protocols never import each other, so this
//! bridge, above both, joins them: Consult as the benchmark's council (`ConsultCouncil`), the demo
//! benchmark's scripted seats, the results' view models and HTML report, and the test caller
//! that answers a benchmark's questions.
mod council;
pub mod demo;
pub mod report;
pub mod testing;
pub mod view;

pub use council::{demo_benchmark, ConsultCouncil, PacedConsultCouncil, DEMO_QUESTIONS};
