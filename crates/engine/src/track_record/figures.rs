//! The track record's figures, from the decisions (`decisions`): judged counts, the share right
//! (partly counts half) with Wilson's 95% interval, the stated confidence against the outcomes
//! (reliability by band and the Brier score, as the Benchmark computes them), early decisions
//! against cross-examined ones on the same councils, and the cost per right decision.
use std::collections::BTreeMap;

use consilium_stats::{
    brier_score_graded, reliability_bins_graded, wilson_interval_scored, Interval, ReliabilityBin,
    Z_95,
};

use super::decisions::{decision_facts, DecisionFacts, Kind};
use crate::record::outcome::Verdict;
use crate::record::Session;

/// Below this many judged decisions (right, partly or wrong), the track record says so instead of
/// showing figures. At 10, Wilson's 95% interval of a share near 70% is about ±26 points: wide,
/// but no longer a figure that any outcome would fit; below it one judgment moves the share by
/// more than 10 points.
pub const MIN_JUDGED: u64 = 10;

/// Reliability bands, as the Benchmark's chart has them (tenths of confidence).
pub const BANDS: usize = 10;

/// Judged decisions of some group.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Tally {
    pub right: u64,
    pub partly: u64,
    pub wrong: u64,
}

impl Tally {
    fn add(&mut self, verdict: Verdict) {
        match verdict {
            Verdict::Right => self.right += 1,
            Verdict::Partly => self.partly += 1,
            Verdict::Wrong => self.wrong += 1,
            Verdict::TooEarly => {}
        }
    }

    pub fn judged(&self) -> u64 {
        self.right + self.partly + self.wrong
    }

    /// Right decisions, a partly right one counting half.
    pub fn score(&self) -> f64 {
        self.right as f64 + self.partly as f64 / 2.0
    }

    /// The share right (partly as half); None with nothing judged.
    pub fn share(&self) -> Option<f64> {
        (self.judged() > 0).then(|| self.score() / self.judged() as f64)
    }

    /// Wilson's 95% interval of the share, with the half-scores as they are.
    pub fn interval(&self) -> Interval {
        wilson_interval_scored(self.score(), self.judged(), Z_95)
    }
}

/// A group's tally and what its judged decisions cost.
#[derive(Clone, Debug, PartialEq)]
pub struct Group {
    pub key: String,
    pub label: String,
    pub tally: Tally,
    /// Judged too early to tell.
    pub too_early: u64,
    /// Dollars spent on the group's judged decisions per right one (partly as half); None when
    /// some judged decision had an unpriced call, or none was right.
    pub cost_per_right: Option<f64>,
}

/// Early decisions against cross-examined ones, on the councils that have judged decisions of
/// both kinds (so a difference is not merely which councils decided early).
#[derive(Clone, Debug, PartialEq)]
pub struct EarlyAgainstFull {
    pub councils: u64,
    pub early: Tally,
    pub cross_examined: Tally,
}

