//! A thread's turn asked of one member alone: its answer card (who answered, on which model, the
//! prose, the cost), never a decision card (no confidence, no dissent). On the turn's own page the
//! card stands where a decision would (the page brings it into view when the run ends), with the
//! member's call streaming above it while it runs, and what it read under it. The view model is
//! the engine's (`views::thread::member_answer_of`).
use crate::app::shown::ShownSession;
use consilium_engine::consult::view::thread::{member_answer_of, MemberAnswer};
use consilium_engine::views::costs::session_cost_line;
use leptos::prelude::*;

use crate::ui::consult::material::{material_read, MaterialSection};
use crate::ui::consult::thread::ThreadView;
use crate::ui::widgets::copy::CopyButton;
use crate::ui::widgets::live_calls::{LiveCalls, RecordedCalls};
use crate::ui::widgets::rich_text::RichText;
use crate::ui::widgets::running_here;

/// One member's answer. `turn_id` is set for a card shown in the thread (not the page's own).
#[component]
pub fn MemberAnswerCard(
    card: MemberAnswer,
    cost: String,
    #[prop(optional, into)] turn_id: Option<String>,
) -> impl IntoView {
    let title_id = turn_id.as_ref().map_or_else(
        || "member-answer-title".to_string(),
        |id| format!("member-answer-title-{id}"),
    );
    let labelled_by = title_id.clone();
    // The page's own card takes the eyes when the run ends, as a decision does.
    let page_card = turn_id.is_none().then_some("");
    let MemberAnswer {
        heading,
        model,
        answer,
        ..
    } = card;
    let copy = answer.clone().map(|answer| {
        view! { <CopyButton label="Copy" name="Copy the answer" text=Callback::new(move |()| answer.clone()) /> }
    });
    let body = match answer {
        Some(answer) => {
            view! { <RichText class="member-text model-text" text=answer /> }.into_any()
        }
        None => view! { <p class="muted">"No answer yet."</p> }.into_any(),
    };
    view! {
        <section class="member-answer" aria-labelledby=labelled_by data-decision=page_card tabindex="-1">
            <div class="card-head">
                <h3 id=title_id>{heading}</h3>
                {copy}
            </div>
            {body}
            <p class="muted member-meta">
                {format!("{model} · one member's own view, not a council decision · {cost}")}
            </p>
        </section>
    }
}

/// The page of a turn asked of one member alone: what it follows, the member's call while it
/// runs (or, once it stopped without an answer, the call on record), its answer, and the thread.
#[component]
pub fn MemberTurnBody(session: ShownSession) -> impl IntoView {
    let running_here = running_here(session);
    let card = Memo::new(move |_| {
        session.with(|s| {
            s.as_ref()
                .and_then(|s| Some((member_answer_of(s)?, session_cost_line(s))))
        })
    });
    let answered =
        Memo::new(move |_| card.with(|c| c.as_ref().is_some_and(|(c, _)| c.answer.is_some())));
    // The member's call, then its answer: alone on the page, or in the turn's place in the thread.
    let own = ViewFn::from(move || {
        view! {
            <Show when=move || !answered.get()>
                <Show when=move || running_here.get() fallback=move || view! { <RecordedCalls round=1 session=session /> }>
                    <LiveCalls round=1 />
                </Show>
            </Show>
            {move || card.get().filter(|(c, _)| c.answer.is_some()).map(|(card, cost)| view! {
                <MemberAnswerCard card=card cost=cost />
            })}
        }
    });
    // What the member read: the thread's material and this turn's own attachments.
    let read = material_read(session);
    view! {
        <ThreadView session=session own=own />
        {move || read.get().map(|read| view! { <MaterialSection read=read /> })}
    }
}
