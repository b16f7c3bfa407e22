//! Follow-ups as a thread: a new turn is asked on the latest turn's council and depth,
//! carries the earlier turns' decisions (never their debates) within a token budget and says so in
//! the prompt; the library groups a thread's turns in the order asked; the page's view model lists
//! each turn's question, depth, cost and decision.
use crate::common;

use common::*;
use consilium_engine::consult::view::thread::{
    next_turn, thread_turns, turn_context, THREAD_CONTEXT_TOKENS,
};
use consilium_engine::foundation::ids::SessionId;
use consilium_engine::foundation::timestamp::rfc3339_utc;
use consilium_engine::html_report::{thread_html, thread_markdown};
use consilium_engine::library::list::shown_ids;
use consilium_engine::library::share::{read_shared_thread, share_payload, thread_share_payload};
use consilium_engine::record::consult::depth::Depth;
use consilium_engine::{consult::demo::demo_config, record::Session};
use consilium_engine::{
    library::filter::HistoryFilter,
    library::sidebar::sidebar_groups,
    library::sidebar::SidebarQuery,
    library::summary::SessionSummary,
    library::thread::{hits_by_entry, one_per_thread, thread_of, thread_turn_ids},
};
use consilium_engine::{library::transfer::export_all, library::transfer::parse_import};

const FIRST: &str = "Should we rewrite the ingestion service in Rust?";
const SECOND: &str = "How should the pilot be staffed?";
const THIRD: &str = "What should the pilot measure?";
const DECIDED: &str = "Adopt Rust for the ingestion service, starting with a pilot";

fn first_turn() -> Session {
    let mut config = demo_config();
    config.depth = Depth::Full;
    let (session, _) = run(
        Session::new_consult("c-1".into(), FIRST.into(), config, NOW_MS),
        &unanimous_caller(0.9),
    );
    assert_eq!(session.state, "complete");
    session
}

/// Asks `question` after `turns` and runs it; returns the turn and the prompts it sent.
fn ask(turns: &[Session], id: &str, question: &str, minutes: u64) -> (Session, Vec<(u8, String)>) {
    let turn = next_turn(turns, id.into(), question, NOW_MS + minutes * 60_000).expect("a turn");
    let caller = unanimous_caller(0.9);
    let (done, _) = run(turn, &caller);
    assert_eq!(done.state, "complete");
    let prompts = caller
        .requests()
        .iter()
        .map(|r| (r.round, r.prompt.clone()))
        .collect();
    (done, prompts)
}

#[test]
fn a_second_turn_is_asked_on_the_same_council_and_depth_with_the_first_decision() {
    let first = first_turn();
    let (second, prompts) = ask(std::slice::from_ref(&first), "c-2", SECOND, 1);
    let body = second.consult();
    assert_eq!(body.config, first.consult().config);
    assert_eq!(body.config.depth, Depth::Full);
    assert_eq!(second.subject, SECOND);
    let follows = body.follows.as_ref().unwrap();
    assert_eq!(follows.session_id, "c-1");
    assert_eq!(follows.thread_root(), "c-1");
    assert!(follows.before.is_empty());
    for (round, prompt) in &prompts {
        let told = prompt.contains(&format!(
            "Earlier question:\n{FIRST}\nIts decision: {DECIDED}"
        ));
        assert_eq!(told, matches!(round, 1 | 4), "round {round}");
    }
}

#[test]
fn a_third_turn_carries_every_earlier_decision_and_the_prompt_says_only_decisions_are_shown() {
    let first = first_turn();
    let (second, _) = ask(std::slice::from_ref(&first), "c-2", SECOND, 1);
    let turns = [first.clone(), second.clone()];
    let (third, prompts) = ask(&turns, "c-3", THIRD, 2);
    let follows = third.consult().follows.as_ref().unwrap();
    assert_eq!(follows.session_id, "c-2");
    assert_eq!(follows.thread_root(), "c-1");
    assert_eq!(follows.before.len(), 1);
    assert_eq!(follows.before[0].question, FIRST);
    let round1 = &prompts.iter().find(|(round, _)| *round == 1).unwrap().1;
    let context_at = round1
        .find("This question continues a conversation")
        .unwrap();
    let context = round1[context_at..].split("\n\n").next().unwrap();
    assert_eq!(
        context,
        format!(
            "This question continues a conversation with this council. You are shown each \
             earlier question and the council's decision, not the debates behind them.\n\
             Earlier question:\n{FIRST}\nIts decision: {DECIDED}\n\
             Earlier question:\n{SECOND}\nIts decision: {DECIDED}"
        )
    );
    // Not the earlier debates: no earlier panelist's rationale or synthesis reaches the prompt.
    let earlier_rationale = &first.consult().round1[0].rationale;
    assert!(!round1.contains(earlier_rationale.as_str()));
}

