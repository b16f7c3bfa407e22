//! A thread's turn asked of one member alone: a consult record linked by `follows`
//! like any turn, whose council is that one panelist and whose result is its answer in prose (one
//! call, its tokens and cost on the ledger), never a decision; its prompt carries the thread's
//! decisions and the member's own earlier answers; the views, the lists, the exports and a share
//! link name it as that member's answer; records from before such turns still read.
use crate::common;

use common::*;
use consilium_engine::consult::prompts::member_answer;
use consilium_engine::consult::view::thread::{
    member_answer_of, member_turn, members_to_ask, next_turn, thread_turns, ONE_MEMBER,
};
use consilium_engine::harness::io::{CallFailure, CallReply};
use consilium_engine::html_report::{thread_html, thread_markdown};
use consilium_engine::library::share::{read_shared_thread, thread_share_payload};
use consilium_engine::library::summary::SessionSummary;
use consilium_engine::library::thread::one_per_thread;
use consilium_engine::record::consult::depth::Depth;
use consilium_engine::testing::ScriptedCaller;
use consilium_engine::{consult::demo::demo_config, record::Session};
use consilium_engine::{library::transfer::export_all, library::transfer::parse_import};

const FIRST: &str = "Should we rewrite the ingestion service in Rust?";
const SECOND: &str = "How should the pilot be staffed?";
const THIRD: &str = "What would make you change your mind?";
const DECIDED: &str = "Adopt Rust for the ingestion service, starting with a pilot";
const SKEPTIC_SAYS: &str = "My worry is still the schedule.";

fn decided(id: &str, question: &str, turns: &[Session]) -> Session {
    let turn = match turns {
        [] => {
            let mut config = demo_config();
            config.depth = Depth::Full;
            Session::new_consult(id.into(), question.into(), config, NOW_MS)
        }
        _ => next_turn(
            turns,
            id.into(),
            question,
            NOW_MS + turns.len() as u64 * 60_000,
        )
        .unwrap(),
    };
    let (session, _) = run(turn, &unanimous_caller(0.9));
    assert_eq!(session.state, "complete");
    session
}

/// A thread of two decided council turns.
fn two_turns() -> Vec<Session> {
    let first = decided("c-1", FIRST, &[]);
    let second = decided("c-2", SECOND, std::slice::from_ref(&first));
    vec![first, second]
}

fn ask_member(turns: &[Session], member: &str, id: &str, caller: &ScriptedCaller) -> Session {
    let minutes = 10 + turns.len() as u64;
    let turn = member_turn(turns, member, id.into(), THIRD, NOW_MS + minutes * 60_000)
        .expect("a member turn");
    run(turn, caller).0
}

fn network_failure() -> CallFailure {
    CallFailure {
        kind: "network".into(),
        message: "Unreachable.".into(),
    }
}

#[test]
fn a_member_turn_is_linked_like_any_turn_and_its_council_is_that_one_panelist() {
    let turns = two_turns();
    let turn = member_turn(&turns, "panelist-2", "c-3".into(), THIRD, NOW_MS).unwrap();
    let body = turn.consult();
    let follows = body.follows.as_ref().unwrap();
    assert_eq!(
        (follows.session_id.as_str(), follows.thread_root().as_str()),
        ("c-2", "c-1")
    );
    assert_eq!(follows.answer, DECIDED);
    let panelist = &turns[1].consult().config.panelists[1];
    assert_eq!(body.config.panelists, vec![panelist.clone()]);
    assert_eq!(body.config.stop_after_round, 1);
    let member = body.member_turn.as_ref().unwrap();
    assert_eq!((member.member_id.as_str(), member.seat), ("panelist-2", 2));
    // Its own earlier answer: its position in the latest council turn.
    let position = &turns[1].consult().round1[1].position;
    assert_eq!(member.own_earlier.len(), 1);
    assert_eq!(member.own_earlier[0].question, SECOND);
    assert_eq!(&member.own_earlier[0].answer, position);
    assert_eq!(member.answer, None);
}

