//! Prioritize's decision as people read it: the summary, the ranked backlog with dispositions and
//! the critic's concerns, and how each opportunity's rank moved from round to round (the bump
//! chart's lines, laid out here so the geometry is tested natively, and its table alternative).
use crate::foundation::ids::SessionId;
use crate::foundation::money::format_usd;
use crate::prioritize::debate_by_default;
use crate::prioritize::{concerns_for, final_disposition};
use crate::record::prioritize::backlog::Opportunity;
use crate::record::prioritize::body::PrioritizeBody;
use crate::record::prioritize::debate::{DebateRound, Disposition};

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
    /// The label: the opportunity's title, cut to fit the margin (the id when it has none).
    pub label: String,
}

const LEFT: f64 = 40.0;
/// Room for the titles after the last round.
const RIGHT: f64 = 200.0;
/// The most characters of a title the chart prints.
const LABEL_CHARS: usize = 26;
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
                label: chart_label(line),
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

/// A line's label: its title, cut at a word with an ellipsis when longer than the margin holds.
fn chart_label(line: &RankLine) -> String {
    let title = line.title.trim();
    if title.is_empty() {
        return line.id.clone();
    }
    if title.chars().count() <= LABEL_CHARS {
        return title.to_string();
    }
    let cut: String = title.chars().take(LABEL_CHARS).collect();
    let kept = cut.rsplit_once(' ').map_or(cut.as_str(), |(kept, _)| kept);
    format!("{kept}…")
}

/// One row of the ranked backlog.
#[derive(Clone, Debug, PartialEq)]
pub struct RankedRow {
    pub rank: u32,
    pub id: String,
    pub title: String,
    pub kind: String,
    /// The moderator's last disposition, by its record name ("DEFER"): for styles and data.
    pub disposition: Option<&'static str>,
    /// The same in words, as the page shows it ("Defer").
    pub disposition_words: Option<&'static str>,
    /// The critic's effort (else the user's), and build / buy / partner.
    pub effort: Option<String>,
    pub approach: Option<&'static str>,
    pub concerns: Vec<String>,
}

/// A disposition as people say it: "Prioritize", "Investigate", "Defer", "Reject".
pub fn disposition_words(disposition: Disposition) -> &'static str {
    match disposition {
        Disposition::Prioritize => "Prioritize",
        Disposition::Investigate => "Investigate",
        Disposition::Defer => "Defer",
        Disposition::Reject => "Reject",
    }
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
                disposition: final_disposition(body, &o.id).map(Disposition::label),
                disposition_words: final_disposition(body, &o.id).map(disposition_words),
                effort: assessment
                    .map(|a| a.effort.label().to_string())
                    .or_else(|| o.effort.map(|e| e.label())),
                approach: assessment.map(|a| a.approach.label()),
                concerns: concerns_for(body, &o.id),
            }
        })
        .collect()
}

/// The outcome's facts, as the summary lists them.
#[derive(Clone, Debug, PartialEq)]
pub struct DebateFacts {
    pub session_id: SessionId,
    /// "2 / 3": rounds used of the most allowed.
    pub rounds: String,
    /// "yes" / "no".
    pub consensus: &'static str,
    /// "yes: the budget ran out" / "no".
    pub stalemate: &'static str,
    /// "$0.12 of $2.50", with the calls at unknown price counted beside it.
    pub cost: String,
    pub outcome: Option<String>,
    pub independence_overridden: bool,
}

/// The facts of `body`, with what the session spent (`spent_usd`, and `unpriced_calls` made at
/// an unknown price).
pub fn debate_facts(body: &PrioritizeBody, spent_usd: f64, unpriced_calls: u32) -> DebateFacts {
    let debate = &body.debate;
    DebateFacts {
        session_id: debate.session_id.clone(),
        rounds: format!("{} / {}", debate.rounds_used(), debate.max_rounds),
        consensus: if debate.consensus_reached {
            "yes"
        } else {
            "no"
        },
        stalemate: if debate.stalemate {
            "yes: the budget ran out"
        } else {
            "no"
        },
        cost: cost_against_budget(spent_usd, debate.budget_usd, unpriced_calls),
        outcome: body.outcome.clone(),
        independence_overridden: body.config.independence_overridden,
    }
}

