//! Review's view models: fix items by file, the committee grid, the deliberation log and its
//! mediation, which rounds show live calls, and the new-review form's size line and committee.
use consilium_engine::foundation::ids::ParticipantId;
use consilium_engine::record::review::committee::ReviewerRole;
use consilium_engine::record::review::state::ReviewState;
use consilium_engine::record::Session;
use consilium_engine::review::demo::{demo_review_config, DEMO_DIFF};
use consilium_engine::review::diff::ParsedDiff;
use consilium_engine::review::run_review;
use consilium_engine::review::view::*;
use consilium_engine::testing::{FixedClock, RecordingSink, ScriptedCaller};
use consilium_engine::{
    record::review::body::Compromise, record::review::body::Finding, record::review::body::Opinion,
    record::review::body::ReviewBody, record::review::body::ReviewRound,
    record::review::body::VetoerAnswer, record::review::body::MAX_CODE_CHARS,
};
use consilium_engine::{
    record::review::reply::FixItem, record::review::reply::FixSeverity, record::review::reply::Vote,
};
use futures::executor::block_on;

const NOW: u64 = 1_700_000_000_000;

fn demo_review() -> Session {
    let caller = ScriptedCaller::new(|r| Ok(consilium_engine::review::demo::demo_reply(r)));
    let session = Session::new_review("r-view".into(), DEMO_DIFF.into(), demo_review_config(), NOW);
    block_on(run_review(
        session,
        &caller,
        &FixedClock(NOW),
        &RecordingSink::default(),
    ))
}

fn fresh_review() -> Session {
    Session::new_review("r-new".into(), DEMO_DIFF.into(), demo_review_config(), NOW)
}

fn body_mut(session: &mut Session) -> &mut ReviewBody {
    match &mut session.body {
        consilium_engine::record::Body::Review(body) => body,
        _ => unreachable!("a review"),
    }
}

fn members(session: &Session) -> Vec<ParticipantId> {
    session.participants.iter().map(|p| p.id.clone()).collect()
}

fn finding(path: &str, start: u32, end: u32, verified: bool, from_scan: bool) -> Finding {
    Finding {
        item: FixItem {
            severity: FixSeverity::High,
            path: path.into(),
            line_start: start,
            line_end: end,
            rule: format!("rule for {path}"),
            current: "now".into(),
            recommended_action: "do".into(),
            citations: Vec::new(),
        },
        verified,
        problem: None,
        from_scan,
        abstained: false,
    }
}

#[test]
fn a_member_is_named_by_its_role_and_an_unknown_id_by_itself() {
    assert_eq!(member_name("sre"), "Operations/SRE");
    assert_eq!(member_name("business_driver"), "Business Driver");
    assert_eq!(member_name("guest"), "guest");
}

#[test]
fn fix_items_are_grouped_by_file_in_path_order_each_file_in_the_verdicts_order() {
    let session = demo_review();
    let body = session.review();
    let diff = body.parsed(&session.subject);
    let files = fix_items_by_file(body.verdict.as_ref(), &diff, &[]);
    let paths: Vec<&str> = files.iter().map(|f| f.path.as_str()).collect();
    assert_eq!(paths, ["app/config.py", "app/db.py"]);
    let rules: Vec<Vec<&str>> = files
        .iter()
        .map(|f| {
            f.findings
                .iter()
                .map(|c| c.finding.item.rule.as_str())
                .collect()
        })
        .collect();
    assert_eq!(
        rules,
        [
            vec!["no hard-coded secrets"],
            vec!["parameterise SQL queries", "every query helper has a test"]
        ]
    );
    let secret = &files[0].findings[0];
    assert_eq!(secret.status, "verified");
    assert_eq!(secret.lines, "Line 4");
    assert_eq!(
        secret.cited, "    4 + AWS_ACCESS_KEY_ID = \"AKIAQ3EGRU7XK5N2ZD4W\"\n",
        "the cited diff line, numbered and marked as added"
    );
    assert_eq!(files[1].findings[1].cited.lines().count(), 3, "lines 13-15");
}

#[test]
fn no_verdict_is_no_fix_items() {
    let session = fresh_review();
    let diff = ParsedDiff::parse(DEMO_DIFF);
    assert!(fix_items_by_file(session.review().verdict.as_ref(), &diff, &[]).is_empty());
}

#[test]
fn a_finding_card_says_where_it_came_from_and_whether_it_was_checked() {
    let diff = ParsedDiff::parse(DEMO_DIFF);
    let scan = FindingCard::new(&finding("app/config.py", 4, 4, true, true), &diff, &[]);
    assert_eq!((scan.status, scan.source), ("verified", "secret scan"));
    let unchecked = FindingCard::new(&finding("app/other.py", 1, 2, false, false), &diff, &[]);
    assert_eq!(
        (unchecked.status, unchecked.source),
        ("not checked against the diff", "committee")
    );
    assert_eq!(unchecked.lines, "Lines 1–2");
    assert_eq!(
        unchecked.cited, "",
        "a file the diff does not have cites nothing"
    );
    let context = FindingCard::new(&finding("app/db.py", 10, 13, true, false), &diff, &[]);
    assert_eq!(
        context.cited,
        "   10       return psycopg.connect(DATABASE_URL)\n   11   \n   12   \n   13 + def find_invoices(conn, customer):\n",
        "context lines unmarked, added ones with +"
    );
}

