//! The review committee: six reviewer personas, who sits on it for a change of a given size, and
//! who may veto what.
use serde::{Deserialize, Serialize};

/// A reviewer persona. Its id (`architect`, `sre`, ...) is also its participant id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReviewerRole {
    Architect,
    Sre,
    KnowledgeManager,
    BusinessDriver,
    ProductManager,
    DesignHci,
}

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
    pub const ALL: [ReviewerRole; 6] = [
        ReviewerRole::Architect,
        ReviewerRole::Sre,
        ReviewerRole::KnowledgeManager,
        ReviewerRole::BusinessDriver,
        ReviewerRole::ProductManager,
        ReviewerRole::DesignHci,
    ];

    /// The committee elected for a change of this size (DESIGN.md, Review).
    pub fn elected(size: ChangeSize) -> Vec<ReviewerRole> {
        use ReviewerRole::*;
        match size {
            ChangeSize::Low => vec![Architect, Sre],
            ChangeSize::Medium => vec![Architect, KnowledgeManager, BusinessDriver, Sre],
            ChangeSize::High => Self::ALL.to_vec(),
        }
    }

    pub fn id(self) -> &'static str {
        match self {
            Self::Architect => "architect",
            Self::Sre => "sre",
            Self::KnowledgeManager => "knowledge_manager",
            Self::BusinessDriver => "business_driver",
            Self::ProductManager => "product_manager",
            Self::DesignHci => "design_hci",
        }
    }

    pub fn from_id(id: &str) -> Option<ReviewerRole> {
        Self::ALL.into_iter().find(|role| role.id() == id)
    }

    pub fn name(self) -> &'static str {
        match self {
            Self::Architect => "Engineering Architect",
            Self::Sre => "Operations/SRE",
            Self::KnowledgeManager => "Knowledge Manager",
            Self::BusinessDriver => "Business Driver",
            Self::ProductManager => "Product Manager",
            Self::DesignHci => "Design/HCI",
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
