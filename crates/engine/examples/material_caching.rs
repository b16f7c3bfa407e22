//! Material and caching, on recorded replies (the demo council's): consults of three
//! panelists at Full and Adaptive depth with a 10,000- and a 50,000-token attachment, all seats on
//! one model or on three, run by the engine's own `run_consult`; for each layout, the share of
//! prompt tokens a per-model prefix cache can serve and the effective input cost at OpenAI's and
//! Anthropic's cache prices. Run by `scripts/bench-material.sh`.
//!
//! The cache model, per provider, as their docs describe it:
//! - a call of a round is sent with the round's other calls at once, so it reads only what calls
//!   of earlier steps on its model wrote (a cache entry exists once a response has begun);
//! - OpenAI: the request's prefix is the schema (`response_format`, rendered first), then the
//!   system prompt, then the user message; any shared prefix of 1,024 tokens or more is read, at
//!   0.25x (gpt-4.1's published price; gpt-5's is 0.1x);
//! - Anthropic: the schema is a tool, rendered first too; only a marked prefix is cached (the
//!   engine's `cache_prefix_len` on a call with a cache key): written at 1.25x, read at 0.1x.
//!
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
use consilium_engine::testing::{FixedClock, ScriptedCaller};
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
    /// Instructions, then the material, then the question, then the round (this engine).
    MaterialFirst,
    /// MaterialFirst, with one schema for every call of the consult (simulated: every request's
    /// schema taken as the same bytes), so rounds share the prefix with structured output on.
    OneSchema,
    /// OneSchema, and in each round the first call of each model sent ahead, the others once it
    /// has begun answering (simulated), so they read the material it wrote.
    OneSchemaStaggered,
}

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
    models: usize,
    tokens: u64,
    structured: bool,
) -> (ConsultConfig, String) {
    let mut config = demo_config();
    config.depth = depth;
    config.structured_output = structured;
    let names = ["model-a", "model-b", "model-c"];
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

fn requests(config: ConsultConfig, question: String) -> Vec<CallRequest> {
    let session = Session::new_consult("bench".into(), question, config, 1_700_000_000_000);
    let caller = ScriptedCaller::over_demo();
    let finished = block_on(run_consult(
        session,
        &caller,
        &FixedClock(1_700_000_000_000),
        &Ignore,
    ));
    assert_eq!(finished.state, "complete", "{:?}", finished.failure);
    caller.requests()
}

/// The step a call is sent in: a round's panel at once, each judge call on its own; staggered,
/// the first call of each model in a round goes a step ahead of the others.
fn steps(requests: &[CallRequest], staggered: bool) -> Vec<(u8, u8, u8)> {
    requests
        .iter()
        .enumerate()
        .map(|(index, r)| {
            let judge = u8::from(r.participant_id == "judge");
            let behind = staggered
                && requests[..index].iter().any(|e| {
                    e.round == r.round
                        && e.target.model == r.target.model
                        && (e.participant_id == "judge") == (judge == 1)
                });
            (r.round, judge, u8::from(behind))
        })
        .collect()
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

fn measure(requests: &[CallRequest], one_schema: bool, staggered: bool) -> Measured {
    let step_of = steps(requests, staggered);
    let wire = |r: &CallRequest| {
        let schema = match (&r.response_schema, one_schema) {
            (Some(_), true) => "ONE SCHEMA".to_string(),
            (Some((name, schema)), false) => format!("{name}{schema}"),
            (None, _) => String::new(),
        };
        format!("{schema}\u{1}{}\u{1}{}", r.system, r.prompt)
    };
    let wires: Vec<String> = requests.iter().map(wire).collect();
    let mut m = Measured {
        prompt: 0,
        openai_read: 0,
        anthropic_read: 0,
        anthropic_written: 0,
        calls: requests.len(),
    };
    // Anthropic's marked prefixes written so far: (model, prefix bytes of the wire).
    let mut marked: Vec<(String, String, (u8, u8, u8))> = Vec::new();
    for (index, r) in requests.iter().enumerate() {
        let tokens = estimate_tokens(&r.system) + estimate_tokens(&r.prompt);
        m.prompt += tokens;
        let step = step_of[index];
        let earlier = requests[..index]
            .iter()
            .zip(&wires)
            .zip(&step_of)
            .filter(|((e, _), s)| e.target.model == r.target.model && **s < step)
            .map(|(pair, _)| pair);
        let best = earlier
            .map(|(_, w)| common_prefix(w, &wires[index]))
            .max()
            .unwrap_or(0);
        let shared = estimate_tokens(&wires[index][..best]).min(tokens);
        if shared >= OPENAI_MIN_TOKENS {
            m.openai_read += shared;
        }
        let read = marked
            .iter()
            .filter(|(model, prefix, at)| {
                *model == r.target.model && *at < step && wires[index].starts_with(prefix.as_str())
            })
            .map(|(_, prefix, _)| estimate_tokens(prefix))
            .max()
            .unwrap_or(0);
        m.anthropic_read += read;
        // Marked as the engine marks it; with one schema, every call carrying the material is
        // marked as with structured output off.
        if r.prompt_cache_key.is_some() && r.cache_prefix_len > 0 {
            let head = wires[index].len() - r.prompt.len();
            let prefix = wires[index][..head + r.cache_prefix_len].to_string();
            let prefix_tokens = estimate_tokens(&prefix);
            if prefix_tokens > read {
                m.anthropic_written += prefix_tokens - read;
            }
            marked.push((r.target.model.clone(), prefix, step));
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
        (Layout::MaterialFirst, true, "material first (this engine)"),
        (Layout::MaterialFirst, false, "material first (this engine)"),
        (
            Layout::OneSchema,
            true,
            "material first, one schema for every call (simulated)",
        ),
        (
            Layout::OneSchemaStaggered,
            true,
            "one schema, each model's first call of a round sent ahead (simulated)",
        ),
    ] {
        for depth in [Depth::Full, Depth::Adaptive] {
            for models in [1, 3] {
                for tokens in [10_000, 50_000] {
                    // One schema: the requests of the structured-off run (their prefixes carry no
                    // format text) with every call's schema the same bytes.
                    let one_schema =
                        matches!(layout, Layout::OneSchema | Layout::OneSchemaStaggered);
                    let run_structured = structured && !one_schema;
                    let (config, question) = config(layout, depth, models, tokens, run_structured);
                    let requests = requests(config, question);
                    let requests: Vec<CallRequest> = if one_schema {
                        requests
                            .into_iter()
                            .map(|mut r| {
                                r.response_schema = Some(("one".into(), serde_json::Value::Null));
                                r
                            })
                            .collect()
                    } else {
                        requests
                    };
                    let m = measure(&requests, one_schema, layout == Layout::OneSchemaStaggered);
                    let p = m.prompt as f64;
                    let openai =
                        (p - m.openai_read as f64 + m.openai_read as f64 * OPENAI_READ) / p;
                    let anthropic = (p - m.anthropic_read as f64 - m.anthropic_written as f64
                        + m.anthropic_read as f64 * ANTHROPIC_READ
                        + m.anthropic_written as f64 * ANTHROPIC_WRITE)
                        / p;
                    println!(
                        "| {name} | {} | {} | {models} | {}k | {} | {} | {:.0}% | {:.2}x | {:.0}% | {:.2}x |",
                        if structured { "on" } else { "off" },
                        depth.label(),
                        tokens / 1000,
                        m.calls,
                        m.prompt,
                        m.openai_read as f64 / p * 100.0,
                        openai,
                        m.anthropic_read as f64 / p * 100.0,
                        anthropic
                    );
                }
            }
        }
    }
}
