//! The depth benchmark's counting (examples/depth_by_need) against a hand count on a tiny run:
//! five questions on a panel that always agrees and on one that never does, the calls, waves and
//! prompt tokens read from the requests the scripted caller received, not from the records the
//! program counts.
use consilium_engine::benchmark::questions::arithmetic_questions;
use consilium_engine::foundation::tokens::estimate_tokens;
use consilium_engine::harness::io::CallRequest;
use consilium_engine::record::consult::depth::Depth;

#[allow(dead_code)]
#[path = "../examples/depth_by_need/measure.rs"]
mod measure;

use measure::{consult, count, panel_caller, run_depth, DepthCount, QuestionCount};

/// What the caller received for one consult: calls, waves one after another, prompt tokens.
fn received(requests: &[CallRequest]) -> (u64, u64, u64) {
    let mut waves: Vec<(u8, bool)> = requests
        .iter()
        .map(|r| (r.round, r.participant_id == "judge"))
        .collect();
    waves.sort();
    waves.dedup();
    let tokens = requests
        .iter()
        .map(|r| estimate_tokens(&r.system) + estimate_tokens(&r.prompt))
        .sum();
    (requests.len() as u64, waves.len() as u64, tokens)
}

/// Each question's count at `depth`, checked against what the caller received for it.
fn counted(depth: Depth, agreement_rate: f64) -> Vec<QuestionCount> {
    let questions = arithmetic_questions(5, 7);
    let caller = panel_caller(&questions, agreement_rate);
    questions
        .iter()
        .map(|question| {
            let before = caller.requests().len();
            let ended = consult(question, depth, &caller);
            assert_eq!(ended.state, "complete", "{:?}", ended.failure);
            let counted = count(question, &ended);
            let (calls, waves, tokens) = received(&caller.requests()[before..]);
            assert_eq!(
                (
                    counted.calls,
                    counted.sequential_calls,
                    counted.prompt_tokens
                ),
                (calls, waves, tokens),
                "{} at {}",
                question.id,
                depth.label()
            );
            // Right means the decision's final answer is the question's answer.
            let decision = ended.consult().decision().expect("a decision");
            assert_eq!(
                counted.correct,
                decision.verdict.final_answer.as_deref() == Some(question.answer.as_str())
            );
            counted
        })
        .collect()
}

fn per_question(counts: &[QuestionCount]) -> Vec<(u64, u64, bool, bool)> {
    counts
        .iter()
        .map(|c| (c.calls, c.sequential_calls, c.early, c.panel_agreed))
        .collect()
}

#[test]
fn a_panel_that_always_agrees_is_decided_after_round_1_below_full() {
    // 3 panelists: Vote and Adaptive ask round 1 only (3 calls, one wave); Full asks round 1 (3),
    // the synthesis (1), the cross-examination (3), the judge's merge (1) and the verdict (1):
    // 9 calls in 5 waves.
    let vote = counted(Depth::Vote, 1.0);
    let adaptive = counted(Depth::Adaptive, 1.0);
    let full = counted(Depth::Full, 1.0);
    assert_eq!(per_question(&vote), vec![(3, 1, true, true); 5]);
    assert_eq!(per_question(&adaptive), vec![(3, 1, true, true); 5]);
    assert_eq!(per_question(&full), vec![(9, 5, false, true); 5]);
    // Vote and Adaptive ask the same round 1 and decide by the same agreed answer.
    assert_eq!(vote, adaptive);
    for (a, f) in adaptive.iter().zip(&full) {
        assert!(a.prompt_tokens < f.prompt_tokens);
    }
}

#[test]
fn a_panel_that_never_agrees_takes_adaptive_all_the_way_and_vote_to_the_synthesis() {
    let vote = counted(Depth::Vote, 0.0);
    let adaptive = counted(Depth::Adaptive, 0.0);
    let full = counted(Depth::Full, 0.0);
    // Vote: round 1 and the synthesis, decided early (a majority, or said to be split).
    assert_eq!(per_question(&vote), vec![(4, 2, true, false); 5]);
    // Adaptive goes on and asks exactly what Full asks (same session, same prompts).
    assert_eq!(per_question(&full), vec![(9, 5, false, false); 5]);
    assert_eq!(adaptive, full);
}

#[test]
fn the_totals_add_the_questions_and_the_agreement_share_is_exact() {
    let questions = arithmetic_questions(5, 7);
    // 60% of 5 questions: exactly 3 agreed on.
    let adaptive = run_depth(&questions, Depth::Adaptive, 0.6);
    let full = run_depth(&questions, Depth::Full, 0.6);
    assert_eq!(adaptive.panel_agreed, 3);
    assert_eq!(full.panel_agreed, 3);
    // Adaptive: 3 agreed questions at 3 calls in 1 wave, 2 at Full's 9 calls in 5 waves.
    assert_eq!(
        (
            adaptive.questions,
            adaptive.calls,
            adaptive.sequential_calls,
            adaptive.early
        ),
        (5, 3 * 3 + 2 * 9, 3 + 2 * 5, 3)
    );
    assert_eq!((full.calls, full.sequential_calls, full.early), (45, 25, 0));
    let mut by_hand = DepthCount::default();
    let caller = panel_caller(&questions, 0.6);
    for question in &questions {
        by_hand.add(&count(
            question,
            &consult(question, Depth::Adaptive, &caller),
        ));
    }
    assert_eq!(adaptive, by_hand);
    assert_eq!(adaptive.per_question(adaptive.calls), 27.0 / 5.0);
}

#[test]
fn the_benchmarks_depth_arms_count_what_consults_at_those_depths_make() {
    use measure::benchmark_outcomes;
    let questions = arithmetic_questions(5, 7);
    // A panel that agrees on 3 of the 5 questions: both kinds of question at every depth.
    let graded = benchmark_outcomes(&questions, 0.6);
    let caller = panel_caller(&questions, 0.6);
    for (question, arms) in questions.iter().zip(&graded) {
        for (depth, arm) in arms {
            let ran = count(question, &consult(question, *depth, &caller));
            assert_eq!(
                (arm.calls, arm.sequential_calls),
                (ran.calls, ran.sequential_calls),
                "{} at {}",
                question.id,
                depth.label()
            );
            if *depth == Depth::Vote || ran.panel_agreed {
                // Decided from round 1's answers alone: the same answer either way.
                assert_eq!(
                    arm.correct,
                    ran.correct,
                    "{} at {}",
                    question.id,
                    depth.label()
                );
            }
        }
    }
}