#[test]
fn asked_alone_a_member_gets_one_call_with_the_decisions_and_its_own_earlier_answer() {
    let turns = two_turns();
    let caller = ScriptedCaller::over_demo();
    let done = ask_member(&turns, "panelist-2", "c-3", &caller);
    let requests = caller.requests();
    assert_eq!(requests.len(), 1, "{:?}", caller.call_ids());
    let request = &requests[0];
    let panelist = &turns[1].consult().config.panelists[1];
    assert_eq!(request.participant_id, "panelist-2");
    assert_eq!(request.call_id, "r1-panelist-2-alone");
    assert_eq!(
        (
            request.target.provider_id.as_str(),
            request.target.model.as_str()
        ),
        (panelist.provider_id.as_str(), panelist.model.as_str())
    );
    assert_eq!(request.response_schema, None);
    let persona = panelist.persona.as_ref().unwrap();
    assert!(request.system.contains(&persona.instructions));
    let prompt = &request.prompt;
    assert!(
        prompt.starts_with(&format!("Question:\n{THIRD}\n\n")),
        "{prompt}"
    );
    for earlier in [FIRST, SECOND] {
        assert!(
            prompt.contains(&format!(
                "Earlier question:\n{earlier}\nIts decision: {DECIDED}"
            )),
            "{prompt}"
        );
    }
    let position = &turns[1].consult().round1[1].position;
    assert!(prompt.contains(&format!(
        "Your own earlier answers in this conversation:\nAsked: {SECOND}\nYou answered: {position}"
    )));
    assert!(prompt.contains("You alone are asked this, not the council"));

    // Its answer, no decision; the call on record.
    assert_eq!(done.state, "complete");
    let body = done.consult();
    assert!(body.decision().is_none());
    let answer = body.member_turn.as_ref().unwrap().answer.clone().unwrap();
    assert!(answer.starts_with(SKEPTIC_SAYS), "{answer}");
    assert_eq!(call_ids(&done), ["r1-panelist-2-alone"]);
}

#[test]
fn the_member_call_counts_its_tokens_and_cost_on_the_ledger() {
    let turns = two_turns();
    let reply = CallReply {
        text: "Only a failed pilot would change my mind.".into(),
        input_tokens: Some(420),
        output_tokens: Some(30),
        cost_usd: Some(0.0021),
        ..CallReply::default()
    };
    let caller = ScriptedCaller::over_demo().reply_with("r1-panelist-2-alone", reply);
    let done = ask_member(&turns, "panelist-2", "c-3", &caller);
    assert_eq!(done.state, "complete");
    let call = call(&done, "r1-panelist-2-alone");
    assert_eq!(
        (call.input_tokens, call.output_tokens),
        (Some(420), Some(30))
    );
    assert!((done.cost.spent_usd - 0.0021).abs() < 1e-9);
    assert_eq!((done.cost.input_tokens, done.cost.output_tokens), (420, 30));
}

#[test]
fn the_thread_shows_a_member_turn_as_that_members_answer_not_a_decision() {
    let mut turns = two_turns();
    let members = members_to_ask(&turns);
    let labels: Vec<_> = members.iter().map(|m| m.label.as_str()).collect();
    assert_eq!(
        labels,
        [
            "Panelist 1 · Pragmatic engineer",
            "Panelist 2 · Skeptic",
            "Panelist 3 · Risk analyst"
        ]
    );
    turns.push(ask_member(
        &turns,
        "panelist-2",
        "c-3",
        &ScriptedCaller::over_demo(),
    ));
    let shown = thread_turns(&turns);
    assert_eq!(shown.len(), 3);
    assert!(shown[..2]
        .iter()
        .all(|t| t.member.is_none() && t.decision.is_some()));
    let member_turn = &shown[2];
    assert_eq!(member_turn.heading, "Turn 3");
    assert_eq!(member_turn.question, THIRD);
    assert_eq!(member_turn.depth, ONE_MEMBER);
    assert!(member_turn.decision.is_none());
    let card = member_turn.member.as_ref().unwrap();
    assert_eq!(card.heading, "Panelist 2 · Skeptic answered");
    assert_eq!(card.name, "Panelist 2 · Skeptic");
    assert_eq!(
        card.model, "Demo (scripted)",
        "the demo provider, named once"
    );
    assert!(card.answer.as_deref().unwrap().starts_with(SKEPTIC_SAYS));
    // After a member turn the thread can still ask anyone, the council included.
    assert_eq!(members_to_ask(&turns).len(), 3);
}

