//! The Benchmark with web search on: each question's consultation searches as
//! a searching Consult does (round 1 and the cross-examination, never the synthesis, the judgment
//! of the challenges or the verdict), each of the best single model's samples searches as a
//! round-1 answer does, a seat whose provider has no search answers without it, the fees are in
//! the estimate and on the ledger, and the record says "with web search" wherever it shows.
use consilium_engine::benchmark::csv::results_csv;
use consilium_engine::benchmark::report::benchmark_markdown;
use consilium_engine::benchmark::search::search_note;
use consilium_engine::benchmark_council::testing::KnownAccuracyCaller;
use consilium_engine::benchmark_council::view::cost::{
    benchmark_cost_and_consent, describe_benchmark_cost,
};
use consilium_engine::foundation::participants::{Price, SeatSearch};
use consilium_engine::harness::io::{
    CallFailure, CallProgress, CallReply, CallRequest, ModelCaller,
};
use consilium_engine::html_report::session_html;
use consilium_engine::record::benchmark::config::BestSingle;
use consilium_engine::record::{ProtocolBody, Session};
use consilium_providers::{SearchFee, SearchReport, SearchResult, SearchUnit};

use crate::common;

use common::benchmark::{benchmark, body, caller_for, run};

/// A cent a search, up to 5 searches a call.
const FEE: SearchFee = SearchFee {
    usd_per_unit: 0.01,
    unit: SearchUnit::Search,
};

/// Panelists 1 and 2 search (2 without the response schema), panelist 3 cannot (a local server).
fn searching(questions: usize, best_single: BestSingle) -> Session {
    let mut session = benchmark(
        questions,
        BestSingle::Auto,
        None,
        Some(Price::new(1.0, 4.0)),
    );
    let body = consilium_engine::record::benchmark::body::BenchmarkBody::of(&session.body)
        .unwrap()
        .clone();
    let mut config = body.config;
    config.council.search_web = true;
    config.council.panelists[0].web_search = Some(SeatSearch {
        with_schema: true,
        fee: Some(FEE),
    });
    config.council.panelists[1].web_search = Some(SeatSearch {
        with_schema: false,
        fee: Some(FEE),
    });
    config.council.panelists[2].web_search = None;
    config.best_single = best_single;
    session = Session::new_benchmark(session.id, config, body.questions, 1_700_000_000_000);
    session
}

fn report() -> SearchReport {
    SearchReport {
        queries: vec!["arithmetic".into()],
        results: vec![SearchResult {
            url: "https://example.org/maths".into(),
            title: "Maths".into(),
            snippet: None,
            page_age: None,
        }],
        citations: Vec::new(),
        searches: 1,
        errors: Vec::new(),
    }
}

/// The scripted models of known accuracy; a searching call's reply carries one search.
struct SearchingCaller(KnownAccuracyCaller);

impl ModelCaller for SearchingCaller {
    async fn call(
        &self,
        request: CallRequest,
        progress: &dyn CallProgress,
    ) -> Result<CallReply, CallFailure> {
        let searched = request.web_search.is_some();
        let mut reply = self.0.call(request, progress).await?;
        if searched {
            reply.search = Some(report());
        }
        Ok(reply)
    }
}

fn run_searching(session: Session) -> (Session, Vec<CallRequest>) {
    let known = caller_for(&session);
    let caller = SearchingCaller(known);
    let sink = consilium_engine::testing::RecordingSink::default();
    let ended = futures::executor::block_on(consilium_engine::benchmark::run::run_benchmark(
        session,
        &consilium_engine::benchmark_council::ConsultCouncil,
        &caller,
        &consilium_engine::testing::FixedClock(common::benchmark::NOW_MS),
        &sink,
    ));
    (ended, caller.0.requests())
}

/// A consultation's call id (`r1-panelist-1`) or a sample's, whatever its question.
fn searched_ids(requests: &[CallRequest], searched: bool) -> Vec<String> {
    let mut ids: Vec<String> = requests
        .iter()
        .filter(|r| r.web_search.is_some() == searched)
        .map(|r| match r.call_id.find("-best-") {
            Some(_) => format!("best-single:{}", r.participant_id),
            None => r.call_id.clone(),
        })
        .collect();
    ids.sort();
    ids.dedup();
    ids
}

