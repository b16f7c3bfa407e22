//! Material and caching, on recorded replies (the demo council's): consults of three
//! panelists at Full and Adaptive depth with a 10,000- and a 50,000-token attachment, all seats on
//! one model or on three, run by the engine's own `run_consult`; for each layout, the share of
//! prompt tokens a per-model prefix cache can serve and the effective input cost at OpenAI's and
//! Anthropic's cache prices. Run by `scripts/bench-material.sh`.
//!
//! The cache model, per provider, as their docs describe it:
//! - a call reads only what calls on its model that had begun answering before it was sent wrote
//!   (a cache entry exists once a response has begun). The order is the engine's own: the
//!   scripted caller logs when each call starts and ends, and a call the engine holds behind the
//!   first of its model (the stagger) starts only once that one has answered;
//! - OpenAI: the request's prefix is the schema (`response_format`, rendered first), then the
//!   system prompt, then the user message; any shared prefix of 1,024 tokens or more is read, at
//!   0.25x (gpt-4.1's published price; gpt-5's is 0.1x);
//! - Anthropic: the schema is a tool, rendered first too; only a marked prefix is cached (the
//!   engine's `cache_prefix_len` on a call with a cache key): written at 1.25x, read at 0.1x.
//!
//! Each row is run twice, with the seats on OpenAI's models and on Anthropic's (the engine
//! staggers a panel only for a provider that caches the material), and each provider's columns
//! come from its own run. The schema's tokens are in neither the prompt tokens nor the reads.
//! Tokens are the engine's `estimate_tokens`.
use consilium_engine::consult::demo::demo_config;
use consilium_engine::consult::run_consult;
use consilium_engine::foundation::tokens::estimate_tokens;
use consilium_engine::harness::events::{Event, EventSink};
use consilium_engine::harness::io::CallRequest;
use consilium_engine::material::attach::attach;
use consilium_engine::material::extract::source_from_bytes;
use consilium_engine::record::consult::config::ConsultConfig;
use consilium_engine::record::consult::depth::Depth;
use consilium_engine::record::Session;
use consilium_engine::testing::{CallLog, FixedClock, ScriptedCaller};
use futures::executor::block_on;

struct Ignore;
impl EventSink for Ignore {
    fn emit(&self, _event: Event) {}
}

const OPENAI_READ: f64 = 0.25;
const OPENAI_MIN_TOKENS: u64 = 1024;
const ANTHROPIC_READ: f64 = 0.10;
const ANTHROPIC_WRITE: f64 = 1.25;

#[derive(Clone, Copy, PartialEq)]
enum Layout {
    /// The material pasted into the question: the prompts as they were before material.
    Pasted,
    /// Instructions, then the material, then the question, then the round; with structured
    /// output, one schema for every call; a panel's calls on one model staggered (this engine).
    MaterialFirst,
}

/// The seats' models, by provider: three of each, all above the same cache minimum.
const OPENAI_MODELS: [&str; 3] = ["gpt-4.1", "gpt-4.1-mini", "gpt-4o"];
const ANTHROPIC_MODELS: [&str; 3] = ["claude-sonnet-4-5", "claude-sonnet-4", "claude-opus-4-1"];

fn attachment(tokens: u64) -> String {
    let mut text = String::new();
    let mut n = 0;
    while estimate_tokens(&text) < tokens {
        n += 1;
        text.push_str(&format!(
            "Clause {n}. The supplier shall keep customer data in region {} and report incidents within {} hours.\n",
            n % 7,
            24 + n % 48
        ));
    }
    text
}

fn config(
    layout: Layout,
    depth: Depth,
    (names, models): (&[&str; 3], usize),
    tokens: u64,
    structured: bool,
) -> (ConsultConfig, String) {
    let mut config = demo_config();
    config.depth = depth;
    config.structured_output = structured;
    for (index, seat) in config.panelists.iter_mut().enumerate() {
        seat.model = names[index % models].to_string();
        seat.provider_id = "p".into();
    }
    config.judge.model = names[0].to_string();
    config.judge.provider_id = "p".into();
    let text = attachment(tokens);
    let question = consilium_engine::consult::demo::DEMO_QUESTION.to_string();
    match layout {
        Layout::Pasted => (config, format!("{question}\n\ncontract.txt:\n{text}")),
        _ => {
            attach(
                &mut config.material,
                source_from_bytes("contract.txt", "", text.as_bytes()).unwrap(),
            )
            .unwrap();
            (config, question)
        }
    }
}

/// The requests of the run, in the order they started, and for each the requests that had
/// begun answering before it went out (the scripted caller answers a call in one piece, so that
/// is the calls that ended before it started).
fn requests(config: ConsultConfig, question: String) -> (Vec<CallRequest>, Vec<Vec<bool>>) {
    let session = Session::new_consult("bench".into(), question, config, 1_700_000_000_000);
    let caller = ScriptedCaller::over_demo();
    let finished = block_on(run_consult(
        session,
        &caller,
        &FixedClock(1_700_000_000_000),
        &Ignore,
    ));
    assert_eq!(finished.state, "complete", "{:?}", finished.failure);
    let requests = caller.requests();
    let log = caller.log();
    let at = |entry: CallLog| log.iter().position(|e| *e == entry).expect("logged");
    let answered_before = requests
        .iter()
        .map(|r| {
            let sent = at(CallLog::Started(r.call_id.clone()));
            requests
                .iter()
                .map(|e| at(CallLog::Finished(e.call_id.clone())) < sent)
                .collect()
        })
        .collect();
    (requests, answered_before)
}