#[test]
fn after_a_member_turn_the_council_answers_on_its_own_council_and_the_member_recalls_its_answer() {
    let mut turns = two_turns();
    turns.push(ask_member(
        &turns,
        "panelist-2",
        "c-3",
        &ScriptedCaller::over_demo(),
    ));

    // The next council turn: the whole council of turn 2, following turn 2's decision.
    let council = next_turn(&turns, "c-4".into(), "And the budget?", NOW_MS + 3_600_000).unwrap();
    assert_eq!(council.consult().config, turns[1].consult().config);
    assert_eq!(
        council.consult().follows.as_ref().unwrap().session_id,
        "c-2"
    );
    assert!(council.consult().member_turn.is_none());

    // The same member asked again: its council position, then its answer alone.
    let again = member_turn(&turns, "panelist-2", "c-5".into(), "Why?", NOW_MS).unwrap();
    let own = &again.consult().member_turn.as_ref().unwrap().own_earlier;
    assert_eq!(own.len(), 2);
    assert_eq!(own[1].question, THIRD);
    assert!(own[1].answer.starts_with(SKEPTIC_SAYS));
    // Another member recalls only its own.
    let other = member_turn(&turns, "panelist-1", "c-6".into(), "Why?", NOW_MS).unwrap();
    assert_eq!(
        other
            .consult()
            .member_turn
            .as_ref()
            .unwrap()
            .own_earlier
            .len(),
        1
    );
}

#[test]
fn no_member_turn_before_a_decision_for_the_judge_without_a_question_or_for_a_model_alone() {
    let turns = two_turns();
    assert!(member_turn(&turns, "judge", "c-3".into(), THIRD, NOW_MS).is_none());
    assert!(member_turn(&turns, "panelist-9", "c-3".into(), THIRD, NOW_MS).is_none());
    assert!(member_turn(&turns, "panelist-1", "c-3".into(), "  ", NOW_MS).is_none());
    assert!(member_turn(&[demo_session()], "panelist-1", "c-3".into(), THIRD, NOW_MS).is_none());
    assert!(members_to_ask(&[demo_session()]).is_empty());
    let mut alone = demo_config();
    alone.panelists.truncate(1);
    let (alone, _) = run(session_with(alone), &ScriptedCaller::over_demo());
    assert!(alone.consult().decision().is_some());
    assert!(members_to_ask(std::slice::from_ref(&alone)).is_empty());

    assert_eq!(
        member_answer("  Staff it with two seniors.\n").unwrap(),
        "Staff it with two seniors."
    );
    assert!(member_answer(" ok ").is_err());
}

#[test]
fn a_failed_member_call_fails_the_turn_and_asking_again_answers_it() {
    let turns = two_turns();
    let failing = ScriptedCaller::over_demo().fail("r1-panelist-2-alone", network_failure());
    let failed = ask_member(&turns, "panelist-2", "c-3", &failing);
    assert_eq!(failed.state, "failed");
    assert!(failed.failure.as_deref().unwrap().contains("Unreachable."));
    let card = member_answer_of(&failed).unwrap();
    assert_eq!(
        (card.heading.as_str(), card.answer),
        ("Panelist 2 · Skeptic", None)
    );
    let mut thread = turns.clone();
    thread.push(failed.clone());
    assert_eq!(thread_turns(&thread)[2].state, "failed");

    // The banner's retry asks again (not "Resume from round 1"), on the same record: one more
    // call, then the answer.
    let offer = consilium_engine::resume::resume_offer(&failed, false, false).unwrap();
    assert_eq!(offer.action(), "Ask again");
    let caller = ScriptedCaller::over_demo();
    let (retried, _) = run(failed, &caller);
    assert_eq!(retried.state, "complete");
    assert_eq!(caller.requests().len(), 1);
    assert!(member_answer_of(&retried).unwrap().answer.is_some());
}

