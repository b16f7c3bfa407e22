//! The Review protocol (seed 002): transitions, quorum, verdict mapping, grounding, the secret scan,
//! veto and compromise, the round limit, amended code, reports, budget.
use consilium_engine::record::review::state::ReviewState;
use consilium_engine::record::state::TransitionError;
use consilium_engine::review::demo::{demo_review_config, DEMO_DIFF};
use consilium_engine::review::diff::{LineKind, ParsedDiff};
use consilium_engine::review::report::markdown::{fix_requests, review_report};
use consilium_engine::review::{accept_verdict, amend, run_review, secrets};
use consilium_engine::testing::{text_reply, FixedClock, RecordingSink, ScriptedCaller};
use consilium_engine::{
    foundation::participants::Price, harness::io::CallFailure, record::state::StateMachine,
    record::CallStatus, record::Session,
};
use consilium_engine::{record::review::body::ReviewConfig, record::review::body::MAX_CODE_CHARS};
use consilium_engine::{
    record::review::body::ReviewVerdict,
    review::quorum::{quorum, verdict_for, Ending, QuorumOutcome},
};
use consilium_engine::{record::review::committee::ReviewerRole, review::committee::ChangeSize};
use consilium_engine::{
    record::review::reply::FixItem, record::review::reply::FixSeverity, record::review::reply::Vote,
};
use futures::executor::block_on;
use serde_json::json;

const NOW: u64 = 1_700_000_000_000;

fn demo_caller() -> ScriptedCaller {
    ScriptedCaller::new(|r| Ok(consilium_engine::review::demo::demo_reply(r)))
}

fn review(code: &str, config: ReviewConfig) -> Session {
    Session::new_review("r-test".into(), code.into(), config, NOW)
}

fn run(session: Session, caller: &ScriptedCaller) -> (Session, RecordingSink) {
    let sink = RecordingSink::default();
    let done = block_on(run_review(session, caller, &FixedClock(NOW), &sink));
    (done, sink)
}

fn opinion(state: &str, confidence: u32, fixes: serde_json::Value) -> String {
    json!({"state": state, "confidence": confidence, "opinion": format!("I say {state}."), "fix_items": fixes}).to_string()
}

fn committee(roles: &[ReviewerRole]) -> ReviewConfig {
    let mut config = demo_review_config();
    config
        .members
        .retain(|m| roles.iter().any(|r| r.id() == m.id));
    for role in roles {
        if !config.members.iter().any(|m| m.id == role.id()) {
            let mut member = config.members[0].clone();
            member.id = role.id().into();
            member.label = role.name().into();
            config.members.push(member);
        }
    }
    config
}

// ---- the transition table -------------------------------------------------------------------

#[test]
fn every_row_of_the_transition_table_is_allowed() {
    use ReviewState::*;
    for (from, to) in [
        (Idle, Proposal),
        (Proposal, Debate),
        (Debate, Veto),
        (Debate, Synthesis),
        (Debate, Abstain),
        (Veto, Proposal),
        (Veto, Debate),
        (Veto, Conclusion),
        (Synthesis, Conclusion),
        (Abstain, Conclusion),
        (Abstain, Debate),
        (Debate, Debate),
        (Debate, Conclusion),
    ] {
        assert_eq!(from.transition(to), Ok(to), "{from:?} -> {to:?}");
    }
}

#[test]
fn transitions_outside_the_table_are_errors() {
    use ReviewState::*;
    for (from, to) in [
        (Idle, Debate),
        (Proposal, Synthesis),
        (Synthesis, Debate),
        (Abstain, Veto),
        (Conclusion, Debate),
        (Proposal, Conclusion),
        (Conclusion, Failed),
    ] {
        assert_eq!(from.transition(to), Err(TransitionError { from, to }));
    }
    assert_eq!(
        Synthesis.transition(Debate).unwrap_err().to_string(),
        "A review cannot go from synthesis to debate."
    );
}

// ---- quorum and verdict -----------------------------------------------------------------------

#[test]
fn the_seeds_three_quorum_examples() {
    use Vote::*;
    // 4 members: 3 SYNTHESIS + 1 ABSTAIN -> effective 3/3 = 100% >= 2/3 -> CONCLUSION
    assert_eq!(
        quorum(&[Synthesis, Synthesis, Synthesis, Abstain]),
        QuorumOutcome::Synthesis {
            majority_abstained: false
        }
    );
    // 6 members: 3 SYNTHESIS + 2 ABSTAIN + 1 VETO -> VETO present -> VETO
    assert_eq!(
        quorum(&[Synthesis, Synthesis, Synthesis, Abstain, Abstain, Veto]),
        QuorumOutcome::Veto
    );
    // 4 members: 1 SYNTHESIS + 3 ABSTAIN -> effective 1/1 = 100% >= 2/3 -> CONCLUSION (add
    // majority-abstain warning)
    assert_eq!(
        quorum(&[Synthesis, Abstain, Abstain, Abstain]),
        QuorumOutcome::Synthesis {
            majority_abstained: true
        }
    );
}

#[test]
fn below_two_thirds_is_no_quorum_and_all_abstaining_is_its_own_outcome() {
    use Vote::*;
    assert_eq!(quorum(&[Synthesis, Debate]), QuorumOutcome::NoQuorum);
    assert_eq!(
        quorum(&[Synthesis, Synthesis, Debate]),
        QuorumOutcome::Synthesis {
            majority_abstained: false
        }
    );
    assert_eq!(quorum(&[Abstain, Abstain]), QuorumOutcome::AllAbstained);
    assert_eq!(quorum(&[Debate, Debate, Abstain]), QuorumOutcome::NoQuorum);
}

#[test]
fn the_verdict_mapping_is_the_seeds_table() {
    assert_eq!(
        verdict_for(Ending::Synthesis { fix_items: 0 }),
        ReviewVerdict::Approved
    );
    assert_eq!(
        verdict_for(Ending::Synthesis { fix_items: 2 }),
        ReviewVerdict::RequestChanges
    );
    assert_eq!(
        verdict_for(Ending::IrreconcilableVeto),
        ReviewVerdict::RequestChanges
    );
    assert_eq!(
        verdict_for(Ending::NoConsensus),
        ReviewVerdict::Inconclusive
    );
}

#[test]
fn the_committee_is_elected_by_the_number_of_changed_files() {
    use ReviewerRole::*;
    assert_eq!(ChangeSize::of(3), ChangeSize::Low);
    assert_eq!(ChangeSize::of(4), ChangeSize::Medium);
    assert_eq!(ChangeSize::of(10), ChangeSize::Medium);
    assert_eq!(ChangeSize::of(11), ChangeSize::High);
    assert_eq!(ReviewerRole::elected(ChangeSize::Low), [Architect, Sre]);
    assert_eq!(
        ReviewerRole::elected(ChangeSize::Medium),
        [Architect, KnowledgeManager, BusinessDriver, Sre]
    );
    assert_eq!(ReviewerRole::elected(ChangeSize::High).len(), 6);
    assert_eq!(Sre.veto_ground(), Some("a hard-coded secret"));
    assert_eq!(BusinessDriver.veto_ground(), None);
}

