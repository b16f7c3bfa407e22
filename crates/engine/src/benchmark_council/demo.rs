//! The demo benchmark's scripted council. Consult's demo script answers a question about Rust; a
//! benchmark grades `final_answer`, so without this every arm of the demo benchmark went unanswered.
//! Here each scripted seat really works the arithmetic question it is asked (Du et al.'s
//! `a+b*c+d-e*f`) and gets it right with a known accuracy; its one mistake is the one people make,
//! working left to right, so errors are correlated and a vote cannot always fix them. The judge's
//! verdict starts from the round-1 majority and the debate sometimes changes it, both ways, so the
//! demo shows every arm, the flips and the calibration. All of it is deterministic: the same
//! question and call give the same answer on every run and after a resume.
use consilium_stats::SplitMix64;
use serde_json::{json, Value};

use crate::harness::demo::scripted_reply;
use crate::harness::io::{CallReply, CallRequest};
use crate::record::CallId;

/// How often each demo panelist (`panelist-1`, `-2`, `-3`) is right alone.
const PANELIST_ACCURACY: [f64; 3] = [0.6, 0.45, 0.7];
/// How often one sample of the best single model is right.
const SAMPLE_ACCURACY: f64 = 0.65;
/// A wrong round-1 majority with at least one right panelist is argued right this often.
const DEBATE_FIXES: f64 = 0.6;
/// A right round-1 majority is argued wrong this often.
const DEBATE_BREAKS: f64 = 0.1;

/// Whether a Consult request comes from a benchmark (its reply format asks for `final_answer`).
pub fn asks_final_answer(request: &CallRequest) -> bool {
    request.prompt.contains("final_answer")
}

/// The scripted reply to a benchmark's round-1 answer, best-single sample or verdict; None for
/// any other call (the ordinary Consult script serves it) or a question the script cannot read.
/// `verdict_script` is Consult's scripted verdict, whose evidence and dissent are kept.
pub fn benchmark_reply(request: &CallRequest, verdict_script: &str) -> Option<CallReply> {
    let sum = Sum::find(&request.prompt)?;
    let text = match request.round {
        1 => {
            let accuracy = panelist_number(request.participant_id.as_str())
                .map_or(SAMPLE_ACCURACY, |n| PANELIST_ACCURACY[(n - 1) % 3]);
            let right = chance(&sum, &answer_key(request)) < accuracy;
            independent_answer(&sum, right)
        }
        4 => verdict(&sum, verdict_script)?,
        _ => return None,
    };
    Some(scripted_reply(request, text))
}

/// Round-1 calls and their re-asks answer alike; each best-single sample answers on its own.
fn answer_key(request: &CallRequest) -> String {
    match panelist_number(request.participant_id.as_str()) {
        Some(_) => request.participant_id.to_string(),
        None => CallId::parse(&request.call_id)
            .map_or_else(|| request.call_id.clone(), |id| id.asked_call().to_string()),
    }
}

fn panelist_number(participant_id: &str) -> Option<usize> {
    participant_id
        .strip_prefix("panelist-")?
        .parse()
        .ok()
        .filter(|n| *n >= 1)
}

/// `a+b*c+d-e*f` as the question states it.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Sum([i64; 6]);

impl Sum {
    fn find(prompt: &str) -> Option<Sum> {
        let start = prompt.find("What is the result of ")? + "What is the result of ".len();
        let expression = prompt[start..].split('?').next()?;
        let numbers: Vec<i64> = expression
            .split(['+', '*', '-'])
            .map(|n| n.trim().parse().ok())
            .collect::<Option<_>>()?;
        let operators: String = expression
            .chars()
            .filter(|c| matches!(c, '+' | '*' | '-'))
            .collect();
        (operators == "+*+-*").then_some(())?;
        Some(Sum(numbers.try_into().ok()?))
    }

    fn right(self) -> i64 {
        let [a, b, c, d, e, f] = self.0;
        a + b * c + d - e * f
    }

    /// The usual slip: every operation in turn, left to right.
    fn left_to_right(self) -> i64 {
        let [a, b, c, d, e, f] = self.0;
        ((((a + b) * c) + d) - e) * f
    }

    fn text(self) -> String {
        let [a, b, c, d, e, f] = self.0;
        format!("{a}+{b}*{c}+{d}-{e}*{f}")
    }
}

/// A number in [0, 1) fixed by the question and `key`.
fn chance(sum: &Sum, key: &str) -> f64 {
    // FNV-1a over the question and key, then one SplitMix64 step to spread the bits.
    let hash = format!("{}|{key}", sum.text())
        .bytes()
        .fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        });
    (SplitMix64::new(hash).next_u64() >> 11) as f64 / (1u64 << 53) as f64
}

fn independent_answer(sum: &Sum, right: bool) -> String {
    let [a, b, c, d, e, f] = sum.0;
    let (value, steps, confidence) = if right {
        (
            sum.right(),
            vec![
                format!(
                    "Multiplications first: {b}*{c} = {} and {e}*{f} = {}",
                    b * c,
                    e * f
                ),
                format!("Then {a} + {} + {d} - {} = {}", b * c, e * f, sum.right()),
            ],
            0.9,
        )
    } else {
        (
            sum.left_to_right(),
            vec![
                format!("{a}+{b} = {}, times {c} = {}", a + b, (a + b) * c),
                format!("plus {d}, minus {e}, times {f} = {}", sum.left_to_right()),
            ],
            0.8,
        )
    };
    json!({
        "position": format!("{} = {value}", sum.text()),
        "key_points": steps,
        "rationale": "Worked step by step.",
        "final_answer": value.to_string(),
        "confidence": confidence,
    })
    .to_string()
}

/// The judge reads the panel's round-1 answers (recomputed: the script is deterministic), takes
/// the majority (ties to the first panelist's answer) and lets the debate move it.
fn verdict(sum: &Sum, verdict_script: &str) -> Option<String> {
    let answers: Vec<i64> = (1..=3)
        .map(|n| {
            let right = chance(sum, &format!("panelist-{n}")) < PANELIST_ACCURACY[n - 1];
            if right {
                sum.right()
            } else {
                sum.left_to_right()
            }
        })
        .collect();
    let votes = |v: i64| answers.iter().filter(|a| **a == v).count();
    let majority = answers.iter().copied().max_by_key(|v| {
        (
            votes(*v),
            std::cmp::Reverse(answers.iter().position(|a| a == v)),
        )
    })?;
    let unanimous = votes(majority) == answers.len();
    let debate = chance(sum, "debate");
    let (value, confidence) = if majority == sum.right() {
        if debate < DEBATE_BREAKS {
            (sum.left_to_right(), 0.55)
        } else if unanimous {
            (majority, 0.92)
        } else {
            (majority, 0.72)
        }
    } else if answers.contains(&sum.right()) && debate < DEBATE_FIXES {
        (sum.right(), 0.6)
    } else if unanimous {
        (majority, 0.85)
    } else {
        (majority, 0.65)
    };
    let mut reply: Value = serde_json::from_str(verdict_script).ok()?;
    let fields = reply.as_object_mut()?;
    fields.insert(
        "recommendation".into(),
        json!(format!("{} = {value}", sum.text())),
    );
    fields.insert("final_answer".into(), json!(value.to_string()));
    fields.insert("confidence".into(), json!(confidence));
    Some(reply.to_string())
}
