//! View models: what the app's views and the exports show, computed here so the rules behind them
//! (what a participant cost, how dissent is ordered, which defence answers which challenge,
//! whether a session can resume, when to ask before a run, how a seat becomes a participant,
//! how Review's findings and committee are laid out) are tested natively and shared by every
//! place that shows them. The app's components only render these.
pub mod benchmark;
pub mod benchmark_choice;
pub mod benchmark_cost;
pub mod consent;
pub mod consult;
pub mod costs;
pub mod depth;
pub mod failure;
pub mod follow_up;
pub mod health;
pub mod key_limit;
pub mod live;
pub mod prioritize;
pub mod review;
pub mod seats;
pub mod session;
pub mod stance;
pub mod verdict;

pub use consent::{
    check_prioritize, needs_consent, prioritize_consent, prioritize_questions,
    review_needs_consent, start_anyway, ConsentRequest,
};
pub use consult::{
    challenge_threads, dissent_of, dissent_on_record, position_cards, severity_name,
    ChallengeThread, CrossExamThreads, DissentEntry, PositionCard, FREE_TEXT_LABEL,
};
pub use costs::{
    cache_note, cost_line, describe_calls, describe_estimate, participant_costs, price_entry,
    price_entry_with_cache, session_cache_note, session_cost_line, ParticipantCost,
};
pub use failure::{failure_report, FailureReport, Problem, ProviderRef};
pub use follow_up::{earlier_decision, follow_up_form, follow_up_of_line, seats_of, FollowUpForm};
pub use health::{seats_known_to_fail, Health, SeatToCheck};
pub use key_limit::{check_key_limits, worst_case_usd, KeyLimit, KeyLimitCheck};
pub use seats::{
    consult_seats, council_participants, judge_model_warning, labelled_council, panelist_label,
    partner_seats, seat_label, Seat, SeatCatalog, SeatProvider,
};
pub use session::{
    call_notes, failed_calls, heading, invalid_record_notice, record_problems, recorded_calls,
    resume_offer, state_words, tab_title, was_cancelled, CallNotes, FailedCall, ResumeOffer,
};
pub use stance::{
    stance_matrix, ColumnKind, StanceColumn, StanceKind, StanceMark, StanceMatrix, StanceRow,
};
pub use verdict::{
    answer_above, confidence_chip, confidence_why, decision, dissent_level, dissent_summary,
    efficiency_line, one_line_answer, percent, recommendation_below, ConfidenceMeter, Decision,
    DissentLine, WhyLine,
};