// ---- the diff, grounding, the secret scan ---------------------------------------------------

const MULTI_FILE_DIFF: &str = "diff --git a/src/lib.rs b/src/lib.rs
index 1111111..2222222 100644
--- a/src/lib.rs
+++ b/src/lib.rs
@@ -1,3 +1,4 @@
 pub mod a;
+pub mod b;
 pub mod c;
 pub mod d;
@@ -20,2 +21,3 @@ fn x() {
     one();
+    two();
 }
diff --git a/src/new.rs b/src/new.rs
new file mode 100644
--- /dev/null
+++ b/src/new.rs
@@ -0,0 +1,2 @@
+fn fresh() {}
+fn fresher() {}
diff --git a/src/gone.rs b/src/gone.rs
--- a/src/gone.rs
+++ /dev/null
@@ -1,1 +0,0 @@
-fn old() {}
";

fn item(path: &str, start: u32, end: u32) -> FixItem {
    FixItem {
        severity: FixSeverity::High,
        path: path.into(),
        line_start: start,
        line_end: end,
        rule: "r".into(),
        current: "c".into(),
        recommended_action: "a".into(),
        citations: Vec::new(),
    }
}

#[test]
fn a_multi_file_diff_is_parsed_with_new_line_numbers() {
    let diff = ParsedDiff::parse(MULTI_FILE_DIFF);
    assert_eq!(diff.notice, None);
    let paths: Vec<&str> = diff.files.iter().map(|f| f.path.as_str()).collect();
    assert_eq!(paths, ["src/lib.rs", "src/new.rs", "src/gone.rs"]);
    let lib = diff.file("src/lib.rs").unwrap();
    assert_eq!(lib.hunks.len(), 2);
    let added: Vec<(u32, &str)> = lib
        .hunks
        .iter()
        .flat_map(|h| &h.lines)
        .filter(|l| l.kind == LineKind::Added)
        .map(|l| (l.number, l.text.as_str()))
        .collect();
    assert_eq!(added, [(2, "pub mod b;"), (22, "    two();")]);
    assert_eq!(diff.added_lines().count(), 4);
}

#[test]
fn citations_are_verified_against_the_hunks() {
    use consilium_engine::review::grounding::verify;
    let diff = ParsedDiff::parse(MULTI_FILE_DIFF);
    assert!(verify(item("src/lib.rs", 2, 2), &diff, &[]).verified);
    assert!(
        verify(item("b/src/lib.rs", 21, 23), &diff, &[]).verified,
        "a/ and b/ prefixes are the same path"
    );
    assert!(verify(item("src/new.rs", 1, 2), &diff, &[]).verified);
    let outside = verify(item("src/lib.rs", 10, 12), &diff, &[]);
    assert!(!outside.verified);
    assert!(outside
        .problem
        .unwrap()
        .contains("outside the lines the change shows"));
    let elsewhere = verify(item("src/main.rs", 1, 1), &diff, &[]);
    assert_eq!(
        elsewhere.problem.as_deref(),
        Some("src/main.rs is not in the change.")
    );
    assert!(
        !verify(item("src/lib.rs", 2, 30), &diff, &[]).verified,
        "a range may not span two hunks"
    );
}

#[test]
fn text_that_is_not_a_diff_is_reviewed_as_plain_code_with_a_notice() {
    let diff = ParsedDiff::parse("fn main() {\n    println!(\"hi\");\n}\n");
    assert!(diff
        .notice
        .as_deref()
        .unwrap()
        .contains("not a unified diff"));
    assert_eq!(diff.files[0].path, "code");
    assert_eq!(diff.added_lines().count(), 3);
    assert!(diff.files[0].covers(2, 3));
}

#[test]
fn the_secret_scan_finds_well_known_keys_and_assigned_random_secrets() {
    let code = "\
let a = \"AKIAQ3EGRU7XK5N2ZD4W\";
token = \"ghp_R7kQ2mVx9LpT4nWc8ZbY3hJd6FsA1gUe5KoN\"
API_KEY: 'q8Zr2LmX9vKp4TnW7yBc'
-----BEGIN RSA PRIVATE KEY-----
stripe = \"sk_live_4eC39HqLyjWDarjtT1zdp7dc\"
";
    let hits = secrets::scan(&ParsedDiff::parse(code));
    let found: Vec<(u32, &str)> = hits.iter().map(|h| (h.line, h.kind.as_str())).collect();
    assert_eq!(
        found,
        [
            (1, "an AWS access key id"),
            (2, "a GitHub personal access token"),
            (3, "a high-entropy string assigned to a secret-named field"),
            (4, "a private key block"),
            (5, "a Stripe live secret key"),
        ]
    );
    assert!(
        hits.iter().all(|h| !h.masked.contains("Q3EGRU7XK5N2ZD")),
        "hits are masked"
    );
}

#[test]
fn the_secret_scan_does_not_flag_ordinary_code() {
    let code = "\
let password = std::env::var(\"PASSWORD\")?;
const TOKEN_HEADER: &str = \"Authorization\";
let api_key = \"<your key here>\";
secret_name = \"production-database-password\"
let task = \"ask-the-council-about-this-task-please\";
fn authenticate(token: &str) -> bool { token.len() > 10 }
let placeholder = \"${API_KEY}\";
// see docs for AKIA prefixes
";
    assert_eq!(secrets::scan(&ParsedDiff::parse(code)), []);
}

// ---- whole runs ---------------------------------------------------------------------------

