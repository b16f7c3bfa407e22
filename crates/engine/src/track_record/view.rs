//! The track record in words, once, for the page and its tests: the refusal below
//! `MIN_JUDGED`, else the overall share, a row per council and per depth, early decisions against
//! cross-examined ones, the reliability chart and the Brier score (the Benchmark's chart rows).
use consilium_stats::Interval;

use super::figures::{Group, Tally, TrackRecord, MIN_JUDGED};
use crate::benchmark_council::view::results::{bin_row, CalibrationView};
use crate::foundation::counted::counted;
use crate::foundation::money::format_usd;
use crate::views::numbers::percent;

/// Said once, wherever a share is shown.
pub const PARTLY_NOTE: &str = "A decision judged partly right counts as half a right one. \
Decisions judged too early to tell are not counted. Intervals are Wilson's 95%.";

#[derive(Clone, Debug, PartialEq)]
pub struct TrackRecordView {
    /// "12 decisions judged of 30 finished; 18 await an outcome."
    pub intro: String,
    /// Below `MIN_JUDGED` judged decisions: the one sentence shown instead of every figure.
    pub refusal: Option<String>,
    /// "Right 71% of the time (95% CI 48% to 87%), over 14 judged decisions."
    pub headline: String,
    pub partly_note: &'static str,
    pub councils: Vec<GroupRow>,
    pub kinds: Vec<GroupRow>,
    /// Early decisions against cross-examined ones, or why there is no comparison.
    pub early_against_full: String,
    /// One member asked alone against the council in the same threads, or why there is no
    /// comparison.
    pub member_against_council: String,
    pub calibration: CalibrationView,
    /// "$0.042 per right decision", or why there is no figure.
    pub cost: String,
}

#[derive(Clone, Debug, PartialEq)]
pub struct GroupRow {
    pub label: String,
    /// "9 (5 right, 2 partly, 2 wrong)".
    pub judged: String,
    /// "67% (36% to 88%)", "—" with none judged.
    pub share: String,
    pub cost_per_right: String,
}

pub const GROUP_COLUMNS: [&str; 4] = ["", "Judged", "Right (95% CI)", "Cost per right"];

pub fn track_record_view(record: &TrackRecord) -> TrackRecordView {
    let judged = record.overall.judged();
    let mut intro = format!(
        "{} judged of {} finished",
        counted(judged as usize, "decision"),
        record.decisions
    );
    if record.too_early > 0 {
        intro.push_str(&format!("; {} too early to tell", record.too_early));
    }
    intro.push_str(&format!("; {} awaiting an outcome.", record.awaiting));
    let refusal = (!record.enough()).then(|| {
        format!(
            "Not enough judged decisions to tell how the council's decisions hold up: the track \
             record needs at least {MIN_JUDGED} judged right, partly or wrong, and there {} so far.",
            if judged == 1 {
                "is 1".to_string()
            } else {
                format!("are {judged}")
            }
        )
    });
    let brier = match record.calibration.brier {
        Some(score) if record.enough() => format!(
            "Brier score: {score:.3} over {} (0 is perfect; always saying 50% scores 0.250).",
            counted(record.calibration.forecasts as usize, "decision")
        ),
        _ => "No stated confidence to score yet.".into(),
    };
    let shown = |rows: &[Group]| -> Vec<GroupRow> {
        if record.enough() {
            rows.iter().map(group_row).collect()
        } else {
            Vec::new()
        }
    };
    TrackRecordView {
        intro,
        headline: if record.enough() {
            headline(&record.overall)
        } else {
            String::new()
        },
        refusal,
        partly_note: PARTLY_NOTE,
        councils: shown(&record.councils),
        kinds: shown(&record.kinds),
        early_against_full: early_words(record),
        member_against_council: member_words(record),
        calibration: CalibrationView {
            brier,
            forecasts: record.calibration.forecasts,
            bins: if record.enough() {
                record
                    .calibration
                    .bins
                    .iter()
                    .map(|bin| bin_row(bin, "decision"))
                    .collect()
            } else {
                Vec::new()
            },
        },
        cost: match record.cost_per_right {
            _ if !record.enough() => String::new(),
            Some(usd) => format!("{} per right decision (partly as half).", format_usd(usd)),
            None => "No cost per right decision: some judged decision had a call without a \
                     price, or none was right."
                .into(),
        },
    }
}

fn headline(tally: &Tally) -> String {
    format!(
        "Right {} of the time ({}), over {}.",
        tally.share().map(percent).unwrap_or_else(|| "—".into()),
        ci(tally.interval()),
        counted(tally.judged() as usize, "judged decision")
    )
}

fn ci(interval: Interval) -> String {
    format!(
        "95% CI {} to {}",
        percent(interval.low),
        percent(interval.high)
    )
}

fn group_row(group: &Group) -> GroupRow {
    let t = &group.tally;
    GroupRow {
        label: group.label.clone(),
        judged: format!(
            "{} ({} right, {} partly, {} wrong)",
            t.judged(),
            t.right,
            t.partly,
            t.wrong
        ),
        share: match t.share() {
            Some(share) => format!(
                "{} ({} to {})",
                percent(share),
                percent(t.interval().low),
                percent(t.interval().high)
            ),
            None => "—".into(),
        },
        cost_per_right: group
            .cost_per_right
            .map(format_usd)
            .unwrap_or_else(|| "—".into()),
    }
}

fn early_words(record: &TrackRecord) -> String {
    if !record.enough() {
        return String::new();
    }
    let Some(both) = &record.early_against_full else {
        return "No council has judged decisions both decided early (by vote or agreed after \
                the synthesis) and cross-examined, so the two cannot be compared on the same \
                councils yet."
            .into();
    };
    compared(
        counted(both.councils as usize, "council"),
        ("decided early", &both.early, "decision"),
        ("cross-examined", &both.cross_examined, "decision"),
    )
}

fn member_words(record: &TrackRecord) -> String {
    if !record.enough() {
        return String::new();
    }
    let Some(both) = &record.member_against_council else {
        return "No thread has both a judged answer of one member asked alone and a judged \
                council decision, so the two cannot be compared on the same questions yet."
            .into();
    };
    compared(
        counted(both.threads as usize, "thread"),
        ("one member asked alone", &both.member, "answer"),
        ("the council", &both.council, "decision"),
    )
}

/// "On the 2 threads with both: <one side>, right 50% (2 answers, 95% CI …); <the other>, …".
fn compared(groups: String, first: (&str, &Tally, &str), second: (&str, &Tally, &str)) -> String {
    let side = |(name, tally, what): (&str, &Tally, &str)| {
        format!(
            "{name}, right {} ({}, {})",
            tally.share().map(percent).unwrap_or_else(|| "—".into()),
            counted(tally.judged() as usize, what),
            ci(tally.interval()),
        )
    };
    format!(
        "On the {groups} with both: {}; {}.",
        side(first),
        side(second)
    )
}