#[test]
fn older_turns_beyond_the_token_budget_are_left_out_and_the_prompt_says_how_many() {
    let first = first_turn();
    // Each turn's question takes about a third of the budget: only the newest ones fit.
    let long = "word ".repeat((THREAD_CONTEXT_TOKENS / 3 * 4 / 5) as usize);
    let mut turns = vec![first];
    for n in 2..=6 {
        let (turn, _) = ask(&turns, &format!("c-{n}"), &format!("{n} {long}"), n);
        turns.push(turn);
    }
    let context = turn_context(&turns).unwrap();
    assert_eq!(context.session_id, "c-6");
    assert!(context.left_out > 0, "{context:?}");
    assert_eq!(context.before.len() + context.left_out, 5);
    // The newest are kept, oldest first.
    assert!(context.before.last().unwrap().question.starts_with("5 "));
    let (_, prompts) = ask(&turns, "c-7", THIRD, 7);
    let round1 = &prompts.iter().find(|(round, _)| *round == 1).unwrap().1;
    let left_out = format!(
        "The {} oldest turns are left out to keep within the token budget.",
        context.left_out
    );
    assert!(round1.contains(&left_out), "{round1}");
    assert!(!round1.contains(FIRST));
}

#[test]
fn no_turn_is_asked_before_a_decision_or_without_a_question() {
    let first = first_turn();
    assert!(next_turn(std::slice::from_ref(&first), "c-2".into(), "  ", NOW_MS).is_none());
    assert!(next_turn(&[demo_session()], "c-2".into(), SECOND, NOW_MS).is_none());
    assert!(next_turn(&[], "c-2".into(), SECOND, NOW_MS).is_none());
    // A demo's thread goes on with the scripted council.
    let demo_turn = next_turn(std::slice::from_ref(&first), "c-2".into(), SECOND, NOW_MS).unwrap();
    assert!(demo_turn.demo);
}

#[test]
fn the_library_groups_a_thread_in_the_order_asked_and_the_page_lists_each_turn() {
    let first = first_turn();
    let (second, _) = ask(std::slice::from_ref(&first), "c-2", SECOND, 1);
    let (third, _) = ask(&[first.clone(), second.clone()], "c-3", THIRD, 2);
    let mut other = demo_session();
    other.id = "c-other".into();
    other.created_at = rfc3339_utc(NOW_MS + 30 * 60_000);
    let summaries: Vec<SessionSummary> = [&third, &other, &second, &first]
        .map(SessionSummary::of)
        .to_vec();
    assert_eq!(thread_of(&summaries[0]), "c-1");
    assert_eq!(thread_of(&summaries[1]), "c-other");
    assert_eq!(thread_turn_ids(&summaries, "c-1"), ["c-1", "c-2", "c-3"]);
    assert_eq!(thread_turn_ids(&summaries, "c-other"), ["c-other"]);

    let turns = thread_turns(&[first, second, third]);
    let headings: Vec<_> = turns.iter().map(|t| t.heading.as_str()).collect();
    assert_eq!(headings, ["Turn 1", "Turn 2", "Turn 3"]);
    assert_eq!(turns[2].question, THIRD);
    assert_eq!(turns[1].depth, "Full");
    assert_eq!(turns[1].cost, "Demo · no cost");
    assert!(turns.iter().all(|t| t.decision.is_some()));
}

