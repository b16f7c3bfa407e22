//! The demo: scripted participants that let a first-time user watch the real engine run every
//! protocol with no key and no server. Each protocol writes its own script; this caller picks the
//! script by who is asked (Consult's panelists and judge, Review's personas, Prioritize's partners).
use crate::harness::io::{
    CallFailure, CallProgress, CallReply, CallRequest, Clock, ModelCaller, NoProgress,
};
use crate::record::prioritize::body::Partner;
use crate::record::review::committee::ReviewerRole;

/// Answers every call with its protocol's script; usage is estimated from the text and the cost
/// is unknown.
pub struct DemoCaller;

impl ModelCaller for DemoCaller {
    async fn call(
        &self,
        request: CallRequest,
        _progress: &dyn CallProgress,
    ) -> Result<CallReply, CallFailure> {
        Ok(demo_reply(&request))
    }
}

pub fn demo_reply(request: &CallRequest) -> CallReply {
    if ReviewerRole::from_id(request.participant_id.as_str()).is_some() {
        crate::review::demo::demo_reply(request)
    } else if Partner::from_id(request.participant_id.as_str()).is_some() {
        crate::prioritize::demo::demo_reply(request)
    } else if crate::benchmark_council::demo::asks_final_answer(request) {
        crate::benchmark_council::demo::benchmark_reply(request, crate::consult::demo::VERDICT)
            .unwrap_or_else(|| crate::consult::demo::demo_reply(request))
    } else {
        crate::consult::demo::demo_reply(request)
    }
}

/// How long one demo reply takes to stream, by protocol, so each demo can be followed as it runs:
/// Consult's 5 calls in a row take about 12 s, Review's 4 about 8 s, Prioritize's 9 (3 rounds of
/// champion, critic, moderator) about 10 s.
pub fn demo_call_ms(request: &CallRequest) -> u64 {
    if ReviewerRole::from_id(request.participant_id.as_str()).is_some() {
        2_000
    } else if Partner::from_id(request.participant_id.as_str()).is_some() {
        1_100
    } else {
        2_400
    }
}

/// The wait between two streamed pieces of a demo reply.
pub const DEMO_PIECE_MS: u64 = 50;

/// The demo as a user watches it: each scripted reply streams in pieces over `demo_call_ms` on
/// `clock`, until `skipped` says the user asked for the decision (the rest then streams at once).
/// The waits go through the clock, so tests on virtual time run a paced demo instantly.
pub struct PacedDemoCaller<'a> {
    pub clock: &'a dyn Clock,
    pub skipped: &'a dyn Fn() -> bool,
    /// How many times faster than `demo_call_ms` each reply streams: 1 for a demo consultation,
    /// `BENCHMARK_DEMO_SPEEDUP` for the demo benchmark's many.
    pub speedup: u64,
}

/// The demo benchmark asks 10 questions, each a whole consultation and then the best single
/// model's samples: at a consultation's pace it would take minutes, so its replies stream ten
/// times faster (the whole run about 20 s, its progress still visible as it goes).
pub const BENCHMARK_DEMO_SPEEDUP: u64 = 10;

impl ModelCaller for PacedDemoCaller<'_> {
    async fn call(
        &self,
        request: CallRequest,
        progress: &dyn CallProgress,
    ) -> Result<CallReply, CallFailure> {
        let call_ms = demo_call_ms(&request) / self.speedup.max(1);
        let pieces = (call_ms / DEMO_PIECE_MS).max(1) as usize;
        let reply = DemoCaller.call(request, &NoProgress).await?;
        let chars: Vec<char> = reply.text.chars().collect();
        let piece_length = chars.len().div_ceil(pieces).max(1);
        for piece in chars.chunks(piece_length) {
            if !(self.skipped)() {
                self.clock.sleep_ms(DEMO_PIECE_MS).await;
            }
            progress.delta(&piece.iter().collect::<String>(), false);
        }
        Ok(reply)
    }
}
