//! View models: what the app's views and the exports show, computed here so the rules behind them
//! (what a participant cost, how dissent is ordered, which defence answers which challenge,
//! whether a session can resume, when to ask before a run) are tested natively and shared by every
//! place that shows them.
pub mod consult;
pub mod costs;
pub mod session;

pub use consult::{
    challenge_threads, dissent_of, dissent_on_record, severity_name, ChallengeThread,
    CrossExamThreads, DissentEntry,
};
pub use costs::{cost_line, describe_estimate, needs_consent, participant_costs, ParticipantCost};
pub use session::{invalid_record_notice, record_problems, resume_offer, ResumeOffer};
