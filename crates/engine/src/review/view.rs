//! Review as people read it: the fix items grouped by file with the diff lines they cite, the
//! committee grid (persona x round), the deliberation log with the chairperson's mediation, which
//! rounds show live calls while it runs, and, before a start, the size of the change and who sits.
use crate::foundation::ids::ParticipantId;
use crate::record::review::body::ReviewBody;
use crate::record::review::body::{Compromise, Finding, ReviewRound, Verdict, MAX_CODE_CHARS};
use crate::record::sources::Source;
use crate::record::Session;
use crate::review::context_files::as_the_committee_reads;
use crate::review::diff::{LineKind, ParsedDiff};
use crate::views::material::{quote_row, source_rows, QuoteRow, SourceRow};
use crate::{record::review::committee::ReviewerRole, review::committee::ChangeSize};

/// A member's name ("Operations/SRE") from its seat id, or the id when it names no role.
pub fn member_name(id: &str) -> String {
    ReviewerRole::from_id(id).map_or_else(|| id.to_string(), |r| r.name().to_string())
}

/// One finding as its card shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct FindingCard {
    pub finding: Finding,
    /// "verified" or "not checked against the diff".
    pub status: &'static str,
    /// "committee", "secret scan" or "a member who abstained (asks for no change on its own)".
    pub source: &'static str,
    /// "Line 4" or "Lines 3–5".
    pub lines: String,
    /// The diff lines it cites, one per line ("    3 + text"); empty when the diff has none.
    pub cited: String,
    /// Its quotes of the context files, each checked, with its mark and passage.
    pub quotes: Vec<QuoteRow>,
}

impl FindingCard {
    /// `read`: the context files as the committee read them (`context_files::as_the_committee_reads`).
    pub fn new(finding: &Finding, diff: &ParsedDiff, read: &[Source]) -> Self {
        let item = &finding.item;
        let cited = diff
            .file(&item.path)
            .map(|f| f.lines_between(item.line_start, item.line_end))
            .unwrap_or_default()
            .into_iter()
            .map(|l| {
                let mark = match l.kind {
                    LineKind::Added => '+',
                    LineKind::Removed => '-',
                    LineKind::Context => ' ',
                };
                format!("{:>5} {mark} {}\n", l.number, l.text)
            })
            .collect();
        Self {
            status: if finding.verified {
                "verified"
            } else {
                "not checked against the diff"
            },
            source: if finding.from_scan {
                "secret scan"
            } else if finding.abstained {
                "a member who abstained (asks for no change on its own)"
            } else {
                "committee"
            },
            lines: line_words(item.line_start, item.line_end),
            cited,
            quotes: item
                .citations
                .iter()
                .map(|citation| quote_row(read, citation))
                .collect(),
            finding: finding.clone(),
        }
    }
}

/// The verdict's fix items of one file.
#[derive(Clone, Debug, PartialEq)]
pub struct FileFindings {
    pub path: String,
    pub findings: Vec<FindingCard>,
}

/// The verdict's fix items grouped by file, files in path order, items in the verdict's order.
pub fn fix_items_by_file(
    verdict: Option<&Verdict>,
    diff: &ParsedDiff,
    read: &[Source],
) -> Vec<FileFindings> {
    let items = verdict.map(|v| v.fix_items.as_slice()).unwrap_or_default();
    let mut paths: Vec<&str> = items.iter().map(|f| f.item.path.as_str()).collect();
    consilium_order::sort(&mut paths);
    paths.dedup();
    paths
        .into_iter()
        .map(|path| FileFindings {
            path: path.to_string(),
            findings: items
                .iter()
                .filter(|f| f.item.path == path)
                .map(|f| FindingCard::new(f, diff, read))
                .collect(),
        })
        .collect()
}

/// "Line 4", or "Lines 3–5" for a range.
pub fn line_words(start: u32, end: u32) -> String {
    if end <= start {
        format!("Line {start}")
    } else {
        format!("Lines {start}–{end}")
    }
}

/// The verdict as people say it: "Approved", "Changes requested", "Inconclusive" (its code name
/// stays in the record and under Details).
pub fn verdict_words(verdict: crate::record::review::body::ReviewVerdict) -> &'static str {
    use crate::record::review::body::ReviewVerdict;
    match verdict {
        ReviewVerdict::Approved => "Approved",
        ReviewVerdict::RequestChanges => "Changes requested",
        ReviewVerdict::Inconclusive => "Inconclusive",
    }
}

/// A member's vote as people say it, from its code name: "Agrees", "Veto", "Wants debate",
/// "Abstains".
pub fn vote_words(vote: &str) -> &'static str {
    match vote {
        "SYNTHESIS" => "Agrees",
        "VETO" => "Veto",
        "DEBATE" => "Wants debate",
        "ABSTAIN" => "Abstains",
        _ => "Unknown",
    }
}