#[test]
fn a_thread_is_one_entry_in_the_lists_with_its_latest_question_and_any_turn_finds_it() {
    let first = first_turn();
    let (second, _) = ask(std::slice::from_ref(&first), "c-2", SECOND, 1);
    let (third, _) = ask(&[first.clone(), second.clone()], "c-3", THIRD, 2);
    let mut other = demo_session();
    other.id = "c-other".into();
    let summaries: Vec<SessionSummary> = [&third, &other, &second, &first]
        .map(SessionSummary::of)
        .to_vec();

    let entries = one_per_thread(&summaries);
    assert_eq!(entries.len(), 2);
    let thread = entries.iter().find(|e| e.id == "c-1").unwrap();
    assert_eq!(thread.title, first.title);
    assert_eq!(thread.latest_turn.as_deref(), Some(THIRD));
    assert_eq!(thread.updated_at, third.updated_at);
    let single = entries.iter().find(|e| e.id == "c-other").unwrap();
    assert_eq!(single.latest_turn, None);

    // The sidebar: one entry, subtitled by the latest question; a search for a later turn's
    // words finds the thread, and a later turn running here makes it "Running".
    let now = NOW_MS + 10 * 60_000;
    let listed = |search: &str, running: Option<&str>| {
        let query = SidebarQuery {
            search,
            hidden: None,
            running,
        };
        sidebar_groups(&summaries, &query, now, 0, 15)
            .into_iter()
            .flat_map(|g| g.entries)
            .collect::<Vec<_>>()
    };
    let all = listed("", None);
    assert_eq!(all.len(), 2);
    let entry = all.iter().find(|e| e.id == "c-1").unwrap();
    assert_eq!(entry.subtitle.as_deref(), Some(THIRD));
    let found = listed("pilot measure", None);
    assert_eq!(
        found.iter().map(|e| e.id.as_str()).collect::<Vec<_>>(),
        ["c-1"]
    );
    let mut running = summaries.clone();
    running[0].finished = false;
    running[0].state = "independent".into();
    let query = SidebarQuery {
        search: "",
        hidden: None,
        running: Some("c-3"),
    };
    let entries: Vec<_> = sidebar_groups(&running, &query, now, 0, 15)
        .into_iter()
        .flat_map(|g| g.entries)
        .collect();
    assert_eq!(
        entries.iter().find(|e| e.id == "c-1").unwrap().chip,
        "Running"
    );

    // History: a hit in any turn shows the thread's row once.
    let filter = HistoryFilter::default();
    assert_eq!(shown_ids(&summaries, &filter, None, now).len(), 2);
    let hits = [
        (SessionId::from("c-3"), Default::default()),
        (SessionId::from("c-2"), Default::default()),
    ]
    .into_iter()
    .collect();
    assert_eq!(shown_ids(&summaries, &filter, Some(&hits), now), ["c-1"]);
    // Its row shows the snippet of its earliest found turn (the second, here), and its own when
    // the first turn matched too.
    let found_in = |ids: &[&str]| -> std::collections::HashMap<SessionId, String> {
        ids.iter()
            .map(|id| (SessionId::from(*id), format!("in {id}")))
            .collect()
    };
    let by_entry = hits_by_entry(&summaries, &found_in(&["c-3", "c-2"]));
    assert_eq!(by_entry.len(), 1);
    assert_eq!(by_entry["c-1"], "in c-2");
    let by_entry = hits_by_entry(&summaries, &found_in(&["c-3", "c-1", "c-other"]));
    assert_eq!(by_entry["c-1"], "in c-1");
    assert_eq!(by_entry["c-other"], "in c-other");
    assert!(hits_by_entry(&summaries, &found_in(&[])).is_empty());
}

