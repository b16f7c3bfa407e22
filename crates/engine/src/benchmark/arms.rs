//! Each arm's outcome for one question, read from its consultation's record and the best single
//! model's samples: no call is made here. Costs and calls are counted from the call records, so
//! matched cost can be checked: a solo arm is its panelist's round-1 call(s), the vote the
//! panel's round-1 calls, the council every call of the consultation.
use super::depth_arms::depth_arms;
use super::grading::is_correct;

use super::vote::graded_majority;
use crate::record::benchmark::body::{Arm, ArmOutcome, CouncilFacts, Sample};
use crate::record::benchmark::question::Question;
use crate::record::consult::body::ConsultBody;
use crate::record::consult::state::ConsultState;
use crate::record::state::StateMachine;
use crate::record::{CallId, CallRecord, CallStatus, ProtocolBody, Session};

/// What some calls came to: their cost (None when any had no known cost), tokens and count.
#[derive(Debug, Default, PartialEq)]
pub(super) struct Spend {
    cost_usd: Option<f64>,
    unknown_cost: bool,
    tokens: u64,
    calls: u32,
    /// Calls one after another: each wave of calls (a round's panel, a judge's call) counts once,
    /// and once more when any of its calls was asked again.
    sequential_calls: u32,
    pub(super) errors: Vec<String>,
}

impl Spend {
    pub(super) fn of<'a>(records: impl Iterator<Item = &'a CallRecord>) -> Self {
        let mut spend = Spend::default();
        let made: Vec<&CallRecord> = records
            .filter(|r| r.status != CallStatus::SkippedBudget)
            .collect();
        for record in made.iter().copied() {
            spend.calls += 1;
            spend.tokens += record.input_tokens.unwrap_or(0) + record.output_tokens.unwrap_or(0);
            match record.cost_usd {
                Some(usd) => *spend.cost_usd.get_or_insert(0.0) += usd,
                None => spend.unknown_cost = true,
            }
            if let Some(error) = &record.error {
                spend.errors.push(error.clone());
            }
        }
        if spend.unknown_cost {
            spend.cost_usd = None;
        }
        spend.sequential_calls = sequential_calls(&made);
        spend
    }

    pub(super) fn outcome(
        self,
        arm: Arm,
        final_answer: Option<String>,
        correct: Option<bool>,
    ) -> ArmOutcome {
        ArmOutcome {
            arm,
            final_answer,
            correct,
            cost_usd: self.cost_usd,
            tokens: self.tokens,
            calls: self.calls,
            sequential_calls: self.sequential_calls,
            errors: self.errors,
        }
    }
}

/// The waves of `records` one after another (see `Spend::sequential_calls`): a wave is a round's
/// panel or a judge's call of a round, told apart by call id (`r3-judge`, `r3-<panelist>`).
fn sequential_calls(records: &[&CallRecord]) -> u32 {
    let wave = |r: &CallRecord| (r.round, r.call_id.contains("-judge"));
    let mut waves: Vec<((u8, bool), bool)> = Vec::new();
    for record in records {
        let asked_again = record.id().is_some_and(|id| id.is_reask());
        match waves.iter_mut().find(|(w, _)| *w == wave(record)) {
            Some((_, again)) => *again |= asked_again,
            None => waves.push((wave(record), asked_again)),
        }
    }
    waves.iter().map(|(_, again)| 1 + u32::from(*again)).sum()
}

/// The records of call `call_id`: itself, its re-ask, hedged and cut attempts (`<id>-…`).
/// Whether `record` is of the asked call `call_id`: the call, its re-ask, or an attempt of either.
pub(super) fn is_call(record: &CallRecord, call_id: &CallId) -> bool {
    record.id().is_some_and(|id| id.asked_call() == *call_id)
}

/// An answer graded: `None` (no answer) stays `None`; an answer with nothing gradable is wrong.
pub(super) fn grade(question: &Question, answer: Option<&str>) -> Option<bool> {
    answer.map(|answer| is_correct(question, answer))
}

