//! Consult as people read it, in the app and the exports alike: the decision, its answers and
//! challenges, the stance matrix, the depth in words, a follow-up and the thread of turns.
pub mod answers;
pub mod copy;
pub mod depth;
pub mod follow_up;
pub mod material;
pub mod stance;
pub mod thread;
pub mod verdict;
pub mod web_sources;