#[test]
fn lists_exports_and_a_share_link_name_the_member_and_carry_its_answer() {
    let mut turns = two_turns();
    turns.push(ask_member(
        &turns,
        "panelist-2",
        "c-3",
        &ScriptedCaller::over_demo(),
    ));
    let member = &turns[2];

    // History and the sidebar: the member's answer, said to be its own.
    let summaries: Vec<SessionSummary> = turns.iter().rev().map(SessionSummary::of).collect();
    assert!(summaries[0]
        .outcome
        .starts_with(&format!("Panelist 2 · Skeptic answered: {SKEPTIC_SAYS}")));
    assert_eq!(
        summaries[0].asked_member.as_deref(),
        Some("Panelist 2 · Skeptic")
    );
    assert_eq!(summaries[1].asked_member, None);
    let entries = one_per_thread(&summaries);
    assert_eq!(entries.len(), 1);
    assert_eq!(
        entries[0].latest_turn.as_deref(),
        Some(format!("Panelist 2 · Skeptic, asked alone: {THIRD}").as_str())
    );

    // Markdown and HTML: the turn is that member's answer, with no decision of its own.
    let markdown = thread_markdown(&turns);
    let turn3 = &markdown[markdown.find("## Turn 3").unwrap()..];
    assert!(
        turn3.starts_with("## Turn 3: Panelist 2 · Skeptic asked alone"),
        "{turn3}"
    );
    assert!(turn3.contains("Panelist 2 · Skeptic answered alone"));
    assert!(turn3.contains(SKEPTIC_SAYS));
    assert!(
        !turn3.contains("Confidence") && !turn3.contains("Dissent"),
        "{turn3}"
    );
    let html = thread_html(&turns);
    assert!(html.contains(SKEPTIC_SAYS));
    assert!(html.contains("Panelist 2 · Skeptic answered alone"));
    let alone = consilium_engine::html_report::session_html(member);
    assert!(
        alone.contains("<h2>Panelist 2 · Skeptic answered</h2>"),
        "{alone}"
    );

    // JSON and a share link: the turn reads back whole, answer included.
    let back = parse_import(&export_all(&turns, "2026-11-27T12:00:00Z"))
        .unwrap()
        .sessions;
    assert_eq!(back[2].consult().member_turn, member.consult().member_turn);
    let shared = read_shared_thread(&thread_share_payload(&turns)).unwrap();
    assert_eq!(shared.len(), 3);
    assert_eq!(
        shared[2].consult().member_turn,
        member.consult().member_turn
    );
    assert_eq!(
        thread_turns(&shared)[2].member,
        thread_turns(&turns)[2].member
    );
}

#[test]
fn records_from_before_member_turns_still_read_and_have_none() {
    let turns = two_turns();
    let mut json = serde_json::to_value(&turns[1]).unwrap();
    let body = json["body"].as_object_mut().unwrap();
    assert!(
        !body.contains_key("member_turn"),
        "a council turn writes no member field"
    );
    let old: Session = serde_json::from_value(json).unwrap();
    assert_eq!(old.consult().member_turn, None);
    assert!(thread_turns(&[turns[0].clone(), old])[1].member.is_none());
    let summary: SessionSummary = serde_json::from_value(serde_json::json!({
        "id": "s", "title": "t", "protocol": "consult", "state": "complete",
        "updated_at": "2026-11-27T10:00:00Z", "demo": false, "outcome": "Adopt",
    }))
    .unwrap();
    assert_eq!(summary.asked_member, None);
}

/// A follow-up's and a member's estimate count the thread context their prompts
/// carry, not the new question alone.
#[test]
fn follow_up_and_member_estimates_count_the_context_their_prompts_carry() {
    use consilium_engine::consult::estimate::{estimate_cost, estimate_turn};
    use consilium_engine::consult::prompts::earlier_decision;
    use consilium_engine::foundation::tokens::estimate_tokens;
    let turns = two_turns();
    let follow_up = next_turn(&turns, "c-3".into(), THIRD, NOW_MS + 3_600_000).unwrap();
    let body = follow_up.consult();
    let bare = estimate_cost(THIRD, &body.config);
    let with_context = estimate_turn(THIRD, body);
    assert_eq!(with_context.calls, bare.calls);
    // Each panelist's round 1 and the judge's verdict carry the context.
    let context = estimate_tokens(&earlier_decision(body.follows.as_ref()));
    let carriers = body.config.panelists.len() as u64 + 1;
    assert!(context > 20);
    assert!(
        with_context.input_tokens >= bare.input_tokens + carriers * (context - 1),
        "{} < {} + {carriers} x {context}",
        with_context.input_tokens,
        bare.input_tokens
    );

    // A member's one call: the estimate is its prompt as sent.
    let member = member_turn(&turns, "panelist-2", "c-4".into(), THIRD, NOW_MS).unwrap();
    let estimate = estimate_turn(THIRD, member.consult());
    assert_eq!(estimate.calls, 1);
    let caller = ScriptedCaller::over_demo().reply("r1-panelist-2-alone", SKEPTIC_SAYS);
    run(member, &caller);
    let sent: u64 = caller
        .requests()
        .iter()
        .map(|r| estimate_tokens(&r.system) + estimate_tokens(&r.prompt))
        .sum();
    assert_eq!(sent, estimate.input_tokens);
}

