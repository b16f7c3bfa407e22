//! The per-question results as CSV: one row per question and arm, for a spreadsheet or R.
use super::outcomes::{arm_label, arms_of};
use crate::record::benchmark::body::{Arm, BenchmarkBody};
use crate::text::csv::{csv_field, push_row};

const HEADER: &str =
    "question_id,arm,arm_label,expected,final_answer,correct,cost_usd,tokens,calls,sequential_calls,errors,web_search";

/// Every question that has an outcome for an arm, in question order, the arms in `arms_of` order.
/// `correct` is `true`, `false` or empty (no answer); `cost_usd` is empty when unknown;
/// `web_search` says whether the run searched the web (`benchmark::search`). Lines end in CRLF
/// (RFC 4180).
pub fn results_csv(body: &BenchmarkBody) -> String {
    let mut out = String::from(HEADER);
    out.push_str("\r\n");
    let arms = arms_of(body);
    let results = body.results_by_id();
    let web_search = super::search::searches_web(body).to_string();
    for question in &body.questions {
        let Some(result) = results.get(question.id.as_str()) else {
            continue;
        };
        for arm in &arms {
            let Some(outcome) = result.outcome(arm) else {
                continue;
            };
            let fields = [
                csv_field(&question.id),
                arm_key(arm),
                csv_field(&arm_label(body, arm)),
                csv_field(&question.answer),
                csv_field(outcome.final_answer.as_deref().unwrap_or("")),
                outcome.correct.map(|c| c.to_string()).unwrap_or_default(),
                outcome.cost_usd.map(|c| format!("{c}")).unwrap_or_default(),
                outcome.tokens.to_string(),
                outcome.calls.to_string(),
                outcome.sequential_calls.to_string(),
                csv_field(&outcome.errors.join("; ")),
                web_search.clone(),
            ];
            push_row(&mut out, &fields);
        }
    }
    out
}

/// A stable machine name: `solo:<participant id>`, `vote`, `best_single`, `council`,
/// `depth:vote`, `depth:adaptive`.
pub fn arm_key(arm: &Arm) -> String {
    match arm {
        Arm::Solo { participant_id } => csv_field(&format!("solo:{participant_id}")),
        Arm::Vote => "vote".into(),
        Arm::BestSingle => "best_single".into(),
        Arm::Council => "council".into(),
        Arm::Depth { depth } => format!("depth:{}", depth.as_str()),
    }
}