/// One member asked alone in a thread against the council's decisions in the same threads, on
/// the threads that have judged ones of both.
#[derive(Clone, Debug, PartialEq)]
pub struct MemberAgainstCouncil {
    pub threads: u64,
    pub member: Tally,
    pub council: Tally,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Calibration {
    /// Judged decisions with a stated confidence.
    pub forecasts: u64,
    pub brier: Option<f64>,
    pub bins: Vec<ReliabilityBin>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct TrackRecord {
    /// Finished decisions, judged or not.
    pub decisions: u64,
    /// Finished decisions nobody judged yet.
    pub awaiting: u64,
    /// Judged too early to tell.
    pub too_early: u64,
    pub overall: Tally,
    /// Per council, most judged first.
    pub councils: Vec<Group>,
    /// Per depth, in the order of `Kind`.
    pub kinds: Vec<Group>,
    pub calibration: Calibration,
    pub early_against_full: Option<EarlyAgainstFull>,
    pub member_against_council: Option<MemberAgainstCouncil>,
    pub cost_per_right: Option<f64>,
}

impl TrackRecord {
    /// Enough judged decisions for the figures to mean something (`MIN_JUDGED`).
    pub fn enough(&self) -> bool {
        self.overall.judged() >= MIN_JUDGED
    }
}

/// The track record of `sessions` (any protocol; those that reached no decision are left out).
pub fn track_record(sessions: &[Session]) -> TrackRecord {
    let decisions: Vec<DecisionFacts> = sessions.iter().filter_map(decision_facts).collect();
    track_record_of(&decisions)
}

pub fn track_record_of(decisions: &[DecisionFacts]) -> TrackRecord {
    let mut overall = Tally::default();
    for verdict in decisions.iter().filter_map(|d| d.verdict) {
        overall.add(verdict);
    }
    let forecasts: Vec<(f64, f64)> = decisions
        .iter()
        .filter_map(|d| Some((d.confidence?, d.score()?)))
        .collect();
    let mut councils = groups(decisions, |d| {
        (d.council_key.clone(), d.council_label.clone())
    });
    councils.sort_by(|a, b| {
        b.tally
            .judged()
            .cmp(&a.tally.judged())
            .then_with(|| a.label.cmp(&b.label))
    });
    let mut by_kind: Vec<(Kind, Group)> = groups_keyed(decisions, |d| {
        (
            d.kind,
            (d.kind.label().to_string(), d.kind.label().to_string()),
        )
    });
    by_kind.sort_by_key(|(kind, _)| *kind);
    TrackRecord {
        decisions: decisions.len() as u64,
        awaiting: decisions.iter().filter(|d| d.verdict.is_none()).count() as u64,
        too_early: decisions
            .iter()
            .filter(|d| d.verdict == Some(Verdict::TooEarly))
            .count() as u64,
        overall,
        councils,
        kinds: by_kind.into_iter().map(|(_, group)| group).collect(),
        calibration: Calibration {
            forecasts: forecasts.len() as u64,
            brier: brier_score_graded(&forecasts),
            bins: reliability_bins_graded(&forecasts, BANDS),
        },
        early_against_full: early_against_full(decisions),
        member_against_council: member_against_council(decisions),
        cost_per_right: cost_per_right(decisions.iter()),
    }
}

fn groups(
    decisions: &[DecisionFacts],
    key: impl Fn(&DecisionFacts) -> (String, String),
) -> Vec<Group> {
    groups_keyed(decisions, |d| {
        let (k, label) = key(d);
        (k.clone(), (k, label))
    })
    .into_iter()
    .map(|(_, group)| group)
    .collect()
}

fn groups_keyed<K: Ord + Clone>(
    decisions: &[DecisionFacts],
    key: impl Fn(&DecisionFacts) -> (K, (String, String)),
) -> Vec<(K, Group)> {
    let mut members: BTreeMap<K, (String, String, Vec<&DecisionFacts>)> = BTreeMap::new();
    for decision in decisions {
        let (k, (group_key, label)) = key(decision);
        members
            .entry(k)
            .or_insert_with(|| (group_key, label, Vec::new()))
            .2
            .push(decision);
    }
    members
        .into_iter()
        .map(|(k, (key, label, members))| {
            let mut tally = Tally::default();
            for verdict in members.iter().filter_map(|d| d.verdict) {
                tally.add(verdict);
            }
            let group = Group {
                key,
                label,
                tally,
                too_early: members
                    .iter()
                    .filter(|d| d.verdict == Some(Verdict::TooEarly))
                    .count() as u64,
                cost_per_right: cost_per_right(members.iter().copied()),
            };
            (k, group)
        })
        .collect()
}

/// Dollars spent on the judged decisions per right one (partly as half).
fn cost_per_right<'a>(decisions: impl Iterator<Item = &'a DecisionFacts>) -> Option<f64> {
    let mut spent = 0.0;
    let mut right = 0.0;
    for decision in decisions {
        let Some(score) = decision.score() else {
            continue;
        };
        if decision.unpriced {
            return None;
        }
        spent += decision.spent_usd;
        right += score;
    }
    (right > 0.0).then(|| spent / right)
}

fn early_against_full(decisions: &[DecisionFacts]) -> Option<EarlyAgainstFull> {
    // Per council: (early, cross-examined) tallies of its judged consults.
    let by_council = paired(decisions, |d| Some((d.council_key.as_str(), d.early?)));
    let (councils, early, cross_examined) = both_sides(by_council)?;
    Some(EarlyAgainstFull {
        councils,
        early,
        cross_examined,
    })
}

fn member_against_council(decisions: &[DecisionFacts]) -> Option<MemberAgainstCouncil> {
    // Per thread: (one member, the council) tallies of its judged turns.
    let by_thread = paired(decisions, |d| match d.kind {
        Kind::OneMember => Some((d.thread.as_str(), true)),
        Kind::Vote | Kind::Adaptive | Kind::Full => Some((d.thread.as_str(), false)),
        _ => None,
    });
    let (threads, member, council) = both_sides(by_thread)?;
    Some(MemberAgainstCouncil {
        threads,
        member,
        council,
    })
}

/// The judged decisions `side` places, by group: (tally of the first side, of the second).
fn paired<'a>(
    decisions: &'a [DecisionFacts],
    side: impl Fn(&'a DecisionFacts) -> Option<(&'a str, bool)>,
) -> BTreeMap<&'a str, (Tally, Tally)> {
    let mut groups: BTreeMap<&str, (Tally, Tally)> = BTreeMap::new();
    for decision in decisions {
        let (Some((group, first)), Some(verdict)) = (side(decision), decision.verdict) else {
            continue;
        };
        let entry = groups.entry(group).or_default();
        if first {
            entry.0.add(verdict);
        } else {
            entry.1.add(verdict);
        }
    }
    groups
}

/// The two sides summed over the groups that have judged decisions on both (so a difference is
/// not merely which groups have which): how many groups, and each side's tally.
fn both_sides(groups: BTreeMap<&str, (Tally, Tally)>) -> Option<(u64, Tally, Tally)> {
    let mut count = 0;
    let (mut first, mut second) = (Tally::default(), Tally::default());
    for (one, other) in groups.values() {
        if one.judged() == 0 || other.judged() == 0 {
            continue;
        }
        count += 1;
        for (into, from) in [(&mut first, one), (&mut second, other)] {
            into.right += from.right;
            into.partly += from.partly;
            into.wrong += from.wrong;
        }
    }
    (count > 0).then_some((count, first, second))
}
