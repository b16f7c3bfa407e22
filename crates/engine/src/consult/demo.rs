//! The demo council: scripted participants that let a first-time user watch the real engine run all
//! four rounds with no key and no server. Every reply is valid and derived only from the request
//! (round, participant, call), so a demo run is deterministic. The replies are the text a model
//! would send (pretty-printed JSON), written out as constants rather than built at run time.

use crate::consult::reply_envelope::as_sent;
use crate::foundation::participants::{
    builtin_personas, Participant, Persona, DEMO_PROVIDER_LABEL,
};
use crate::harness::demo::DEMO_PROVIDER_ID;
use crate::harness::demo::{scripted_reply, DEMO_MODEL};
use crate::harness::io::{CallReply, CallRequest};
use crate::record::consult::depth::Depth;
use crate::record::consult::filter_limits::FilterLimits;
use crate::record::{CallId, Step};
use crate::{
    record::consult::config::{ConsultConfig, FINAL_ROUND},
    record::DEFAULT_MAX_TOKENS,
};

pub const DEMO_QUESTION: &str = "Should our team adopt Rust for the new ingestion service?";
/// The personas of the three demo panelists, by name.
const DEMO_PERSONAS: [&str; 3] = ["Pragmatic engineer", "Skeptic", "Risk analyst"];

pub fn demo_config() -> ConsultConfig {
    let personas = builtin_personas();
    let panelists = DEMO_PERSONAS
        .iter()
        .enumerate()
        .map(|(index, name)| {
            let persona = personas.iter().find(|p| p.name == *name).cloned();
            demo_participant(
                &format!("panelist-{}", index + 1),
                &format!("Demo panelist {} · {name}", index + 1),
                persona,
            )
        })
        .collect();
    ConsultConfig {
        material: Vec::new(),
        search_web: false,
        panelists,
        judge: demo_participant("judge", "Demo judge", None),
        verbose: false,
        filter_limits: FilterLimits::default(),
        max_tokens: DEFAULT_MAX_TOKENS,
        budget_usd: None,
        stop_after_round: FINAL_ROUND,
        structured_output: true,
        demo: true,
        anonymous_peers: true,
        final_answer: false,
        // The tour shows every round.
        depth: Depth::Full,
    }
}

fn demo_participant(id: &str, label: &str, persona: Option<Persona>) -> Participant {
    Participant {
        context_tokens: None,
        web_search: None,
        sees_images: None,
        id: id.into(),
        label: label.to_string(),
        provider_id: DEMO_PROVIDER_ID.into(),
        provider_label: DEMO_PROVIDER_LABEL.to_string(),
        model: DEMO_MODEL.to_string(),
        persona,
        price: None,
        backup: None,
    }
}

/// The scripted reply to a request.
pub fn demo_reply(request: &CallRequest) -> CallReply {
    let panelist = panelist_index(request.participant_id.as_str());
    let alone = CallId::parse(&request.call_id).is_some_and(|id| id.step() == Some(Step::Alone));
    let text = match (request.round, request.participant_id.as_str()) {
        // A thread's question to one member alone: its prose, in its persona.
        _ if alone => MEMBER_ANSWERS[panelist],
        (1, _) => INDEPENDENT_ANSWERS[panelist],
        (2, _) => SYNTHESIS,
        (3, "judge") => CROSS_EXAM_JUDGMENT,
        (3, _) => CROSS_EXAM_REPLIES[panelist],
        _ => VERDICT,
    };
    // A consult with material and structured output sends one schema for every call; its reply
    // fills the round's key.
    scripted_reply(request, as_sent(request, text))
}

/// 0, 1 or 2 for `panelist-1`, `-2`, `-3`; larger panels reuse the three scripts in turn.
fn panelist_index(participant_id: &str) -> usize {
    let number: usize = participant_id
        .trim_start_matches("panelist-")
        .parse()
        .unwrap_or(1);
    number.saturating_sub(1) % DEMO_PERSONAS.len()
}

/// Each panelist's answer when the user asks it alone after the decision (a thread's member turn).
const MEMBER_ANSWERS: [&str; 3] = [
    "I stand by the pilot: give it six weeks on the parsing stage, with two engineers who want to \
     learn Rust and one reviewer from outside the team. Where I differ from the council is only \
     the pace: I would start the pilot this quarter rather than wait for training.",
    "My worry is still the schedule. If the pilot goes ahead, make its exit criterion explicit: \
     if the parsing stage is not at parity with the current ingester after six weeks, stop and \
     build it in Go. The council's decision is sound only with that fallback written down.",
    "Keep the old ingester running in parallel and compare their outputs on real traffic for a \
     month before switching. That is the one point I would add to the council's decision: the \
     fallback is only real if it is exercised.",
];

const INDEPENDENT_ANSWERS: [&str; 3] = [
    r#"{
  "position": "Yes: build the ingestion service in Rust, starting with a time-boxed pilot of the parsing stage.",
  "key_points": [
    "Ingestion is CPU-bound parsing, where Rust's speed and predictable latency pay off",
    "Memory safety without a garbage collector removes a class of production incidents",
    "A pilot limits the cost if the team struggles"
  ],
  "rationale": "The service parses large volumes of semi-structured data on a hot path. Rust fits that workload, and a pilot turns the team's inexperience into a bounded, measurable risk.",
  "confidence": 0.8
}"#,
    // Real models often wrap their JSON in prose and a fence; the engine reads it all the same.
    r#"Here is my independent assessment.

