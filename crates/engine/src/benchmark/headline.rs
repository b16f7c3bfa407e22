//! The one sentence on top of a benchmark's results. It never says more than the numbers do:
//! - nothing is compared until every arm has answered the same questions (an arm with none yet is
//!   named, not skipped);
//! - while questions are left it is provisional, "So far, on 6 of 100 questions, …", counting the
//!   questions the progress line counts as done;
//! - the council is credited only when the bootstrap interval clears zero and the exact McNemar test
//!   agrees, against every arm; otherwise it says which test did not;
//! - a failed consultation counts as not right, and the sentence says how many failed;
//! - the advice is `recommend`'s, with its reason.
use super::paired::PairedArm;
use super::recommend::{CheapestBy, Recommendation};
use super::results::{ArmOutcomes, ArmSummary, Comparison};

pub struct HeadlineFacts<'a> {
    pub council: &'a ArmSummary,
    pub paired_council: &'a PairedArm,
    pub paired_others: &'a [PairedArm],
    pub others: &'a [ArmOutcomes],
    pub comparisons: &'a [Comparison],
    pub recommendation: Option<&'a Recommendation>,
    pub total_questions: usize,
}

impl HeadlineFacts<'_> {
    /// Arm `i` as `recommend` numbers them: 0 the council, then the others.
    fn arm(&self, i: usize) -> &PairedArm {
        if i == 0 {
            self.paired_council
        } else {
            &self.paired_others[i - 1]
        }
    }

    fn compared(&self) -> usize {
        self.paired_council.right.len()
    }
}

pub fn headline(facts: &HeadlineFacts) -> String {
    let council = facts.council;
    if council.answered == 0 && council.unanswered > 0 {
        return council_answered_nothing(council.unanswered);
    }
    if facts.others.is_empty() {
        return "There is no other arm to compare the council with.".into();
    }
    let compared = facts.compared();
    if compared == 0 {
        return nothing_compared(facts);
    }
    let on = if compared < facts.total_questions {
        format!(
            "So far, on {} of {} questions,",
            crate::foundation::counted::thousands(compared as u64),
            crate::foundation::counted::thousands(facts.total_questions as u64)
        )
    } else if compared == 1 {
        "On this one question".to_string()
    } else {
        format!(
            "On these {} questions",
            crate::foundation::counted::thousands(compared as u64)
        )
    };
    let verdict = if facts.comparisons.iter().all(Comparison::council_better) {
        credited(facts)
    } else {
        not_credited(facts)
    };
    format!("{on} the council {verdict}{}", failures(facts))
}

/// A model that cannot follow the format (a small local one) fails every consultation: say so,
/// not "yet", which reads as a run still under way.
fn council_answered_nothing(failed: u64) -> String {
    format!(
        "The council gave no usable answer to {} question{} (its consultation{} failed: each \
         question's record says why), so it cannot be compared with the other arms.",
        if failed == 1 {
            "the".to_string()
        } else {
            format!("any of the {failed}")
        },
        if failed == 1 { "" } else { "s" },
        if failed == 1 { "" } else { "s" },
    )
}

/// No question has an outcome from every arm: name the arms that have none at all (the best
/// single model sampled after every council, typically), rather than compare the rest.
fn nothing_compared(facts: &HeadlineFacts) -> String {
    let started = facts.council.asked() > 0 || facts.others.iter().any(|a| !a.outcomes.is_empty());
    if !started {
        return "No question has answers from every arm yet.".into();
    }
    let mut waiting: Vec<&str> = facts
        .others
        .iter()
        .filter(|arm| arm.outcomes.is_empty())
        .map(|arm| arm.label.as_str())
        .collect();
    if facts.council.asked() == 0 {
        waiting.insert(0, "the council");
    }
    match waiting.as_slice() {
        [] => {
            "So far no question has answers from every arm, so the council is not compared.".into()
        }
        [one] => format!(
            "So far no question has answers from every arm: {one} has none yet, so the council \
             is not compared."
        ),
        many => format!(
            "So far no question has answers from every arm: {} have none yet, so the council is \
             not compared.",
            and_list(many)
        ),
    }
}

