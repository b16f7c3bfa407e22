//! The per-call log of a benchmark's council step, so a reload repeats not even the step under
//! way. Each finished call of a question's consultation is written with that question as it ends
//! (its record, reply included, is in the question's stored entry: by run, question, arm and call
//! id). A consultation resumes at its last complete round, which starts again with the same call
//! ids; a step resumed through `LoggedCalls` answers each call the log holds with its logged reply
//! and asks the provider only for the others. (The best single model's samples need no log: each
//! is stored as itself as soon as it ends, and a resumed step asks only those not stored.)
use std::cell::RefCell;
use std::collections::HashMap;

use crate::harness::io::{
    CallFailure, CallProgress, CallReply, CallRequest, DynModelCaller, FirstTextTimes,
    HedgeDeadline, ModelCaller,
};
use crate::record::{CallStatus, Session};

/// What a reply read from the log says on its call.
pub const FROM_THE_LOG: &str =
    "Read from the call's record before the reload: not asked or billed again.";

/// A caller that answers the calls logged in a stopped consultation from its log, once each, and
/// sends every other call to `inner`.
pub struct LoggedCalls<'a> {
    inner: &'a dyn DynModelCaller,
    logged: RefCell<HashMap<String, CallReply>>,
}

impl<'a> LoggedCalls<'a> {
    /// The log of `consultation` (a question's stored consultation): its calls that ended with a
    /// usable reply, by call id. Their cost is already in its record, so a reply read again costs
    /// nothing.
    pub fn of(inner: &'a dyn DynModelCaller, consultation: &Session) -> Self {
        let logged = consultation
            .calls
            .iter()
            .filter(|call| call.status == CallStatus::Ok)
            .filter_map(|call| {
                let reply = CallReply {
                    text: call.reply_text.clone()?,
                    input_tokens: Some(0),
                    output_tokens: Some(0),
                    cached_input_tokens: 0,
                    cache_write_tokens: 0,
                    cost_usd: Some(0.0),
                    model: call.model.clone(),
                    // What the call's record said (its search's, say), then where it comes from.
                    notes: call
                        .notes
                        .iter()
                        .filter(|note| *note != FROM_THE_LOG)
                        .cloned()
                        .chain([FROM_THE_LOG.to_string()])
                        .collect(),
                    // Its sources stay on the record; its search fee is already charged.
                    search: call.search.clone(),
                };
                Some((call.call_id.clone(), reply))
            })
            .collect();
        Self {
            inner,
            logged: RefCell::new(logged),
        }
    }

    /// Calls the log can still answer.
    pub fn len(&self) -> usize {
        self.logged.borrow().len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl ModelCaller for LoggedCalls<'_> {
    async fn call(
        &self,
        request: CallRequest,
        progress: &dyn CallProgress,
    ) -> Result<CallReply, CallFailure> {
        // Once: a call asked again after its logged reply (a re-ask) goes to the provider.
        let logged = self.logged.borrow_mut().remove(&request.call_id);
        match logged {
            Some(reply) => {
                progress.delta(&reply.text, true);
                Ok(reply)
            }
            None => self.inner.call(request, progress).await,
        }
    }

    fn hedge_deadline(&self) -> Option<HedgeDeadline> {
        self.inner.hedge_deadline()
    }

    fn first_text_times(&self) -> Option<&FirstTextTimes> {
        self.inner.first_text_times()
    }
}
