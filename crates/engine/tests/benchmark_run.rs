//! The benchmark's runner end to end on scripted models of known accuracy
//! (`testing::benchmark::KnownAccuracyCaller`): every arm at matched cost, k from Consult's call
//! count, the automatic best single model, resume after an interruption (nothing answered is asked
//! again), the budget stop, the CSV, the record's JSON, the vote's tie rule and progress.
use std::collections::HashSet;

use consilium_engine::benchmark::csv::results_csv;
use consilium_engine::benchmark::outcomes::summarise_body;
use consilium_engine::benchmark::progress::progress;
use consilium_engine::benchmark::vote::majority;
use consilium_engine::record::benchmark::body::Arm;
use consilium_engine::record::benchmark::config::{BestSingle, BEST_SINGLE_ID};
use consilium_engine::{
    foundation::participants::Price, harness::events::Event, harness::io::CallRequest,
    record::Session,
};
use consilium_engine::{
    record::benchmark::question::Grader, record::benchmark::question::Question,
};

use crate::common;

use common::benchmark::{benchmark, body, caller_for, run, seat};

/// Which question a request is about, and its call id: a consult's call ids repeat per question.
fn asked(requests: &[CallRequest], questions: &[Question]) -> Vec<(String, String)> {
    requests
        .iter()
        .map(|r| {
            let question = questions
                .iter()
                .find(|q| r.prompt.contains(&q.text))
                .map(|q| q.id.clone())
                .unwrap_or_default();
            (question, r.call_id.clone())
        })
        .collect()
}

fn calls_of(session: &Session, question_id: &str, arm: &Arm) -> u32 {
    body(session)
        .result(question_id)
        .and_then(|r| r.outcome(arm))
        .unwrap_or_else(|| panic!("no {arm:?} outcome for {question_id}"))
        .calls
}

#[test]
fn fifty_arithmetic_questions_run_every_arm_at_matched_cost() {
    let session = benchmark(50, BestSingle::Auto, None, None);
    let caller = caller_for(&session);
    let (ended, _) = run(session, &caller);
    assert_eq!(ended.state, "complete", "{:?}", ended.failure);
    let body = body(&ended);
    // Consult's own count for three panelists: 3 answers, synthesis, 3 cross-examinations, the
    // judgment of the challenges, the verdict.
    assert_eq!(body.k, Some(2 * 3 + 3));
    assert_eq!(body.questions_done(), 50);
    for question in &body.questions {
        let id = &question.id;
        let result = body.result(id).unwrap();
        // Three solo arms, the vote, the council, Vote and Adaptive depth, the best single.
        assert_eq!(result.arms.len(), 8, "{id}: {:?}", result.arms);
        // Matched cost: the council's calls are the best single model's k samples.
        assert_eq!(calls_of(&ended, id, &Arm::Council), 9, "{id}");
        assert_eq!(calls_of(&ended, id, &Arm::BestSingle), 9, "{id}");
        assert_eq!(calls_of(&ended, id, &Arm::Vote), 3, "{id}");
        for panelist in ["panelist-1", "panelist-2", "panelist-3"] {
            let solo = Arm::Solo {
                participant_id: panelist.into(),
            };
            assert_eq!(calls_of(&ended, id, &solo), 1, "{id} {panelist}");
        }
        assert!(result.facts.confidence.is_some(), "{id}");
        assert!(result.facts.verdict_answer.is_some(), "{id}");
    }
    // Every call the arms count was asked exactly once, and nothing else was asked.
    let requests = caller.requests();
    assert_eq!(requests.len(), 50 * (9 + 9));
    let pairs = asked(&requests, &body.questions);
    assert_eq!(pairs.iter().collect::<HashSet<_>>().len(), pairs.len());

    // Auto: model-a (90%) has the best solo accuracy, so the best single model samples it.
    let best = body.best_single.as_ref().unwrap();
    assert_eq!(
        (best.id.as_str(), best.model.as_str()),
        (BEST_SINGLE_ID, "model-a")
    );
    assert!(requests
        .iter()
        .filter(|r| r.call_id.contains("-best-"))
        .all(|r| r.target.model == "model-a" && r.participant_id == BEST_SINGLE_ID));

    // The measured accuracies sit near the scripted ones.
    let summary = summarise_body(body);
    let accuracy = |label: &str| {
        summary
            .arms
            .iter()
            .find(|a| a.label == label)
            .and_then(|a| a.accuracy)
            .unwrap_or_else(|| panic!("no arm {label}"))
    };
    assert!((accuracy("model-a alone") - 0.9).abs() < 0.15);
    assert!((accuracy("model-c alone") - 0.3).abs() < 0.2);
    // Nine samples of a 90% model, majority vote: right nearly always.
    assert!(accuracy("model-a, majority of 9 samples") >= 0.95);
    assert_eq!(summary.council.answered, 50);
    assert!(
        summary.headline.starts_with("On these 50 questions"),
        "{}",
        summary.headline
    );

    // The same seed and script give the same record.
    let again = benchmark(50, BestSingle::Auto, None, None);
    let caller = caller_for(&again);
    let (again, _) = run(again, &caller);
    assert_eq!(body.results, again.benchmark().unwrap().results);
}

