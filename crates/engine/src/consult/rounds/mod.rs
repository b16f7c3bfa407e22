//! Consult's four rounds, one file each, and what only they need from the harness.
pub(super) mod cross_exam;
pub(super) mod independent;
pub(super) mod member;
pub(super) mod synthesis;
pub(super) mod verdict;

use serde_json::{Map, Value};

use super::ConsultRun;
use crate::foundation::ids::ParticipantId;
use crate::harness::run::Stop;
use crate::record::consult::artifacts::{ArtifactEnvelope, ArtifactKind};
use crate::record::consult::body::ConsultBody;
use crate::record::consult::peers::PeerLabels;
use crate::record::consult::state::ConsultState;

impl ConsultRun<'_> {
    /// True when `round` is still to run: after the last complete one, up to where the user stops.
    pub(super) fn wants(&self, round: u8) -> bool {
        round > self.body(ConsultBody::last_complete_round) && round <= self.config.stop_after_round
    }

    fn enter_round(&self, round: u8) -> Result<(), Stop> {
        let state = ConsultState::for_round(round)
            .ok_or_else(|| Stop::Failed(format!("There is no round {round} in a consult.")))?;
        self.begin_round(round, state)
    }

    /// The envelope of an artifact made now, as JSON fields to set on the model's reply.
    fn envelope_fields(&self, kind: ArtifactKind) -> Map<String, Value> {
        ArtifactEnvelope::new(kind, self.now()).to_fields()
    }

    /// The names `reader` sees its peers by (see `peers`).
    fn peer_labels(&self, reader: &ParticipantId) -> PeerLabels {
        PeerLabels::for_reader(
            &self.config,
            self.body(|b| b.peer_label_seed),
            reader.as_str(),
        )
    }

    /// Every agent id an artifact names (mapped back from the reader's `labels`) must be a
    /// panelist: `Err` is the sentence for the re-ask, naming panelists as the reader sees them.
    fn check_agents<'i>(
        &self,
        labels: &PeerLabels,
        ids: impl IntoIterator<Item = &'i str>,
    ) -> Result<(), String> {
        let panel: Vec<&str> = self
            .config
            .panelists
            .iter()
            .map(|p| p.id.as_str())
            .collect();
        match ids.into_iter().find(|id| !panel.contains(id)) {
            None => Ok(()),
            Some(unknown) => Err(format!(
                "The reply names \"{unknown}\", who is not on the panel; use only these names: {}.",
                labels.names().join(", ")
            )),
        }
    }
}
