//! A consult's prompts with material (docs/design.md, "Material: what the council reads"): every
//! call of every seat opens with the same bytes, the council's instructions (one system prompt for
//! every seat), then the material, so a provider's prefix cache serves the material from a model's
//! second call on whoever makes it. What differs per seat comes after: the seat's opening (the
//! question, and for the judge the round-1 answers), its part in the council (its role and persona,
//! which were its system prompt), then what is new in the round. The cache breakpoint
//! (`Prompt::cache_prefix`) is the end of the material.
//!
//! With no material a consult's prompts are as they were: the seat's own system prompt first
//! (`consult::prompts`), which its own later calls share.
use crate::foundation::participants::Participant;
use crate::harness::prompt::Prompt;
use crate::material::render::{images, material_block};
use crate::material::seats::sees_images;
use crate::record::sources::Source;

/// The system prompt of every call that carries material: the same for every seat.
pub const MATERIAL_SYSTEM: &str = "You sit on a council that decides a question from the material \
     below. Each source has an id (S1, S2...) and numbered locations (pages, lines, rows). Where \
     you rely on the material, cite it in citations: the source id, the location as labelled, and \
     the exact words you rely on as quote. Every quote is checked against the material in code; a \
     quote that is not there counts for nothing. Your own part in the council follows the \
     material and the question.";

/// `prompt` (as `consult::prompts` built it for `seat`) with the material first. Its own opening
/// (the bytes up to its `cache_prefix`: the question and what a seat's calls share) stays right
/// after the material, its system prompt follows as the seat's part, then the rest. The result
/// takes part in the model's prompt cache up to the end of the material.
pub fn with_material(prompt: Prompt, material: &[Source], seat: &Participant) -> Prompt {
    if material.is_empty() {
        return prompt;
    }
    let sees = sees_images(seat);
    let block = material_block(material, sees);
    let (opening, rest) = prompt.user.split_at(prompt.cache_prefix.unwrap_or(0));
    let user = format!(
        "{block}{opening}Your part in this council:\n{}\n\n{rest}",
        prompt.system.trim_end()
    );
    Prompt {
        system: MATERIAL_SYSTEM.to_string(),
        user,
        cache_prefix: Some(block.len()),
        images: images(material, sees),
        shared_across_seats: true,
    }
}