fn and_list(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// Clearly better than every arm: the margin over the closest of them.
fn credited(facts: &HeadlineFacts) -> String {
    let closest = (0..facts.comparisons.len())
        .min_by(|&a, &b| {
            facts.comparisons[a]
                .difference
                .total_cmp(&facts.comparisons[b].difference)
        })
        .expect("credited against at least one arm");
    let c = &facts.comparisons[closest];
    format!(
        "scored {} above {} ({}; McNemar {}){}.",
        in_points(&points(c.difference.abs())),
        facts.arm(closest + 1).name(),
        interval_text(c),
        p_clause(c.mcnemar_p),
        cost_clause(facts, closest + 1),
    )
}

fn not_credited(facts: &HeadlineFacts) -> String {
    let named = named_arm(facts);
    let c = &facts.comparisons[named - 1];
    let name = facts.arm(named).name();
    let direction = if c.difference < 0.0 { "below" } else { "above" };
    let by = in_points(&points(c.difference.abs()));
    let cost = cost_clause(facts, named);
    let relation = if c.council_worse() {
        format!(
            "scored {by} below {name} ({}; McNemar {}){cost}",
            interval_text(c),
            p_clause(c.mcnemar_p)
        )
    } else if c.interval_clears_zero() {
        format!(
            "scored {by} {direction} {name} ({}), but the exact McNemar test does not \
             confirm it ({}){}",
            interval_text(c),
            p_clause(c.mcnemar_p),
            comma_first(&cost)
        )
    } else if c.mcnemar_confirms() {
        format!(
            "scored {by} {direction} {name} (McNemar {}), but the 95% interval of the \
             difference includes zero ({} to {}){}",
            p_clause(c.mcnemar_p),
            points(c.interval.low),
            points(c.interval.high),
            comma_first(&cost)
        )
    } else {
        format!(
            "was no better than {name} ({}, {}; McNemar {}){cost}",
            in_points(&points_signed(c.difference)),
            interval_text(c),
            p_clause(c.mcnemar_p)
        )
    };
    format!("{relation}: {}.", advice(facts))
}

/// The arm the sentence sets the council against: the recommended one when the council did not
/// clearly beat it, else the most accurate arm the council did not clearly beat.
fn named_arm(facts: &HeadlineFacts) -> usize {
    let unbeaten = |i: usize| i > 0 && !facts.comparisons[i - 1].council_better();
    match facts.recommendation {
        Some(r) if unbeaten(r.arm) => r.arm,
        _ => (1..=facts.comparisons.len())
            .filter(|&i| unbeaten(i))
            .rev()
            .max_by_key(|&i| facts.arm(i).correct())
            .expect("not credited: some arm is unbeaten"),
    }
}

fn advice(facts: &HeadlineFacts) -> String {
    let Some(r) = facts.recommendation else {
        return "no arm got a question right".into();
    };
    let chosen = facts.arm(r.arm);
    let cheapest = match r.by {
        CheapestBy::Cost => "the cheapest per correct answer",
        CheapestBy::Tokens => "the fewest tokens per correct answer",
    };
    let best = facts.arm(r.best);
    // A tie with the best is the most accurate too.
    let why = if chosen.correct() < best.correct() {
        // The best arm is in the table; its label (often with a comma) would blur the clause.
        format!(
            "{}, not clearly less accurate than the best arm's {}, and {cheapest} of such arms",
            percent(chosen.accuracy()),
            percent(best.accuracy()),
        )
    } else if r.within_reach.len() == 1 {
        format!(
            "the most accurate, {}, clearly above every other arm",
            percent(chosen.accuracy())
        )
    } else {
        format!(
            "the most accurate, {}, and {cheapest} of the arms not clearly less accurate",
            percent(chosen.accuracy())
        )
    };
    format!("use {} ({why})", chosen.advice_name())
}

/// How many of the compared questions the council's consultation failed on.
fn failures(facts: &HeadlineFacts) -> String {
    match facts.paired_council.failed {
        0 => String::new(),
        1 if facts.compared() == 1 => {
            " The council's consultation failed on it; it counts as not right.".into()
        }
        1 => " The council's consultation failed on 1 of these questions; it counts as not right."
            .into(),
        n => format!(
            " The council's consultation failed on {n} of these questions; each counts as not \
             right."
        ),
    }
}

/// " at 3.1x the cost per correct answer", when both arms are priced and cost something.
fn cost_clause(facts: &HeadlineFacts, other: usize) -> String {
    match (
        facts.paired_council.cost_per_correct(),
        facts.arm(other).cost_per_correct(),
    ) {
        (Some(mine), Some(theirs))
            if mine.is_finite() && theirs.is_finite() && mine > 0.0 && theirs > 0.0 =>
        {
            format!(" at {:.1}x the cost per correct answer", mine / theirs)
        }
        _ => String::new(),
    }
}

/// A clause after a closing bracket that already ends a clause: set off by a comma.
fn comma_first(clause: &str) -> String {
    if clause.is_empty() {
        String::new()
    } else {
        format!(",{clause}")
    }
}

fn interval_text(c: &Comparison) -> String {
    format!(
        "95% CI {} to {}",
        points(c.interval.low),
        points(c.interval.high)
    )
}

/// "p = 0.125", "p < 0.001".
fn p_clause(p: f64) -> String {
    let text = p_value_text(p);
    if text.starts_with('<') {
        format!("p {text}")
    } else {
        format!("p = {text}")
    }
}

/// An exact p-value as a statistician writes it: three decimals, "< 0.001" below that.
pub fn p_value_text(p: f64) -> String {
    if p < 0.001 {
        "< 0.001".into()
    } else {
        format!("{p:.3}")
    }
}

fn percent(fraction: f64) -> String {
    format!("{:.0}%", (fraction * 100.0).round() + 0.0)
}

/// Whole percentage points ("5", "-3"); never "-0".
fn points(fraction: f64) -> String {
    format!("{:.0}", (fraction * 100.0).round() + 0.0)
}

/// "1 point", "+5 points".
fn in_points(number: &str) -> String {
    let unit = if number.trim_start_matches(['+', '-']) == "1" {
        "point"
    } else {
        "points"
    };
    format!("{number} {unit}")
}

/// "+5", "-3", "0".
fn points_signed(fraction: f64) -> String {
    let value = (fraction * 100.0).round() + 0.0;
    if value > 0.0 {
        format!("+{value:.0}")
    } else {
        format!("{value:.0}")
    }
}
