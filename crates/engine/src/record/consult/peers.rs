//! Bias controls (docs/design.md, "Consult: four rounds (seeds 004, 000)"): in rounds 2-4 a reader
//! (the judge, or a panelist cross-examining) sees its peers as "Panelist A", "Panelist B"...,
//! never by id, persona or model, in an order shuffled for that reader from the seed kept in the
//! record (`ConsultBody::peer_label_seed`), so a resumed session shows every reader the same
//! labels. A panelist sees its own answer and viewpoints as "you".
//!
//! Prompts are built from disguised copies of the artifacts (agent fields and the panelists' own
//! words alike), and every reply is mapped back before it is validated and stored: artifacts,
//! views and exports keep the real ids. A reply may cite a label or a real id; both map to the id.
//! With `config.anonymous_peers` off every name is shown as it is.
use crate::foundation::ids::ParticipantId;
use crate::foundation::shuffle::{seed_from, shuffled};
use crate::record::consult::artifacts::{
    Challenge, CrossExamArtifact, CrossExamReply, IndependentArtifact, Rebuttal, SynthesisArtifact,
    VerdictArtifact,
};
use crate::record::consult::config::ConsultConfig;

/// How a panelist sees itself when peers are anonymous.
pub const OWN_NAME: &str = "you";

/// The names one reader sees.
#[derive(Clone, Debug, PartialEq)]
pub struct PeerLabels {
    /// `(panelist id, label)` in label order; empty when anonymity is off.
    labels: Vec<(String, String)>,
    /// The reader's own id when it is an anonymous panelist (shown as `OWN_NAME`).
    own: Option<String>,
    /// Every panelist id, in panel order.
    panel: Vec<String>,
}

/// "Panelist A" for 0, "Panelist B" for 1... (a council has at most 5 panelists). Not "Answer
/// B": that is how multiple-choice questions name their options, and a label is mapped back to
/// an id wherever a reply writes it, so it must not be a phrase the question's own words use.
pub fn label(index: usize) -> String {
    format!("Panelist {}", char::from(b'A' + (index % 26) as u8))
}

impl PeerLabels {
    /// The labels `reader` (a panelist id or the judge's) sees, drawn from `seed`; real names
    /// when anonymity is off or no seed was drawn.
    pub fn for_reader(config: &ConsultConfig, seed: Option<u32>, reader: &str) -> Self {
        let panel: Vec<String> = config.panelists.iter().map(|p| p.id.to_string()).collect();
        let seed = match seed {
            Some(seed) if config.anonymous_peers => seed,
            _ => {
                return Self {
                    labels: Vec::new(),
                    own: None,
                    panel,
                }
            }
        };
        let peers: Vec<String> = panel.iter().filter(|id| *id != reader).cloned().collect();
        let order = shuffled(peers, u64::from(seed) << 32 | u64::from(seed_from(reader)));
        Self {
            labels: order
                .into_iter()
                .enumerate()
                .map(|(index, id)| (id, label(index)))
                .collect(),
            own: panel.iter().find(|id| *id == reader).cloned(),
            panel,
        }
    }

    pub fn anonymous(&self) -> bool {
        !self.labels.is_empty()
    }

    /// The name the reader sees for panelist `id` (anything else is shown as it is).
    pub fn shown(&self, id: &str) -> String {
        if self.own.as_deref() == Some(id) {
            return OWN_NAME.to_string();
        }
        self.labels
            .iter()
            .find(|(real, _)| real == id)
            .map_or_else(|| id.to_string(), |(_, label)| label.clone())
    }

    /// The panelist id a reply means by `name` (a label, "you", or an id); anything else is
    /// returned as written, for the agent check to refuse.
    pub fn real(&self, name: &str) -> String {
        let name = name.trim();
        if let Some((id, _)) = self
            .labels
            .iter()
            .find(|(_, label)| label.eq_ignore_ascii_case(name))
        {
            return id.clone();
        }
        match &self.own {
            Some(own) if name.eq_ignore_ascii_case(OWN_NAME) => own.clone(),
            _ => name.to_string(),
        }
    }

    /// `shown` of an id an artifact holds: the reader's name for it, where the artifact is shown.
    fn shown_id(&self, id: &ParticipantId) -> ParticipantId {
        self.shown(id.as_str()).into()
    }

