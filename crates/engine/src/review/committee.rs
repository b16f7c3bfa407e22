//! The review committee: who sits on it for a change of a given size, what each persona looks at,
//! and who may veto what. The personas themselves are stored data (`record::review::committee`).
use crate::record::review::committee::ReviewerRole;
use serde::{Deserialize, Serialize};

/// How big the change is, by the number of changed files.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ChangeSize {
    /// At most 3 files.
    Low,
    Medium,
    /// More than 10 files.
    High,
}

pub const LOW_MAX_FILES: usize = 3;
pub const HIGH_MIN_FILES: usize = 11;

impl ChangeSize {
    pub fn of(changed_files: usize) -> ChangeSize {
        if changed_files <= LOW_MAX_FILES {
            ChangeSize::Low
        } else if changed_files < HIGH_MIN_FILES {
            ChangeSize::Medium
        } else {
            ChangeSize::High
        }
    }
}

impl ReviewerRole {
    /// The committee elected for a change of this size (docs/design.md, "Review: deliberation state
    /// machine (seed 002)").
    pub fn elected(size: ChangeSize) -> Vec<ReviewerRole> {
        use ReviewerRole::*;
        match size {
            ChangeSize::Low => vec![Architect, Sre],
            ChangeSize::Medium => vec![Architect, KnowledgeManager, BusinessDriver, Sre],
            ChangeSize::High => Self::ALL.to_vec(),
        }
    }

    /// What the persona looks at; goes into its system prompt.
    pub fn focus(self) -> &'static str {
        match self {
            Self::Architect => "structure, correctness, coupling, error handling and whether the change will hold up as the code grows",
            Self::Sre => "security, secrets, failure modes, observability, resource use and what happens in production at 3 a.m.",
            Self::KnowledgeManager => "the project's rules and conventions, naming, documentation and tests that explain the change",
            Self::BusinessDriver => "the cost of delay: what shipping now or later is worth, and compromises that ship value safely",
            Self::ProductManager => "whether the change does what users need, its scope, and what it leaves out",
            Self::DesignHci => "what people see and do: usability, accessibility, wording and consistency of the interface",
        }
    }

    /// What this persona may veto, if anything.
    pub fn veto_ground(self) -> Option<&'static str> {
        match self {
            Self::Sre => Some("a hard-coded secret"),
            Self::KnowledgeManager => Some("a violation of the project's rules"),
            Self::Architect => Some("a critical finding"),
            _ => None,
        }
    }
}
