//! The decision as the session page opens on it: the recommendation, the confidence with the band
//! the rules allowed and the judge's own number, the dissent on record by severity, the evidence that
//! survived, and who was absent.
use crate::consult::can_cross_examine_anyway;
use crate::consult::confidence::{
    strong_agreement, HIGH_DISSENT_CEILING, NO_DISSENT_FLOOR, RESERVATIONS_CEILING,
    RESERVATIONS_FLOOR, STRONG_AGREEMENT_FLOOR, STRONG_AGREEMENT_MIN_PANELIST_CONFIDENCE,
};
use crate::consult::dissent::{
    absent_fact, absent_panelists, dissent_on_record, empty_dissent_note_of, DissentEntry,
};
use crate::consult::evidence::{standing_on, Grounds, Standing};
use crate::consult::view::material::NOT_EVIDENCE;
use crate::consult::view::web_sources::LINKS_NOT_EVIDENCE;
use crate::material::web::council_searches;
use crate::record::consult::artifacts::{Severity, VerdictArtifact};
use crate::record::consult::body::ConsultBody;
use crate::record::consult::early_decision::DecidedBy;
use crate::record::consult::efficiency::TokenEfficiencyStats;
use crate::record::Session;
use crate::views::numbers::percent;

/// The confidence as a meter: all fractions of 1.
#[derive(Clone, Debug, PartialEq)]
pub struct ConfidenceMeter {
    /// What the engine computed: the confidence of the decision.
    pub computed: f64,
    /// What the judge said.
    pub judge: f64,
    /// The range the rules allow for this dissent and agreement; `computed` lies inside it.
    pub band_low: f64,
    pub band_high: f64,
    /// Which rule applied, as a sentence.
    pub rule: String,
    pub adjusted: bool,
    /// The meter in words, for people who cannot see it: "69% computed, allowed 0% to 69%; …".
    pub text: String,
    /// Why no floor raised the judge's number, when none did: the conditions of agreement the
    /// record does not meet, as sentences (empty when the floor was earned).
    pub floor_withheld: Vec<String>,
}

/// One dissent entry as shown: who, by label.
#[derive(Clone, Debug, PartialEq)]
pub struct DissentLine {
    pub severity: Severity,
    pub agent_label: String,
    pub concern: String,
    /// The judge left it out and the engine added it.
    pub added_by_engine: bool,
}

/// A finished Consult's decision.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision {
    pub recommendation: String,
    /// None for a record made before confidence was checked in code: then only the judge's number.
    pub meter: Option<ConfidenceMeter>,
    pub judge_confidence: f64,
    /// The judge's and the engine's, high severity first.
    pub dissent: Vec<DissentLine>,
    pub evidence: Vec<String>,
    /// Beside each evidence entry: why it is not evidence (its quotes are not in the material, or
    /// its only links are not from the council's searches), or None where it stands.
    pub evidence_flags: Vec<Option<&'static str>>,
    /// Labels of the panelists with no usable answer in some round (1, or 3).
    pub absent: Vec<String>,
    /// How many panelists the council had ("1 of 3 panelists absent").
    pub panel_size: usize,
    /// What the dissent section says when `dissent` is empty: "No dissent on record." only when
    /// no panelist was absent and the confidence is at least 70%; else that the judge named none.
    pub empty_dissent_note: String,
    /// How the decision was reached: the verdict, or an early decision (Vote, Adaptive).
    pub decided_by: DecidedBy,
    /// The card's line on it: "The panel agreed after the synthesis: no cross-examination needed
    /// · 4 calls saved"; for a verdict, "The judge decided after the cross-examination."
    pub how_reached: String,
    /// Calls a Full consult would have asked and this one did not (0 for a verdict).
    pub calls_saved: u32,
    /// The consult's depth, named: "Vote", "Adaptive", "Full".
    pub depth: &'static str,
    /// Offer "Cross-examine anyway" (`consult::cross_examine_anyway`).
    pub can_cross_examine_anyway: bool,
    /// A model alone that answered in prose: it stated no confidence, so none is shown as its own.
    pub no_number: bool,
}

