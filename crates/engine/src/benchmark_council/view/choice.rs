//! "Which council to keep" as the results page and the HTML report show it, after the arms: four
//! sections (the co-failure ceiling, each member's worth, how alike their errors are, the smallest
//! council that holds), each one sentence and a table of rows that read as cards on a phone, and
//! the member ids behind "Keep this council". Below `MIN_QUESTIONS` one sentence says "not enough
//! questions to tell" in place of the four, and no figure shows; no figure is shown without its
//! interval.
use consilium_stats::{wilson_interval, Interval, Z_95};

use crate::benchmark::council_choice::alike::ErrorPair;
use crate::benchmark::council_choice::panel::{positions, Members, VoteScore};
use crate::benchmark::council_choice::worth::MemberWorth;
use crate::benchmark::council_choice::{CouncilChoice, EffectiveVotes, MIN_QUESTIONS};
use crate::benchmark::headline::p_value_text;
use crate::benchmark::results::Comparison;
use crate::foundation::ids::ParticipantId;
use crate::foundation::money::format_usd;
use crate::foundation::words::and_list;

use crate::benchmark_council::view::results::{percent, signed_points};
use crate::record::consult::config::ConsultConfig;
use crate::views::seats::KeptCouncil;
use serde::{Deserialize, Serialize};

pub const CEILING_COLUMNS: &[&str] = &["", "Score", "95% interval", "Right"];
pub const WORTH_COLUMNS: &[&str] = &[
    "Panelist",
    "Vote without it",
    "Change from the full vote",
    "McNemar p",
    "Only one right",
    "Reading",
];
pub const PAIR_COLUMNS: &[&str] = &[
    "Pair",
    "Error correlation (phi)",
    "Wrong together",
    "Both wrong",
    "Either wrong",
];
pub const SMALLEST_COLUMNS: &[&str] = &[
    "Vote",
    "Panelists",
    "Score",
    "95% interval",
    "Cost per correct",
];

/// A section's column names, owned: a view crosses from the run's worker to the page.
fn columns(names: &[&str]) -> Vec<String> {
    names.iter().map(|name| name.to_string()).collect()
}

/// One row: its heading cell, then one cell per further column.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ChoiceRow {
    pub heading: String,
    pub cells: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ChoiceSection {
    pub title: String,
    /// What the section says, in words (empty under a `refusal`).
    pub sentence: String,
    /// How to read it: definitions, which interval.
    pub note: Option<String>,
    /// The heading column's name first, then the cells'.
    pub columns: Vec<String>,
    /// Empty when there are not enough questions.
    pub rows: Vec<ChoiceRow>,
}

/// The error correlations as a small matrix (member by member), for wide screens.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PhiMatrix {
    pub members: Vec<String>,
    /// `cells[i][j]`: phi of members i and j as text; "—" on the diagonal or when undefined.
    pub cells: Vec<Vec<String>>,
}

/// What "Keep this council" saves: the panelists of the smallest council that holds (the judge
/// stays the council's).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct KeepCouncil {
    pub participant_ids: Vec<ParticipantId>,
    /// Those panelists and the council's judge, as the button saves them (`with_council`); None
    /// for one panelist (a consult needs two: ask that model directly).
    pub council: Option<KeptCouncil>,
    /// "Keep gpt-4o and llama3".
    pub label: String,
    /// The demo's scripted council: the button only says what it would do.
    pub demo: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CouncilChoiceView {
    /// What the figures stand on: "From the round-1 answers the 3 panelists gave to 200 questions…".
    pub intro: String,
    pub enough_questions: bool,
    /// Too few questions, or one panelist: the one sentence shown in place of the sections
    /// (saying it once, not under each of the four titles).
    pub refusal: Option<String>,
    pub ceiling: ChoiceSection,
    pub worth: ChoiceSection,
    pub alike: ChoiceSection,
    /// `None` below the minimum.
    pub phi_matrix: Option<PhiMatrix>,
    pub smallest: ChoiceSection,
    pub keep: Option<KeepCouncil>,
}