#[test]
fn round_one_the_cross_examination_and_the_samples_search_and_nothing_else_does() {
    let chosen = BestSingle::Model {
        participant: Box::new(
            body(&searching(1, BestSingle::Auto))
                .config
                .council
                .panelists[1]
                .clone(),
        ),
    };
    let (ended, requests) = run_searching(searching(3, chosen));
    assert_eq!(ended.state, "complete", "{:?}", ended.failure);
    assert_eq!(
        searched_ids(&requests, true),
        [
            "best-single:best-single",
            "r1-panelist-1",
            "r1-panelist-2",
            "r3-panelist-1",
            "r3-panelist-2",
        ]
    );
    let unsearched = searched_ids(&requests, false);
    for id in ["r1-panelist-3", "r3-panelist-3", "r2-judge", "r4-judge"] {
        assert!(unsearched.iter().any(|u| u == id), "{id}: {unsearched:?}");
    }
    assert!(
        !unsearched.iter().any(|u| u.starts_with("best-single")),
        "every sample of a searching seat searches"
    );
    // Panelist 2's provider cannot search with the schema: its searching calls go without it,
    // as its samples do, and their prompts spell the JSON shape instead; panelist 1's keep it.
    for request in requests.iter().filter(|r| r.web_search.is_some()) {
        let with_schema = request.participant_id == "panelist-1";
        assert_eq!(
            request.response_schema.is_some(),
            with_schema,
            "{}",
            request.call_id
        );
        assert_eq!(
            request
                .prompt
                .contains("Reply with one JSON object and nothing else"),
            !with_schema,
            "{}",
            request.call_id
        );
    }
    // Grading is unchanged: every arm has its outcomes; the searches are on the call records.
    let body = body(&ended);
    assert_eq!(body.questions_done(), 3);
    let samples_with_search = ended
        .calls
        .iter()
        .filter(|c| c.call_id.contains("-best-") && c.search == Some(report()))
        .count();
    assert_eq!(samples_with_search as u32, 3 * body.k.unwrap());
    let consult = body.results[0].consult.as_ref().unwrap();
    let r1 = |id: &str| consult.calls.iter().find(|c| c.call_id == id).unwrap();
    assert_eq!(r1("r1-panelist-1").search, Some(report()));
    assert_eq!(r1("r1-panelist-3").search, None);
}

#[test]
fn the_fees_are_charged_on_the_ledger_and_said_in_the_estimate() {
    let session = searching(2, BestSingle::Auto);
    let questions = body(&session).questions.clone();
    let (cost, _) = benchmark_cost_and_consent(&questions, &body(&session).config, 1.0);
    let search = cost.search.clone().expect("the estimate counts the search");
    // Per question: 2 searching seats in rounds 1 and 3, and k = 9 samples, at most 5 searches a
    // call at a cent each.
    assert_eq!(search.calls, 2 * (4 + 9));
    assert!(
        (search.usd - 2.0 * 13.0 * 0.05).abs() < 1e-9,
        "{}",
        search.usd
    );
    let text = describe_benchmark_cost(&cost);
    assert!(
        text.contains("Web search: 26 searching calls, up to $1.30 in search fees"),
        "{text}"
    );
    assert!(
        text.contains("Best single model: $10 per 1,000 searches"),
        "{text}"
    );

    // The same benchmark without search: the bound is lower by the search fees exactly.
    let mut off = body(&session).config.clone();
    off.council.search_web = false;
    let (without, _) = benchmark_cost_and_consent(&questions, &off, 1.0);
    assert!(without.search.is_none());
    let difference = cost.at_most_usd.unwrap() - without.at_most_usd.unwrap();
    assert!((difference - search.usd).abs() < 1e-9, "{difference}");

    let (ended, requests) = run_searching(session);
    assert_eq!(ended.state, "complete", "{:?}", ended.failure);
    let searching_calls = requests.iter().filter(|r| r.web_search.is_some()).count();
    // One search a searching call, a cent each, on the benchmark's ledger.
    let fees = searching_calls as f64 * 0.01;
    assert!(
        (ended.cost.search_usd - fees).abs() < 1e-9,
        "{} vs {fees}",
        ended.cost.search_usd
    );
    assert!(ended.cost.search_usd <= search.usd);
}

#[test]
fn a_budget_too_small_for_a_sample_s_search_stops_before_its_call() {
    let mut session = searching(1, BestSingle::Auto);
    // Room for the council's tokens and its four searches (a cent each, 5 cents set aside each),
    // not for nine samples' searches set aside at 5 cents each.
    if let Some(body) =
        consilium_engine::record::benchmark::body::BenchmarkBody::of_mut(&mut session.body)
    {
        body.config.budget_usd = Some(0.3);
    }
    session.cost.budget_usd = Some(0.3);
    let (ended, _) = run_searching(session);
    let skipped: Vec<_> = ended
        .calls
        .iter()
        .filter(|c| {
            c.error
                .as_deref()
                .unwrap_or("")
                .contains("web search could cost up to")
        })
        .collect();
    assert!(!skipped.is_empty(), "{:?}", ended.failure);
    assert!(skipped.iter().all(|c| c.call_id.contains("-best-")));
    assert!(ended.cost.spent_usd <= 0.3);
}

