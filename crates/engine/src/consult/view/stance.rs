//! The stance matrix: each panelist against each consensus point and tension of round 2, with who
//! supported it, who challenged whom on it in round 3, and whose challenge was rebutted.
//!
//! Round 3 challenges name the panelist they target, not a point, so a challenge counts against a
//! column through its target: on a consensus point when the target supports it and the challenger
//! does not; on a tension when the target holds a view in it. A challenge is rebutted when its
//! target defended itself in round 3.
use crate::foundation::ids::ParticipantId;
use crate::record::consult::artifacts::{Challenge, Rebuttal};
use crate::record::consult::body::ConsultBody;
use crate::record::Session;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColumnKind {
    Consensus,
    Tension,
}

#[derive(Clone, Debug, PartialEq)]
pub struct StanceColumn {
    pub kind: ColumnKind,
    /// The consensus point or the tension's topic.
    pub title: String,
    /// The title cut to a few words for the compact header (the full title is on demand).
    pub short: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StanceKind {
    /// Among a consensus point's supporters.
    Supported,
    /// Stated a viewpoint in a tension.
    HeldView,
    /// Challenged a panelist on it.
    Challenged,
    /// Was challenged on it.
    ChallengedBy,
    /// Its challenge was answered by the target's defence.
    RebuttedBy,
    /// Gave no usable answer: took no part.
    Absent,
}

impl StanceKind {
    /// A class name for the view (the text says the same, so colour is never alone).
    pub fn name(self) -> &'static str {
        match self {
            StanceKind::Supported => "supported",
            StanceKind::HeldView => "held-view",
            StanceKind::Challenged => "challenged",
            StanceKind::ChallengedBy => "challenged-by",
            StanceKind::RebuttedBy => "rebutted-by",
            StanceKind::Absent => "absent",
        }
    }

    /// The compact matrix's icon (the legend and a hidden word say what it means).
    pub fn icon(self) -> &'static str {
        match self {
            StanceKind::Supported => "✓",
            StanceKind::HeldView => "◆",
            StanceKind::Challenged => "⚔",
            StanceKind::ChallengedBy => "⚑",
            StanceKind::RebuttedBy => "↩",
            StanceKind::Absent => "∅",
        }
    }

    /// What the icon means, in the legend: "supported", "challenged someone", …
    pub fn meaning(self) -> &'static str {
        match self {
            StanceKind::Supported => "supported",
            StanceKind::HeldView => "held a view",
            StanceKind::Challenged => "challenged someone",
            StanceKind::ChallengedBy => "was challenged",
            StanceKind::RebuttedBy => "challenge rebutted",
            StanceKind::Absent => "absent",
        }
    }

    pub const ALL: [StanceKind; 6] = [
        StanceKind::Supported,
        StanceKind::HeldView,
        StanceKind::Challenged,
        StanceKind::ChallengedBy,
        StanceKind::RebuttedBy,
        StanceKind::Absent,
    ];
}

#[derive(Clone, Debug, PartialEq)]
pub struct StanceMark {
    pub kind: StanceKind,
    /// "supported", "held a view: …", "challenged Panelist 3", "rebutted by Panelist 3", …
    pub text: String,
    /// How many panelists it names (1 for supported, held a view and absent): the icon's count.
    pub count: usize,
}