const CEILING_NOTE: &str = "No vote, router or pick among the panelists' round-1 answers can be \
right where every one of them was wrong. The ceiling's interval is exact (Clopper-Pearson) and the \
bound quoted is its lower end, so the room it leaves above the council is never overstated; the \
scores' intervals are Wilson's, as in the arms' table.";
const WORTH_NOTE: &str = "Each panelist left out in turn: the round-1 vote of the others (same \
rule: answers grouped by the grader, ties to the earlier panelist) against the full vote, paired \
as in the table of arms. \"Only one right\": the questions it alone got right.";
const ALIKE_NOTE: &str = "Wrong together: of the questions at least one of the two got wrong, the \
share both got wrong (95% Wilson interval). Phi: the correlation of their errors, from -1 (never \
wrong together) through 0 (unrelated) to 1 (always wrong together), with Fisher's approximate 95% \
interval. Two panelists often wrong together out-vote a third that is right.";
const SMALLEST_NOTE: &str = "Every smaller set of panelists, voting on the answers they already \
gave (no new call): the smallest whose vote is not clearly worse than the full vote (the \
bootstrap interval and the exact McNemar test must both say so to count as worse), then the most \
accurate, then the cheapest per correct answer.";

/// The sections of `choice`.
pub fn council_choice_view(choice: &CouncilChoice) -> CouncilChoiceView {
    let names: Vec<String> = choice.members.iter().map(|m| m.name.clone()).collect();
    let panelists = plural(choice.members.len() as u64, "panelist");
    let mut intro = format!(
        "From the round-1 answers of the {panelists} on the {} every one of them answered: no new call.",
        plural(choice.questions, "question")
    );
    if let Some(effective) = choice
        .effective_votes
        .filter(|_| choice.enough_questions() && choice.members.len() > 1)
    {
        intro.push_str(&format!(
            " {}",
            effective_votes_words(choice.members.len(), effective)
        ));
    }
    let refusal = if choice.members.len() < 2 {
        Some("One panelist: there is no smaller council to choose.".to_string())
    } else if !choice.enough_questions() {
        Some(format!(
            "Not enough questions to tell which council to keep: the best any combination could \
             do, each panelist's worth, how alike their errors are and the smallest council that \
             holds need at least {MIN_QUESTIONS} questions answered by every panelist, and there {} \
             so far.",
            if choice.questions == 1 {
                "is 1".to_string()
            } else {
                format!("are {}", choice.questions)
            }
        ))
    } else {
        None
    };
    if refusal.is_some() {
        let empty = |title: &str, note: Option<String>, names: &[&str]| ChoiceSection {
            title: title.to_string(),
            sentence: String::new(),
            note,
            columns: columns(names),
            rows: Vec::new(),
        };
        return CouncilChoiceView {
            intro,
            enough_questions: false,
            refusal,
            ceiling: empty(CEILING_TITLE, None, CEILING_COLUMNS),
            worth: empty(WORTH_TITLE, None, WORTH_COLUMNS),
            alike: empty(ALIKE_TITLE, None, PAIR_COLUMNS),
            phi_matrix: None,
            smallest: empty(SMALLEST_TITLE, None, SMALLEST_COLUMNS),
            keep: None,
        };
    }
    CouncilChoiceView {
        intro,
        enough_questions: true,
        refusal: None,
        ceiling: ceiling_section(choice),
        worth: worth_section(choice, &names),
        alike: alike_section(choice, &names),
        phi_matrix: Some(phi_matrix(choice, &names)),
        smallest: smallest_section(choice, &names),
        keep: keep_council(choice, &names),
    }
}

const CEILING_TITLE: &str = "The best any combination could do";
const WORTH_TITLE: &str = "Each panelist's worth to the vote";
const ALIKE_TITLE: &str = "How alike their errors are";
const SMALLEST_TITLE: &str = "The smallest council that holds";

