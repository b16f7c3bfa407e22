//! New prioritization: the backlog (typed in a table, or imported from JSON, CSV or a Markdown
//! list), whether to debate it (by default when it has more opportunities than the setting), the
//! three partners, max rounds and budget. Before the start the app asks when the critic is not
//! independent or a partner has no price (its cost would be unknown, never counted as free).
use consilium_engine::foundation::counted::counted_as;
use consilium_engine::prioritize::debate_by_default;
use consilium_engine::prioritize::import::{import_backlog, merge_into, ImportFormat};
use consilium_engine::prioritize::view::{
    backlog_of, debate_line, evidence_lines, titled, typed_rows,
};
use consilium_engine::record::prioritize::body::{Partner, PrioritizeConfig};
use consilium_engine::{harness::io::Clock, record::Protocol, record::Session};
use consilium_engine::{
    record::prioritize::backlog::Effort, record::prioritize::backlog::Opportunity,
    record::prioritize::backlog::Size,
};
use consilium_engine::{
    record::prioritize::debate::DEFAULT_BUDGET_USD, record::prioritize::debate::DEFAULT_MAX_ROUNDS,
};
use consilium_engine::{
    views::consent::check_prioritize, views::consent::prioritize_consent,
    views::consent::start_anyway, views::seats::partner_seats, views::seats::Seat,
};
use leptos::prelude::*;

use crate::app::runs::start::{ready_to_start, start_or_ask, PendingRun};
use crate::app::AppState;
use crate::platform::ids::new_id;
use crate::run::clock::BrowserClock;
use crate::ui::widgets::file_input::read_chosen_file;
use crate::ui::widgets::provider_gate::{is_submit_key, ConsentBeside};
use crate::ui::widgets::seat_editor::SeatEditor;
use crate::ui::widgets::start::{CouncilChip, SeatChecks};
use crate::ui::widgets::FormIntro;

fn empty_row(index: usize) -> Opportunity {
    Opportunity::new(&format!("opp-{}", index + 1), "")
}