#[test]
fn the_demo_review_vetoes_compromises_and_requests_changes() {
    let caller = demo_caller();
    let (session, sink) = run(review(DEMO_DIFF, demo_review_config()), &caller);
    assert_eq!(
        session.review_state(),
        Some(ReviewState::Conclusion),
        "{:?}",
        session.failure
    );
    let body = session.review();
    assert_eq!(body.secret_hits.len(), 1);
    assert_eq!(body.secret_hits[0].path, "app/config.py");
    assert_eq!(body.secret_hits[0].line, 4);
    assert_eq!(body.rounds.len(), 2);
    let first = &body.rounds[0];
    assert_eq!(first.outcome, ReviewState::Veto);
    assert_eq!(first.transitions, ["PROPOSAL → DEBATE", "DEBATE → VETO"]);
    let compromise = first.compromise.as_ref().unwrap();
    assert!(compromise.accepted);
    assert_eq!(compromise.answers.len(), 1);
    assert_eq!(compromise.answers[0].member_id, "sre");
    let second = &body.rounds[1];
    assert_eq!(second.outcome, ReviewState::Synthesis);
    assert_eq!(
        second.transitions,
        [
            "VETO → DEBATE",
            "DEBATE → SYNTHESIS",
            "SYNTHESIS → CONCLUSION"
        ]
    );
    let verdict = body.verdict.as_ref().unwrap();
    assert_eq!(verdict.verdict, ReviewVerdict::RequestChanges);
    let rules: Vec<&str> = verdict
        .fix_items
        .iter()
        .map(|f| f.item.rule.as_str())
        .collect();
    assert_eq!(
        rules,
        [
            "no hard-coded secrets",
            "parameterise SQL queries",
            "every query helper has a test"
        ],
        "one per path + rule, most severe first"
    );
    assert!(verdict.fix_items.iter().all(|f| f.verified));
    assert_eq!(
        caller.call_ids(),
        [
            "r1-architect",
            "r1-sre",
            "r1-knowledge_manager",
            "r1-business_driver",
            "r1-business_driver-compromise",
            "r1-sre-accept",
            "r2-architect",
            "r2-sre",
            "r2-knowledge_manager",
            "r2-business_driver",
        ]
    );
    // Round 2 prompts carry what the others said and the compromise.
    let r2 = caller
        .requests()
        .into_iter()
        .find(|r| r.call_id == "r2-architect")
        .unwrap();
    assert!(r2.prompt.contains("What the committee said last round"));
    assert!(r2.prompt.contains("Ship invoice search this week"));
    assert!(
        r2.prompt.contains("AKIA…4W"),
        "the scan's facts are in the prompt, masked"
    );
    assert!(sink.names().contains(&"review:round_artifact"));
    assert!(sink.names().contains(&"review:completed"));
}

#[test]
fn the_five_round_limit_ends_inconclusive() {
    let caller = ScriptedCaller::new(|_| Ok(text_reply(opinion("DEBATE", 80, json!([])))));
    let (session, _) = run(review(DEMO_DIFF, demo_review_config()), &caller);
    assert_eq!(session.review_state(), Some(ReviewState::Conclusion));
    let body = session.review();
    assert_eq!(body.rounds.len(), 5);
    assert_eq!(caller.call_ids().len(), 20);
    let verdict = body.verdict.as_ref().unwrap();
    assert_eq!(verdict.verdict, ReviewVerdict::Inconclusive);
    assert!(verdict.reason.contains("5-round limit"));
    assert_eq!(
        body.rounds[4].transitions.last().unwrap(),
        "DEBATE → CONCLUSION"
    );
}

#[test]
fn everyone_abstaining_is_inconclusive_and_low_confidence_is_an_abstention() {
    let caller = ScriptedCaller::new(|_| Ok(text_reply(opinion("SYNTHESIS", 30, json!([])))));
    let (session, _) = run(review(DEMO_DIFF, demo_review_config()), &caller);
    let body = session.review();
    assert_eq!(body.rounds.len(), 1);
    assert!(body.rounds[0]
        .opinions
        .iter()
        .all(|o| o.vote == Vote::Abstain && o.said == Some(Vote::Synthesis)));
    assert!(body.rounds[0].opinions[0]
        .note
        .as_deref()
        .unwrap()
        .contains("below the 50% threshold"));
    assert_eq!(
        body.verdict.as_ref().unwrap().verdict,
        ReviewVerdict::Inconclusive
    );
    assert_eq!(
        body.rounds[0].transitions,
        [
            "PROPOSAL → DEBATE",
            "DEBATE → ABSTAIN",
            "ABSTAIN → CONCLUSION"
        ]
    );
}

#[test]
fn a_majority_abstaining_still_concludes_with_a_warning() {
    let caller = ScriptedCaller::new(|_| Ok(text_reply(opinion("SYNTHESIS", 20, json!([])))))
        .reply("r1-architect", opinion("SYNTHESIS", 90, json!([])));
    let (session, _) = run(review("fn a() {}\n", demo_review_config()), &caller);
    let verdict = session.review().verdict.clone().unwrap();
    assert_eq!(verdict.verdict, ReviewVerdict::Approved);
    assert!(verdict.majority_abstain_warning);
}

#[test]
fn an_unverified_finding_cannot_carry_a_veto_and_only_holders_may_veto() {
    let caller = ScriptedCaller::new(|_| Ok(text_reply(opinion("SYNTHESIS", 90, json!([])))))
        // The Architect's only finding cites lines the change does not show.
        .reply("r1-architect", opinion("VETO", 90, json!([{"severity": "critical", "path": "app/db.py", "line_start": 40, "line_end": 41, "rule": "x", "current": "y", "recommended_action": "z"}])))
        .reply("r1-business_driver", opinion("VETO", 90, json!([])));
    let clean_code = "fn a() {}\nfn b() {}\n";
    let (session, _) = run(review(clean_code, demo_review_config()), &caller);
    let round = &session.review().rounds[0];
    let architect = round
        .opinions
        .iter()
        .find(|o| o.member_id == "architect")
        .unwrap();
    assert_eq!(architect.said, Some(Vote::Veto));
    assert_eq!(architect.vote, Vote::Debate);
    assert!(!architect.findings[0].verified);
    let driver = round
        .opinions
        .iter()
        .find(|o| o.member_id == "business_driver")
        .unwrap();
    assert_eq!(driver.vote, Vote::Debate);
    assert!(driver.note.as_deref().unwrap().contains("holds no veto"));
    assert_ne!(round.outcome, ReviewState::Veto);
}

fn fix(severity: &str, rule: &str) -> serde_json::Value {
    json!([{"severity": severity, "path": "code", "line_start": 1, "line_end": 1, "rule": rule, "current": "y", "recommended_action": "z"}])
}

/// The votes round 1 counted, by member, for these replies on clean plain code (every line
/// added, so `code:1` is a verified citation).
fn counted_votes(rules: &str, replies: &[(&str, String)]) -> Vec<(String, Vote, Option<String>)> {
    let mut caller = ScriptedCaller::new(|_| Ok(text_reply(opinion("SYNTHESIS", 90, json!([])))));
    for (call, reply) in replies {
        caller = caller.reply(call, reply.clone());
    }
    let mut config = demo_review_config();
    config.rules = rules.to_string();
    let (session, _) = run(review("fn a() {}\nfn b() {}\n", config), &caller);
    session.review().rounds[0]
        .opinions
        .iter()
        .map(|o| (o.member_id.to_string(), o.vote, o.note.clone()))
        .collect()
}

fn vote_of(votes: &[(String, Vote, Option<String>)], member: &str) -> (Vote, String) {
    let (_, vote, note) = votes.iter().find(|(id, ..)| id == member).unwrap();
    (*vote, note.clone().unwrap_or_default())
}