/// The solo arms (panel order), the round-1 vote and the council, from a consultation that ended
/// (complete or failed), with the council's facts. A consultation that failed gives no council
/// answer, and its failure is the council arm's error.
pub fn council_arms(question: &Question, consult: &Session) -> (Vec<ArmOutcome>, CouncilFacts) {
    let Some(body) = ConsultBody::of(&consult.body) else {
        return (Vec::new(), CouncilFacts::default());
    };
    let mut arms = Vec::new();
    let mut round1_answers: Vec<&str> = Vec::new();
    for panelist in &body.config.panelists {
        let call_id = CallId::seat(1, &panelist.id);
        let answer = body
            .round1
            .iter()
            .find(|a| a.agent_id == panelist.id)
            .and_then(|a| a.final_answer.as_deref());
        round1_answers.extend(answer);
        let spend = Spend::of(consult.calls.iter().filter(|r| is_call(r, &call_id)));
        arms.push(spend.outcome(
            Arm::Solo {
                participant_id: panelist.id.clone(),
            },
            answer.map(str::to_string),
            grade(question, answer),
        ));
    }
    let round1 = Spend::of(consult.calls.iter().filter(|r| r.round == 1));
    let (vote, vote_correct) = graded_majority(question, round1_answers.iter().copied());
    arms.push(round1.outcome(Arm::Vote, vote.clone(), vote_correct));

    let complete = ConsultState::parse(&consult.state) == Some(ConsultState::Complete);
    let verdict = body
        .round4
        .as_ref()
        .filter(|_| complete)
        .and_then(|v| v.final_answer.clone());
    let mut council = Spend::of(consult.calls.iter());
    if !complete {
        council.errors = consult.failure.iter().cloned().collect();
    }
    let council_correct = if complete {
        Some(verdict.as_deref().is_some_and(|v| is_correct(question, v)))
    } else {
        None
    };
    arms.push(council.outcome(Arm::Council, verdict.clone(), council_correct));
    let council_arm = arms.last().expect("just pushed").clone();
    arms.extend(depth_arms(question, consult, body, &council_arm));

    let facts = CouncilFacts {
        round1_majority: vote,
        round1_majority_correct: vote_correct,
        verdict_answer: verdict,
        confidence: body
            .confidence_check
            .as_ref()
            .filter(|_| complete)
            .map(|c| c.computed_confidence),
    };
    (arms, facts)
}

/// The best single model's arm from its k samples, voted in index order (the tie rule's order).
pub fn best_single_arm(question: &Question, samples: &[Sample]) -> ArmOutcome {
    let mut ordered: Vec<&Sample> = samples.iter().collect();
    ordered.sort_by_key(|s| s.index);
    let answers: Vec<&str> = ordered
        .iter()
        .filter_map(|s| s.final_answer.as_deref())
        .collect();
    let (answer, correct) = graded_majority(question, answers.iter().copied());
    let unknown_cost = ordered.iter().any(|s| s.cost_usd.is_none() && s.calls > 0);
    ArmOutcome {
        arm: Arm::BestSingle,
        final_answer: answer,
        correct,
        cost_usd: (!unknown_cost).then(|| ordered.iter().filter_map(|s| s.cost_usd).sum()),
        tokens: ordered.iter().map(|s| s.tokens).sum(),
        calls: ordered.iter().map(|s| s.calls).sum(),
        // The samples are asked side by side; a re-ask comes after its sample.
        sequential_calls: match ordered.iter().map(|s| s.calls).max() {
            Some(0) | None => 0,
            Some(1) => 1,
            Some(_) => 2,
        },
        errors: ordered.iter().filter_map(|s| s.error.clone()).collect(),
    }
}

/// A sample's spend, from the records of its call (`<question id>-best-<index>` and its re-ask).
pub fn sample_spend(calls: &[CallRecord], call_id: &CallId) -> (Option<f64>, u64, u32) {
    let spend = Spend::of(calls.iter().filter(|r| is_call(r, call_id)));
    (spend.cost_usd, spend.tokens, spend.calls)
}
