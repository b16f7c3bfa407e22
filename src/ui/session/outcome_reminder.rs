//! The quiet line above the new-session form naming the decisions that await their outcome
//! (`library::reminder`): each a link to its page, where "How did it turn out?" is; the rest in
//! History; Dismiss keeps it away until a decision asked later falls due. The sidebar's part draws
//! it into the form's slot (`AppState::new_session_note`), as it reads the session list anyway.
use consilium_engine::library::reminder::outcome_reminder;
use leptos::prelude::*;

use crate::app::AppState;
use crate::settings::Settings;

/// Puts the reminder in the new-session form's slot.
pub fn show_outcome_reminder(state: AppState) {
    state
        .new_session_note
        .set(Some(ViewFn::from(|| view! { <OutcomeReminder /> })));
}

#[component]
fn OutcomeReminder() -> impl IntoView {
    let state = expect_context::<AppState>();
    // The page's day: a decision falls due at the next visit, not while the form is open.
    let now_ms = js_sys::Date::now() as u64;
    let reminder = Memo::new(move |_| {
        let (days, dismissed) = state.settings.with(|s| {
            (
                s.outcome_reminder_days,
                s.outcome_reminder_dismissed.clone(),
            )
        });
        state
            .library
            .sessions
            .with(|all| outcome_reminder(all, now_ms, days, dismissed.as_deref()))
    });
    let dismiss = move |_| {
        let Some(through) =
            reminder.with_untracked(|r| r.as_ref().map(|r| r.newest_asked_at.clone()))
        else {
            return;
        };
        state
            .settings
            .update(|s| s.outcome_reminder_dismissed = Some(through));
        // A full storage keeps it dismissed for this visit only: nothing else depends on it.
        let _ = state.settings.with_untracked(Settings::save);
    };
    move || {
        reminder.get().map(|r| {
            let named = r
                .named
                .iter()
                .enumerate()
                .map(|(i, (id, title))| {
                    let separator = if i == 0 { " " } else { ", " };
                    view! { {separator}<a href=format!("#/session/{id}")>{title.clone()}</a> }
                })
                .collect_view();
            let more = (r.more > 0).then(|| {
                view! { " and " <a href="#/history">{format!("{} more in History", r.more)}</a> }
            });
            view! {
                <p class="outcome-reminder" role="note">
                    <span>{r.sentence()}{named}{more}</span>
                    " "
                    <button class="link" on:click=dismiss>"Dismiss"</button>
                </p>
            }
        })
    }
}
