//! What a live run shows: each streaming reply as labelled fields (read with `partial_reply`, so a
//! card never shows raw JSON), and the stepper's line ("Round 2 of 4 · Synthesis").
use serde_json::{Map, Value};

use crate::record::consult::peers::PeerLabels;
use crate::record::consult::reply_keys::{
    CROSS_EXAM_REPLY_KEY, INDEPENDENT_KEY, JUDGMENT_KEY, KEYS, SYNTHESIS_KEY, VERDICT_KEY,
};
use crate::record::consult::state::ConsultState;
use crate::record::prioritize::body::Partner;
use crate::record::prioritize::state::PrioritizeState;
use crate::record::review::body::MAX_ROUNDS as REVIEW_MAX_ROUNDS;
use crate::record::review::state::ReviewState;
use crate::record::{Body, CallId, Session, SessionStatus, Step};
use crate::text::partial_reply::{read_partial, read_partial_under};
use crate::views::numbers::percent;

/// What a card says while its call is asked again: the reason is on record, and the banner's
/// if the call fails for good.
pub const ASKED_AGAIN_NOTE: &str = "The reply could not be used: asked again.";

/// What a reply answers, which decides its fields and their labels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplyKind {
    Answer,
    Synthesis,
    CrossExam,
    CrossExamJudgment,
    Verdict,
    Opinion,
    Compromise,
    Acceptance,
    Champion,
    Critic,
    Moderator,
}

impl ReplyKind {
    /// The kind of the call `call_id` of `participant_id` in `round`.
    pub fn of(session: &Session, round: u8, participant_id: &str, call_id: &CallId) -> Self {
        match &session.body {
            // A benchmark's calls are its consultations' and the best single model's answers.
            Body::Consult(_) | Body::Benchmark(_) => match (participant_id == "judge", round) {
                (false, 1) => Self::Answer,
                (false, _) => Self::CrossExam,
                (true, 2) => Self::Synthesis,
                (true, 3) => Self::CrossExamJudgment,
                (true, _) => Self::Verdict,
            },
            Body::Review(_) => match call_id.step() {
                Some(Step::Compromise) => Self::Compromise,
                Some(Step::Accept) => Self::Acceptance,
                Some(Step::Alone) | None => Self::Opinion,
            },
            Body::Prioritize(_) => match Partner::from_id(participant_id) {
                Some(Partner::Champion) => Self::Champion,
                Some(Partner::Critic) => Self::Critic,
                _ => Self::Moderator,
            },
        }
    }

    /// The key a consult's reply of this kind fills when every call sends one schema
    /// (`record::consult::reply_keys`); None for the other protocols' replies.
    fn reply_key(self) -> Option<&'static str> {
        match self {
            Self::Answer => Some(INDEPENDENT_KEY),
            Self::Synthesis => Some(SYNTHESIS_KEY),
            Self::CrossExam => Some(CROSS_EXAM_REPLY_KEY),
            Self::CrossExamJudgment => Some(JUDGMENT_KEY),
            Self::Verdict => Some(VERDICT_KEY),
            _ => None,
        }
    }

    /// Each field: the names a reply may give it (markers' and structured output's), its label,
    /// and how it reads.
    fn fields(self) -> &'static [(&'static [&'static str], &'static str, Shape)] {
        use Shape::*;
        match self {
            Self::Answer => &[
                (&["position"], "Position", Text),
                (&["key_points"], "Key points", List),
                (&["rationale"], "Rationale", Text),
                (&["confidence"], "Confidence", Percent),
            ],
            Self::Synthesis => &[
                (&["consensus_points"], "Consensus", Consensus),
                (&["tensions"], "Tensions", Tensions),
                (&["priority_order"], "Priority order", Ranked),
            ],
            Self::CrossExam => &[
                (&["challenges"], "Challenges", Challenges),
                (&["defense"], "Defence", Text),
            ],
            Self::CrossExamJudgment => &[
                (&["unresolved"], "Unresolved challenges", Count),
                (&["duplicate_challenges"], "Duplicate challenges", Count),
            ],
            Self::Verdict => &[
                (&["recommendation"], "Recommendation", Text),
                (&["confidence"], "Confidence", Percent),
                (&["evidence"], "Evidence", List),
                (&["dissent"], "Dissent", Dissent),
            ],
            Self::Opinion => &[
                (&["state"], "Vote", Vote),
                (&["opinion"], "Opinion", Text),
                (&["fix_items"], "Fix items", Fixes),
                (&["confidence"], "Confidence", Percent),
            ],
            Self::Compromise => &[
                (&["compromise"], "Compromise", Text),
                (&["cost_of_delay"], "Cost of delay", Text),
            ],
            Self::Acceptance => &[
                (&["accept"], "Answer", Accept),
                (&["reason"], "Reason", Text),
            ],
            Self::Champion => &[
                (&["champion_argument", "argument"], "Argument", Text),
                (&["champion_rankings", "rankings"], "Ranking", Opportunities),
            ],
            Self::Critic => &[
                (&["critic_concerns", "concerns"], "Concerns", Concerns),
                (
                    &["critic_rankings", "critic_counter_rankings", "rankings"],
                    "Counter-ranking",
                    Opportunities,
                ),
                (
                    &["critic_assessments", "assessments"],
                    "Effort and approach",
                    Assessments,
                ),
            ],
            Self::Moderator => &[
                (
                    &["dispositions", "moderator_dispositions"],
                    "Dispositions",
                    Dispositions,
                ),
                (
                    &["final_rankings", "moderator_final_rankings"],
                    "Ranking",
                    Opportunities,
                ),
                (&["debate_status", "consensus_reached"], "Debate", Status),
            ],
        }
    }
}

