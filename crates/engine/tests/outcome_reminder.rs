//! The first screen's reminder of decisions awaiting their outcome: only finished,
//! real decisions asked more than the chosen days ago and not judged (or judged too early to tell);
//! off at 0 days; a dismissal holds until a decision asked after it falls due.
use consilium_engine::foundation::timestamp::{parse_rfc3339_ms, rfc3339_utc};
use consilium_engine::library::reminder::{outcome_reminder, DEFAULT_REMINDER_DAYS};
use consilium_engine::library::summary::SessionSummary;
use consilium_engine::record::outcome::Verdict;

const DAY: u64 = 24 * 60 * 60 * 1000;
const NOW: &str = "2027-02-01T12:00:00Z";

fn now() -> u64 {
    parse_rfc3339_ms(NOW).unwrap()
}

/// A finished consult asked `days_ago` days before NOW.
fn decision(id: &str, days_ago: u64) -> SessionSummary {
    let asked = rfc3339_utc(now() - days_ago * DAY);
    serde_json::from_value(serde_json::json!({
        "id": id, "title": format!("Decision {id}"), "protocol": "consult", "state": "complete",
        "created_at": asked, "updated_at": asked, "demo": false,
        "outcome": "Go with vendor B.", "finished": true,
    }))
    .unwrap()
}

#[test]
fn decisions_older_than_the_chosen_days_and_not_judged_are_named_newest_first() {
    let mut judged = decision("judged", 40);
    judged.judged = Some(Verdict::Right);
    let mut too_early = decision("too-early", 30);
    too_early.judged = Some(Verdict::TooEarly);
    let mut demo = decision("demo", 30);
    demo.demo = true;
    let mut running = decision("running", 30);
    running.finished = false;
    let mut failed = decision("failed", 30);
    failed.state = "failed".into();
    let sessions = vec![
        decision("fresh", 13),
        decision("a", 15),
        too_early,
        judged,
        demo,
        running,
        failed,
        decision("b", 60),
    ];
    let reminder = outcome_reminder(&sessions, now(), DEFAULT_REMINDER_DAYS, None).unwrap();
    let named: Vec<&str> = reminder.named.iter().map(|(id, _)| id.as_str()).collect();
    assert_eq!(named, ["a", "too-early", "b"]);
    assert_eq!(reminder.more, 0);
    assert_eq!(reminder.newest_asked_at, rfc3339_utc(now() - 15 * DAY));
    assert_eq!(
        reminder.sentence(),
        "3 decisions asked more than 14 days ago await their outcome:"
    );
    // Exactly the chosen days old is due.
    let one = outcome_reminder(&[decision("edge", 14)], now(), 14, None).unwrap();
    assert_eq!(
        one.sentence(),
        "A decision asked more than 14 days ago awaits its outcome:"
    );
}

#[test]
fn beyond_three_the_rest_are_counted() {
    let sessions: Vec<_> = (0..5).map(|i| decision(&format!("d{i}"), 20 + i)).collect();
    let reminder = outcome_reminder(&sessions, now(), 14, None).unwrap();
    assert_eq!(reminder.named.len(), 3);
    assert_eq!(reminder.more, 2);
    assert!(reminder.sentence().starts_with("5 decisions"));
}

#[test]
fn off_at_zero_days_and_nothing_when_none_is_due() {
    assert_eq!(
        outcome_reminder(&[decision("a", 400)], now(), 0, None),
        None
    );
    assert_eq!(outcome_reminder(&[decision("a", 3)], now(), 14, None), None);
    assert_eq!(outcome_reminder(&[], now(), 14, None), None);
}

#[test]
fn a_dismissal_holds_until_a_decision_asked_after_it_falls_due() {
    let older = vec![decision("a", 30), decision("b", 20)];
    let first = outcome_reminder(&older, now(), 14, None).unwrap();
    // Dismissed: what was due stays quiet, today and later.
    let through = Some(first.newest_asked_at.as_str());
    assert_eq!(outcome_reminder(&older, now(), 14, through), None);
    assert_eq!(
        outcome_reminder(&older, now() + 30 * DAY, 14, through),
        None
    );
    // A decision asked after the dismissal is recalled once it is due, and only it.
    let mut later = older.clone();
    later.insert(0, decision("c", 5));
    assert_eq!(outcome_reminder(&later, now(), 14, through), None);
    let due = outcome_reminder(&later, now() + 10 * DAY, 14, through).unwrap();
    let named: Vec<&str> = due.named.iter().map(|(id, _)| id.as_str()).collect();
    assert_eq!(named, ["c"]);
}
