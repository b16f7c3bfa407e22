//! Consult's part of the session page: each round as it completes (its live calls until then),
//! and the token-efficiency line. Each round follows only its own artifact, so a new call record
//! or a later round leaves the rounds already shown untouched.
use consilium_engine::{ConsultBody, Session};
use leptos::prelude::*;

use crate::app::AppState;
use crate::components::live_calls::{LiveCalls, RecordedCalls};
use crate::components::rounds::{
    CrossExamRound, EfficiencyStats, IndependentRound, SynthesisRound, VerdictRound,
};

const ROUND_TITLES: [&str; 4] = [
    "Round 1 · Independent answers",
    "Round 2 · Synthesis",
    "Round 3 · Cross-examination",
    "Round 4 · Verdict",
];

/// A slice of the Consult body that changes only when that slice does.
fn consult_part<T: PartialEq + Clone + Send + Sync + 'static>(
    session: Memo<Option<Session>>,
    part: impl Fn(&ConsultBody) -> Option<T> + Send + Sync + 'static,
) -> Memo<Option<T>> {
    Memo::new(move |_| {
        session.with(|s| {
            s.as_ref()
                .and_then(|s| s.body_of::<ConsultBody>())
                .and_then(&part)
        })
    })
}

#[component]
pub fn ConsultBodyView(session: Memo<Option<Session>>) -> impl IntoView {
    let last_round = consult_part(session, |b| Some(b.config.stop_after_round));
    let live = expect_context::<AppState>().live;
    let id = session
        .with_untracked(|s| s.as_ref().map(|s| s.id.clone()))
        .unwrap_or_default();
    let running_here = Memo::new(move |_| live.runs(&id));
    let stats = consult_part(session, |b| b.token_efficiency_stats.clone());
    // Labels come from the participants, which do not change during a run.
    let labels = move || session.get_untracked().expect("shown only with a session");
    let round1 = consult_part(session, |b| {
        Some(b.round1.clone()).filter(|a| !a.is_empty())
    });
    let round2 = consult_part(session, |b| b.round2.clone());
    let round3 = consult_part(session, |b| b.round3.clone());
    let round4 = consult_part(session, |b| {
        b.round4.clone().map(|v| (v, b.confidence_check.clone()))
    });
    let rounds = (1..=last_round.get_untracked().unwrap_or(0))
        .map(|round| {
            let (done, content) = match round {
                1 => (
                    Signal::derive(move || round1.with(Option::is_some)),
                    ViewFn::from(move || {
                        round1.get().map(|artifacts| view! { <IndependentRound session=labels() artifacts=artifacts /> })
                    }),
                ),
                2 => (
                    Signal::derive(move || round2.with(Option::is_some)),
                    ViewFn::from(move || {
                        round2.get().map(|a| view! { <SynthesisRound session=labels() artifact=a /> })
                    }),
                ),
                3 => (
                    Signal::derive(move || round3.with(Option::is_some)),
                    ViewFn::from(move || {
                        round3.get().map(|a| view! { <CrossExamRound session=labels() artifact=a /> })
                    }),
                ),
                _ => (
                    Signal::derive(move || round4.with(Option::is_some)),
                    ViewFn::from(move || {
                        round4.get().map(|(verdict, check)| {
                            view! { <VerdictRound session=labels() artifact=verdict check=check /> }
                        })
                    }),
                ),
            };
            view! {
                <section class="round" data-round=round data-complete=move || done.get().to_string()>
                    <h3>{ROUND_TITLES[usize::from(round - 1)]}</h3>
                    {move || content.run()}
                    // While this tab runs it, a round shows its calls streaming; once it has its
                    // artifact they give way to the readable view. A round that ended without one
                    // shows its calls from the record: the same in this tab, reloaded or offline.
                    <Show when=move || !done.get()>
                        <Show when=move || running_here.get() fallback=move || view! { <RecordedCalls round=round session=session /> }>
                            <LiveCalls round=round />
                        </Show>
                    </Show>
                </section>
            }
        })
        .collect_view();
    view! {
        {rounds}
        {move || stats.get().map(|stats| view! { <EfficiencyStats stats=stats /> })}
    }
}
