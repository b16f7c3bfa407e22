//! A benchmark's HTML report: the same content as the results view (the sentence, accuracy per arm
//! with its interval, cost and tokens per correct answer, the council against each arm, which
//! council to keep (`benchmark_choice`), the flips
//! with their questions, calibration), as tables, every text escaped.
use std::fmt::Write;

use crate::benchmark_council::view::results::BenchmarkResultsView;
use crate::text::rich::escape;

fn esc(text: &str) -> String {
    let mut out = String::new();
    escape(text, &mut out);
    out
}

const TABLE_STYLE: &str = "table{border-collapse:collapse;width:100%;margin:.5rem 0 1rem;font-size:.95rem}\
th,td{text-align:left;padding:.35rem .5rem;border-bottom:1px solid #d5d8dd;vertical-align:top}\
td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}.headline{font-size:1.15rem;font-weight:600}\
.wrap{overflow-x:auto}@media (prefers-color-scheme:dark){th,td{border-color:#343841}}";

/// The report's body (no document around it): `session_html` wraps it.
pub fn benchmark_report_body(view: &BenchmarkResultsView, about: &[(String, String)]) -> String {
    let mut html = String::new();
    let _ = writeln!(html, "<p class=\"headline\">{}</p>", esc(&view.headline));
    if !about.is_empty() {
        html.push_str("<dl class=\"meta\">");
        for (term, value) in about {
            let _ = write!(html, "<dt>{}</dt><dd>{}</dd>", esc(term), esc(value));
        }
        html.push_str("</dl>\n");
    }
    html.push_str(
        "<h2>Accuracy per arm</h2>\n<div class=\"wrap\"><table><thead><tr><th scope=\"col\">Arm</th>\
<th scope=\"col\" class=\"n\">Accuracy</th><th scope=\"col\">95% interval (Wilson)</th><th scope=\"col\">Score</th>\
<th scope=\"col\" class=\"n\">Cost per correct</th><th scope=\"col\" class=\"n\">Tokens per correct</th>\
<th scope=\"col\" class=\"n\">Calls per question</th><th scope=\"col\" class=\"n\">One after another</th></tr></thead><tbody>\n",
    );
    for arm in &view.arms {
        let _ = writeln!(
            html,
            "<tr><th scope=\"row\">{}</th><td class=\"n\">{}</td><td>{}</td><td>{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td></tr>",
            esc(&arm.label),
            esc(&arm.accuracy),
            esc(&arm.interval),
            esc(&arm.score),
            esc(&arm.cost_per_correct),
            esc(&arm.tokens_per_correct),
            esc(&arm.calls_per_question),
            esc(&arm.sequential_per_question),
        );
    }
    html.push_str("</tbody></table></div>\n");
    html.push_str(
        "<h2>The council against each arm</h2>\n<p class=\"meta\">Paired on the questions every arm has answered or \
failed (a failure counts as not right): exact McNemar test, and a seeded paired bootstrap 95% interval of the \
accuracy difference; a difference is clear only when both say so.</p>\n\
<div class=\"wrap\"><table><thead><tr><th scope=\"col\">Against</th><th scope=\"col\" class=\"n\">Questions</th>\
<th scope=\"col\" class=\"n\">Only the council right</th><th scope=\"col\" class=\"n\">Only the other right</th>\
<th scope=\"col\" class=\"n\">McNemar p</th><th scope=\"col\" class=\"n\">Difference</th><th scope=\"col\">95% interval</th>\
<th scope=\"col\">Reading</th></tr></thead><tbody>\n",
    );
    for row in &view.comparisons {
        let _ = writeln!(
            html,
            "<tr><th scope=\"row\">{}</th><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td>{}</td><td>{}</td></tr>",
            esc(&row.against),
            row.questions,
            row.only_council,
            row.only_other,
            esc(&row.p_value),
            esc(&row.difference),
            esc(&row.interval),
            esc(&row.reading),
        );
    }
    html.push_str("</tbody></table></div>\n");
    if let Some(choice) = &view.council_choice {
        html.push_str(&crate::benchmark_council::report::choice::council_choice_html(choice));
    }
    html.push_str("<h2>What debate changed</h2>\n");
    for (title, rows) in [
        (
            "Right after round 1, wrong after debate",
            &view.flips.right_to_wrong,
        ),
        (
            "Wrong after round 1, right after debate",
            &view.flips.wrong_to_right,
        ),
    ] {
        let _ = writeln!(html, "<h3>{} ({})</h3>", esc(title), rows.len());
        if rows.is_empty() {
            html.push_str("<p>None.</p>\n");
            continue;
        }
        html.push_str("<ul>\n");
        for row in rows {
            let _ = writeln!(
                html,
                "<li><strong>{}</strong>: {} <span class=\"meta\">(answer: {})</span></li>",
                esc(&row.id),
                esc(&row.question),
                esc(&row.answer)
            );
        }
        html.push_str("</ul>\n");
    }
    let _ = write!(
        html,
        "<h2>Calibration of the council's confidence</h2>\n<p>{}</p>\n\
<div class=\"wrap\"><table><thead><tr><th scope=\"col\">Stated confidence</th><th scope=\"col\" class=\"n\">Answers</th>\
<th scope=\"col\" class=\"n\">Mean confidence</th><th scope=\"col\" class=\"n\">Right</th></tr></thead><tbody>\n",
        esc(&view.calibration.brier)
    );
    for bin in &view.calibration.bins {
        let _ = writeln!(
            html,
            "<tr><th scope=\"row\">{}</th><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td></tr>",
            esc(&bin.range),
            bin.count,
            esc(&bin.mean_confidence),
            esc(&bin.accuracy)
        );
    }
    html.push_str("</tbody></table></div>\n");
    html
}