#[derive(Clone, Debug, PartialEq)]
pub struct StanceRow {
    pub panelist_id: ParticipantId,
    pub label: String,
    /// One cell per column, each with its marks in the order above; empty when it took no stance.
    pub cells: Vec<Vec<StanceMark>>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct StanceMatrix {
    pub columns: Vec<StanceColumn>,
    pub rows: Vec<StanceRow>,
}

/// The matrix of `session` once round 2 is in (round 3 adds the challenges), in panel order.
pub fn stance_matrix(session: &Session) -> Option<StanceMatrix> {
    let body = session.body_of::<ConsultBody>()?;
    let synthesis = body.round2.as_ref()?;
    let (challenges, rebuttals) = body.round3.as_ref().map_or((&[][..], &[][..]), |c| {
        (&c.challenges[..], &c.rebuttals[..])
    });
    let label = |id: &str| session.label_of(id);

    // Each column with who is in it: a point's supporters, a tension's viewpoint holders.
    let mut columns = Vec::new();
    let mut members: Vec<Vec<(ParticipantId, Option<String>)>> = Vec::new();
    for point in &synthesis.consensus_points {
        columns.push(StanceColumn {
            kind: ColumnKind::Consensus,
            title: point.point.clone(),
            short: short_title(&point.point),
        });
        members.push(
            point
                .supporting_agents
                .iter()
                .map(|a| (a.clone(), None))
                .collect(),
        );
    }
    for tension in &synthesis.tensions {
        columns.push(StanceColumn {
            kind: ColumnKind::Tension,
            title: tension.topic.clone(),
            short: short_title(&tension.topic),
        });
        members.push(
            tension
                .viewpoints
                .iter()
                .map(|v| (v.agent.clone(), Some(v.viewpoint.clone())))
                .collect(),
        );
    }

    let rows = body
        .config
        .panelists
        .iter()
        .map(|panelist| {
            let id = panelist.id.as_str();
            let answered = body.round1.iter().any(|a| a.agent_id == id);
            let cells = columns
                .iter()
                .zip(&members)
                .map(|(column, members)| {
                    if !answered {
                        return vec![mark(StanceKind::Absent, "absent".into())];
                    }
                    cell(id, column.kind, members, (challenges, rebuttals), &label)
                })
                .collect();
            StanceRow {
                panelist_id: id.into(),
                label: panelist.label.clone(),
                cells,
            }
        })
        .collect();
    Some(StanceMatrix { columns, rows })
}

fn mark(kind: StanceKind, text: String) -> StanceMark {
    StanceMark {
        kind,
        text,
        count: 1,
    }
}

fn counted(kind: StanceKind, text: String, count: usize) -> StanceMark {
    StanceMark { kind, text, count }
}

/// The most characters a compact header keeps.
const SHORT_TITLE: usize = 28;

/// A column's title cut at a word to fit a compact header: "The team's inexperience with Rust
/// is…" keeps its first words and an ellipsis.
pub fn short_title(title: &str) -> String {
    let title = title.trim().trim_end_matches('.');
    if title.chars().count() <= SHORT_TITLE {
        return title.to_string();
    }
    let cut: String = title.chars().take(SHORT_TITLE).collect();
    let kept = cut.rsplit_once(' ').map_or(cut.as_str(), |(kept, _)| kept);
    format!("{}…", kept.trim_end_matches([',', ';', ':']))
}

fn cell(
    id: &str,
    kind: ColumnKind,
    members: &[(ParticipantId, Option<String>)],
    (challenges, rebuttals): (&[Challenge], &[Rebuttal]),
    label: &dyn Fn(&str) -> String,
) -> Vec<StanceMark> {
    let member = |agent: &str| members.iter().find(|(a, _)| a == agent);
    // A challenge is about this column when its target is in it, and, on a consensus point, its
    // challenger is not (challenging a point one supports is not a stance against it).
    let on_column = |c: &Challenge| {
        member(c.target_agent.as_str()).is_some()
            && (kind == ColumnKind::Tension || member(c.challenger.as_str()).is_none())
    };
    let defended = |agent: &str| rebuttals.iter().any(|r| r.agent == agent);
    let mut marks = Vec::new();
    match (member(id), kind) {
        (Some(_), ColumnKind::Consensus) => {
            marks.push(mark(StanceKind::Supported, "supported".into()))
        }
        (Some((_, viewpoint)), ColumnKind::Tension) => marks.push(mark(
            StanceKind::HeldView,
            format!("held: {}", viewpoint.as_deref().unwrap_or_default()),
        )),
        (None, _) => {}
    }
    let challenges: Vec<&Challenge> = challenges.iter().filter(|c| on_column(c)).collect();
    let mine: Vec<&&Challenge> = challenges.iter().filter(|c| c.challenger == id).collect();
    if !mine.is_empty() {
        let (targets, count) = names(mine.iter().map(|c| c.target_agent.as_str()), label);
        marks.push(counted(
            StanceKind::Challenged,
            format!("challenged {targets}"),
            count,
        ));
    }
    let against: Vec<&&Challenge> = challenges.iter().filter(|c| c.target_agent == id).collect();
    if !against.is_empty() {
        let (challengers, count) = names(against.iter().map(|c| c.challenger.as_str()), label);
        marks.push(counted(
            StanceKind::ChallengedBy,
            format!("challenged by {challengers}"),
            count,
        ));
    }
    let rebutted: Vec<&str> = mine
        .iter()
        .map(|c| c.target_agent.as_str())
        .filter(|target| defended(target))
        .collect();
    if !rebutted.is_empty() {
        let (by, count) = names(rebutted.into_iter(), label);
        marks.push(counted(
            StanceKind::RebuttedBy,
            format!("rebutted by {by}"),
            count,
        ));
    }
    marks
}

/// Labels of `ids`, each once, in order, and how many there are.
fn names<'a>(
    ids: impl Iterator<Item = &'a str>,
    label: &dyn Fn(&str) -> String,
) -> (String, usize) {
    let mut seen: Vec<&str> = Vec::new();
    for id in ids {
        if !seen.contains(&id) {
            seen.push(id);
        }
    }
    let count = seen.len();
    (
        seen.into_iter().map(label).collect::<Vec<_>>().join(", "),
        count,
    )
}
