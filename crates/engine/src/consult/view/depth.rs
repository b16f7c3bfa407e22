//! How the forms offer a consult's depth (docs/design.md, "Depth by need: convene only when in
//! doubt"): each depth in words, for the Advanced choice and the panel builder, and the council
//! chip's word for it.
use crate::record::consult::depth::Depth;

/// The Advanced choice's extra option: round 1 alone, no judge.
pub const ANSWERS_ONLY: &str = "Independent answers only (round 1)";

/// What `depth` does, in a line: "Adaptive: cross-examine only when the panel disagrees".
pub fn depth_choice(depth: Depth) -> &'static str {
    match depth {
        Depth::Adaptive => "Adaptive: cross-examine only when the panel disagrees",
        Depth::Vote => "Vote: answers and a synthesis, decided in code",
        Depth::Full => "Full: all four rounds to a verdict",
    }
}

/// The council chip's word for a consult that goes `depth` deep and stops after
/// `stop_after_round`: "Adaptive", "Vote", "Full", or "Answers only" for round 1 alone.
pub fn depth_chip(depth: Depth, stop_after_round: u8) -> &'static str {
    if stop_after_round <= 1 {
        "Answers only"
    } else {
        depth.label()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_depth_is_offered_in_words_and_round_one_alone_is_named_on_the_chip() {
        for depth in Depth::ALL {
            assert!(depth_choice(depth).starts_with(depth.label()));
            assert_eq!(depth_chip(depth, 4), depth.label());
            assert_eq!(depth_chip(depth, 1), "Answers only");
        }
    }
}
