//! The live run's view models: every streamed reply of every protocol's demo, cut at every
//! character, reads as labelled fields in plain words (never JSON), and the stepper names the
//! round in plain words.
use consilium_engine::record::consult::peers::PeerLabels;
use consilium_engine::testing::{FixedClock, RecordingSink, ScriptedCaller};
use consilium_engine::views::live::{
    live_reply, stepper, FieldBody, LiveField, LiveReply, ReplyKind,
};
use consilium_engine::{
    consult::demo::demo_config, consult::run_consult, prioritize::run_prioritize,
    record::consult::body::ConsultBody, record::Session, review::run_review,
};
use consilium_engine::{prioritize::demo as p, review::demo as r};
use futures::executor::block_on;

fn demo_sessions() -> Vec<Session> {
    let sink = RecordingSink::default();
    let clock = FixedClock(1);
    let caller = ScriptedCaller::new(|request| Ok(consilium_engine::demo::demo_reply(request)));
    block_on(async {
        vec![
            run_consult(
                Session::new_consult("c".into(), "Q?".into(), demo_config(), 1),
                &caller,
                &clock,
                &sink,
            )
            .await,
            run_review(
                Session::new_review("r".into(), r::DEMO_DIFF.into(), r::demo_review_config(), 1),
                &caller,
                &clock,
                &sink,
            )
            .await,
            run_prioritize(
                Session::new_prioritize(
                    "p".into(),
                    p::demo_backlog(),
                    p::demo_prioritize_config(),
                    1,
                ),
                &caller,
                &clock,
                &sink,
            )
            .await,
        ]
    })
}

fn texts(field: &LiveField) -> Vec<&str> {
    match &field.body {
        FieldBody::Text(text) => vec![text.as_str()],
        FieldBody::Items(items) | FieldBody::Ranked(items) => {
            items.iter().map(String::as_str).collect()
        }
    }
}

fn kind_and_text(
    session: &Session,
    call: &consilium_engine::record::CallRecord,
) -> (ReplyKind, String) {
    let call_id = call.id().expect("the demo's call ids are call ids");
    let kind = ReplyKind::of(session, call.round, call.participant_id.as_str(), &call_id);
    (kind, call.reply_text.clone().unwrap())
}

#[test]
fn every_prefix_of_every_demo_reply_reads_as_plain_fields() {
    let mut checked = 0;
    for session in demo_sessions() {
        for call in &session.calls {
            let (kind, text) = kind_and_text(&session, call);
            for (cut, _) in text.char_indices() {
                let reply = live_reply(&session, kind, call.participant_id.as_str(), &text[..cut]);
                // A preamble before the JSON may show as prose; never the JSON.
                let prose = reply.prose.as_deref().unwrap_or_default();
                assert!(
                    !prose.contains(['{', '`', '<']),
                    "{} at {cut}: {prose}",
                    call.call_id
                );
                for field in &reply.fields {
                    for shown in texts(field) {
                        assert!(
                            !shown.contains("{\"")
                                && !shown.contains("\":")
                                && !shown.contains("<<<"),
                            "{} at {cut} shows {shown:?}",
                            call.call_id
                        );
                        assert!(
                            !shown.contains("opp-"),
                            "{} shows an id: {shown}",
                            call.call_id
                        );
                    }
                }
                checked += 1;
            }
            let whole = live_reply(&session, kind, call.participant_id.as_str(), &text);
            assert!(
                !whole.fields.is_empty() && whole.fields.iter().all(|f| !f.writing),
                "{}: {whole:?}",
                call.call_id
            );
        }
    }
    assert!(checked > 10_000, "{checked}");
}

fn consult() -> Session {
    demo_sessions().remove(0)
}

#[test]
fn an_answer_streams_field_by_field_with_the_one_being_written_marked() {
    let session = consult();
    let text = "```json\n{\"position\": \"Adopt Rust\", \"key_points\": [\"Fast\"], \"rationale\": \"Because it is fa";
    let reply = live_reply(&session, ReplyKind::Answer, "panelist-1", text);
    assert_eq!(
        reply.fields,
        vec![
            LiveField {
                label: "Position".into(),
                body: FieldBody::Text("Adopt Rust".into()),
                writing: false
            },
            LiveField {
                label: "Key points".into(),
                body: FieldBody::Items(vec!["Fast".into()]),
                writing: false
            },
            LiveField {
                label: "Rationale".into(),
                body: FieldBody::Text("Because it is fa".into()),
                writing: true
            },
        ]
    );
    let whole = live_reply(
        &session,
        ReplyKind::Answer,
        "panelist-1",
        &format!("{text}st\", \"confidence\": 80}}"),
    );
    assert_eq!(whole.fields[3].body, FieldBody::Text("80%".into()));
}

