//! "How did it turn out?" on a finished decision's page: Right, Partly, Wrong or Too early to tell,
//! an optional note, saved to the record (`app::outcome::judge`). Once judged it reads as a line
//! ("Outcome: right, judged 2027-01-12") with "Change"; judging again keeps the earlier judgment
//! in the record's history. A shared link's page shows the line only.
use crate::app::shown::ShownSession;
use consilium_engine::record::outcome::{Outcome, Verdict};
use consilium_engine::track_record::decisions::decision_facts;
use leptos::prelude::*;

use crate::app::outcome::judge;
use crate::app::AppState;

#[component]
pub fn OutcomeControl(session: ShownSession, #[prop(optional)] read_only: bool) -> impl IntoView {
    let live = expect_context::<AppState>().live;
    let decided =
        Memo::new(move |_| session.with(|s| s.as_ref().and_then(decision_facts).is_some()));
    // What this page saved last; the record's own outcome otherwise.
    let saved = RwSignal::new(None::<Outcome>);
    let outcome = Memo::new(move |_| {
        saved
            .get()
            .or_else(|| session.with(|s| s.as_ref().and_then(|s| s.outcome.clone())))
    });
    let editing = RwSignal::new(false);
    let chosen = RwSignal::new(None::<Verdict>);
    let note = RwSignal::new(String::new());
    let problem = RwSignal::new(None::<String>);
    let status = RwSignal::new(String::new());
    let busy = RwSignal::new(false);
    let open_editor = move || {
        let current = outcome.get_untracked();
        chosen.set(current.as_ref().map(Outcome::verdict));
        note.set(current.map(|o| o.note).unwrap_or_default());
        problem.set(None);
        status.set(String::new());
        editing.set(true);
    };
    let save = move || {
        let Some(verdict) = chosen.get_untracked() else {
            problem.set(Some("Choose how it turned out first.".into()));
            return;
        };
        let Some(id) = session.with_untracked(|s| s.as_ref().map(|s| s.id.clone())) else {
            return;
        };
        busy.set(true);
        judge(live, id, verdict, note.get_untracked(), move |result| {
            busy.set(false);
            match result {
                Ok(outcome) => {
                    saved.set(Some(outcome));
                    editing.set(false);
                    problem.set(None);
                    status.set("Outcome saved.".into());
                }
                Err(message) => problem.set(Some(message)),
            }
        });
    };
    let showing_form = move || !read_only && editing.get();
    // Not judged and not being judged: one line, so the decision below stays in view.
    let compact = move || outcome.with(Option::is_none) && !editing.get();
    view! {
        <Show when=move || decided.get() && (!read_only || outcome.with(Option::is_some))>
            <section class="outcome-judge" class:compact=compact aria-labelledby="outcome-title">
                <h3 id="outcome-title">"How did it turn out?"</h3>
                <Show when=compact>
                    <button type="button" on:click=move |_| open_editor()>"Judge this decision"</button>
                </Show>
                {move || outcome.get().filter(|_| !showing_form()).map(|o| {
                    let verdict = o.verdict().as_str();
                    let earlier = o.history.len();
                    view! {
                        // The date never breaks at its hyphens.
                        <p class="outcome-line" data-verdict=verdict>
                            {format!("Outcome: {}, judged ", o.verdict().word())}
                            <span class="outcome-date">{o.judged_on().to_string()}</span>
                        </p>
                        {(!o.note.is_empty()).then(|| view! {
                            <p class="outcome-note">{o.note.clone()}</p>
                        })}
                        {(earlier > 0).then(|| view! {
                            <p class="muted">{format!(
                                "Judged {} before; the record keeps {}.",
                                if earlier == 1 { "once".to_string() } else { format!("{earlier} times") },
                                if earlier == 1 { "it" } else { "them" }
                            )}</p>
                        })}
                        {(!read_only).then(|| view! {
                            <button type="button" on:click=move |_| open_editor()>"Change the outcome"</button>
                        })}
                    }
                })}
                <Show when=showing_form>
                    <p class="muted">"Judge it once you know: the track record counts how often decisions like it held."</p>
                    <fieldset class="verdict-choices">
                        <legend>"The decision was"</legend>
                        {Verdict::ALL.into_iter().map(|verdict| view! {
                            <label class="verdict-choice">
                                <input type="radio" name="outcome-verdict" value=verdict.as_str()
                                    prop:checked=move || chosen.get() == Some(verdict)
                                    on:change=move |_| chosen.set(Some(verdict)) />
                                {verdict.label()}
                            </label>
                        }).collect_view()}
                    </fieldset>
                    <label class="outcome-note-field">
                        "Note (optional)"
                        <textarea rows="2" maxlength="2000" prop:value=move || note.get()
                            on:input=move |ev| note.set(event_target_value(&ev))></textarea>
                    </label>
                    <p class="outcome-actions">
                        <button type="button" class="primary" disabled=move || busy.get()
                            on:click=move |_| save()>"Save the outcome"</button>
                        " "
                        <button type="button" on:click=move |_| editing.set(false)>"Cancel"</button>
                    </p>
                </Show>
                {move || problem.get().map(|p| view! { <p class="error" role="alert">{p}</p> })}
                <p class="visually-hidden" role="status">{move || status.get()}</p>
            </section>
        </Show>
    }
}
