//! Views read in plain words: the view models name states, dispositions, verdicts,
//! seats and arms in words; the record's names stay in the record (and under Details).
use consilium_engine::library::summary::SessionSummary;
use consilium_engine::{views::seats::seat_label, views::session::state_words};

#[test]
fn a_state_reads_in_words() {
    assert_eq!(state_words("cross_exam"), "cross-examination");
    assert_eq!(state_words("awaiting_consent"), "awaiting consent");
    assert_eq!(state_words("complete"), "complete");
    // Never the state machine's own names.
    for (state, words) in [
        ("independent", "answering"),
        ("conclusion", "complete"),
        ("champion", "making the case"),
        ("critic", "critique"),
        ("moderator", "ranking"),
        ("aborted", "cancelled"),
        ("idle", "not started"),
    ] {
        assert_eq!(state_words(state), words);
    }
}

#[test]
fn a_seat_on_a_server_model_named_default_is_named_without_it() {
    assert_eq!(
        seat_label("Panelist 1", "default", Some("Pragmatic engineer")),
        "Panelist 1 · Pragmatic engineer"
    );
    assert_eq!(
        seat_label("Panelist 2", "gpt-4o", Some("Skeptic")),
        "Panelist 2 · gpt-4o · Skeptic"
    );
    assert_eq!(seat_label("Judge", "llama3.2", None), "Judge · llama3.2");
}

fn summary(protocol: &str, outcome: &str) -> SessionSummary {
    serde_json::from_value(serde_json::json!({
        "id": "s", "title": "t", "protocol": protocol, "state": "conclusion",
        "updated_at": "2026-11-27T10:00:00Z", "demo": false, "outcome": outcome,
    }))
    .unwrap()
}

#[test]
fn a_review_outcome_in_history_names_its_verdict_in_words() {
    let line = summary("review", "REQUEST_CHANGES: The committee reached a quorum.").outcome_line();
    assert_eq!(line, "Changes requested: The committee reached a quorum.");
    assert_eq!(
        summary("review", "APPROVED: fine.").outcome_line(),
        "Approved: fine."
    );
    // Another protocol's outcome is its own text, whatever it starts with.
    let consult = summary("consult", "APPROVED: the panel says so.");
    assert_eq!(consult.outcome_line(), "APPROVED: the panel says so.");
}

#[test]
fn the_paragraph_below_the_answer_does_not_repeat_its_sentence() {
    use consilium_engine::consult::view::verdict::recommendation_below;
    // The answer above is the first sentence: the paragraph starts after it.
    assert_eq!(
        recommendation_below("Adopt Rust. Start with the parser, and keep a fallback."),
        "Start with the parser, and keep a fallback."
    );
    assert_eq!(
        recommendation_below("**Adopt Rust.** Start small."),
        "**Adopt Rust.** Start small.",
        "a sentence the markup splits is kept whole rather than cut inside the markup"
    );
    // One sentence is shown once, whole, with no answer above it.
    assert_eq!(recommendation_below("Adopt Rust."), "Adopt Rust.");
    // A long first sentence is cut at a clause above: the paragraph goes on from that clause.
    let long = "Adopt Rust for the new ingestion service through a six-week pilot of the parsing stage, with success criteria fixed up front and paired training. Then decide.";
    assert_eq!(
        recommendation_below(long),
        "With success criteria fixed up front and paired training. Then decide."
    );
    // A line cut with "…" is not the text's own words: the paragraph stays whole.
    let unbroken = format!("Adopt {}. Then decide.", "x".repeat(200));
    assert_eq!(recommendation_below(&unbroken), unbroken);
}

#[test]
fn a_demo_states_its_cost_once_in_its_header() {
    use consilium_engine::demo::demo_session;
    use consilium_engine::prioritize::view::debate_cost_fact;
    use consilium_engine::record::Protocol;
    use consilium_engine::{views::costs::participant_costs, views::costs::session_cost_line};
    let mut demo = demo_session(Protocol::Prioritize, "d".into(), 0);
    demo.demo = true;
    assert_eq!(session_cost_line(&demo), "Demo · no cost");
    assert_eq!(
        debate_cost_fact(&demo),
        None,
        "no second cost among the facts"
    );
    assert!(participant_costs(&demo).iter().all(|row| row.cost == "-"));
    demo.demo = false;
    assert!(debate_cost_fact(&demo).is_some_and(|cost| cost.starts_with("$0.00 of ")));
}