#[test]
fn a_chosen_best_single_model_is_sampled_right_after_each_council() {
    let chosen = seat("panelist-3", "model-c", None);
    let session = benchmark(
        3,
        BestSingle::Model {
            participant: Box::new(chosen),
        },
        None,
        None,
    );
    let caller = caller_for(&session);
    let (ended, _) = run(session, &caller);
    assert_eq!(ended.state, "complete", "{:?}", ended.failure);
    let best = body(&ended).best_single.clone().unwrap();
    assert_eq!(best.model, "model-c");
    let order: Vec<(String, bool)> = asked(&caller.requests(), &body(&ended).questions)
        .into_iter()
        .map(|(q, call)| (q, call.contains("-best-")))
        .collect();
    // q1's council, q1's samples, q2's council...
    let mut runs: Vec<(String, bool)> = Vec::new();
    for step in order {
        if runs.last() != Some(&step) {
            runs.push(step);
        }
    }
    let expected: Vec<(String, bool)> = ["q1", "q2", "q3"]
        .iter()
        .flat_map(|q| [(q.to_string(), false), (q.to_string(), true)])
        .collect();
    assert_eq!(runs, expected);
    assert!(ended.participants.iter().any(|p| p.id == BEST_SINGLE_ID));
}

#[test]
fn a_benchmark_cancelled_mid_question_resumes_without_asking_an_answered_call_again() {
    let session = benchmark(5, BestSingle::Auto, None, None);
    let questions = body(&session).questions.clone();
    // Auto: the councils run first, 9 calls each. Call 22 is q3's synthesis (r2-judge).
    let first = caller_for(&session);
    first.cancel_after.set(Some(21));
    let (stopped, sink) = run(session, &first);
    assert_eq!(stopped.state, "aborted");
    let q3 = body(&stopped).result("q3").unwrap();
    assert!(q3.outcome(&Arm::Council).is_none());
    let consult = q3
        .consult
        .as_ref()
        .expect("q3's partial consultation is stored");
    assert_eq!(consult.state, "aborted");
    assert_eq!(consult.consult().round1.len(), 3);
    assert!(sink
        .events()
        .iter()
        .any(|e| matches!(e, Event::CallStarted { call_id, .. } if call_id == "q3/r2-judge")));

    let answered: HashSet<(String, String)> = asked(&first.requests()[..21], &questions)
        .into_iter()
        .collect();
    let second = caller_for(&stopped);
    let (ended, _) = run(stopped, &second);
    assert_eq!(ended.state, "complete", "{:?}", ended.failure);
    let again: Vec<(String, String)> = asked(&second.requests(), &questions);
    let repeated: Vec<_> = again.iter().filter(|a| answered.contains(a)).collect();
    assert!(repeated.is_empty(), "asked again: {repeated:?}");
    // The cancelled call was asked again, and nothing else beyond an uninterrupted run.
    assert_eq!(answered.len() + again.len(), 5 * 18);

    // The same answers as a run never interrupted; the cancelled call counts among the council's
    // calls (it was sent, and may be billed).
    let straight = benchmark(5, BestSingle::Auto, None, None);
    let caller = caller_for(&straight);
    let (straight, _) = run(straight, &caller);
    let answers = |s: &Session| -> Vec<_> {
        body(s)
            .results
            .iter()
            .flat_map(|r| {
                r.arms.iter().map(|a| {
                    (
                        r.question_id.clone(),
                        a.arm.clone(),
                        a.final_answer.clone(),
                        a.correct,
                    )
                })
            })
            .collect()
    };
    assert_eq!(answers(&ended), answers(&straight));
    assert_eq!(calls_of(&ended, "q3", &Arm::Council), 10);
}

