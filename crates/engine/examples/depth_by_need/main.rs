//! Depth by need, measured: the three consult depths (Vote, Adaptive, Full) on a
//! scripted panel of known accuracy at two agreement levels, each question a real consult run by
//! the engine. Prints Markdown: a table per depth and panel, and whether the target holds
//! (Adaptive within 2 points of Full's accuracy and inside its 95% interval, at <= 50% of its
//! billed prompt tokens, on the agreeing panel).
//!
//!     cargo run -q --release -p consilium-engine --example depth_by_need -- [QUESTIONS] [LATENCY_S]
//!
//! Defaults: 200 arithmetic questions (seed 7), 15 s per call. Deterministic: every draw is a
//! seeded hash (see `measure.rs` for the panel's parameters).
mod measure;

use consilium_engine::benchmark::questions::arithmetic_questions;
use consilium_engine::record::consult::depth::Depth;
use consilium_stats::{wilson_interval, Z_95};
use measure::{
    benchmark_outcomes, run_depth, DepthCount, JUDGE_BREAKS, JUDGE_FIXES, PANEL, RIGHT_WHEN_AGREED,
    SEED,
};

const PANELS: [(&str, f64); 2] = [("agreeing", 0.7), ("split", 0.3)];

fn main() {
    let mut args = std::env::args().skip(1);
    let count: usize = args
        .next()
        .map_or(200, |a| a.parse().expect("a question count"));
    let latency_s: f64 = args
        .next()
        .map_or(15.0, |a| a.parse().expect("seconds per call"));
    let questions = arithmetic_questions(count, 7);

    let accuracies: Vec<String> = PANEL.iter().map(|(m, p)| format!("{m} {p}")).collect();
    println!(
        "Panel: 3 panelists and a judge, scripted (seed {SEED}). On a question the panel agrees on, \
         every panelist gives the same answer, right with probability {RIGHT_WHEN_AGREED}; otherwise \
         each is right with its own accuracy ({}) and at least one answer differs. The verdict takes \
         the majority of the round-1 answers and turns a wrong one right with probability \
         {JUDGE_FIXES}, a right one wrong with {JUDGE_BREAKS}. {count} arithmetic questions (seed 7). \
         Tokens: the prompt tokens each call reported (the script reports the engine's estimate of \
         the system prompt and prompt actually sent). Wall time is modelled: sequential calls x \
         {latency_s} s per call.\n",
        accuracies.join(", ")
    );
    println!("| panel | agreed on | depth | accuracy (95% Wilson) | calls / question | billed prompt tokens / question | sequential calls / question | wall time / question (modelled) | decided early |");
    println!("|---|---|---|---|---|---|---|---|---|");
    let mut verdicts = Vec::new();
    for (name, rate) in PANELS {
        let counts: Vec<(Depth, DepthCount)> = Depth::ALL
            .iter()
            .map(|&depth| (depth, run_depth(&questions, depth, rate)))
            .collect();
        for (depth, c) in &counts {
            let interval = wilson_interval(c.correct, c.questions, Z_95);
            println!(
                "| {name} | {}/{} | {} | {:.1}% ({:.1}-{:.1}) | {:.2} | {:.0} | {:.2} | {:.0} s | {} of {} |",
                c.panel_agreed,
                c.questions,
                depth.label(),
                100.0 * c.correct as f64 / c.questions as f64,
                100.0 * interval.low,
                100.0 * interval.high,
                c.per_question(c.calls),
                c.per_question(c.prompt_tokens),
                c.per_question(c.sequential_calls),
                c.per_question(c.sequential_calls) * latency_s,
                c.early,
                c.questions,
            );
        }
        let of = |d: Depth| &counts.iter().find(|(depth, _)| *depth == d).unwrap().1;
        verdicts.push((
            name,
            rate,
            compare(of(Depth::Adaptive), of(Depth::Full), rate > 0.5),
        ));
    }
    println!();
    for (name, rate, line) in &verdicts {
        let target = if *rate > 0.5 {
            "Target (Adaptive within 2 points of Full and inside its interval, <= 50% of its tokens)"
        } else {
            "No target; what Adaptive costs"
        };
        println!("- {name} panel. {target}: {line}");
    }
    benchmark_table(&questions);
}

/// Adaptive against Full: the accuracy gap, the interval check and the share of tokens and calls.
fn compare(adaptive: &DepthCount, full: &DepthCount, has_target: bool) -> String {
    let accuracy = |c: &DepthCount| c.correct as f64 / c.questions as f64;
    let gap = 100.0 * (accuracy(adaptive) - accuracy(full));
    let interval = wilson_interval(full.correct, full.questions, Z_95);
    let inside = interval.contains(accuracy(adaptive));
    let tokens = adaptive.prompt_tokens as f64 / full.prompt_tokens as f64;
    let calls = adaptive.calls as f64 / full.calls as f64;
    let sequential = adaptive.sequential_calls as f64 / full.sequential_calls as f64;
    let met = gap.abs() <= 2.0 && inside && tokens <= 0.5;
    let outcome = match (has_target, met) {
        (false, _) => String::new(),
        (true, true) => ": **met**".to_string(),
        (true, false) => ": **not met**".to_string(),
    };
    format!(
        "Adaptive {:+.1} points against Full ({} Full's interval), {:.0}% of Full's billed prompt \
         tokens, {:.0}% of its calls, {:.0}% of its sequential calls{}.",
        gap,
        if inside { "inside" } else { "outside" },
        100.0 * tokens,
        100.0 * calls,
        100.0 * sequential,
        outcome
    )
}

/// The Benchmark's Vote, Adaptive and council arms on the same panels, for comparison.
fn benchmark_table(questions: &[consilium_engine::record::benchmark::question::Question]) {
    println!("\nThe Benchmark's own arms on the same panels (one Full council per question; Vote and Adaptive graded from its record, `benchmark::depth_arms`):\n");
    println!("| panel | depth | accuracy (95% Wilson) | calls / question | sequential calls / question |");
    println!("|---|---|---|---|---|");
    for (name, rate) in PANELS {
        let outcomes = benchmark_outcomes(questions, rate);
        for depth in Depth::ALL {
            let mut total = DepthCount::default();
            for question in &outcomes {
                let (_, count) = question.iter().find(|(d, _)| *d == depth).unwrap();
                total.add(count);
            }
            let interval = wilson_interval(total.correct, total.questions, Z_95);
            println!(
                "| {name} | {} | {:.1}% ({:.1}-{:.1}) | {:.2} | {:.2} |",
                depth.label(),
                100.0 * total.correct as f64 / total.questions as f64,
                100.0 * interval.low,
                100.0 * interval.high,
                total.per_question(total.calls),
                total.per_question(total.sequential_calls),
            );
        }
    }
}
