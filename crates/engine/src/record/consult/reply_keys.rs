//! The keys of the one schema a consult with material sends with every call under structured
//! output (`consult::reply_envelope`): each round's reply under its own key. Here, below the
//! protocol, so the live view can read a streaming reply from its key.

/// The key of round 1's answer.
pub const INDEPENDENT_KEY: &str = "independent_answer";
/// The key of the judge's synthesis (round 2).
pub const SYNTHESIS_KEY: &str = "synthesis";
/// The key of a panelist's cross-examination reply (round 3).
pub const CROSS_EXAM_REPLY_KEY: &str = "cross_exam_reply";
/// The key of the judge's judgment of the cross-examination (round 3).
pub const JUDGMENT_KEY: &str = "cross_exam_judgment";
/// The key of the verdict (round 4).
pub const VERDICT_KEY: &str = "verdict";

/// Every key, in the order the schema lists them.
pub const KEYS: [&str; 5] = [
    INDEPENDENT_KEY,
    SYNTHESIS_KEY,
    CROSS_EXAM_REPLY_KEY,
    JUDGMENT_KEY,
    VERDICT_KEY,
];

/// The key a consult's call of `round` fills: by the judge or by a panelist.
pub fn key_of(round: u8, judge: bool) -> &'static str {
    match (round, judge) {
        (1, _) => INDEPENDENT_KEY,
        (2, _) => SYNTHESIS_KEY,
        (3, false) => CROSS_EXAM_REPLY_KEY,
        (3, true) => JUDGMENT_KEY,
        _ => VERDICT_KEY,
    }
}