#[test]
fn a_veto_needs_its_holders_own_verified_ground() {
    const RULES: &str =
        "1. Every public function has a doc comment.\n2. No unwrap in library code.";
    // Each holder cites a verified finding outside its own ground: none of these is a veto.
    let votes = counted_votes(
        RULES,
        &[
            (
                "r1-sre",
                opinion("VETO", 90, fix("critical", "missing error handling")),
            ),
            (
                "r1-architect",
                opinion("VETO", 90, fix("high", "tight coupling")),
            ),
            (
                "r1-knowledge_manager",
                opinion("VETO", 90, fix("critical", "naming is unclear")),
            ),
        ],
    );
    let (sre, why) = vote_of(&votes, "sre");
    assert_eq!(sre, Vote::Debate, "no secret was found: {why}");
    assert!(why.contains("hard-coded secret"), "{why}");
    let (architect, why) = vote_of(&votes, "architect");
    assert_eq!(architect, Vote::Debate, "a high finding is not critical");
    assert!(why.contains("critical finding"), "{why}");
    let (manager, why) = vote_of(&votes, "knowledge_manager");
    assert_eq!(manager, Vote::Debate, "its finding names no project rule");
    assert!(why.contains("project's rules"), "{why}");

    // Each on its own ground, verified: vetoes.
    let votes = counted_votes(
        RULES,
        &[
            (
                "r1-architect",
                opinion("VETO", 90, fix("critical", "data loss on retry")),
            ),
            (
                "r1-knowledge_manager",
                opinion("VETO", 90, fix("medium", "No unwrap in library code")),
            ),
        ],
    );
    assert_eq!(vote_of(&votes, "architect").0, Vote::Veto);
    assert_eq!(vote_of(&votes, "knowledge_manager").0, Vote::Veto);

    // No project rules on record: nothing for the Knowledge Manager to veto on.
    let votes = counted_votes(
        "",
        &[(
            "r1-knowledge_manager",
            opinion("VETO", 90, fix("critical", "No unwrap in library code")),
        )],
    );
    assert_eq!(vote_of(&votes, "knowledge_manager").0, Vote::Debate);

    // The SRE's ground is the scan's: a secret in the added lines carries its veto.
    let caller = ScriptedCaller::new(|_| Ok(text_reply(opinion("SYNTHESIS", 90, json!([])))))
        .reply("r1-sre", opinion("VETO", 90, json!([])));
    let (session, _) = run(review(DEMO_DIFF, demo_review_config()), &caller);
    let sre = session.review().rounds[0]
        .opinions
        .iter()
        .find(|o| o.member_id == "sre")
        .unwrap()
        .clone();
    assert_eq!(sre.vote, Vote::Veto);
    // The prompts say how each veto is checked.
    let requests = caller.requests();
    let prompt = |id: &str| {
        requests
            .iter()
            .find(|r| r.call_id == id)
            .unwrap()
            .prompt
            .clone()
    };
    assert!(prompt("r1-architect").contains("a fix item of severity critical"));
    assert!(prompt("r1-knowledge_manager").contains("names one of the project rules"));
    assert!(prompt("r1-sre").contains("secret scan's facts"));
}

#[test]
fn project_rules_are_named_whatever_their_case_punctuation_or_list_marker() {
    use consilium_engine::review::grounding::names_a_project_rule;
    let rules = "- Parameterise SQL queries.\n2) Every query helper has a test";
    assert!(names_a_project_rule("parameterise SQL queries", rules));
    assert!(names_a_project_rule(
        "Rule: every query helper has a test!",
        rules
    ));
    assert!(
        !names_a_project_rule("tests", rules),
        "too short to name a rule"
    );
    assert!(!names_a_project_rule("no hard-coded secrets", rules));
    assert!(!names_a_project_rule("anything at all", ""));
}

#[test]
fn a_reply_that_never_parses_is_asked_again_then_counted_as_an_abstention() {
    let caller = ScriptedCaller::new(|_| Ok(text_reply(opinion("SYNTHESIS", 90, json!([])))))
        .reply("r1-sre", "I think it is fine.")
        .reply("r1-sre-reask", "Still prose.");
    let (session, _) = run(review("fn a() {}\n", demo_review_config()), &caller);
    let sre = session.review().rounds[0]
        .opinions
        .iter()
        .find(|o| o.member_id == "sre")
        .unwrap()
        .clone();
    assert_eq!(sre.vote, Vote::Abstain);
    assert_eq!(sre.said, None);
    assert!(sre.note.unwrap().contains("Counted as ABSTAIN"));
    let statuses: Vec<CallStatus> = session
        .calls
        .iter()
        .filter(|c| c.participant_id == "sre")
        .map(|c| c.status)
        .collect();
    assert_eq!(statuses, [CallStatus::Failed, CallStatus::Failed]);
    assert_eq!(
        session.review().verdict.as_ref().unwrap().verdict,
        ReviewVerdict::Approved,
        "3 of 3 voting"
    );
}

/// The rule changed: an irreconcilable veto concludes the review (it no longer waits in
/// VETO for the user), and the user may still submit amended code.
#[test]
fn an_irreconcilable_veto_concludes_request_changes_and_the_code_can_still_be_amended() {
    let caller = demo_caller().reply(
        "r1-sre-accept",
        json!({"accept": false, "reason": "A leaked key is not negotiable."}).to_string(),
    );
    let (session, sink) = run(review(DEMO_DIFF, demo_review_config()), &caller);
    assert_eq!(session.review_state(), Some(ReviewState::Conclusion));
    assert!(session.is_finished(), "History shows the review finished");
    assert!(consilium_engine::library::summary::SessionSummary::of(&session).finished);
    let body = session.review();
    assert!(body.awaiting_user.is_none());
    let verdict = body.verdict.as_ref().unwrap();
    assert_eq!(verdict.verdict, ReviewVerdict::RequestChanges);
    assert!(verdict.reason.contains("irreconcilable"));
    assert_eq!(
        body.rounds[0].transitions,
        ["PROPOSAL → DEBATE", "DEBATE → VETO", "VETO → CONCLUSION"]
    );
    assert!(sink.names().contains(&"review:completed"));
    assert!(!sink.names().contains(&"review:paused"));
    assert_eq!(
        consilium_engine::resume::resume_offer(&session, false, false),
        None
    );
    assert!(consilium_engine::review::amendment_offer(&session).is_some());
    assert!(
        accept_verdict(&mut session.clone(), NOW).is_err(),
        "nothing waits to be accepted"
    );

    // Amended code goes from CONCLUSION back to PROPOSAL and a new round reviews it.
    let mut amended = session;
    let fixed = DEMO_DIFF.replace(
        "+AWS_ACCESS_KEY_ID = \"AKIAQ3EGRU7XK5N2ZD4W\"",
        "+AWS_ACCESS_KEY_ID = os.environ[\"AWS_ACCESS_KEY_ID\"]",
    );
    amend(&mut amended, fixed, NOW).unwrap();
    assert_eq!(amended.review_state(), Some(ReviewState::Proposal));
    assert!(amended.review().secret_hits.is_empty());
    assert!(amended.review().verdict.is_none());
    assert_eq!(
        amended.review().rounds[0].transitions.last().unwrap(),
        "CONCLUSION → PROPOSAL"
    );
    assert_eq!(consilium_engine::review::amendment_offer(&amended), None);
    let satisfied = ScriptedCaller::new(|_| Ok(text_reply(opinion("SYNTHESIS", 85, json!([])))));
    let (done, _) = run(amended, &satisfied);
    assert_eq!(satisfied.call_ids()[0], "r2-architect");
    assert_eq!(
        done.review_state(),
        Some(ReviewState::Conclusion),
        "{:?}",
        done.failure
    );
    let body = done.review();
    assert_eq!(body.rounds.len(), 2);
    assert_eq!(body.rounds[1].code_version, 1);
    assert_eq!(body.rounds[1].transitions[0], "PROPOSAL → DEBATE");
    assert_eq!(
        body.verdict.as_ref().unwrap().verdict,
        ReviewVerdict::Approved
    );
}