/// The debate's cost as its facts list it: what it spent against its budget; None for a demo,
/// whose cost the session's header states once ("Demo · no cost").
pub fn debate_cost_fact(session: &crate::record::Session) -> Option<String> {
    let body = session.body_of::<PrioritizeBody>()?;
    (!session.demo).then(|| {
        cost_against_budget(
            crate::prioritize::debate_cost_usd(session),
            body.debate.budget_usd,
            session.cost.unpriced_calls,
        )
    })
}

/// "$0.12 of $2.50", and "(+2 calls at unknown price)" when some calls had no price.
pub fn cost_against_budget(spent_usd: f64, budget_usd: f64, unpriced_calls: u32) -> String {
    format!(
        "{} of {}{}",
        format_usd(spent_usd),
        format_usd(budget_usd),
        if unpriced_calls > 0 {
            format!(
                " (+{} at unknown price)",
                crate::foundation::counted::counted(unpriced_calls as usize, "call")
            )
        } else {
            String::new()
        }
    )
}

/// The round under way while the debate runs: the one after the last on record.
pub fn round_under_way(rounds: &[DebateRound]) -> u8 {
    rounds.len() as u8 + 1
}

/// How a round ended, in a sentence: consensus, consensus refused (and why), or the moderator's
/// call.
pub fn round_status(round: &DebateRound) -> String {
    if round.consensus_reached {
        "Consensus reached.".to_string()
    } else if let Some(refused) = &round.consensus_refused {
        format!("Consensus not accepted: {refused}")
    } else if round.continue_debate {
        "The moderator asked for another round.".to_string()
    } else {
        "The moderator saw no need to continue; the stopping rule decides.".to_string()
    }
}

/// The chart in words, for assistive technology: whose ranking, how many opportunities and
/// rounds, and each one's movement.
pub fn chart_description(lines: &[RankLine], source: RankingSource) -> String {
    let rounds = lines.first().map_or(0, |l| l.ranks.len());
    format!(
        "{} ranking of {} over {}. {}",
        source.label(),
        crate::foundation::counted::counted_as(lines.len(), "opportunity", "opportunities"),
        crate::foundation::counted::counted(rounds, "round"),
        lines
            .iter()
            .map(|l| {
                let movement = l.movement();
                format!(
                    "{}: {}",
                    l.id,
                    if movement.is_empty() {
                        "not ranked"
                    } else {
                        &movement
                    }
                )
            })
            .collect::<Vec<_>>()
            .join("; ")
    )
}

/// The rows the backlog editor counts as filled in: those with a title.
pub fn titled(rows: &[Opportunity]) -> Vec<Opportunity> {
    rows.iter()
        .filter(|o| !o.title.trim().is_empty())
        .cloned()
        .collect()
}

/// The rows an import keeps: every row with anything typed in it (a title, a type, a
/// description, evidence or an effort), so nothing typed is lost; only blank rows go, which also
/// frees their placeholder ids for the imported opportunities.
pub fn typed_rows(rows: &[Opportunity]) -> Vec<Opportunity> {
    rows.iter()
        .filter(|o| {
            ![&o.title, &o.kind, &o.description]
                .iter()
                .all(|text| text.trim().is_empty())
                || o.evidence.iter().any(|line| !line.trim().is_empty())
                || o.effort.is_some()
        })
        .cloned()
        .collect()
}

/// The backlog a new session takes from the editor: every row with a title or a description.
pub fn backlog_of(rows: &[Opportunity]) -> Vec<Opportunity> {
    rows.iter()
        .filter(|o| !(o.title.trim().is_empty() && o.description.trim().is_empty()))
        .cloned()
        .collect()
}

/// Evidence typed one per line: trimmed, blank lines dropped.
pub fn evidence_lines(text: &str) -> Vec<String> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(String::from)
        .collect()
}

/// Whether `filled` opportunities are debated or ranked by score, in a sentence.
pub fn debate_line(filled: usize, threshold: usize) -> String {
    if debate_by_default(filled, threshold) {
        format!("{filled} opportunities, more than {threshold}: the partners debate them.")
    } else {
        format!("{filled} opportunities, {threshold} or fewer: ranked by the plain score (RICE, else evidence per effort) with no model call, unless you ask for a debate.")
    }
}
