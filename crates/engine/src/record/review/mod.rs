//! Review's part of the session record: the committee's settings, the code and its amendments, the
//! secret-scan facts, each round's opinions and the verdict, and the review's states. How they are
//! made (parsing replies, grounding findings, the quorum) is the Review protocol's, a layer above.
pub mod body;
pub mod committee;
pub mod reply;
pub mod state;