/// A record saved while a review waited in VETO (before the rule above) can still be accepted or
/// amended.
#[test]
fn a_review_saved_waiting_in_veto_can_still_be_accepted_or_amended() {
    let caller = demo_caller().reply(
        "r1-sre-accept",
        json!({"accept": false, "reason": "No."}).to_string(),
    );
    let (concluded, _) = run(review(DEMO_DIFF, demo_review_config()), &caller);
    let mut waiting = concluded;
    waiting.state = "veto".into();
    if let consilium_engine::record::Body::Review(body) = &mut waiting.body {
        body.awaiting_user = Some("The veto stands.".into());
        body.rounds[0].transitions.pop();
    }
    let (still, sink) = run(waiting.clone(), &demo_caller());
    assert_eq!(still.review_state(), Some(ReviewState::Veto));
    assert!(sink.names().contains(&"review:paused"));
    assert!(consilium_engine::review::amendment_offer(&waiting).is_some());

    let mut accepted = waiting.clone();
    accept_verdict(&mut accepted, NOW).unwrap();
    assert_eq!(accepted.review_state(), Some(ReviewState::Conclusion));
    assert_eq!(
        accepted.review().rounds[0].transitions.last().unwrap(),
        "VETO → CONCLUSION"
    );

    let mut amended = waiting;
    amend(&mut amended, "fn a() {}\n".into(), NOW).unwrap();
    assert_eq!(amended.review_state(), Some(ReviewState::Proposal));
    assert_eq!(
        amended.review().rounds[0].transitions.last().unwrap(),
        "VETO → PROPOSAL"
    );
}

/// Replies for a review of DEMO_DIFF (which holds a secret, so the SRE's veto is grounded): every
/// member says DEBATE, except the SRE's veto in `veto_round` and the compromise answered `accept`.
fn veto_in_round(veto_round: u8, accept: bool) -> ScriptedCaller {
    let veto = format!("r{veto_round}-sre");
    let offer = format!("r{veto_round}-business_driver-compromise");
    let answer = format!("r{veto_round}-sre-accept");
    ScriptedCaller::new(move |r| {
        let text = if r.call_id == veto {
            opinion("VETO", 95, json!([]))
        } else if r.call_id == offer {
            json!({"compromise": "Ship once the key is rotated.", "cost_of_delay": "A week of finance work."}).to_string()
        } else if r.call_id == answer {
            json!({"accept": accept, "reason": "So be it."}).to_string()
        } else {
            opinion("DEBATE", 80, json!([]))
        };
        Ok(text_reply(text))
    })
}

#[test]
fn amended_code_after_a_veto_in_round_5_starts_a_new_deliberation_of_up_to_5_rounds() {
    let (vetoed, _) = run(
        review(DEMO_DIFF, demo_review_config()),
        &veto_in_round(5, false),
    );
    assert_eq!(vetoed.review_state(), Some(ReviewState::Conclusion));
    assert_eq!(vetoed.review().rounds.len(), 5);
    assert_eq!(
        vetoed.review().verdict.as_ref().unwrap().verdict,
        ReviewVerdict::RequestChanges
    );
    let fixed = DEMO_DIFF.replace("AKIAQ3EGRU7XK5N2ZD4W", "from-the-environment");

    // Concluded in its new round 1 (the session's round 6).
    let mut amended = vetoed.clone();
    amend(&mut amended, fixed.clone(), NOW).unwrap();
    let satisfied = ScriptedCaller::new(|_| Ok(text_reply(opinion("SYNTHESIS", 85, json!([])))));
    let (approved, _) = run(amended, &satisfied);
    assert_eq!(
        approved.review_state(),
        Some(ReviewState::Conclusion),
        "{:?}",
        approved.failure
    );
    assert_eq!(approved.review().rounds.len(), 6);
    assert_eq!(
        approved.review().verdict.as_ref().unwrap().verdict,
        ReviewVerdict::Approved
    );
    let round6 = &satisfied.requests()[0];
    assert_eq!(round6.call_id, "r6-architect");
    assert!(
        round6.prompt.contains("Round 1 of at most 5."),
        "the new deliberation counts from 1"
    );

    // Without a quorum, the new deliberation has its own 5 rounds: 6 to 10.
    let mut amended = vetoed;
    amend(&mut amended, fixed, NOW).unwrap();
    let undecided = ScriptedCaller::new(|_| Ok(text_reply(opinion("DEBATE", 80, json!([])))));
    let (limit, _) = run(amended, &undecided);
    assert_eq!(
        limit.review_state(),
        Some(ReviewState::Conclusion),
        "{:?}",
        limit.failure
    );
    assert_eq!(limit.review().rounds.len(), 10);
    assert_eq!(undecided.call_ids().len(), 20);
    let verdict = limit.review().verdict.clone().unwrap();
    assert_eq!(verdict.verdict, ReviewVerdict::Inconclusive);
    assert!(verdict.reason.contains("5-round limit"));
}

#[test]
fn a_round_5_veto_whose_compromise_is_accepted_concludes_inconclusive_at_the_limit() {
    let caller = veto_in_round(5, true);
    let (session, _) = run(review(DEMO_DIFF, demo_review_config()), &caller);
    assert_eq!(
        session.review_state(),
        Some(ReviewState::Conclusion),
        "{:?}",
        session.failure
    );
    let body = session.review();
    assert_eq!(body.rounds.len(), 5);
    assert!(body.rounds[4].compromise.as_ref().unwrap().accepted);
    assert_eq!(
        body.rounds[4].transitions,
        ["DEBATE → DEBATE", "DEBATE → VETO", "VETO → CONCLUSION"]
    );
    let verdict = body.verdict.as_ref().unwrap();
    assert_eq!(verdict.verdict, ReviewVerdict::Inconclusive);
    assert!(
        verdict.reason.contains("accepted the compromise"),
        "{}",
        verdict.reason
    );
    assert!(!caller.call_ids().iter().any(|id| id.starts_with("r6-")));
}

