//! Prioritize's part of the session page, decision first: the summary (rounds, consensus,
//! stalemate, cost against budget), the ranked backlog with dispositions and the critic's
//! concerns, the rank movement chart (champion, critic or moderator rankings) with its table
//! alternative, then each round as the record. While it runs, the partners' calls stream.
use crate::app::shown::ShownSession;
use consilium_engine::prioritize::debate_cost_usd;
use consilium_engine::prioritize::view::{
    bump_chart, chart_description, debate_cost_fact, debate_facts, rank_movement, ranked_rows,
    round_status, round_under_way, RankLine, RankingSource,
};
use consilium_engine::record::prioritize::body::PrioritizeBody;
use consilium_engine::record::prioritize::debate::DebateRound;
use leptos::prelude::*;

use crate::ui::widgets::rich_text::RichText;

use crate::ui::widgets::live_calls::LiveCalls;
use crate::ui::widgets::{body_part, running_here};

#[component]
pub fn PrioritizeBodyView(session: ShownSession) -> impl IntoView {
    let body = body_part(session, |b: &PrioritizeBody| Some(b.clone()));
    let rounds = body_part(session, |b: &PrioritizeBody| Some(b.debate.rounds.clone()));
    let spent = Memo::new(move |_| {
        session.with(|s| {
            s.as_ref()
                .map(|s| (debate_cost_usd(s), s.cost.unpriced_calls))
        })
    });
    let cost = Memo::new(move |_| session.with(|s| s.as_ref().and_then(debate_cost_fact)));
    let source = RwSignal::new(RankingSource::Moderator);
    let running_here = running_here(session);
    let summary = move || {
        let (spent, unpriced) = spent.get().unwrap_or((0.0, 0));
        let facts = body.with(|b| b.as_ref().map(|b| debate_facts(b, spent, unpriced)))?;
        Some(view! {
            // The outcome sentence first; the debate's id is an internal, under Details.
            {facts.outcome.map(|o| view! { <p class="outcome" data-testid="outcome">{o}</p> })}
            <dl class="prioritize-facts">
                <div><dt>"Rounds"</dt><dd data-testid="rounds-used">{facts.rounds}</dd></div>
                <div><dt>"Consensus"</dt><dd data-testid="consensus">{facts.consensus}</dd></div>
                <div><dt>"Stalemate"</dt><dd data-testid="stalemate">{facts.stalemate}</dd></div>
                {cost.get().map(|cost| view! { <div><dt>"Cost"</dt><dd data-testid="debate-cost">{cost}</dd></div> })}
            </dl>
            <details class="internals">
                <summary>"Details"</summary>
                <p>"Debate id: " <code>{facts.session_id.to_string()}</code></p>
            </details>
            {facts.independence_overridden.then(|| view! {
                <p class="notice">"The critic shares a model with another partner (independence overridden when it started)."</p>
            })}
        })
    };

    let ranked = move || {
        let body = body.get()?;
        let rows = ranked_rows(&body);
        if rows.is_empty() {
            return None;
        }
        Some(view! {
            <table class="ranked-backlog cards-on-phone">
                <caption>"Ranked backlog"</caption>
                <thead><tr>
                    <th scope="col">"Rank"</th><th scope="col">"Opportunity"</th><th scope="col">"Disposition"</th>
                    <th scope="col">"Effort"</th><th scope="col">"Approach"</th><th scope="col">"Critic's concerns"</th>
                </tr></thead>
                <tbody>
                    {rows.into_iter().map(|row| view! {
                        <tr data-id=row.id.clone()>
                            <td data-label="Rank">{row.rank}</td>
                            <th scope="row"><span class="model-text">{row.title.clone()}</span></th>
                            <td data-label="Disposition"><span class="badge" data-disposition=row.disposition.unwrap_or("")>{row.disposition_words.unwrap_or("-")}</span></td>
                            <td data-label="Effort">{row.effort.clone().unwrap_or_else(|| "-".into())}</td>
                            <td data-label="Approach">{row.approach.unwrap_or("-")}</td>
                            <td data-label="Critic's concerns" class="model-text">{if row.concerns.is_empty() { view! { <span class="muted">"none"</span> }.into_any() } else {
                                view! { <ul class="concerns">{row.concerns.into_iter().map(|c| view! { <li>{c}</li> }).collect_view()}</ul> }.into_any()
                            }}</td>
                        </tr>
                    }).collect_view()}
                </tbody>
            </table>
        })
    };

    let movement = Memo::new(move |_| {
        body.with(|b| {
            b.as_ref()
                .map(|b| rank_movement(b, source.get()))
                .unwrap_or_default()
        })
    });

    view! {
        <section class="prioritize-summary" aria-labelledby="prioritize-summary-title" data-decision="" tabindex="-1">
            <h3 id="prioritize-summary-title">"Outcome"</h3>
            {summary}
        </section>
        {ranked}
        <Show when=move || rounds.with(|r| r.as_ref().is_some_and(|r| !r.is_empty()))>
            <section class="rank-movement" aria-labelledby="rank-movement-title">
                <h3 id="rank-movement-title">"Rank movement"</h3>
                <label>
                    "Rankings of "
                    <select on:change=move |ev| source.set(RankingSource::from_key(&event_target_value(&ev)))>
                        {RankingSource::ALL.into_iter().map(|s| view! {
                            <option value=s.key() selected=move || source.get() == s>{s.label()}</option>
                        }).collect_view()}
                    </select>
                </label>
                {move || view! { <BumpChartView lines=movement.get() source=source.get() /> }}
                <details class="rank-table">
                    <summary>"Rank movement as a table"</summary>
                    {move || view! { <RankTable lines=movement.get() source=source.get() /> }}
                </details>
            </section>
        </Show>
        <Show when=move || running_here.get()>
            {move || {
                let round = rounds.with(|r| round_under_way(r.as_deref().unwrap_or_default()));
                view! {
                    <section class="live-round" aria-label="The round under way">
                        <h3>{format!("Round {round}, live")}</h3>
                        <LiveCalls round=round />
                    </section>
                }
            }}
        </Show>
        <section class="debate-rounds">
            <h3>"Rounds"</h3>
            {move || rounds.get().unwrap_or_default().into_iter().map(|round| view! { <RoundRecord round=round /> }).collect_view()}
        </section>
    }
}

