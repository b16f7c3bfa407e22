//! The Benchmark grades Vote and Adaptive depth from the council's own record: no
//! extra call, and each arm's answers, calls and sequential calls equal a hand count on a scripted
//! run. The advice is an action (`Advice`), not only a sentence.
#![allow(unused_imports)]
use std::collections::HashSet;

use consilium_engine::benchmark::csv::results_csv;
use consilium_engine::benchmark::outcomes::summarise_body;
use consilium_engine::benchmark::progress::progress;
use consilium_engine::benchmark::questions::arithmetic_questions;
use consilium_engine::benchmark::vote::majority;
use consilium_engine::benchmark_council::testing::KnownAccuracyCaller;
use consilium_engine::record::benchmark::body::{Arm, BenchmarkBody};
use consilium_engine::record::benchmark::config::{
    BenchmarkConfig, BestSingle, Generator, QuestionSource, BEST_SINGLE_ID,
};
use consilium_engine::testing::{FixedClock, RecordingSink};
use consilium_engine::{
    benchmark::run::run_benchmark, benchmark_council::ConsultCouncil, consult::demo::demo_config,
    foundation::participants::Participant, foundation::participants::Price, harness::events::Event,
    harness::io::CallRequest, record::consult::config::ConsultConfig, record::Session,
};
use consilium_engine::{
    record::benchmark::question::Grader, record::benchmark::question::Question,
};
use futures::executor::block_on;

use crate::common;

use common::benchmark::{benchmark, body, caller_for, council, run, seat, MODELS, NOW_MS};

/// The hand count: a question's round-1 final answers (panel order) read from the stored consult.
fn round1_answers(consult: &Session) -> Vec<Option<String>> {
    let body = consult.consult();
    body.config
        .panelists
        .iter()
        .map(|p| {
            body.round1
                .iter()
                .find(|a| a.agent_id == p.id)
                .and_then(|a| a.final_answer.clone())
        })
        .collect()
}

fn number(answer: &str) -> Option<i64> {
    answer
        .trim()
        .trim_end_matches('.')
        .replace(',', "")
        .parse()
        .ok()
}

#[test]
fn vote_and_adaptive_depth_are_graded_from_the_councils_record_as_counted_by_hand() {
    use consilium_engine::benchmark::effort::arm_efforts;
    use consilium_engine::record::consult::depth::Depth;
    let session = benchmark(30, BestSingle::Auto, None, None);
    let caller = caller_for(&session);
    let (ended, _) = run(session, &caller);
    assert_eq!(ended.state, "complete", "{:?}", ended.failure);
    // No extra call: the council's and the best single model's, as before.
    assert_eq!(caller.requests().len(), 30 * (9 + 9));
    let body = body(&ended);
    let vote = Arm::Depth { depth: Depth::Vote };
    let adaptive = Arm::Depth {
        depth: Depth::Adaptive,
    };
    let (mut agreed_questions, mut split_questions) = (0, 0);
    let (mut vote_right, mut adaptive_right) = (0, 0);
    let (mut vote_calls, mut adaptive_calls) = (0, 0);
    let (mut vote_sequential, mut adaptive_sequential) = (0, 0);
    for question in &body.questions {
        let result = body.result(&question.id).unwrap();
        let consult = result.consult.as_deref().unwrap();
        let calls_in = |rounds: &[u8]| {
            consult
                .calls
                .iter()
                .filter(|c| rounds.contains(&c.round))
                .count() as u32
        };
        let expected = number(&question.answer);
        let answers: Vec<Option<i64>> = round1_answers(consult)
            .iter()
            .map(|a| a.as_deref().and_then(number))
            .collect();
        let all_agree = answers.iter().all(|a| a.is_some() && *a == answers[0]);
        let council = result.outcome(&Arm::Council).unwrap();
        let (v, a) = (
            result.outcome(&vote).unwrap(),
            result.outcome(&adaptive).unwrap(),
        );
        if all_agree {
            agreed_questions += 1;
            // Both stop after round 1 with the agreed answer: round 1's calls, one wave.
            for arm in [v, a] {
                assert_eq!(arm.calls, calls_in(&[1]), "{}", question.id);
                assert_eq!(arm.correct, Some(answers[0] == expected));
                assert_eq!(arm.sequential_calls, 1);
            }
        } else {
            // Vote: rounds 1 and 2, the majority of three (two alike) or split.
            let majority = answers
                .iter()
                .flatten()
                .find(|x| answers.iter().filter(|y| y.as_ref() == Some(*x)).count() >= 2);
            if majority.is_none() {
                split_questions += 1;
            }
            assert_eq!(v.calls, calls_in(&[1, 2]), "{}", question.id);
            assert_eq!(
                v.correct,
                Some(majority.is_some() && majority == expected.as_ref())
            );
            assert_eq!(v.sequential_calls, 2);
            // Adaptive goes on: the council's own outcome.
            assert_eq!(a.calls, council.calls);
            assert_eq!(a.correct, council.correct);
            assert_eq!(a.sequential_calls, council.sequential_calls);
            assert!(
                council.sequential_calls >= 4,
                "rounds 1, 2, 3 and 4 one after another"
            );
        }
        vote_right += u32::from(v.correct == Some(true));
        adaptive_right += u32::from(a.correct == Some(true));
        vote_calls += u64::from(v.calls);
        adaptive_calls += u64::from(a.calls);
        vote_sequential += u64::from(v.sequential_calls);
        adaptive_sequential += u64::from(a.sequential_calls);
    }
    assert!(
        agreed_questions > 0 && agreed_questions < 30,
        "{agreed_questions}"
    );
    // The script's wrong answers agree with each other, so its panel is never split three ways
    // (a split vote is tested on a consult: tests/depth.rs).
    assert_eq!(split_questions, 0);

    let summary = summarise_body(body);
    let arm = |label: &str| summary.arms.iter().find(|a| a.label == label).unwrap();
    assert_eq!(arm("Vote depth").correct, u64::from(vote_right));
    assert_eq!(arm("Adaptive depth").correct, u64::from(adaptive_right));
    assert!(arm("Adaptive depth").tokens < summary.council.tokens);
    let efforts = arm_efforts(body);
    let effort = |a: &Arm| efforts.iter().find(|e| &e.arm == a).unwrap();
    assert_eq!(
        (effort(&vote).calls, effort(&vote).sequential_calls),
        (vote_calls, vote_sequential)
    );
    assert_eq!(
        (effort(&adaptive).calls, effort(&adaptive).sequential_calls),
        (adaptive_calls, adaptive_sequential)
    );
    assert!(
        effort(&adaptive).calls_per_question().unwrap()
            < effort(&Arm::Council).calls_per_question().unwrap()
    );
}