/// How a field's value reads.
#[derive(Clone, Copy)]
enum Shape {
    Text,
    List,
    Ranked,
    Percent,
    Count,
    Consensus,
    Tensions,
    Challenges,
    Dissent,
    Vote,
    Fixes,
    Accept,
    Opportunities,
    Concerns,
    Assessments,
    Dispositions,
    Status,
}

/// One labelled field of a streaming reply.
#[derive(Clone, Debug, PartialEq)]
pub struct LiveField {
    pub label: String,
    pub body: FieldBody,
    /// Still arriving (the card marks it).
    pub writing: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub enum FieldBody {
    Text(String),
    Items(Vec<String>),
    /// An order: first is best.
    Ranked(Vec<String>),
}

/// A streaming reply as the card shows it: its fields so far, or, for a reply in plain prose (a
/// model that ignored the format), its text.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LiveReply {
    pub fields: Vec<LiveField>,
    pub prose: Option<String>,
}

/// The reply streamed so far (`text`) of a call of `kind` by participant `writer` in `session`.
/// Fields the kind does not know (a model that named its own) follow as text under their own
/// names. Peers a Consult reply names by the writer's labels ("Panelist B", "you") are named as the
/// stored rounds name them, mapped back as the record maps them.
pub fn live_reply(session: &Session, kind: ReplyKind, writer: &str, text: &str) -> LiveReply {
    let peers = peer_labels(session, kind, writer);
    let restored;
    let text = match &peers {
        Some(peers) if peers.anonymous() => {
            restored = peers.restore_text(text);
            restored.as_str()
        }
        _ => text,
    };
    let partial = read_partial(text);
    // A consult with material sends one schema for every call: the reply is under its key.
    let envelope = !partial.fields.is_empty()
        && partial
            .fields
            .keys()
            .all(|key| KEYS.contains(&key.as_str()));
    let partial = match kind.reply_key() {
        Some(key) if envelope => read_partial_under(text, key).unwrap_or_default(),
        _ => partial,
    };
    let known = kind.fields();
    let mut fields: Vec<LiveField> = known
        .iter()
        .filter_map(|(keys, label, shape)| {
            let key = keys.iter().find(|key| partial.fields.contains_key(**key))?;
            let value = if *key == "consensus_reached" {
                Value::Object(partial.fields.clone())
            } else {
                partial.fields[*key].clone()
            };
            let body = read_shape(*shape, &value, session, peers.as_ref())?;
            // An empty list ("challenges": []) says nothing worth a label.
            if matches!(&body, FieldBody::Items(items) | FieldBody::Ranked(items) if items.is_empty())
            {
                return None;
            }
            Some(LiveField {
                label: label.to_string(),
                body,
                writing: partial.writing.as_deref() == Some(*key),
            })
        })
        .collect();
    for (key, value) in &partial.fields {
        let is_known =
            known.iter().any(|(keys, ..)| keys.contains(&key.as_str())) || key == "continue_debate";
        let body = match value {
            Value::String(text) => FieldBody::Text(text.clone()),
            Value::Array(_) => FieldBody::Items(strings(value)),
            _ => continue,
        };
        if !is_known {
            fields.push(LiveField {
                label: key.replace('_', " "),
                body,
                writing: partial.writing.as_ref() == Some(key),
            });
        }
    }
    let looks_structured = text.contains(['{', '`', '<']);
    let prose = (fields.is_empty() && !looks_structured && !text.trim().is_empty())
        .then(|| text.trim().to_string());
    LiveReply { fields, prose }
}

