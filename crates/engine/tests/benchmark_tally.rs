//! The running benchmark's summary kept as it goes (`benchmark::tally`): followed through a
//! scripted run event by event, as the page follows it (the whole session recomputes it; one
//! question's update replaces that question's share), it equals at every save the full
//! recomputation over the session as it then is: the history line, the progress, the tally itself.
use consilium_engine::benchmark::progress::progress;
use consilium_engine::benchmark::tally::RunningTally;
use consilium_engine::foundation::participants::Price;
use consilium_engine::library::summary::SessionSummary;
use consilium_engine::record::benchmark::config::BestSingle;
use consilium_engine::{harness::events::Event, record::Session};

use crate::common;

use common::benchmark::{benchmark, body, caller_for, run};

fn followed(session: Session) -> (Session, usize) {
    let caller = caller_for(&session);
    let (ended, sink) = run(session, &caller);
    assert_eq!(ended.state, "complete", "{:?}", ended.failure);
    let mut saved = sink.saved_sessions().into_iter();
    let mut tally = RunningTally::default();
    let mut question_updates = 0;
    for event in sink.events() {
        match event {
            Event::SessionUpdated(session) => tally = RunningTally::of(body(&session)),
            Event::QuestionUpdated(update) => {
                question_updates += 1;
                tally.update(update.index as usize, &update.question.result)
            }
            _ => continue,
        }
        let now = saved.next().expect("a save per update");
        let b = body(&now);
        assert_eq!(tally, RunningTally::of(b));
        assert_eq!(
            tally.outcome_line(b.questions.len(), b.k),
            SessionSummary::of(&now).outcome
        );
        let full = progress(&now, 25).unwrap();
        let kept = tally.progress(
            b.questions.len(),
            b.k,
            b.config.council.demo,
            now.cost.spent_usd,
            now.cost.unpriced_calls,
            25,
        );
        assert_eq!(kept, full);
    }
    (ended, question_updates)
}

#[test]
fn the_summary_kept_per_question_equals_the_full_recomputation_at_every_save() {
    let price = Price::new(1.0, 4.0);
    for best in [
        BestSingle::Auto,
        BestSingle::Model {
            participant: Box::new(
                body(&benchmark(1, BestSingle::Auto, None, None))
                    .config
                    .council
                    .panelists[0]
                    .clone(),
            ),
        },
    ] {
        let (ended, updates) = followed(benchmark(10, best, None, Some(price)));
        assert!(updates > 10 * 10, "{updates} question updates followed");
        // Not a line of zeros: the run answered, right and wrong.
        let line = SessionSummary::of(&ended).outcome;
        assert!(line.starts_with("10 of 10 questions; council "), "{line}");
        let done = progress(&ended, 0).unwrap();
        assert_eq!(done.steps_done, done.steps_total);
        assert!(ended.cost.spent_usd > 0.0);
    }
}

/// A question's share is replaced, not added again: the same result given twice, or a question
/// that went back (a step asked again), leaves the tally as the body's.
#[test]
fn a_question_updated_again_replaces_its_share() {
    let session = benchmark(4, BestSingle::Auto, None, None);
    let caller = caller_for(&session);
    let (ended, _) = run(session, &caller);
    let results = &body(&ended).results;
    let mut tally = RunningTally::of(body(&ended));
    tally.update(2, &results[2]);
    assert_eq!(tally, RunningTally::of(body(&ended)));
    let mut earlier = ended.clone();
    if let consilium_engine::record::Body::Benchmark(b) = &mut earlier.body {
        b.results[1].arms.clear();
        b.results[1].elapsed_ms += 7;
    }
    tally.update(1, &body(&earlier).results[1]);
    assert_eq!(tally, RunningTally::of(body(&earlier)));
    assert_ne!(tally, RunningTally::of(body(&ended)));
}
