//! A benchmark stored as the browser stores it (`record::benchmark::outcomes_apart`): the run's
//! record without its results, and each question's outcomes apart, written only when they change.
//! Here the store is a map, saved on every update the run hands over, as the browser's queue does.
use std::collections::{BTreeMap, HashSet};

use consilium_engine::record::benchmark::config::BestSingle;
use consilium_engine::record::benchmark::outcomes_apart::{
    changed_questions, join, needs_split, questions_apart, results_apart, split_questions,
    stored_record, StoredQuestion,
};
use consilium_engine::{harness::events::Event, record::Session};

use crate::common;

use common::benchmark::{benchmark, body, caller_for, run};

/// What IndexedDB holds for one run: the record's text, and each question's outcomes by index.
#[derive(Default)]
struct Store {
    record: String,
    outcomes: BTreeMap<u32, String>,
    /// What this "tab" wrote last, as the browser's storage remembers it.
    written: Option<Vec<StoredQuestion>>,
    /// The questions' text, in its own entry (written once).
    questions: Option<String>,
}

impl Store {
    /// Saves as the browser does; returns the bytes written (record plus changed outcomes).
    fn save(&mut self, session: &Session) -> usize {
        let mut head = stored_record(session);
        let questions = split_questions(&mut head).expect("a split record");
        let record = serde_json::to_string(&head).unwrap();
        let mut bytes = record.len();
        // Written when the run starts (and again at its end): never per question.
        self.questions
            .get_or_insert_with(|| serde_json::to_string(&questions).unwrap());
        let written = self.written.get_or_insert_with(Vec::new);
        let count = results_apart(&stored_record(session)).unwrap() as usize;
        written.truncate(count);
        for (index, question) in changed_questions(Some(written), session) {
            let text = serde_json::to_string(&question).unwrap();
            bytes += text.len();
            self.outcomes.insert(index, text);
            if (index as usize) < written.len() {
                written[index as usize] = question;
            } else {
                written.push(question);
            }
        }
        self.record = record;
        bytes
    }

    fn load(&self) -> Session {
        let record = Session::from_json_text(&self.record).unwrap();
        let count = results_apart(&record).expect("stored split");
        let outcomes = self
            .outcomes
            .range(..count)
            .map(|(index, text)| (*index, serde_json::from_str(text).unwrap()))
            .collect();
        let questions = questions_apart(&record)
            .then(|| serde_json::from_str(self.questions.as_deref().unwrap()).unwrap());
        join(record, outcomes, questions).unwrap()
    }
}

fn updates(sink: &consilium_engine::testing::RecordingSink) -> Vec<Session> {
    sink.saved_sessions()
}

#[test]
fn a_split_benchmark_reads_back_as_it_ran_and_its_record_keeps_no_result() {
    let session = benchmark(4, BestSingle::Auto, None, None);
    let caller = caller_for(&session);
    let (ended, _) = run(session, &caller);
    assert_eq!(ended.state, "complete", "{:?}", ended.failure);
    let mut store = Store::default();
    store.save(&ended);
    assert_eq!(store.outcomes.len(), 4);
    let record = Session::from_json_text(&store.record).unwrap();
    assert!(body(&record).results.is_empty());
    assert_eq!(results_apart(&record), Some(4));
    // The questions' text is in its own entry, not in the record written after each question.
    assert!(body(&record).questions.is_empty() && questions_apart(&record));
    let first_question = &body(&ended).questions[0].text;
    assert!(!store.record.contains(first_question.as_str()));
    assert!(store
        .questions
        .as_ref()
        .unwrap()
        .contains(first_question.as_str()));
    assert!(
        !store.record.contains("\"consult\""),
        "no consultation in the record"
    );
    assert!(
        record.calls.is_empty(),
        "the samples' calls are stored with their question"
    );
    assert_eq!(store.load(), ended);
}