#[test]
fn samples_already_answered_are_not_asked_again_after_a_cancel() {
    let chosen = seat("panelist-1", "model-a", None);
    let session = benchmark(
        2,
        BestSingle::Model {
            participant: Box::new(chosen),
        },
        None,
        None,
    );
    let questions = body(&session).questions.clone();
    // q1: 9 council calls + 9 samples; q2's council is calls 19-27; its samples start at 28 and
    // all start at once: 28-30 answer, 31-36 are cancelled.
    let first = caller_for(&session);
    first.cancel_after.set(Some(30));
    let (stopped, _) = run(session, &first);
    assert_eq!(stopped.state, "aborted");
    let q2 = body(&stopped).result("q2").unwrap();
    assert_eq!(q2.samples.len(), 3);
    assert!(q2.outcome(&Arm::BestSingle).is_none());

    let second = caller_for(&stopped);
    let (ended, _) = run(stopped, &second);
    assert_eq!(ended.state, "complete", "{:?}", ended.failure);
    let mut asked_again: Vec<String> = asked(&second.requests(), &questions)
        .into_iter()
        .map(|(q, call)| format!("{q} {call}"))
        .collect();
    asked_again.sort();
    let expected: Vec<String> = (4..=9).map(|i| format!("q2 q2-best-{i}")).collect();
    assert_eq!(asked_again, expected);
    // 9 answered samples, and the 6 cancelled calls, which were sent.
    assert_eq!(calls_of(&ended, "q2", &Arm::BestSingle), 15);
    assert_eq!(calls_of(&ended, "q1", &Arm::BestSingle), 9);
}

#[test]
fn a_reloaded_record_resumes_from_its_last_save() {
    let session = benchmark(3, BestSingle::Auto, None, None);
    let questions = body(&session).questions.clone();
    let caller = caller_for(&session);
    let (_, sink) = run(session, &caller);
    // The record as saved right after q2's round 2 was stored: the tab closes there.
    let saved = sink
        .saved_sessions()
        .into_iter()
        .find(|s| {
            body(s)
                .result("q2")
                .and_then(|r| r.consult.as_ref())
                .is_some_and(|c| c.consult().round2.is_some())
        })
        .expect("a save after q2's synthesis");
    let answered: HashSet<(String, String)> = saved
        .benchmark()
        .unwrap()
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
    let reopened = Session::from_json_text(&serde_json::to_string(&saved).unwrap()).unwrap();
    let resumed = caller_for(&reopened);
    let (ended, _) = run(reopened, &resumed);
    assert_eq!(ended.state, "complete", "{:?}", ended.failure);
    let again: Vec<(String, String)> = asked(&resumed.requests(), &questions);
    assert!(again.iter().all(|a| !answered.contains(a)), "{again:?}");
    assert!(again.contains(&("q2".into(), "r3-judge".into())));
}

#[test]
fn the_budget_stops_the_benchmark_before_a_call_that_could_exceed_it_and_a_raise_resumes_it() {
    let price = Price::new(100.0, 100.0);
    // A question costs about $0.65 (6,500 tokens); a call's worst case about $0.12.
    let session = benchmark(4, BestSingle::Auto, Some(1.5), Some(price));
    let questions = body(&session).questions.clone();
    let first = caller_for(&session);
    let (stopped, _) = run(session, &first);
    assert_eq!(stopped.state, "failed");
    let failure = stopped.failure.clone().unwrap();
    assert!(failure.contains("budget"), "{failure}");
    assert!(stopped.cost.spent_usd <= 1.5, "{}", stopped.cost.spent_usd);
    assert!(stopped.cost.spent_usd > 0.0);
    // The benchmark's cost is every consultation's and sample's.
    let consults: f64 = body(&stopped)
        .results
        .iter()
        .filter_map(|r| r.consult.as_ref())
        .map(|c| c.cost.spent_usd)
        .sum();
    assert!((stopped.cost.spent_usd - consults).abs() < 1e-9);

    let answered: HashSet<(String, String)> =
        asked(&first.requests(), &questions).into_iter().collect();
    let mut raised = stopped;
    if let consilium_engine::record::Body::Benchmark(body) = &mut raised.body {
        body.config.budget_usd = Some(1000.0);
    }
    let second = caller_for(&raised);
    let (ended, _) = run(raised, &second);
    assert_eq!(ended.state, "complete", "{:?}", ended.failure);
    let again = asked(&second.requests(), &questions);
    assert!(again.iter().all(|a| !answered.contains(a)));
    assert_eq!(body(&ended).questions_done(), 4);
}

