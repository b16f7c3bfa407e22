//! The sidebar's list: date groups by the local calendar from an injected clock, a
//! search by title and decision, the session whose deletion waits for its undo left out, and the
//! title a rename saves.
use consilium_engine::foundation::timestamp::{parse_rfc3339_ms, rfc3339_utc};
use consilium_engine::{
    library::sidebar::date_group, library::sidebar::renamed_title,
    library::sidebar::sidebar_groups, library::sidebar::DateGroup, library::sidebar::SidebarQuery,
    library::summary::SessionSummary,
};

const HOUR: u64 = 60 * 60 * 1000;
const DAY: u64 = 24 * HOUR;

fn ms(rfc3339: &str) -> u64 {
    parse_rfc3339_ms(rfc3339).expect("a time")
}

fn summary(id: &str, title: &str, outcome: &str, updated_at: &str) -> SessionSummary {
    SessionSummary {
        id: id.into(),
        title: title.into(),
        protocol: "consult".into(),
        state: "complete".into(),
        created_at: updated_at.into(),
        updated_at: updated_at.into(),
        demo: false,
        outcome: outcome.into(),
        finished: true,
        follows: None,
        thread: None,
        latest_turn: None,
        asked_member: None,
        run_ms: None,
        depth: None,
        decided_by: None,
        judged: None,
        judged_at: None,
    }
}

#[test]
fn date_groups_follow_the_local_calendar_not_24_hour_spans() {
    // 00:30 UTC on the 27th.
    let now = ms("2026-11-27T00:30:00Z");
    // In UTC, 23:50 the evening before is yesterday although it is 40 minutes ago.
    assert_eq!(
        date_group("2026-11-26T23:50:00Z", now, 0),
        DateGroup::Yesterday
    );
    assert_eq!(date_group("2026-11-27T00:00:00Z", now, 0), DateGroup::Today);
    // In Paris (UTC+1) both are still the 27th, local time.
    assert_eq!(
        date_group("2026-11-26T23:50:00Z", now, 60),
        DateGroup::Today
    );
    // In New York (UTC-5) it is still the 26th, and 04:00 UTC on the 26th is the 25th there.
    assert_eq!(
        date_group("2026-11-26T23:50:00Z", now, -300),
        DateGroup::Today
    );
    assert_eq!(
        date_group("2026-11-26T04:00:00Z", now, -300),
        DateGroup::Yesterday
    );
    assert_eq!(
        date_group("2026-11-26T05:00:00Z", now, -300),
        DateGroup::Today
    );
}

#[test]
fn date_groups_end_at_a_week() {
    let now = ms("2026-11-27T12:00:00Z");
    let at = |days: u64| rfc3339_utc(now - days * DAY);
    assert_eq!(date_group(&at(0), now, 0), DateGroup::Today);
    assert_eq!(date_group(&at(1), now, 0), DateGroup::Yesterday);
    assert_eq!(date_group(&at(2), now, 0), DateGroup::LastWeek);
    assert_eq!(date_group(&at(6), now, 0), DateGroup::LastWeek);
    assert_eq!(date_group(&at(7), now, 0), DateGroup::Older);
    assert_eq!(date_group(&at(400), now, 0), DateGroup::Older);
    // Ahead of the clock (another machine's clock): today; unreadable: older.
    assert_eq!(
        date_group(&rfc3339_utc(now + HOUR), now, 0),
        DateGroup::Today
    );
    assert_eq!(date_group("last week", now, 0), DateGroup::Older);
    assert_eq!(
        [
            DateGroup::Today,
            DateGroup::Yesterday,
            DateGroup::LastWeek,
            DateGroup::Older
        ]
        .map(DateGroup::label),
        ["Today", "Yesterday", "Last 7 days", "Older"]
    );
}

