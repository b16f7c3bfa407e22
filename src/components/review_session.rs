//! Review's part of the session page, decision first: the verdict (with why, and the choice the
//! user has after an irreconcilable veto), the fix items grouped by file beside the diff lines they
//! cite, the committee grid (persona x round), the deliberation log, and the live calls while it
//! runs.
use consilium_engine::review::body::{Finding, ReviewBody, ReviewRound, Verdict};
use consilium_engine::review::committee::ReviewerRole;
use consilium_engine::review::diff::{LineKind, ParsedDiff};
use consilium_engine::review::{accept_verdict, amend};
use consilium_engine::{Clock, Session};
use leptos::prelude::*;

use crate::components::rich_text::RichText;

use crate::app::AppState;
use crate::components::live_calls::LiveCalls;
use crate::driver::{start_run, BrowserClock};
use crate::export;

fn review_part<T: PartialEq + Clone + Send + Sync + 'static>(
    session: Memo<Option<Session>>,
    part: impl Fn(&ReviewBody) -> T + Send + Sync + 'static,
) -> Memo<Option<T>> {
    Memo::new(move |_| {
        session.with(|s| {
            s.as_ref()
                .and_then(|s| s.body_of::<ReviewBody>())
                .map(&part)
        })
    })
}

fn member_name(id: &str) -> String {
    ReviewerRole::from_id(id).map_or_else(|| id.to_string(), |r| r.name().to_string())
}

#[component]
pub fn ReviewBodyView(session: Memo<Option<Session>>) -> impl IntoView {
    let state = expect_context::<AppState>();
    let live = state.live;
    let verdict = review_part(session, |b| b.verdict.clone());
    let awaiting = review_part(session, |b| b.awaiting_user.clone());
    let rounds = review_part(session, |b| b.rounds.clone());
    let hits = review_part(session, |b| b.secret_hits.clone());
    let code = Memo::new(move |_| {
        session.with(|s| {
            s.as_ref().and_then(|s| {
                s.body_of::<ReviewBody>()
                    .map(|b| b.current_code(&s.subject).to_string())
            })
        })
    });
    let parsed = Memo::new(move |_| code.with(|c| ParsedDiff::parse(c.as_deref().unwrap_or(""))));
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
    let id = move || {
        session
            .with_untracked(|s| s.as_ref().map(|s| s.id.clone()))
            .unwrap_or_default()
    };
    let running_here = Memo::new(move |_| live.runs(&id()));
    let live_rounds = move || {
        let done = rounds.with(|r| r.as_ref().map_or(0, Vec::len)) as u8;
        // The round under way, and the last one (its compromise calls carry its number).
        let mut shown = vec![done + 1];
        if done > 0 {
            shown.insert(0, done);
        }
        shown
    };

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
        live.persist(&s);
        match start_run(s, state.settings.get_untracked(), live) {
            Ok(()) => live.focus_run.set(true),
            Err(message) => problem.set(Some(message)),
        }
    };
    let download_fixes = move |_| {
        if let Some(s) = session.get_untracked() {
            if let Err(e) = export::download_fix_requests(&s) {
                problem.set(Some(e));
            }
        }
    };

    view! {
        <section class="review-verdict" aria-labelledby="review-verdict-title">
            <h3 id="review-verdict-title">"Verdict"</h3>
            {move || match verdict.get().flatten() {
                Some(v) => view! { <VerdictView verdict=v /> }.into_any(),
                None => view! { <p class="muted">"No verdict yet."</p> }.into_any(),
            }}
            {move || awaiting.get().flatten().map(|question| view! {
                <div class="awaiting" role="alert">
                    <p>{question}</p>
                    <button class="secondary" on:click=accept>"Accept the verdict"</button>
                    <label>
                        "Amended code (a new diff or the fixed code)"
                        <textarea class="code" rows="8" prop:value=move || amended.get() on:input=move |ev| amended.set(event_target_value(&ev))></textarea>
                    </label>
                    <button class="primary" on:click=submit_amendment>"Submit amended code"</button>
                </div>
            })}
            <p class="error" role="alert">{move || problem.get()}</p>
            <div class="actions">
                <button class="secondary" on:click=download_fixes>"Download fix-requests.md"</button>
            </div>
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
                let items = verdict.get().flatten().map(|v| v.fix_items).unwrap_or_default();
                if items.is_empty() {
                    return view! { <p class="muted">"None."</p> }.into_any();
                }
                let diff = parsed.get();
                let mut paths: Vec<String> = items.iter().map(|f| f.item.path.clone()).collect();
                paths.dedup();
                consilium_order::sort(&mut paths);
                paths.dedup();
                paths.into_iter().map(|path| {
                    let in_file: Vec<Finding> = items.iter().filter(|f| f.item.path == path).cloned().collect();
                    let diff = diff.clone();
                    view! {
                        <article class="file-findings">
                            <h4><code>{path.clone()}</code></h4>
                            {in_file.into_iter().map(|f| view! { <FindingView finding=f diff=diff.clone() /> }).collect_view()}
                        </article>
                    }
                }).collect_view().into_any()
            }}
        </section>
        <section class="committee-grid">
            <h3>"Committee"</h3>
            <table>
                <thead>
                    <tr>
                        <th scope="col">"Persona"</th>
                        {move || rounds.get().unwrap_or_default().iter().map(|r| view! { <th scope="col">{format!("Round {}", r.number)}</th> }).collect_view()}
                    </tr>
                </thead>
                <tbody>
                    {move || {
                        let all = rounds.get().unwrap_or_default();
                        members.get().into_iter().map(|member| {
                            let cells = all.iter().map(|round| grid_cell(round, &member, &parsed.get_untracked())).collect_view();
                            view! { <tr><th scope="row">{member_name(&member)}</th>{cells}</tr> }
                        }).collect_view()
                    }}
                </tbody>
            </table>
        </section>
        <section class="deliberation-log">
            <h3>"Deliberation log"</h3>
            <ol class="timeline">
                {move || rounds.get().unwrap_or_default().into_iter().map(|round| {
                    let mediation = round.compromise.as_ref().map(|c| match &c.offer {
                        Some(offer) => format!("{offer} ({})", if c.accepted { "accepted" } else { "not accepted" }),
                        None => c.why_not.clone().unwrap_or_default(),
                    });
                    let answers = round.compromise.as_ref().map(|c| c.answers.clone()).unwrap_or_default();
                    view! {
                        <li class="log-round" data-outcome=round.outcome.label()>
                            <p><strong>{format!("Round {} — {}", round.number, round.outcome.label())}</strong>
                                {(round.code_version > 0).then(|| format!(" (amended code, version {})", round.code_version))}</p>
                            <p class="transitions">{round.transitions.join(" · ")}</p>
                            {round.majority_abstained.then(|| view! { <p class="notice">"Most of the committee abstained."</p> })}
                            {mediation.map(|m| view! { <p class="mediation">"Chairperson mediation: " {m}</p> })}
                            <ul>{answers.into_iter().map(|a| view! {
                                <li>{member_name(&a.member_id)} {if a.accept { " accepts: " } else { " does not accept: " }} {a.reason}</li>
                            }).collect_view()}</ul>
                        </li>
                    }
                }).collect_view()}
            </ol>
        </section>
        <Show when=move || running_here.get()>
            <section class="round live">
                <h3>"Now"</h3>
                {move || live_rounds().into_iter().map(|round| view! { <LiveCalls round=round /> }).collect_view()}
            </section>
        </Show>
    }
}