#[test]
fn the_csv_has_one_row_per_question_and_arm_with_untrusted_text_defused() {
    let session = benchmark(4, BestSingle::Auto, None, None);
    let (mut ended, _) = run(session.clone(), &caller_for(&session));
    if let consilium_engine::record::Body::Benchmark(body) = &mut ended.body {
        let council = body.results[0]
            .arms
            .iter_mut()
            .find(|a| a.arm == Arm::Council)
            .unwrap();
        council.final_answer = Some("=HYPERLINK(\"x\"), 2".into());
    }
    let csv = results_csv(body(&ended));
    let lines: Vec<&str> = csv.split("\r\n").filter(|l| !l.is_empty()).collect();
    assert_eq!(
        lines[0],
        "question_id,arm,arm_label,expected,final_answer,correct,cost_usd,tokens,calls,sequential_calls,errors,web_search"
    );
    // Eight arms: three solo, the vote, the best single, Vote and Adaptive depth, the council.
    assert_eq!(lines.len(), 1 + 4 * 8);
    assert!(
        lines[1].starts_with("q1,solo:panelist-1,model-a alone,"),
        "{}",
        lines[1]
    );
    let council_row = lines.iter().find(|l| l.starts_with("q1,council,")).unwrap();
    assert!(
        council_row.contains(",\"'=HYPERLINK(\"\"x\"\"), 2\","),
        "{council_row}"
    );
    // Unpriced calls: the cost column is empty, never $0.
    assert!(council_row.contains(",,"), "{council_row}");
}

#[test]
fn the_record_round_trips_through_json_and_history_lists_it() {
    let session = benchmark(3, BestSingle::Auto, Some(100.0), None);
    let (ended, _) = run(session.clone(), &caller_for(&session));
    let json = serde_json::to_string(&ended).unwrap();
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(value["protocol"], "benchmark");
    assert_eq!(value["body"]["k"], 9);
    assert_eq!(
        value["body"]["config"]["council"]["final_answer"],
        serde_json::Value::Null
    );
    let back = Session::from_json_text(&json).unwrap();
    assert_eq!(back, ended);
    assert_eq!(serde_json::to_string(&back).unwrap(), json);
    let summary = consilium_engine::library::summary::SessionSummary::of(&ended);
    assert_eq!(summary.protocol, "benchmark");
    assert!(
        summary.outcome.starts_with("3 of 3 questions; council "),
        "{}",
        summary.outcome
    );
    assert!(ended.is_finished());
}

#[test]
fn the_vote_breaks_ties_by_first_vote_and_counts_equal_numbers_as_one() {
    let numeric = Question {
        id: "q".into(),
        text: "?".into(),
        answer: "1000".into(),
        grader: Grader::Numeric { tolerance: 0.0 },
    };
    assert_eq!(majority(&numeric, ["1", "2"]), Some("1".into()));
    assert_eq!(majority(&numeric, ["2", "1", "1", "2"]), Some("2".into()));
    assert_eq!(
        majority(&numeric, ["7", "1,000", "1000.0"]),
        Some("1,000".into())
    );
    assert_eq!(majority(&numeric, ["no idea", "none"]), None);
    let choice = Question {
        grader: Grader::Choice,
        answer: "B".into(),
        ..numeric.clone()
    };
    assert_eq!(
        majority(&choice, ["(b)", "A", "B. Paris"]),
        Some("(b)".into())
    );
}