/// The decision of `session`, once it has a verdict.
pub fn decision(session: &Session) -> Option<Decision> {
    let body = session.body_of::<ConsultBody>()?;
    let reached = body.decision()?;
    let verdict = reached.verdict;
    let dissent = dissent_on_record(body);
    // One model asked alone: no panel, so no band checks its own number.
    let alone = body.config.is_alone();
    // Its answer in prose states no confidence: its 0 is no number, not the model's own.
    let no_number = alone && body.round1.first().is_some_and(|a| a.free_text);
    let meter = reached.confidence_check.map(|check| {
        let floor_earned = check.agreement_gaps.is_empty();
        let (band_low, band_high) = if alone {
            (0.0, 1.0)
        } else {
            allowed_band(
                body,
                &dissent,
                check.absent_panelists.is_empty(),
                floor_earned,
            )
        };
        let text = if alone && no_number {
            "no number: the model answered in prose (asked alone: no band applies)".to_string()
        } else if alone {
            format!(
                "{}, the model's own number (asked alone: no band applies)",
                percent(check.computed_confidence)
            )
        } else {
            format!(
                "{} computed, allowed {} to {}; {} {}",
                percent(check.computed_confidence),
                percent(band_low),
                percent(band_high),
                reached.decided_by.said(),
                percent(check.judge_confidence)
            )
        };
        ConfidenceMeter {
            computed: check.computed_confidence,
            judge: check.judge_confidence,
            band_low,
            band_high,
            rule: check.rule.clone(),
            adjusted: check.adjusted,
            text,
            floor_withheld: check
                .agreement_gaps
                .iter()
                .map(|gap| gap.sentence())
                .collect(),
        }
    });
    let absent = reached
        .confidence_check
        .into_iter()
        .flat_map(absent_panelists)
        .map(|id| session.label_of(&id))
        .collect();
    Some(Decision {
        recommendation: verdict.recommendation.clone(),
        meter,
        judge_confidence: verdict.confidence,
        dissent: dissent
            .into_iter()
            .map(|entry| DissentLine {
                severity: entry.dissent.severity,
                agent_label: session.label_of(&entry.dissent.agent),
                concern: entry.dissent.concern,
                added_by_engine: entry.added_by_engine,
            })
            .collect(),
        evidence: verdict.evidence.iter().map(|e| e.point.clone()).collect(),
        evidence_flags: evidence_flags(session, verdict),
        absent,
        panel_size: body.config.panelists.len(),
        empty_dissent_note: empty_dissent_note_of(body).unwrap_or_default(),
        decided_by: reached.decided_by,
        how_reached: reached.how_reached(),
        calls_saved: reached.calls_saved,
        depth: body.config.depth_label(),
        can_cross_examine_anyway: can_cross_examine_anyway(session),
        no_number,
    })
}

/// Why each of `verdict`'s evidence entries is not evidence, or None where it stands: held to the
/// consult's material and, in a council that searched the web, to what its searches returned
/// (`consult::evidence`), as the confidence check holds them.
pub fn evidence_flags(session: &Session, verdict: &VerdictArtifact) -> Vec<Option<&'static str>> {
    let Some(body) = session.body_of::<ConsultBody>() else {
        return vec![None; verdict.evidence.len()];
    };
    let searches = council_searches(&session.calls);
    let grounds = Grounds {
        material: &body.config.material,
        searches: body.config.search_web.then_some(searches.as_slice()),
    };
    verdict
        .evidence
        .iter()
        .map(|entry| match standing_on(entry, grounds) {
            Standing::NotFound => Some(NOT_EVIDENCE),
            Standing::NotReturned => Some(LINKS_NOT_EVIDENCE),
            Standing::Found | Standing::Uncited => None,
        })
        .collect()
}

/// The band of `confidence`'s rules for the dissent on record (the judge's and the engine's) and
/// the agreement: high dissent below 0.70, only low or medium 0.70 to 0.90, none at least 0.85, or
/// at least 0.90 when everyone answered and agreed strongly; no floor when it was not earned.
fn allowed_band(
    body: &ConsultBody,
    dissent: &[DissentEntry],
    everyone_answered: bool,
    floor_earned: bool,
) -> (f64, f64) {
    let severities: Vec<Severity> = dissent.iter().map(|d| d.dissent.severity).collect();
    if severities.contains(&Severity::High) {
        return (0.0, HIGH_DISSENT_CEILING);
    }
    if !floor_earned {
        let ceiling = if severities.is_empty() {
            1.0
        } else {
            RESERVATIONS_CEILING
        };
        return (0.0, ceiling);
    }
    if !severities.is_empty() {
        return (RESERVATIONS_FLOOR, RESERVATIONS_CEILING);
    }
    let strong = everyone_answered
        && match (&body.round2, &body.round3, &body.early_decision) {
            (Some(synthesis), Some(cross_exam), _) => {
                strong_agreement(&body.round1, synthesis, cross_exam)
            }
            // An early decision's strong agreement: no tension and everyone at least 70% sure.
            (synthesis, None, Some(_)) => {
                synthesis.as_ref().is_none_or(|s| s.tensions.is_empty())
                    && body
                        .round1
                        .iter()
                        .all(|a| a.confidence >= STRONG_AGREEMENT_MIN_PANELIST_CONFIDENCE)
            }
            _ => false,
        };
    let floor = if strong {
        STRONG_AGREEMENT_FLOOR
    } else {
        NO_DISSENT_FLOOR
    };
    (floor, 1.0)
}