#[test]
fn an_abstain_without_quorum_goes_back_to_debate_and_the_next_round_concludes() {
    let caller = ScriptedCaller::new(|r| {
        let text = match r.call_id.as_str() {
            "r1-architect" => opinion("SYNTHESIS", 90, json!([])),
            "r1-sre" => opinion("SYNTHESIS", 30, json!([])),
            id if id.starts_with("r1-") => opinion("DEBATE", 80, json!([])),
            _ => opinion("SYNTHESIS", 85, json!([])),
        };
        Ok(text_reply(text))
    });
    let (session, _) = run(review("fn a() {}\n", demo_review_config()), &caller);
    assert_eq!(session.review_state(), Some(ReviewState::Conclusion));
    let body = session.review();
    assert_eq!(body.rounds[0].outcome, ReviewState::Abstain);
    assert_eq!(
        body.rounds[0].transitions,
        ["PROPOSAL → DEBATE", "DEBATE → ABSTAIN"]
    );
    assert_eq!(
        body.rounds[1].transitions,
        [
            "ABSTAIN → DEBATE",
            "DEBATE → SYNTHESIS",
            "SYNTHESIS → CONCLUSION"
        ]
    );
    assert_eq!(
        body.verdict.as_ref().unwrap().verdict,
        ReviewVerdict::Approved
    );
    let round2 = caller
        .requests()
        .into_iter()
        .find(|r| r.call_id == "r2-sre")
        .unwrap();
    assert!(round2.prompt.contains("Round 2 of at most 5."));
    assert!(round2.prompt.contains("What the committee said last round"));
}

/// A quorum never reads APPROVED over verified fix items, and fix items the diff cannot confirm
/// never vanish: the verdict lists them as not checked against the diff and names them.
#[test]
fn unverified_fix_items_stay_listed_and_are_named_in_the_verdict() {
    let unverified = json!([{"severity": "medium", "path": "code", "line_start": 40, "line_end": 41, "rule": "document the helpers", "current": "y", "recommended_action": "z"}]);
    let caller = ScriptedCaller::new(|_| Ok(text_reply(opinion("SYNTHESIS", 90, json!([])))))
        .reply("r1-architect", opinion("SYNTHESIS", 90, unverified.clone()));
    let (session, _) = run(
        review("fn a() {}\nfn b() {}\n", demo_review_config()),
        &caller,
    );
    let verdict = session.review().verdict.clone().unwrap();
    assert_eq!(verdict.fix_items.len(), 1, "kept");
    assert!(!verdict.fix_items[0].verified);
    assert_eq!(
        verdict.verdict,
        ReviewVerdict::Approved,
        "nothing verified to fix"
    );
    assert!(
        verdict.reason.contains("Not checked against the diff"),
        "{}",
        verdict.reason
    );
    assert!(verdict
        .reason
        .contains("\"document the helpers\" at code:40-41"));
    let fixes = fix_requests(session.review());
    assert!(fixes.contains("None.") && fixes.contains("## Not checked against the diff"));
    assert!(fixes.contains("document the helpers"));
    assert!(review_report(&session).contains("(not checked against the diff)"));

    // With a verified item beside it: REQUEST_CHANGES, and the unverified one still named.
    let caller = caller.reply(
        "r1-sre",
        opinion("SYNTHESIS", 90, fix("high", "handle the error")),
    );
    let (session, _) = run(
        review("fn a() {}\nfn b() {}\n", demo_review_config()),
        &caller,
    );
    let verdict = session.review().verdict.clone().unwrap();
    assert_eq!(verdict.verdict, ReviewVerdict::RequestChanges);
    assert_eq!(verdict.fix_items.len(), 2);
    assert!(verdict.reason.contains("1 fix item to address first"));
    assert!(verdict.reason.contains("document the helpers"));
    let fixes = fix_requests(session.review());
    assert!(fixes.contains("## FIX-001") && !fixes.contains("## FIX-002"));
}

#[test]
fn without_a_business_driver_a_veto_is_irreconcilable_with_no_compromise_call() {
    let caller = demo_caller();
    let config = committee(&[ReviewerRole::Architect, ReviewerRole::Sre]);
    let (session, _) = run(review(DEMO_DIFF, config), &caller);
    let compromise = session.review().rounds[0].compromise.clone().unwrap();
    assert!(compromise.offer.is_none());
    assert!(compromise.why_not.unwrap().contains("no Business Driver"));
    assert!(!caller.call_ids().iter().any(|id| id.contains("compromise")));
    assert_eq!(
        session.review().verdict.as_ref().unwrap().verdict,
        ReviewVerdict::RequestChanges
    );
}

#[test]
fn amended_code_is_refused_unless_the_run_waits_after_a_veto() {
    let (mut done, _) = run(review(DEMO_DIFF, demo_review_config()), &demo_caller());
    assert!(amend(&mut done, "fn a() {}".into(), NOW)
        .unwrap_err()
        .contains("only after a veto"));
    assert!(accept_verdict(&mut done, NOW).is_err());
}

/// The harness's one rule for a user's action on a stored session: the protocol's precondition,
/// then its state machine; a refused action leaves the session as it was, an allowed one moves the
/// state and stamps `updated_at`.
#[test]
fn a_user_action_is_checked_by_the_state_machine_and_stamps_the_record() {
    use consilium_engine::harness::user_action::UserAction;
    use consilium_engine::review::Review;
    let later = NOW + 60_000;
    let act = |to| UserAction::<Review> {
        to,
        wrong_protocol: "This is not a review.",
    };
    let fresh = review(DEMO_DIFF, demo_review_config());

    let mut refused = fresh.clone();
    let error = act(ReviewState::Conclusion)
        .apply(
            &mut refused,
            later,
            |_, _| Ok(()),
            |b, ()| b.config.rules.push('!'),
        )
        .unwrap_err();
    assert_eq!(error, "A review cannot go from idle to conclusion.");
    assert_eq!(refused, fresh, "a refused action changes nothing");

    let mut declined = fresh.clone();
    let error = act(ReviewState::Proposal)
        .apply(
            &mut declined,
            later,
            |state, _| match state {
                Some(ReviewState::Veto) => Ok(()),
                _ => Err("only after a veto".to_string()),
            },
            |b, ()| b.config.rules.push('!'),
        )
        .unwrap_err();
    assert_eq!(
        error, "only after a veto",
        "the precondition is asked first"
    );
    assert_eq!(declined, fresh);

    let mut consult = Session::new_consult(
        "c-test".into(),
        "A question?".into(),
        consilium_engine::consult::demo::demo_config(),
        NOW,
    );
    let before = consult.clone();
    assert_eq!(
        act(ReviewState::Proposal).apply(&mut consult, later, |_, _| Ok(()), |_, ()| {}),
        Err("This is not a review.".to_string())
    );
    assert_eq!(consult, before);

    let mut moved = fresh.clone();
    act(ReviewState::Proposal)
        .apply(
            &mut moved,
            later,
            |_, _| Ok(()),
            |b, ()| b.config.rules.push('!'),
        )
        .unwrap();
    assert_eq!(moved.review_state(), Some(ReviewState::Proposal));
    assert_eq!(
        moved.updated_at,
        consilium_engine::foundation::timestamp::rfc3339_utc(later)
    );
    assert!(moved.review().config.rules.ends_with('!'));
}

