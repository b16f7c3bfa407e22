//! Consult prompt tokens: runs scripted consultations (3 panelists and a judge, fixed replies)
//! through the real engine and counts, with OpenAI's o200k_base tokenizer, what every call sent
//! (system + user message, and the JSON schema sent beside them) and what it got back.
//!
//!     scripts/bench-tokens.sh
//!
//! Each consultation runs twice: with artifact filtering (the seed's default limits) and verbose.
//! The replies are the same whatever the engine asks, except the judge's round-3 merge, which
//! follows the schema the engine sends: the full record (challenges, rebuttals, unresolved) when
//! the schema asks for it, else only the judgment (unresolved, duplicate challenges).
use consilium_engine::testing::{text_reply, FixedClock, RecordingSink, ScriptedCaller};
use consilium_engine::{consult::demo::demo_config, consult::run_consult, harness::io::CallRequest, record::consult::config::ConsultConfig, record::consult::state::ConsultState, record::Session, consult::demo::DEMO_QUESTION};
use futures::executor::block_on;
use serde_json::{json, Value};
use tiktoken_rs::CoreBPE;

mod cache;

const PANEL: [&str; 3] = ["panelist-1", "panelist-2", "panelist-3"];

struct Consultation {
    name: &'static str,
    question: &'static str,
    /// None: the demo council's own scripted replies.
    topic: Option<&'static str>,
}

const CONSULTATIONS: &[Consultation] = &[
    Consultation {
        name: "demo council (Rust for ingestion)",
        question: DEMO_QUESTION,
        topic: None,
    },
    Consultation {
        name: "database choice",
        question: "Postgres or DynamoDB for the order service?",
        topic: Some("the order database"),
    },
    Consultation {
        name: "hiring",
        question: "Hire two seniors or four juniors for the platform team?",
        topic: Some("platform hiring"),
    },
];

fn sentence(topic: &str, i: usize, what: &str) -> String {
    format!(
        "{what} {i} on {topic}: the evidence from the last two quarters shows a measurable effect, \
         because the team compared the incident data and the delivery metrics before deciding"
    )
}

/// Panelist `who`'s round-3 reply: panelists 1 and 2 raise three challenges, panelist 3 two.
fn cross_exam_reply(topic: &str, who: usize) -> Value {
    let count = if who == 2 { 2 } else { 3 };
    json!({
        "challenges": (0..count).map(|i| json!({
            "target_agent": PANEL[(who + 1 + i % 2) % 3],
            "challenge": format!("{}{}", if i == 0 { "A critical flaw: " } else { "" },
                sentence(topic, i + who * 3, "Challenge")),
            "evidence": (0..(i % 3 + 1)).map(|e| sentence(topic, e, "Evidence")).collect::<Vec<_>>()
        })).collect::<Vec<_>>(),
        "defense": sentence(topic, who, "Defence")
    })
}

/// The challenge the judge finds unanswered: the second on record (panelist-1's second), quoted
/// as it reads, by the merge before and by number after, and named in the verdict's dissent.
const UNRESOLVED_NUMBER: usize = 2;

fn unresolved(topic: &str) -> String {
    cross_exam_reply(topic, 0)["challenges"][UNRESOLVED_NUMBER - 1]["challenge"]
        .as_str()
        .unwrap()
        .to_string()
}

/// Whether the engine asks the judge to retype the challenges (the schema has the field).
fn merge_asks_for_challenges(request: &CallRequest) -> bool {
    request
        .response_schema
        .as_ref()
        .is_some_and(|(_, schema)| schema["properties"].get("challenges").is_some())
}

fn merge_reply(topic: &str, request: &CallRequest) -> Value {
    if !merge_asks_for_challenges(request) {
        return json!({ "unresolved": [UNRESOLVED_NUMBER], "duplicate_challenges": [] });
    }
    let mut challenges = Vec::new();
    let mut rebuttals = Vec::new();
    for (who, agent) in PANEL.iter().enumerate() {
        let reply = cross_exam_reply(topic, who);
        for challenge in reply["challenges"].as_array().unwrap() {
            let mut challenge = challenge.clone();
            let fields = challenge.as_object_mut().unwrap();
            fields.shift_insert(0, "challenger".into(), json!(agent));
            challenges.push(challenge);
        }
        rebuttals.push(json!({ "agent": agent, "rebuttal": reply["defense"] }));
    }
    json!({ "challenges": challenges, "rebuttals": rebuttals, "unresolved": [unresolved(topic)] })
}

