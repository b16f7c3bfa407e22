//! Round 3: each panelist cross-examines the synthesis from its own answer; then the judge merges
//! the replies into one record.
use serde::Serialize;

use super::{json_lines, panelist_system, reply_format, to_json, Prompt, JUDGE_SYSTEM};
use crate::consult::artifacts::{CrossExamReply, IndependentArtifact, SynthesisArtifact};
use crate::participants::Participant;

const PANELIST_SHAPE: &str = r#"{"challenges": [{"target_agent": "<agent id whose view you dispute>", "challenge": "<what is wrong, and why it matters>", "evidence": ["<fact or reasoning that supports the challenge>"]}], "defense": "<why your position holds, or why you endorse the consensus>"}"#;

const MERGE_SHAPE: &str = r#"{"challenges": [{"challenger": "<agent id who raised it>", "target_agent": "<agent id challenged>", "challenge": "<the challenge>", "evidence": ["<its evidence>"]}], "rebuttals": [{"agent": "<agent id>", "rebuttal": "<their defense>"}], "unresolved": ["<a challenge no rebuttal answers, stated briefly>"]}"#;

/// `synthesis` is what the panelist is shown: filtered unless the session is verbose.
pub fn cross_exam(
    question: &str,
    panelist: &Participant,
    own_answer: &IndependentArtifact,
    synthesis: &SynthesisArtifact,
) -> Prompt {
    Prompt {
        system: panelist_system(panelist),
        user: format!(
            "Question:\n{question}\n\nYour answer in round 1:\n{}\n\nThe judge's synthesis of \
             the panel:\n{}\n\nCross-examine it. Where the consensus ignores or contradicts your \
             key points, challenge it: name the agent whose view you dispute (target_agent), say \
             what is wrong and give your evidence. Defend your position where it holds. If you \
             have nothing to challenge, return an empty challenges list and say in defense why \
             you endorse the consensus.\n\n{}",
            to_json(own_answer),
            to_json(synthesis),
            reply_format(PANELIST_SHAPE)
        ),
    }
}

#[derive(Serialize)]
struct AttributedReply<'a> {
    agent: &'a str,
    #[serde(flatten)]
    reply: &'a CrossExamReply,
}

/// `replies` are (panelist id, reply) in panel order; `synthesis` is the version they examined.
pub fn cross_exam_merge(
    question: &str,
    synthesis: &SynthesisArtifact,
    replies: &[(String, CrossExamReply)],
) -> Prompt {
    let attributed: Vec<AttributedReply> = replies
        .iter()
        .map(|(agent, reply)| AttributedReply { agent, reply })
        .collect();
    Prompt {
        system: JUDGE_SYSTEM.to_string(),
        user: format!(
            "Question:\n{question}\n\nThe synthesis the panelists examined:\n{}\n\nTheir \
             cross-examination replies, one JSON object per line (agent names the panelist):\n{}\n\n\
             Merge them into one record.\n\
             - challenges: every challenge raised, as given, with challenger set to the panelist \
             who raised it.\n\
             - rebuttals: each panelist's defense, with agent set to that panelist.\n\
             - unresolved: the challenges that no rebuttal answers, each stated briefly.\n\
             If nobody raised a challenge, challenges and unresolved are empty lists.\n\n{}",
            to_json(synthesis),
            json_lines(&attributed),
            reply_format(MERGE_SHAPE)
        ),
    }
}