```json
{
  "position": "Not yet: the team's lack of Rust experience is the real risk, and Go would deliver most of the benefit sooner.",
  "key_points": [
    "Nobody on the team has shipped Rust in production",
    "The learning curve will slow the first months of delivery",
    "Go offers good performance with a much shorter ramp-up"
  ],
  "rationale": "Delivery dates are fixed. Learning a demanding language on the critical path is how schedules slip.",
  "confidence": "60%"
}
```"#,
    r#"{
  "position": "Adopt Rust, but only for the ingestion service and with a fallback plan.",
  "key_points": [
    "The service sits behind a queue, so a failed experiment has a small blast radius",
    "Hiring for Rust is harder; plan for training",
    "Keep the current ingester running until the Rust one has matched it for a month"
  ],
  "rationale": "The upside is real and the downside can be contained, provided the old path stays available.",
  "confidence": 0.7
}"#,
];

const SYNTHESIS: &str = r#"{
  "consensus_points": [
    {
      "point": "The ingestion workload (CPU-bound parsing) benefits from a compiled, memory-safe language",
      "supporting_agents": [
        "panelist-1",
        "panelist-2",
        "panelist-3"
      ],
      "confidence": 0.85
    },
    {
      "point": "The team's inexperience with Rust is the main risk and needs a plan",
      "supporting_agents": [
        "panelist-1",
        "panelist-2",
        "panelist-3"
      ],
      "confidence": 0.8
    },
    {
      "point": "Start small: one isolated service or a pilot before any wider adoption",
      "supporting_agents": [
        "panelist-1",
        "panelist-3"
      ],
      "confidence": 0.75
    },
    {
      "point": "Keep the existing ingester as a fallback during the transition",
      "supporting_agents": [
        "panelist-3"
      ],
      "confidence": 0.6
    }
  ],
  "tensions": [
    {
      "topic": "Rust or Go",
      "viewpoints": [
        {
          "agent": "panelist-1",
          "viewpoint": "Rust: performance and safety justify the ramp-up"
        },
        {
          "agent": "panelist-2",
          "viewpoint": "Go: most of the benefit with a far shorter ramp-up"
        },
        {
          "agent": "panelist-3",
          "viewpoint": "Rust, if the scope stays limited to this service"
        }
      ]
    },
    {
      "topic": "How long the ramp-up takes",
      "viewpoints": [
        {
          "agent": "panelist-1",
          "viewpoint": "A few weeks, with pairing and a pilot"
        },
        {
          "agent": "panelist-2",
          "viewpoint": "Months before the team is productive"
        }
      ]
    },
    {
      "topic": "Hiring",
      "viewpoints": [
        {
          "agent": "panelist-2",
          "viewpoint": "Rust hiring is slow and expensive"
        },
        {
          "agent": "panelist-3",
          "viewpoint": "Training the current engineers is cheaper than hiring"
        }
      ]
    }
  ],
  "priority_order": [
    "Team ramp-up and delivery risk",
    "Throughput and latency of parsing",
    "Operational safety during the migration",
    "Hiring and long-term maintenance"
  ]
}"#;

const CROSS_EXAM_REPLIES: [&str; 3] = [
    r#"{
  "challenges": [
    {
      "target_agent": "panelist-2",
      "challenge": "The claim that Go gives most of the benefit is incorrect for this workload: parsing allocates heavily, and garbage-collection pauses are the latency problem we have today.",
      "evidence": [
        "Today's p99 latency spikes coincide with garbage-collection pauses",
        "Zero-copy parsing is idiomatic in Rust"
      ]
    }
  ],
  "defense": "A time-boxed pilot bounds the ramp-up risk because we can stop after six weeks if throughput or delivery targets are missed."
}"#,
    r#"{
  "challenges": [
    {
      "target_agent": "panelist-1",
      "challenge": "The consensus underestimates the ramp-up: a few weeks is wrong for a team with no Rust experience, and the pilot has no defined success criteria.",
      "evidence": [
        "Teams new to Rust commonly report three to six months to proficiency",
        "No one on the team has shipped Rust"
      ]
    }
  ],
  "defense": "My position holds because the delivery date is fixed, and data from past migrations shows schedules slip when a team learns on the critical path."
}"#,
    r#"{
  "challenges": [],
  "defense": "I endorse the consensus: the service is isolated behind a queue, which shows the blast radius is small, and the fallback ingester confirms we can back out safely."
}"#,
];

/// The judge's judgment of the two challenges the engine recorded: both are answered by a
/// defence (the pilot bounds the ramp-up; the fixed delivery date is the skeptic's answer to the
/// latency point), so nothing is left unresolved and neither repeats the other.
const CROSS_EXAM_JUDGMENT: &str = r#"{
  "unresolved": [],
  "duplicate_challenges": []
}"#;

/// The judge's scripted verdict (the demo benchmark keeps its evidence and dissent).
pub const VERDICT: &str = r#"{
  "recommendation": "Adopt Rust for the new ingestion service through a six-week pilot of the parsing stage, with success criteria fixed up front (throughput, p99 latency, delivery pace), paired training for the team, and the current ingester kept as a fallback until the Rust service has matched it for a month.",
  "confidence": 0.78,
  "evidence": [
    "Parsing is CPU-bound and garbage-collection pauses cause today's latency spikes; this survived the challenge that Go would suffice",
    "The service is isolated behind a queue, so a failed pilot has a small blast radius",
    "Keeping the existing ingester as a fallback makes the decision reversible"
  ],
  "dissent": [
    {
      "agent": "panelist-2",
      "concern": "The ramp-up may take months, not weeks, and put the fixed delivery date at risk.",
      "severity": "medium"
    },
    {
      "agent": "panelist-3",
      "concern": "Rust hiring will be slow; the plan should rely on training the current team.",
      "severity": "low"
    }
  ]
}"#;
