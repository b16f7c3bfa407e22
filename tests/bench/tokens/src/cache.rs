//! Prompt caching, measured (scripts/bench-cache.sh): how much of a consult's prompts a per-seat
//! prefix cache could serve, from the requests as sent. It reads only the text of each request
//! (schema, system prompt, user message), so it measures any engine's layout the same way.
//!
//! - A call's cached prefix: the longest prefix (in o200k tokens) it shares with an earlier call
//!   of the same seat (participant).
//! - Written at Anthropic: a call whose prefix a later call of its seat reads writes that prefix
//!   (1.25x, paid only on those marked calls); reads cost 0.1x. OpenAI: reads 0.1x, no premium.
//! - Without structured output a request's rendered prompt is system + user message; with it, the
//!   schema renders first (OpenAI: a prefix to the system message; Anthropic: a tool, before the
//!   system prompt).
use consilium_engine::harness::io::CallRequest;
use tiktoken_rs::CoreBPE;

struct Call {
    seat: String,
    call_id: String,
    text: String,
    tokens: usize,
}

fn rendered(request: &CallRequest, with_schema: bool) -> String {
    let schema = match (&request.response_schema, with_schema) {
        (Some((_, schema)), true) => format!("{schema}\n"),
        _ => String::new(),
    };
    format!("{schema}{}\n{}", request.system, request.prompt)
}

fn common_prefix<'a>(a: &'a str, b: &str) -> &'a str {
    let mut end = 0;
    for ((i, x), y) in a.char_indices().zip(b.chars()) {
        if x != y {
            break;
        }
        end = i + x.len_utf8();
    }
    &a[..end]
}

/// Per call: (read tokens: shared with an earlier call of the seat, written tokens: shared with a
/// later one beyond what it read).
fn reads_and_writes(bpe: &CoreBPE, calls: &[Call]) -> Vec<(usize, usize)> {
    let longest = |index: usize, others: &mut dyn Iterator<Item = &Call>| {
        others
            .filter(|other| other.seat == calls[index].seat)
            .map(|other| {
                bpe.encode_ordinary(common_prefix(&calls[index].text, &other.text))
                    .len()
            })
            .max()
            .unwrap_or(0)
    };
    (0..calls.len())
        .map(|i| {
            let read = longest(i, &mut calls[..i].iter());
            let written = longest(i, &mut calls[i + 1..].iter());
            (read, written.saturating_sub(read))
        })
        .collect()
}

struct Figures {
    prompt: usize,
    read: usize,
    anthropic: f64,
    openai: f64,
}

fn calls(bpe: &CoreBPE, requests: &[CallRequest], with_schema: bool) -> Vec<Call> {
    requests
        .iter()
        .map(|r| {
            let text = rendered(r, with_schema);
            Call {
                seat: r.participant_id.clone(),
                call_id: r.call_id.clone(),
                tokens: bpe.encode_ordinary(&text).len(),
                text,
            }
        })
        .collect()
}

/// The same calls as one growing conversation per seat (modelled, not sent): a later call is its
/// seat's previous prompt as sent, then what is new in it (its text after the paragraph where the
/// two part). This is what would lift the cacheable share: everything an earlier call sent is read
/// again, the earlier call's instructions included.
fn as_conversation(bpe: &CoreBPE, calls: &[Call]) -> Vec<Call> {
    let mut out: Vec<Call> = Vec::new();
    for call in calls {
        let text = match out.iter().rev().find(|earlier| earlier.seat == call.seat) {
            Some(earlier) => {
                let same = common_prefix(&call.text, &earlier.text);
                let cut = same.rfind("\n\n").map_or(0, |i| i + 2);
                format!("{}\n\n{}", earlier.text, &call.text[cut..])
            }
            None => call.text.clone(),
        };
        out.push(Call {
            seat: call.seat.clone(),
            call_id: call.call_id.clone(),
            tokens: bpe.encode_ordinary(&text).len(),
            text,
        });
    }
    out
}

fn figures(bpe: &CoreBPE, calls: &[Call]) -> (Figures, Vec<(String, usize, usize, usize)>) {
    figures_from(bpe, calls, 0)
}