#[test]
fn progress_counts_steps_and_estimates_what_is_left_at_the_pace_so_far() {
    let session = benchmark(4, BestSingle::Auto, None, None);
    let start = progress(&session, 0).unwrap();
    assert_eq!((start.done, start.total, start.steps_total), (0, 4, 8));
    assert_eq!(start.time_left_ms, None);
    let (ended, _) = run(session.clone(), &caller_for(&session));
    let end = progress(&ended, 0).unwrap();
    assert_eq!((end.done, end.steps_done), (4, 8));
    assert_eq!(end.time_left_ms, Some(0));
    assert_eq!(end.fraction(), 1.0);
}

/// A one-seat council has no verdict to grade, so the engine refuses it as a
/// benchmark's council with a sentence, rather than grading it wrong on every question.
#[test]
fn a_one_seat_council_is_refused_as_a_benchmarks_council() {
    let mut session = benchmark(2, BestSingle::Auto, None, None);
    if let consilium_engine::record::Body::Benchmark(body) = &mut session.body {
        body.config.council.panelists.truncate(1);
        let problem = body.config.validate().unwrap_err();
        assert!(problem.contains("at least 2 panelists"), "{problem}");
    } else {
        panic!("a benchmark");
    }
    let caller = caller_for(&session);
    let (ended, _) = run(session, &caller);
    assert!(caller.requests().is_empty(), "no call is made");
    assert_ne!(ended.state, "complete");
}

/// A running benchmark's results cross from the run's worker to the page as JSON: a finished
/// run's figures (intervals, fractions, the council choice and its "keep" button) read back equal.
#[test]
fn a_runs_results_and_council_choice_read_back_equal_through_json() {
    use consilium_engine::benchmark_council::view::choice::CouncilChoiceView;
    use consilium_engine::benchmark_council::view::results::{
        arms_results, body_council_choice, BenchmarkResultsView,
    };
    let session = benchmark(60, BestSingle::Auto, None, Some(Price::new(1.0, 2.0)));
    let caller = caller_for(&session);
    let (ended, _) = run(session, &caller);
    let results = arms_results(body(&ended));
    let choice = body_council_choice(body(&ended));
    assert!(!results.arms.is_empty() && choice.enough_questions);
    let json = serde_json::to_string(&results).expect("results serialise");
    let back: BenchmarkResultsView = serde_json::from_str(&json).expect("results read back");
    assert_eq!(back, results);
    let json = serde_json::to_string(&choice).expect("the choice serialises");
    let back: CouncilChoiceView = serde_json::from_str(&json).expect("the choice reads back");
    assert_eq!(back, choice);
}

/// The page's copy of a running benchmark follows it by each question's update and, at the run's
/// whole changes after its start (the best single model chosen, its end), by the record and the
/// questions that changed (`RecordUpdate`), never the whole session again: afterwards the copy
/// holds what the run's session holds (the same record and questions, calls grouped by question).
#[test]
fn a_pages_copy_follows_the_whole_changes_by_record_and_changed_questions() {
    use consilium_engine::record::benchmark::outcomes_apart::{
        changed_questions, stored_record, RecordUpdate,
    };
    let canonical = |s: &Session| (stored_record(s), changed_questions(None, s));
    let session = benchmark(30, BestSingle::Auto, None, Some(Price::new(1.0, 2.0)));
    let caller = caller_for(&session);
    let (ended, sink) = run(session, &caller);
    let mut page: Option<Session> = None;
    let mut crossings = 0;
    for event in sink.events() {
        match event {
            Event::SessionUpdated(whole) => match page.as_mut() {
                None => page = Some(*whole),
                Some(held) => {
                    let update = RecordUpdate::between(held, &whole);
                    let json = serde_json::to_string(&update).expect("serialises");
                    let update: RecordUpdate = serde_json::from_str(&json).expect("reads back");
                    assert!(update.apply(held), "the copy takes the update");
                    assert_eq!(canonical(held), canonical(&whole));
                    crossings += 1;
                }
            },
            Event::QuestionUpdated(update) => {
                assert!(update.apply(page.as_mut().expect("the start came whole")));
            }
            _ => {}
        }
    }
    assert!(
        crossings >= 2,
        "the best single model chosen and the end: {crossings}"
    );
    assert_eq!(canonical(&page.expect("followed")), canonical(&ended));
    // Another run's update, or one that counts questions the copy lacks, changes nothing.
    let mut other = ended.clone();
    other.id = "another".into();
    let before = other.clone();
    assert!(!RecordUpdate::between(&ended, &ended).apply(&mut other));
    assert_eq!(other, before);
}
