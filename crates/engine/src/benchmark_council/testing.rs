//! Scripted models of known accuracy for benchmark tests: each model answers a question right with
//! its own probability, drawn from a seeded hash of (model, question, call), so a run is the same
//! every time and the draws of different calls are independent. Round 1 and the best single
//! model's samples give a `final_answer`; rounds 2 and 3 are the demo council's; the judge's
//! verdict takes the majority of the round-1 final answers it is shown and flips it with set
//! probabilities (right to wrong, wrong to right), so each arm's expected accuracy is known.
//!
//! With an `Agreement` (the depth benchmark) the panel's round-1 answers are drawn per
//! question: the whole panel agrees on a set share of the questions (drawn, but exactly that
//! share), on an answer right with a set probability; on the others each panelist is right with
//! its accuracy and at least one answer differs from the others.
use std::cell::{Cell, RefCell};
use std::collections::{HashMap, HashSet};

use crate::consult::demo::demo_reply;
use crate::foundation::tokens::estimate_tokens;
use crate::harness::io::{CallFailure, CallProgress, CallReply, CallRequest, ModelCaller};
use crate::record::benchmark::question::Question;
use crate::text::reply_parse::extract_json;

pub struct KnownAccuracyCaller {
    /// (question text, its answer as a whole number), found in each prompt by its text.
    questions: Vec<(String, i64)>,
    /// The questions' texts by byte length: text -> its first index in `questions`.
    by_length: Vec<(usize, HashMap<Vec<u8>, usize>)>,
    /// Each model's chance of a right answer; a model not listed is always wrong.
    accuracy: HashMap<String, f64>,
    /// The verdict's chance to turn a right round-1 majority wrong, and a wrong one right.
    pub flip_right_to_wrong: f64,
    pub flip_wrong_to_right: f64,
    seed: u64,
    agreement: Option<Agreement>,
    /// The questions (texts) the panel agrees on, under an `Agreement`.
    agreed: HashSet<String>,
    /// Calls after which every call is cancelled (a user's cancel, a closed tab).
    pub cancel_after: Cell<Option<usize>>,
    requests: RefCell<Vec<CallRequest>>,
}

impl KnownAccuracyCaller {
    /// `questions` must have numeric answers (the arithmetic and word-problem generators').
    pub fn new(questions: &[Question], accuracy: &[(&str, f64)], seed: u64) -> Self {
        let mut by_length: HashMap<usize, HashMap<Vec<u8>, usize>> = HashMap::new();
        for (index, question) in questions.iter().enumerate() {
            by_length
                .entry(question.text.len())
                .or_default()
                .entry(question.text.as_bytes().to_vec())
                .or_insert(index);
        }
        Self {
            questions: questions
                .iter()
                .map(|q| {
                    (
                        q.text.clone(),
                        q.answer.parse().expect("a whole-number answer"),
                    )
                })
                .collect(),
            by_length: by_length.into_iter().collect(),
            accuracy: accuracy
                .iter()
                .map(|(model, p)| (model.to_string(), *p))
                .collect(),
            flip_right_to_wrong: 0.0,
            flip_wrong_to_right: 0.0,
            seed,
            agreement: None,
            agreed: HashSet::new(),
            cancel_after: Cell::new(None),
            requests: RefCell::new(Vec::new()),
        }
    }

    /// Round-1 answers of `agreement.panel`'s models drawn per question, agreeing at its rate.
    /// The questions agreed on are the `rate` share (rounded) that draws lowest.
    pub fn with_agreement(mut self, agreement: Agreement) -> Self {
        let mut ranked: Vec<(f64, &String)> = self
            .questions
            .iter()
            .map(|(text, _)| (self.draw("agree", text, ""), text))
            .collect();
        ranked.sort_by(|a, b| a.0.total_cmp(&b.0));
        let agreeing = (agreement.rate * ranked.len() as f64).round() as usize;
        self.agreed = ranked
            .into_iter()
            .take(agreeing)
            .map(|(_, text)| text.clone())
            .collect();
        self.agreement = Some(agreement);
        self
    }

    /// Every request received (cancelled ones included), in the order the calls started.
    pub fn requests(&self) -> Vec<CallRequest> {
        self.requests.borrow().clone()
    }

    /// A uniform draw in [0, 1) for this (what, question, call).
    fn draw(&self, what: &str, question: &str, call_id: &str) -> f64 {
        let mut hash = 0xcbf2_9ce4_8422_2325_u64 ^ self.seed;
        for byte in what.bytes().chain(question.bytes()).chain(call_id.bytes()) {
            hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
        }
        // SplitMix64's finaliser spreads the low bits.
        hash ^= hash >> 30;
        hash = hash.wrapping_mul(0xbf58_476d_1ce4_e5b9);
        hash ^= hash >> 27;
        hash = hash.wrapping_mul(0x94d0_49bb_1331_11eb);
        hash ^= hash >> 31;
        (hash >> 11) as f64 / (1u64 << 53) as f64
    }