/// The table rules the report adds to the shared style.
pub fn benchmark_report_style() -> &'static str {
    TABLE_STYLE
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::benchmark::results::{summarise, ArmOutcomes, Outcome};
    use crate::benchmark_council::view::results::benchmark_results;
    use crate::{record::benchmark::question::Grader, record::benchmark::question::Question};

    #[test]
    fn the_report_has_every_table_and_escapes_model_and_user_text() {
        let arm = |label: &str, right: &[bool]| ArmOutcomes {
            label: label.into(),
            is_vote: false,
            outcomes: right
                .iter()
                .enumerate()
                .map(|(i, &correct)| Outcome {
                    question_id: format!("q{i}"),
                    correct: Some(correct),
                    cost_usd: Some(0.0),
                    tokens: 10,
                })
                .collect(),
        };
        let council = arm("Council", &[true, false]);
        let other = arm("<script>alert(1)</script> alone", &[false, true]);
        let summary = summarise(&council, &[other], &[], 3);
        let questions = vec![Question {
            id: "q0".into(),
            text: "Is 1 < 2 & \"true\"?".into(),
            answer: "yes".into(),
            grader: Grader::Exact,
        }];
        let mut view = benchmark_results(&summary, &questions);
        view.flips.wrong_to_right = vec![crate::benchmark_council::view::results::FlipRow {
            id: "q0".into(),
            question: questions[0].text.clone(),
            answer: "yes".into(),
        }];
        let html = benchmark_report_body(&view, &[("Questions".into(), "2 <arithmetic>".into())]);
        assert!(!html.contains("<script>"));
        assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt; alone"));
        assert!(html.contains("Is 1 &lt; 2 &amp; &quot;true&quot;?"));
        assert!(html.contains("2 &lt;arithmetic&gt;"));
        for heading in [
            "Accuracy per arm",
            "The council against each arm",
            "What debate changed",
            "Calibration of the council&#39;s confidence",
        ] {
            assert!(
                html.contains(heading) || html.contains(&heading.replace("&#39;", "'")),
                "{heading}"
            );
        }
        assert!(html.contains("<th scope=\"row\">Council</th><td class=\"n\">50%</td>"));
        assert_eq!(html.matches("<table>").count(), 3);
    }
}