#[test]
fn the_reports_the_json_and_a_share_link_of_a_thread_carry_every_turn() {
    let first = first_turn();
    let (second, _) = ask(std::slice::from_ref(&first), "c-2", SECOND, 1);
    let turns = [first.clone(), second.clone()];

    let markdown = thread_markdown(&turns);
    assert!(
        markdown.contains(FIRST) && markdown.contains(SECOND),
        "{markdown}"
    );
    assert!(markdown.contains("## Turn 2: follow-up"));
    // The second turn's own title is a heading under "Turn 2", not a second document title.
    assert_eq!(markdown.lines().filter(|l| l.starts_with("# ")).count(), 1);
    assert_eq!(
        thread_markdown(std::slice::from_ref(&first)),
        consilium_engine::html_report::report_markdown(&first)
    );

    let html = thread_html(&turns);
    assert!(
        html.contains("<h2>Turn 2: How should the pilot be staffed?</h2>"),
        "{html}"
    );
    assert!(html.find("Turn 2").unwrap() < html.find("</main>").unwrap());
    assert_eq!(html.matches("<!doctype html>").count(), 1);

    // JSON: the export format, read back as both turns with the thread's link.
    let json = export_all(&turns, "2026-11-27T12:00:00Z");
    let back = parse_import(&json).unwrap().sessions;
    assert_eq!(back.len(), 2);
    assert_eq!(
        back[1].consult().follows.as_ref().unwrap().thread_root(),
        "c-1"
    );

    // A link: every turn, in order, without raw replies; one turn reads as before threads.
    let payload = thread_share_payload(&turns);
    let shared = read_shared_thread(&payload).unwrap();
    let ids: Vec<_> = shared.iter().map(|s| s.id.as_str()).collect();
    assert_eq!(ids, ["c-1", "c-2"]);
    assert!(shared
        .iter()
        .flat_map(|s| &s.calls)
        .all(|c| c.reply_text.as_deref().is_none_or(str::is_empty)));
    assert_eq!(
        thread_share_payload(std::slice::from_ref(&first)),
        share_payload(&first)
    );
    assert_eq!(read_shared_thread(&share_payload(&first)).unwrap().len(), 1);
    assert!(read_shared_thread(
        "{\"format\":\"consilium.sessions\",\"version\":1,\"sessions\":[]}"
    )
    .is_err());
}

/// Every turn of a thread's HTML document is drawn as the first one is (its decision
/// card with its confidence meter, then its record), with its depth, cost and time under its
/// heading; no internal name (the filtering method) in any turn.
#[test]
fn the_thread_document_draws_every_turn_as_the_first() {
    let first = first_turn();
    let (second, _) = ask(std::slice::from_ref(&first), "c-2", SECOND, 1);
    let (third, _) = ask(
        &[first.clone(), second.clone()],
        "c-3",
        "And the budget?",
        2,
    );
    let html = thread_html(&[first, second, third]);
    assert_eq!(
        html.matches("<section class=\"decision\"").count(),
        3,
        "{html}"
    );
    for id in [
        "id=\"decision\"",
        "id=\"decision-turn-2\"",
        "id=\"decision-turn-3\"",
    ] {
        assert_eq!(html.matches(id).count(), 1, "{id}");
    }
    assert_eq!(
        html.matches("<svg").count(),
        3,
        "one confidence meter per turn"
    );
    let turn3 = &html[html.find("Turn 3: And the budget?").unwrap()..];
    let facts = &turn3[turn3.find("<p class=\"meta\">").unwrap()..];
    let facts = &facts[..facts.find("</p>").unwrap()];
    assert!(facts.contains("follow-up · "), "{facts}");
    assert!(!html.contains("structured_artifact_array_truncation"));
    assert!(!html.contains("method "), "an internal name in {html}");
}

/// With the thread's first turn deleted, the next follow-up names the thread's root
/// from the records, so the thread stays one (not split at the next follow-up).
#[test]
fn deleting_the_first_turn_does_not_split_the_thread() {
    let first = first_turn();
    let (second, _) = ask(std::slice::from_ref(&first), "c-2", SECOND, 1);
    let (third, _) = ask(&[first.clone(), second.clone()], "c-3", THIRD, 2);
    // The first turn deleted: what is stored is the second and the third.
    let stored = [second.clone(), third.clone()];
    let next = next_turn(
        &stored,
        "c-4".into(),
        "And the budget?",
        NOW_MS + 3 * 60_000,
    )
    .unwrap();
    assert_eq!(
        next.consult().follows.as_ref().unwrap().thread_root(),
        "c-1"
    );
    // Only the second left.
    let next = next_turn(
        std::slice::from_ref(&second),
        "c-4".into(),
        "And the budget?",
        NOW_MS + 3 * 60_000,
    )
    .unwrap();
    let follows = next.consult().follows.as_ref().unwrap();
    assert_eq!(follows.session_id, "c-2");
    assert_eq!(follows.thread_root(), "c-1");
}