/// The labels `writer` saw its peers by: a Consult's rounds 2-4 (a benchmark's consultations keep
/// theirs in their own records).
fn peer_labels(session: &Session, kind: ReplyKind, writer: &str) -> Option<PeerLabels> {
    let Body::Consult(body) = &session.body else {
        return None;
    };
    (kind != ReplyKind::Answer)
        .then(|| PeerLabels::for_reader(&body.config, body.peer_label_seed, writer))
}

fn read_shape(
    shape: Shape,
    value: &Value,
    session: &Session,
    peers: Option<&PeerLabels>,
) -> Option<FieldBody> {
    use FieldBody::{Items, Ranked, Text as Line};
    let agent = |v: &Value| match peers {
        Some(peers) => session.label_of(&peers.real(str_of(v))),
        None => session.label_of(str_of(v)),
    };
    let title = |id: &str| opportunity_title(session, id);
    let items = |each: &dyn Fn(&Value) -> Option<String>| {
        Some(Items(value.as_array()?.iter().filter_map(each).collect()))
    };
    let by_id = |each: &dyn Fn(&Value) -> Option<String>| {
        let entries = value.as_object()?.iter();
        Some(Items(
            entries
                .filter_map(|(id, v)| Some(format!("{}: {}", title(id)?, each(v)?)))
                .collect(),
        ))
    };
    match shape {
        Shape::Text => Some(Line(value.as_str()?.to_string())),
        Shape::List => items(&|v| Some(v.as_str()?.to_string())),
        Shape::Ranked => Some(Ranked(strings(value))),
        Shape::Percent => Some(Line(percent(value.as_f64()?))),
        Shape::Count => Some(Line(value.as_array()?.len().to_string())),
        Shape::Consensus => items(&|point| {
            let agreeing = point
                .get("supporting_agents")
                .map_or(0, |a| strings(a).len());
            let point = point.get("point")?.as_str()?;
            Some(match agreeing {
                0 => point.to_string(),
                n => format!("{point} ({n} agree)"),
            })
        }),
        Shape::Tensions => items(&|tension| {
            let views = tension.get("viewpoints").and_then(Value::as_array);
            let views: Vec<String> = views
                .into_iter()
                .flatten()
                .filter_map(|view| {
                    Some(format!(
                        "{}: {}",
                        agent(view.get("agent")?),
                        view.get("viewpoint")?.as_str()?
                    ))
                })
                .collect();
            Some(format!(
                "{}. {}",
                tension.get("topic")?.as_str()?,
                views.join("; ")
            ))
        }),
        Shape::Challenges => items(&|challenge| {
            let to = agent(challenge.get("target_agent")?);
            let text = challenge.get("challenge")?.as_str()?;
            let evidence = challenge.get("evidence").map(strings).unwrap_or_default();
            Some(match evidence.is_empty() {
                true => format!("To {to}: {text}"),
                false => format!("To {to}: {text} Evidence: {}.", evidence.join("; ")),
            })
        }),
        Shape::Dissent => items(&|dissent| {
            let severity = dissent.get("severity").and_then(Value::as_str);
            let severity = severity.map(|s| format!(" ({s})")).unwrap_or_default();
            let who = agent(dissent.get("agent")?);
            Some(format!(
                "{who}{severity}: {}",
                dissent.get("concern")?.as_str()?
            ))
        }),
        Shape::Vote => Some(Line(
            match value.as_str()?.to_ascii_uppercase().as_str() {
                "SYNTHESIS" => "Ready to conclude",
                "VETO" => "Veto",
                "DEBATE" => "Needs another round",
                "ABSTAIN" => "Abstains",
                _ => return None,
            }
            .to_string(),
        )),
        Shape::Fixes => items(&|fix| {
            let severity = fix.get("severity").and_then(Value::as_str).unwrap_or("");
            let path = fix.get("path")?.as_str()?;
            let line = fix.get("line_start").and_then(Value::as_u64);
            let line = line.map(|n| format!(" line {n}")).unwrap_or_default();
            let action = fix
                .get("recommended_action")
                .and_then(Value::as_str)
                .unwrap_or("");
            Some(
                format!("{severity} · {path}{line}: {action}")
                    .trim_start_matches(" · ")
                    .to_string(),
            )
        }),
        Shape::Accept => Some(Line(
            if value.as_bool()? {
                "Accepts the compromise"
            } else {
                "Refuses the compromise"
            }
            .into(),
        )),
        Shape::Opportunities => Some(Ranked(
            value
                .as_array()?
                .iter()
                .filter_map(|id| title(str_of(id)))
                .collect(),
        )),
        Shape::Concerns => by_id(&|concerns| Some(strings(concerns).join("; "))),
        Shape::Assessments => by_id(&|assessment| {
            let effort = assessment.get("effort").and_then(Value::as_str);
            let approach = assessment.get("approach").and_then(Value::as_str);
            Some(match (effort, approach) {
                (Some(e), Some(a)) => format!("effort {e}, {a}"),
                (Some(e), None) => format!("effort {e}"),
                _ => return None,
            })
        }),
        Shape::Dispositions => by_id(&|disposition| Some(disposition.as_str()?.to_string())),
        Shape::Status => {
            let status: &Map<String, Value> = value.as_object()?;
            Some(Line(
                match status.get("consensus_reached")?.as_bool()? {
                    true => "Consensus reached",
                    false => "No consensus yet",
                }
                .into(),
            ))
        }
    }
}

