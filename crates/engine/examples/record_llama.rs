//! Records a session of each protocol against a real model on a local OpenAI-compatible server
//! (llama.cpp's llama-server with Gemma 3 270M; see docs/toolchain.md, "Real LLM servers to test
//! against (no internet needed)"), as a test fixture: every call's id, prompt and raw reply. The
//! engine's tests replay these replies (`tests/fixtures/llama/`).
//!
//! `cargo run -p consilium-engine --example record_llama -- consult|review|prioritize PORT OUT.json [structured|plain]`
//!
//! The HTTP is plain HTTP/1.1 over a loopback socket, one request at a time; the request and the
//! reply go through the same codecs the app uses.
use std::cell::RefCell;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::rc::Rc;

use consilium_engine::prioritize::demo::{demo_backlog, demo_prioritize_config};
use consilium_engine::review::demo::{demo_review_config, DEMO_DIFF};
use consilium_engine::testing::{FixedClock, RecordingSink, ScriptedCaller};
use consilium_engine::{
    consult::demo::demo_config, consult::demo::DEMO_QUESTION, consult::run_consult,
    harness::io::CallFailure, harness::io::CallReply, harness::io::CallRequest,
    prioritize::run_prioritize, record::Session, review::run_review,
};
use consilium_providers::{
    build_chat_request, parse_chat_reply, ChatRequest, Endpoint, Message, ProviderKind,
    ResponseSchema, Role,
};
use futures::executor::block_on;
use serde_json::json;

/// Small, so that a session records in minutes on a busy two-core machine.
const MAX_TOKENS: u32 = 128;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let protocol = args[1].clone();
    let port: u16 = args[2].parse().expect("a port");
    let out = args[3].clone();
    let structured = args.get(4).is_none_or(|mode| mode != "plain");
    let recorded: Rc<RefCell<Vec<serde_json::Value>>> = Rc::default();
    let log = recorded.clone();
    let partial = format!("{out}.partial");
    let caller = ScriptedCaller::new(move |request: &CallRequest| {
        let reply = send(port, request);
        log.borrow_mut().push(json!({
            "call_id": request.call_id,
            "system": request.system,
            "prompt": request.prompt,
            "structured": request.response_schema.is_some(),
            "reply": reply.as_ref().map(|r| r.text.clone()).unwrap_or_default(),
        }));
        // Kept as it grows, so a session cut short still leaves its calls.
        let calls = serde_json::to_string_pretty(&*log.borrow()).unwrap();
        std::fs::write(&partial, calls).unwrap();
        reply
    });
    let clock = FixedClock(1_700_000_000_000);
    let sink = RecordingSink::default();
    let session = match protocol.as_str() {
        "consult" => {
            let mut config = demo_config();
            config.max_tokens = MAX_TOKENS;
            config.structured_output = structured;
            let session = Session::new_consult("c-llama".into(), DEMO_QUESTION.into(), config, 0);
            block_on(run_consult(session, &caller, &clock, &sink))
        }
        "review" => {
            let mut config = demo_review_config();
            config.max_tokens = MAX_TOKENS;
            config.structured_output = structured;
            let session = Session::new_review("r-llama".into(), DEMO_DIFF.into(), config, 0);
            block_on(run_review(session, &caller, &clock, &sink))
        }
        "prioritize" => {
            let mut config = demo_prioritize_config();
            config.max_tokens = MAX_TOKENS;
            config.structured_output = structured;
            let session = Session::new_prioritize("p-llama".into(), demo_backlog(), config, 0);
            block_on(run_prioritize(session, &caller, &clock, &sink))
        }
        other => panic!("unknown protocol {other}"),
    };
    let fixture = json!({
        "protocol": protocol,
        "model": "gemma-3-270m (Q4_K_M) on llama-server",
        "structured_output": structured,
        "max_tokens": MAX_TOKENS,
        "state": session.state,
        "failure": session.failure,
        "calls": *recorded.borrow(),
    });
    std::fs::write(&out, serde_json::to_string_pretty(&fixture).unwrap()).unwrap();
    eprintln!("{protocol}: {} ({:?})", session.state, session.failure);
}

fn send(port: u16, request: &CallRequest) -> Result<CallReply, CallFailure> {
    let endpoint = Endpoint {
        kind: ProviderKind::OpenAiCompatible,
        base_url: format!("http://127.0.0.1:{port}/v1"),
    };
    let chat = ChatRequest {
        model: "gemma-3-270m".into(),
        system: (!request.system.is_empty()).then(|| request.system.clone()),
        messages: vec![Message {
            role: Role::User,
            content: request.prompt.clone(),
            images: Vec::new(),
        }],
        max_tokens: request.max_tokens.min(MAX_TOKENS),
        temperature: Some(request.temperature),
        response_schema: request
            .response_schema
            .as_ref()
            .map(|(name, schema)| ResponseSchema {
                name: name.clone(),
                schema: schema.clone(),
            }),
        stream: false,
        prompt_cache_key: None,
        cache_prefix_len: 0,
        web_search: None,
    };
    let http = build_chat_request(&endpoint, None, &chat);
    let path = http.url.split_once(&format!("127.0.0.1:{port}")).unwrap().1;
    let mut stream = TcpStream::connect(("127.0.0.1", port)).map_err(network)?;
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n",
        http.body.len()
    );
    stream.write_all(head.as_bytes()).map_err(network)?;
    stream.write_all(http.body.as_bytes()).map_err(network)?;
    let mut raw = String::new();
    stream.read_to_string(&mut raw).map_err(network)?;
    let body = raw.split_once("\r\n\r\n").map_or("", |(_, b)| b);
    let reply =
        parse_chat_reply(ProviderKind::OpenAiCompatible, body).map_err(|e| CallFailure {
            kind: "malformed".into(),
            message: format!("{e:?}"),
        })?;
    Ok(CallReply {
        text: reply.text,
        input_tokens: reply.usage.as_ref().map(|u| u.input_tokens),
        output_tokens: reply.usage.as_ref().map(|u| u.output_tokens),
        model: reply.model,
        ..CallReply::default()
    })
}

fn network(error: std::io::Error) -> CallFailure {
    CallFailure {
        kind: "network".into(),
        message: error.to_string(),
    }
}