fn reply(topic: &str, request: &CallRequest) -> Value {
    let who = PANEL
        .iter()
        .position(|p| *p == request.participant_id)
        .unwrap_or(0);
    match (request.round, request.participant_id.as_str()) {
        (1, agent) => json!({
            "position": sentence(topic, 0, &format!("Position of {agent}")),
            "key_points": (1..=4).map(|i| sentence(topic, i, "Key point")).collect::<Vec<_>>(),
            "rationale": sentence(topic, 9, "Rationale"),
            "confidence": 70
        }),
        (2, _) => json!({
            "consensus_points": (0..6).map(|i| json!({
                "point": sentence(topic, i, "Shared point"),
                "supporting_agents": PANEL.iter().take(2 + i % 2).collect::<Vec<_>>(),
                "confidence": 50 + (i * 7) % 45
            })).collect::<Vec<_>>(),
            "tensions": (0..4).map(|i| json!({
                "topic": format!("Tension {i} on {topic}"),
                "viewpoints": PANEL.iter().take(2 + i % 2).map(|a| json!({
                    "agent": a, "viewpoint": sentence(topic, i, &format!("View of {a}"))
                })).collect::<Vec<_>>()
            })).collect::<Vec<_>>(),
            "priority_order": (0..5).map(|i| format!("Priority {i} for {topic}")).collect::<Vec<_>>()
        }),
        (3, "judge") => merge_reply(topic, request),
        (3, _) => cross_exam_reply(topic, who),
        _ => json!({
            "recommendation": sentence(topic, 0, "Decision"),
            "confidence": 75,
            "evidence": (0..4).map(|i| sentence(topic, i, "Surviving point")).collect::<Vec<_>>(),
            "dissent": [
                { "agent": "panelist-3", "concern": format!("Tension 0 on {topic}: {}", sentence(topic, 0, "View of panelist-3")), "severity": "medium" },
                { "agent": "panelist-1", "concern": unresolved(topic), "severity": "high" }
            ]
        }),
    }
}

#[derive(Default, Clone, Copy)]
struct RoundTokens {
    input: usize,
    output: usize,
}

struct Measured {
    rounds: [RoundTokens; 4],
    /// The response schemas sent with structured output, as serialised on the wire.
    schema: usize,
    merge_output: usize,
    verdict: String,
}

fn config(topic: Option<&str>, verbose: bool) -> ConsultConfig {
    let mut config = demo_config();
    config.verbose = verbose;
    config.demo = topic.is_none();
    config
}

/// Every request of one filtered run of `c`, in the order sent.
fn requests_of(c: &Consultation, structured_output: bool) -> Vec<CallRequest> {
    let caller = match c.topic {
        None => ScriptedCaller::over_demo(),
        Some(topic) => {
            ScriptedCaller::new(move |request| Ok(text_reply(reply(topic, request).to_string())))
        }
    };
    let mut config = config(c.topic, false);
    config.structured_output = structured_output;
    let session = Session::new_consult(format!("bench-{}", c.name), c.question.into(), config, 0);
    let done = block_on(run_consult(
        session,
        &caller,
        &FixedClock(0),
        &RecordingSink::default(),
    ));
    assert_eq!(
        done.consult_state(),
        Some(ConsultState::Complete),
        "{}: {:?}",
        c.name,
        done.failure
    );
    caller.requests()
}

/// The follow-ups of the thread `thread_requests` asks.
const FOLLOW_UPS: [&str; 2] = [
    "What would a six-week pilot of it have to show before we commit?",
    "Who on the team should own that pilot, and what do they need first?",
];

/// Every request of a three-turn thread on `c` (its question, then `FOLLOW_UPS`, each turn a
/// follow-up of the turns before, as the app asks them), one list per turn, structured output off.
fn thread_requests(c: &Consultation) -> Vec<Vec<CallRequest>> {
    let mut turns: Vec<Session> = Vec::new();
    let mut requests = Vec::new();
    for (index, question) in std::iter::once(c.question).chain(FOLLOW_UPS).enumerate() {
        let caller = match c.topic {
            None => ScriptedCaller::over_demo(),
            Some(topic) => ScriptedCaller::new(move |request| {
                Ok(text_reply(reply(topic, request).to_string()))
            }),
        };
        let id = format!("bench-thread-{index}");
        let session = if turns.is_empty() {
            let mut config = config(c.topic, false);
            config.structured_output = false;
            Session::new_consult(id, question.into(), config, 0)
        } else {
            consilium_engine::consult::view::thread::next_turn(&turns, id, question, 0)
                .expect("a decided turn can be followed up")
        };
        let done = block_on(run_consult(
            session,
            &caller,
            &FixedClock(0),
            &RecordingSink::default(),
        ));
        assert_eq!(done.consult_state(), Some(ConsultState::Complete), "turn {index}");
        requests.push(caller.requests());
        turns.push(done);
    }
    requests
}