#[test]
fn an_empty_list_shows_no_label() {
    let reply = live_reply(
        &consult(),
        ReplyKind::CrossExam,
        "panelist-1",
        r#"{"challenges": [], "defense": "I agree."}"#,
    );
    let labels: Vec<&str> = reply.fields.iter().map(|f| f.label.as_str()).collect();
    assert_eq!(labels, vec!["Defence"]);
}

#[test]
fn challenges_and_dissent_name_the_panelists_not_their_ids() {
    let session = consult();
    let label = session.label_of("panelist-2");
    let reply = live_reply(
        &session,
        ReplyKind::CrossExam,
        "panelist-1",
        r#"{"challenges": [{"target_agent": "panelist-2", "challenge": "Wrong.", "evidence": ["GC pauses"]}], "defense": "Fine"#,
    );
    assert_eq!(
        reply.fields[0].body,
        FieldBody::Items(vec![format!("To {label}: Wrong. Evidence: GC pauses.")])
    );
    assert_eq!(
        (reply.fields[1].label.as_str(), reply.fields[1].writing),
        ("Defence", true)
    );
}

/// The labels `reader` saw its peers by in the demo consult (anonymous peers, the default).
fn labels_seen_by(session: &Session, reader: &str) -> PeerLabels {
    let body = session.body_of::<ConsultBody>().unwrap();
    assert!(body.config.anonymous_peers);
    PeerLabels::for_reader(&body.config, body.peer_label_seed, reader)
}

fn items(reply: &LiveReply, label: &str) -> Vec<String> {
    let field = reply.fields.iter().find(|f| f.label == label).unwrap();
    match &field.body {
        FieldBody::Items(items) => items.clone(),
        other => panic!("{label}: {other:?}"),
    }
}