/// The token-efficiency line: "Tokens used 5200 · saved by artifact filtering 800 (13.3%; filtered
/// rounds: 3, 4)". A verbose session filters nothing by choice, and says so.
pub fn efficiency_line(stats: &TokenEfficiencyStats, verbose: bool) -> String {
    let rounds = match stats.filtered_rounds.as_slice() {
        _ if verbose => "verbose: nothing filtered".to_string(),
        [] => "no round filtered yet".to_string(),
        list => format!(
            "filtered rounds: {}",
            list.iter()
                .map(u8::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ),
    };
    format!(
        "Tokens used {} · saved by artifact filtering {} ({:.1}%; {rounds})",
        stats.tokens_used, stats.tokens_saved_via_filtering, stats.efficiency_percentage
    )
}

/// The longest one-line answer kept whole; a longer first sentence is cut at a clause.
const ANSWER_LIMIT: usize = 110;

/// The recommendation in one line, shown above it in full: its first sentence, or when that is
/// long, its first clause that says something (at least 30 characters, cut at ", ", "; " or " — ").
/// Markdown emphasis is dropped: the line is plain text.
pub fn one_line_answer(recommendation: &str) -> String {
    let plain = plain(recommendation);
    let sentence = match plain.find(". ") {
        Some(at) => &plain[..at],
        None => plain.trim_end_matches('.'),
    };
    if sentence.chars().count() <= ANSWER_LIMIT {
        return sentence.to_string();
    }
    let clause_end = [", ", "; ", " — ", " - "]
        .iter()
        .flat_map(|separator| sentence.match_indices(separator).map(|(at, _)| at))
        .filter(|at| (30..=ANSWER_LIMIT).contains(at))
        .min();
    match clause_end {
        Some(at) => sentence[..at].to_string(),
        None => {
            let cut: String = sentence.chars().take(ANSWER_LIMIT).collect();
            let cut = cut.rsplit_once(' ').map_or(cut.as_str(), |(kept, _)| kept);
            format!("{cut}…")
        }
    }
}

/// The one-line answer when it says less than the recommendation (None when the recommendation is
/// one short sentence already: shown once, not twice).
pub fn answer_above(recommendation: &str) -> Option<String> {
    let line = one_line_answer(recommendation);
    (line != plain(recommendation).trim_end_matches('.')).then_some(line)
}

/// The recommendation as the paragraph below the one-line answer shows it: going on after the
/// answer (its first sentence, or the clause it was cut at), so the words are said once, not
/// twice: "Adopt Rust for the service, with a pilot first." reads "Adopt Rust for the service"
/// above and "With a pilot first." below. Whole when the answer is not the text's own first words
/// (markup in them, or a line cut with "…"), or there is no answer above.
pub fn recommendation_below(recommendation: &str) -> String {
    let Some(answer) = answer_above(recommendation) else {
        return recommendation.to_string();
    };
    let rest = recommendation
        .trim_start()
        .strip_prefix(answer.as_str())
        .and_then(|rest| {
            [". ", ", ", "; ", " — ", " - "]
                .iter()
                .find_map(|separator| rest.strip_prefix(separator))
        })
        .map(str::trim_start)
        .filter(|rest| !rest.is_empty());
    match rest {
        Some(rest) => {
            let mut chars = rest.chars();
            let first = chars.next().map(|c| c.to_uppercase().collect::<String>());
            format!("{}{}", first.unwrap_or_default(), chars.as_str())
        }
        None => recommendation.to_string(),
    }
}

/// Text without Markdown emphasis and with its spaces collapsed.
fn plain(text: &str) -> String {
    let kept: String = text
        .trim()
        .chars()
        .filter(|c| !matches!(c, '*' | '_' | '`' | '#'))
        .collect();
    kept.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The strongest dissent on record as the chip says it: "high dissent", "medium dissent", "low
/// dissent" or "no dissent".
pub fn dissent_level(dissent: &[DissentLine]) -> &'static str {
    let has = |severity: Severity| dissent.iter().any(|d| d.severity == severity);
    if has(Severity::High) {
        "high dissent"
    } else if has(Severity::Medium) {
        "medium dissent"
    } else if has(Severity::Low) {
        "low dissent"
    } else {
        "no dissent"
    }
}

/// The chip's tone as a `data-level` word the style colours: "no-dissent" (green)
/// only when nothing is on record, no one was absent and the confidence is at least 70%; below
/// 70% it is "high-dissent" whatever the dissent says; an absence is at least "medium-dissent";
/// "alone" for a model asked alone (no panel, no tone of agreement).
pub fn chip_level(decision: &Decision) -> &'static str {
    if decision.decided_by == DecidedBy::Alone {
        return "alone";
    }
    let level = dissent_level(&decision.dissent);
    if level == "high dissent" || shown_confidence(decision) < RESERVATIONS_FLOOR {
        "high-dissent"
    } else if level == "medium dissent" || !decision.absent.is_empty() {
        "medium-dissent"
    } else if level == "low dissent" {
        "low-dissent"
    } else {
        "no-dissent"
    }
}

