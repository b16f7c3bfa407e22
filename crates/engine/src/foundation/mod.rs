//! Leaves that know nothing of sessions: time, money, token estimates, validation, who takes part,
//! a seeded shuffle, counted nouns, lists and sizes in words.
pub mod counted;
pub mod ids;
pub mod money;
pub mod participants;
pub mod shuffle;
pub mod timestamp;
pub mod tokens;
pub mod validation;
pub mod words;