#[test]
fn each_save_writes_only_the_questions_that_changed_so_its_size_does_not_grow() {
    let session = benchmark(12, BestSingle::Auto, None, None);
    let caller = caller_for(&session);
    let (_, sink) = run(session, &caller);
    let mut store = Store::default();
    let mut per_save = Vec::new();
    for update in updates(&sink) {
        let changed = changed_questions(store.written.as_deref(), &update);
        assert!(
            changed.len() <= 1,
            "one question at a time changes: {}",
            changed.len()
        );
        per_save.push(store.save(&update));
    }
    // The best single model's samples run after every council (Auto), so a save late in the run
    // rewrites one question, as early ones do: the last tenth of saves is no bigger than ~2x the
    // largest of the first tenth (a sample's question carries its calls as well).
    let tenth = per_save.len() / 10;
    let early = per_save[..tenth].iter().max().unwrap();
    let late = per_save[per_save.len() - tenth..].iter().max().unwrap();
    assert!(late <= &(early * 2), "early {early} B, late {late} B");
    let whole = serde_json::to_string(&updates(&sink).pop().unwrap())
        .unwrap()
        .len();
    assert!(
        *late * 4 < whole,
        "a save ({late} B) is far below the whole record ({whole} B)"
    );
}

#[test]
fn a_run_reopened_from_the_split_store_mid_run_asks_no_finished_call_again() {
    let session = benchmark(3, BestSingle::Auto, None, None);
    let questions = body(&session).questions.clone();
    let caller = caller_for(&session);
    let (_, sink) = run(session, &caller);
    let mut store = Store::default();
    // The tab closes right after q2's consultation ended (saved as every update was).
    for update in updates(&sink) {
        store.save(&update);
        let q2_done = body(&update)
            .result("q2")
            .and_then(|r| r.consult.as_ref())
            .is_some_and(|c| c.is_finished());
        if q2_done {
            break;
        }
    }
    let reopened = store.load();
    let answered: HashSet<(String, String)> = body(&reopened)
        .results
        .iter()
        .flat_map(|r| {
            let question = r.question_id.clone();
            r.consult
                .iter()
                .flat_map(|c| c.calls.iter())
                .map(move |call| (question.clone(), call.call_id.clone()))
        })
        .collect();
    assert!(!answered.is_empty());
    let resumed = caller_for(&reopened);
    let (ended, _) = run(reopened, &resumed);
    assert_eq!(ended.state, "complete", "{:?}", ended.failure);
    for request in resumed.requests() {
        let question = questions
            .iter()
            .find(|q| request.prompt.contains(&q.text))
            .map(|q| q.id.clone())
            .unwrap_or_default();
        assert!(
            !answered.contains(&(question.clone(), request.call_id.clone())),
            "{question} {} asked again",
            request.call_id
        );
    }
}

#[test]
fn an_older_record_with_every_result_inside_opens_and_is_stored_split() {
    let session = benchmark(3, BestSingle::Auto, None, None);
    let caller = caller_for(&session);
    let (ended, _) = run(session, &caller);
    // As the version before stored it: one record with everything.
    let old_text = serde_json::to_string(&ended).unwrap();
    assert!(!old_text.contains("results_apart"));
    let opened = Session::from_json_text(&old_text).unwrap();
    assert!(needs_split(&opened));
    assert_eq!(results_apart(&opened), None);
    // Read as it is: nothing apart to join.
    let opened = join(opened, Vec::new(), None).unwrap();
    assert_eq!(opened, ended);
    let mut store = Store::default();
    store.save(&opened);
    assert_eq!(store.outcomes.len(), 3, "every result written apart");
    let migrated = Session::from_json_text(&store.record).unwrap();
    assert!(!needs_split(&migrated));
    assert_eq!(store.load(), ended);
    // A run not yet begun has nothing to move.
    assert!(!needs_split(&benchmark(3, BestSingle::Auto, None, None)));
}

