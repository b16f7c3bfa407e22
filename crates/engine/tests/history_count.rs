//! History's count line: "N of M sessions match" only when a filter or a search
//! leaves some out; otherwise the entries listed, with thousands separators.
use consilium_engine::library::filter::{HistoryFilter, SortOrder, StateFilter};
use consilium_engine::library::list::history_count_line;

#[test]
fn n_of_m_match_only_when_narrowed() {
    // 14 sessions, 11 entries (threads listed once), no filter: no "match".
    assert_eq!(history_count_line(14, 11, false), "11 sessions");
    assert_eq!(history_count_line(14, 11, true), "11 of 14 sessions match");
    assert_eq!(history_count_line(14, 14, true), "14 sessions");
    assert_eq!(history_count_line(1, 1, false), "1 session");
    assert_eq!(history_count_line(1, 0, true), "0 of 1 session match");
    assert_eq!(history_count_line(0, 0, false), "");
    assert_eq!(history_count_line(1_204, 1_180, false), "1,180 sessions");
    assert_eq!(
        history_count_line(1_204, 3, true),
        "3 of 1,204 sessions match"
    );
}

#[test]
fn the_order_alone_narrows_nothing() {
    assert!(!HistoryFilter::default().narrows());
    let sorted = HistoryFilter {
        sort: SortOrder::Title,
        ..HistoryFilter::default()
    };
    assert!(!sorted.narrows());
    let complete = HistoryFilter {
        state: StateFilter::Complete,
        ..HistoryFilter::default()
    };
    assert!(complete.narrows());
    let consults = HistoryFilter {
        protocol: Some("consult".into()),
        ..HistoryFilter::default()
    };
    assert!(consults.narrows());
}
