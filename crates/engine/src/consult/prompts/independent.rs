//! Round 1: each panelist answers alone.
use super::{panelist_system, reply_format, Prompt};
use crate::participants::Participant;

const SHAPE: &str = r#"{"position": string, "key_points": [string, ...], "rationale": string, "confidence": integer 0-100}"#;

pub fn independent(question: &str, panelist: &Participant, structured_output: bool) -> Prompt {
    Prompt {
        system: panelist_system(panelist),
        user: format!(
            "Question:\n{question}\n\nAnswer on your own: you have not seen anyone else's answer. \
             Give your position, the key points behind it (at least one), your rationale, and how \
             confident you are.{}",
            reply_format(SHAPE, structured_output)
        ),
    }
}
