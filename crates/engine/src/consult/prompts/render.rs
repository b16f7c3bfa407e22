//! Artifacts as a model reads them in a prompt: plain numbered text, every field in its order,
//! without the JSON punctuation and repeated keys that cost tokens and say nothing. The envelope
//! (type, version, round, timestamp) is the engine's bookkeeping and is left out.
use std::fmt::Write;

use crate::record::consult::artifacts::{
    Challenge, CrossExamArtifact, IndependentArtifact, Rebuttal, SynthesisArtifact,
};

fn percent(fraction: f64) -> String {
    format!("{:.0}%", fraction * 100.0)
}

/// One answer: position, key points, rationale, confidence, in the order the panelist wrote them;
/// an answer in free text as its words alone, said to be free text (it has no fields to show).
pub fn answer(answer: &IndependentArtifact) -> String {
    if answer.free_text {
        return format!(
            "{} (answered in free text, without key points or a confidence of its own):\n{}",
            answer.agent_id, answer.position
        );
    }
    let mut text = format!("{}: {}\nKey points:", answer.agent_id, answer.position);
    for point in &answer.key_points {
        let _ = write!(text, "\n- {point}");
    }
    let _ = write!(
        text,
        "\nRationale: {}\nConfidence: {}",
        answer.rationale,
        percent(answer.confidence)
    );
    // Only a consult that asks for final answers has them (the Benchmark's).
    if let Some(final_answer) = &answer.final_answer {
        let _ = write!(text, "\nFinal answer: {final_answer}");
    }
    text
}

pub fn answers(round1: &[IndependentArtifact]) -> String {
    round1.iter().map(answer).collect::<Vec<_>>().join("\n\n")
}

/// Which tension viewpoints a prompt spells out. Filtering leaves out what the reader already has
/// in full: its own answer (round 3), or every answer (round 4).
#[derive(Clone, Copy)]
pub enum Viewpoints<'a> {
    All,
    /// All but this agent's, which is its own answer, shown in full in the same prompt.
    AllBut(&'a str),
    /// Only who takes part: every answer is shown in full in the same prompt.
    NamesOnly,
}

pub fn synthesis(synthesis: &SynthesisArtifact, viewpoints: Viewpoints) -> String {
    synthesis_numbered(synthesis, viewpoints, |index| (index + 1).to_string())
}

/// `synthesis`, each tension numbered by `tension_number` (of its place in `synthesis`).
pub fn synthesis_numbered(
    synthesis: &SynthesisArtifact,
    viewpoints: Viewpoints,
    tension_number: impl Fn(usize) -> String,
) -> String {
    let mut text = String::from("Consensus points:");
    if synthesis.consensus_points.is_empty() {
        text.push_str(" none");
    }
    for (index, c) in synthesis.consensus_points.iter().enumerate() {
        let _ = write!(
            text,
            "\n{}. {} (held by {}; {})",
            index + 1,
            c.point,
            c.supporting_agents.join(", "),
            percent(c.confidence)
        );
    }
    text.push_str(match viewpoints {
        Viewpoints::NamesOnly => "\nTensions (each side's view is in its answer):",
        _ => "\nTensions:",
    });
    if synthesis.tensions.is_empty() {
        text.push_str(" none");
    }
    for (index, t) in synthesis.tensions.iter().enumerate() {
        let _ = write!(text, "\n{}. {}", tension_number(index), t.topic);
        match viewpoints {
            Viewpoints::NamesOnly => {
                let agents: Vec<&str> = t.viewpoints.iter().map(|v| v.agent.as_str()).collect();
                let _ = write!(text, " ({})", agents.join(", "));
            }
            Viewpoints::All | Viewpoints::AllBut(_) => {
                for v in &t.viewpoints {
                    if matches!(viewpoints, Viewpoints::AllBut(own) if own == v.agent) {
                        text.push_str("\n   you: as in your answer");
                    } else {
                        let _ = write!(text, "\n   {}: {}", v.agent, v.viewpoint);
                    }
                }
            }
        }
    }
    if !synthesis.priority_order.is_empty() {
        text.push_str("\nPriorities, most important first:");
        for (index, p) in synthesis.priority_order.iter().enumerate() {
            let _ = write!(text, "\n{}. {p}", index + 1);
        }
    }
    text
}

/// The unresolved points first, numbered `U1`, `U2`, … in the order of `unresolved` (each with its
/// challenger, target and evidence when it is one of the challenges shown), then the answered
/// challenges, then the defences.
pub fn cross_exam(cross_exam: &CrossExamArtifact) -> String {
    let mut text = String::from("Unresolved points (challenges no defence answered):");
    if cross_exam.unresolved.is_empty() {
        text.push_str(" none");
    }
    for (index, point) in cross_exam.unresolved.iter().enumerate() {
        let _ = write!(text, "\nU{}. ", index + 1);
        match cross_exam.challenges.iter().find(|c| &c.challenge == point) {
            Some(c) => {
                challenge(&mut text, c);
                if !c.evidence.is_empty() {
                    let _ = write!(text, "\n   Evidence: {}", c.evidence.join("; "));
                }
            }
            None => text.push_str(point),
        }
    }
    text.push_str("\nAnswered challenges:");
    let answered: Vec<&Challenge> = cross_exam
        .challenges
        .iter()
        .filter(|c| !cross_exam.unresolved.contains(&c.challenge))
        .collect();
    if answered.is_empty() {
        text.push_str(" none");
    }
    for c in answered {
        text.push_str("\n- ");
        challenge(&mut text, c);
    }
    text.push_str("\nDefences:");
    if cross_exam.rebuttals.is_empty() {
        text.push_str(" none");
    }
    for r in &cross_exam.rebuttals {
        let _ = write!(text, "\n{}{}: {}", r.agent, free_text_mark(r), r.rebuttal);
    }
    text
}

/// " (free text)" after the name of a panelist whose defence is its words in prose.
pub fn free_text_mark(rebuttal: &Rebuttal) -> &'static str {
    if rebuttal.free_text {
        " (free text)"
    } else {
        ""
    }
}

fn challenge(text: &mut String, c: &Challenge) {
    let _ = write!(text, "{} challenges {}", c.challenger, c.target_agent);
    if !c.also_raised_by.is_empty() {
        let _ = write!(text, " (also raised by {})", c.also_raised_by.join(", "));
    }
    let _ = write!(text, ": {}", c.challenge);
}
