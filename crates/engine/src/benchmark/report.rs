//! The benchmark's Markdown report (and through it the HTML export): the plain sentence, each arm's
//! accuracy with its interval and cost per correct answer, the council against each arm, the flips
//! and the calibration, as tables. Escaped last, as every report (`markdown_text`).
use super::outcomes::summarise_body;
use crate::foundation::money::format_usd;
use crate::record::benchmark::body::BenchmarkBody;
use crate::record::Session;
use crate::text::markdown::escape_html;

pub fn benchmark_markdown(session: &Session) -> String {
    let Some(body) = session.benchmark() else {
        return String::new();
    };
    let mut out = format!("# {}\n\n", cell(&session.title));
    out.push_str(&body_markdown(body));
    if let Some(note) = super::search::search_note(body, &session.cost) {
        out.push_str(&format!("\n## Web search\n\n{}\n", cell(&note)));
    }
    // Labels and question ids are the user's text: every report is escaped last.
    escape_html(&out)
}

/// Text on one line, safe inside a table cell.
fn cell(text: &str) -> String {
    text.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .replace('|', "\\|")
}

fn percent(fraction: Option<f64>) -> String {
    fraction.map_or("–".into(), |f| format!("{:.0}%", f * 100.0))
}

fn body_markdown(body: &BenchmarkBody) -> String {
    let summary = summarise_body(body);
    let mut out = format!("{}\n\n", cell(&summary.headline));
    out.push_str(&format!(
        "{} of {} questions answered by every arm.\n\n",
        crate::foundation::counted::thousands(body.questions_done() as u64),
        crate::foundation::counted::thousands(body.questions.len() as u64)
    ));
    out.push_str("## Accuracy per arm\n\n| Arm | Correct | Accuracy | 95% CI | Cost per correct |\n|---|---|---|---|---|\n");
    for arm in summary.arms.iter().chain(std::iter::once(&summary.council)) {
        out.push_str(&format!(
            "| {} | {} of {} | {} | {} to {} | {} |\n",
            cell(&arm.label),
            arm.correct,
            arm.asked(),
            percent(arm.accuracy),
            percent(Some(arm.interval.low)),
            percent(Some(arm.interval.high)),
            arm.cost_per_correct.map_or("–".into(), format_usd),
        ));
    }
    out.push_str("\n## The council against each arm\n\n| Against | Questions | Difference | 95% CI | McNemar p |\n|---|---|---|---|---|\n");
    for c in &summary.comparisons {
        out.push_str(&format!(
            "| {} | {} | {:+.0} points | {:.0} to {:.0} | {:.3} |\n",
            cell(&c.against),
            c.questions,
            c.difference * 100.0,
            c.interval.low * 100.0,
            c.interval.high * 100.0,
            c.mcnemar_p,
        ));
    }
    let flips = &summary.flips;
    out.push_str(&format!(
        "\n## Flips from the round-1 majority to the verdict\n\nRight to wrong: {}. Wrong to right: {}.\n",
        list_or_none(&flips.right_to_wrong),
        list_or_none(&flips.wrong_to_right)
    ));
    let calibration = &summary.calibration;
    out.push_str(&format!(
        "\n## Calibration of the computed confidence\n\n{} forecasts; Brier score {}.\n",
        calibration.forecasts,
        calibration
            .brier
            .map_or("–".to_string(), |b| format!("{b:.3}"))
    ));
    out
}

fn list_or_none(ids: &[String]) -> String {
    if ids.is_empty() {
        "none".into()
    } else {
        cell(&ids.join(", "))
    }
}
