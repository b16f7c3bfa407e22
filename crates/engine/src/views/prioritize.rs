//! Prioritize's decision as people read it: the summary, the ranked backlog with dispositions and
//! the critic's concerns, and how each opportunity's rank moved from round to round (the bump
//! chart's lines, laid out here so the geometry is tested natively, and its table alternative).
use crate::prioritize::report::{concerns_for, final_disposition};
use crate::record::prioritize::body::PrioritizeBody;
use crate::record::prioritize::debate::DebateRound;

/// Whose rankings the chart follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RankingSource {
    Champion,
    Critic,
    Moderator,
}

impl RankingSource {
    pub const ALL: [RankingSource; 3] = [Self::Moderator, Self::Champion, Self::Critic];

    pub fn label(self) -> &'static str {
        match self {
            Self::Champion => "Champion",
            Self::Critic => "Critic",
            Self::Moderator => "Moderator (final)",
        }
    }

    pub fn key(self) -> &'static str {
        match self {
            Self::Champion => "champion",
            Self::Critic => "critic",
            Self::Moderator => "moderator",
        }
    }

    pub fn from_key(key: &str) -> RankingSource {
        Self::ALL
            .into_iter()
            .find(|s| s.key() == key)
            .unwrap_or(Self::Moderator)
    }

    fn ranking(self, round: &DebateRound) -> &[String] {
        match self {
            Self::Champion => &round.champion_rankings,
            Self::Critic => &round.critic_counter_rankings,
            Self::Moderator => &round.moderator_final_rankings,
        }
    }
}

/// One opportunity's rank in each round (1 = first; None when that round does not rank it).
#[derive(Clone, Debug, PartialEq)]
pub struct RankLine {
    pub id: String,
    pub title: String,
    pub ranks: Vec<Option<u32>>,
}

impl RankLine {
    /// "up 2", "down 1", "no change", from the first round to the last.
    pub fn movement(&self) -> String {
        match (
            self.ranks.first().copied().flatten(),
            self.ranks.last().copied().flatten(),
        ) {
            (Some(first), Some(last)) if last < first => format!("up {}", first - last),
            (Some(first), Some(last)) if last > first => format!("down {}", last - first),
            (Some(_), Some(_)) => "no change".into(),
            _ => String::new(),
        }
    }
}

/// Every opportunity's rank per round, ordered by its rank in the last round.
pub fn rank_movement(body: &PrioritizeBody, source: RankingSource) -> Vec<RankLine> {
    let rounds = &body.debate.rounds;
    let mut lines: Vec<RankLine> = body
        .backlog
        .iter()
        .map(|o| RankLine {
            id: o.id.clone(),
            title: o.title.clone(),
            ranks: rounds
                .iter()
                .map(|r| {
                    source
                        .ranking(r)
                        .iter()
                        .position(|id| *id == o.id)
                        .map(|p| p as u32 + 1)
                })
                .collect(),
        })
        .collect();
    consilium_order::sort_by_key(&mut lines, |l| {
        l.ranks.last().copied().flatten().unwrap_or(u32::MAX)
    });
    lines
}

/// The chart's drawing: one polyline per opportunity, rounds left to right, rank 1 at the top.
#[derive(Clone, Debug, PartialEq)]
pub struct BumpChart {
    pub width: f64,
    pub height: f64,
    /// x of each round's column, with its label.
    pub columns: Vec<(f64, String)>,
    /// y of each rank's row (rank 1 first).
    pub rows: Vec<f64>,
    pub lines: Vec<ChartLine>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct ChartLine {
    pub id: String,
    /// The SVG path (`M x y L x y ...`), empty with fewer than one point.
    pub path: String,
    pub points: Vec<(f64, f64)>,
    /// Where the line's label sits (after its last point).
    pub label_at: (f64, f64),
}

const LEFT: f64 = 40.0;
const RIGHT: f64 = 120.0;
const TOP: f64 = 24.0;
const ROW: f64 = 28.0;
const COLUMN: f64 = 150.0;

pub fn bump_chart(lines: &[RankLine]) -> BumpChart {
    let rounds = lines.first().map_or(0, |l| l.ranks.len());
    let ranks = lines.len();
    let x = |round: usize| LEFT + round as f64 * COLUMN;
    let y = |rank: u32| TOP + (rank.saturating_sub(1)) as f64 * ROW;
    let width = LEFT + rounds.saturating_sub(1) as f64 * COLUMN + RIGHT;
    let height = TOP * 2.0 + ranks.saturating_sub(1) as f64 * ROW;
    let chart_lines = lines
        .iter()
        .map(|line| {
            let points: Vec<(f64, f64)> = line
                .ranks
                .iter()
                .enumerate()
                .filter_map(|(round, rank)| rank.map(|rank| (x(round), y(rank))))
                .collect();
            let path = points
                .iter()
                .enumerate()
                .map(|(i, (px, py))| format!("{}{px} {py}", if i == 0 { "M" } else { " L" }))
                .collect::<String>();
            let label_at = points
                .last()
                .map_or((0.0, 0.0), |(px, py)| (px + 10.0, py + 4.0));
            ChartLine {
                id: line.id.clone(),
                path,
                points,
                label_at,
            }
        })
        .collect();
    BumpChart {
        width,
        height,
        columns: (0..rounds)
            .map(|r| (x(r), format!("Round {}", r + 1)))
            .collect(),
        rows: (1..=ranks as u32).map(y).collect(),
        lines: chart_lines,
    }
}

/// One row of the ranked backlog.
#[derive(Clone, Debug, PartialEq)]
pub struct RankedRow {
    pub rank: u32,
    pub id: String,
    pub title: String,
    pub kind: String,
    pub disposition: Option<&'static str>,
    /// The critic's effort (else the user's), and build / buy / partner.
    pub effort: Option<String>,
    pub approach: Option<&'static str>,
    pub concerns: Vec<String>,
}

pub fn ranked_rows(body: &PrioritizeBody) -> Vec<RankedRow> {
    let last = body.debate.rounds.last();
    body.ranked
        .iter()
        .map(|o| {
            let assessment = last.and_then(|r| r.critic_assessments.get(&o.id));
            RankedRow {
                rank: o.priority_rank.unwrap_or(0),
                id: o.id.clone(),
                title: o.title.clone(),
                kind: o.kind.clone(),
                disposition: final_disposition(body, &o.id),
                effort: assessment
                    .map(|a| a.effort.label().to_string())
                    .or_else(|| o.effort.map(|e| e.label())),
                approach: assessment.map(|a| a.approach.label()),
                concerns: concerns_for(body, &o.id),
            }
        })
        .collect()
}
