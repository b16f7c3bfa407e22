//! New review: the change (pasted, or opened from a file), the project's rules, and the committee,
//! elected by the number of changed files and editable (who sits, on which provider and model).
use consilium_engine::review::body::{ReviewConfig, MAX_CODE_CHARS};
use consilium_engine::review::committee::{ChangeSize, ReviewerRole};
use consilium_engine::review::demo::{demo_review_config, DEMO_DIFF};
use consilium_engine::review::diff::ParsedDiff;
use consilium_engine::views::review_needs_consent;
use consilium_engine::{Clock, Session};
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::app::AppState;
use crate::components::cost_gate::PendingRun;
use crate::components::new_session::launch;
use crate::components::panel_builder::{Seat, SeatEditor};
use crate::driver::BrowserClock;
use crate::ids::new_id;

#[component]
pub fn NewReviewForm(
    problem: RwSignal<Option<String>>,
    awaiting_consent: RwSignal<Option<PendingRun>>,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let code = RwSignal::new(String::new());
    let rules = RwSignal::new(String::new());
    // Who sits, in the order of ReviewerRole::ALL, each with its seat.
    let seats = RwSignal::new(Vec::<(ReviewerRole, Seat)>::new());
    let chosen_by_user = RwSignal::new(false);
    let has_providers = Memo::new(move |_| state.settings.with(|s| !s.providers.is_empty()));
    let parsed = Memo::new(move |_| ParsedDiff::parse(&code.get()));

    // The committee follows the size of the change until the user changes it.
    Effect::new(move |_| {
        let files = parsed.with(|p| p.files.len());
        if chosen_by_user.get_untracked() || code.with(|c| c.trim().is_empty()) {
            return;
        }
        let settings = state.settings.get_untracked();
        let elected = ReviewerRole::elected(ChangeSize::of(files));
        seats.set(
            elected
                .into_iter()
                .enumerate()
                .map(|(i, role)| (role, Seat::default_for(&settings, i)))
                .collect(),
        );
    });

    let summary = move || {
        let chars = code.with(|c| c.chars().count());
        if chars == 0 {
            return None;
        }
        parsed.with(|p| {
            let files = p.files.len();
            let size = ChangeSize::of(files);
            let mut text = format!(
                "{files} changed file(s), a {} change: the committee is elected for that size; change it below.",
                match size {
                    ChangeSize::Low => "small",
                    ChangeSize::Medium => "medium",
                    ChangeSize::High => "large",
                }
            );
            if let Some(notice) = &p.notice {
                text = format!("{notice} {text}");
            }
            if chars > MAX_CODE_CHARS {
                text = format!(
                    "This change is {chars} characters; a review takes at most {MAX_CODE_CHARS}. {text}"
                );
            }
            Some(text)
        })
    };

    let open_file = move |ev: leptos::ev::Event| {
        let input = event_target::<web_sys::HtmlInputElement>(&ev);
        let Some(file) = input.files().and_then(|files| files.get(0)) else {
            return;
        };
        spawn_local(async move {
            match wasm_bindgen_futures::JsFuture::from(file.text()).await {
                Ok(text) => code.set(text.as_string().unwrap_or_default()),
                Err(_) => problem.set(Some(format!(
                    "The file {} could not be read as text.",
                    file.name()
                ))),
            }
        });
    };

    let toggle = move |role: ReviewerRole, on: bool| {
        chosen_by_user.set(true);
        let settings = state.settings.get_untracked();
        seats.update(|s| {
            s.retain(|(r, _)| *r != role);
            if on {
                s.push((role, Seat::default_for(&settings, s.len())));
                consilium_order::sort_by_key(s, |(r, _)| {
                    ReviewerRole::ALL.iter().position(|x| x == r)
                });
            }
        });
    };

    let start = move |_| {
        let text = code.get_untracked();
        let settings = state.settings.get_untracked();
        let members = seats
            .get_untracked()
            .iter()
            .map(|(role, seat)| seat.to_participant(role.id(), role.name(), &settings))
            .collect::<Result<Vec<_>, _>>();
        let config = match members {
            Ok(members) => ReviewConfig {
                members,
                rules: rules.get_untracked(),
                abstain_threshold: settings.abstain_threshold,
                max_tokens: settings.max_tokens,
                budget_usd: settings.budget_usd,
                structured_output: true,
                demo: false,
            },
            Err(message) => return problem.set(Some(message)),
        };
        if let Err(message) = config.validate(&text) {
            return problem.set(Some(message));
        }
        problem.set(None);
        let consent = review_needs_consent(&config.members);
        let session = Session::new_review(new_id("r"), text, config, BrowserClock.now_ms());
        if let Some(request) = consent {
            awaiting_consent.set(Some(PendingRun {
                session,
                request,
                estimate: None,
            }));
        } else if let Err(message) = launch(state, session) {
            problem.set(Some(message));
        }
    };

    let run_demo = move |_| {
        let session = Session::new_review(
            new_id("demo"),
            DEMO_DIFF.to_string(),
            demo_review_config(),
            BrowserClock.now_ms(),
        );
        if let Err(message) = launch(state, session) {
            problem.set(Some(message));
        }
    };

    view! {
        <div class="demo-card">
            <p>
                <strong>"New here? "</strong>
                "Watch a scripted committee (no key, no server) review a small change with a planted secret: "
                "a veto, a compromise, and a verdict with grounded fix items."
            </p>
            <button class="primary" on:click=run_demo>"Run the demo review"</button>
        </div>
        <Show when=move || has_providers.get()>
            <label class="question">
                "Diff or code"
                <textarea class="code" rows="10" placeholder="Paste a unified diff (git diff) or code"
                    prop:value=move || code.get()
                    on:input=move |ev| code.set(event_target_value(&ev))
                ></textarea>
            </label>
            <label>
                "Or open a file (.diff, .patch or any text file)"
                <input type="file" accept=".diff,.patch,text/*" on:change=open_file />
            </label>
            <p class="muted review-summary" role="status">{summary}</p>
            <label>
                "Project rules (optional)"
                <textarea rows="3" placeholder="One rule per line, e.g. Secrets come from the environment."
                    prop:value=move || rules.get()
                    on:input=move |ev| rules.set(event_target_value(&ev))
                ></textarea>
            </label>
            <fieldset class="committee">
                <legend>"Committee"</legend>
                {ReviewerRole::ALL.into_iter().map(|role| {
                    let sits = move || seats.with(|s| s.iter().any(|(r, _)| *r == role));
                    let veto = role.veto_ground().map(|g| format!(" (may veto {g})")).unwrap_or_default();
                    view! {
                        <div class="member">
                            <label class="checkbox">
                                <input type="checkbox" prop:checked=sits on:change=move |ev| toggle(role, event_target_checked(&ev)) />
                                {format!("{}{veto}", role.name())}
                            </label>
                            <Show when=sits>
                                <SeatEditor
                                    label=role.name().to_string()
                                    read=Signal::derive(move || seats.with(|s| s.iter().find(|(r, _)| *r == role).map(|(_, seat)| seat.clone())).unwrap_or_else(|| Seat::default()))
                                    write=Callback::new(move |seat: Seat| { chosen_by_user.set(true); seats.update(|s| if let Some(slot) = s.iter_mut().find(|(r, _)| *r == role) { slot.1 = seat }) })
                                    with_persona=false
                                />
                            </Show>
                        </div>
                    }
                }).collect_view()}
            </fieldset>
            <button class="primary" on:click=start>"Start the review"</button>
        </Show>
    }
}