#[test]
fn the_committee_grid_has_a_column_per_round_and_a_row_per_member_in_seat_order() {
    let session = demo_review();
    let diff = session.review().parsed(&session.subject);
    let grid = committee_grid(&members(&session), &session.review().rounds, &diff, &[]);
    assert_eq!(grid.columns, ["Round 1", "Round 2"]);
    assert_eq!(round_columns(&session.review().rounds), grid.columns);
    let names: Vec<&str> = grid.rows.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "Engineering Architect",
            "Operations/SRE",
            "Knowledge Manager",
            "Business Driver"
        ]
    );
    assert!(grid.rows.iter().all(|r| r.cells.len() == 2));
    let sre_round1 = grid.rows[1].cells[0].as_ref().expect("the SRE spoke");
    assert_eq!(sre_round1.vote, "VETO");
    assert!(sre_round1.confidence.starts_with(' ') && sre_round1.confidence.ends_with('%'));
    assert!(
        sre_round1.findings.iter().any(|f| f.cited.contains("AKIA")),
        "a cell's findings cite the diff"
    );
}

#[test]
fn a_grid_cell_shows_the_vote_counted_what_the_member_said_when_it_differs_and_a_gap_as_none() {
    let mut session = fresh_review();
    body_mut(&mut session).rounds = vec![ReviewRound {
        number: 1,
        code_version: 0,
        opinions: vec![
            Opinion {
                member_id: "architect".into(),
                said: Some(Vote::Synthesis),
                vote: Vote::Abstain,
                confidence: Some(0.3),
                opinion: "Unsure.".into(),
                findings: Vec::new(),
                note: Some("Below the threshold: counted as ABSTAIN.".into()),
            },
            Opinion {
                member_id: "sre".into(),
                said: Some(Vote::Synthesis),
                vote: Vote::Synthesis,
                confidence: None,
                opinion: "Fine.".into(),
                findings: Vec::new(),
                note: None,
            },
        ],
        outcome: ReviewState::Debate,
        majority_abstained: false,
        compromise: None,
        transitions: Vec::new(),
    }];
    let grid = committee_grid(
        &members(&session),
        &session.review().rounds,
        &ParsedDiff::parse(DEMO_DIFF),
        &[],
    );
    let architect = grid.rows[0].cells[0].as_ref().unwrap();
    assert_eq!(architect.vote, "ABSTAIN");
    assert_eq!(architect.confidence, " 30%");
    assert_eq!(architect.said.as_deref(), Some(" (said SYNTHESIS)"));
    assert_eq!(
        architect.note.as_deref(),
        Some("Below the threshold: counted as ABSTAIN.")
    );
    let sre = grid.rows[1].cells[0].as_ref().unwrap();
    assert_eq!(
        (sre.confidence.as_str(), sre.said.as_deref()),
        ("", None),
        "no confidence given, and said what was counted"
    );
    assert_eq!(
        grid.rows[2].cells,
        [None],
        "the Knowledge Manager has no opinion"
    );
}

#[test]
fn the_mediation_is_the_offer_and_its_fate_or_why_there_was_none() {
    let offered = Compromise {
        offer: Some("Ship behind a flag".into()),
        cost_of_delay: None,
        answers: Vec::new(),
        accepted: true,
        why_not: None,
    };
    assert_eq!(mediation(&offered), "Ship behind a flag (accepted)");
    let refused = Compromise {
        accepted: false,
        ..offered.clone()
    };
    assert_eq!(mediation(&refused), "Ship behind a flag (not accepted)");
    let none = Compromise {
        offer: None,
        why_not: Some("No Business Driver sits on the committee.".into()),
        ..refused
    };
    assert_eq!(
        mediation(&none),
        "No Business Driver sits on the committee."
    );
}

#[test]
fn the_deliberation_log_names_each_rounds_outcome_mediation_and_the_vetoers_answers() {
    let session = demo_review();
    let log = deliberation_log(&session.review().rounds);
    assert_eq!(log.len(), 2);
    let veto = &log[0];
    assert_eq!((veto.number, veto.outcome), (1, "VETO"));
    assert_eq!(veto.transitions, "PROPOSAL → DEBATE · DEBATE → VETO");
    assert_eq!(veto.amended, None);
    assert!(veto.mediation.as_deref().unwrap().ends_with(" (accepted)"));
    assert_eq!(veto.answers.len(), 1);
    assert_eq!(veto.answers[0].name, "Operations/SRE");
    assert!(veto.answers[0].accept);
    assert_eq!(log[1].outcome, "SYNTHESIS");
    assert_eq!(log[1].mediation, None);
    assert!(log[1].answers.is_empty());
}