/// `figures` of the calls from `first` on, their reads and writes counted against every call
/// (a provider's cache outlives a turn: a follow-up reads what the turns before it wrote).
fn figures_from(
    bpe: &CoreBPE,
    calls: &[Call],
    first: usize,
) -> (Figures, Vec<(String, usize, usize, usize)>) {
    let shares = reads_and_writes(bpe, calls);
    let mut f = Figures {
        prompt: 0,
        read: 0,
        anthropic: 0.0,
        openai: 0.0,
    };
    let mut rows = Vec::new();
    for (call, (read, written)) in calls.iter().zip(&shares).skip(first) {
        let plain = call.tokens.saturating_sub(read + written);
        f.prompt += call.tokens;
        f.read += read;
        f.anthropic += plain as f64 + 0.1 * *read as f64 + 1.25 * *written as f64;
        f.openai += (call.tokens - read) as f64 + 0.1 * *read as f64;
        rows.push((call.call_id.clone(), call.tokens, *read, *written));
    }
    (f, rows)
}

/// The tables for BENCHMARKS.md: per consultation, without and with structured output; then each
/// call of the first consultation without structured output.
pub fn print_tables(
    bpe: &CoreBPE,
    consultations: impl Iterator<Item = (&'static str, Vec<CallRequest>, Vec<CallRequest>)>,
) {
    println!("| consultation | structured output | prompt tokens | served by a per-seat prefix cache | cacheable share | effective input at Anthropic's prices | at OpenAI's |");
    println!("|---|---|---|---|---|---|---|");
    let mut first_rows = None;
    let mut conversations = Vec::new();
    for (name, plain, structured) in consultations {
        for (label, requests, with_schema) in [("off", &plain, false), ("on", &structured, true)] {
            let (f, rows) = figures(bpe, &calls(bpe, requests, with_schema));
            if !with_schema {
                let (c, _) = figures(bpe, &as_conversation(bpe, &calls(bpe, requests, false)));
                conversations.push((name, f.prompt, c));
            }
            println!(
                "| {name} | {label} | {} | {} | {:.1}% | {:.2}x | {:.2}x |",
                f.prompt,
                f.read,
                100.0 * f.read as f64 / f.prompt as f64,
                f.anthropic / f.prompt as f64,
                f.openai / f.prompt as f64
            );
            if first_rows.is_none() && !with_schema {
                first_rows = Some((name, rows));
            }
        }
    }
    println!("\nModelled, not sent: each seat's calls as one growing conversation (a later call = the seat's previous prompt + what is new), structured output off. Costs relative to this layout's prompts uncached:\n");
    println!("| consultation | prompt tokens (this layout) | as a conversation | served by a per-seat prefix cache | cacheable share | effective input at Anthropic's prices | at OpenAI's |");
    println!("|---|---|---|---|---|---|---|");
    for (name, plain, c) in conversations {
        println!(
            "| {name} | {plain} | {} | {} | {:.1}% | {:.2}x | {:.2}x |",
            c.prompt,
            c.read,
            100.0 * c.read as f64 / c.prompt as f64,
            c.anthropic / plain as f64,
            c.openai / plain as f64
        );
    }
    if let Some((name, rows)) = first_rows {
        println!("\nEach call of the {name}, structured output off:\n");
        println!("| call | prompt tokens | shared with an earlier call of its seat (read) | written for a later one |");
        println!("|---|---|---|---|");
        for (call_id, tokens, read, written) in rows {
            println!("| {call_id} | {tokens} | {read} | {written} |");
        }
    }
}

/// A follow-up thread's turns, each turn's requests in the order sent: the last turn's cacheable
/// share, read from every earlier call of its seat in the thread.
pub fn print_thread(bpe: &CoreBPE, name: &str, turns: &[Vec<CallRequest>]) {
    let all: Vec<CallRequest> = turns.iter().flatten().cloned().collect();
    let calls = calls(bpe, &all, false);
    println!("\nA follow-up thread of {} turns on the {name}, structured output off: each turn's prompts, and what a per-seat prefix cache could serve of them (reading any earlier call of the seat in the thread):\n", turns.len());
    println!("| turn | prompt tokens | served by a per-seat prefix cache | cacheable share | effective input at Anthropic's prices | at OpenAI's |");
    println!("|---|---|---|---|---|---|");
    let mut first = 0;
    for (turn, requests) in turns.iter().enumerate() {
        let upto = first + requests.len();
        let (f, _) = figures_from(bpe, &calls[..upto], first);
        println!(
            "| {} | {} | {} | {:.1}% | {:.2}x | {:.2}x |",
            turn + 1,
            f.prompt,
            f.read,
            100.0 * f.read as f64 / f.prompt as f64,
            f.anthropic / f.prompt as f64,
            f.openai / f.prompt as f64
        );
        first = upto;
    }
}
