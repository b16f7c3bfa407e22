//! The calls of one round as they happen: who is answering, their streamed text, retries and failures.
use consilium_engine::record::CallStatus;
use consilium_engine::views::session::recorded_calls;
use leptos::prelude::*;

use consilium_engine::views::live::ReplyKind;

use super::live_reply::LiveReplyView;
use crate::app::runs::{LiveCall, LiveStatus};
use crate::app::AppState;

/// The calls of `round`; with `unfinished_only`, those still under way or failed (a round already
/// drawn above keeps its answers there: listed again, one member would show twice).
#[component]
pub fn LiveCalls(round: u8, #[prop(optional)] unfinished_only: bool) -> impl IntoView {
    let state = expect_context::<AppState>();
    let calls = move || {
        state.live.calls.with(|c| {
            c.iter()
                .filter(|c| c.round == round)
                .filter(|c| !unfinished_only || c.status.with(|s| *s != LiveStatus::Done))
                .cloned()
                .collect::<Vec<_>>()
        })
    };
    view! {
        <div class="live-calls">
            <For each=calls key=|call| call.call_id.clone() let:call>
                <LiveCallCard call=call />
            </For>
        </div>
    }
}

#[component]
fn LiveCallCard(call: LiveCall) -> impl IntoView {
    let state = expect_context::<AppState>();
    let participant_id = call.participant_id.clone();
    let label = move || {
        state.live.session.with(|s| {
            s.as_ref()
                .map(|s| s.label_of(&participant_id))
                .unwrap_or_default()
        })
    };
    let status = call.status;
    let kind = state.live.session.with_untracked(|s| {
        s.as_ref()
            .map(|s| ReplyKind::of(s, call.round, call.participant_id.as_str(), &call.call_id))
    });
    let status_text = move || match status.get() {
        LiveStatus::Waiting => "waiting".to_string(),
        LiveStatus::Streaming => "answering…".to_string(),
        LiveStatus::Retrying => "retrying".to_string(),
        LiveStatus::Done => "done".to_string(),
        LiveStatus::Failed(_) => "failed".to_string(),
    };
    let status_class = move || match status.get() {
        LiveStatus::Done => "badge ok",
        LiveStatus::Failed(_) => "badge bad",
        LiveStatus::Retrying => "badge warn",
        _ => "badge busy",
    };
    let failure = move || match status.get() {
        LiveStatus::Failed(message) => Some(view! { <p class="error">{message}</p> }),
        _ => None,
    };
    view! {
        <article class="call-card" data-call-id=call.call_id.to_string() data-status=status_text>
            <header>
                <span class="participant">{label}</span>
                <span class=status_class>{status_text}</span>
            </header>
            // Not a live region: screen readers hear each finished call (see the app's status
            // region), not every token.
            {kind.map(|kind| view! { <LiveReplyView text=call.text kind=kind writer=call.participant_id.clone() session=state.live.session /> })}
            {move || call.note.get().map(|note| view! { <p class="notice">{note}</p> })}
            {move || call.answered_by.get().map(|by| view! { <p class="notice substituted">{by}</p> })}
            {failure}
        </article>
    }
}

/// The calls of a round that ended without its artifact, from the session's records: the same
/// cards the live run showed, so a stopped round reads the same in this tab, after a reload, or
/// offline.
#[component]
pub fn RecordedCalls(round: u8, session: crate::app::shown::ShownSession) -> impl IntoView {
    let cards = move || {
        session
            .with(|s| s.as_ref().map(|s| recorded_calls(s, round)))
            .unwrap_or_default()
    };
    view! {
        <div class="live-calls recorded">
            {move || cards().into_iter().map(|(label, call)| {
                let (status, class) = match call.status {
                    CallStatus::Ok => ("done", "badge ok"),
                    CallStatus::Failed => ("failed", "badge bad"),
                    CallStatus::Cancelled => ("cancelled", "badge warn"),
                    CallStatus::SkippedBudget => ("not made", "badge warn"),
                };
                view! {
                    <article class="call-card" data-call-id=call.call_id.clone() data-status=status>
                        <header>
                            <span class="participant">{label}</span>
                            <span class=class>{status}</span>
                        </header>
                        <pre class="stream" tabindex="0">{call.reply_text.clone().unwrap_or_default()}</pre>
                        {call.substituted.as_ref().map(|s| view! { <p class="notice substituted">{s.sentence()}</p> })}
                        // How the reply was obtained, e.g. structured output turned off.
                        {(!call.notes.is_empty()).then(|| view! {
                            <ul class="call-card-notes">
                                {call.notes.iter().map(|n| view! { <li>{n.clone()}</li> }).collect_view()}
                            </ul>
                        })}
                        // The reason and its fix are said once, by the session's banner (or its list of
                        // failed calls); the card only says there was no reply.
                        {(call.status == CallStatus::Failed).then(|| view! { <p class="error">"No usable reply."</p> })}
                    </article>
                }
            }).collect_view()}
        </div>
    }
}