#[component]
pub fn NewPrioritizeForm(problem: RwSignal<Option<String>>) -> impl IntoView {
    let state = expect_context::<AppState>();
    let backlog = RwSignal::new(vec![empty_row(0)]);
    let import_text = RwSignal::new(String::new());
    let import_status = RwSignal::new(None::<String>);
    let debate_choice = RwSignal::new(None::<bool>);
    let max_rounds = RwSignal::new(DEFAULT_MAX_ROUNDS);
    let budget = RwSignal::new(DEFAULT_BUDGET_USD);
    let seats = RwSignal::new(Vec::<Seat>::new());
    let awaiting_consent = RwSignal::new(None::<PendingRun>);
    let has_providers = Memo::new(move |_| state.settings.with(|s| !s.providers.is_empty()));

    Effect::new(move |_| {
        let settings = state.settings.get();
        if !settings.providers.is_empty() && seats.with_untracked(Vec::is_empty) {
            seats.set(partner_seats(&settings));
        }
    });

    let filled = Memo::new(move |_| backlog.with(|b| titled(b).len()));
    let threshold = Memo::new(move |_| state.settings.with(|s| s.debate_threshold as usize));
    let debate = Memo::new(move |_| {
        debate_choice
            .get()
            .unwrap_or_else(|| debate_by_default(filled.get(), threshold.get()))
    });
    let debate_text = move || debate_line(filled.get(), threshold.get());

    let run_import = move |text: String, file_name: Option<String>| {
        let format = ImportFormat::detect(file_name.as_deref(), &text);
        let current = backlog.with_untracked(|b| typed_rows(b));
        match import_backlog(&text, format).and_then(|items| {
            let count = items.len();
            merge_into(&current, items).map(|merged| (merged, count))
        }) {
            Ok((merged, count)) => {
                backlog.set(merged);
                import_status.set(Some(format!(
                    "Imported {}.",
                    counted_as(count, "opportunity", "opportunities")
                )));
                import_text.set(String::new());
            }
            Err(message) => import_status.set(Some(format!("Nothing was imported: {message}"))),
        }
    };
    let open_file = move |ev: leptos::ev::Event| {
        read_chosen_file(&ev, move |name, text| match text {
            Ok(text) => run_import(text, Some(name)),
            Err(message) => import_status.set(Some(message)),
        })
    };

    let edit = move |index: usize, change: Box<dyn FnOnce(&mut Opportunity)>| {
        backlog.update(|b| {
            if let Some(item) = b.get_mut(index) {
                change(item)
            }
        })
    };

    let build = move || -> Result<Session, String> {
        let settings = state.settings.get_untracked();
        let items = backlog.with_untracked(|b| backlog_of(b));
        let debate = debate.get_untracked();
        let partners = if debate {
            seats
                .get_untracked()
                .iter()
                .zip(Partner::ALL)
                .map(|(seat, partner)| {
                    seat.to_participant(partner.id(), partner.title(), &settings)
                })
                .collect::<Result<Vec<_>, _>>()?
        } else {
            Vec::new()
        };
        let config = PrioritizeConfig {
            partners,
            max_rounds: max_rounds.get_untracked(),
            budget_usd: budget.get_untracked(),
            max_tokens: settings.max_tokens,
            debate,
            structured_output: true,
            independence_overridden: false,
            demo: false,
        };
        check_prioritize(&config, &items)?;
        Ok(Session::new_prioritize(
            new_id("p").into(),
            items,
            config,
            BrowserClock.now_ms(),
        ))
    };

    let asked_seats = Signal::derive(move || {
        if debate.get() {
            seats.get()
        } else {
            Vec::new()
        }
    });
    let start = move || {
        let labelled: Vec<(String, Seat)> = asked_seats
            .get_untracked()
            .into_iter()
            .zip(Partner::ALL)
            .map(|(seat, partner)| (partner.title().to_string(), seat))
            .collect();
        if let Err(message) = ready_to_start(state, &labelled) {
            return problem.set(Some(message));
        }
        let mut session = match build() {
            Ok(session) => session,
            Err(message) => return problem.set(Some(message)),
        };
        // Asked first when the critic is not independent or a partner has no price; starting
        // anyway puts an overridden independence on record.
        let consent = prioritize_consent(&session.prioritize().config);
        if consent.is_some() {
            if let consilium_engine::record::Body::Prioritize(body) = &mut session.body {
                start_anyway(&mut body.config);
            }
        }
        start_or_ask(state, session, consent, None, awaiting_consent, problem);
    };

    view! {
        <FormIntro
            tagline="Hand a backlog to a champion, a critic and a moderator who debate it and rank it under a budget."
            protocol=Protocol::Prioritize
            demo="Watch scripted partners (no key, no server) debate a backlog of 8: the ranking moves in round 2 and holds in round 3, where consensus is reached."
            button="Run the demo prioritization"
            problem=problem
        />
        <div class="ask-box" on:keydown=move |ev| if is_submit_key(&ev) { ev.prevent_default(); start() }>
        <fieldset class="backlog-editor">
            <legend>"Backlog"</legend>
            <table class="backlog-table">
                <caption class="visually-hidden">"Opportunities to rank"</caption>
                <thead><tr>
                    <th scope="col">"Id"</th><th scope="col">"Title"</th><th scope="col">"Type"</th>
                    <th scope="col">"Description"</th><th scope="col">"Evidence (one per line)"</th><th scope="col">"Effort"</th>
                    <th scope="col"><span class="visually-hidden">"Remove"</span></th>
                </tr></thead>
                <tbody>
                    {move || (0..backlog.with(Vec::len)).map(|index| {
                        let read = move |f: fn(&Opportunity) -> String| move || backlog.with(|b| b.get(index).map(f).unwrap_or_default());
                        let row = index + 1;
                        view! {
                            <tr>
                                <td><input class="opp-id" aria-label=format!("Id of opportunity {row}") prop:value=read(|o| o.id.clone())
                                    on:change=move |ev| { let v = event_target_value(&ev); edit(index, Box::new(move |o| o.id = v.trim().to_string())) } /></td>
                                <td><input class="opp-title" aria-label=format!("Title of opportunity {row}") prop:value=read(|o| o.title.clone())
                                    on:change=move |ev| { let v = event_target_value(&ev); edit(index, Box::new(move |o| o.title = v)) } /></td>
                                <td><input class="opp-type" aria-label=format!("Type of opportunity {row}") prop:value=read(|o| o.kind.clone())
                                    on:change=move |ev| { let v = event_target_value(&ev); edit(index, Box::new(move |o| o.kind = v)) } /></td>
                                <td><textarea rows="2" aria-label=format!("Description of opportunity {row}") prop:value=read(|o| o.description.clone())
                                    on:change=move |ev| { let v = event_target_value(&ev); edit(index, Box::new(move |o| o.description = v)) }></textarea></td>
                                <td><textarea rows="2" aria-label=format!("Evidence for opportunity {row}") prop:value=read(|o| o.evidence.join("\n"))
                                    on:change=move |ev| { let v = event_target_value(&ev); edit(index, Box::new(move |o| o.evidence = evidence_lines(&v))) }></textarea></td>
                                <td><select aria-label=format!("Effort of opportunity {row}")
                                    on:change=move |ev| { let v = event_target_value(&ev); edit(index, Box::new(move |o| o.effort = Size::parse(&v).map(Effort::Size))) }>
                                    <option value="" selected=move || backlog.with(|b| b.get(index).is_none_or(|o| o.effort.is_none()))>"-"</option>
                                    {["S", "M", "L", "XL"].into_iter().map(|size| view! {
                                        <option value=size selected=move || backlog.with(|b| b.get(index).and_then(|o| o.effort).map(|e| e.label()) == Some(size.to_string()))>{size}</option>
                                    }).collect_view()}
                                </select></td>
                                <td><button class="secondary" aria-label=format!("Remove opportunity {row}")
                                    on:click=move |_| backlog.update(|b| { if index < b.len() { b.remove(index); } })>"Remove"</button></td>
                            </tr>
                        }
                    }).collect_view()}
                </tbody>
            </table>
            <button class="secondary" on:click=move |_| backlog.update(|b| { let n = b.len(); b.push(empty_row(n)) })>"Add opportunity"</button>
        </fieldset>
        <details class="import">
            <summary>"Import a backlog (JSON, CSV with a header row, or a Markdown list)"</summary>
            <label>
                "Paste it here"
                <textarea class="code" rows="6" placeholder="- opp-1: Fix the flaky test — blocks merges&#10;  - CI red 41 times last month"
                    prop:value=move || import_text.get() on:input=move |ev| import_text.set(event_target_value(&ev))></textarea>
            </label>
            <button class="secondary" on:click=move |_| run_import(import_text.get_untracked(), None)>"Import"</button>
            <label>"Or open a file" <input type="file" accept=".json,.csv,.md,.markdown,.txt,text/*" on:change=open_file /></label>
        </details>
        <p class="import-status" role="status">{move || import_status.get()}</p>
        <p class="muted" role="status">{debate_text}</p>
        <label class="checkbox">
            <input type="checkbox" prop:checked=move || debate.get() on:change=move |ev| debate_choice.set(Some(event_target_checked(&ev))) />
            "Debate it (champion, critic, moderator)"
        </label>
        <Show when=move || debate.get()>
            <Show when=move || has_providers.get() fallback=|| view! {
                <p class="notice">"A debate needs models: add a provider in Settings, or run the demo."</p>
            }>
                <CouncilChip seats=Signal::derive(move || seats.get()) noun="partner">
                <fieldset class="partners">
                    <legend>"Partners"</legend>
                    {Partner::ALL.into_iter().enumerate().map(|(i, partner)| view! {
                        <SeatEditor
                            label=partner.title().to_string()
                            read=Signal::derive(move || seats.with(|s| s.get(i).cloned()).unwrap_or(Seat::default()))
                            write=Callback::new(move |seat: Seat| seats.update(|s| if let Some(slot) = s.get_mut(i) { *slot = seat }))
                            with_persona=false
                        />
                    }).collect_view()}
                </fieldset>
                </CouncilChip>
            </Show>
            <details class="advanced">
            <summary>"Advanced"</summary>
            <div class="run-options">
                <label>"Max rounds"
                    <input type="number" min="1" max="10" prop:value=move || max_rounds.get().to_string()
                        on:change=move |ev| max_rounds.set(event_target_value(&ev).trim().parse().unwrap_or(DEFAULT_MAX_ROUNDS)) />
                </label>
                <label>"Budget (USD)"
                    <input type="number" min="0.01" step="0.01" prop:value=move || budget.get().to_string()
                        on:change=move |ev| budget.set(event_target_value(&ev).trim().trim_start_matches('$').parse().unwrap_or(DEFAULT_BUDGET_USD)) />
                </label>
            </div>
            </details>
            <SeatChecks seats=asked_seats />
        </Show>
        <div class="ask-actions">
            <button class="primary" on:click=move |_| start()>{move || if debate.get() { "Start the debate" } else { "Rank by score" }}</button>
            <ConsentBeside awaiting_consent=awaiting_consent problem=problem />
        </div>
        </div>
    }
}