    /// `real` of a name a reply wrote where an artifact holds an id.
    fn real_id(&self, name: &ParticipantId) -> ParticipantId {
        self.real(name.as_str()).into()
    }

    /// The names a reply may use for panelists, for the re-ask when it used another.
    pub fn names(&self) -> Vec<String> {
        if self.anonymous() {
            self.labels.iter().map(|(_, label)| label.clone()).collect()
        } else {
            self.panel.clone()
        }
    }

    /// `text` with every panelist id (a whole word) replaced by the name the reader sees.
    pub fn disguise_text(&self, text: &str) -> String {
        if !self.anonymous() {
            return text.to_string();
        }
        let names: Vec<(String, String)> = self
            .panel
            .iter()
            .map(|id| (id.clone(), self.shown(id)))
            .collect();
        replace_words(text, &names)
    }

    /// `text` with every label (a whole word) replaced by the panelist id it stands for.
    pub fn restore_text(&self, text: &str) -> String {
        if !self.anonymous() {
            return text.to_string();
        }
        let ids: Vec<(String, String)> = self
            .labels
            .iter()
            .map(|(id, label)| (label.clone(), id.clone()))
            .collect();
        replace_words(text, &ids)
    }

    fn disguise_all(&self, texts: &[String]) -> Vec<String> {
        texts.iter().map(|t| self.disguise_text(t)).collect()
    }

    fn restore_all(&self, texts: &[String]) -> Vec<String> {
        texts.iter().map(|t| self.restore_text(t)).collect()
    }

    /// The round-1 answers as the reader sees them, in label order (the reader's own first).
    pub fn answers(&self, round1: &[IndependentArtifact]) -> Vec<IndependentArtifact> {
        let mut shown: Vec<(usize, IndependentArtifact)> = round1
            .iter()
            .map(|a| (self.order_of(a.agent_id.as_str()), self.answer(a)))
            .collect();
        shown.sort_by_key(|(order, _)| *order);
        shown.into_iter().map(|(_, answer)| answer).collect()
    }

    pub fn answer(&self, answer: &IndependentArtifact) -> IndependentArtifact {
        IndependentArtifact {
            citations: answer.citations.clone(),
            envelope: answer.envelope.clone(),
            agent_id: self.shown_id(&answer.agent_id),
            position: self.disguise_text(&answer.position),
            key_points: self.disguise_all(&answer.key_points),
            rationale: self.disguise_text(&answer.rationale),
            confidence: answer.confidence,
            final_answer: answer
                .final_answer
                .as_deref()
                .map(|a| self.disguise_text(a)),
            free_text: answer.free_text,
        }
    }

    /// Where `id` stands in what the reader sees: its own first, then label order; panel order
    /// when anonymity is off.
    fn order_of(&self, id: &str) -> usize {
        if self.own.as_deref() == Some(id) {
            return 0;
        }
        let position = if self.anonymous() {
            self.labels.iter().position(|(real, _)| real == id)
        } else {
            self.panel.iter().position(|real| real == id)
        };
        position.map_or(usize::MAX, |p| p + 1)
    }

    pub fn synthesis(&self, synthesis: &SynthesisArtifact) -> SynthesisArtifact {
        let mut shown = synthesis.clone();
        for point in &mut shown.consensus_points {
            point.point = self.disguise_text(&point.point);
            point.supporting_agents = point
                .supporting_agents
                .iter()
                .map(|a| self.shown_id(a))
                .collect();
        }
        for tension in &mut shown.tensions {
            tension.topic = self.disguise_text(&tension.topic);
            for view in &mut tension.viewpoints {
                view.agent = self.shown_id(&view.agent);
                view.viewpoint = self.disguise_text(&view.viewpoint);
            }
        }
        shown.priority_order = self.disguise_all(&shown.priority_order);
        shown
    }

    pub fn challenges(&self, challenges: &[Challenge]) -> Vec<Challenge> {
        challenges
            .iter()
            .map(|c| Challenge {
                citations: c.citations.clone(),
                challenger: self.shown_id(&c.challenger),
                target_agent: self.shown_id(&c.target_agent),
                challenge: self.disguise_text(&c.challenge),
                evidence: self.disguise_all(&c.evidence),
                also_raised_by: c.also_raised_by.iter().map(|a| self.shown_id(a)).collect(),
            })
            .collect()
    }

