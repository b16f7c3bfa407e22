//! The prompts of each round. Artifacts are embedded as compact JSON without their envelope (what
//! the model reads is what the token estimate counts). The reply's shape goes once: as the
//! structured-output schema when that is on (then the prompt only points to it, and no template is
//! shown that a model could copy), else as a compact shape at the end of the prompt.
mod cross_exam;
mod independent;
mod synthesis;
mod verdict;

use serde::Serialize;
use serde_json::Value;

use crate::consult::artifacts::ENVELOPE_FIELDS;
use crate::participants::Participant;

pub use cross_exam::{cross_exam, cross_exam_judgment};
pub use independent::independent;
pub use synthesis::synthesis;
pub use verdict::verdict;

pub use crate::harness::prompt::Prompt;

const REPLY_FORMAT: &str = "Reply with one JSON object and nothing else (no prose, no code fence)";

/// The closing instruction: the schema gives the shape when `structured_output` is on, else the
/// compact `shape` (types, not sample text) does.
fn reply_format(shape: &str, structured_output: bool) -> String {
    if structured_output {
        format!("{REPLY_FORMAT}, as the response schema describes.")
    } else {
        format!("{REPLY_FORMAT}, in this shape:\n{shape}")
    }
}

/// Compact JSON of what a model needs to read: an artifact's envelope (type, version, round,
/// timestamp) is the engine's bookkeeping and is left out, which saves tokens in every prompt.
fn to_json<T: Serialize>(value: &T) -> String {
    let mut value =
        serde_json::to_value(value).expect("artifacts serialise: string keys, finite numbers");
    if let Value::Object(fields) = &mut value {
        for envelope_field in ENVELOPE_FIELDS {
            // shift_remove keeps the other keys in order (remove would swap the last one in).
            fields.shift_remove(envelope_field);
        }
    }
    value.to_string()
}

fn json_lines<T: Serialize>(items: &[T]) -> String {
    items.iter().map(to_json).collect::<Vec<_>>().join("\n")
}

/// A panelist's system prompt, in rounds 1 and 3 alike: who it is and the angle it argues from.
fn panelist_system(panelist: &Participant) -> String {
    let mut system = format!(
        "You are {}, a panelist on a council convened to answer a hard question. Be concrete, \
         honest about uncertainty, and brief.",
        panelist.id
    );
    if let Some(persona) = &panelist.persona {
        system.push_str(&format!(
            "\n\nYour perspective: {}. {}",
            persona.name, persona.instructions
        ));
    }
    system
}

const JUDGE_SYSTEM: &str = "You are the judge of a council of panelists. You are impartial: you \
                            weigh what the panelists said and do not add opinions of your own. \
                            Refer to panelists by their agent ids (such as panelist-1).";
