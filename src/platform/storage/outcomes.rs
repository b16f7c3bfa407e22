//! A benchmark's questions, stored apart from its record (`OUTCOMES`, keyed by [run id, question
//! index], and the questions' text at [run id, -1], written by the whole saves at a run's start
//! and end only); the split itself is the engine's `record::benchmark::outcomes_apart`). A save writes
//! the record and only the questions that changed since this tab last wrote or read them, so its
//! cost stays the same however long the run is.
use std::cell::RefCell;
use std::collections::HashMap;
use std::future::IntoFuture;

use consilium_engine::foundation::ids::SessionId;
use consilium_engine::record::benchmark::outcomes_apart::{
    changed_questions, join, questions_apart, results_apart, StoredQuestion,
};
use consilium_engine::record::benchmark::question::Question;
use consilium_engine::record::Session;
use idb::{Database, KeyRange, TransactionMode};
use wasm_bindgen::JsValue;

use super::db;

thread_local! {
    /// Per run id, what this tab last wrote or read of each question: a save compares with it.
    static WRITTEN: RefCell<HashMap<SessionId, Vec<StoredQuestion>>> = RefCell::new(HashMap::new());
}

/// The questions of a save: the changed ones as JSON text by index, and how many the record counts;
/// and the questions' own text, when the record written keeps it apart (a whole save).
pub(crate) struct Apart {
    pub changed: Vec<(u32, StoredQuestion)>,
    pub texts: Vec<(u32, String)>,
    pub count: Option<u32>,
    pub questions: Option<String>,
}

/// The index of the entry that holds a run's questions' text (before every question's outcomes,
/// so one key range still covers all a run stores apart).
const QUESTIONS_ENTRY: f64 = -1.0;

impl Apart {
    /// Nothing stored apart (any session but a benchmark, or one written whole).
    pub fn none() -> Self {
        Self {
            changed: Vec::new(),
            texts: Vec::new(),
            count: None,
            questions: None,
        }
    }

    /// With the questions' text the record keeps apart (`split_questions`), written in its entry.
    pub fn with_questions(mut self, questions: Option<Vec<Question>>) -> Result<Self, String> {
        self.questions = questions
            .map(|q| serde_json::to_string(&q))
            .transpose()
            .map_err(|e| e.to_string())?;
        Ok(self)
    }

    /// What to write of `session`, whose stored record is `record`.
    pub fn of(session: &Session, record: &Session) -> Result<Self, String> {
        let count = results_apart(record);
        if count.is_none() {
            return Ok(Self::none());
        }
        let changed = WRITTEN
            .with(|w| changed_questions(w.borrow().get(&session.id).map(Vec::as_slice), session));
        Self::written(changed, count)
    }

    /// The questions a running benchmark handed over (`changed`, by index), of a record that
    /// keeps `count` apart.
    pub fn given(changed: Vec<(u32, StoredQuestion)>, count: u32) -> Result<Self, String> {
        Self::written(changed, Some(count))
    }

    /// `changed` with the text each is stored as.
    fn written(changed: Vec<(u32, StoredQuestion)>, count: Option<u32>) -> Result<Self, String> {
        let texts = changed
            .iter()
            .map(|(index, question)| serde_json::to_string(question).map(|text| (*index, text)))
            .collect::<Result<_, _>>()
            .map_err(|e| e.to_string())?;
        Ok(Self {
            changed,
            texts,
            count,
            questions: None,
        })
    }

    /// Once written: what the next save compares with.
    pub fn remember(self, id: &str) {
        let Some(count) = self.count else { return };
        WRITTEN.with(|w| {
            let mut w = w.borrow_mut();
            let known = w.entry(SessionId::from(id)).or_default();
            known.truncate(count as usize);
            let mut gap = false;
            for (index, question) in self.changed {
                let index = index as usize;
                if index < known.len() {
                    known[index] = question;
                } else if index == known.len() {
                    known.push(question);
                } else {
                    gap = true;
                }
            }
            // What was written before a gap is not known: the next whole save then compares
            // with nothing and writes every question.
            if gap {
                w.remove(id);
            }
        });
    }
}

/// [id, index]: IndexedDB orders arrays element by element, so a run's questions are one range.
pub(crate) fn key(id: &str, index: f64) -> JsValue {
    js_sys::Array::of2(&JsValue::from_str(id), &JsValue::from_f64(index)).into()
}