fn common_prefix(a: &str, b: &str) -> usize {
    let n = a.bytes().zip(b.bytes()).take_while(|(x, y)| x == y).count();
    let mut n = n.min(a.len());
    while !a.is_char_boundary(n) {
        n -= 1;
    }
    n
}

struct Measured {
    prompt: u64,
    openai_read: u64,
    anthropic_read: u64,
    anthropic_written: u64,
    calls: usize,
}

/// The schema as the request opens with it (empty without one).
fn schema_text(r: &CallRequest) -> String {
    match &r.response_schema {
        Some((name, schema)) => format!("{name}{schema}\u{1}"),
        None => String::new(),
    }
}

fn measure(requests: &[CallRequest], answered_before: &[Vec<bool>]) -> Measured {
    let wire = |r: &CallRequest| format!("{}{}\u{1}{}", schema_text(r), r.system, r.prompt);
    let wires: Vec<String> = requests.iter().map(wire).collect();
    let mut m = Measured {
        prompt: 0,
        openai_read: 0,
        anthropic_read: 0,
        anthropic_written: 0,
        calls: requests.len(),
    };
    // Anthropic's marked prefixes written so far: (request index, prefix bytes of the wire).
    let mut marked: Vec<(usize, String)> = Vec::new();
    for (index, r) in requests.iter().enumerate() {
        let tokens = estimate_tokens(&r.system) + estimate_tokens(&r.prompt);
        m.prompt += tokens;
        let schema_len = schema_text(r).len();
        let readable = |earlier: usize| {
            answered_before[index][earlier] && requests[earlier].target.model == r.target.model
        };
        let best = (0..index)
            .filter(|e| readable(*e))
            .map(|e| common_prefix(&wires[e], &wires[index]))
            .max()
            .unwrap_or(0);
        // The schema counts toward the provider's minimum, not toward the prompt's tokens.
        if estimate_tokens(&wires[index][..best]) >= OPENAI_MIN_TOKENS && best > schema_len {
            m.openai_read += estimate_tokens(&wires[index][schema_len..best]).min(tokens);
        }
        let read = marked
            .iter()
            .filter(|(earlier, prefix)| {
                readable(*earlier) && wires[index].starts_with(prefix.as_str())
            })
            .map(|(_, prefix)| estimate_tokens(&prefix[schema_len..]))
            .max()
            .unwrap_or(0);
        m.anthropic_read += read;
        if r.prompt_cache_key.is_some() && r.cache_prefix_len > 0 {
            let head = wires[index].len() - r.prompt.len();
            let prefix = wires[index][..head + r.cache_prefix_len].to_string();
            let prefix_tokens = estimate_tokens(&prefix[schema_len..]);
            if prefix_tokens > read {
                m.anthropic_written += prefix_tokens - read;
            }
            marked.push((index, prefix));
        }
    }
    m
}

fn main() {
    println!("| layout | structured output | depth | models | attachment | calls | prompt tokens | cacheable (OpenAI) | effective input cost, OpenAI (0.25x reads) | cacheable (Anthropic) | effective input cost, Anthropic (0.1x reads, 1.25x writes) |");
    println!("|---|---|---|---|---|---|---|---|---|---|---|");
    for (layout, structured, name) in [
        (
            Layout::Pasted,
            true,
            "material pasted in the question (before)",
        ),
        (
            Layout::Pasted,
            false,
            "material pasted in the question (before)",
        ),
        (
            Layout::MaterialFirst,
            true,
            "material first, one schema, panel staggered (this engine)",
        ),
        (
            Layout::MaterialFirst,
            false,
            "material first, panel staggered (this engine)",
        ),
    ] {
        for depth in [Depth::Full, Depth::Adaptive] {
            for models in [1, 3] {
                for tokens in [10_000, 50_000] {
                    let run = |names| {
                        let (config, question) =
                            config(layout, depth, (names, models), tokens, structured);
                        let (requests, answered_before) = requests(config, question);
                        measure(&requests, &answered_before)
                    };
                    let openai = run(&OPENAI_MODELS);
                    let anthropic = run(&ANTHROPIC_MODELS);
                    let p = openai.prompt as f64;
                    let openai_cost = (p - openai.openai_read as f64
                        + openai.openai_read as f64 * OPENAI_READ)
                        / p;
                    let a = anthropic.prompt as f64;
                    let (read, written) = (
                        anthropic.anthropic_read as f64,
                        anthropic.anthropic_written as f64,
                    );
                    let anthropic_cost =
                        (a - read - written + read * ANTHROPIC_READ + written * ANTHROPIC_WRITE)
                            / a;
                    println!(
                        "| {name} | {} | {} | {models} | {}k | {} | {} | {:.0}% | {:.2}x | {:.0}% | {:.2}x |",
                        if structured { "on" } else { "off" },
                        depth.label(),
                        tokens / 1000,
                        openai.calls,
                        openai.prompt,
                        openai.openai_read as f64 / p * 100.0,
                        openai_cost,
                        read / a * 100.0,
                        anthropic_cost
                    );
                }
            }
        }
    }
}