fn str_of(value: &Value) -> &str {
    value.as_str().unwrap_or_default()
}

fn strings(value: &Value) -> Vec<String> {
    let items = value.as_array().map(Vec::as_slice).unwrap_or_default();
    items
        .iter()
        .filter_map(|v| v.as_str().map(String::from))
        .collect()
}

/// The title of a backlog item; None for an id still arriving (`opp-`) or unknown.
fn opportunity_title(session: &Session, id: &str) -> Option<String> {
    let Body::Prioritize(body) = &session.body else {
        return None;
    };
    let opportunity = body.backlog.iter().find(|o| o.id == id)?;
    Some(opportunity.title.clone())
}

/// Where a live run stands, in plain words: "Round 2 of 4 · Synthesis", "Round 2 of 2-4 ·
/// Synthesis" for an Adaptive consult, "Round 1 of 2" for a Vote.
#[derive(Clone, Debug, PartialEq)]
pub struct Stepper {
    pub round: u8,
    /// The most rounds planned: a Consult's by its depth; Review and Prioritize stop early on
    /// agreement (`up_to`).
    pub rounds: u8,
    /// The fewest rounds planned, when fewer than `rounds`: an Adaptive consult's 2.
    pub fewest: u8,
    pub up_to: bool,
    pub step: &'static str,
}

impl Stepper {
    pub fn text(&self) -> String {
        let up_to = if self.up_to { "up to " } else { "" };
        // Past its fewest rounds, an Adaptive consult goes to the last: "Round 3 of 4", never
        // "Round 4 of 2-4".
        let rounds = if self.fewest < self.rounds && self.round <= self.fewest {
            format!("{}-{}", self.fewest, self.rounds)
        } else {
            self.rounds.to_string()
        };
        format!("Round {} of {up_to}{rounds} · {}", self.round, self.step)
    }
}

/// The stepper of a running `session` whose latest call is in `latest_round` (0 before any).
pub fn stepper(session: &Session, latest_round: u8) -> Option<Stepper> {
    let round = latest_round.max(1);
    let (round, rounds, up_to, step) = match (&session.body, session.status()) {
        (_, SessionStatus::Consult(state)) => {
            use ConsultState::*;
            let (round, step) = match state {
                Idle | Estimating | AwaitingConsent => (1, "Starting"),
                Independent => (1, "Independent answers"),
                Synthesis => (2, "Synthesis"),
                CrossExam => (3, "Cross-examination"),
                Verdict => (4, "Verdict"),
                _ => return None,
            };
            (round, 4, false, step)
        }
        (_, SessionStatus::Review(state)) => {
            use ReviewState::*;
            let step = match state {
                // The committee enters DEBATE as round 1 starts: its first opinions.
                Proposal => "First opinions",
                Debate if round == 1 => "First opinions",
                Debate => "Debate",
                Veto => "Answering a veto",
                Synthesis | Abstain => "Concluding",
                _ => return None,
            };
            (round, REVIEW_MAX_ROUNDS, true, step)
        }
        (Body::Prioritize(body), SessionStatus::Prioritize(state)) => {
            let step = match state {
                PrioritizeState::Champion => "The champion argues",
                PrioritizeState::Critic => "The critic answers",
                PrioritizeState::Moderator => "The moderator ranks",
                _ => return None,
            };
            let rounds = body.config.max_rounds.min(u8::MAX.into()) as u8;
            (round, rounds, true, step)
        }
        _ => return None,
    };
    // A consult plans the rounds of its depth (and never past where the user stops).
    let (fewest, rounds) = match &session.body {
        Body::Consult(body) if !body.cross_examined_anyway => {
            let (fewest, _) = body.config.depth.planned_rounds();
            let last = body.config.last_round();
            (fewest.min(last), last)
        }
        _ => (rounds, rounds),
    };
    Some(Stepper {
        round,
        rounds,
        fewest,
        up_to,
        step,
    })
}