/// A member turn saved after its answer and before it was marked complete (a reload
/// at that moment) resumes to Complete, asking nothing again.
#[test]
fn a_member_turn_resumed_after_its_answer_was_saved_completes() {
    use consilium_engine::harness::events::Event;
    let turns = two_turns();
    let turn = member_turn(&turns, "panelist-2", "c-3".into(), THIRD, NOW_MS).unwrap();
    let caller = ScriptedCaller::over_demo().reply("r1-panelist-2-alone", SKEPTIC_SAYS);
    let (done, sink) = run(turn, &caller);
    assert_eq!(done.state, "complete");
    let saved = sink
        .events()
        .into_iter()
        .filter_map(|event| match event {
            Event::SessionUpdated(session) => Some(*session),
            _ => None,
        })
        .find(|s| {
            s.consult().member_turn.as_ref().unwrap().answer.is_some() && s.state != "complete"
        })
        .expect("a snapshot with the answer saved, not yet complete");
    let again = ScriptedCaller::over_demo();
    let (resumed, _) = run(saved, &again);
    assert!(again.call_ids().is_empty(), "nothing asked again");
    assert_eq!(resumed.state, "complete", "{:?}", resumed.failure);
    assert_eq!(
        resumed
            .consult()
            .member_turn
            .as_ref()
            .unwrap()
            .answer
            .as_deref(),
        Some(SKEPTIC_SAYS)
    );
}

/// "Ask again" on a round-1 answer: after the decision, that member is asked the
/// council turn's own question again, alone, as a new turn that says so; only the latest council
/// turn's panelists can be, a failed one too.
#[test]
fn a_member_asked_again_answers_the_council_turns_own_question_afresh_as_a_new_turn() {
    use consilium_engine::consult::view::thread::{is_latest_council_turn, member_again};
    let turns = two_turns();
    assert!(is_latest_council_turn(&turns, "c-2"));
    assert!(!is_latest_council_turn(&turns, "c-1"));
    let turn = member_again(&turns, "panelist-2", "c-3".into(), NOW_MS).expect("a turn");
    assert_eq!(turn.subject, SECOND, "the council turn's own question");
    let member = turn.consult().member_turn.clone().unwrap();
    assert!(member.asked_again);
    assert_eq!(
        member.own_earlier[0].question, SECOND,
        "its earlier answer to it, recalled"
    );
    assert!(member_again(&turns, "judge", "c-3".into(), NOW_MS).is_none());

    let caller = ScriptedCaller::over_demo();
    let (done, _) = run(turn, &caller);
    assert_eq!(done.state, "complete");
    let prompt = &caller.requests()[0].prompt;
    assert!(
        prompt
            .contains("You alone are asked this question again, not the council: answer it afresh"),
        "{prompt}"
    );
    let mut all = turns.clone();
    all.push(done);
    let shown = thread_turns(&all);
    assert_eq!(
        shown[2].member.as_ref().unwrap().heading,
        "Panelist 2 · Skeptic answered again"
    );
    assert!(!shown[2].editable);
    assert!(thread_markdown(&all).contains("## Turn 3: Panelist 2 · Skeptic asked again"));
    // A member turn is no council turn: the latest council turn is still the second.
    assert!(is_latest_council_turn(&all, "c-2"));
    // A record from before "asked again" reads as asked alone.
    let json = serde_json::to_string(&turns[1]).unwrap();
    assert!(!json.contains("asked_again"));
}
