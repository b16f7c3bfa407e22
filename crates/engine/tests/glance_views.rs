//! View models that make a session readable at a glance: a failed run grouped into one problem
//! named once, Consult's one-line answer and confidence chip with its "Why?", the compact stance
//! matrix, Review in plain words, the bump chart's titles, and the tab's title.
use crate::common;

use common::*;
use consilium_engine::consult::view::stance::short_title;
use consilium_engine::consult::view::stance::{stance_matrix, StanceKind};
use consilium_engine::consult::view::verdict::{
    answer_above, confidence_chip, confidence_why, decision, dissent_level, one_line_answer,
    DissentLine,
};
use consilium_engine::harness::io::CallFailure;
use consilium_engine::prioritize::view::bump_chart;
use consilium_engine::record::consult::state::ConsultState;
use consilium_engine::review::view::{line_words, verdict_words, vote_words};
use consilium_engine::testing::ScriptedCaller;
use consilium_engine::views::failure::{failure_report, ProviderRef};
use consilium_engine::views::numbers::percent;
use consilium_engine::views::session::{heading, question_below_heading, tab_title};

const UNREACHABLE: &str = "Could not reach llama.cpp server (local) at http://127.0.0.1:9: the server is not running, the URL or port is wrong, it does not allow calls from a web page (CORS), or it dropped the connection before replying. llama.cpp's llama-server allows browser calls by default; other servers may need CORS enabled for this page's origin. (TypeError: Failed to fetch)";

fn network(tries: u32) -> CallFailure {
    CallFailure {
        kind: "network".into(),
        message: format!(
            "{UNREACHABLE} Tried {tries} times. Resume the session to try this call again; completed work is kept."
        ),
    }
}

fn all_panelists_failing(failures: [CallFailure; 3]) -> ScriptedCaller {
    let [a, b, c] = failures;
    ScriptedCaller::over_demo()
        .fail("r1-panelist-1", a)
        .fail("r1-panelist-2", b)
        .fail("r1-panelist-3", c)
}

// ---- one error, one fix ---------------------------------------------------------------------

#[test]
fn three_calls_failing_alike_are_one_problem_named_once_with_its_provider() {
    let (session, _) = run(
        demo_session(),
        &all_panelists_failing([network(3), network(3), network(2)]),
    );
    assert_eq!(session.consult_state(), Some(ConsultState::Failed));
    let report = failure_report(&session).expect("a failed run has a report");

    assert_eq!(
        report.problems.len(),
        1,
        "one reason, however many tries: {report:?}"
    );
    let problem = &report.problems[0];
    assert_eq!(
        problem.headline,
        "Could not reach llama.cpp server (local) at http://127.0.0.1:9"
    );
    assert_eq!(report.headline(), problem.headline);
    assert!(
        problem.advice.starts_with("The server is not running"),
        "{}",
        problem.advice
    );
    assert!(
        !problem.advice.contains("Resume the session") && !problem.advice.contains("Tried"),
        "the banner's buttons say what to do next: {}",
        problem.advice
    );
    assert_eq!(problem.calls, 3);
    let labels: Vec<String> = ["panelist-1", "panelist-2", "panelist-3"]
        .iter()
        .map(|id| session.label_of(id))
        .collect();
    assert_eq!(problem.affected, labels);
    assert_eq!(
        problem.affected_line(),
        format!(
            "{}, {} and {} got no usable reply this way.",
            labels[0], labels[1], labels[2]
        )
    );
    let panelist = session.participant("panelist-1").unwrap();
    assert_eq!(
        report.providers,
        vec![ProviderRef {
            id: panelist.provider_id.clone(),
            label: panelist.provider_label.clone()
        }]
    );
    assert_eq!(
        report.outcome,
        "Round 1 needs at least 2 usable answers and got 0."
    );
    assert_eq!(Some(report.reason.clone()), session.failure);
    // The text the banner shows names the problem once.
    let shown = format!(
        "{} {} {} {}",
        report.headline(),
        report.outcome,
        problem.advice,
        problem.affected_line()
    );
    assert_eq!(shown.matches("Could not reach").count(), 1, "{shown}");
}

#[test]
fn different_reasons_are_different_problems_the_commonest_first() {
    let auth = CallFailure {
        kind: "auth".into(),
        message: "Mock refused the API key (HTTP 401). Check the key for Mock in Settings. Resume the session after fixing it; completed work is kept.".into(),
    };
    let (session, _) = run(
        demo_session(),
        &all_panelists_failing([network(3), auth.clone(), auth]),
    );
    let report = failure_report(&session).unwrap();
    let headlines: Vec<&str> = report
        .problems
        .iter()
        .map(|p| p.headline.as_str())
        .collect();
    assert_eq!(
        headlines,
        [
            "Mock refused the API key (HTTP 401)",
            "Could not reach llama.cpp server (local) at http://127.0.0.1:9"
        ]
    );
    assert_eq!(report.problems[0].calls, 2);
    assert_eq!(
        report.problems[0].advice,
        "Check the key for Mock in Settings."
    );
}

