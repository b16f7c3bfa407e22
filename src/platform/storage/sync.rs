//! Two tabs, one history: every save and deletion is announced on a BroadcastChannel, and each tab
//! listening updates its list and open session from it. A tab receives its own announcements too
//! (through a separate channel object), so handlers must be idempotent, and are.
use consilium_engine::foundation::ids::SessionId;
use consilium_engine::library::summary::SessionSummary;
use serde::{Deserialize, Serialize};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{BroadcastChannel, MessageEvent};

const CHANNEL: &str = "consilium.sessions";

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Change {
    Saved(SessionSummary),
    /// Many saved at once (an import): one announcement, so every list redraws once.
    SavedMany(Vec<SessionSummary>),
    Deleted(Vec<SessionId>),
}

thread_local! {
    static SENDER: Option<BroadcastChannel> = BroadcastChannel::new(CHANNEL).ok();
}

pub fn announce(change: &Change) {
    let Ok(text) = serde_json::to_string(change) else {
        return;
    };
    SENDER.with(|sender| {
        if let Some(sender) = sender {
            let _ = sender.post_message(&JsValue::from_str(&text));
        }
    });
}

/// Calls `handler` for every change, from any tab, until the returned listener is dropped.
pub fn listen(handler: impl Fn(Change) + 'static) -> Option<Listener> {
    let channel = BroadcastChannel::new(CHANNEL).ok()?;
    let callback = Closure::<dyn Fn(MessageEvent)>::new(move |event: MessageEvent| {
        let change = event
            .data()
            .as_string()
            .and_then(|text| serde_json::from_str::<Change>(&text).ok());
        if let Some(change) = change {
            handler(change);
        }
    });
    channel.set_onmessage(Some(callback.as_ref().unchecked_ref()));
    Some(Listener {
        channel,
        _callback: callback,
    })
}

pub struct Listener {
    channel: BroadcastChannel,
    _callback: Closure<dyn Fn(MessageEvent)>,
}

impl Drop for Listener {
    fn drop(&mut self) {
        self.channel.set_onmessage(None);
        self.channel.close();
    }
}