fn ceiling_section(choice: &CouncilChoice) -> ChoiceSection {
    let ceiling = &choice.ceiling;
    let council = choice.council_correct as f64 / choice.questions as f64;
    let vote = choice.full_vote.accuracy();
    let beside = if council > ceiling.ceiling {
        format!(
            "The council scored {}, above it: its debate found answers no panelist gave in round 1; \
             the round-1 vote scored {}.",
            percent(council),
            percent(vote)
        )
    } else {
        format!(
            "The council scored {} and the round-1 vote {}.",
            percent(council),
            percent(vote)
        )
    };
    let sentence = format!(
        "The best any combination of these models could do here is {} (95% bound {}): every \
         panelist was wrong on {} of {}. {beside}",
        percent(ceiling.ceiling),
        percent(ceiling.interval.low),
        ceiling.all_wrong,
        plural(ceiling.questions, "question"),
    );
    let some_right = ceiling.questions - ceiling.all_wrong;
    let row = |heading: &str, accuracy: f64, interval: Interval, right: u64| ChoiceRow {
        heading: heading.to_string(),
        cells: vec![
            percent(accuracy),
            interval_text(interval),
            format!("{right} of {}", choice.questions),
        ],
    };
    ChoiceSection {
        title: CEILING_TITLE.to_string(),
        sentence,
        note: Some(CEILING_NOTE.to_string()),
        columns: columns(CEILING_COLUMNS),
        rows: vec![
            row(
                "Ceiling (some panelist right)",
                ceiling.ceiling,
                ceiling.interval,
                some_right,
            ),
            row(
                "Council",
                council,
                wilson_interval(choice.council_correct, choice.questions, Z_95),
                choice.council_correct,
            ),
            row(
                "Round-1 vote",
                vote,
                choice.full_vote.interval(),
                choice.full_vote.correct(),
            ),
        ],
    }
}

/// "The vote needs it", "Better without it" or "No clear difference", by the headline's rule.
fn worth_reading(against_full: &Comparison) -> &'static str {
    if against_full.council_worse() {
        "The vote needs it"
    } else if against_full.council_better() {
        "The vote is better without it"
    } else {
        "No clear difference"
    }
}

fn worth_section(choice: &CouncilChoice, names: &[String]) -> ChoiceSection {
    let rows = choice
        .worth
        .iter()
        .map(|worth| ChoiceRow {
            heading: names[worth.member].clone(),
            cells: vec![
                score_text(&worth.without),
                change_text(&worth.against_full),
                p_value_text(worth.against_full.mcnemar_p),
                format!(
                    "{}, {} ({})",
                    plural(worth.only_right, "question"),
                    percent(worth.only_right as f64 / choice.questions as f64),
                    interval_text(worth.only_right_interval)
                ),
                worth_reading(&worth.against_full).to_string(),
            ],
        })
        .collect();
    ChoiceSection {
        title: WORTH_TITLE.to_string(),
        sentence: worth_sentence(&choice.worth, names),
        note: Some(WORTH_NOTE.to_string()),
        columns: columns(WORTH_COLUMNS),
        rows,
    }
}

fn worth_sentence(worth: &[MemberWorth], names: &[String]) -> String {
    let needed: Vec<&MemberWorth> = worth
        .iter()
        .filter(|w| w.against_full.council_worse())
        .collect();
    // The member whose absence costs the vote most, among those it clearly needs.
    let Some(most) = needed.iter().min_by(|a, b| {
        a.against_full
            .difference
            .total_cmp(&b.against_full.difference)
    }) else {
        return "No panelist is clearly needed: without any one of them the vote is not clearly \
                worse."
            .into();
    };
    let others = if needed.len() > 1 {
        format!(
            " It also needs {}.",
            and_list(
                &needed
                    .iter()
                    .filter(|w| w.member != most.member)
                    .map(|w| names[w.member].clone())
                    .collect::<Vec<_>>()
            )
        )
    } else {
        String::new()
    };
    format!(
        "Without {} the vote scores {} ({}), {} than the full vote ({}, {}): the vote needs it; \
         it alone was right on {}.{others}",
        names[most.member],
        percent(most.without.accuracy()),
        interval_text(most.without.interval()),
        difference_words(most.against_full.difference),
        interval_words(&most.against_full),
        p_clause(most.against_full.mcnemar_p),
        plural(most.only_right, "question"),
    )
}