#[test]
fn the_advice_is_an_action_on_the_recommended_arm() {
    use consilium_engine::benchmark::advice::{advice, Advice};
    use consilium_engine::benchmark::outcomes::arms_of;
    use consilium_engine::record::consult::depth::Depth;
    let session = benchmark(30, BestSingle::Auto, None, None);
    let caller = caller_for(&session);
    let (ended, _) = run(session, &caller);
    let body = body(&ended);
    let summary = summarise_body(body);
    let recommended = summary.recommended.expect("some arm got questions right");
    let others: Vec<Arm> = arms_of(body)
        .into_iter()
        .filter(|a| *a != Arm::Council)
        .collect();
    let expected = |arm: &Arm| match arm {
        Arm::Council => Some(Advice::UseDepth(Depth::Full)),
        Arm::Depth { depth } => Some(Advice::UseDepth(*depth)),
        Arm::Solo { participant_id } => {
            let seat = body
                .config
                .council
                .panelists
                .iter()
                .find(|p| p.id == participant_id)
                .unwrap();
            Some(Advice::UseModelAlone {
                provider_id: seat.provider_id.clone(),
                model: seat.model.clone(),
            })
        }
        // The round-1 vote is not Vote depth (a stricter majority, a synthesis when
        // answers differ), and the best single model's arm is a majority of k samples, not one
        // call: no button does what those arms did.
        Arm::Vote | Arm::BestSingle => None,
    };
    for (i, arm) in std::iter::once(Arm::Council)
        .chain(others.iter().cloned())
        .enumerate()
    {
        let mut summary = summary.clone();
        summary.recommended = Some(i);
        assert_eq!(advice(body, &summary), expected(&arm), "{arm:?}");
    }
    assert!(others.contains(&Arm::Vote) && others.contains(&Arm::BestSingle));
    let recommended_arm = if recommended == 0 {
        Arm::Council
    } else {
        others[recommended - 1].clone()
    };
    assert_eq!(
        advice(body, &summary),
        expected(&recommended_arm),
        "{}",
        summary.headline
    );
    assert_eq!(Advice::UseDepth(Depth::Vote).label(), "Use the vote");
    assert_eq!(Advice::UseDepth(Depth::Adaptive).label(), "Use adaptive");
}

/// Each arm shows its calls and its calls one after another per question, on the
/// page (the view), in the report and in the CSV, as the JSON record holds them.
#[test]
fn every_arm_shows_its_calls_and_sequential_calls_per_question_everywhere() {
    use consilium_engine::benchmark::effort::arm_efforts;
    use consilium_engine::benchmark_council::report::results::benchmark_report_body;
    use consilium_engine::benchmark_council::view::results::arms_results;
    let session = benchmark(4, BestSingle::Auto, None, None);
    let caller = caller_for(&session);
    let (ended, _) = run(session, &caller);
    let body = body(&ended);
    let view = arms_results(body);
    for effort in arm_efforts(body) {
        let row = view.arms.iter().find(|r| r.label == effort.label).unwrap();
        assert_eq!(
            row.calls_per_question,
            format!("{:.1}", effort.calls_per_question().unwrap()),
            "{}",
            effort.label
        );
        assert_eq!(
            row.sequential_per_question,
            format!("{:.1}", effort.sequential_calls_per_question().unwrap())
        );
    }
    let council = view.arms.iter().find(|r| r.is_council).unwrap();
    assert_ne!(council.calls_per_question, council.sequential_per_question);
    let report = benchmark_report_body(&view, &[]);
    assert!(report.contains("Calls per question") && report.contains("One after another"));
    assert!(report.contains(&format!(
        "<td class=\"n\">{}</td>",
        council.sequential_per_question
    )));
    assert!(results_csv(body)
        .lines()
        .next()
        .unwrap()
        .contains(",calls,sequential_calls,"));
}
