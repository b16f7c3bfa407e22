//! New review: the change (pasted, or opened from a file), the project's rules, and the committee,
//! elected by the number of changed files and editable (who sits, on which provider and model).
//! Before the start, the change with its context files is counted against each member's context
//! window (`review::window`): a member that cannot take it is named, and the cut of the context
//! files (never of the diff) is offered, said exactly.
use consilium_engine::material::seats::{cut, Cut};
use consilium_engine::record::review::body::ReviewConfig;
use consilium_engine::record::review::committee::ReviewerRole;
use consilium_engine::review::diff::ParsedDiff;
use consilium_engine::review::view::{
    change_summary, choose_member, elected_committee, member_choice,
};
use consilium_engine::review::window::review_window;
use consilium_engine::{harness::io::Clock, record::Protocol, record::Session};
use consilium_engine::{views::consent::review_needs_consent, views::seats::Seat};
use leptos::prelude::*;

use crate::app::material::{with_capabilities, Material};
use crate::app::runs::start::PendingRun;
use crate::app::runs::start::{ready_to_start, start_or_ask};
use crate::app::AppState;
use crate::platform::drafts::{load_draft, save_draft};
use crate::platform::ids::new_id;
use crate::run::clock::BrowserClock;
use crate::ui::widgets::attach::{on_drop, on_paste, AttachArea, SeatNotices};
use crate::ui::widgets::file_input::read_chosen_file;
use crate::ui::widgets::provider_gate::is_submit_key;
use crate::ui::widgets::seat_editor::SeatEditor;
use crate::ui::widgets::start::{CouncilChip, SeatChecks, StartButton};
use crate::ui::widgets::FormIntro;
use consilium_engine::views::draft::draft_key;

