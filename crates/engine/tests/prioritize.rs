//! The Prioritize protocol (seed 003), mirroring the seed's own test list: costs, serialisation
//! with the seed's field names, who sees what, the three-phase order, the stopping rules
//! (consensus decided in code, max rounds, budget -> stalemate), rankings sanitised and applied,
//! independence, tolerant parsing of messy replies, the re-ask, resume, imports, the plain score.
use std::collections::BTreeMap;

use consilium_engine::prioritize::demo::{demo_backlog, demo_prioritize_config};
use consilium_engine::prioritize::import::{import_backlog, merge_into, ImportFormat};
use consilium_engine::prioritize::rankings::{apply_rankings, sanitise};
use consilium_engine::prioritize::replies::{parse_champion, parse_critic, parse_moderator};
use consilium_engine::prioritize::report::markdown::{
    prioritize_csv, prioritize_json, prioritize_markdown,
};
use consilium_engine::prioritize::run_prioritize;
use consilium_engine::record::prioritize::body::PrioritizeConfig;
use consilium_engine::record::prioritize::state::PrioritizeState;
use consilium_engine::testing::{FixedClock, RecordingSink, ScriptedCaller};
use consilium_engine::{
    foundation::participants::Price, record::state::StateMachine, record::CallStatus,
    record::Session,
};
use consilium_engine::{
    record::prioritize::backlog::plain_score, record::prioritize::backlog::score_ranking,
    record::prioritize::backlog::Effort, record::prioritize::backlog::Opportunity,
    record::prioritize::backlog::ScoreMethod, record::prioritize::backlog::Size,
};
use consilium_engine::{
    record::prioritize::debate::DebateRound, record::prioritize::debate::DebateSession,
    record::prioritize::debate::Disposition,
};
use futures::executor::block_on;

const NOW: u64 = 1_700_000_000_000;

fn demo_caller() -> ScriptedCaller {
    ScriptedCaller::new(|r| Ok(consilium_engine::prioritize::demo::demo_reply(r)))
}

fn session(config: PrioritizeConfig) -> Session {
    Session::new_prioritize("p-test".into(), demo_backlog(), config, NOW)
}

fn run(session: Session, caller: &ScriptedCaller) -> (Session, RecordingSink) {
    let sink = RecordingSink::default();
    let done = block_on(run_prioritize(session, caller, &FixedClock(NOW), &sink));
    (done, sink)
}

