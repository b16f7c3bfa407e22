//! The four rounds as the user reads them: positions, consensus and tensions, challenges threaded with
//! their rebuttals, and the verdict as the judge gave it.
use crate::app::shown::ShownSession;
use consilium_engine::foundation::ids::ParticipantId;
use consilium_engine::{
    consult::dissent::severity_name, consult::view::answers::challenge_threads,
    consult::view::answers::PositionCard, consult::view::verdict::efficiency_line,
    record::consult::artifacts::FREE_TEXT_LABEL, views::numbers::percent,
};
use consilium_engine::{
    record::consult::artifacts::CrossExamArtifact, record::consult::artifacts::IndependentArtifact,
    record::consult::artifacts::SynthesisArtifact, record::consult::artifacts::VerdictArtifact,
    record::consult::body::ConsultBody, record::consult::efficiency::TokenEfficiencyStats,
    record::Session,
};
use leptos::prelude::*;

use crate::ui::consult::ask_again::AskAgain;
use crate::ui::consult::material::{evidence_entry, quotes_at};
use crate::ui::widgets::copy::CopyButton;
use crate::ui::widgets::rich_text::RichText;
use consilium_engine::consult::view::material::{QuotePlace, WhatTheCouncilRead};
use consilium_engine::consult::view::verdict::evidence_flags;

fn participant_label(session: &Session, participant_id: impl AsRef<str>) -> String {
    session.label_of(participant_id)
}

/// Who can be asked again from round 1, once the council has decided: the page's turn and
/// whether its panelists can be now (the thread's latest council turn, in this browser, no run).
#[derive(Clone, Copy)]
pub struct AskAgainFrom {
    pub page: ShownSession,
    pub now: Memo<bool>,
}

#[component]
pub fn IndependentRound(
    session: Session,
    artifacts: Vec<IndependentArtifact>,
    /// The material with its quotes checked: each answer shows the quotes it cites.
    read: Option<WhatTheCouncilRead>,
    /// Set where a panelist can be asked again (not in a shared or read-only page).
    #[prop(optional_no_strip)]
    ask_again: Option<AskAgainFrom>,
) -> impl IntoView {
    let again = move |member_id: ParticipantId, label: String| {
        ask_again.map(|from| {
            view! {
                <Show when=move || from.now.get()>
                    <AskAgain member_id=member_id.clone() label=label.clone() page=from.page />
                </Show>
            }
        })
    };
    // A panelist with no answer in the round (its call failed) can be asked again too.
    let answered: Vec<&str> = artifacts.iter().map(|a| a.agent_id.as_str()).collect();
    let silent = session
        .body_of::<ConsultBody>()
        .map(|b| {
            b.config
                .panelists
                .iter()
                .filter(|p| !answered.contains(&p.id.as_str()))
                .map(|p| p.id.clone())
                .collect::<Vec<_>>()
        })
        .unwrap_or_default()
        .into_iter()
        .map(|id| {
            let label = session.label_of(&id);
            view! {
                <article class="position-card no-answer">
                    <header>
                        <span class="participant">{label.clone()}</span>
                        <span class="muted">"gave no answer in this round"</span>
                        {again(id, label)}
                    </header>
                </article>
            }
        })
        .collect_view();
    let cards = artifacts
        .iter()
        .map(|a| {
            let card = PositionCard::of(&session, a);
            let quotes = quotes_at(&read, QuotePlace::Answer(card.agent_id.clone()));
            // An answer in prose is marked free text, with no confidence or fields of its own.
            let mark = match card.confidence {
                Some(confidence) => view! { <span class="confidence" title="The panelist's own confidence">{confidence}</span> }.into_any(),
                None => view! { <span class="badge free-text" title="The model answered in prose, not in the fields asked for; the judge's synthesis structures it">{FREE_TEXT_LABEL}</span> }.into_any(),
            };
            // Copy takes the answer as its model wrote it (Markdown), with its name.
            let copied = format!("{}: {}", card.label, card.position);
            let copy_name = format!("Copy {}'s answer", card.label);
            let ask = again(card.agent_id.clone(), card.label.clone());
            view! {
                <article class="position-card" data-free-text=card.free_text.to_string()>
                    <header>
                        <span class="participant">{card.label}</span>
                        {mark}
                        <span class="card-actions">
                            <CopyButton label="Copy" name=copy_name text=Callback::new(move |()| copied.clone()) />
                            {ask}
                        </span>
                    </header>
                    <RichText class="position model-text" text=card.position />
                    {(!card.free_text).then(|| view! {
                        <ul class="key-points">{card.key_points.into_iter().map(|k| view! { <li>{k}</li> }).collect_view()}</ul>
                        {quotes}
                        <details>
                            <summary>"Rationale"</summary>
                            <RichText text=card.rationale />
                        </details>
                    })}
                </article>
            }
        })
        .collect_view();
    view! { <div class="positions">{cards}{silent}</div> }
}

