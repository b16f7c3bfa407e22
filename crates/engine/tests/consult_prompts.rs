//! The prompts carry what the seeds require: round 3 gives each panelist its own
//! round-1 answer; round 4 gives the judge every round-1 answer, the kept challenges, the
//! rebuttals, every unresolved point (numbered, whole, never cut by filtering) and the instruction
//! to weigh round 3. Run with non-default limits that differ between rounds 3 and 4, and that make
//! round 4 truncate challenges and rebuttals.
use crate::common;

use common::*;
use consilium_engine::testing::ScriptedCaller;
use consilium_engine::{
    consult::demo::demo_config, harness::io::CallRequest,
    record::consult::filter_limits::FilterLimits, record::consult::filter_limits::Round4Limits,
    record::consult::filter_limits::SynthesisLimits, record::consult::state::ConsultState,
};
use serde_json::json;

const WEAK_UNANSWERED: &str = "Nobody owns the on-call rota";

fn limits() -> FilterLimits {
    FilterLimits {
        round3: SynthesisLimits {
            consensus_points: 1,
            tensions: 1,
        },
        round4: Round4Limits {
            consensus_points: 2,
            tensions: 2,
            challenges: 1,
            rebuttals: 1,
        },
    }
}

fn position(n: usize) -> String {
    format!("Position of panelist {n}")
}

fn reply_with(challenges: serde_json::Value, defense: &str) -> String {
    json!({ "challenges": challenges, "defense": defense }).to_string()
}

/// Three consensus points and three tensions; three challenges, of which the weakest (short, no
/// evidence, no severity keyword) stands unanswered; three defences of different substance.
fn caller() -> ScriptedCaller {
    let viewpoints = |a: &str, b: &str| json!([{"agent": "panelist-1", "viewpoint": a}, {"agent": "panelist-2", "viewpoint": b}]);
    ScriptedCaller::over_demo()
        .reply("r1-panelist-1", answer(&position(1), 0.8))
        .reply("r1-panelist-2", answer(&position(2), 0.8))
        .reply("r1-panelist-3", answer(&position(3), 0.8))
        .reply(
            "r2-judge",
            synthesis(
                json!([
                    {"point": "Consensus strongest", "supporting_agents": ["panelist-1", "panelist-2", "panelist-3"], "confidence": 0.9},
                    {"point": "Consensus middle", "supporting_agents": ["panelist-1", "panelist-2"], "confidence": 0.7},
                    {"point": "Consensus weakest", "supporting_agents": ["panelist-1"], "confidence": 0.5}
                ]),
                json!([
                    {"topic": "Tension alpha", "viewpoints": viewpoints("alpha one", "alpha two")},
                    {"topic": "Tension beta", "viewpoints": [
                        {"agent": "panelist-1", "viewpoint": "beta one"},
                        {"agent": "panelist-2", "viewpoint": "beta two"},
                        {"agent": "panelist-3", "viewpoint": "beta three"}]},
                    {"topic": "Tension gamma", "viewpoints": viewpoints("gamma one", "gamma two")}
                ]),
            ),
        )
        .reply(
            "r3-panelist-1",
            reply_with(
                json!([
                    {"target_agent": "panelist-2", "challenge": "The cost model is seriously wrong and the estimate is flawed", "evidence": ["Invoice A", "Invoice B"]},
                    {"target_agent": "panelist-3", "challenge": "The timeline is incorrect", "evidence": ["Plan v2"]}
                ]),
                "Short defence one.",
            ),
        )
        .reply(
            "r3-panelist-2",
            reply_with(
                json!([{"target_agent": "panelist-1", "challenge": WEAK_UNANSWERED, "evidence": ["Rota sheet"]}]),
                "My position holds because the data shows the load doubles, and research confirms it.",
            ),
        )
        .reply("r3-panelist-3", reply_with(json!([]), "Defence three."))
        .reply(
            "r3-judge",
            json!({"unresolved": [3], "duplicate_challenges": []}).to_string(),
        )
}

fn request<'a>(requests: &'a [CallRequest], call_id: &str) -> &'a CallRequest {
    requests
        .iter()
        .find(|r| r.call_id == call_id)
        .unwrap_or_else(|| panic!("no request {call_id}"))
}

fn run_with_limits() -> (consilium_engine::record::Session, Vec<CallRequest>) {
    let mut config = demo_config();
    config.anonymous_peers = false;
    // Real names, so the assertions can say who challenged whom (peer labels: tests/peer_labels.rs).
    config.filter_limits = limits();
    let caller = caller();
    let (session, _) = run(session_with(config), &caller);
    assert_eq!(session.consult_state(), Some(ConsultState::Complete));
    (session, caller.requests())
}