    /// The first question (in the run's order) whose text the prompt contains. Looked up by the
    /// prompt's windows of each question length, not by a search per question: a run of n
    /// questions would otherwise cost the caller n searches a call, and the native time per
    /// question, the Benchmark's baseline (BENCHMARKS.md), would grow with the run's length.
    fn question_of(&self, prompt: &str) -> Option<&(String, i64)> {
        let prompt = prompt.as_bytes();
        self.by_length
            .iter()
            .filter(|(length, _)| (1..=prompt.len()).contains(length))
            .filter_map(|(length, texts)| {
                prompt
                    .windows(*length)
                    .filter_map(|window| texts.get(window).copied())
                    .min()
            })
            .min()
            .map(|index| &self.questions[index])
    }

    fn reply(&self, request: &CallRequest) -> CallReply {
        let Some((question, answer)) = self.question_of(&request.prompt) else {
            return demo_reply(request);
        };
        let text = match (request.round, request.participant_id.as_str()) {
            (1, _) => {
                let p = self
                    .accuracy
                    .get(&request.target.model)
                    .copied()
                    .unwrap_or(0.0);
                let panel_answer = self.agreement.as_ref().and_then(|agreement| {
                    let seat = agreement
                        .panel
                        .iter()
                        .position(|m| *m == request.target.model)?;
                    Some(self.panel_answers(agreement, question, *answer)[seat])
                });
                let right = self.draw(&request.target.model, question, &request.call_id) < p;
                let given = panel_answer.unwrap_or(if right { *answer } else { answer + 1 });
                serde_json::json!({
                    "position": format!("It comes to {given}."),
                    "key_points": ["Multiplication first, then left to right"],
                    "rationale": "Each product was worked out before the sums.",
                    "final_answer": given.to_string(),
                    "confidence": 80
                })
                .to_string()
            }
            (4, _) => self.verdict(request, question, *answer),
            _ => return demo_reply(request),
        };
        CallReply {
            input_tokens: Some(estimate_tokens(&request.system) + estimate_tokens(&request.prompt)),
            output_tokens: Some(estimate_tokens(&text)),
            cost_usd: None,
            model: Some(request.target.model.clone()),
            text,
            notes: Vec::new(),
            ..CallReply::default()
        }
    }

    /// The round-1 answers of the whole panel (seat order) to `question`, whose answer is
    /// `answer`. Wrong answers are `answer + 1` or `answer + 2`, so a split can be three ways.
    fn panel_answers(&self, agreement: &Agreement, question: &str, answer: i64) -> Vec<i64> {
        if self.agreed.contains(question) {
            let right = self.draw("agreed answer", question, "") < agreement.right_when_agreed;
            return vec![if right { answer } else { answer + 1 }; agreement.panel.len()];
        }
        let mut answers: Vec<i64> = agreement
            .panel
            .iter()
            .map(|model| {
                let p = self.accuracy.get(model).copied().unwrap_or(0.0);
                if self.draw(model, question, "split") < p {
                    answer
                } else if self.draw(model, question, "wrong") < 0.5 {
                    answer + 1
                } else {
                    answer + 2
                }
            })
            .collect();
        if answers.iter().all(|a| *a == answers[0]) {
            // A question the panel does not agree on: one seat, drawn, answers otherwise (wrong).
            let seats = answers.len();
            let seat =
                ((self.draw("dissent", question, "") * seats as f64) as usize).min(seats - 1);
            let shared = answers[0];
            answers[seat] = if shared == answer + 1 {
                answer + 2
            } else {
                answer + 1
            };
        }
        answers
    }

    /// The demo's verdict with a final answer: the majority of the round-1 answers shown (first
    /// shown wins a tie), flipped with the set probabilities.
    fn verdict(&self, request: &CallRequest, question: &str, answer: i64) -> String {
        let shown: Vec<i64> = request
            .prompt
            .lines()
            .filter_map(|line| line.strip_prefix("Final answer: ")?.trim().parse().ok())
            .collect();
        let mut majority = answer + 1;
        let mut best = 0;
        for candidate in &shown {
            let votes = shown.iter().filter(|v| *v == candidate).count();
            if votes > best {
                best = votes;
                majority = *candidate;
            }
        }
        let draw = self.draw("judge", question, &request.call_id);
        let given = match majority == answer {
            true if draw < self.flip_right_to_wrong => answer + 1,
            false if draw < self.flip_wrong_to_right => answer,
            _ => majority,
        };
        let demo = demo_reply(request);
        let mut verdict = extract_json(&demo.text).expect("the demo verdict").value;
        verdict.insert("final_answer".into(), given.to_string().into());
        serde_json::Value::Object(verdict).to_string()
    }
}

/// How often a scripted panel agrees (see `KnownAccuracyCaller::with_agreement`).
#[derive(Clone, Debug)]
pub struct Agreement {
    /// The panel's models, in seat order.
    pub panel: Vec<String>,
    /// The share of the questions on which every panelist gives the same round-1 answer.
    pub rate: f64,
    /// The chance that an answer the whole panel gives is right.
    pub right_when_agreed: f64,
}

impl ModelCaller for KnownAccuracyCaller {
    async fn call(
        &self,
        request: CallRequest,
        progress: &dyn CallProgress,
    ) -> Result<CallReply, CallFailure> {
        let made = {
            let mut requests = self.requests.borrow_mut();
            requests.push(request.clone());
            requests.len()
        };
        crate::testing::YieldOnce::default().await;
        if self.cancel_after.get().is_some_and(|after| made > after) {
            return Err(CallFailure::cancelled());
        }
        let reply = self.reply(&request);
        progress.delta(&reply.text, false);
        Ok(reply)
    }
}
