//! A benchmark as stored: the run's record keeps its configuration, questions and summary, and
//! each question's outcomes are kept apart, one entry per (run id, question index). Saving after a
//! question then writes that question and the small record, not every question before it, so a
//! save costs the same at question 1,000 as at question 1.
//!
//! In memory a benchmark is one `Session` with its results inline (runs, views and exports read it
//! so); storage splits it to write (`stored_record`, `changed_outcomes`, and `split_questions`, which
//! keeps the questions' text in an entry of its own, written when the run starts and ends) and
//! joins it back to read (`join`). A record written before this (every result inline, no `results_apart`) reads as it is
//! and `needs_split` says to store it split: the migration.
use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use super::body::{BenchmarkBody, QuestionResult};
use super::question::Question;
use crate::foundation::ids::SessionId;
use crate::record::{Body, CallRecord, CostSummary, Session};

/// What is stored apart for one question: its result, and the benchmark's own calls for it (the
/// best single model's samples; the council's calls are in its consultation, inside the result).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StoredQuestion {
    pub result: QuestionResult,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub calls: Vec<CallRecord>,
}

/// The record to store: the session without its results and their calls, marked with how many
/// results are stored apart. Any other session is stored whole (a clone).
pub fn stored_record(session: &Session) -> Session {
    let Body::Benchmark(body) = &session.body else {
        return session.clone();
    };
    let questions = question_indexes(body);
    let head = BenchmarkBody {
        config: body.config.clone(),
        questions: body.questions.clone(),
        k: body.k,
        best_single: body.best_single.clone(),
        results: Vec::new(),
        results_apart: Some(body.results.len() as u32),
        questions_apart: false,
    };
    Session {
        schema_version: session.schema_version.clone(),
        id: session.id.clone(),
        title: session.title.clone(),
        subject: session.subject.clone(),
        created_at: session.created_at.clone(),
        updated_at: session.updated_at.clone(),
        state: session.state.clone(),
        participants: session.participants.clone(),
        calls: session
            .calls
            .iter()
            .filter(|call| question_of(call, &questions).is_none())
            .cloned()
            .collect(),
        cost: session.cost.clone(),
        failure: session.failure.clone(),
        outcome: session.outcome.clone(),
        demo: session.demo,
        body: Body::Benchmark(Box::new(head)),
    }
}

/// Takes the questions' text out of a stored record (`stored_record`'s), to be stored once in an
/// entry of their own: the record a running benchmark writes after each question is then its
/// configuration and summary, the same size at question 1,000 as at question 1. None (nothing
/// taken) for any other record.
pub fn split_questions(record: &mut Session) -> Option<Vec<Question>> {
    let Body::Benchmark(body) = &mut record.body else {
        return None;
    };
    if body.results_apart.is_none() {
        return None;
    }
    body.questions_apart = true;
    Some(std::mem::take(&mut body.questions))
}

/// Whether a stored record's questions are in their own entry (read it before `join`).
pub fn questions_apart(record: &Session) -> bool {
    matches!(&record.body, Body::Benchmark(body) if body.questions_apart)
}

/// Question id -> index in `results`.
fn question_indexes(body: &BenchmarkBody) -> HashMap<&str, usize> {
    body.results
        .iter()
        .enumerate()
        .map(|(index, result)| (result.question_id.as_str(), index))
        .collect()
}

/// The result a call belongs to (by its call id's question), if any.
fn question_of(call: &CallRecord, questions: &HashMap<&str, usize>) -> Option<usize> {
    let id = call.id()?;
    questions.get(id.question()?).copied()
}

/// The questions to write, by index: those whose result or calls differ from what was written
/// last (`written`, by index), or every one when that is not known. Empty for a session that is
/// not a benchmark.
pub fn changed_questions(
    written: Option<&[StoredQuestion]>,
    session: &Session,
) -> Vec<(u32, StoredQuestion)> {
    let Body::Benchmark(body) = &session.body else {
        return Vec::new();
    };
    let questions = question_indexes(body);
    let mut calls: Vec<Vec<&CallRecord>> = vec![Vec::new(); body.results.len()];
    for call in &session.calls {
        if let Some(index) = question_of(call, &questions) {
            calls[index].push(call);
        }
    }
    body.results
        .iter()
        .zip(calls)
        .enumerate()
        .filter(
            |(index, (result, calls))| match written.and_then(|w| w.get(*index)) {
                Some(before) => {
                    before.result != **result || !before.calls.iter().eq(calls.iter().copied())
                }
                None => true,
            },
        )
        .map(|(index, (result, calls))| {
            let stored = StoredQuestion {
                result: result.clone(),
                calls: calls.into_iter().cloned().collect(),
            };
            (index as u32, stored)
        })
        .collect()
}