#[test]
fn with_anonymous_peers_live_replies_name_panelists_as_the_stored_rounds_do() {
    let session = consult();
    let seen_by_1 = labels_seen_by(&session, "panelist-1");
    let (b, c) = (seen_by_1.shown("panelist-2"), seen_by_1.shown("panelist-3"));
    assert!(b.starts_with("Panelist ") && c.starts_with("Panelist ") && b != c);
    // Round 3: a panelist challenges its peers by its own labels, and itself is "you".
    let reply = live_reply(
        &session,
        ReplyKind::CrossExam,
        "panelist-1",
        &format!(
            r#"{{"challenges": [{{"target_agent": "{b}", "challenge": "{c} agrees with {b}; wrong.", "evidence": ["{b} ignores cost"]}}, {{"target_agent": "you", "challenge": "Hm."}}], "defense": "Unlike {c}, I"#
        ),
    );
    let two = session.label_of("panelist-2");
    assert_eq!(
        items(&reply, "Challenges"),
        [
            format!("To {two}: panelist-3 agrees with panelist-2; wrong. Evidence: panelist-2 ignores cost."),
            format!("To {}: Hm.", session.label_of("panelist-1")),
        ]
    );
    assert_eq!(
        reply.fields[1].body,
        FieldBody::Text("Unlike panelist-3, I".into()),
        "text reads as stored (labels mapped back to ids)"
    );
    // Another panelist's labels differ: the same words mean someone else.
    let seen_by_3 = labels_seen_by(&session, "panelist-3");
    let label = seen_by_3.shown("panelist-1");
    let reply = live_reply(
        &session,
        ReplyKind::CrossExam,
        "panelist-3",
        &format!(r#"{{"challenges": [{{"target_agent": "{label}", "challenge": "No."}}]}}"#),
    );
    assert_eq!(
        items(&reply, "Challenges"),
        [format!("To {}: No.", session.label_of("panelist-1"))]
    );
    // The judge (rounds 2 and 4) by its labels.
    let seen_by_judge = labels_seen_by(&session, "judge");
    let label = seen_by_judge.shown("panelist-2");
    let verdict = live_reply(
        &session,
        ReplyKind::Verdict,
        "judge",
        &format!(
            r#"{{"dissent": [{{"agent": "{label}", "concern": "Cost.", "severity": "high"}}]}}"#
        ),
    );
    assert_eq!(items(&verdict, "Dissent"), [format!("{two} (high): Cost.")]);
    let synthesis = live_reply(
        &session,
        ReplyKind::Synthesis,
        "judge",
        &format!(
            r#"{{"tensions": [{{"topic": "Speed", "viewpoints": [{{"agent": "{label}", "viewpoint": "Fast"}}]}}]}}"#
        ),
    );
    assert_eq!(
        items(&synthesis, "Tensions"),
        [format!("Speed. {two}: Fast")]
    );
    // Round 1 has no labels: "Answer B" there is the panelist's own words.
    let answer = live_reply(
        &session,
        ReplyKind::Answer,
        "panelist-1",
        r#"{"position": "Answer B"}"#,
    );
    assert_eq!(answer.fields[0].body, FieldBody::Text("Answer B".into()));
}

#[test]
fn rankings_show_the_backlog_titles_in_order() {
    let session = demo_sessions().remove(2);
    let reply = live_reply(
        &session,
        ReplyKind::Champion,
        "champion",
        "<<<CHAMPION_ARGUMENT_START>>>\nExport first.\n<<<CHAMPION_ARGUMENT_END>>>\n<<<CHAMPION_RANKINGS_START>>>\n[\"opp-3\", \"opp-1\",",
    );
    let title = |id: &str| {
        let consilium_engine::record::Body::Prioritize(body) = &session.body else {
            unreachable!()
        };
        body.backlog
            .iter()
            .find(|o| o.id == id)
            .unwrap()
            .title
            .clone()
    };
    assert_eq!(
        reply.fields[1].body,
        FieldBody::Ranked(vec![title("opp-3"), title("opp-1")])
    );
    assert!(reply.fields[1].writing);
}

#[test]
fn a_reply_in_prose_shows_as_prose_and_json_in_arrival_shows_nothing_yet() {
    let session = consult();
    let prose = live_reply(
        &session,
        ReplyKind::Verdict,
        "judge",
        "I recommend a pilot.",
    );
    assert_eq!(prose.prose.as_deref(), Some("I recommend a pilot."));
    let arriving = live_reply(
        &session,
        ReplyKind::Verdict,
        "judge",
        "Here it is:\n```json\n{\"recomm",
    );
    assert_eq!(arriving, Default::default());
}

#[test]
fn the_stepper_names_each_protocols_round_in_plain_words() {
    let mut sessions = demo_sessions();
    let [consult, review, prioritize] = [0, 1, 2].map(|i| sessions[i].clone());
    let at = |session: &Session, state: &str, round: u8| {
        let mut session = session.clone();
        session.state = state.into();
        stepper(&session, round).map(|s| s.text())
    };
    assert_eq!(
        at(&consult, "independent", 1).unwrap(),
        "Round 1 of 4 · Independent answers"
    );
    assert_eq!(
        at(&consult, "synthesis", 2).unwrap(),
        "Round 2 of 4 · Synthesis"
    );
    assert_eq!(
        at(&consult, "cross_exam", 3).unwrap(),
        "Round 3 of 4 · Cross-examination"
    );
    assert_eq!(
        at(&consult, "verdict", 4).unwrap(),
        "Round 4 of 4 · Verdict"
    );
    assert_eq!(at(&consult, "complete", 4), None);
    assert_eq!(
        at(&review, "proposal", 0).unwrap(),
        "Round 1 of up to 5 · First opinions"
    );
    assert_eq!(
        at(&review, "debate", 1).unwrap(),
        "Round 1 of up to 5 · First opinions"
    );
    assert_eq!(
        at(&review, "veto", 1).unwrap(),
        "Round 1 of up to 5 · Answering a veto"
    );
    assert_eq!(
        at(&review, "debate", 2).unwrap(),
        "Round 2 of up to 5 · Debate"
    );
    assert_eq!(
        at(&prioritize, "critic", 2).unwrap(),
        "Round 2 of up to 3 · The critic answers"
    );
    assert_eq!(at(&prioritize, "complete", 3), None);
    sessions.clear();
}

#[test]
fn an_adaptive_consult_past_its_fewest_rounds_counts_to_its_last() {
    use consilium_engine::views::live::Stepper;
    let adaptive = |round: u8, step: &'static str| {
        Stepper {
            round,
            rounds: 4,
            fewest: 2,
            up_to: false,
            step,
        }
        .text()
    };
    assert_eq!(
        adaptive(1, "Independent answers"),
        "Round 1 of 2-4 · Independent answers"
    );
    assert_eq!(adaptive(2, "Synthesis"), "Round 2 of 2-4 · Synthesis");
    assert_eq!(
        adaptive(3, "Cross-examination"),
        "Round 3 of 4 · Cross-examination"
    );
    assert_eq!(adaptive(4, "Verdict"), "Round 4 of 4 · Verdict");
}

#[test]
fn fields_a_model_named_itself_show_under_their_own_names() {
    let session = consult();
    let reply = live_reply(
        &session,
        ReplyKind::Answer,
        "panelist-1",
        r#"{"answer": "Yes", "reasons": ["fast", "safe"], "score": 3, "position": "Adopt"#,
    );
    let shown: Vec<(&str, &FieldBody)> = reply
        .fields
        .iter()
        .map(|f| (f.label.as_str(), &f.body))
        .collect();
    assert_eq!(
        shown,
        vec![
            ("Position", &FieldBody::Text("Adopt".into())),
            ("answer", &FieldBody::Text("Yes".into())),
            (
                "reasons",
                &FieldBody::Items(vec!["fast".into(), "safe".into()])
            ),
        ]
    );
}

