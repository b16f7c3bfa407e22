//! Which council new consults use: a depth of the council of the providers, a kept council, or
//! one model alone. One model alone overrides the rest, so choosing a depth or a
//! kept council leaves it: otherwise the page would say "New consults now use Vote" while they
//! still ask one model. Each choice is taken as a whole (`CouncilChoice`), so Undo puts back
//! exactly what was there before.
use consilium_engine::record::consult::depth::Depth;
use consilium_engine::views::seats::KeptCouncil;

use super::{ModelAlone, Settings};

/// Everything that decides the council of new consults, as one value Undo can restore.
#[derive(Clone, Debug, PartialEq)]
pub struct CouncilChoice {
    pub depth: Depth,
    pub alone: Option<ModelAlone>,
    pub kept_council: Option<serde_json::Value>,
}

impl Settings {
    pub fn council_choice(&self) -> CouncilChoice {
        CouncilChoice {
            depth: self.depth,
            alone: self.alone.clone(),
            kept_council: self.kept_council.clone(),
        }
    }

    pub fn restore_council_choice(&mut self, choice: CouncilChoice) {
        self.depth = choice.depth;
        self.alone = choice.alone;
        self.kept_council = choice.kept_council;
    }

    /// A depth is the council's: new consults go back to the council of the providers.
    pub fn choose_depth(&mut self, depth: Depth) {
        self.depth = depth;
        self.alone = None;
    }

    /// A kept council (None: a new council on the providers in turn) is a council, not one model.
    pub fn choose_kept_council(&mut self, council: Option<KeptCouncil>) {
        self.kept_council = council.and_then(|c| serde_json::to_value(c).ok());
        self.alone = None;
    }

    /// The kept council, read from what was stored (None when there is none, or it no longer
    /// reads: then new consults take a new council on the providers).
    pub fn kept(&self) -> Option<KeptCouncil> {
        let stored = self.kept_council.as_ref()?;
        serde_json::from_value(stored.clone()).ok()
    }

    /// One model alone (None: the council of the providers again).
    pub fn choose_alone(&mut self, alone: Option<ModelAlone>) {
        self.alone = alone;
    }

    /// Whether new consults use `depth` on a council (never while one model alone is asked).
    pub fn uses_depth(&self, depth: Depth) -> bool {
        self.alone.is_none() && self.depth == depth
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn alone() -> ModelAlone {
        ModelAlone {
            provider_id: "p-1".into(),
            model: "gpt-4o".into(),
        }
    }

    #[test]
    fn a_depth_or_a_kept_council_leaves_one_model_alone() {
        let mut settings = Settings::default();
        settings.choose_alone(Some(alone()));
        assert!(!settings.uses_depth(settings.depth));
        settings.choose_depth(Depth::Vote);
        assert_eq!(settings.alone, None);
        assert!(settings.uses_depth(Depth::Vote));

        settings.choose_alone(Some(alone()));
        settings.choose_kept_council(None);
        assert_eq!(settings.alone, None);
    }

    #[test]
    fn undo_puts_back_the_whole_choice() {
        let mut settings = Settings::default();
        settings.choose_alone(Some(alone()));
        let before = settings.council_choice();
        settings.choose_depth(Depth::Full);
        assert_ne!(settings.council_choice(), before);
        settings.restore_council_choice(before.clone());
        assert_eq!(settings.council_choice(), before);
        assert_eq!(settings.alone, Some(alone()));
    }
}