fn alike_section(choice: &CouncilChoice, names: &[String]) -> ChoiceSection {
    let rows = choice
        .error_pairs
        .iter()
        .map(|pair| ChoiceRow {
            heading: pair_name(pair, names),
            cells: vec![
                match (pair.phi, pair.phi_interval) {
                    (Some(phi), Some(interval)) => format!(
                        "{} ({} to {})",
                        decimal(phi),
                        decimal(interval.low),
                        decimal(interval.high)
                    ),
                    _ => "— (one of them was always or never wrong)".into(),
                },
                match pair.wrong_together() {
                    Some((share, interval)) => {
                        format!("{} ({})", percent(share), interval_text(interval))
                    }
                    None => "— (neither was ever wrong)".into(),
                },
                pair.errors.both.to_string(),
                pair.either_wrong().to_string(),
            ],
        })
        .collect();
    let most_alike = choice
        .error_pairs
        .iter()
        .filter_map(|pair| Some((pair, pair.wrong_together()?)))
        .max_by(|a, b| a.1 .0.total_cmp(&b.1 .0));
    let sentence = match most_alike {
        Some((pair, (share, interval))) => format!(
            "{} are wrong together {} of the time either is wrong ({} of {}; 95% CI {}), the most \
             alike of the pairs.",
            pair_name(pair, names),
            percent(share),
            pair.errors.both,
            plural(pair.either_wrong(), "question"),
            interval_text(interval),
        ),
        None => "No panelist was ever wrong: there are no errors to compare.".into(),
    };
    ChoiceSection {
        title: ALIKE_TITLE.to_string(),
        sentence,
        note: Some(ALIKE_NOTE.to_string()),
        columns: columns(PAIR_COLUMNS),
        rows,
    }
}

fn phi_matrix(choice: &CouncilChoice, names: &[String]) -> PhiMatrix {
    let size = names.len();
    let mut cells = vec![vec!["—".to_string(); size]; size];
    for pair in &choice.error_pairs {
        if let Some(phi) = pair.phi {
            cells[pair.first][pair.second] = decimal(phi);
            cells[pair.second][pair.first] = decimal(phi);
        }
    }
    PhiMatrix {
        members: names.to_vec(),
        cells,
    }
}

fn smallest_section(choice: &CouncilChoice, names: &[String]) -> ChoiceSection {
    let everyone = and_list(names);
    let full_row = ChoiceRow {
        heading: "Full vote".into(),
        cells: vote_cells(&everyone, &choice.full_vote),
    };
    let Some(smallest) = &choice.smallest else {
        return ChoiceSection {
            title: SMALLEST_TITLE.to_string(),
            sentence: format!(
                "Every smaller council is clearly worse than the vote of all {}: keep them all.",
                names.len()
            ),
            note: Some(SMALLEST_NOTE.to_string()),
            columns: columns(SMALLEST_COLUMNS),
            rows: vec![full_row],
        };
    };
    let members = member_names(smallest.members, names);
    let (holds, scores) = if smallest.size() == 1 {
        ("holds", "its answers score")
    } else {
        ("hold", "their vote scores")
    };
    let cost = match (
        smallest.vote.cost_per_correct(),
        choice.full_vote.cost_per_correct(),
    ) {
        (Some(mine), Some(full)) => format!(
            ", at {} per correct answer against the full vote's {}",
            format_usd(mine),
            format_usd(full)
        ),
        _ => String::new(),
    };
    let sentence = format!(
        "{members} alone {holds}: {scores} {} ({}), {} than the full vote ({}, {}), not clearly \
         worse{cost}.",
        percent(smallest.vote.accuracy()),
        interval_text(smallest.vote.interval()),
        difference_words(smallest.against_full.difference),
        interval_words(&smallest.against_full),
        p_clause(smallest.against_full.mcnemar_p),
    );
    ChoiceSection {
        title: SMALLEST_TITLE.to_string(),
        sentence,
        note: Some(SMALLEST_NOTE.to_string()),
        columns: columns(SMALLEST_COLUMNS),
        rows: vec![
            ChoiceRow {
                heading: "This council".into(),
                cells: vote_cells(&members, &smallest.vote),
            },
            full_row,
        ],
    }
}

