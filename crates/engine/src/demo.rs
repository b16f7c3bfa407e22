//! The demo: scripted participants that let a first-time user watch the real engine run every
//! protocol with no key and no server. Each protocol writes its own script; this caller picks the
//! script by who is asked (Consult's panelists and judge, Review's personas, Prioritize's partners).
pub use crate::harness::demo::{scripted_reply, DEMO_MODEL};
use crate::harness::io::{CallFailure, CallProgress, CallReply, CallRequest, ModelCaller};
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
    if ReviewerRole::from_id(&request.participant_id).is_some() {
        crate::review::demo::demo_reply(request)
    } else if Partner::from_id(&request.participant_id).is_some() {
        crate::prioritize::demo::demo_reply(request)
    } else {
        crate::consult::demo::demo_reply(request)
    }
}