#[component]
pub fn SynthesisRound(session: Session, artifact: SynthesisArtifact) -> impl IntoView {
    let consensus = artifact
        .consensus_points
        .into_iter()
        .map(|c| {
            let who = c.supporting_agents.iter().map(|a| participant_label(&session, a)).collect::<Vec<_>>().join(", ");
            view! {
                <li class="consensus-point">
                    <p>{c.point}</p>
                    <p class="meta">"Supported by " {who} " · confidence " {percent(c.confidence)}</p>
                </li>
            }
        })
        .collect_view();
    let tensions = artifact
        .tensions
        .into_iter()
        .map(|t| {
            let views = t
                .viewpoints
                .into_iter()
                .map(|v| {
                    let who = participant_label(&session, &v.agent);
                    view! { <li><strong>{who}</strong>": " {v.viewpoint}</li> }
                })
                .collect_view();
            view! { <li class="tension"><p class="topic">{t.topic}</p><ul>{views}</ul></li> }
        })
        .collect_view();
    let priorities = artifact
        .priority_order
        .into_iter()
        .map(|p| view! { <li>{p}</li> })
        .collect_view();
    view! {
        <div class="synthesis">
            <h4>"Consensus"</h4>
            <ul class="consensus">{consensus}</ul>
            <h4>"Tensions"</h4>
            <ul class="tensions">{tensions}</ul>
            <h4>"Priority order"</h4>
            <ol>{priorities}</ol>
        </div>
    }
}

#[component]
pub fn CrossExamRound(
    session: Session,
    artifact: CrossExamArtifact,
    /// The material with its quotes checked: each challenge shows the quotes its evidence cites.
    read: Option<WhatTheCouncilRead>,
) -> impl IntoView {
    let view_model = challenge_threads(&artifact);
    // A heading with nothing under it says nothing: shown only over what it heads.
    let has_unthreaded = !view_model.unthreaded.is_empty();
    let has_unresolved = !view_model.unresolved.is_empty();
    let rebuttal = |session: &Session,
                    r: consilium_engine::record::consult::artifacts::Rebuttal| {
        let mark = r
            .free_text
            .then(|| view! { " " <span class="badge free-text">{FREE_TEXT_LABEL}</span> });
        // A defence can be free text with tables and code: its own Markdown block under the name.
        view! {
            <li class="rebuttal">
                <strong>{participant_label(session, &r.agent)}</strong>{mark}":"
                <RichText class="model-text" text=r.rebuttal />
            </li>
        }
    };
    // One thread per challenge, in the record's order: its index is the challenge's.
    let threads = view_model
        .threads
        .into_iter()
        .enumerate()
        .map(|(index, c)| {
            let challenger = participant_label(&session, &c.challenger);
            let target = participant_label(&session, &c.target_agent);
            let answers = c.rebuttals.into_iter().map(|r| rebuttal(&session, r)).collect_view();
            let evidence = c.evidence.into_iter().map(|e| view! { <li>{e}</li> }).collect_view();
            view! {
                <li class="challenge">
                    <p><strong>{challenger}</strong>" challenges "<strong>{target}</strong>": " {c.challenge}</p>
                    <ul class="evidence">{evidence}</ul>
                    {quotes_at(&read, QuotePlace::Challenge(index))}
                    <ul class="rebuttals">{answers}</ul>
                </li>
            }
        })
        .collect_view();
    // A defence that answers no recorded challenge is still shown, never dropped.
    let unthreaded = view_model
        .unthreaded
        .into_iter()
        .map(|r| rebuttal(&session, r))
        .collect_view();
    let unresolved = view_model
        .unresolved
        .into_iter()
        .map(|u| view! { <li>{u}</li> })
        .collect_view();
    view! {
        <div class="cross-exam">
            <h4>"Challenges and rebuttals"</h4>
            <ul class="threads">{threads}</ul>
            {has_unthreaded.then(|| view! {
                <h4>"Defences"</h4>
                <ul class="rebuttals unthreaded">{unthreaded}</ul>
            })}
            {has_unresolved.then(|| view! {
                <h4>"Unresolved"</h4>
                <ul class="unresolved">{unresolved}</ul>
            })}
        </div>
    }
}

/// Round 4 as the record: the verdict as the judge gave it (its number, its own dissent). The
/// decision above the rounds shows what the engine made of it.
#[component]
pub fn VerdictRound(
    session: Session,
    artifact: VerdictArtifact,
    /// The material with its quotes checked: each evidence entry shows the quotes it cites.
    read: Option<WhatTheCouncilRead>,
) -> impl IntoView {
    let flags = evidence_flags(&session, &artifact);
    let dissent = artifact
        .dissent
        .into_iter()
        .map(|d| {
            let severity = severity_name(d.severity);
            let who = participant_label(&session, &d.agent);
            view! { <li class=format!("dissent {severity}")><span class="badge">{severity}</span>" "<strong>{who}</strong>": " {d.concern}</li> }
        })
        .collect_view();
    let evidence = artifact
        .evidence
        .into_iter()
        .enumerate()
        .map(|(index, e)| {
            evidence_entry(&read, index, e.point, flags.get(index).copied().flatten())
        })
        .collect_view();
    view! {
        <div class="judge-verdict">
            <RichText class="judge-recommendation" text=artifact.recommendation />
            <p class="judge-confidence">"The judge's confidence: " {percent(artifact.confidence)}</p>
            <h4>"Evidence"</h4>
            <ul class="evidence">{evidence}</ul>
            <h4>"The judge's dissent"</h4>
            <ul class="judge-dissent">{dissent}</ul>
        </div>
    }
}

/// The token-efficiency line, as the engine words it.
#[component]
pub fn EfficiencyStats(stats: TokenEfficiencyStats, verbose: bool) -> impl IntoView {
    view! { <p class="efficiency">{efficiency_line(&stats, verbose)}</p> }
}