/// The one confidence chip: "78% · medium dissent" (the computed confidence; the judge's own
/// number when the record predates the check), then the panelists absent, if any: "75% · 1 of 3
/// panelists absent". See `dissent_summary`.
pub fn confidence_chip(decision: &Decision) -> String {
    // A split vote decided nothing: it wears no decision's confidence.
    if decision.decided_by == DecidedBy::SplitVote {
        return SPLIT_VOTE_CHIP.to_string();
    }
    if decision.no_number {
        return format!("no stated confidence · {}", dissent_summary(decision));
    }
    format!(
        "{} · {}",
        percent(shown_confidence(decision)),
        dissent_summary(decision)
    )
}

fn shown_confidence(decision: &Decision) -> f64 {
    decision
        .meter
        .as_ref()
        .map_or(decision.judge_confidence, |m| m.computed)
}

/// The dissent as the chip and "Why?" say it: the strongest level on record, and the panelists
/// absent (dissent-like: absent is not agreeing). "No dissent" only when it is true: never with
/// a panelist absent, nor below 70%, where an empty dissent is "dissent not named by the judge".
pub fn dissent_summary(decision: &Decision) -> String {
    if decision.decided_by == DecidedBy::Alone {
        return ASKED_ALONE.to_string();
    }
    let absent = (!decision.absent.is_empty())
        .then(|| absent_fact(decision.absent.len(), decision.panel_size));
    match (decision.dissent.is_empty(), absent) {
        (false, None) => dissent_level(&decision.dissent).to_string(),
        (false, Some(absent)) => format!("{} · {absent}", dissent_level(&decision.dissent)),
        (true, Some(absent)) => absent,
        (true, None) if shown_confidence(decision) < RESERVATIONS_FLOOR => {
            "dissent not named by the judge".to_string()
        }
        (true, None) => dissent_level(&decision.dissent).to_string(),
    }
}

/// The chip of a vote that found no majority.
pub const SPLIT_VOTE_CHIP: &str = "no decision · the panel is split";

/// The chip's word for a model asked alone, where there was no panel to agree or dissent.
pub const ASKED_ALONE: &str = "asked alone";

/// One fact behind the confidence, as "Why?" lists it.
#[derive(Clone, Debug, PartialEq)]
pub struct WhyLine {
    pub term: &'static str,
    pub value: String,
}

/// Why the confidence is what it is: the band the rules allow for this dissent, the judge's
/// number, the rule that applied, and what the engine did with the judge's number.
pub fn confidence_why(decision: &Decision) -> Vec<WhyLine> {
    let line = |term, value: String| WhyLine { term, value };
    let Some(meter) = &decision.meter else {
        return vec![
            line("Judge's number", percent(decision.judge_confidence)),
            line(
                "Checked",
                "no: this session was recorded before confidence was checked in code".into(),
            ),
        ];
    };
    if decision.decided_by == DecidedBy::Alone {
        let own = if decision.no_number {
            "none: it answered in prose".to_string()
        } else {
            percent(meter.judge)
        };
        return vec![
            line("Its own number", own),
            line("Rule", meter.rule.clone()),
            line(
                "The engine",
                "kept it: one model asked alone has no panel, so no band to check it against"
                    .into(),
            ),
        ];
    }
    let level = dissent_summary(decision);
    let whose = match decision.decided_by {
        DecidedBy::Verdict => "the judge's",
        _ => "the starting",
    };
    let outcome = if meter.adjusted {
        format!(
            "moved {whose} {} into the band: {}",
            percent(meter.judge),
            percent(meter.computed)
        )
    } else {
        format!(
            "kept {whose} {}: it lies inside the band",
            percent(meter.judge)
        )
    };
    vec![
        line(
            "Allowed band",
            format!(
                "{} to {} (for {level})",
                percent(meter.band_low),
                percent(meter.band_high)
            ),
        ),
        line(decision.decided_by.number_source(), percent(meter.judge)),
        line("Rule", meter.rule.clone()),
        line("The engine", outcome),
    ]
}