#[test]
fn a_change_too_large_or_empty_is_refused_before_any_call() {
    let caller = demo_caller();
    let huge = "x".repeat(MAX_CODE_CHARS + 1);
    let (session, _) = run(review(&huge, demo_review_config()), &caller);
    assert_eq!(session.review_state(), Some(ReviewState::Failed));
    assert!(session.failure.unwrap().contains("at most 60000"));
    assert!(caller.call_ids().is_empty());
}

#[test]
fn the_budget_is_checked_before_every_call() {
    let mut config = demo_review_config();
    for member in &mut config.members {
        member.price = Some(Price::new(1000.0, 1000.0));
    }
    config.budget_usd = Some(0.01);
    let caller = demo_caller();
    let (session, _) = run(review(DEMO_DIFF, config), &caller);
    assert_eq!(session.review_state(), Some(ReviewState::Failed));
    assert!(caller.call_ids().is_empty());
    assert!(session
        .calls
        .iter()
        .any(|c| c.status == CallStatus::SkippedBudget));
    assert!(session.failure.unwrap().contains("budget"));
}

#[test]
fn a_cancelled_review_resumes_from_its_last_complete_step() {
    let caller = demo_caller().fail("r1-business_driver-compromise", CallFailure::cancelled());
    let (stopped, _) = run(review(DEMO_DIFF, demo_review_config()), &caller);
    assert_eq!(stopped.review_state(), Some(ReviewState::Aborted));
    assert_eq!(stopped.review().rounds.len(), 1);
    let offer = consilium_engine::resume::resume_offer(&stopped, false, false).unwrap();
    assert_eq!(offer.from_round, 1, "round 1's compromise is still to come");
    let again = demo_caller();
    let (done, _) = run(stopped, &again);
    assert_eq!(
        again.call_ids()[0],
        "r1-business_driver-compromise",
        "the compromise step reruns"
    );
    assert_eq!(done.review_state(), Some(ReviewState::Conclusion));
    assert_eq!(
        done.review().verdict.as_ref().unwrap().verdict,
        ReviewVerdict::RequestChanges
    );
}

#[test]
fn a_review_round_trips_through_the_record() {
    let (session, _) = run(review(DEMO_DIFF, demo_review_config()), &demo_caller());
    let value = serde_json::to_value(&session).unwrap();
    assert_eq!(value["protocol"], "review");
    assert_eq!(value["state"], "conclusion");
    assert_eq!(value["body"]["verdict"]["verdict"], "REQUEST_CHANGES");
    assert_eq!(Session::from_json(value).unwrap(), session);
    assert_eq!(session.title, "Review of app/config.py, app/db.py");
    assert!(session.demo);
}

// ---- reports ------------------------------------------------------------------------------

#[test]
fn the_review_report_and_the_fix_requests_match_their_checked_files() {
    let (session, _) = run(review(DEMO_DIFF, demo_review_config()), &demo_caller());
    let report = review_report(&session);
    let fixes = fix_requests(session.review());
    if std::env::var("UPDATE_EXPECTED").is_ok() {
        std::fs::write("tests/fixtures/review/demo-review-report.md", &report).unwrap();
        std::fs::write("tests/fixtures/review/demo-fix-requests.md", &fixes).unwrap();
    }
    assert_eq!(
        report,
        include_str!("fixtures/review/demo-review-report.md")
    );
    assert_eq!(fixes, include_str!("fixtures/review/demo-fix-requests.md"));
    assert!(report.contains("### Round 1 — VETO\n\n- **State**: VETO\n"));
    assert!(report.contains("- **Transition**: PROPOSAL → DEBATE, DEBATE → VETO\n"));
    assert!(
        fixes.contains("## FIX-001")
            && fixes.contains("## FIX-003")
            && !fixes.contains("## FIX-004")
    );
}

// ---- Review rules --------------------------------------------------------------------------

#[test]
fn a_rule_is_named_by_a_rule_not_by_a_heading_or_a_one_word_line() {
    use consilium_engine::review::grounding::names_a_project_rule;
    let listed =
        "## Project rules\nProject rules\nSecurity\n- No print statements in production code\n\
                  Conventions:\n2. Every query helper has a test";
    assert!(!names_a_project_rule("Follow the project rules", listed));
    assert!(!names_a_project_rule("Security review is needed", listed));
    assert!(!names_a_project_rule(
        "Conventions matter to readers",
        listed
    ));
    assert!(names_a_project_rule(
        "No print statements in production code",
        listed
    ));
    assert!(names_a_project_rule(
        "Rule 2: every query helper has a test",
        listed
    ));
    // Without a list every line is a rule, but never a heading nor a single word.
    let plain = "Project rules:\nSecurity\nSecrets come from the environment, never from the code.";
    assert!(!names_a_project_rule("Follow the project rules", plain));
    assert!(!names_a_project_rule("Security is weak here", plain));
    assert!(names_a_project_rule(
        "Secrets come from the environment, never from the code",
        plain
    ));
    // Words, not parts of words: "test" is not "tests".
    assert!(!names_a_project_rule(
        "Every query helper has a tested twin",
        listed
    ));
}

/// A clean change (no secret) to `src/db.py`: lines 2 and 3 are added.
const DB_DIFF: &str = "diff --git a/src/db.py b/src/db.py
--- a/src/db.py
+++ b/src/db.py
@@ -1,2 +1,4 @@
 import os