fn library() -> (Vec<SessionSummary>, u64) {
    let now = ms("2026-11-27T12:00:00Z");
    let at = |hours: u64| rfc3339_utc(now - hours * HOUR);
    let all = vec![
        summary(
            "old",
            "Adopt Rust for the backend?",
            "Adopt it",
            &at(30 * 24),
        ),
        summary("week", "Which database?", "Postgres", &at(3 * 24)),
        summary("today-1", "Rename the service", "Keep the name", &at(1)),
        summary("yesterday", "Hire a designer?", "Yes, part time", &at(20)),
        summary("today-2", "Move to Rust 2024?", "Wait a release", &at(2)),
    ];
    (all, now)
}

type Shown = Vec<(&'static str, Vec<String>)>;

fn shown(groups: &[consilium_engine::library::sidebar::SidebarGroup]) -> Shown {
    groups
        .iter()
        .map(|g| {
            (
                g.group.label(),
                g.entries.iter().map(|e| e.id.to_string()).collect(),
            )
        })
        .collect()
}

fn expected(groups: &[(&'static str, &[&str])]) -> Shown {
    groups
        .iter()
        .map(|(label, ids)| (*label, ids.iter().map(|id| id.to_string()).collect()))
        .collect()
}

#[test]
fn the_sidebar_lists_sessions_newest_first_under_their_date_headings() {
    let (all, now) = library();
    let groups = sidebar_groups(&all, &SidebarQuery::default(), now, 0, 15);
    assert_eq!(
        shown(&groups),
        expected(&[
            ("Today", &["today-1", "today-2"]),
            ("Yesterday", &["yesterday"]),
            ("Last 7 days", &["week"]),
            ("Older", &["old"]),
        ])
    );
    // The limit counts sessions, not groups; an empty group has no heading.
    let groups = sidebar_groups(&all, &SidebarQuery::default(), now, 0, 3);
    assert_eq!(
        shown(&groups),
        expected(&[
            ("Today", &["today-1", "today-2"]),
            ("Yesterday", &["yesterday"])
        ])
    );
}

#[test]
fn the_sidebar_search_finds_titles_and_decisions_in_any_case() {
    let (all, now) = library();
    let search = |text: &str| {
        let query = SidebarQuery {
            search: text,
            ..SidebarQuery::default()
        };
        shown(&sidebar_groups(&all, &query, now, 0, 15))
    };
    assert_eq!(
        search("rust"),
        expected(&[("Today", &["today-2"]), ("Older", &["old"])])
    );
    // By the decision, and every word must be there.
    assert_eq!(search("POSTGRES"), expected(&[("Last 7 days", &["week"])]));
    assert_eq!(search("rust backend"), expected(&[("Older", &["old"])]));
    assert_eq!(
        search("\"part time\""),
        expected(&[("Yesterday", &["yesterday"])])
    );
    assert!(search("kubernetes").is_empty());
    // Blank is everything.
    assert_eq!(search("  ").len(), 4);
}

#[test]
fn a_session_waiting_for_its_undo_is_not_listed() {
    let (all, now) = library();
    let query = SidebarQuery {
        hidden: Some("yesterday"),
        ..SidebarQuery::default()
    };
    let groups = sidebar_groups(&all, &query, now, 0, 15);
    assert_eq!(
        shown(&groups),
        expected(&[
            ("Today", &["today-1", "today-2"]),
            ("Last 7 days", &["week"]),
            ("Older", &["old"]),
        ])
    );
}

#[test]
fn a_rename_saves_one_trimmed_line_and_nothing_for_blank_or_the_same() {
    assert_eq!(
        renamed_title("  Our   database\nchoice ", "Which database?"),
        Some("Our database choice".to_string())
    );
    assert_eq!(renamed_title("   ", "Which database?"), None);
    assert_eq!(renamed_title(" Which database? ", "Which database?"), None);
    let long = "x".repeat(500);
    assert_eq!(
        renamed_title(&long, "t").map(|t| t.chars().count()),
        Some(consilium_engine::library::sidebar::TITLE_MAX_CHARS)
    );
}
