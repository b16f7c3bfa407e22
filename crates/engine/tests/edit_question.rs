//! "Edit the question": a finished turn is asked again with its question edited, as a
//! new last turn of the same thread; the earlier turn is kept, the new one says which turn it asks
//! again and how that turn was worded, and it is told what the council was told then (the turns
//! before the edited one), never the decision it means to replace.
use crate::common;

use common::*;
use consilium_engine::consult::view::thread::{
    edited_turn, member_turn, next_turn, thread_turns, EditedFrom,
};
use consilium_engine::library::summary::SessionSummary;
use consilium_engine::library::thread::{one_per_thread, thread_turn_ids};
use consilium_engine::record::consult::depth::Depth;
use consilium_engine::views::draft::asked_draft_key;
use consilium_engine::{consult::demo::demo_config, record::Session};

const FIRST: &str = "Should we rewrite the ingestion service in Rust?";
const SECOND: &str = "How should the pilot be staffed?";
const EDITED: &str = "Should we rewrite the ingestion service in Go?";

fn decided(session: Session) -> Session {
    let (done, _) = run(session, &unanimous_caller(0.9));
    assert_eq!(done.state, "complete");
    done
}

fn two_turns() -> Vec<Session> {
    let mut config = demo_config();
    config.depth = Depth::Full;
    let first = decided(Session::new_consult(
        "c-1".into(),
        FIRST.into(),
        config,
        NOW_MS,
    ));
    let second = decided(
        next_turn(
            std::slice::from_ref(&first),
            "c-2".into(),
            SECOND,
            NOW_MS + 60_000,
        )
        .unwrap(),
    );
    vec![first, second]
}

#[test]
fn editing_the_first_question_asks_it_again_as_the_last_turn_without_the_decision_it_replaces() {
    let turns = two_turns();
    let edit = edited_turn(
        &turns,
        "c-1",
        "c-3".into(),
        &format!("  {EDITED} "),
        NOW_MS + 120_000,
    )
    .expect("an edit of a decided turn");
    let body = edit.consult();
    assert_eq!(edit.subject, EDITED);
    assert_eq!(
        body.config,
        turns[0].consult().config,
        "the same council, depth and options"
    );
    // The first turn had nothing before it: the edit is told nothing, and its prompts carry none
    // of the decision it means to replace.
    assert!(body.follows.is_none());
    let edit_of = body.edit_of.as_ref().unwrap();
    assert_eq!(
        (edit_of.turn_id.as_str(), edit_of.question.as_str()),
        ("c-1", FIRST)
    );
    assert_eq!(edit_of.thread, "c-1");
    let caller = unanimous_caller(0.9);
    let (done, _) = run(edit, &caller);
    assert_eq!(done.state, "complete");
    for request in caller.requests() {
        assert!(
            !request.prompt.contains("Earlier question"),
            "{}",
            request.prompt
        );
    }

    // It is the thread's third turn, in one entry, and says what it asks again.
    let mut all = turns.clone();
    all.push(done);
    let summaries: Vec<SessionSummary> = all.iter().map(SessionSummary::of).collect();
    assert_eq!(thread_turn_ids(&summaries, "c-1"), ["c-1", "c-2", "c-3"]);
    assert_eq!(one_per_thread(&summaries).len(), 1);
    let shown = thread_turns(&all);
    assert_eq!(shown[2].question, EDITED);
    assert_eq!(
        shown[2].edited,
        Some(EditedFrom {
            line: "Turn 1 asked again, edited".into(),
            was: FIRST.into()
        })
    );
    assert_eq!(
        shown[0].question, FIRST,
        "the earlier turn is kept as it was"
    );
    assert!(shown[0].edited.is_none());
    // An edit's box keeps no draft: asking it clears none (not the thread's composer).
    assert_eq!(asked_draft_key(&all[2]), None);
}

#[test]
fn editing_a_later_question_is_told_the_turns_before_it_only() {
    let turns = two_turns();
    let edit = edited_turn(
        &turns,
        "c-2",
        "c-3".into(),
        "Who should lead the pilot?",
        NOW_MS + 1,
    )
    .unwrap();
    let follows = edit.consult().follows.as_ref().expect("the first decision");
    assert_eq!(follows.session_id, "c-1");
    assert_eq!(follows.question, FIRST);
    assert!(follows.before.is_empty());
    assert_eq!(edit.consult().edit_of.as_ref().unwrap().question, SECOND);
}

#[test]
fn an_edit_needs_a_changed_question_of_a_council_turn_with_a_decision() {
    let turns = two_turns();
    assert!(edited_turn(&turns, "c-1", "c-3".into(), "   ", NOW_MS).is_none());
    assert!(edited_turn(&turns, "c-1", "c-3".into(), &format!("{FIRST}  "), NOW_MS).is_none());
    assert!(edited_turn(&turns, "c-9", "c-3".into(), EDITED, NOW_MS).is_none());
    let shown = thread_turns(&turns);
    assert!(shown.iter().all(|t| t.editable));

    // A member's answer is its own view, not a question the council decided: not editable.
    let panelist = turns[1].consult().config.panelists[0].id.clone();
    let member = member_turn(&turns, panelist.as_str(), "c-3".into(), "Why?", NOW_MS).unwrap();
    let mut with_member = turns.clone();
    with_member.push(member);
    assert!(edited_turn(&with_member, "c-3", "c-4".into(), "Why not?", NOW_MS).is_none());
    assert!(!thread_turns(&with_member)[2].editable);
}

#[test]
fn an_edited_turn_read_back_from_an_old_record_shape_has_no_edit() {
    let turns = two_turns();
    let json = serde_json::to_string(&turns[1]).unwrap();
    assert!(!json.contains("edit_of"), "absent unless edited");
    let edit = edited_turn(&turns, "c-2", "c-3".into(), "Who leads?", NOW_MS).unwrap();
    let back: Session = serde_json::from_str(&serde_json::to_string(&edit).unwrap()).unwrap();
    assert_eq!(back.consult().edit_of, edit.consult().edit_of);
}

#[test]
fn the_thread_reports_say_which_turn_an_edit_asks_again_and_how_it_was_worded() {
    use consilium_engine::html_report::{thread_html, thread_markdown};
    let mut turns = two_turns();
    let edit = edited_turn(&turns, "c-1", "c-3".into(), "Rust <or> Go?", NOW_MS + 1).unwrap();
    turns.push(decided(edit));
    let markdown = thread_markdown(&turns);
    assert!(markdown.contains(&format!(
        "## Turn 3: Turn 1 asked again, edited; it was: “{FIRST}”"
    )));
    let html = thread_html(&turns);
    assert!(
        html.contains("<h2>Turn 3: Rust &lt;or&gt; Go?</h2>"),
        "escaped"
    );
    assert!(html.contains(&format!("Turn 1 asked again, edited; it was: “{FIRST}”")));
}