+def find(conn, name):
+    return conn.execute(\"SELECT * FROM t WHERE n = '\" + name + \"'\")
 x = 1
";

fn db_fix(path: &str, rule: &str) -> serde_json::Value {
    json!([{"severity": "high", "path": path, "line_start": 3, "line_end": 3, "rule": rule, "current": "y", "recommended_action": "z"}])
}

#[test]
fn an_inconclusive_review_lists_every_fix_item_for_the_person_who_decides() {
    // The round limit: the committee keeps debating, and raised fix items on the way.
    let caller = ScriptedCaller::new(|_| Ok(text_reply(opinion("DEBATE", 80, json!([])))))
        .reply(
            "r1-architect",
            opinion("DEBATE", 80, db_fix("src/db.py", "parameterise SQL")),
        )
        .reply(
            "r5-sre",
            opinion("DEBATE", 80, db_fix("src/db.py", "log the query")),
        );
    let (session, _) = run(review(DB_DIFF, demo_review_config()), &caller);
    let verdict = session.review().verdict.clone().unwrap();
    assert_eq!(verdict.verdict, ReviewVerdict::Inconclusive);
    let rules: Vec<&str> = verdict
        .fix_items
        .iter()
        .map(|f| f.item.rule.as_str())
        .collect();
    assert_eq!(rules, ["parameterise SQL", "log the query"]);
    assert!(verdict.reason.contains("2 fix items"), "{}", verdict.reason);

    // Everyone abstained: their fix items are listed all the same.
    let caller = ScriptedCaller::new(|_| Ok(text_reply(opinion("SYNTHESIS", 30, json!([])))))
        .reply(
            "r1-architect",
            opinion("SYNTHESIS", 30, db_fix("src/db.py", "parameterise SQL")),
        );
    let (session, _) = run(review(DB_DIFF, demo_review_config()), &caller);
    let verdict = session.review().verdict.clone().unwrap();
    assert_eq!(verdict.verdict, ReviewVerdict::Inconclusive);
    assert_eq!(verdict.fix_items.len(), 1);
}

#[test]
fn fix_requests_are_one_per_normalised_path_and_rule() {
    let caller = ScriptedCaller::new(|_| Ok(text_reply(opinion("SYNTHESIS", 90, json!([])))))
        .reply(
            "r1-architect",
            opinion("SYNTHESIS", 90, db_fix("b/src/db.py", "parameterise SQL")),
        )
        .reply(
            "r1-sre",
            opinion("SYNTHESIS", 90, db_fix("src/db.py", "Parameterise SQL")),
        );
    let (session, _) = run(review(DB_DIFF, demo_review_config()), &caller);
    let verdict = session.review().verdict.clone().unwrap();
    assert_eq!(verdict.fix_items.len(), 1, "{:?}", verdict.fix_items);
    let fixes = fix_requests(session.review());
    assert!(fixes.contains("## FIX-001") && !fixes.contains("## FIX-002"));
}

#[test]
fn findings_of_members_who_abstained_are_listed_but_request_no_change_alone() {
    let caller = ScriptedCaller::new(|_| Ok(text_reply(opinion("SYNTHESIS", 90, json!([])))))
        .reply(
            "r1-architect",
            opinion("SYNTHESIS", 30, db_fix("src/db.py", "parameterise SQL")),
        );
    let (session, _) = run(review(DB_DIFF, demo_review_config()), &caller);
    let verdict = session.review().verdict.clone().unwrap();
    assert_eq!(
        verdict.verdict,
        ReviewVerdict::Approved,
        "{}",
        verdict.reason
    );
    assert_eq!(verdict.fix_items.len(), 1, "listed");
    assert!(verdict.fix_items[0].verified && verdict.fix_items[0].abstained);
    assert!(
        verdict.reason.contains("member who abstained"),
        "{}",
        verdict.reason
    );
    let fixes = fix_requests(session.review());
    assert!(fixes.contains("None.") && fixes.contains("## Raised by members who abstained"));
    assert!(fixes.contains("parameterise SQL"));
    assert!(review_report(&session).contains("(from a member who abstained)"));

    // Raised by a voting member too: it counts, once.
    let caller = caller.reply(
        "r1-sre",
        opinion("SYNTHESIS", 90, db_fix("src/db.py", "parameterise SQL")),
    );
    let (session, _) = run(review(DB_DIFF, demo_review_config()), &caller);
    let verdict = session.review().verdict.clone().unwrap();
    assert_eq!(verdict.verdict, ReviewVerdict::RequestChanges);
    assert_eq!(verdict.fix_items.len(), 1);
    assert!(!verdict.fix_items[0].abstained);
}

/// Every secret the scan finds is its own fix item: three in one file are three
/// items (an AWS key, a Stripe key and a password), not one. The values are built here, so no
/// committed line is a key.
#[test]
fn every_secret_the_scan_finds_is_its_own_fix_item() {
    let aws = ["AKIA", "QTJKSZPR", "FK5CKNC7"].concat();
    let stripe = ["sk_", "live_", "51Hq8wLk2Z", "x9TnVb4Rm7", "Pc3Yd6Ja0"].concat();
    let code = format!(
        "diff --git a/app/settings.py b/app/settings.py\n--- a/app/settings.py\n+++ b/app/settings.py\n@@ -1,1 +1,4 @@\n import os\n+AWS_ACCESS_KEY_ID = \"{aws}\"\n+STRIPE_KEY = \"{stripe}\"\n+DB_PASSWORD = \"Ledger-Otter-93\"\n"
    );
    let (session, _) = run(review(&code, demo_review_config()), &demo_caller());
    let body = session.review();
    assert_eq!(body.secret_hits.len(), 3, "{:?}", body.secret_hits);
    let verdict = body.verdict.as_ref().expect("a verdict");
    let scanned: Vec<u32> = verdict
        .fix_items
        .iter()
        .filter(|f| f.from_scan)
        .map(|f| f.item.line_start)
        .collect();
    assert_eq!(scanned.len(), 3, "{:?}", verdict.fix_items);
    let mut lines = scanned.clone();
    lines.sort();
    assert_eq!(lines, [2, 3, 4]);
}

/// The committee's prompts carry no secret the scan found in clear: the code is
/// sent with each one masked, and the scan's facts say what was found where.
#[test]
fn the_committee_reads_the_code_with_found_secrets_masked() {
    let aws = ["AKIA", "QTJKSZPR", "FK5CKNC7"].concat();
    let code = format!(
        "diff --git a/app/settings.py b/app/settings.py\n--- a/app/settings.py\n+++ b/app/settings.py\n@@ -1,1 +1,3 @@\n import os\n+AWS_ACCESS_KEY_ID = \"{aws}\"\n+DB_PASSWORD = \"Ledger-Otter-93\"\n"
    );
    let caller = demo_caller();
    let (session, _) = run(review(&code, demo_review_config()), &caller);
    assert_eq!(session.review().secret_hits.len(), 2);
    let requests = caller.requests();
    assert!(!requests.is_empty());
    for request in &requests {
        assert!(!request.prompt.contains(&aws), "{}", request.call_id);
        assert!(
            !request.prompt.contains("Ledger-Otter-93"),
            "{}",
            request.call_id
        );
    }
    let first = &requests[0].prompt;
    assert!(
        first.contains("app/settings.py:2: an AWS access key id"),
        "{first}"
    );
    assert!(first.contains("AWS_ACCESS_KEY_ID = \"AKIA…"), "{first}");
}