#[test]
fn every_running_state_of_every_protocol_has_a_step() {
    use consilium_engine::record::consult::state::ConsultState;
    use consilium_engine::record::prioritize::state::PrioritizeState;
    use consilium_engine::record::review::state::ReviewState;
    use consilium_engine::record::state::StateMachine;
    let sessions = demo_sessions();
    let has_step = |session: &Session, state: &str| {
        let mut session = session.clone();
        session.state = state.into();
        stepper(&session, 1).is_some()
    };
    for state in ConsultState::ALL {
        let running = state.is_running() && *state != ConsultState::Idle;
        assert_eq!(
            has_step(&sessions[0], state.as_str()),
            running || *state == ConsultState::Idle,
            "{state:?}"
        );
    }
    for state in ReviewState::ALL {
        assert_eq!(
            has_step(&sessions[1], state.as_str()),
            state.is_running(),
            "{state:?}"
        );
    }
    for state in PrioritizeState::ALL {
        assert_eq!(
            has_step(&sessions[2], state.as_str()),
            state.is_running(),
            "{state:?}"
        );
    }
}

#[test]
fn a_live_reply_keeps_a_multiple_choice_option_that_looks_like_an_old_label() {
    // "Answer B" is an option of the question, not a peer.
    let session = consult();
    let reply = live_reply(
        &session,
        ReplyKind::Synthesis,
        "judge",
        r#"{"consensus_points": [{"point": "Answer B (23) is the only prime"#,
    );
    assert_eq!(
        items(&reply, "Consensus"),
        ["Answer B (23) is the only prime"]
    );
}

#[test]
fn a_reply_under_its_key_of_the_one_schema_streams_as_the_rounds_own_fields() {
    let session = consult();
    let text = "{\"independent_answer\": {\"position\": \"Adopt Rust\", \"key_points\": [\"Fast\"], \"rationale\": \"Because it is fa";
    let reply = live_reply(&session, ReplyKind::Answer, "panelist-1", text);
    let labels: Vec<(&str, bool)> = reply
        .fields
        .iter()
        .map(|f| (f.label.as_str(), f.writing))
        .collect();
    assert_eq!(
        labels,
        [
            ("Position", false),
            ("Key points", false),
            ("Rationale", true)
        ]
    );
    // Before the round's key holds an object, nothing shows (never the other keys' nulls).
    let reply = live_reply(
        &session,
        ReplyKind::Synthesis,
        "judge",
        "{\"independent_answer\": null, ",
    );
    assert!(
        reply.fields.is_empty() && reply.prose.is_none(),
        "{reply:?}"
    );
}

#[test]
fn every_prefix_of_a_consult_with_material_reads_as_plain_fields() {
    let mut config = demo_config();
    consilium_engine::material::attach::attach(
        &mut config.material,
        consilium_engine::material::extract::source_from_bytes("notes.txt", "", b"Clause 1.\n")
            .unwrap(),
    )
    .unwrap();
    let caller = ScriptedCaller::new(|request| Ok(consilium_engine::demo::demo_reply(request)));
    let session = block_on(run_consult(
        Session::new_consult("c".into(), "Q?".into(), config, 1),
        &caller,
        &FixedClock(1),
        &RecordingSink::default(),
    ));
    assert_eq!(session.state, "complete", "{:?}", session.failure);
    for call in &session.calls {
        let (kind, text) = kind_and_text(&session, call);
        assert!(
            text.contains("\"verdict\""),
            "{}: the one schema",
            call.call_id
        );
        for (cut, _) in text.char_indices() {
            let reply = live_reply(&session, kind, call.participant_id.as_str(), &text[..cut]);
            // A preamble before the JSON may show as prose; never the JSON.
            let prose = reply.prose.as_deref().unwrap_or_default();
            assert!(
                !prose.contains(['{', '`', '<']),
                "{} at {cut}",
                call.call_id
            );
            for field in &reply.fields {
                for shown in texts(field) {
                    assert!(
                        !shown.contains("{\"") && !shown.contains("\":"),
                        "{} at {cut} shows {shown:?}",
                        call.call_id
                    );
                }
            }
        }
        let whole = live_reply(&session, kind, call.participant_id.as_str(), &text);
        assert!(
            !whole.fields.is_empty() && whole.fields.iter().all(|f| !f.writing),
            "{}: {whole:?}",
            call.call_id
        );
    }
}