/// How many questions a stored record keeps apart (read them before `join`); None for a record
/// that holds everything itself.
pub fn results_apart(record: &Session) -> Option<u32> {
    match &record.body {
        Body::Benchmark(body) => body.results_apart,
        _ => None,
    }
}

/// A benchmark stored the older way, every result inside the record: it opens as it is, and is
/// stored split (at once when opened, or at its next save).
pub fn needs_split(record: &Session) -> bool {
    matches!(&record.body, Body::Benchmark(body) if body.results_apart.is_none() && !body.results.is_empty())
}

/// The session as it runs and shows: a split record with its results put back in question order,
/// and their calls after the record's own, question by question (the order the run makes them).
/// A record that holds everything itself is returned as it is (`stored` is then ignored). The
/// questions' text is `questions` for a record that keeps it apart (`split_questions`), ignored
/// for one that holds it. Fails, naming the first question, when one the record counts is missing.
pub fn join(
    mut record: Session,
    stored: Vec<(u32, StoredQuestion)>,
    questions: Option<Vec<Question>>,
) -> Result<Session, String> {
    let id = record.id.clone();
    let Body::Benchmark(body) = &mut record.body else {
        return Ok(record);
    };
    if std::mem::take(&mut body.questions_apart) {
        body.questions = questions
            .ok_or_else(|| format!("The stored benchmark {id} is missing its questions."))?;
    }
    let Some(count) = body.results_apart.take() else {
        return Ok(record);
    };
    let mut slots: Vec<Option<StoredQuestion>> = vec![None; count as usize];
    for (index, question) in stored {
        if let Some(slot) = slots.get_mut(index as usize) {
            *slot = Some(question);
        }
    }
    let mut results = Vec::with_capacity(slots.len());
    for (index, slot) in slots.into_iter().enumerate() {
        let Some(question) = slot else {
            return Err(format!(
                "The stored benchmark {id} is missing the outcomes of its question {}.",
                index + 1
            ));
        };
        results.push(question.result);
        record.calls.extend(question.calls);
    }
    body.results = results;
    Ok(record)
}

/// One question's change in a running benchmark, as the run hands it to the shell in place of the
/// whole session (`Event::QuestionUpdated`): the question as it is stored apart (its result and its
/// calls), where it is among the results, and the envelope fields every save stamps. Its size is
/// one question's whatever the run's length, so following and saving a long run costs the same at
/// question 1,000 as at question 1.
///
/// A question's calls are the tail of the session's calls: the run makes them while the question
/// is under way, after every earlier question's (and a joined record puts them back in that order).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct QuestionUpdate {
    pub session_id: SessionId,
    /// The question's place in `results` (the run appends a question's result when it begins).
    pub index: u32,
    pub question: StoredQuestion,
    pub updated_at: String,
    pub state: String,
    pub failure: Option<String>,
    pub cost: CostSummary,
}

impl QuestionUpdate {
    /// The question `question_id` of a benchmark session as it now is; None when the session is
    /// not a benchmark or has no result for it.
    pub fn of(session: &Session, question_id: &str) -> Option<Self> {
        let Body::Benchmark(body) = &session.body else {
            return None;
        };
        let index = body
            .results
            .iter()
            .rposition(|r| r.question_id == question_id)?;
        let tail = question_tail(&session.calls, question_id);
        Some(Self {
            session_id: session.id.clone(),
            index: index as u32,
            question: StoredQuestion {
                result: body.results[index].clone(),
                calls: session.calls[session.calls.len() - tail..].to_vec(),
            },
            updated_at: session.updated_at.clone(),
            state: session.state.clone(),
            failure: session.failure.clone(),
            cost: session.cost.clone(),
        })
    }

    /// Patches a copy of the run's session: afterwards it equals the run's. False (nothing
    /// changed) when the copy is not that run's or lacks the results before this one.
    pub fn apply(&self, session: &mut Session) -> bool {
        let question_id = self.question.result.question_id.as_str();
        let Body::Benchmark(body) = &mut session.body else {
            return false;
        };
        if session.id != self.session_id {
            return false;
        }
        let index = self.index as usize;
        match index.cmp(&body.results.len()) {
            std::cmp::Ordering::Less => body.results[index] = self.question.result.clone(),
            std::cmp::Ordering::Equal => body.results.push(self.question.result.clone()),
            std::cmp::Ordering::Greater => return false,
        }
        let tail = question_tail(&session.calls, question_id);
        session.calls.truncate(session.calls.len() - tail);
        session.calls.extend(self.question.calls.iter().cloned());
        self.stamp(session);
        true
    }

