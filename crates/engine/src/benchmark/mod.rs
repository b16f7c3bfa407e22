//! The Benchmark mode (docs/design.md, "Benchmark: does the council earn its calls?"): checkable
//! questions, graded in code, answered by several arms at matched cost, and the statistics that say
//! whether the council beat one model and a plain vote.
//!
//! This layer holds the behaviour: generating and importing question sets (`questions`), grading a
//! final answer (`grading`), the majority vote (`vote`), running the arms (`run`, with the
//! per-provider limit on requests in flight, `limit`), progress and estimates (`progress`, kept as the run goes in `tally`), the
//! stored outcomes read as results (`outcomes`, then `results`: the arms side by side on the same
//! questions in `paired`, the advice in `recommend`, the sentence in `headline`) and the CSV export
//! (`csv`); what a run with web search says of it (`search`); which council to keep, from the panel's round-1 answers (`council_choice`). The stored
//! types are in `record::benchmark`.
pub mod advice;
pub mod arms;
pub mod call_log;
pub mod council_choice;
pub mod csv;
pub mod depth_arms;
pub mod effort;
pub mod grading;
pub mod headline;
pub mod limit;
pub mod outcomes;
pub mod paired;
pub mod progress;
pub mod questions;
pub mod recommend;
pub mod report;
pub mod results;
pub mod run;
pub mod search;
pub mod session;
pub mod stored;
pub mod tally;
pub mod vote;
