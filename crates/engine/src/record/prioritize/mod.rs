//! Prioritize's part of the session record: the partners and settings, the backlog, the debate in
//! seed 003's shape, the round in progress, and the prioritization's states. The debate that fills
//! them is the Prioritize protocol's, a layer above.
pub mod backlog;
pub mod body;
pub mod debate;
pub mod state;