    /// Patches the run's stored record (`stored_record` of the session before): afterwards it is
    /// the stored record of the session after, without looking at any other question. False when
    /// it is not that run's record.
    pub fn apply_to_record(&self, record: &mut Session) -> bool {
        let Body::Benchmark(body) = &mut record.body else {
            return false;
        };
        if record.id != self.session_id {
            return false;
        }
        let Some(count) = body.results_apart.as_mut() else {
            return false;
        };
        *count = (*count).max(self.index + 1);
        self.stamp(record);
        true
    }

    fn stamp(&self, session: &mut Session) {
        session.updated_at.clone_from(&self.updated_at);
        session.state.clone_from(&self.state);
        session.failure.clone_from(&self.failure);
        session.cost = self.cost.clone();
    }
}

/// The question's calls: the tail of the session's calls while it is under way (see
/// `QuestionUpdate`), found without reading the earlier questions' calls.
pub fn question_calls<'c>(calls: &'c [CallRecord], question_id: &str) -> &'c [CallRecord] {
    &calls[calls.len() - question_tail(calls, question_id)..]
}

/// How many of the last calls are the question's.
fn question_tail(calls: &[CallRecord], question_id: &str) -> usize {
    calls
        .iter()
        .rev()
        .take_while(|call| {
            call.id()
                .is_some_and(|id| id.question() == Some(question_id))
        })
        .count()
}

/// A running benchmark's whole change (the best single model chosen, its end) as it crosses to a
/// page that holds the run's session already: the record without its results, and the questions
/// that differ from the page's copy. The whole session of a 1,000-question run is some 17 MB of
/// JSON; this is its record and what changed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RecordUpdate {
    /// `stored_record` of the session after.
    pub record: Session,
    /// By index, the questions whose result or calls differ from the copy's.
    pub changed: Vec<(u32, StoredQuestion)>,
}

impl RecordUpdate {
    /// What turns `held`, a copy of the run's session, into `whole`. Goes over both sessions'
    /// questions: made where the run runs, not on the page.
    pub fn between(held: &Session, whole: &Session) -> Self {
        let written: Vec<StoredQuestion> = changed_questions(None, held)
            .into_iter()
            .map(|(_, question)| question)
            .collect();
        Self {
            record: stored_record(whole),
            changed: changed_questions(Some(&written), whole),
        }
    }

    /// Brings the copy to the session after: its results and their calls moved over, not
    /// copied, the changed questions put in. Afterwards it equals the run's session but for the
    /// order of its calls: the record's own first, then each question's (as a stored record
    /// joined has them), the changed questions' last. False (nothing changed) when the copy is
    /// not that run's or lacks questions the update counts on.
    pub fn apply(self, held: &mut Session) -> bool {
        let Body::Benchmark(held_body) = &held.body else {
            return false;
        };
        let Body::Benchmark(body) = &self.record.body else {
            return false;
        };
        let count = body.results_apart.unwrap_or(0) as usize;
        let known = held_body.results.len();
        let changed_indexes: Vec<usize> = self.changed.iter().map(|(i, _)| *i as usize).collect();
        let complete = (0..count).all(|i| i < known || changed_indexes.contains(&i));
        if held.id != self.record.id || !complete {
            return false;
        }
        let mut session = self.record;
        let Body::Benchmark(held_body) = &mut held.body else {
            return false;
        };
        let mut results = std::mem::take(&mut held_body.results);
        results.truncate(count);
        let changed_ids: Vec<String> = self
            .changed
            .iter()
            .filter_map(|(i, _)| results.get(*i as usize).map(|r| r.question_id.clone()))
            .collect();
        let questions: HashMap<&str, usize> = results
            .iter()
            .enumerate()
            .map(|(index, result)| (result.question_id.as_str(), index))
            .filter(|(id, index)| *index < count && !changed_ids.iter().any(|c| c == id))
            .collect();
        let kept_calls: Vec<CallRecord> = std::mem::take(&mut held.calls)
            .into_iter()
            .filter(|call| question_of(call, &questions).is_some())
            .collect();
        session.calls.extend(kept_calls);
        for (index, question) in self.changed {
            let index = index as usize;
            if index < results.len() {
                results[index] = question.result;
            } else {
                results.push(question.result);
            }
            session.calls.extend(question.calls);
        }
        let Body::Benchmark(body) = &mut session.body else {
            return false;
        };
        body.results_apart = None;
        body.results = results;
        *held = session;
        true
    }
}
