//! Prompts built for the providers' caches: on a recorded consult (the demo council),
//! every seat's later call opens with the bytes its earlier call opened with, and only the calls
//! whose opening a later call of the seat reads (and those later calls) carry the seat's cache key.
use crate::common;

use common::{run, session_with};
use consilium_engine::foundation::ids::SessionId;
use consilium_engine::testing::ScriptedCaller;
use consilium_engine::{
    consult::demo::demo_config, foundation::tokens::estimate_tokens, harness::io::CallRequest,
    record::consult::config::ConsultConfig,
};

fn request<'a>(requests: &'a [CallRequest], call_id: &str) -> &'a CallRequest {
    requests
        .iter()
        .find(|r| r.call_id == call_id)
        .unwrap_or_else(|| panic!("no call {call_id}"))
}

/// The seat's shared prefix as sent: the system prompt and the opening of the user message.
fn shared_prefix(request: &CallRequest) -> (String, String) {
    (
        request.system.clone(),
        request.prompt[..request.cache_prefix_len].to_string(),
    )
}

fn tokens(request: &CallRequest) -> u64 {
    estimate_tokens(&request.system) + estimate_tokens(&request.prompt)
}

fn recorded(config: ConsultConfig) -> (SessionId, Vec<CallRequest>) {
    let caller = ScriptedCaller::over_demo();
    let (session, _) = run(session_with(config), &caller);
    assert_eq!(session.state, "complete", "{:?}", session.failure);
    (session.id, caller.requests())
}

/// Structured output off: the rounds send no schema of their own, so a seat's later call can be
/// served its opening from the cache.
fn cacheable_config() -> ConsultConfig {
    let mut config = demo_config();
    config.structured_output = false;
    config
}

#[test]
fn each_seats_later_call_opens_with_its_earlier_calls_shared_prefix() {
    let (_, requests) = recorded(cacheable_config());
    let mut later_pairs = Vec::new();
    for panelist in ["panelist-1", "panelist-2", "panelist-3"] {
        later_pairs.push((
            request(&requests, &format!("r1-{panelist}")),
            request(&requests, &format!("r3-{panelist}")),
        ));
    }
    later_pairs.push((
        request(&requests, "r2-judge"),
        request(&requests, "r4-judge"),
    ));

    let (mut shared_tokens, mut later_tokens) = (0, 0);
    for (earlier, later) in later_pairs {
        let (system, opening) = shared_prefix(earlier);
        assert!(!opening.is_empty(), "{}: has an opening", earlier.call_id);
        assert_eq!(
            later.system, system,
            "{}: the same system prompt",
            later.call_id
        );
        assert!(
            later.prompt.starts_with(&opening),
            "{} does not open with {}'s prefix",
            later.call_id,
            earlier.call_id
        );
        // The same block on both calls: Anthropic matches a cached prefix at block boundaries.
        assert_eq!(later.cache_prefix_len, earlier.cache_prefix_len);
        let shared = estimate_tokens(&system) + estimate_tokens(&opening);
        println!(
            "{} opens with {}'s prefix: {shared} of its {} tokens",
            later.call_id,
            earlier.call_id,
            tokens(later)
        );
        shared_tokens += shared;
        later_tokens += tokens(later);
    }
    let share = shared_tokens as f64 / later_tokens as f64;
    println!(
        "rounds 3-4 (the seats' later calls): {shared_tokens} of {later_tokens} prompt tokens shared ({:.0}%)",
        share * 100.0
    );
    // Every round-1 answer the judge read in round 2 opens its verdict, in the same order.
    let judge_share = {
        let r2 = request(&requests, "r2-judge");
        (estimate_tokens(&r2.system) + estimate_tokens(&r2.prompt[..r2.cache_prefix_len])) as f64
            / tokens(r2) as f64
    };
    assert!(
        judge_share >= 0.6,
        "the judge's opening is {judge_share:.2} of its synthesis prompt"
    );
    assert!(share >= 0.2, "the later calls share {share:.2}");
}

#[test]
fn only_a_seats_chained_calls_carry_its_cache_key() {
    let (session_id, requests) = recorded(cacheable_config());
    for r in &requests {
        let expected = match r.call_id.as_str() {
            // Its opening holds only the question: nothing the judge's other calls open with.
            "r3-judge" => None,
            _ => Some(format!("{session_id}:{}", r.participant_id)),
        };
        assert_eq!(r.prompt_cache_key, expected, "{}", r.call_id);
        assert_eq!(r.cache_prefix_len > 0, expected.is_some(), "{}", r.call_id);
    }

    // A consult that stops after the synthesis: nobody reads round 1's opening again, and
    // marking it would cost a cache write (1.25x at Anthropic) for nothing.
    let mut config = cacheable_config();
    config.stop_after_round = 2;
    let (_, requests) = recorded(config);
    assert!(requests.iter().all(|r| r.prompt_cache_key.is_none()));
    // Stopping after round 3: round 1 feeds round 3, the synthesis feeds no verdict.
    let mut config = cacheable_config();
    config.stop_after_round = 3;
    let (_, requests) = recorded(config);
    assert!(request(&requests, "r1-panelist-1")
        .prompt_cache_key
        .is_some());
    assert!(request(&requests, "r2-judge").prompt_cache_key.is_none());
}

