//! A new demo session of each protocol, on its demo subject.
use crate::foundation::ids::SessionId;
use crate::record::Session;

/// A new demo session of `protocol`: scripted participants (no key, no server) on its demo
/// subject (the question, the change with a planted secret, the backlog of 8).
pub fn demo_session(protocol: crate::record::Protocol, id: SessionId, now_ms: u64) -> Session {
    use crate::record::Protocol;
    match protocol {
        Protocol::Consult => Session::new_consult(
            id,
            crate::consult::demo::DEMO_QUESTION.to_string(),
            crate::consult::demo::demo_config(),
            now_ms,
        ),
        Protocol::Review => Session::new_review(
            id,
            crate::review::demo::DEMO_DIFF.to_string(),
            crate::review::demo::demo_review_config(),
            now_ms,
        ),
        Protocol::Prioritize => Session::new_prioritize(
            id,
            crate::prioritize::demo::demo_backlog(),
            crate::prioritize::demo::demo_prioritize_config(),
            now_ms,
        ),
        Protocol::Benchmark => crate::benchmark_council::demo_benchmark(id, now_ms),
    }
}
