//! The free text of each Consult reply, for the harness's prompt-echo check.
use super::{
    CrossExamJudgment, CrossExamReply, IndependentArtifact, SynthesisArtifact, VerdictArtifact,
};
use crate::foundation::validation::{listed, ReplyTexts};

impl ReplyTexts for IndependentArtifact {
    fn reply_texts(&self) -> Vec<(String, &str)> {
        let mut texts = vec![("position".to_string(), self.position.as_str())];
        texts.extend(listed("key_points", &self.key_points));
        texts.push(("rationale".to_string(), &self.rationale));
        texts
    }
}

impl ReplyTexts for SynthesisArtifact {
    fn reply_texts(&self) -> Vec<(String, &str)> {
        let mut texts = Vec::new();
        for (index, c) in self.consensus_points.iter().enumerate() {
            texts.push((format!("consensus_points[{index}].point"), c.point.as_str()));
        }
        for (index, t) in self.tensions.iter().enumerate() {
            texts.push((format!("tensions[{index}].topic"), t.topic.as_str()));
            for (v_index, v) in t.viewpoints.iter().enumerate() {
                let field = format!("tensions[{index}].viewpoints[{v_index}].viewpoint");
                texts.push((field, v.viewpoint.as_str()));
            }
        }
        texts.extend(listed("priority_order", &self.priority_order));
        texts
    }
}

impl ReplyTexts for CrossExamReply {
    fn reply_texts(&self) -> Vec<(String, &str)> {
        let mut texts = Vec::new();
        for (index, c) in self.challenges.iter().enumerate() {
            texts.push((
                format!("challenges[{index}].challenge"),
                c.challenge.as_str(),
            ));
            texts.extend(listed(
                &format!("challenges[{index}].evidence"),
                &c.evidence,
            ));
        }
        texts.push(("defense".to_string(), &self.defense));
        texts
    }
}

/// Numbers only.
impl ReplyTexts for CrossExamJudgment {
    fn reply_texts(&self) -> Vec<(String, &str)> {
        Vec::new()
    }
}

impl ReplyTexts for VerdictArtifact {
    fn reply_texts(&self) -> Vec<(String, &str)> {
        let mut texts = vec![("recommendation".to_string(), self.recommendation.as_str())];
        for (index, e) in self.evidence.iter().enumerate() {
            texts.push((format!("evidence[{index}]"), e.point.as_str()));
        }
        for (index, d) in self.dissent.iter().enumerate() {
            texts.push((format!("dissent[{index}].concern"), d.concern.as_str()));
        }
        texts
    }
}