/// The depth's last round decides, not only where the user stops: a Vote consult
/// never cross-examines and a model alone asks round 1 only, so nothing of theirs is marked.
#[test]
fn vote_and_a_model_alone_mark_nothing_for_caching() {
    use consilium_engine::record::consult::depth::Depth;
    let mut vote = cacheable_config();
    vote.depth = Depth::Vote;
    let (_, requests) = recorded(vote);
    assert!(!requests.is_empty());
    assert!(requests.iter().all(|r| r.prompt_cache_key.is_none()));
    let mut alone = cacheable_config();
    alone.panelists.truncate(1);
    let (_, requests) = recorded(alone);
    assert_eq!(requests.len(), 1);
    assert!(requests[0].prompt_cache_key.is_none());
}

#[test]
fn structured_output_marks_nothing_for_caching() {
    // Each round's schema renders before the prompt (OpenAI: before the system message;
    // Anthropic: as a tool, before the system prompt), so no round could read another's prefix.
    let (_, requests) = recorded(demo_config());
    assert!(requests.iter().all(|r| r.prompt_cache_key.is_none()));
    // The prompts are laid out alike all the same.
    let (r1, r3) = (
        request(&requests, "r1-panelist-1"),
        request(&requests, "r3-panelist-1"),
    );
    let opening = format!(
        "Question:\n{}\n\n",
        consilium_engine::consult::demo::DEMO_QUESTION
    );
    assert!(r1.prompt.starts_with(&opening) && r3.prompt.starts_with(&opening));
}

/// Bytes at the start of `a` and `b` alike, cut back to the last paragraph break: the layout's
/// unit, so a declared prefix that ends there is all the two prompts could share.
fn common_paragraphs(a: &str, b: &str) -> usize {
    let same = a
        .char_indices()
        .zip(b.chars())
        .take_while(|((_, x), y)| x == y)
        .last()
        .map_or(0, |((i, x), _)| i + x.len_utf8());
    a[..same].rfind("\n\n").map_or(0, |i| i + 2)
}

/// The stronger property: every call of a seat opens with the seat's system prompt
/// and the question; a later call's declared prefix is the whole of what its earlier call could
/// give it (the prompts part at the next paragraph); the judge's verdict opens with its synthesis's
/// opening byte for byte, every round-1 answer under the same label in the same place, anonymous
/// peers included (each reader's order is drawn once per consult, not per round).
#[test]
fn a_seats_calls_share_all_their_layout_allows_in_a_fixed_peer_order() {
    let opening = format!(
        "Question:\n{}\n\n",
        consilium_engine::consult::demo::DEMO_QUESTION
    );
    for anonymous in [false, true] {
        let mut config = cacheable_config();
        config.anonymous_peers = anonymous;
        let (_, requests) = recorded(config);
        for r in &requests {
            assert!(r.prompt.starts_with(&opening), "{}", r.call_id);
            let first = requests
                .iter()
                .find(|other| other.participant_id == r.participant_id)
                .unwrap();
            assert_eq!(
                r.system, first.system,
                "{}: the seat's system prompt",
                r.call_id
            );
        }
        let mut pairs: Vec<(String, String)> = ["panelist-1", "panelist-2", "panelist-3"]
            .iter()
            .map(|p| (format!("r1-{p}"), format!("r3-{p}")))
            .collect();
        pairs.push(("r2-judge".to_string(), "r4-judge".to_string()));
        for (earlier, later) in pairs {
            let (earlier, later) = (request(&requests, &earlier), request(&requests, &later));
            assert_eq!(
                earlier.cache_prefix_len,
                common_paragraphs(&earlier.prompt, &later.prompt),
                "{} shares all it can with {} (anonymous: {anonymous})",
                later.call_id,
                earlier.call_id
            );
        }
        let (r2, r4) = (
            request(&requests, "r2-judge"),
            request(&requests, "r4-judge"),
        );
        let answers = &r2.prompt[opening.len()..r2.cache_prefix_len];
        let names: Vec<&str> = if anonymous {
            vec!["Panelist A", "Panelist B", "Panelist C"]
        } else {
            vec!["panelist-1", "panelist-2", "panelist-3"]
        };
        for name in names {
            assert!(
                answers.contains(&format!("\n{name}: ")),
                "the judge's opening holds {name}'s answer (anonymous: {anonymous})"
            );
        }
        assert_eq!(answers.contains("panelist-"), !anonymous, "labels, not ids");
        assert_eq!(
            &r4.prompt[..r4.cache_prefix_len],
            &r2.prompt[..r2.cache_prefix_len]
        );
    }
}