#[test]
fn a_round_on_amended_code_says_which_version() {
    let mut session = demo_review();
    body_mut(&mut session).rounds[1].code_version = 2;
    body_mut(&mut session).rounds[1].compromise = Some(Compromise {
        offer: None,
        cost_of_delay: None,
        answers: vec![VetoerAnswer {
            member_id: "knowledge_manager".into(),
            accept: false,
            reason: "Rules are rules.".into(),
        }],
        accepted: false,
        why_not: Some("Rejected.".into()),
    });
    let log = deliberation_log(&session.review().rounds);
    assert_eq!(
        log[1].amended.as_deref(),
        Some(" (amended code, version 2)")
    );
    assert_eq!(
        log[1].answers,
        [MemberAnswer {
            name: "Knowledge Manager".into(),
            accept: false,
            reason: "Rules are rules.".into()
        }]
    );
}

#[test]
fn live_calls_show_for_the_round_under_way_and_the_last_one_done() {
    let fresh = fresh_review();
    assert_eq!(live_rounds(&fresh.review().rounds), [1]);
    let done = demo_review();
    assert_eq!(
        live_rounds(&done.review().rounds),
        [2, 3],
        "round 2's compromise calls carry its number"
    );
}

#[test]
fn the_size_line_counts_files_names_the_size_and_says_what_is_wrong_with_the_text() {
    let summary = |code: &str| change_summary(code, &ParsedDiff::parse(code));
    assert_eq!(summary(""), None);
    assert_eq!(
        summary(DEMO_DIFF).unwrap(),
        "2 changed files, a small change: the committee is elected for that size; change it below."
    );
    let plain = summary("fn main() {}\n").unwrap();
    assert!(
        plain.ends_with("1 changed file, a small change: the committee is elected for that size; change it below."),
        "{plain}"
    );
    assert!(
        plain.len() > "1 changed file, a small change: the committee is elected for that size; change it below.".len(),
        "text that is not a diff says so first: {plain}"
    );
    let long = "x".repeat(MAX_CODE_CHARS + 1);
    assert!(summary(&long).unwrap().starts_with(&format!(
        "This change is {} characters; a review takes at most {MAX_CODE_CHARS}. ",
        MAX_CODE_CHARS + 1
    )));
    let files = |n: usize| {
        (0..n)
            .map(|i| format!("--- a/f{i}\n+++ b/f{i}\n@@ -1,1 +1,1 @@\n-a\n+b\n"))
            .collect::<String>()
    };
    assert!(summary(&files(4))
        .unwrap()
        .starts_with("4 changed files, a medium change"));
    assert!(summary(&files(11))
        .unwrap()
        .starts_with("11 changed files, a large change"));
}

#[test]
fn the_committee_keeps_the_roles_order_whatever_the_order_of_the_choices() {
    let mut committee = elected_committee(2, |i| i);
    assert_eq!(
        committee,
        [(ReviewerRole::Architect, 0), (ReviewerRole::Sre, 1)],
        "a small change elects the Architect and the SRE, seated in turn"
    );
    choose_member(&mut committee, ReviewerRole::DesignHci, true, |n| 10 + n);
    choose_member(&mut committee, ReviewerRole::KnowledgeManager, true, |n| {
        10 + n
    });
    let roles: Vec<ReviewerRole> = committee.iter().map(|(r, _)| *r).collect();
    assert_eq!(
        roles,
        [
            ReviewerRole::Architect,
            ReviewerRole::Sre,
            ReviewerRole::KnowledgeManager,
            ReviewerRole::DesignHci
        ]
    );
    assert_eq!(
        committee[2],
        (ReviewerRole::KnowledgeManager, 13),
        "a new member's seat is the next in turn"
    );
    choose_member(&mut committee, ReviewerRole::Sre, false, |_| unreachable!());
    assert!(!committee.iter().any(|(r, _)| *r == ReviewerRole::Sre));
    choose_member(&mut committee, ReviewerRole::Architect, true, |n| 20 + n);
    assert_eq!(
        committee
            .iter()
            .filter(|(r, _)| *r == ReviewerRole::Architect)
            .count(),
        1,
        "choosing a member again reseats it, never twice"
    );
    assert_eq!(committee[0], (ReviewerRole::Architect, 22));
}

#[test]
fn a_role_in_the_picker_says_what_it_may_veto() {
    assert_eq!(
        member_choice(ReviewerRole::Sre),
        "Operations/SRE (may veto a hard-coded secret)"
    );
    assert_eq!(
        member_choice(ReviewerRole::ProductManager),
        "Product Manager"
    );
}