#[test]
fn a_missing_outcome_is_named_and_not_read_as_an_unanswered_question() {
    let session = benchmark(3, BestSingle::Auto, None, None);
    let caller = caller_for(&session);
    let (ended, _) = run(session, &caller);
    let mut store = Store::default();
    store.save(&ended);
    store.outcomes.remove(&1);
    let record = Session::from_json_text(&store.record).unwrap();
    let outcomes = store
        .outcomes
        .iter()
        .map(|(i, t)| (*i, serde_json::from_str(t).unwrap()))
        .collect();
    let questions = Some(body(&ended).questions.clone());
    let error = join(record.clone(), outcomes, questions).unwrap_err();
    assert!(error.contains("question 2"), "{error}");
    // Without its questions' entry, it is those that are named.
    let error = join(record, Vec::new(), None).unwrap_err();
    assert!(error.contains("missing its questions"), "{error}");
}

/// A record stored split by the version before this one kept its questions' text inside: it reads
/// as it is (no entry of questions to find), and its next save moves them out.
#[test]
fn a_split_record_with_its_questions_inside_still_reads() {
    let session = benchmark(3, BestSingle::Auto, None, None);
    let caller = caller_for(&session);
    let (ended, _) = run(session, &caller);
    let mut store = Store::default();
    store.save(&ended);
    let mut record = Session::from_json_text(&store.record).unwrap();
    if let consilium_engine::record::Body::Benchmark(b) = &mut record.body {
        b.questions = body(&ended).questions.clone();
        b.questions_apart = false;
    }
    let older = serde_json::to_string(&record).unwrap();
    assert!(!older.contains("questions_apart"));
    let outcomes = store
        .outcomes
        .iter()
        .map(|(i, t)| (*i, serde_json::from_str(t).unwrap()))
        .collect();
    let record = Session::from_json_text(&older).unwrap();
    assert!(!questions_apart(&record));
    assert_eq!(join(record, outcomes, None).unwrap(), ended);
}

/// A benchmark hands the shell, for each change inside a question, that question alone (its
/// result and its calls) rather than the whole session; patched in turn into a copy, the updates
/// give exactly the run's session. The whole session is handed only at the run's start, when the
/// best single model is chosen, when a question begins and at the end, however many calls.
#[test]
fn a_benchmark_hands_over_the_question_that_changed_not_the_whole_session() {
    for best in [
        BestSingle::Auto,
        BestSingle::Model {
            participant: Box::new(
                body(&benchmark(1, BestSingle::Auto, None, None))
                    .config
                    .council
                    .panelists[2]
                    .clone(),
            ),
        },
    ] {
        let session = benchmark(6, best, None, None);
        let caller = caller_for(&session);
        let (ended, sink) = run(session, &caller);
        assert_eq!(ended.state, "complete", "{:?}", ended.failure);
        let events = sink.events();
        let wholes = events
            .iter()
            .filter(|e| matches!(e, Event::SessionUpdated(_)))
            .count();
        let questions: Vec<_> = events
            .iter()
            .filter_map(|e| match e {
                Event::QuestionUpdated(update) => Some(update),
                _ => None,
            })
            .collect();
        // Start (state, k), the best single model, the end: none per question.
        assert!(wholes <= 5, "{wholes} whole sessions handed over");
        assert!(
            questions.len() > 6 * 10,
            "{} question updates",
            questions.len()
        );
        let mut last = BTreeMap::new();
        for update in &questions {
            last.insert(update.index as usize, &update.question.result);
            assert!(update.question.calls.iter().all(|call| {
                call.id().and_then(|id| id.question().map(str::to_string))
                    == Some(update.question.result.question_id.clone())
            }));
        }
        let results = &body(&ended).results;
        assert_eq!(last.len(), results.len());
        for (index, result) in last {
            assert_eq!(result, &results[index], "question {index}'s last update");
        }
        assert_eq!(updates(&sink).last(), Some(&ended));
        // The stored record, patched by each update in turn, is at every save the record of the
        // session as it then is.
        let mut record = None;
        let mut saved = updates(&sink).into_iter();
        for event in &events {
            match event {
                Event::SessionUpdated(s) => record = Some(stored_record(s)),
                Event::QuestionUpdated(update) => {
                    assert!(update.apply_to_record(record.as_mut().unwrap()))
                }
                _ => continue,
            }
            assert_eq!(
                record.as_ref(),
                Some(&stored_record(&saved.next().unwrap()))
            );
        }
    }
}