#[component]
pub fn NewReviewForm(
    problem: RwSignal<Option<String>>,
    awaiting_consent: RwSignal<Option<PendingRun>>,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    // A diff pasted and not reviewed yet, kept across visits and reloads (`views::draft`).
    let code = RwSignal::new(load_draft(&draft_key(Protocol::Review)));
    // Typed, pasted or opened from a file: kept as it changes.
    Effect::new(move |_| code.with(|text| save_draft(&draft_key(Protocol::Review), text)));
    let rules = RwSignal::new(String::new());
    // Who sits, in the order of ReviewerRole::ALL, each with its seat.
    let seats = RwSignal::new(Vec::<(ReviewerRole, Seat)>::new());
    let chosen_by_user = RwSignal::new(false);
    let has_providers = Memo::new(move |_| state.settings.with(|s| !s.providers.is_empty()));
    let parsed = Memo::new(move |_| ParsedDiff::parse(&code.get()));
    // Context files beside the diff, attached as a question's material is.
    let material = Material::new();
    let dropping = RwSignal::new(false);
    let offers_folders = browser_offers_folder_picker();

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
        read_chosen_file(&ev, move |_, text| match text {
            Ok(text) => code.set(text),
            Err(message) => problem.set(Some(message)),
        })
    };

    let toggle = move |role: ReviewerRole, on: bool| {
        chosen_by_user.set(true);
        let settings = state.settings.get_untracked();
        seats.update(|s| choose_member(s, role, on, |n| Seat::default_for(&settings, n)));
    };

    let member_seats = Signal::derive(move || {
        seats.with(|s| s.iter().map(|(_, seat)| seat.clone()).collect::<Vec<_>>())
    });
    let on_folder = move |ev: leptos::ev::Event| {
        let input = event_target::<web_sys::HtmlInputElement>(&ev);
        let files: Vec<_> = input
            .files()
            .map(|files| (0..files.length()).filter_map(|i| files.get(i)).collect())
            .unwrap_or_default();
        input.set_value("");
        material.attach_folder(files);
    };
    // The committee as it would sit, each member with what its model takes (context window,
    // images); a seat not filled in yet is left out.
    let committee = move || {
        let settings = state.settings.get();
        let members = seats.with(|s| {
            s.iter()
                .filter_map(|(role, seat)| {
                    seat.to_participant(role.id(), role.name(), &settings).ok()
                })
                .collect()
        });
        with_capabilities(members, &settings)
    };
    // The change with its context files against each member's window, with the cut of the
    // context files that makes the tightest member fit, said exactly.
    let window_checks = move || {
        let sources = material.sources.get();
        if sources.is_empty() {
            return None;
        }
        let members = committee();
        let max_tokens = state.settings.with(|s| s.max_tokens);
        let window =
            code.with(|c| rules.with(|r| review_window(c, r, &sources, &members, max_tokens)));
        let on_cut = move |cuts: Vec<Cut>| material.sources.update(|s| *s = cut(s, &cuts).0);
        Some(view! {
            <SeatNotices notices=window.notices offer=window.offer on_cut=on_cut what="the context files" />
            {window.reads.map(|line| view! { <p class="estimate muted review-reads">{line}</p> })}
        })
    };
    let start = move || {
        let text = code.get_untracked();
        if let Some(name) = material.reading.with_untracked(|r| r.first().cloned()) {
            return problem.set(Some(format!(
                "{name} is still being read: start once its chip shows its tokens."
            )));
        }
        let labelled: Vec<(String, Seat)> = seats
            .get_untracked()
            .into_iter()
            .map(|(role, seat)| (role.name().to_string(), seat))
            .collect();
        if let Err(message) = ready_to_start(state, &labelled) {
            return problem.set(Some(message));
        }
        let settings = state.settings.get_untracked();
        let members = seats
            .get_untracked()
            .iter()
            .map(|(role, seat)| seat.to_participant(role.id(), role.name(), &settings))
            .collect::<Result<Vec<_>, _>>()
            .map(|members| with_capabilities(members, &settings));
        let config = match members {
            Ok(members) => ReviewConfig {
                members,
                rules: rules.get_untracked(),
                abstain_threshold: settings.abstain_threshold,
                max_tokens: settings.max_tokens,
                budget_usd: settings.budget_usd,
                structured_output: true,
                demo: false,
                material: material.sources.get_untracked(),
            },
            Err(message) => return problem.set(Some(message)),
        };
        if let Err(message) = config.validate(&text) {
            return problem.set(Some(message));
        }
        let consent = review_needs_consent(&config.members);
        // What each call reads, context files included, said with the consent when it is asked.
        let reads = review_window(
            &text,
            &config.rules,
            &config.material,
            &config.members,
            config.max_tokens,
        )
        .reads;
        let session = Session::new_review(new_id("r").into(), text, config, BrowserClock.now_ms());
        start_or_ask(state, session, consent, reads, awaiting_consent, problem);
    };

    view! {
        <FormIntro
            tagline="Put a code change before a committee of reviewers that debates, vetoes and concludes, with every finding checked against the diff."
            protocol=Protocol::Review
            demo="Watch a scripted committee (no key, no server) review a small change with a planted secret: a veto, a compromise, and a verdict with grounded fix items."
            button="Run the demo review"
            problem=problem
        />
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
            <fieldset class="context-files" class:dropping=move || dropping.get()
                on:dragover=move |ev| { ev.prevent_default(); dropping.set(true); }
                on:dragleave=move |_| dropping.set(false)
                on:drop=move |ev| on_drop(&ev, material, dropping)
                on:paste=move |ev| on_paste(&ev, material)
            >
                <legend>"Context files (optional)"</legend>
                <p class="muted context-files-hint">"The files the change touches, or code it relies on: the committee reads them after the diff, and every passage a finding quotes from them is checked."</p>
                <AttachArea material=material />
                {offers_folders.then(|| view! {
                    <label class="attach-pick button secondary attach-folder">
                        "Attach a folder"
                        <input type="file" prop:webkitdirectory=true multiple class="visually-hidden" on:change=on_folder
                            aria-describedby="attach-folder-hint" />
                    </label>
                    <span id="attach-folder-hint" class="muted attach-hint">"its text files only; the rest is skipped and named"</span>
                })}
            </fieldset>
            <CouncilChip seats=member_seats noun="reviewer">
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
            </CouncilChip>
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
            <SeatChecks seats=member_seats />
            {window_checks}
            <StartButton label="Start the review" on_start=start awaiting_consent=awaiting_consent problem=problem />
            </div>
        </Show>
    }
}

/// Whether this browser's file input can pick a folder (`webkitdirectory`: Chrome, Edge, Firefox,
/// Safari on desktop; not most phones).
fn browser_offers_folder_picker() -> bool {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.create_element("input").ok())
        .is_some_and(|input| {
            js_sys::Reflect::has(&input, &wasm_bindgen::JsValue::from_str("webkitdirectory"))
                .unwrap_or(false)
        })
}
