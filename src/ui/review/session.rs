//! Review's part of the session page, decision first: the verdict (with why, and the choice the
//! user has after an irreconcilable veto), the fix items grouped by file beside the diff lines they
//! cite, the committee grid (persona x round), the deliberation log, and the live calls while it
//! runs.
use crate::app::shown::ShownSession;
use consilium_engine::review::context_files::as_the_committee_reads;
use consilium_engine::review::diff::ParsedDiff;
use consilium_engine::review::view::{
    committee_grid, context_files_read, deliberation_log, fix_items_by_file, live_rounds,
    round_columns, verdict_words, vote_words, FindingCard, GridCell,
};
use consilium_engine::review::{accept_verdict, amend, amendment_offer};
use consilium_engine::{harness::io::Clock, record::Session};
use consilium_engine::{record::review::body::ReviewBody, record::review::body::Verdict};
use leptos::prelude::*;

use crate::ui::widgets::rich_text::RichText;

use crate::app::runs::start;
use crate::app::AppState;
use crate::run::clock::BrowserClock;
use crate::ui::widgets::live_calls::LiveCalls;
use crate::ui::widgets::material_read::{quote_rows, SourcesRead};
use crate::ui::widgets::run_start_status::RunStartStatus;
use crate::ui::widgets::{body_part, running_here};

#[component]
pub fn ReviewBodyView(
    session: ShownSession,
    /// Opened from a share link: nothing to amend.
    #[prop(optional)]
    read_only: bool,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let live = state.live;
    let verdict = body_part(session, |b: &ReviewBody| b.verdict.clone());
    // After an irreconcilable veto the user may amend the code; a record saved while it waited in
    // VETO (before such a veto concluded the review) may also accept the verdict.
    let amendable = Memo::new(move |_| {
        session.with(|s| s.as_ref().and_then(amendment_offer).filter(|_| !read_only))
    });
    let waiting = body_part(session, |b: &ReviewBody| b.awaiting_user.clone());
    let rounds = body_part(session, |b: &ReviewBody| Some(b.rounds.clone()));
    let hits = body_part(session, |b: &ReviewBody| Some(b.secret_hits.clone()));
    let code = Memo::new(move |_| {
        session.with(|s| {
            s.as_ref().and_then(|s| {
                s.body_of::<ReviewBody>()
                    .map(|b| b.current_code(&s.subject).to_string())
            })
        })
    });
    let parsed = Memo::new(move |_| code.with(|c| ParsedDiff::parse(c.as_deref().unwrap_or(""))));
    // The context files as the committee read them (secrets masked): what its quotes are checked
    // against. Recomputed only when the files change.
    let files = body_part(session, |b: &ReviewBody| Some(b.config.material.clone()));
    let read = Memo::new(move |_| {
        files.with(|f| as_the_committee_reads(f.as_deref().unwrap_or_default()))
    });
    let context_read = Memo::new(move |_| {
        verdict.track();
        files.track();
        session.with_untracked(|s| s.as_ref().and_then(context_files_read))
    });
    let members = Memo::new(move |_| {
        session.with(|s| {
            s.as_ref()
                .map(|s| {
                    s.participants
                        .iter()
                        .map(|p| p.id.clone())
                        .collect::<Vec<_>>()
                })
                .unwrap_or_default()
        })
    });
    let running_here = running_here(session);
    let all_rounds = move || rounds.get().unwrap_or_default();

    let problem = RwSignal::new(None::<String>);
    let amended = RwSignal::new(String::new());
    let save_and_show = move |session: Session| {
        live.persist(&session);
        live.session.set(Some(session));
    };
    let accept = move |_| {
        let Some(mut s) = session.get_untracked() else {
            return;
        };
        match accept_verdict(&mut s, BrowserClock.now_ms()) {
            Ok(()) => save_and_show(s),
            Err(message) => problem.set(Some(message)),
        }
    };
    let submit_amendment = move |_| {
        let Some(mut s) = session.get_untracked() else {
            return;
        };
        if let Err(message) = amend(&mut s, amended.get_untracked(), BrowserClock.now_ms()) {
            return problem.set(Some(message));
        }
        problem.set(None);
        start::amend(state, s, problem);
    };

    view! {
        <section class="review-verdict" aria-labelledby="review-verdict-title" data-decision="" tabindex="-1">
            <h3 id="review-verdict-title">"Verdict"</h3>
            {move || match verdict.get() {
                Some(v) => view! { <VerdictView verdict=v /> }.into_any(),
                None => view! { <p class="muted">"No verdict yet."</p> }.into_any(),
            }}
            {move || amendable.get().map(|offer| view! {
                <div class="awaiting" role="alert">
                    <p>{offer}</p>
                    {waiting.get().map(|_| view! { <button class="secondary" on:click=accept>"Accept the verdict"</button> })}
                    <label>
                        "Amended code (a new diff or the fixed code)"
                        <textarea class="code" rows="8" prop:value=move || amended.get() on:input=move |ev| amended.set(event_target_value(&ev))></textarea>
                    </label>
                    <button class="primary" on:click=submit_amendment>"Submit amended code"</button>
                </div>
            })}
            <p class="error" role="alert">{move || problem.get()}</p>
            <RunStartStatus />
        </section>
        {move || hits.get().filter(|h| !h.is_empty()).map(|hits| view! {
            <section class="secret-scan">
                <h3>"Secret scan"</h3>
                <ul>{hits.into_iter().map(|h| view! {
                    <li><code>{format!("{}:{}", h.path, h.line)}</code>" " {h.kind} " (" {h.masked} ")"</li>
                }).collect_view()}</ul>
            </section>
        })}
        <section class="fix-items">
            <h3>"Fix items by file"</h3>
            {move || {
                let files = verdict.with(|v| parsed.with(|diff| read.with(|read| fix_items_by_file(v.as_ref(), diff, read))));
                if files.is_empty() {
                    return view! { <p class="muted">"None."</p> }.into_any();
                }
                files.into_iter().map(|file| view! {
                    <article class="file-findings">
                        <h4><code>{file.path}</code></h4>
                        {file.findings.into_iter().map(|card| view! { <FindingView card=card /> }).collect_view()}
                    </article>
                }).collect_view().into_any()
            }}
        </section>
        {move || context_read.get().map(|r| view! { <SourcesRead sources=r.sources tally=r.tally /> })}
        <section class="committee-grid">
            <h3>"Committee"</h3>
            <table class="cards-on-phone">
                <thead>
                    <tr>
                        <th scope="col">"Persona"</th>
                        {move || round_columns(&all_rounds()).into_iter().map(|column| view! { <th scope="col">{column}</th> }).collect_view()}
                    </tr>
                </thead>
                <tbody>
                    {move || committee_grid(&members.get(), &all_rounds(), &parsed.get_untracked(), &read.get_untracked()).rows.into_iter().map(|row| {
                        let cells = row.cells.into_iter().zip(round_columns(&all_rounds())).map(|(cell, column)| view! { <GridCellView cell=cell column=column /> }).collect_view();
                        view! { <tr><th scope="row">{row.name}</th>{cells}</tr> }
                    }).collect_view()}
                </tbody>
            </table>
        </section>
        // The state machine's names and transitions are internals: under Details.
        <details class="deliberation-log">
            <summary>"Details: the deliberation log"</summary>
            <ol class="timeline">
                {move || deliberation_log(&all_rounds()).into_iter().map(|round| view! {
                    <li class="log-round" data-outcome=round.outcome>
                        <p><strong>{format!("Round {} — {}", round.number, round.outcome)}</strong>
                            {round.amended}</p>
                        <p class="transitions">{round.transitions}</p>
                        {round.majority_abstained.then(|| view! { <p class="notice">"Most of the committee abstained."</p> })}
                        {round.mediation.map(|m| view! { <p class="mediation">"Chairperson mediation: " {m}</p> })}
                        <ul>{round.answers.into_iter().map(|a| view! {
                            <li>{a.name} {if a.accept { " accepts: " } else { " does not accept: " }} {a.reason}</li>
                        }).collect_view()}</ul>
                    </li>
                }).collect_view()}
            </ol>
        </details>
        <Show when=move || running_here.get()>
            <section class="round live">
                <h3>"Now"</h3>
                {move || rounds.with(|r| {
                    let drawn = r.as_deref().map_or(0, <[_]>::len) as u8;
                    live_rounds(r.as_deref().unwrap_or_default()).into_iter().map(|round| view! {
                        // A recorded round's answers are drawn above: here only its compromise and answers to it.
                        <LiveCalls round=round unfinished_only=round <= drawn />
                    }).collect_view()
                })}
            </section>
        </Show>
    }
}