fn keep_council(choice: &CouncilChoice, names: &[String]) -> Option<KeepCouncil> {
    let smallest = choice.smallest.as_ref()?;
    Some(KeepCouncil {
        participant_ids: choice.keep()?,
        council: None,
        label: format!("Keep {}", member_names(smallest.members, names)),
        demo: false,
    })
}

fn vote_cells(members: &str, vote: &VoteScore) -> Vec<String> {
    vec![
        members.to_string(),
        format!(
            "{} ({} of {})",
            percent(vote.accuracy()),
            vote.correct(),
            vote.questions()
        ),
        interval_text(vote.interval()),
        vote.cost_per_correct()
            .map(format_usd)
            .unwrap_or_else(|| "—".into()),
    ]
}

fn member_names(members: Members, names: &[String]) -> String {
    and_list(
        &positions(members)
            .map(|i| names[i].clone())
            .collect::<Vec<_>>(),
    )
}

fn pair_name(pair: &ErrorPair, names: &[String]) -> String {
    format!("{} and {}", names[pair.first], names[pair.second])
}

/// "85% (80% to 89%)".
fn score_text(vote: &VoteScore) -> String {
    format!(
        "{} ({})",
        percent(vote.accuracy()),
        interval_text(vote.interval())
    )
}

/// "-3 points (-6 points to 0 points)".
fn change_text(comparison: &Comparison) -> String {
    format!(
        "{} ({} to {})",
        signed_points(comparison.difference),
        signed_points(comparison.interval.low),
        signed_points(comparison.interval.high)
    )
}

/// "95% CI -6 to 0 points".
fn interval_words(comparison: &Comparison) -> String {
    let low = (comparison.interval.low * 100.0).round() + 0.0;
    let sign = if low > 0.0 { "+" } else { "" };
    format!(
        "95% CI {sign}{low:.0} to {}",
        signed_points(comparison.interval.high)
    )
}

/// "2 points lower", "1 point higher", "no lower".
fn difference_words(difference: f64) -> String {
    let points = (difference * 100.0).round();
    let unit = |n: f64| if n == 1.0 { "point" } else { "points" };
    if points < 0.0 {
        format!("{} {} lower", -points, unit(-points))
    } else if points > 0.0 {
        format!("{points} {} higher", unit(points))
    } else {
        "no lower".into()
    }
}

fn p_clause(p: f64) -> String {
    let text = p_value_text(p);
    if text.starts_with('<') {
        format!("McNemar p {text}")
    } else {
        format!("McNemar p = {text}")
    }
}

/// "80% to 89%".
fn interval_text(interval: Interval) -> String {
    format!("{} to {}", percent(interval.low), percent(interval.high))
}

/// "3 panelists, about 1.4 independent votes: …", beside the panel's size.
fn effective_votes_words(size: usize, effective: EffectiveVotes) -> String {
    let votes = (effective.votes * 10.0).round() / 10.0;
    format!(
        "The {size} panelists cast about {votes:.1} independent votes: their errors' mean \
         correlation is {} (effective votes = n / (1 + (n - 1) × that mean, below 0 taken as 0)).",
        decimal(effective.mean_correlation)
    )
}

/// "0.62", "-0.25"; never "-0.00".
fn decimal(value: f64) -> String {
    let rounded = (value * 100.0).round() / 100.0 + 0.0;
    format!("{rounded:.2}")
}

fn plural(count: u64, noun: &str) -> String {
    if count == 1 {
        format!("1 {noun}")
    } else {
        format!("{count} {noun}s")
    }
}

impl CouncilChoiceView {
    /// The view with what "Keep this council" saves: the smallest council's panelists (in panel
    /// order) and the judge, from the benchmark's council; nothing for a council of one.
    pub fn with_council(mut self, council: &ConsultConfig) -> Self {
        if let Some(keep) = self.keep.as_mut() {
            keep.demo = council.demo;
        }
        if let Some(keep) = self.keep.as_mut().filter(|k| k.participant_ids.len() >= 2) {
            let panelists = council
                .panelists
                .iter()
                .filter(|p| keep.participant_ids.contains(&p.id))
                .cloned()
                .collect();
            keep.council = Some(KeptCouncil {
                panelists,
                judge: council.judge.clone(),
            });
        }
        self
    }
}