    /// The defences in label order.
    pub fn rebuttals(&self, rebuttals: &[Rebuttal]) -> Vec<Rebuttal> {
        let mut shown: Vec<(usize, Rebuttal)> = rebuttals
            .iter()
            .map(|r| {
                let rebuttal = Rebuttal {
                    agent: self.shown_id(&r.agent),
                    rebuttal: self.disguise_text(&r.rebuttal),
                    free_text: r.free_text,
                };
                (self.order_of(r.agent.as_str()), rebuttal)
            })
            .collect();
        shown.sort_by_key(|(order, _)| *order);
        shown.into_iter().map(|(_, rebuttal)| rebuttal).collect()
    }

    pub fn cross_exam(&self, cross_exam: &CrossExamArtifact) -> CrossExamArtifact {
        CrossExamArtifact {
            envelope: cross_exam.envelope.clone(),
            challenges: self.challenges(&cross_exam.challenges),
            rebuttals: self.rebuttals(&cross_exam.rebuttals),
            unresolved: self.disguise_all(&cross_exam.unresolved),
        }
    }

    /// A judge's synthesis with the real ids.
    pub fn restore_synthesis(&self, synthesis: &mut SynthesisArtifact) {
        for point in &mut synthesis.consensus_points {
            point.point = self.restore_text(&point.point);
            for agent in &mut point.supporting_agents {
                *agent = self.real_id(agent);
            }
        }
        for tension in &mut synthesis.tensions {
            tension.topic = self.restore_text(&tension.topic);
            for view in &mut tension.viewpoints {
                view.agent = self.real_id(&view.agent);
                view.viewpoint = self.restore_text(&view.viewpoint);
            }
        }
        synthesis.priority_order = self.restore_all(&synthesis.priority_order);
    }

    /// A panelist's cross-examination reply with the real ids.
    pub fn restore_reply(&self, reply: &mut CrossExamReply) {
        for challenge in &mut reply.challenges {
            challenge.target_agent = self.real_id(&challenge.target_agent);
            challenge.challenge = self.restore_text(&challenge.challenge);
            challenge.evidence = self.restore_all(&challenge.evidence);
        }
        reply.defense = self.restore_text(&reply.defense);
    }

    /// The judge's verdict with the real ids.
    pub fn restore_verdict(&self, verdict: &mut VerdictArtifact) {
        verdict.recommendation = self.restore_text(&verdict.recommendation);
        for evidence in &mut verdict.evidence {
            evidence.point = self.restore_text(&evidence.point);
        }
        for dissent in &mut verdict.dissent {
            dissent.agent = self.real_id(&dissent.agent);
            dissent.concern = self.restore_text(&dissent.concern);
        }
    }
}

/// `text` with each whole-word occurrence of a `from` replaced by its `to`, in one pass (so a
/// replacement is never replaced again). A word boundary is anything but a letter, a digit, `-`
/// or `_`, so `panelist-1` is not found inside `panelist-12`.
fn replace_words(text: &str, pairs: &[(String, String)]) -> String {
    let is_word = |c: char| c.is_alphanumeric() || c == '-' || c == '_';
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    let mut after_word = false;
    while let Some(c) = rest.chars().next() {
        let found = (!after_word)
            .then(|| {
                pairs.iter().find(|(from, _)| {
                    !from.is_empty()
                        && rest.starts_with(from.as_str())
                        && !rest[from.len()..].chars().next().is_some_and(is_word)
                })
            })
            .flatten();
        if let Some((from, to)) = found {
            out.push_str(to);
            rest = &rest[from.len()..];
            after_word = from.chars().last().is_some_and(is_word);
        } else {
            out.push(c);
            rest = &rest[c.len_utf8()..];
            after_word = is_word(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::replace_words;

    fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect()
    }

    #[test]
    fn whole_words_are_replaced_once() {
        let swap = pairs(&[("panelist-1", "panelist-2"), ("panelist-2", "Panelist A")]);
        assert_eq!(
            replace_words(
                "panelist-1 and panelist-2, not panelist-12 or xpanelist-1.",
                &swap
            ),
            "panelist-2 and Panelist A, not panelist-12 or xpanelist-1."
        );
        let back = pairs(&[("Panelist A", "panelist-3")]);
        assert_eq!(
            replace_words("Panelist A's point; Panelist Alpha; (Panelist A)", &back),
            "panelist-3's point; Panelist Alpha; (panelist-3)"
        );
    }
}
