//! "Did it hold?": the track record of the user's own decisions (docs/design.md, "Outcomes: did it
//! hold?"), computed from the records. Each finished decision is read once (`decisions`), the
//! figures are tallied from them (`figures`: per council and per depth, the share right with
//! Wilson's interval, partly counting half; the stated confidence against the outcomes; early
//! decisions against cross-examined ones on the same councils; cost per right decision) and put
//! into words for the view (`view`). Below `figures::MIN_JUDGED` judged decisions it says so
//! instead.
//!
//! On top, beside the library: it reads every protocol's record.
pub mod decisions;
pub mod figures;
pub mod view;