fn run(bpe: &CoreBPE, c: &Consultation, verbose: bool) -> Measured {
    let caller = match c.topic {
        None => ScriptedCaller::over_demo(),
        Some(topic) => {
            ScriptedCaller::new(move |request| Ok(text_reply(reply(topic, request).to_string())))
        }
    };
    let session = Session::new_consult(
        format!("bench-{}", c.name),
        c.question.into(),
        config(c.topic, verbose),
        0,
    );
    let done = block_on(run_consult(
        session,
        &caller,
        &FixedClock(0),
        &RecordingSink::default(),
    ));
    assert_eq!(
        done.consult_state(),
        Some(ConsultState::Complete),
        "{}: {:?}",
        c.name,
        done.failure
    );
    let count = |text: &str| bpe.encode_ordinary(text).len();
    let mut rounds = [RoundTokens::default(); 4];
    let mut merge_output = 0;
    let mut schema = 0;
    for call in &done.calls {
        let round = &mut rounds[usize::from(call.round) - 1];
        let request = caller
            .requests()
            .into_iter()
            .find(|r| r.call_id == call.call_id)
            .expect("every record has its request");
        round.input += count(&request.system) + count(&request.prompt);
        let schema_tokens = request
            .response_schema
            .as_ref()
            .map_or(0, |(_, s)| count(&s.to_string()));
        schema += schema_tokens;
        if let Some(dir) = std::env::var_os("BENCH_PROMPTS") {
            // Every prompt as sent, one file per call, to read what the tokens are spent on.
            let path = std::path::Path::new(&dir).join(format!(
                "{}-{}-{}.txt",
                c.name.split_whitespace().next().unwrap_or("consult"),
                if verbose { "verbose" } else { "filtered" },
                call.call_id
            ));
            std::fs::write(
                path,
                format!("{}\n----\n{}", request.system, request.prompt),
            )
            .expect("BENCH_PROMPTS is a writable directory");
        }
        if std::env::var_os("BENCH_CALLS").is_some() {
            eprintln!(
                "{} verbose={verbose} {}: system {} + user {} + schema {schema_tokens}",
                c.name,
                call.call_id,
                count(&request.system),
                count(&request.prompt)
            );
        }
        let output = count(call.reply_text.as_deref().unwrap_or(""));
        round.output += output;
        if call.call_id.starts_with("r3-judge") {
            merge_output += output;
        }
    }
    let body = done.consult();
    let check = body
        .confidence_check
        .as_ref()
        .expect("a complete consult has its check");
    let mut dissent: Vec<String> = consilium_engine::consult::dissent::dissent_on_record(body)
        .iter()
        .map(|d| {
            format!(
                "{} {}",
                d.dissent.agent,
                consilium_engine::consult::dissent::severity_name(d.dissent.severity)
            )
        })
        .collect();
    dissent.sort();
    let verdict = format!(
        "{:.0}% ({})",
        check.computed_confidence * 100.0,
        dissent.join(", ")
    );
    Measured {
        rounds,
        schema,
        merge_output,
        verdict,
    }
}

fn main() {
    let bpe = tiktoken_rs::o200k_base().expect("o200k_base is embedded in tiktoken-rs");
    if std::env::args().nth(1).as_deref() == Some("cache") {
        cache::print_tables(
            &bpe,
            CONSULTATIONS
                .iter()
                .map(|c| (c.name, requests_of(c, false), requests_of(c, true))),
        );
        cache::print_thread(&bpe, CONSULTATIONS[0].name, &thread_requests(&CONSULTATIONS[0]));
        return;
    }
    println!("| consultation | R1 in / out | R2 in / out | R3 in / out | R4 in / out | prompt tokens per consult | schema tokens per consult | prompt + schema | R3 merge output | R3+R4 in, filtered / verbose | verdict: computed confidence (dissent) |");
    println!("|---|---|---|---|---|---|---|---|---|---|---|");
    let (mut all_prompt, mut all_merge, mut all_filtered, mut all_verbose) = (0, 0, 0, 0);
    let mut all_schema = 0;
    for c in CONSULTATIONS {
        let filtered = run(&bpe, c, false);
        let verbose = run(&bpe, c, true);
        let r = filtered.rounds;
        let prompt: usize = r.iter().map(|t| t.input).sum();
        let late = |m: &Measured| m.rounds[2].input + m.rounds[3].input;
        let (late_filtered, late_verbose) = (late(&filtered), late(&verbose));
        all_prompt += prompt;
        all_schema += filtered.schema;
        all_merge += filtered.merge_output;
        all_filtered += late_filtered;
        all_verbose += late_verbose;
        println!(
            "| {} | {} / {} | {} / {} | {} / {} | {} / {} | {prompt} | {} | {} | {} | {late_filtered} / {late_verbose} = {:.2} | {} |",
            c.name,
            r[0].input, r[0].output, r[1].input, r[1].output, r[2].input, r[2].output, r[3].input, r[3].output,
            filtered.schema,
            prompt + filtered.schema,
            filtered.merge_output,
            late_filtered as f64 / late_verbose as f64,
            filtered.verdict,
        );
    }
    println!(
        "| **total** | | | | | {all_prompt} | {all_schema} | {} | {all_merge} | {all_filtered} / {all_verbose} = {:.2} | |",
        all_prompt + all_schema,
        all_filtered as f64 / all_verbose as f64
    );
}