#[test]
fn the_record_says_with_web_search_wherever_it_shows() {
    let session = searching(2, BestSingle::Auto);
    assert!(
        session.subject.ends_with(", with web search"),
        "{}",
        session.subject
    );
    let json = serde_json::to_string(&session).unwrap();
    let back: Session = serde_json::from_str(&json).unwrap();
    assert!(body(&back).config.council.search_web);
    assert_eq!(body(&back).config, body(&session).config);

    let (ended, _) = run_searching(session);
    let note = search_note(body(&ended), &ended.cost).unwrap();
    assert!(note.starts_with("Run with web search:"), "{note}");
    assert!(
        note.contains("panelist-3 · model-c cannot search the web"),
        "{note}"
    );
    assert!(note.contains("Web search fees: $"), "{note}");
    let markdown = benchmark_markdown(&ended);
    assert!(markdown.contains("with web search"), "{markdown}");
    assert!(markdown.contains("## Web search"), "{markdown}");
    let html = session_html(&ended);
    assert!(html.contains("with web search") && html.contains("Web search fees"));
    let csv = results_csv(body(&ended));
    let mut lines = csv.lines();
    assert!(lines.next().unwrap().ends_with(",web_search"));
    assert!(lines.all(|line| line.ends_with(",true")), "{csv}");

    // A benchmark that did not search says nothing of it.
    let plain = benchmark(1, BestSingle::Auto, None, None);
    assert!(!plain.subject.contains("web search"));
    assert!(search_note(body(&plain), &plain.cost).is_none());
    assert!(results_csv(body(&plain))
        .lines()
        .next()
        .unwrap()
        .ends_with(",web_search"));
}

#[test]
fn without_search_no_benchmark_call_searches() {
    let session = benchmark(2, BestSingle::Auto, None, None);
    let caller = caller_for(&session);
    let (ended, _) = run(session, &caller);
    assert_eq!(ended.state, "complete");
    assert!(caller.requests().iter().all(|r| r.web_search.is_none()));
    assert_eq!(ended.cost.search_usd, 0.0);
}

#[test]
fn the_form_offers_search_when_a_seat_can_and_names_the_seats_without_it_and_the_fees() {
    use consilium_engine::benchmark_council::view::cost::benchmark_search_line;
    use consilium_engine::material::web::can_search;
    let session = searching(2, BestSingle::Auto);
    let config = &body(&session).config;
    assert!(can_search(&config.council.panelists));
    let local = benchmark(1, BestSingle::Auto, None, None);
    assert!(!can_search(&body(&local).config.council.panelists));

    let line = benchmark_search_line(&body(&session).questions, config).unwrap();
    assert!(
        line.starts_with(
            "panelist-3 · model-c cannot search the web (its provider has no search): it answers \
             without it. Web search: 26 searching calls, up to $1.30 in search fees"
        ),
        "{line}"
    );
    assert!(line.ends_with("up to 5 a call)."), "{line}");
    let mut off = config.clone();
    off.council.search_web = false;
    assert_eq!(benchmark_search_line(&body(&session).questions, &off), None);
}

/// A question's consultation resumed after a reload reads its finished calls back from their
/// records (`LoggedCalls`): their searches stay on the records, and their fees are not charged
/// again.
#[test]
fn a_consultation_read_back_from_its_log_keeps_its_searches_and_pays_them_once() {
    use consilium_engine::benchmark::call_log::{LoggedCalls, FROM_THE_LOG};
    use consilium_engine::consult::run_consult;
    use consilium_engine::testing::{FixedClock, RecordingSink};
    use futures::executor::block_on;
    let session = searching(1, BestSingle::Auto);
    let mut config = body(&session).config.council.clone();
    config.final_answer = true;
    let question = body(&session).questions[0].text.clone();
    let fresh = || Session::new_consult("c".into(), question.clone(), config.clone(), 0);
    let caller = SearchingCaller(caller_for(&session));
    let clock = FixedClock(common::benchmark::NOW_MS);
    let first = block_on(run_consult(
        fresh(),
        &caller,
        &clock,
        &RecordingSink::default(),
    ));
    assert_eq!(first.state, "complete", "{:?}", first.failure);
    assert!(first.cost.search_usd > 0.0);
    let asked = caller.0.requests().len();

    let logged = LoggedCalls::of(&caller, &first);
    let again = block_on(run_consult(
        fresh(),
        &logged,
        &clock,
        &RecordingSink::default(),
    ));
    assert_eq!(again.state, "complete", "{:?}", again.failure);
    assert_eq!(
        caller.0.requests().len(),
        asked,
        "every call read from the log"
    );
    let read = again
        .calls
        .iter()
        .find(|c| c.call_id == "r1-panelist-1")
        .unwrap();
    assert_eq!(read.search, Some(report()));
    assert_eq!(read.notes, [FROM_THE_LOG]);
    assert_eq!(
        again.cost.search_usd, 0.0,
        "its fee was charged the first time"
    );
}

/// A key's limit is set against the run's worst case, search fees included.
#[test]
fn a_key_s_limit_counts_the_search_fees() {
    use consilium_engine::key_limit::worst_case_usd;
    let on = searching(2, BestSingle::Auto);
    let mut off = on.clone();
    if let Some(body) =
        consilium_engine::record::benchmark::body::BenchmarkBody::of_mut(&mut off.body)
    {
        body.config.council.search_web = false;
    }
    let fees = worst_case_usd(&on).unwrap() - worst_case_usd(&off).unwrap();
    // 26 searching calls at up to 5 cents each (`the_fees_are_charged_…`).
    assert!((fees - 1.30).abs() < 1e-9, "{fees}");
}
