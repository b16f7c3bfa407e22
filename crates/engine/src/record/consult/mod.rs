//! Consult's part of the session record: the council's settings, each round's artifact, the
//! confidence check and the filtering savings, and the consult's states. The rounds that make
//! them are the Consult protocol's, a layer above.
pub mod artifacts;
pub mod body;
pub mod confidence;
pub mod config;
pub mod depth;
pub mod early_decision;
pub mod efficiency;
pub mod filter_limits;
pub mod follow_up;
pub mod member_turn;
pub mod peers;
pub mod reply_keys;
pub mod state;
