//! View models: what the app's views and the exports show, computed here so the rules behind them
//! (what a participant cost, how dissent is ordered, which defence answers which challenge,
//! whether a session can resume, when to ask before a run) are tested natively and shared by every
//! place that shows them.
pub mod consent;
pub mod consult;
pub mod costs;
pub mod prioritize;
pub mod session;
pub mod stance;
pub mod verdict;

pub use consent::{needs_consent, review_needs_consent, ConsentRequest};
pub use consult::{
    challenge_threads, dissent_of, dissent_on_record, severity_name, ChallengeThread,
    CrossExamThreads, DissentEntry,
};
pub use costs::{cost_line, describe_estimate, participant_costs, ParticipantCost};
pub use session::{
    call_notes, invalid_record_notice, record_problems, resume_offer, CallNotes, ResumeOffer,
};
pub use stance::{
    stance_matrix, ColumnKind, StanceColumn, StanceKind, StanceMark, StanceMatrix, StanceRow,
};
pub use verdict::{decision, efficiency_line, percent, ConfidenceMeter, Decision, DissentLine};