fn ids(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

fn order() -> Vec<String> {
    demo_backlog().iter().map(|o| o.id.clone()).collect()
}

const ALL: [&str; 8] = [
    "opp-1", "opp-2", "opp-3", "opp-4", "opp-5", "opp-6", "opp-7", "opp-8",
];

/// A moderator reply with every opportunity at `disposition`, ranked `ranking`.
fn moderator_reply(ranking: &[&str], disposition: &str, consensus: bool) -> String {
    let dispositions: BTreeMap<&str, &str> = ALL.iter().map(|id| (*id, disposition)).collect();
    format!(
        "<<<DISPOSITIONS_START>>>{}<<<DISPOSITIONS_END>>>\n<<<FINAL_RANKINGS_START>>>{}<<<FINAL_RANKINGS_END>>>\n<<<DEBATE_STATUS_START>>>{{\"continue_debate\": {}, \"consensus_reached\": {consensus}}}<<<DEBATE_STATUS_END>>>",
        serde_json::to_string(&dispositions).unwrap(),
        serde_json::to_string(ranking).unwrap(),
        !consensus
    )
}

fn round(number: u32, costs: (f64, f64, f64)) -> DebateRound {
    DebateRound {
        round_number: number,
        champion_argument: "a".into(),
        champion_rankings: ids(&["opp-1", "opp-2"]),
        champion_cost_usd: costs.0,
        critic_concerns: BTreeMap::from([("opp-1".to_string(), vec!["concern 1".to_string()])]),
        critic_counter_rankings: ids(&["opp-2", "opp-1"]),
        critic_cost_usd: costs.1,
        critic_assessments: BTreeMap::new(),
        moderator_dispositions: BTreeMap::from([("opp-1".to_string(), Disposition::Prioritize)]),
        moderator_final_rankings: ids(&["opp-1", "opp-2"]),
        moderator_cost_usd: costs.2,
        continue_debate: true,
        consensus_reached: false,
        moderator_claimed_consensus: false,
        consensus_refused: None,
    }
}

// ---- the data model (seed: test_debate.py) ---------------------------------------------------

#[test]
fn round_cost_is_the_sum_of_the_three_partners() {
    assert!((round(1, (0.15, 0.10, 0.15)).round_cost_usd() - 0.40).abs() < 1e-12);
}

#[test]
fn session_cost_is_the_sum_of_its_rounds_and_add_round_appends() {
    let mut session = DebateSession::new(&"s".into(), "t", ids(&["opp-1", "opp-2"]), 3, 2.5);
    session.add_round(round(1, (0.1, 0.1, 0.1)));
    session.add_round(round(2, (0.2, 0.0, 0.05)));
    assert_eq!(session.rounds_used(), 2);
    assert_eq!(session.rounds[1].round_number, 2);
    assert!((session.total_cost_usd() - 0.55).abs() < 1e-12);
}

#[test]
fn round_and_session_round_trip_with_the_seeds_field_names() {
    let mut session = DebateSession::new(
        &"s-1".into(),
        "2026-11-23T00:00:00Z",
        ids(&["opp-1", "opp-2"]),
        3,
        2.5,
    );
    session.add_round(round(1, (0.1, 0.2, 0.3)));
    let json = session.to_json();
    for key in [
        "session_id",
        "started_at",
        "completed_at",
        "opportunity_ids",
        "max_rounds",
        "budget_usd",
        "rounds",
        "final_rankings",
        "consensus_reached",
        "stalemate",
        "total_cost_usd",
    ] {
        assert!(json.get(key).is_some(), "DebateSession lacks {key}");
    }
    let round_json = &json["rounds"][0];
    for key in [
        "round_number",
        "champion_argument",
        "champion_rankings",
        "champion_cost_usd",
        "critic_concerns",
        "critic_counter_rankings",
        "critic_cost_usd",
        "moderator_dispositions",
        "moderator_final_rankings",
        "moderator_cost_usd",
        "continue_debate",
        "consensus_reached",
    ] {
        assert!(round_json.get(key).is_some(), "DebateRound lacks {key}");
    }
    assert_eq!(round_json["moderator_dispositions"]["opp-1"], "prioritize");
    assert!((json["total_cost_usd"].as_f64().unwrap() - 0.6).abs() < 1e-12);
    let back: DebateSession = serde_json::from_value(json).unwrap();
    assert_eq!(back.rounds, session.rounds);
    assert_eq!(back.session_id, "s-1");
    // A seed-written round (no additions of ours) reads too.
    let seed_round = serde_json::json!({
        "round_number": 1, "champion_argument": "x", "champion_rankings": ["opp-1"],
        "critic_concerns": {"opp-1": ["c"]}, "critic_counter_rankings": ["opp-1"],
        "moderator_dispositions": {"opp-1": "investigate"}, "moderator_final_rankings": ["opp-1"]
    });
    let read: DebateRound = serde_json::from_value(seed_round).unwrap();
    assert_eq!(
        read.moderator_dispositions["opp-1"],
        Disposition::Investigate
    );
    assert!(read.continue_debate);
}

// ---- the debate (seed: test_debate_orchestrator.py) -------------------------------------------

#[test]
fn demo_runs_three_phases_per_round_and_stops_on_consensus_in_round_3() {
    let caller = demo_caller();
    let (done, sink) = run(session(demo_prioritize_config()), &caller);
    assert_eq!(done.state, "complete", "{:?}", done.failure);
    assert_eq!(
        caller.call_ids(),
        ids(&[
            "r1-champion",
            "r1-critic",
            "r1-moderator",
            "r2-champion",
            "r2-critic",
            "r2-moderator",
            "r3-champion",
            "r3-critic",
            "r3-moderator"
        ])
    );
    let body = done.prioritize();
    assert!(body.debate.consensus_reached);
    assert!(!body.debate.stalemate);
    assert_eq!(body.debate.rounds_used(), 3);
    // The ranking moved in round 2 and held in round 3.
    assert_ne!(
        body.debate.rounds[0].moderator_final_rankings,
        body.debate.rounds[1].moderator_final_rankings
    );
    assert_eq!(
        body.debate.rounds[1].moderator_final_rankings,
        body.debate.rounds[2].moderator_final_rankings
    );
    assert_eq!(
        body.debate.final_rankings,
        body.debate.rounds[2].moderator_final_rankings
    );
    assert_eq!(body.outcome.as_deref(), Some("Consensus in round 3."));
    assert!(sink.names().contains(&"prioritization:completed"));
    assert!(done.demo);
}

#[test]
fn the_moderators_word_alone_is_not_consensus() {
    let (done, _) = run(session(demo_prioritize_config()), &demo_caller());
    let round2 = &done.prioritize().debate.rounds[1];
    assert!(round2.moderator_claimed_consensus);
    assert!(!round2.consensus_reached);
    assert!(
        round2
            .consensus_refused
            .as_deref()
            .unwrap()
            .contains("rankings changed"),
        "{:?}",
        round2.consensus_refused
    );
    // Round 1 cannot be consensus even when claimed and nothing is left to investigate.
    let caller = demo_caller().reply("r1-moderator", moderator_reply(&ALL, "prioritize", true));
    let (done, _) = run(session(demo_prioritize_config()), &caller);
    let round1 = &done.prioritize().debate.rounds[0];
    assert!(!round1.consensus_reached);
    assert!(round1
        .consensus_refused
        .as_deref()
        .unwrap()
        .contains("round 1"));
    // An INVESTIGATE left blocks it too.
    let caller = demo_caller()
        .reply("r1-moderator", moderator_reply(&ALL, "prioritize", false))
        .reply("r2-moderator", moderator_reply(&ALL, "investigate", true))
        .reply("r3-moderator", moderator_reply(&ALL, "investigate", true));
    let (done, _) = run(session(demo_prioritize_config()), &caller);
    let body = done.prioritize();
    assert!(!body.debate.consensus_reached);
    assert!(body.debate.rounds[1]
        .consensus_refused
        .as_deref()
        .unwrap()
        .contains("still to investigate"));
}

#[test]
fn stops_at_max_rounds_without_consensus() {
    let mut config = demo_prioritize_config();
    config.max_rounds = 2;
    let caller = demo_caller()
        .reply("r1-moderator", moderator_reply(&ALL, "investigate", false))
        .reply(
            "r2-moderator",
            moderator_reply(&["opp-8", "opp-7"], "investigate", false),
        );
    let (done, _) = run(session(config), &caller);
    assert_eq!(done.state, "complete");
    let body = done.prioritize();
    assert_eq!(body.debate.rounds_used(), 2);
    assert!(!body.debate.consensus_reached && !body.debate.stalemate);
    assert!(body
        .outcome
        .as_deref()
        .unwrap()
        .contains("No consensus within 2 rounds"));
    // The final ranking: the moderator's two named first, the rest in the previous order.
    assert_eq!(
        body.debate.final_rankings,
        ids(&["opp-8", "opp-7", "opp-1", "opp-2", "opp-3", "opp-4", "opp-5", "opp-6"])
    );
    assert_eq!(caller.call_ids().len(), 6);
}

#[test]
fn champion_sees_prior_concerns_from_round_2_and_critic_sees_the_champion() {
    let caller = demo_caller();
    run(session(demo_prioritize_config()), &caller);
    let requests = caller.requests();
    let prompt = |id: &str| {
        requests
            .iter()
            .find(|r| r.call_id == id)
            .unwrap()
            .prompt
            .clone()
    };
    assert!(!prompt("r1-champion").contains("concerns from round"));
    let r2 = prompt("r2-champion");
    assert!(r2.contains("concerns from round 1, which you must answer"));
    assert!(
        r2.contains("XL: must be split before it can be estimated"),
        "{r2}"
    );
    let critic = prompt("r1-critic");
    assert!(critic.contains("CSV export unblocks four enterprise accounts"));
    assert!(critic.contains("Their ranking: opp-3, opp-5, opp-1"));
    let moderator = prompt("r1-moderator");
    assert!(moderator.contains("opp-4: XL: must be split"));
    assert!(moderator.contains("Their ranking by feasibility: opp-1, opp-3, opp-6"));
}

fn priced(budget: f64) -> PrioritizeConfig {
    let mut config = demo_prioritize_config();
    for p in &mut config.partners {
        p.price = Some(Price::new(1000.0, 1000.0));
    }
    config.budget_usd = budget;
    config.max_tokens = 500;
    config
}

#[test]
fn running_out_of_budget_is_a_stalemate_ranked_as_the_last_complete_round_with_no_call_over_budget()
{
    // Each call's worst case is about (prompt + 500) tokens x $0.001: a budget of $5 fits round 1
    // and part of round 2.
    let caller = demo_caller();
    let (done, sink) = run(session(priced(5.0)), &caller);
    assert_eq!(done.state, "complete", "{:?}", done.failure);
    let body = done.prioritize();
    assert!(body.debate.stalemate);
    assert!(!body.debate.consensus_reached);
    assert!(done.cost.spent_usd <= 5.0, "spent {}", done.cost.spent_usd);
    let complete = body.debate.rounds_used();
    assert!((1..3).contains(&complete), "{complete} rounds");
    assert_eq!(
        body.debate.final_rankings,
        body.debate.rounds[complete - 1].moderator_final_rankings
    );
    assert!(body
        .outcome
        .as_deref()
        .unwrap()
        .starts_with("Stalemate: the budget ran out"));
    assert!(caller.call_ids().len() < 9);
    assert!(sink.names().contains(&"prioritization:completed"));
    // Round costs come from the call records.
    let round1 = &body.debate.rounds[0];
    let recorded: f64 = done
        .calls
        .iter()
        .filter(|c| c.round == 1)
        .filter_map(|c| c.cost_usd)
        .sum();
    assert!((round1.round_cost_usd() - recorded).abs() < 1e-9);
    assert!(round1.champion_cost_usd > 0.0);
}

/// After a stalemate the unfinished round's calls were paid for: the JSON export's `cost_usd`, the
/// page's cost and the Markdown's are one figure, the ledger's.
#[test]
fn after_a_stalemate_the_export_the_page_and_the_markdown_show_one_cost() {
    // $6.50 pays for rounds 1 and 2 and round 3's champion and critic, not its moderator.
    let (done, _) = run(session(priced(6.5)), &demo_caller());
    let body = done.prioritize();
    assert!(body.debate.stalemate);
    let spent = done.cost.spent_usd;
    assert!(
        spent > body.debate.total_cost_usd() + 1e-9,
        "the unfinished round's calls cost something: {spent} vs rounds {}",
        body.debate.total_cost_usd()
    );
    let json: serde_json::Value = serde_json::from_str(&prioritize_json(&done)).unwrap();
    assert_eq!(json["cost_usd"].as_f64().unwrap(), spent);
    assert_eq!(consilium_engine::prioritize::debate_cost_usd(&done), spent);
    let figure = consilium_engine::foundation::money::format_usd(spent);
    let facts = consilium_engine::prioritize::view::debate_facts(
        body,
        consilium_engine::prioritize::debate_cost_usd(&done),
        done.cost.unpriced_calls,
    );
    assert!(
        facts.cost.starts_with(&format!("{figure} of ")),
        "{}",
        facts.cost
    );
    assert!(
        prioritize_markdown(&done).contains(&format!("- Cost: {figure} of ")),
        "the Markdown shows the same figure"
    );
}

/// The seed's `from_dict` defaults what a seed-written debate may leave out.
#[test]
fn a_seed_format_debate_without_ids_limits_budget_or_dispositions_loads_with_the_seeds_defaults() {
    let seed = serde_json::json!({
        "session_id": "s-9",
        "started_at": "2026-11-23T00:00:00Z",
        "rounds": [{
            "round_number": 1, "champion_argument": "x", "champion_rankings": ["opp-1"],
            "critic_concerns": {}, "critic_counter_rankings": ["opp-1"],
            "moderator_final_rankings": ["opp-1"]
        }]
    });
    let debate: DebateSession = serde_json::from_value(seed).unwrap();
    assert!(debate.opportunity_ids.is_empty());
    assert_eq!(debate.max_rounds, 3);
    assert_eq!(debate.budget_usd, 2.5);
    assert!(debate.rounds[0].moderator_dispositions.is_empty());
    assert!(debate.rounds[0].continue_debate);
}

#[test]
fn a_budget_too_small_for_the_first_call_stalemates_in_backlog_order() {
    let caller = demo_caller();
    let (done, _) = run(session(priced(0.01)), &caller);
    let body = done.prioritize();
    assert!(body.debate.stalemate);
    assert!(caller.call_ids().is_empty());
    assert_eq!(body.debate.final_rankings, order());
    assert_eq!(body.ranked[0].priority_rank, Some(1));
}

#[test]
fn a_malformed_moderator_reply_is_re_asked_and_the_round_completes() {
    let caller = demo_caller().reply("r1-moderator", "I think opp-3 is best overall.");
    let (done, _) = run(session(demo_prioritize_config()), &caller);
    assert_eq!(done.state, "complete");
    let ids = caller.call_ids();
    assert_eq!(
        &ids[2..4],
        &["r1-moderator".to_string(), "r1-moderator-reask".to_string()]
    );
    let reask = caller
        .requests()
        .into_iter()
        .find(|r| r.call_id == "r1-moderator-reask")
        .unwrap();
    assert!(reask.prompt.contains("could not be used"));
    let failed = done
        .calls
        .iter()
        .find(|c| c.call_id == "r1-moderator")
        .unwrap();
    assert_eq!(failed.status, CallStatus::Failed);
}

#[test]
fn a_reply_unusable_twice_fails_the_round_never_consensus_and_resume_continues_at_that_partner() {
    let caller = demo_caller()
        .reply("r2-moderator", "no idea")
        .reply("r2-moderator-reask", "still no idea");
    let (failed, _) = run(session(demo_prioritize_config()), &caller);
    assert_eq!(failed.state, "failed");
    assert!(
        failed
            .failure
            .as_deref()
            .unwrap()
            .contains("Round 2's moderator failed"),
        "{:?}",
        failed.failure
    );
    let body = failed.prioritize();
    assert_eq!(body.debate.rounds_used(), 1);
    assert!(!body.debate.consensus_reached);
    assert!(body.in_progress.as_ref().unwrap().critic.is_some());
    // Resume: only the moderator of round 2 is asked again, then round 3.
    let caller = demo_caller();
    let (done, _) = run(failed, &caller);
    assert_eq!(done.state, "complete", "{:?}", done.failure);
    assert_eq!(
        caller.call_ids(),
        ids(&["r2-moderator", "r3-champion", "r3-critic", "r3-moderator"])
    );
    assert!(done.prioritize().debate.consensus_reached);
}

#[test]
fn cancel_aborts_and_the_session_can_resume() {
    let caller = demo_caller().fail(
        "r1-critic",
        consilium_engine::harness::io::CallFailure::cancelled(),
    );
    let (aborted, _) = run(session(demo_prioritize_config()), &caller);
    assert_eq!(aborted.state, "aborted");
    assert!(consilium_engine::resume::resume_offer(&aborted, false, false).is_some());
    let caller = demo_caller();
    let (done, _) = run(aborted, &caller);
    assert_eq!(caller.call_ids()[0], "r1-critic");
    assert_eq!(done.state, "complete");
}

// ---- rankings -----------------------------------------------------------------------------

#[test]
fn rankings_are_sanitised_unknown_dropped_repeats_removed_missing_appended_in_previous_order() {
    let previous = ids(&["a", "b", "c", "d"]);
    let (result, notes) = sanitise(&ids(&["c", "zzz", "a", "c"]), &previous);
    assert_eq!(result, ids(&["c", "a", "b", "d"]));
    assert_eq!(notes.len(), 3, "{notes:?}");
}

#[test]
fn rankings_are_applied_as_priority_rank_with_the_debate_session_id() {
    let backlog = demo_backlog();
    let ranked = apply_rankings(&backlog, &ids(&["opp-8", "opp-1"]), &"d-1".into());
    assert_eq!(ranked.len(), 8);
    assert_eq!(ranked[0].id, "opp-8");
    assert_eq!(ranked[0].priority_rank, Some(1));
    assert_eq!(ranked[1].id, "opp-1");
    assert_eq!(ranked[2].id, "opp-2");
    assert_eq!(ranked[7].priority_rank, Some(8));
    assert!(ranked
        .iter()
        .all(|o| o.debate_session_id.as_ref().is_some_and(|id| id == "d-1")));
}

// ---- independence -------------------------------------------------------------------------

#[test]
fn the_critic_must_run_on_another_model_unless_the_user_overrides() {
    let mut config = demo_prioritize_config();
    config.partners[1].model = config.partners[0].model.clone();
    let problem = config
        .independence_problem()
        .expect("same model as the champion");
    assert!(problem.contains("champion and moderator"), "{problem}");
    assert!(config.validate(&demo_backlog()).is_err());
    let caller = demo_caller();
    let (refused, _) = run(session(config.clone()), &caller);
    assert_eq!(refused.state, "failed");
    assert!(caller.call_ids().is_empty());
    config.independence_overridden = true;
    let (done, _) = run(session(config), &demo_caller());
    assert_eq!(done.state, "complete");
    assert!(prioritize_markdown(&done).contains("Independence: the critic shares a model"));
    // Another provider with the same model name counts as independent.
    let mut config = demo_prioritize_config();
    config.partners[1].model = config.partners[0].model.clone();
    config.partners[1].provider_id = "other".into();
    assert!(config.independence_problem().is_none());
}

// ---- tolerant parsing of recorded messy replies ------------------------------------------------

#[test]
fn champion_replies_with_fences_trailing_commas_prose_and_a_missing_end_marker_are_read() {
    let messy = "Sure! Here is my analysis.\n<<<CHAMPION_ARGUMENT_START>>>\nCSV first.\n<<<CHAMPION_ARGUMENT_END>>>\n<<<CHAMPION_RANKINGS_START>>>\n```json\n[\"opp-3\", \"opp-1\",]\n```\n";
    let parsed = parse_champion(messy, &order()).unwrap();
    assert_eq!(parsed.value.argument, "CSV first.");
    assert_eq!(&parsed.value.rankings[..2], &ids(&["opp-3", "opp-1"])[..]);
    assert_eq!(parsed.value.rankings.len(), 8);
    assert!(parsed.notes.iter().any(|n| n.contains("Trailing commas")));
    assert!(parsed
        .notes
        .iter()
        .any(|n| n.contains("appended the unranked")));
    // Structured output: one JSON object with the same fields.
    let object = r#"{"champion_argument": "SSO first", "champion_rankings": ["opp-7"]}"#;
    assert_eq!(
        parse_champion(object, &order()).unwrap().value.rankings[0],
        "opp-7"
    );
    // Errors name what is wrong (they go back in the re-ask).
    assert!(parse_champion("nothing here", &order())
        .unwrap_err()
        .contains("<<<CHAMPION_ARGUMENT_START>>>"));
    let unknown = "<<<CHAMPION_ARGUMENT_START>>>x<<<CHAMPION_ARGUMENT_END>>><<<CHAMPION_RANKINGS_START>>>[\"a\"]<<<CHAMPION_RANKINGS_END>>>";
    assert!(parse_champion(unknown, &order())
        .unwrap_err()
        .contains("names none of the backlog's ids"));
    let placeholder = "<<<CHAMPION_ARGUMENT_START>>>\n...\n<<<CHAMPION_ARGUMENT_END>>><<<CHAMPION_RANKINGS_START>>>[\"opp-1\"]<<<CHAMPION_RANKINGS_END>>>";
    assert!(parse_champion(placeholder, &order())
        .unwrap_err()
        .contains("placeholder"));
    // Text in angle brackets is an answer: what restates the prompt is refused by
    // the harness, which knows the prompt (tests/prompt_echo.rs).
    let honest = "<<<CHAMPION_ARGUMENT_START>>>\n<meta charset> must come first\n<<<CHAMPION_ARGUMENT_END>>><<<CHAMPION_RANKINGS_START>>>[\"opp-1\"]<<<CHAMPION_RANKINGS_END>>>";
    assert_eq!(
        parse_champion(honest, &order()).unwrap().value.argument,
        "<meta charset> must come first"
    );
}

#[test]
fn critic_and_moderator_replies_are_read_tolerantly_and_checked_against_the_backlog() {
    let critic = "<<<CRITIC_CONCERNS_START>>>\n{\"opp-4\": \"Too big\", \"ghost\": [\"x\"],}\n<<<CRITIC_CONCERNS_END>>>\n<<<CRITIC_RANKINGS_START>>>[\"opp-1\", \"opp-1\", \"opp-2\"]<<<CRITIC_RANKINGS_END>>>\n<<<CRITIC_ASSESSMENTS_START>>>{\"opp-4\": {\"effort\": \"xl\", \"approach\": \"Buy\"}}<<<CRITIC_ASSESSMENTS_END>>>";
    let parsed = parse_critic(critic, &order()).unwrap().value;
    assert_eq!(parsed.concerns["opp-4"], vec!["Too big".to_string()]);
    assert!(!parsed.concerns.contains_key("ghost"));
    assert_eq!(parsed.counter_rankings[..2], ids(&["opp-1", "opp-2"])[..]);
    assert_eq!(parsed.assessments["opp-4"].effort, Size::XL);
    // A moderator that leaves opportunities without a disposition is re-asked, naming them.
    let partial = "<<<DISPOSITIONS_START>>>{\"opp-1\": \"PRIORITIZE\"}<<<DISPOSITIONS_END>>><<<FINAL_RANKINGS_START>>>[\"opp-1\"]<<<FINAL_RANKINGS_END>>>";
    let error = parse_moderator(partial, &order()).unwrap_err();
    assert!(error.contains("missing: opp-2, opp-3"), "{error}");
    let bad = moderator_reply(&ALL, "maybe", false);
    assert!(parse_moderator(&bad, &order())
        .unwrap_err()
        .contains("prioritize, investigate, defer or reject"));
    let good = parse_moderator(&moderator_reply(&ALL, "DEFER", true), &order())
        .unwrap()
        .value;
    assert!(good.consensus_reached && !good.continue_debate);
    assert!(good.dispositions.values().all(|d| *d == Disposition::Defer));
}

// ---- imports ------------------------------------------------------------------------------

#[test]
fn json_import_reads_the_seeds_shape_and_ours_and_names_what_is_wrong() {
    let seed = r#"[{"opportunity_id": "opp-1", "opportunity_type": "test_failure", "title": "Fix it", "description": "d", "evidence": [{"source": "ci", "content": "red"}]}]"#;
    let items = import_backlog(seed, ImportFormat::Json).unwrap();
    assert_eq!(items[0].id, "opp-1");
    assert_eq!(items[0].kind, "test_failure");
    assert_eq!(items[0].evidence, vec!["ci: red".to_string()]);
    let ours = r#"{"opportunities": [{"id": "a", "title": "A", "type": "feature", "evidence": ["x"], "effort": "L", "reach": 100, "impact": 2, "confidence": 0.8}]}"#;
    let items = import_backlog(ours, ImportFormat::Json).unwrap();
    assert_eq!(items[0].effort, Some(Effort::Size(Size::L)));
    assert_eq!(items[0].reach, Some(100.0));
    assert!(import_backlog("[{\"id\": \"a\"", ImportFormat::Json)
        .unwrap_err()
        .contains("line 1"));
    assert_eq!(
        import_backlog(
            r#"[{"id": "a", "title": "A"}, {"title": "B"}]"#,
            ImportFormat::Json
        )
        .unwrap_err(),
        "opportunities[1] has no id."
    );
    assert!(import_backlog(
        r#"[{"id": "a", "title": "A", "effort": "huge"}]"#,
        ImportFormat::Json
    )
    .unwrap_err()
    .contains("opportunities[0].effort"));
    assert!(import_backlog(
        r#"[{"id": "a", "title": "A"}, {"id": "a", "title": "B"}]"#,
        ImportFormat::Json
    )
    .unwrap_err()
    .contains("appears twice"));
}

#[test]
fn csv_import_reads_a_header_row_and_quotes_and_names_the_line() {
    let csv = "id,title,type,description,evidence,effort\r\nopp-1,\"Fix, now\",bug,\"Says \"\"hi\"\"\nover two lines\",a; b,S\nopp-2,Dark mode,feature,,,2 weeks\n";
    let items = import_backlog(csv, ImportFormat::Csv).unwrap();
    assert_eq!(items.len(), 2);
    assert_eq!(items[0].title, "Fix, now");
    assert_eq!(items[0].description, "Says \"hi\"\nover two lines");
    assert_eq!(items[0].evidence, ids(&["a", "b"]));
    assert_eq!(items[1].effort, Some(Effort::Weeks(2.0)));
    assert!(import_backlog("name,desc\nx,y\n", ImportFormat::Csv)
        .unwrap_err()
        .contains("header"));
    assert_eq!(
        import_backlog("id,title\na,A\n,B\n", ImportFormat::Csv).unwrap_err(),
        "Line 3 has no id."
    );
    assert!(
        import_backlog("id,title,effort\na,A,huge\n", ImportFormat::Csv)
            .unwrap_err()
            .starts_with("Line 2: effort")
    );
    assert!(import_backlog("id,title\na,\"open\n", ImportFormat::Csv)
        .unwrap_err()
        .contains("never closed"));
}

#[test]
fn markdown_import_reads_a_list_with_evidence_and_names_the_line() {
    let md = "# Backlog\n\n- opp-1: Fix flaky test — blocks merges\n  - CI red 41 times\n  - effort: S\n- opp-2: Dark mode\n1. opp-3: CSV export\n";
    let items = import_backlog(md, ImportFormat::Markdown).unwrap();
    assert_eq!(items.len(), 3);
    assert_eq!(items[0].description, "blocks merges");
    assert_eq!(items[0].evidence, ids(&["CI red 41 times"]));
    assert_eq!(items[0].effort, Some(Effort::Size(Size::S)));
    assert_eq!(items[2].id, "opp-3");
    assert!(
        import_backlog("- opp-1: A\nsome prose\n", ImportFormat::Markdown)
            .unwrap_err()
            .starts_with("Line 2")
    );
    assert!(import_backlog("- no id here\n", ImportFormat::Markdown)
        .unwrap_err()
        .contains("Line 1 has no id"));
    assert_eq!(ImportFormat::detect(None, md), ImportFormat::Markdown);
    assert_eq!(ImportFormat::detect(None, "id,title\n"), ImportFormat::Csv);
    assert_eq!(
        ImportFormat::detect(Some("b.json"), "x"),
        ImportFormat::Json
    );
}

#[test]
fn an_import_with_an_id_already_entered_changes_nothing() {
    let entered = vec![Opportunity::new("opp-1", "Mine")];
    let imported =
        import_backlog("- opp-2: New\n- opp-1: Clash\n", ImportFormat::Markdown).unwrap();
    let error = merge_into(&entered, imported).unwrap_err();
    assert!(error.contains("\"opp-1\" is already in the backlog"));
    let merged = merge_into(
        &entered,
        import_backlog("- opp-2: New\n", ImportFormat::Markdown).unwrap(),
    )
    .unwrap();
    assert_eq!(merged.len(), 2);
    assert_eq!(merged[0].title, "Mine");
}

// ---- no debate: the plain score -----------------------------------------------------------

#[test]
fn without_a_debate_the_plain_score_ranks_with_no_call() {
    let mut rice = Opportunity::new("r", "RICE");
    (rice.reach, rice.impact, rice.confidence, rice.effort) =
        (Some(100.0), Some(2.0), Some(0.5), Some(Effort::Weeks(2.0)));
    assert_eq!(plain_score(&rice), (50.0, ScoreMethod::Rice));
    let mut many = Opportunity::new("e", "Evidence");
    many.evidence = ids(&["a", "b", "c"]);
    many.effort = Some(Effort::Size(Size::S));
    assert_eq!(plain_score(&many), (20.0, ScoreMethod::EvidencePerEffort));
    let bare = Opportunity::new("b", "Bare");
    assert_eq!(plain_score(&bare).0, 2.5);
    assert_eq!(
        score_ranking(&[bare.clone(), many.clone(), rice.clone()]),
        ids(&["r", "e", "b"])
    );

    let mut config = demo_prioritize_config();
    config.debate = false;
    let caller = demo_caller();
    let (done, _) = run(session(config), &caller);
    assert_eq!(done.state, "complete");
    assert!(caller.call_ids().is_empty());
    let body = done.prioritize();
    assert_eq!(body.ranked.len(), 8);
    assert_eq!(
        body.ranked[0].id, "opp-1",
        "S effort with 2 evidence items scores highest"
    );
    assert!(body
        .outcome
        .as_deref()
        .unwrap()
        .contains("evidence per unit of effort"));
    assert!(done.participants.is_empty());
}

// ---- states, exports ------------------------------------------------------------------------

#[test]
fn the_state_machine_refuses_what_the_protocol_does_not_allow() {
    use PrioritizeState::*;
    for (from, to) in [
        (Idle, Champion),
        (Champion, Critic),
        (Critic, Moderator),
        (Moderator, Champion),
        (Moderator, Complete),
        (Critic, Complete),
        (Idle, Complete),
        (Champion, Failed),
        (Moderator, Aborted),
    ] {
        assert_eq!(from.transition(to), Ok(to), "{from:?} -> {to:?}");
    }
    for (from, to) in [
        (Idle, Critic),
        (Champion, Moderator),
        (Critic, Champion),
        (Complete, Champion),
        (Failed, Complete),
    ] {
        assert!(from.transition(to).is_err(), "{from:?} -> {to:?}");
    }
    assert!(Failed.resume(Moderator).is_ok());
    assert!(Complete.resume(Champion).is_err());
}

#[test]
fn exports_carry_the_seeds_json_markdown_and_csv_and_the_record_round_trips() {
    let (done, _) = run(session(demo_prioritize_config()), &demo_caller());
    let json: serde_json::Value = serde_json::from_str(&prioritize_json(&done)).unwrap();
    assert_eq!(json["rounds_used"], 3);
    assert_eq!(json["session"]["consensus_reached"], true);
    assert_eq!(json["ranked_opportunities"][0]["priority_rank"], 1);
    assert_eq!(
        json["ranked_opportunities"][0]["debate_session_id"],
        "p-test"
    );
    assert_eq!(json["demo"], true);
    let markdown = prioritize_markdown(&done);
    assert!(markdown.contains("> **Demo**"));
    assert!(
        markdown.contains("| 1 | opp-1 | Fix flaky checkout test | PRIORITIZE |"),
        "{markdown}"
    );
    assert!(markdown.contains(
        "Consensus not accepted: The moderator declared consensus, but the rankings changed"
    ));
    let csv = prioritize_csv(&done);
    let mut lines = csv.lines();
    assert_eq!(
        lines.next(),
        Some("priority_rank,id,title,type,disposition,effort,concerns,debate_session_id")
    );
    assert!(lines
        .next()
        .unwrap()
        .starts_with("1,opp-1,Fix flaky checkout test,test_failure,PRIORITIZE,S,"));
    assert_eq!(csv.lines().count(), 9);
    let text = serde_json::to_string(&done).unwrap();
    let back = Session::from_json_text(&text).unwrap();
    assert_eq!(back, done);
    assert_eq!(
        back.protocol(),
        consilium_engine::record::Protocol::Prioritize
    );
}

// ---- view models -----------------------------------------------------------------------------

#[test]
fn rank_movement_follows_each_opportunity_across_rounds_and_the_chart_lays_it_out() {
    use consilium_engine::prioritize::view::{
        bump_chart, rank_movement, ranked_rows, RankingSource,
    };
    let (done, _) = run(session(demo_prioritize_config()), &demo_caller());
    let body = done.prioritize();
    let lines = rank_movement(body, RankingSource::Moderator);
    assert_eq!(lines.len(), 8);
    // opp-1: 2nd in round 1, 1st in rounds 2 and 3.
    assert_eq!(lines[0].id, "opp-1");
    assert_eq!(lines[0].ranks, vec![Some(2), Some(1), Some(1)]);
    assert_eq!(lines[0].movement(), "up 1");
    let opp7 = lines.iter().find(|l| l.id == "opp-7").unwrap();
    assert_eq!(opp7.ranks, vec![Some(5), Some(3), Some(3)]);
    let champion = rank_movement(body, RankingSource::Champion);
    assert_eq!(
        champion.iter().find(|l| l.id == "opp-3").unwrap().ranks[0],
        Some(1)
    );
    let chart = bump_chart(&lines);
    assert_eq!(chart.columns.len(), 3);
    assert_eq!(chart.rows.len(), 8);
    let first = &chart.lines[0];
    assert_eq!(first.points.len(), 3);
    assert!(
        first.points[0].1 > first.points[1].1,
        "rank 2 is drawn below rank 1"
    );
    assert!(
        first.path.starts_with('M') && first.path.matches(" L").count() == 2,
        "{}",
        first.path
    );
    let rows = ranked_rows(body);
    assert_eq!(rows[0].rank, 1);
    assert_eq!(rows[0].disposition, Some("PRIORITIZE"));
    // The page shows it in words; the record's name stays for styles and data.
    assert_eq!(rows[0].disposition_words, Some("Prioritize"));
    assert_eq!(rows[0].effort.as_deref(), Some("S"));
    assert_eq!(rows[0].approach, Some("build"));
    let opp4 = rows.iter().find(|r| r.id == "opp-4").unwrap();
    assert_eq!(
        opp4.concerns[0],
        "Still XL; split it into indexing and query work first"
    );
    assert_eq!(opp4.disposition, Some("DEFER"));
    assert_eq!(opp4.disposition_words, Some("Defer"));
}

#[test]
fn a_stored_prioritization_is_checked_again_and_a_hand_edit_is_named() {
    let (done, _) = run(session(demo_prioritize_config()), &demo_caller());
    assert!(consilium_engine::resume::record_problems(&done).is_empty());
    let mut edited = done.clone();
    if let consilium_engine::record::Body::Prioritize(body) = &mut edited.body {
        body.debate.rounds[1].moderator_final_rankings[0] = "opp-99".into();
    }
    let notice = consilium_engine::resume::invalid_record_notice(&edited).unwrap();
    assert!(
        notice.contains("Round 2's moderator_final_rankings names \"opp-99\""),
        "{notice}"
    );
    assert!(consilium_engine::resume::resume_offer(&edited, false, false).is_none());
}
