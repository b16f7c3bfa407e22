//! "Ask a follow-up" on a finished Consult, and the link it makes, shown on both sessions: "Follow-up
//! of …" on the new one (from its own record, so it reads the same after a reload, offline and
//! from a share link) and "Follow-ups: …" on the earlier one (from the library's summaries).
use std::cell::RefCell;

use consilium_engine::library::recent::follow_ups_of;
use consilium_engine::record::consult::follow_up::FollowUpOf;
use consilium_engine::{record::consult::body::ConsultBody, record::Session};
use consilium_engine::{
    views::follow_up::earlier_decision, views::follow_up::follow_up_form,
    views::follow_up::follow_up_of_line, views::follow_up::FollowUpForm,
};
use gloo_storage::{SessionStorage, Storage};
use leptos::prelude::*;

use crate::app::{AppState, Route};
use crate::ui::widgets::body_part;

/// Where the tab keeps the follow-up being written (session storage: this tab only, through a
/// reload, gone with the tab), until it is asked or unlinked. Never a key: the link, the council's
/// seats and the options.
const ASKED_OF_KEY: &str = "consilium.follow-up";

/// The follow-up the new-consult form should start as, if "Ask a follow-up" was clicked and the
/// follow-up is not asked yet (also after a reload).
pub fn asked_of() -> Option<FollowUpForm> {
    let kept = SessionStorage::get::<Vec<String>>(ASKED_OF_KEY).ok();
    kept.and_then(|strings| FollowUpForm::from_strings(&strings))
        .or_else(|| ASKED_NOW.with(|now| now.borrow().clone()))
}

/// The follow-up is asked, or the user asked without it: a new form starts unlinked.
pub fn forget_asked_of() {
    SessionStorage::delete(ASKED_OF_KEY);
    ASKED_NOW.with(|now| now.borrow_mut().take());
}

thread_local! {
    /// The same, for a tab whose session storage refused it: kept until a reload.
    static ASKED_NOW: RefCell<Option<FollowUpForm>> = const { RefCell::new(None) };
}

/// The button under a decision: opens a new consult prefilled from this one and linked to it.
/// Not offered on a shared session (it is not in this browser's library).
#[component]
pub fn AskFollowUp(session: Memo<Option<Session>>) -> impl IntoView {
    let state = expect_context::<AppState>();
    let decided = Memo::new(move |_| {
        session.with(|s| s.as_ref().is_some_and(|s| earlier_decision(s).is_some()))
    });
    // Read once: a change of route replaces this page, and a closure that followed the route could
    // run after the page (and its signals) were disposed.
    let stored = matches!(state.route.get_untracked(), Route::Session(_));
    let ask = move |_| {
        let form = session.with_untracked(|s| {
            let s = s.as_ref()?;
            state
                .settings
                .with_untracked(|settings| follow_up_form(s, settings))
        });
        if let Some(form) = form {
            // Not kept (storage full or refused): the form still opens linked, until a reload.
            let _ = SessionStorage::set(ASKED_OF_KEY, form.to_strings());
            ASKED_NOW.with(|now| *now.borrow_mut() = Some(form));
        }
        state.go(Route::New);
    };
    view! {
        <Show when=move || stored && decided.get()>
            <p class="follow-up-action">
                <button class="secondary" on:click=ask>"Ask a follow-up"</button>
                <span class="muted">" The council gets this question and its decision as context."</span>
            </p>
        </Show>
    }
}

/// Both sides of the link: what this consult follows up, and the follow-ups asked of it.
#[component]
pub fn FollowUpLinks(session: Memo<Option<Session>>) -> impl IntoView {
    let state = expect_context::<AppState>();
    let history = state.library.sessions;
    let follows = body_part(session, |b: &ConsultBody| b.follows.clone());
    let id = session
        .with_untracked(|s| s.as_ref().map(|s| s.id.clone()))
        .unwrap_or_default();
    let follow_ups = Memo::new(move |_| history.with(|all| follow_ups_of(all, &id)));
    let earlier_view = move |earlier: FollowUpOf| {
        let line = follow_up_of_line(&earlier);
        // A link only where that session is stored (not from a share link opened elsewhere).
        let stored = history.with(|all| all.iter().any(|s| s.id == earlier.session_id));
        let title = if stored {
            view! { <a href=format!("#/session/{}", earlier.session_id)>{line}</a> }.into_any()
        } else {
            view! { <span>{line}</span> }.into_any()
        };
        view! {
            <p class="follows">
                {title}
                <span class="muted">", which decided: " {earlier.answer}</span>
            </p>
        }
    };
    view! {
        <div class="follow-up-links">
            {move || follows.get().map(earlier_view)}
            <Show when=move || follow_ups.with(|f| !f.is_empty())>
                <p class="follow-ups">
                    "Follow-ups: "
                    {move || {
                        let all = follow_ups.get();
                        let count = all.len();
                        all.into_iter()
                            .enumerate()
                            .map(|(i, (id, title))| view! {
                                <a href=format!("#/session/{id}")>{title}</a>
                                {(i + 1 < count).then_some(", ")}
                            })
                            .collect_view()
                    }}
                </p>
            </Show>
        </div>
    }
}