/// A consultation (and so Review and Prioritize, which share the harness) still hands over the
/// whole session after every change: no question's update.
#[test]
fn a_consultation_still_hands_over_the_whole_session() {
    use consilium_engine::testing::ScriptedCaller;
    let (ended, sink) = common::run(common::demo_session(), &ScriptedCaller::over_demo());
    let events = sink.events();
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::QuestionUpdated(_))));
    let last = events.iter().rev().find_map(|e| match e {
        Event::SessionUpdated(s) => Some(s.as_ref()),
        _ => None,
    });
    assert_eq!(last, Some(&ended));
}

/// The per-call log: the tab closes while q2's consultation is in its first round, some of that
/// round's calls finished (and stored with q2), the others not. Resumed, the step asks the
/// provider only for the calls not logged; the logged ones are read back, cost nothing again,
/// and the run ends as one that was never stopped would.
#[test]
fn a_step_resumed_mid_round_asks_only_the_calls_it_did_not_log() {
    use consilium_engine::benchmark::call_log::FROM_THE_LOG;
    use consilium_engine::record::CallStatus;
    let session = benchmark(3, BestSingle::Auto, None, None);
    let questions = body(&session).questions.clone();
    let caller = caller_for(&session);
    let (_, sink) = run(session, &caller);
    let mut store = Store::default();
    let mut logged = Vec::new();
    for update in updates(&sink) {
        store.save(&update);
        let Some(consult) = body(&update).result("q2").and_then(|r| r.consult.as_ref()) else {
            continue;
        };
        let round_one: Vec<_> = consult.calls.iter().filter(|c| c.round == 1).collect();
        if consult.consult().last_complete_round() == 0
            && round_one.iter().any(|c| c.status == CallStatus::Ok)
        {
            logged = round_one
                .iter()
                .filter(|c| c.status == CallStatus::Ok)
                .map(|c| c.call_id.clone())
                .collect();
            break;
        }
    }
    assert!(
        !logged.is_empty(),
        "stopped with q2's first round under way"
    );
    let reopened = store.load();
    let spent_before = reopened.cost.spent_usd;
    let resumed = caller_for(&reopened);
    let (ended, _) = run(reopened, &resumed);
    assert_eq!(ended.state, "complete", "{:?}", ended.failure);
    let q2 = &questions[1].text;
    let asked: Vec<String> = resumed
        .requests()
        .into_iter()
        .filter(|r| r.prompt.contains(q2.as_str()) && r.round == 1)
        .map(|r| r.call_id)
        .collect();
    for call_id in &logged {
        assert!(
            !asked.contains(call_id),
            "{call_id} was logged and asked again"
        );
    }
    assert!(!asked.is_empty(), "the calls not logged are asked");
    // Each logged call was read back once, for nothing.
    let consult = body(&ended).result("q2").unwrap().consult.as_ref().unwrap();
    let read_back: Vec<_> = consult
        .calls
        .iter()
        .filter(|c| c.notes.iter().any(|n| n == FROM_THE_LOG))
        .collect();
    assert_eq!(read_back.len(), logged.len());
    assert!(read_back.iter().all(|c| c.cost_usd.unwrap_or(0.0) == 0.0));
    assert!(ended.cost.spent_usd >= spent_before);
    assert!(consult.is_finished());
}