#[component]
fn VerdictView(verdict: Verdict) -> impl IntoView {
    let label = verdict.verdict.label();
    view! {
        <p class="review-verdict-label" data-verdict=label><strong>{label}</strong></p>
        <p class="verdict-reason">{verdict.reason}</p>
        {verdict.majority_abstain_warning.then(|| view! {
            <p class="notice">"Most of the committee abstained: this quorum rests on few members."</p>
        })}
    }
}

#[component]
fn FindingView(finding: Finding, diff: ParsedDiff) -> impl IntoView {
    let item = finding.item;
    let cited = diff
        .file(&item.path)
        .map(|f| f.lines_between(item.line_start, item.line_end))
        .unwrap_or_default();
    let source = if finding.from_scan {
        "secret scan"
    } else {
        "committee"
    };
    let status = if finding.verified {
        "verified"
    } else {
        "unverified"
    };
    view! {
        <div class="finding" data-verified=finding.verified.to_string()>
            <p>
                <span class=format!("badge severity {}", item.severity.label())>{item.severity.label()}</span>" "
                <span class=if finding.verified { "badge ok" } else { "badge warn" }>{status}</span>" "
                <code>{format!("lines {}-{}", item.line_start, item.line_end)}</code>" "
                <strong>{item.rule}</strong>" · " {source}
            </p>
            <p>{item.current}</p>
            <p>"Recommended: " {item.recommended_action}</p>
            {finding.problem.map(|p| view! { <p class="notice">{p}</p> })}
            {(!cited.is_empty()).then(|| view! {
                <pre class="cited-lines">{cited.into_iter().map(|l| {
                    let mark = match l.kind { LineKind::Added => '+', LineKind::Removed => '-', LineKind::Context => ' ' };
                    format!("{:>5} {mark} {}\n", l.number, l.text)
                }).collect::<String>()}</pre>
            })}
        </div>
    }
}

fn grid_cell(round: &ReviewRound, member: &str, diff: &ParsedDiff) -> impl IntoView {
    let Some(opinion) = round
        .opinions
        .iter()
        .find(|o| o.member_id == member)
        .cloned()
    else {
        return view! { <td>"—"</td> }.into_any();
    };
    let confidence = opinion
        .confidence
        .map(|c| format!(" {:.0}%", c * 100.0))
        .unwrap_or_default();
    let said = opinion
        .said
        .filter(|s| *s != opinion.vote)
        .map(|s| format!(" (said {})", s.label()));
    let diff = diff.clone();
    view! {
        <td class="cell" data-vote=opinion.vote.label()>
            <span class="badge">{opinion.vote.label()}</span>{confidence}{said}
            <details>
                <summary>"Opinion"</summary>
                <RichText text=opinion.opinion.clone() />
                {opinion.note.clone().map(|n| view! { <p class="notice">{n}</p> })}
                {opinion.findings.into_iter().map(|f| view! { <FindingView finding=f diff=diff.clone() /> }).collect_view()}
            </details>
        </td>
    }
    .into_any()
}