#[test]
fn a_run_that_did_not_fail_has_no_report_and_a_call_asked_again_is_not_to_blame() {
    let (done, _) = run(demo_session(), &ScriptedCaller::over_demo());
    assert_eq!(failure_report(&done), None);
    let mut running = demo_session();
    running.calls = done.calls.clone();
    running.calls[0].status = consilium_engine::record::CallStatus::Failed;
    running.calls[0].error = Some("Bad key.".into());
    assert_eq!(failure_report(&running), None, "not while it runs");

    // Panelist 3's unusable reply was asked again and answered: the later failure is panelists
    // 1 and 2's alone.
    let caller = ScriptedCaller::over_demo()
        .reply("r1-panelist-3", "no JSON here")
        .fail("r1-panelist-1", network(1))
        .fail("r1-panelist-2", network(1));
    let (session, _) = run(demo_session(), &caller);
    let report = failure_report(&session).unwrap();
    assert_eq!(report.problems.len(), 1);
    assert_eq!(report.problems[0].calls, 2);
    assert!(report.problems.iter().all(|p| !p.headline.contains("JSON")));
}

#[test]
fn a_failure_of_the_runs_own_names_itself() {
    let (mut session, _) = run(
        demo_session(),
        &all_panelists_failing([network(1), network(1), network(1)]),
    );
    session.failure = Some("The budget of $0.10 would be exceeded by the next call.".into());
    let report = failure_report(&session).unwrap();
    assert!(report.problems.is_empty());
    assert_eq!(
        report.headline(),
        "The budget of $0.10 would be exceeded by the next call."
    );
}

// ---- decisions at a glance ------------------------------------------------------------------

#[test]
fn the_one_line_answer_is_the_first_sentence_or_its_first_clause() {
    assert_eq!(
        one_line_answer("Adopt Rust. Start with a pilot."),
        "Adopt Rust"
    );
    assert_eq!(
        one_line_answer("Adopt Rust for the new ingestion service through a six-week pilot of the parsing stage, with success criteria fixed up front (throughput, p99 latency, delivery pace), paired training for the team, and the current ingester kept as a fallback."),
        "Adopt Rust for the new ingestion service through a six-week pilot of the parsing stage"
    );
    assert_eq!(
        one_line_answer("**Yes**, move to *GitHub Actions*."),
        "Yes, move to GitHub Actions"
    );
    assert_eq!(
        answer_above("Adopt Rust."),
        None,
        "one short sentence is shown once"
    );
    assert_eq!(
        answer_above("Adopt Rust. Start small."),
        Some("Adopt Rust".into())
    );
    let unbroken = format!("Adopt {}", "x".repeat(200));
    let line = one_line_answer(&unbroken);
    assert!(line.ends_with('…') && line.chars().count() <= 111, "{line}");
}

#[test]
fn the_chip_says_confidence_and_dissent_and_why_gives_band_judge_and_rule() {
    let (session, _) = run(demo_session(), &ScriptedCaller::over_demo());
    let decision = decision(&session).unwrap();
    let meter = decision.meter.clone().expect("checked in code");
    let level = dissent_level(&decision.dissent);
    assert_eq!(
        confidence_chip(&decision),
        format!("{} · {level}", percent(meter.computed))
    );
    let why = confidence_why(&decision);
    let terms: Vec<&str> = why.iter().map(|w| w.term).collect();
    assert_eq!(
        terms,
        ["Allowed band", "Judge's number", "Rule", "The engine"]
    );
    assert_eq!(
        why[0].value,
        format!(
            "{} to {} (for {level})",
            percent(meter.band_low),
            percent(meter.band_high)
        )
    );
    assert_eq!(why[1].value, percent(meter.judge));
    assert_eq!(why[2].value, meter.rule);

    let mut unchecked = decision.clone();
    unchecked.meter = None;
    unchecked.dissent.clear();
    assert_eq!(
        confidence_chip(&unchecked),
        format!("{} · no dissent", percent(decision.judge_confidence))
    );
    assert_eq!(confidence_why(&unchecked)[1].term, "Checked");
}

#[test]
fn the_dissent_level_is_the_strongest_on_record() {
    use consilium_engine::record::consult::artifacts::Severity;
    let line = |severity| DissentLine {
        severity,
        agent_label: "P".into(),
        concern: "c".into(),
        added_by_engine: false,
    };
    assert_eq!(dissent_level(&[]), "no dissent");
    assert_eq!(dissent_level(&[line(Severity::Low)]), "low dissent");
    assert_eq!(
        dissent_level(&[line(Severity::Low), line(Severity::Medium)]),
        "medium dissent"
    );
    assert_eq!(
        dissent_level(&[line(Severity::Medium), line(Severity::High)]),
        "high dissent"
    );
}

