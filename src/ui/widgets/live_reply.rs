//! A streaming reply as labelled fields (position, key points, challenges, rankings, ...), read
//! from the text so far by the engine's view model, never shown as raw JSON. Model text is
//! rendered as text nodes, never as HTML.
use std::time::Duration;

use consilium_engine::foundation::ids::ParticipantId;
use consilium_engine::record::Session;
use consilium_engine::views::live::{live_reply, FieldBody, LiveReply, ReplyKind};
use leptos::prelude::*;

use crate::app::runs::stream_text::StreamText;

/// How often a streaming card reads its text again: reading parses the whole text, so it is done
/// a few times a second, not once per token.
const READ_EVERY_MS: u64 = 120;

#[component]
pub fn LiveReplyView(
    text: StreamText,
    kind: ReplyKind,
    /// The participant answering: the names its reply gives its peers are its own.
    writer: ParticipantId,
    session: RwSignal<Option<Session>>,
) -> impl IntoView {
    let writer = StoredValue::new(writer);
    let reply = RwSignal::new(LiveReply::default());
    let read_pending = StoredValue::new(false);
    let read = move || {
        // The card may be gone when the timer fires (the round ended): then nothing is read.
        if read_pending.try_set_value(false).is_some() {
            return;
        }
        let read = session.with_untracked(|s| {
            let s = s.as_ref()?;
            writer.with_value(|writer| {
                text.with_text(|text| live_reply(s, kind, writer.as_str(), text))
            })
        });
        if let Some(read) = read {
            reply.try_set(read);
        }
    };
    Effect::new(move |_| {
        text.track();
        if !read_pending.get_value() {
            read_pending.set_value(true);
            set_timeout(read, Duration::from_millis(READ_EVERY_MS));
        }
    });
    view! {
        <div class="stream live-reply">
            {move || reply.with(|r| r.prose.clone()).map(|prose| view! { <p class="live-prose">{prose}</p> })}
            <dl>
                {move || reply.get().fields.into_iter().map(|field| {
                    let body = match field.body {
                        FieldBody::Text(text) => view! { <p>{text}</p> }.into_any(),
                        FieldBody::Items(items) => view! {
                            <ul>{items.into_iter().map(|i| view! { <li>{i}</li> }).collect_view()}</ul>
                        }.into_any(),
                        FieldBody::Ranked(items) => view! {
                            <ol>{items.into_iter().map(|i| view! { <li>{i}</li> }).collect_view()}</ol>
                        }.into_any(),
                    };
                    view! {
                        <dt>{field.label}</dt>
                        <dd class:writing=field.writing>{body}</dd>
                    }
                }).collect_view()}
            </dl>
        </div>
    }
}