#[component]
fn BumpChartView(lines: Vec<RankLine>, source: RankingSource) -> impl IntoView {
    let chart = bump_chart(&lines);
    let description = chart_description(&lines, source);
    let view_box = format!("0 0 {} {}", chart.width, chart.height);
    view! {
        // On a phone the chart keeps its size and scrolls sideways here (a box a keyboard can scroll).
        <div class="bump-chart-scroll" tabindex="0" role="group" aria-label="Rank chart">
        <svg class="bump-chart" viewBox=view_box role="img" aria-label=description width=chart.width height=chart.height>
            {chart.rows.iter().enumerate().map(|(i, y)| view! {
                <text class="rank-label" x="4" y=y + 4.0>{format!("#{}", i + 1)}</text>
            }).collect_view()}
            {chart.columns.iter().map(|(x, label)| view! {
                <line class="column" x1=*x x2=*x y1="8" y2=chart.height - 8.0></line>
                <text class="column-label" x=*x y=chart.height - 2.0 text-anchor="middle">{label.clone()}</text>
            }).collect_view()}
            {chart.lines.into_iter().enumerate().map(|(i, line)| {
                let series = format!("series-{}", i % 8);
                view! {
                    <g class=format!("bump-line {series}") data-id=line.id.clone()>
                        <path d=line.path.clone() fill="none"></path>
                        {line.points.iter().map(|(x, y)| view! { <circle cx=*x cy=*y r="4"></circle> }).collect_view()}
                        <text x=line.label_at.0 y=line.label_at.1>{line.label.clone()}</text>
                    </g>
                }
            }).collect_view()}
        </svg>
        </div>
    }
}

#[component]
fn RankTable(lines: Vec<RankLine>, source: RankingSource) -> impl IntoView {
    let rounds = lines.first().map_or(0, |l| l.ranks.len());
    view! {
        <table class="rank-movement-table cards-on-phone">
            <caption>{format!("{} rank per round", source.label())}</caption>
            <thead><tr>
                <th scope="col">"Opportunity"</th>
                {(1..=rounds).map(|r| view! { <th scope="col">{format!("Round {r}")}</th> }).collect_view()}
                <th scope="col">"Movement"</th>
            </tr></thead>
            <tbody>
                {lines.into_iter().map(|line| {
                    let movement = line.movement();
                    view! {
                        <tr data-id=line.id.clone()>
                            <th scope="row"><code>{line.id.clone()}</code>" " {line.title.clone()}</th>
                            {line.ranks.iter().enumerate().map(|(i, r)| view! { <td data-label=format!("Round {}", i + 1)>{r.map(|r| r.to_string()).unwrap_or_else(|| "-".into())}</td> }).collect_view()}
                            <td data-label="Movement">{movement}</td>
                        </tr>
                    }
                }).collect_view()}
            </tbody>
        </table>
    }
}

#[component]
fn RoundRecord(round: DebateRound) -> impl IntoView {
    let anchor = format!("round-{}", round.round_number);
    let status = round_status(&round);
    view! {
        <details class="debate-round" id=anchor.clone() open=true>
            <summary><h4>{format!("Round {}", round.round_number)}</h4></summary>
            <div class="partner">
                <h5>"Champion"</h5>
                <RichText class="model-text" text=round.champion_argument.clone() />
                <p class="muted">"Ranking: " {round.champion_rankings.join(", ")}</p>
            </div>
            <div class="partner">
                <h5>"Critic"</h5>
                <ul>{round.critic_concerns.iter().map(|(id, concerns)| view! {
                    <li><code>{id.clone()}</code>": " {concerns.join("; ")}</li>
                }).collect_view()}</ul>
                <p class="muted">"Ranking by feasibility: " {round.critic_counter_rankings.join(", ")}</p>
            </div>
            <div class="partner">
                <h5>"Moderator"</h5>
                <ul class="dispositions">{round.moderator_dispositions.iter().map(|(id, d)| view! {
                    <li><code>{id.clone()}</code>" " <span class="badge" data-disposition=d.label()>{d.label()}</span></li>
                }).collect_view()}</ul>
                <p class="muted">"Final ranking: " {round.moderator_final_rankings.join(", ")}</p>
                <p class="round-status">{status}</p>
            </div>
        </details>
    }
}
