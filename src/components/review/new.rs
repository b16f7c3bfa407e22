//! New review: the change (pasted, or opened from a file), the project's rules, and the committee,
//! elected by the number of changed files and editable (who sits, on which provider and model).
use consilium_engine::review::body::ReviewConfig;
use consilium_engine::review::committee::ReviewerRole;
use consilium_engine::review::diff::ParsedDiff;
use consilium_engine::views::review::{
    change_summary, choose_member, elected_committee, member_choice,
};
use consilium_engine::views::{review_needs_consent, Seat};
use consilium_engine::{Clock, Protocol, Session};
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::app::AppState;
use crate::components::shared::cost_gate::PendingRun;
use crate::components::shared::provider_gate::{
    council_summary, is_submit_key, known_failures, providers_without_key, ConsentBeside,
    MissingKeys, SeatsHealth,
};
use crate::components::shared::seat_editor::SeatEditor;
use crate::components::shared::{launch, DemoCard};
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
        seats.set(elected_committee(files, |i| {
            Seat::default_for(&settings, i)
        }));
    });

    let summary = move || code.with(|c| parsed.with(|p| change_summary(c, p)));

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
        seats.update(|s| choose_member(s, role, on, |n| Seat::default_for(&settings, n)));
    };

    let keys_typed = RwSignal::new(0u32);
    let member_seats = Signal::derive(move || {
        seats.with(|s| s.iter().map(|(_, seat)| seat.clone()).collect::<Vec<_>>())
    });
    let start = move || {
        let text = code.get_untracked();
        if let Some((_, name)) = providers_without_key(state, &member_seats.get_untracked()).first()
        {
            return problem.set(Some(format!(
                "Paste the API key for {name} first (above the button)."
            )));
        }
        let labelled: Vec<(String, Seat)> = seats
            .get_untracked()
            .into_iter()
            .map(|(role, seat)| (role.name().to_string(), seat))
            .collect();
        if let Some(message) = known_failures(state, &labelled) {
            return problem.set(Some(message));
        }
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
        } else {
            launch(state, session, problem);
        }
    };

    let chip = move || council_summary(state, &member_seats.get(), "reviewer");
    view! {
        <div class="ask-intro">
            <div>
                <p class="tagline">"Put a code change before a committee of reviewers that debates, vetoes and concludes, with every finding checked against the diff."</p>
                <DemoCard
                    protocol=Protocol::Review
                    text="Watch a scripted committee (no key, no server) review a small change with a planted secret: a veto, a compromise, and a verdict with grounded fix items."
                    button="Run the demo review"
                    problem=problem
                />
            </div>
        </div>
        <Show when=move || has_providers.get()>
            <div class="ask-box" on:keydown=move |ev| if is_submit_key(&ev) { ev.prevent_default(); start() }>
            <label class="question">
                "Diff or code"
                <textarea class="code" rows="10" placeholder="Paste a unified diff (git diff) or code (Ctrl+Enter starts)"
                    prop:value=move || code.get()
                    on:input=move |ev| code.set(event_target_value(&ev))
                ></textarea>
            </label>
            <label>
                "Or open a file (.diff, .patch or any text file)"
                <input type="file" accept=".diff,.patch,text/*" on:change=open_file />
            </label>
            <p class="muted review-summary" role="status">{summary}</p>
            <details class="council">
                <summary class="council-chip">{chip}</summary>
                <fieldset class="committee">
                    <legend>"Committee"</legend>
                    {ReviewerRole::ALL.into_iter().map(|role| {
                        let sits = move || seats.with(|s| s.iter().any(|(r, _)| *r == role));
                        view! {
                            <div class="member">
                                <label class="checkbox">
                                    <input type="checkbox" prop:checked=sits on:change=move |ev| toggle(role, event_target_checked(&ev)) />
                                    {member_choice(role)}
                                </label>
                                <Show when=sits>
                                    <SeatEditor
                                        label=role.name().to_string()
                                        read=Signal::derive(move || seats.with(|s| s.iter().find(|(r, _)| *r == role).map(|(_, seat)| seat.clone())).unwrap_or_default())
                                        write=Callback::new(move |seat: Seat| { chosen_by_user.set(true); seats.update(|s| if let Some(slot) = s.iter_mut().find(|(r, _)| *r == role) { slot.1 = seat }) })
                                        with_persona=false
                                    />
                                </Show>
                            </div>
                        }
                    }).collect_view()}
                </fieldset>
            </details>
            <details class="advanced">
                <summary>"Advanced"</summary>
                <label>
                    "Project rules (optional)"
                    <textarea rows="3" placeholder="One rule per line, e.g. Secrets come from the environment."
                        prop:value=move || rules.get()
                        on:input=move |ev| rules.set(event_target_value(&ev))
                    ></textarea>
                </label>
            </details>
            <SeatsHealth seats=member_seats />
                <MissingKeys seats=member_seats typed=keys_typed />
            <div class="ask-actions">
                <button class="primary" on:click=move |_| start()>"Start the review"</button>
                <ConsentBeside awaiting_consent=awaiting_consent problem=problem />
            </div>
            </div>
        </Show>
    }
}