#[test]
fn the_compact_stance_matrix_has_short_headers_and_counted_icons() {
    assert_eq!(short_title("Rust or Go"), "Rust or Go");
    assert_eq!(
        short_title("The team's inexperience with Rust is the main risk and needs a plan"),
        "The team's inexperience…"
    );
    let (session, _) = run(demo_session(), &ScriptedCaller::over_demo());
    let matrix = stance_matrix(&session).unwrap();
    for column in &matrix.columns {
        assert!(column.short.chars().count() <= 29, "{}", column.short);
    }
    for mark in matrix.rows.iter().flat_map(|r| &r.cells).flatten() {
        assert!(mark.count >= 1);
        let names = match mark.kind {
            StanceKind::Challenged | StanceKind::ChallengedBy | StanceKind::RebuttedBy => {
                mark.text.matches(", ").count() + 1
            }
            _ => 1,
        };
        assert_eq!(mark.count, names, "{mark:?}");
    }
    let icons: Vec<&str> = StanceKind::ALL.iter().map(|k| k.icon()).collect();
    let mut distinct = icons.clone();
    distinct.dedup();
    assert_eq!(distinct.len(), icons.len());
}

#[test]
fn review_reads_in_plain_words() {
    use consilium_engine::record::review::body::ReviewVerdict;
    assert_eq!(
        verdict_words(ReviewVerdict::RequestChanges),
        "Changes requested"
    );
    assert_eq!(verdict_words(ReviewVerdict::Approved), "Approved");
    assert_eq!(verdict_words(ReviewVerdict::Inconclusive), "Inconclusive");
    assert_eq!(line_words(4, 4), "Line 4");
    assert_eq!(line_words(3, 5), "Lines 3–5");
    assert_eq!(vote_words("VETO"), "Veto");
    assert_eq!(vote_words("SYNTHESIS"), "Agrees");
    assert_eq!(vote_words("ABSTAIN"), "Abstains");
}

#[test]
fn the_bump_chart_is_labelled_with_titles() {
    use consilium_engine::prioritize::view::RankLine;
    let line = |id: &str, title: &str| RankLine {
        id: id.into(),
        title: title.into(),
        ranks: vec![Some(1), Some(2)],
    };
    let chart = bump_chart(&[
        line("opp-1", "Search"),
        line("opp-2", "Rebuild the billing pipeline on the new event bus"),
        line("opp-3", ""),
    ]);
    let labels: Vec<&str> = chart.lines.iter().map(|l| l.label.as_str()).collect();
    assert_eq!(labels, ["Search", "Rebuild the billing…", "opp-3"]);
}

#[test]
fn the_tab_title_names_the_session() {
    let session = demo_session();
    let title = tab_title(&session);
    assert!(title.ends_with(" · Consilium"), "{title}");
    assert!(
        title.chars().count() <= 60 + " · Consilium".len() + 1,
        "{title}"
    );
    assert!(session
        .subject
        .starts_with(title.trim_end_matches(" · Consilium").trim_end_matches('…')));
}

#[test]
fn a_renamed_consult_is_headed_by_its_new_name_with_its_question_below() {
    let mut session = demo_session();
    assert_eq!(
        heading(&session),
        session.subject,
        "not renamed: the question heads it"
    );
    assert_eq!(question_below_heading(&session), None);
    session.title = "Billing: microservices?".into();
    assert_eq!(heading(&session), "Billing: microservices?");
    assert_eq!(tab_title(&session), "Billing: microservices? · Consilium");
    assert_eq!(
        question_below_heading(&session),
        Some(session.subject.clone())
    );
}

#[test]
fn a_run_that_finished_without_some_replies_says_which_and_why_once() {
    // Panelist 3's call fails for good; the council goes on with two and decides.
    let caller = ScriptedCaller::over_demo().fail("r1-panelist-3", network(3));
    let (session, _) = run(demo_session(), &caller);
    assert_eq!(session.consult_state(), Some(ConsultState::Complete));
    let report = failure_report(&session).expect("a reply it went on without");
    assert!(!report.stopped);
    assert_eq!(report.reason, "");
    assert_eq!(report.outcome, "The run finished without these replies.");
    assert_eq!(report.problems.len(), 1);
    assert_eq!(
        report.problems[0].affected,
        vec![session.label_of("panelist-3")]
    );
    let stopped = run(
        demo_session(),
        &all_panelists_failing([network(1), network(1), network(1)]),
    )
    .0;
    assert!(failure_report(&stopped).unwrap().stopped);
}

#[test]
fn a_message_with_no_clause_to_cut_at_is_cut_at_a_word() {
    let long = CallFailure {
        kind: "server".into(),
        message: "word ".repeat(60),
    };
    let (session, _) = run(
        demo_session(),
        &all_panelists_failing([long.clone(), long.clone(), long]),
    );
    let report = failure_report(&session).unwrap();
    let headline = report.headline();
    assert!(
        headline.ends_with('…') && headline.chars().count() <= 161,
        "{headline}"
    );
    assert!(report.problems[0].advice.starts_with("word word"));
}