#[component]
fn VerdictView(verdict: Verdict) -> impl IntoView {
    let label = verdict.verdict.label();
    view! {
        <p class="review-verdict-label" data-verdict=label><strong>{verdict_words(verdict.verdict)}</strong></p>
        <p class="verdict-reason">{verdict.reason}</p>
        {verdict.majority_abstain_warning.then(|| view! {
            <p class="notice">"Most of the committee abstained: this quorum rests on few members."</p>
        })}
    }
}

#[component]
fn FindingView(card: FindingCard) -> impl IntoView {
    let FindingCard {
        finding,
        status,
        source,
        lines,
        cited,
        quotes,
    } = card;
    let item = finding.item;
    view! {
        <div class="finding" data-verified=finding.verified.to_string()>
            <p>
                <span class=format!("badge severity {}", item.severity.label())>{item.severity.label()}</span>" "
                <span class=if finding.verified { "badge ok" } else { "badge warn" }>{status}</span>" "
                <span class="lines">{lines}</span>" "
                <strong>{item.rule}</strong>" · " {source}
            </p>
            <p>{item.current}</p>
            <p>"Recommended: " {item.recommended_action}</p>
            {finding.problem.map(|p| view! { <p class="notice">{p}</p> })}
            {(!cited.is_empty()).then(|| view! { <pre class="cited-lines">{cited}</pre> })}
            {quote_rows(quotes)}
        </div>
    }
}

#[component]
fn GridCellView(cell: Option<GridCell>, column: String) -> impl IntoView {
    let Some(cell) = cell else {
        return view! { <td data-label=column>"—"</td> }.into_any();
    };
    view! {
        <td class="cell" data-vote=cell.vote data-label=column>
            <span class="badge">{vote_words(cell.vote)}</span>{cell.confidence}{cell.said}
            <details>
                <summary>"Opinion"</summary>
                <RichText text=cell.opinion />
                {cell.note.map(|n| view! { <p class="notice">{n}</p> })}
                {cell.findings.into_iter().map(|card| view! { <FindingView card=card /> }).collect_view()}
            </details>
        </td>
    }
    .into_any()
}