/// One member's opinion in one round.
#[derive(Clone, Debug, PartialEq)]
pub struct GridCell {
    /// The vote counted ("ABSTAIN" when the confidence was below the threshold).
    pub vote: &'static str,
    /// " 80%", or empty when the member gave no confidence.
    pub confidence: String,
    /// " (said SYNTHESIS)" when the vote counted differs from what the member said.
    pub said: Option<String>,
    pub opinion: String,
    pub note: Option<String>,
    pub findings: Vec<FindingCard>,
}

/// One member's row: its name and a cell per round (None: no opinion on record that round).
#[derive(Clone, Debug, PartialEq)]
pub struct GridRow {
    pub member_id: ParticipantId,
    pub name: String,
    pub cells: Vec<Option<GridCell>>,
}

/// The committee grid: a column per round, a row per member (in the session's order).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CommitteeGrid {
    /// "Round 1", "Round 2", ...
    pub columns: Vec<String>,
    pub rows: Vec<GridRow>,
}

/// The grid's column headings: "Round 1", "Round 2", ...
pub fn round_columns(rounds: &[ReviewRound]) -> Vec<String> {
    rounds
        .iter()
        .map(|r| format!("Round {}", r.number))
        .collect()
}

/// The grid of `members` (participant ids, in the session's order) over `rounds`.
pub fn committee_grid(
    members: &[ParticipantId],
    rounds: &[ReviewRound],
    diff: &ParsedDiff,
    read: &[Source],
) -> CommitteeGrid {
    CommitteeGrid {
        columns: round_columns(rounds),
        rows: members
            .iter()
            .map(|member| GridRow {
                member_id: member.clone(),
                name: member_name(member.as_str()),
                cells: rounds
                    .iter()
                    .map(|round| grid_cell(round, member.as_str(), diff, read))
                    .collect(),
            })
            .collect(),
    }
}

fn grid_cell(
    round: &ReviewRound,
    member: &str,
    diff: &ParsedDiff,
    read: &[Source],
) -> Option<GridCell> {
    let opinion = round.opinions.iter().find(|o| o.member_id == member)?;
    Some(GridCell {
        vote: opinion.vote.label(),
        confidence: opinion
            .confidence
            .map(|c| format!(" {:.0}%", c * 100.0))
            .unwrap_or_default(),
        said: opinion
            .said
            .filter(|s| *s != opinion.vote)
            .map(|s| format!(" (said {})", s.label())),
        opinion: opinion.opinion.clone(),
        note: opinion.note.clone(),
        findings: opinion
            .findings
            .iter()
            .map(|f| FindingCard::new(f, diff, read))
            .collect(),
    })
}

/// A vetoer's answer to the compromise, by name.
#[derive(Clone, Debug, PartialEq)]
pub struct MemberAnswer {
    pub name: String,
    pub accept: bool,
    pub reason: String,
}

/// One round of the deliberation log.
#[derive(Clone, Debug, PartialEq)]
pub struct LogRound {
    pub number: u8,
    /// The round's outcome, as the seed names it ("VETO").
    pub outcome: &'static str,
    /// " (amended code, version 2)" for a round on amended code.
    pub amended: Option<String>,
    /// The transitions, joined with " · ".
    pub transitions: String,
    pub majority_abstained: bool,
    /// The chairperson's mediation: the offer and whether it was accepted, or why none was made.
    pub mediation: Option<String>,
    pub answers: Vec<MemberAnswer>,
}

/// "Offer (accepted)" / "Offer (not accepted)", or why no compromise was offered.
pub fn mediation(compromise: &Compromise) -> String {
    match &compromise.offer {
        Some(offer) => format!(
            "{offer} ({})",
            if compromise.accepted {
                "accepted"
            } else {
                "not accepted"
            }
        ),
        None => compromise.why_not.clone().unwrap_or_default(),
    }
}

pub fn deliberation_log(rounds: &[ReviewRound]) -> Vec<LogRound> {
    rounds
        .iter()
        .map(|round| LogRound {
            number: round.number,
            outcome: round.outcome.label(),
            amended: (round.code_version > 0)
                .then(|| format!(" (amended code, version {})", round.code_version)),
            transitions: round.transitions.join(" · "),
            majority_abstained: round.majority_abstained,
            mediation: round.compromise.as_ref().map(mediation),
            answers: round
                .compromise
                .iter()
                .flat_map(|c| &c.answers)
                .map(|a| MemberAnswer {
                    name: member_name(a.member_id.as_str()),
                    accept: a.accept,
                    reason: a.reason.clone(),
                })
                .collect(),
        })
        .collect()
}

/// The rounds whose calls show live while the review runs: the one under way, and the last one
/// done (its compromise calls carry its number).
pub fn live_rounds(rounds: &[ReviewRound]) -> Vec<u8> {
    let done = rounds.len() as u8;
    if done > 0 {
        vec![done, done + 1]
    } else {
        vec![1]
    }
}