/// The run's questions from `from` on.
pub(crate) fn range_from(id: &str, from: u32) -> Result<KeyRange, idb::Error> {
    KeyRange::bound(&key(id, from as f64), &key(id, f64::INFINITY), None, None)
}

/// All a run stores apart: its questions' text and every question's outcomes.
fn whole_range(id: &str) -> Result<KeyRange, idb::Error> {
    KeyRange::bound(
        &key(id, QUESTIONS_ENTRY),
        &key(id, f64::INFINITY),
        None,
        None,
    )
}

/// Adds the questions to a write (in its transaction) and drops any the record no longer counts.
pub(crate) fn put(
    transaction: &idb::Transaction,
    id: &str,
    apart: &Apart,
) -> Result<(), idb::Error> {
    let Some(count) = apart.count else {
        return Ok(());
    };
    let store = transaction.object_store(db::OUTCOMES)?;
    if let Some(text) = &apart.questions {
        store.put(&JsValue::from_str(text), Some(&key(id, QUESTIONS_ENTRY)))?;
    }
    for (index, text) in &apart.texts {
        store.put(&JsValue::from_str(text), Some(&key(id, *index as f64)))?;
    }
    store.delete(range_from(id, count)?)?;
    Ok(())
}

/// The session as it runs and shows: a split record joined with its questions (read in one
/// request), which the next save then compares with. A record that holds everything is returned
/// as it is.
pub(crate) async fn read_into(database: &Database, record: Session) -> Result<Session, String> {
    let Some(count) = results_apart(&record) else {
        return Ok(record);
    };
    let id = record.id.clone();
    let read = async {
        let transaction = database.transaction(&[db::OUTCOMES], TransactionMode::ReadOnly)?;
        let store = transaction.object_store(db::OUTCOMES)?;
        let range = whole_range(id.as_str())?;
        let (keys, values) = futures::join!(
            store
                .get_all_keys(Some(range.clone().into()), None)?
                .into_future(),
            store.get_all(Some(range.into()), None)?.into_future()
        );
        Ok::<_, idb::Error>((keys?, values?))
    };
    let (keys, values) = read.await.map_err(|e| {
        format!(
            "The stored benchmark {id} could not be read ({}).",
            db::describe(&e)
        )
    })?;
    let mut stored = Vec::with_capacity(count as usize);
    let mut questions = None;
    for (key, value) in keys.into_iter().zip(values) {
        let index = js_sys::Array::from(&key).get(1).as_f64().unwrap_or(-2.0);
        let Some(text) = value.as_string() else {
            continue;
        };
        if index == QUESTIONS_ENTRY {
            let read: Vec<Question> = serde_json::from_str(&text).map_err(|e| {
                format!(
                    "The stored benchmark {id} could not be read: its questions do not read ({e})."
                )
            })?;
            questions = Some(read);
            continue;
        }
        if index < 0.0 || index >= count as f64 {
            continue;
        }
        let question: StoredQuestion = serde_json::from_str(&text).map_err(|e| {
            format!(
                "The stored benchmark {id} could not be read: its question {} does not read ({e}).",
                index as u32 + 1
            )
        })?;
        stored.push((index as u32, question));
    }
    // A run that can go on keeps what it read, so its next save writes one question, not all; a
    // finished one is rarely saved again, and its first save then writes every question.
    let known: Option<Vec<StoredQuestion>> = record.is_running().then(|| {
        let mut sorted = stored.clone();
        sorted.sort_by_key(|(index, _)| *index);
        sorted.into_iter().map(|(_, q)| q).collect()
    });
    let questions = questions.filter(|_| questions_apart(&record));
    let session = join(record, stored, questions)?;
    WRITTEN.with(|w| match known {
        Some(known) => w.borrow_mut().insert(id, known),
        None => w.borrow_mut().remove(&id),
    });
    Ok(session)
}

/// A deleted run's questions go with it.
pub(crate) fn delete(transaction: &idb::Transaction, id: &str) -> Result<(), idb::Error> {
    transaction
        .object_store(db::OUTCOMES)?
        .delete(whole_range(id)?)?;
    WRITTEN.with(|w| w.borrow_mut().remove(id));
    Ok(())
}
