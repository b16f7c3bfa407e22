//! A stored consultation checked again when it is opened or resumed: a record edited by hand (or
//! damaged) must not show or continue from artifacts the run would have refused. The checks are
//! the run's own: each artifact's validation, agent ids that are panel members, rounds in order,
//! and a computed confidence that follows from the record.
use super::confidence::{confidence_rule, strong_agreement};
use crate::foundation::validation::ValidationError;
use crate::record::consult::artifacts::Dissent;
use crate::record::consult::body::ConsultBody;

/// Every problem found, as a sentence each; empty when the record is sound.
pub fn stored_consult_problems(body: &ConsultBody) -> Vec<String> {
    let mut problems = Vec::new();
    let panel: Vec<&str> = body
        .config
        .panelists
        .iter()
        .map(|p| p.id.as_str())
        .collect();
    let check_agents = |what: &str, ids: Vec<&str>, problems: &mut Vec<String>| {
        for id in ids {
            if !panel.contains(&id) {
                problems.push(format!("{what} names \"{id}\", who is not on the panel."));
            }
        }
    };
    let mut invalid = |what: &str, result: Result<(), ValidationError>| {
        if let Err(error) = result {
            problems.push(format!("{what}: {error}"));
        }
    };

    for answer in &body.round1 {
        invalid(
            &format!("Round 1 answer of {}", answer.agent_id),
            answer.validate(),
        );
    }
    if let Some(synthesis) = &body.round2 {
        invalid("Round 2 synthesis", synthesis.validate());
    }
    if let Some(cross_exam) = &body.round3 {
        invalid("Round 3 cross-examination", cross_exam.validate());
    }
    if let Some(verdict) = &body.round4 {
        invalid("Round 4 verdict", verdict.validate());
    }
    if let Some(early) = &body.early_decision {
        invalid("The early decision", early.decision.validate());
    }

    let mut answered: Vec<&str> = Vec::new();
    for answer in &body.round1 {
        if answered.contains(&answer.agent_id.as_str()) {
            problems.push(format!("Round 1 has two answers from {}.", answer.agent_id));
        }
        answered.push(answer.agent_id.as_str());
    }
    check_agents("Round 1", answered, &mut problems);
    if let Some(synthesis) = &body.round2 {
        let ids = synthesis.named_agents().collect();
        check_agents("Round 2 synthesis", ids, &mut problems);
    }
    if let Some(cross_exam) = &body.round3 {
        let ids = cross_exam
            .challenges
            .iter()
            .flat_map(|c| [c.challenger.as_str(), c.target_agent.as_str()])
            .chain(cross_exam.rebuttals.iter().map(|r| r.agent.as_str()))
            .collect();
        check_agents("Round 3 cross-examination", ids, &mut problems);
    }
    if let Some(verdict) = &body.round4 {
        let ids = verdict.dissent.iter().map(|d| d.agent.as_str()).collect();
        check_agents("Round 4 verdict", ids, &mut problems);
    }

    if let Some(early) = &body.early_decision {
        let ids = early
            .decision
            .dissent
            .iter()
            .map(|d| d.agent.as_str())
            .collect();
        check_agents("The early decision", ids, &mut problems);
        if body.round3.is_some() || body.round4.is_some() {
            problems.push("An early decision is stored beside rounds 3 and 4.".to_string());
        }
    }

    problems.extend(rounds_out_of_order(body));
    problems.extend(confidence_contradicted(body));
    problems
}

fn rounds_out_of_order(body: &ConsultBody) -> Vec<String> {
    let stored = [
        !body.round1.is_empty() && body.round1.len() >= body.config.answers_needed(),
        body.round2.is_some(),
        body.round3.is_some(),
        body.round4.is_some(),
    ];
    (1..stored.len())
        .filter(|&later| stored[later] && !stored[later - 1])
        .map(|later| format!("Round {} is stored without round {later}.", later + 1))
        .collect()
}

/// The stored check must be the one its record gives: the judge's number as the verdict says, and
/// the computed one as the rules give for the dissent on record (the judge's and the added).
fn confidence_contradicted(body: &ConsultBody) -> Option<String> {
    let (verdict, check) = match (&body.round4, &body.confidence_check) {
        (None, None) => return None,
        (Some(_), None) => return Some("The verdict has no confidence check.".to_string()),
        (None, Some(_)) => {
            return Some("A confidence check is stored without a verdict.".to_string())
        }
        (Some(verdict), Some(check)) => (verdict, check),
    };
    if (check.judge_confidence - verdict.confidence).abs() > 1e-9 {
        return Some(format!(
            "The confidence check says the judge gave {:.0}%, the verdict {:.0}%.",
            check.judge_confidence * 100.0,
            verdict.confidence * 100.0
        ));
    }
    let (Some(synthesis), Some(cross_exam)) = (&body.round2, &body.round3) else {
        return None; // reported as rounds out of order
    };
    let dissent: Vec<Dissent> = verdict
        .dissent
        .iter()
        .chain(&check.added_dissent)
        .cloned()
        .collect();
    let everyone_answered = body
        .config
        .panelists
        .iter()
        .all(|p| body.round1.iter().any(|a| a.agent_id == p.id));
    // A record made before floors were earned stores no gaps: its floor stood, as it was computed.
    let floor_earned = check.agreement_gaps.is_empty();
    let strong =
        floor_earned && everyone_answered && strong_agreement(&body.round1, synthesis, cross_exam);
    let (expected, _) = confidence_rule(verdict.confidence, &dissent, floor_earned, strong);
    ((check.computed_confidence - expected).abs() > 1e-9).then(|| {
        format!(
            "The stored confidence ({:.0}%) is not the one its record gives ({:.0}%).",
            check.computed_confidence * 100.0,
            expected * 100.0
        )
    })
}