#[test]
fn round_three_gives_each_panelist_its_own_round_one_answer_and_the_round_three_limits() {
    let (session, requests) = run_with_limits();
    for answer in &session.consult().round1 {
        let prompt = &request(&requests, &format!("r3-{}", answer.agent_id)).prompt;
        assert!(prompt.contains(&answer.position), "{}", answer.agent_id);
        for point in &answer.key_points {
            assert!(prompt.contains(point.as_str()), "{}", answer.agent_id);
        }
        assert!(prompt.contains(&answer.rationale));
        for other in session
            .consult()
            .round1
            .iter()
            .filter(|a| a.agent_id != answer.agent_id)
        {
            assert!(!prompt.contains(&other.position), "only its own answer");
        }
        // Round 3's limits: one consensus point, one tension (the deepest).
        assert!(prompt.contains("Consensus strongest"));
        assert!(!prompt.contains("Consensus middle"));
        assert!(prompt.contains("Tension beta"));
        assert!(!prompt.contains("Tension alpha"));
    }
}

#[test]
fn round_four_gives_the_judge_everything_the_seeds_require_under_its_own_limits() {
    let (session, requests) = run_with_limits();
    let prompt = &request(&requests, "r4-judge").prompt;
    // Every round-1 answer in full.
    for answer in &session.consult().round1 {
        assert!(prompt.contains(&answer.position), "{}", answer.agent_id);
        for point in &answer.key_points {
            assert!(prompt.contains(point.as_str()));
        }
        assert!(prompt.contains(&answer.rationale));
    }
    // Round 4's own limits: two consensus points, two tensions numbered by their place in the
    // whole synthesis (beta is T2, the first of the two-viewpoint tensions is T1).
    assert!(prompt.contains("Consensus strongest"));
    assert!(prompt.contains("Consensus middle"));
    assert!(!prompt.contains("Consensus weakest"));
    assert!(prompt.contains("T2. Tension beta"), "{prompt}");
    assert!(prompt.contains("T1. Tension alpha"), "{prompt}");
    assert!(!prompt.contains("Tension gamma"));
    // Every unresolved point, numbered and whole: challenger, target, text and evidence, although
    // it is the least severe challenge and the limit keeps only one answered challenge.
    let round3 = session.consult().round3.clone().unwrap();
    assert_eq!(round3.unresolved, [WEAK_UNANSWERED]);
    assert!(
        prompt.contains(&format!(
            "U1. panelist-2 challenges panelist-1: {WEAK_UNANSWERED}\n   Evidence: Rota sheet"
        )),
        "{prompt}"
    );
    // The answered challenges and the rebuttals are truncated to one each: the most severe and
    // the most substantive.
    assert!(prompt.contains("The cost model is seriously wrong"));
    assert!(
        !prompt.contains("The timeline is incorrect"),
        "cut by the limit"
    );
    assert!(
        !prompt.contains("Invoice A"),
        "an answered challenge loses its evidence"
    );
    assert!(prompt.contains("the data shows the load doubles"));
    assert!(!prompt.contains("Short defence one."), "cut by the limit");
    assert!(!prompt.contains("Defence three."), "cut by the limit");
    // The instruction to weigh round 3, and to cite the numbers.
    assert!(prompt.contains(
        "A point challenged and left unanswered is discarded; a point that survived becomes evidence."
    ));
    assert!(prompt.contains("An unresolved point no dissent covers stands against the decision."));
    let stats = session.consult().token_efficiency_stats.clone().unwrap();
    assert!(stats.tokens_saved_via_filtering > 0);
}

#[test]
fn an_unanswered_challenge_is_never_cut_even_with_no_room_for_challenges() {
    let mut config = demo_config();
    config.anonymous_peers = false;
    let mut limits = limits();
    limits.round4.challenges = 0;
    config.filter_limits = limits;
    let caller = caller();
    run(session_with(config), &caller);
    let requests = caller.requests();
    let prompt = &request(&requests, "r4-judge").prompt;
    assert!(prompt.contains(&format!(
        "U1. panelist-2 challenges panelist-1: {WEAK_UNANSWERED}"
    )));
    assert!(!prompt.contains("The cost model is seriously wrong"));
    assert!(
        !prompt.contains("Unanswered:"),
        "no bare line without challenger"
    );
}