/// How a change's size reads: "small", "medium", "large".
pub fn size_word(size: ChangeSize) -> &'static str {
    match size {
        ChangeSize::Low => "small",
        ChangeSize::Medium => "medium",
        ChangeSize::High => "large",
    }
}

/// The line under the change before a review starts: how many files, the size the committee is
/// elected for, and what is wrong with the text (not a diff, too long). None for no text.
pub fn change_summary(code: &str, parsed: &ParsedDiff) -> Option<String> {
    let chars = code.chars().count();
    if chars == 0 {
        return None;
    }
    let files = parsed.files.len();
    let mut text = format!(
        "{}, a {} change: the committee is elected for that size; change it below.",
        crate::foundation::counted::counted(files, "changed file"),
        size_word(ChangeSize::of(files))
    );
    if let Some(notice) = &parsed.notice {
        text = format!("{notice} {text}");
    }
    if chars > MAX_CODE_CHARS {
        text = format!(
            "This change is {chars} characters; a review takes at most {MAX_CODE_CHARS}. {text}"
        );
    }
    Some(text)
}

/// The committee elected for a change of `changed_files` files, each with its seat (`seat(i)` for
/// the i-th member).
pub fn elected_committee<T>(
    changed_files: usize,
    mut seat: impl FnMut(usize) -> T,
) -> Vec<(ReviewerRole, T)> {
    ReviewerRole::elected(ChangeSize::of(changed_files))
        .into_iter()
        .enumerate()
        .map(|(i, role)| (role, seat(i)))
        .collect()
}

/// Seats `role` (`seat(n)` with `n` the members left) or unseats it; the committee stays in the
/// order of [`ReviewerRole::ALL`] whatever the order of the choices.
pub fn choose_member<T>(
    committee: &mut Vec<(ReviewerRole, T)>,
    role: ReviewerRole,
    sits: bool,
    seat: impl FnOnce(usize) -> T,
) {
    committee.retain(|(r, _)| *r != role);
    if sits {
        committee.push((role, seat(committee.len())));
        consilium_order::sort_by_key(committee, |(r, _)| {
            ReviewerRole::ALL.iter().position(|x| x == r)
        });
    }
}

/// A role as the committee picker names it: "Operations / SRE (may veto a hard-coded secret)".
pub fn member_choice(role: ReviewerRole) -> String {
    let veto = role
        .veto_ground()
        .map(|g| format!(" (may veto {g})"))
        .unwrap_or_default();
    format!("{}{veto}", role.name())
}

/// "What the council read" for a review: its context files, and how the quotes of the verdict's
/// fix items checked out. None for a review without context files.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ContextFilesRead {
    pub sources: Vec<SourceRow>,
    /// "3 quotes checked: 2 found, 1 not found in the material"; None when no finding quoted them.
    pub tally: Option<String>,
}

pub fn context_files_read(session: &Session) -> Option<ContextFilesRead> {
    let body = session.body_of::<ReviewBody>()?;
    if body.config.material.is_empty() {
        return None;
    }
    let read = as_the_committee_reads(&body.config.material);
    let seats: Vec<_> = body.config.members.iter().collect();
    let marks: Vec<bool> = body
        .verdict
        .iter()
        .flat_map(|v| v.fix_items.iter())
        .flat_map(|f| f.item.citations.iter())
        .map(|citation| quote_row(&read, citation).mark.is_found())
        .collect();
    Some(ContextFilesRead {
        sources: source_rows(&read, &seats),
        tally: quote_tally(&marks),
    })
}

/// "1 quote checked: found", "3 quotes checked: 2 found, 1 not found in the material".
fn quote_tally(found: &[bool]) -> Option<String> {
    let total = found.len();
    if total == 0 {
        return None;
    }
    let hits = found.iter().filter(|f| **f).count();
    let noun = if total == 1 { "quote" } else { "quotes" };
    let not_found = crate::material::quotes::NOT_FOUND;
    Some(match (hits, total - hits) {
        (_, 0) if total == 1 => format!("1 {noun} checked: found"),
        (_, 0) => format!("{total} {noun} checked: all found"),
        (0, _) if total == 1 => format!("1 {noun} checked: {not_found}"),
        (0, _) => format!("{total} {noun} checked: none found in the material"),
        (hits, missing) => format!("{total} {noun} checked: {hits} found, {missing} {not_found}"),
    })
}

/// The Markdown section of a review's report: the context files the committee read.
pub fn context_files_markdown(session: &Session) -> String {
    let Some(read) = context_files_read(session) else {
        return String::new();
    };
    let mut out = String::from("## What the council read\n\n");
    for row in &read.sources {
        out.push_str(&format!(
            "- **{}** {} ({}, {}, {})\n",
            row.id, row.name, row.kind, row.extent, row.tokens
        ));
    }
    if let Some(tally) = read.tally {
        out.push_str(&format!("\n{tally}.\n"));
    }
    out.push('\n');
    out
}
