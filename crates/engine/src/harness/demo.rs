//! What every protocol's demo script shares: the scripted provider and model a demo seat names, and
//! a reply built from a script's text. Each protocol, a layer above, writes its own script;
//! the top-layer demo module picks the script by who is asked.
use crate::foundation::tokens::estimate_tokens;

use super::io::{CallReply, CallRequest};

/// The provider id of a demo seat.
pub const DEMO_PROVIDER_ID: &str = "demo";
/// The model name demo replies carry.
pub const DEMO_MODEL: &str = "scripted";

/// A scripted reply with usage estimated from the text.
pub fn scripted_reply(request: &CallRequest, text: String) -> CallReply {
    CallReply {
        input_tokens: Some(estimate_tokens(&request.system) + estimate_tokens(&request.prompt)),
        output_tokens: Some(estimate_tokens(&text)),
        cost_usd: None,
        model: Some(DEMO_MODEL.to_string()),
        text,
        notes: Vec::new(),
        ..CallReply::default()
    }
}
