//! Measures what artifact filtering saves: rounds 3 and 4 input tokens with filtering vs verbose mode,
//! on five scripted consultations whose syntheses and cross-examinations fill the reply schemas' limits
//! (at most 6 consensus points, 4 tensions, 3 challenges per panelist; one defence per panelist).
//!
//!     cargo run -q -p consilium-engine --example filtering_savings
//!
//! Tokens are the engine's `estimate_tokens` of the exact system + user prompt text each R3/R4 call sent.
use consilium_engine::testing::{text_reply, FixedClock, RecordingSink, ScriptedCaller};
use consilium_engine::{
    consult::demo::demo_config, consult::run_consult, foundation::tokens::estimate_tokens,
    harness::io::CallRequest, record::consult::state::ConsultState, record::Session,
};
use futures::executor::block_on;
use serde_json::{json, Value};

pub struct Consultation {
    pub name: &'static str,
    question: &'static str,
    panel: usize,
    consensus: usize,
    tensions: usize,
}

pub const CONSULTATIONS: &[Consultation] = &[
    Consultation {
        name: "database choice",
        question: "Postgres or DynamoDB for the order service?",
        panel: 3,
        consensus: 6,
        tensions: 4,
    },
    Consultation {
        name: "monorepo",
        question: "Should we merge our 14 repositories into a monorepo?",
        panel: 4,
        consensus: 6,
        tensions: 4,
    },
    Consultation {
        name: "pricing change",
        question: "Should the Pro plan move from per-seat to usage-based pricing?",
        panel: 5,
        consensus: 6,
        tensions: 4,
    },
    Consultation {
        name: "hiring",
        question: "Hire two seniors or four juniors for the platform team?",
        panel: 3,
        consensus: 6,
        tensions: 4,
    },
    Consultation {
        name: "incident response",
        question: "After the credential leak, rotate everything now or stage it over a week?",
        panel: 4,
        consensus: 6,
        tensions: 4,
    },
];

fn sentence(topic: &str, i: usize, what: &str) -> String {
    format!(
        "{what} {i} on {topic}: the evidence from the last two quarters shows a measurable effect, because the team \
         compared the incident data and the delivery metrics before deciding"
    )
}

fn agents(n: usize) -> Vec<String> {
    (1..=n).map(|i| format!("panelist-{i}")).collect()
}

/// The reply each call gets, by round and participant; every one valid for the engine.
fn reply(c: &Consultation, request: &CallRequest) -> Value {
    let panel = agents(c.panel);
    let topic = c.name;
    match (request.round, request.participant_id.as_str()) {
        (1, who) => json!({
            "position": sentence(topic, 0, &format!("Position of {who}")),
            "key_points": (1..=4).map(|i| sentence(topic, i, "Key point")).collect::<Vec<_>>(),
            "rationale": sentence(topic, 9, "Rationale"),
            "confidence": 70
        }),
        (2, _) => json!({
            "consensus_points": (0..c.consensus).map(|i| json!({
                "point": sentence(topic, i, "Shared point"),
                "supporting_agents": panel.iter().take(2 + i % (c.panel - 1)).collect::<Vec<_>>(),
                "confidence": 50 + (i * 7) % 45
            })).collect::<Vec<_>>(),
            "tensions": (0..c.tensions).map(|i| json!({
                "topic": format!("Tension {i} on {topic}"),
                "viewpoints": panel.iter().take(2 + i % (c.panel - 1)).map(|a| json!({
                    "agent": a, "viewpoint": sentence(topic, i, &format!("View of {a}"))
                })).collect::<Vec<_>>()
            })).collect::<Vec<_>>(),
            "priority_order": (0..5).map(|i| format!("Priority {i} for {topic}")).collect::<Vec<_>>()
        }),
        // The record is assembled from the panelists' replies; the judge only judges it.
        (3, "judge") => json!({ "unresolved": [1], "duplicate_challenges": [] }),
        // Every panelist raises the most challenges a reply may hold (3), with 1 to 3 pieces of
        // evidence, so the record fills up as the schema allows.
        (3, who) => {
            let me = panel.iter().position(|a| a == who).unwrap_or(0);
            json!({
                "challenges": (0..3).map(|i| json!({
                    "target_agent": panel[(me + 1 + i % (c.panel - 1)) % c.panel],
                    "challenge": format!("{}{}", if i == 0 { "A critical flaw: " } else { "" }, sentence(topic, me * 3 + i, "Challenge")),
                    "evidence": (0..(i % 3 + 1)).map(|e| sentence(topic, e, "Evidence")).collect::<Vec<_>>()
                })).collect::<Vec<_>>(),
                "defense": sentence(topic, 3, "Defence")
            })
        }
        _ => json!({
            "recommendation": sentence(topic, 0, "Decision"),
            "confidence": 75,
            "evidence": (0..4).map(|i| sentence(topic, i, "Surviving point")).collect::<Vec<_>>(),
            "dissent": [{ "agent": "panelist-2", "concern": sentence(topic, 1, "Concern"), "severity": "medium" }]
        }),
    }
}

/// Runs one recorded consultation to its end; returns the session and the caller (its requests).
pub fn recorded_session(c: &'static Consultation, verbose: bool) -> (Session, ScriptedCaller) {
    let mut config = demo_config();
    let template = config.panelists[0].clone();
    config.panelists = (1..=c.panel)
        .map(|i| {
            let mut p = template.clone();
            p.id = format!("panelist-{i}").into();
            p.label = format!("Panelist {i}");
            p
        })
        .collect();
    config.verbose = verbose;
    config.demo = false;
    let caller = ScriptedCaller::new(move |request| Ok(text_reply(reply(c, request).to_string())));
    let session = Session::new_consult(
        format!("bench-{}", c.name).into(),
        c.question.into(),
        config,
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
    (done, caller)
}

/// Returns R3+R4 input tokens and the session's own efficiency percentage.
fn run(c: &'static Consultation, verbose: bool) -> (u64, f64) {
    let (done, caller) = recorded_session(c, verbose);
    let tokens = caller
        .requests()
        .iter()
        .filter(|r| r.round >= 3)
        .map(|r| estimate_tokens(&r.system) + estimate_tokens(&r.prompt))
        .sum();
    let efficiency = done
        .consult()
        .token_efficiency_stats
        .as_ref()
        .map(|s| s.efficiency_percentage)
        .unwrap_or(0.0);
    (tokens, efficiency)
}

fn main() {
    println!("| consultation | panel | R3+R4 input tokens, filtered | verbose | saved | saved % | session efficiency_percentage |");
    println!("|---|---|---|---|---|---|---|");
    let (mut all_filtered, mut all_verbose) = (0, 0);
    for c in CONSULTATIONS {
        let (filtered, efficiency) = run(c, false);
        let (verbose, _) = run(c, true);
        let saved = verbose - filtered;
        all_filtered += filtered;
        all_verbose += verbose;
        println!(
            "| {} | {} | {filtered} | {verbose} | {saved} | {:.1}% | {efficiency:.1}% |",
            c.name,
            c.panel,
            saved as f64 / verbose as f64 * 100.0
        );
    }
    let saved = all_verbose - all_filtered;
    println!(
        "| **total** | | {all_filtered} | {all_verbose} | {saved} | {:.1}% | |",
        saved as f64 / all_verbose as f64 * 100.0
    );
    println!(
        "\nTokens: `estimate_tokens` (by character kind, see crates/engine/src/tokens.rs) of the system + user prompt each round-3 and round-4 call sent. \
         The session's efficiency_percentage divides the savings by all tokens used in the session (all rounds, input and output)."
    );
}
