//! The six reviewer personas a review's committee is made of, by id and name (who sits for a change
//! of a given size, what each looks at and who may veto what are the protocol's, `review::committee`).
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

impl ReviewerRole {
    pub const ALL: [ReviewerRole; 6] = [
        ReviewerRole::Architect,
        ReviewerRole::Sre,
        ReviewerRole::KnowledgeManager,
        ReviewerRole::BusinessDriver,
        ReviewerRole::ProductManager,
        ReviewerRole::DesignHci,
    ];

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
}
