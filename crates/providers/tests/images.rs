//! Images in a user message, in each wire format's own shape (checked against the recorded request
//! shapes in `fixtures/requests/`), their place before the text (so a seat's calls begin alike),
//! and which models
//! take images and how many tokens: the model list first, then the family table, then the default.
mod common;

use common::fixture;
use consilium_providers::capabilities::{
    known_family, model_capabilities, Known, DEFAULT_CONTEXT_TOKENS,
};
use consilium_providers::{
    build_chat_request, default_base_url, parse_models, ChatRequest, Endpoint, ImagePart, Message,
    ModelInfo, ProviderKind, Role,
};
use serde_json::{json, Value};

const PNG: &str = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
const SHARED: &str = "Material S1: chart.png\n";

fn endpoint(kind: ProviderKind) -> Endpoint {
    let base_url = match kind {
        ProviderKind::OpenAiCompatible => "http://127.0.0.1:8080/v1".to_string(),
        other => default_base_url(other).to_string(),
    };
    Endpoint { kind, base_url }
}

fn image() -> ImagePart {
    ImagePart {
        media_type: "image/png".into(),
        data_base64: PNG.into(),
    }
}

/// A call whose first user message shares `SHARED` with its seat's other calls and shows one image.
fn request(model: &str, cache_key: Option<&str>) -> ChatRequest {
    ChatRequest {
        model: model.into(),
        system: Some("You are a careful panelist.".into()),
        messages: vec![Message {
            role: Role::User,
            content: format!("{SHARED}Question: what does the chart show?"),
            images: vec![image()],
        }],
        max_tokens: 300,
        temperature: None,
        response_schema: None,
        stream: false,
        prompt_cache_key: cache_key.map(str::to_string),
        cache_prefix_len: SHARED.len(),
        web_search: None,
    }
}

fn body(kind: ProviderKind, req: &ChatRequest) -> Value {
    let http = build_chat_request(&endpoint(kind), Some("sk-test"), req);
    serde_json::from_str(&http.body).expect("the body is JSON")
}

fn recorded(name: &str) -> Value {
    serde_json::from_str(&fixture(&format!("requests/{name}"))).expect("fixture is JSON")
}

#[test]
fn openai_and_compatible_servers_get_an_image_url_with_a_data_url() {
    for kind in [
        ProviderKind::OpenAi,
        ProviderKind::OpenRouter,
        ProviderKind::OpenAiCompatible,
    ] {
        let body = body(kind, &request("gpt-4o", None));
        assert_eq!(body["messages"], recorded("openai_image.json"), "{kind:?}");
    }
}

#[test]
fn anthropic_gets_an_image_block_with_a_base64_source() {
    let body = body(ProviderKind::Anthropic, &request("claude-sonnet-4-5", None));
    assert_eq!(body["messages"], recorded("anthropic_image.json"));
}

#[test]
fn gemini_gets_inline_data() {
    let body = body(ProviderKind::Gemini, &request("gemini-2.5-flash", None));
    assert_eq!(body["contents"], recorded("gemini_image.json"));
}

#[test]
fn anthropic_caches_the_images_and_the_shared_text_together() {
    // Long enough to reach Anthropic's minimum, so the seat's shared prefix gets its breakpoint.
    let shared = format!(
        "Material S1: chart.png\n{}\n",
        "The contract says so. ".repeat(300)
    );
    let mut req = request("claude-sonnet-4-5", Some("session-1:panelist-1"));
    req.messages[0].content = format!("{shared}Question: what does the chart show?");
    req.cache_prefix_len = shared.len();
    let body = body(ProviderKind::Anthropic, &req);
    let blocks = body["messages"][0]["content"].as_array().expect("blocks");
    let types: Vec<&str> = blocks.iter().map(|b| b["type"].as_str().unwrap()).collect();
    assert_eq!(types, ["image", "text", "text"]);
    assert!(blocks[0].get("cache_control").is_none());
    assert_eq!(blocks[1]["text"], json!(shared));
    assert_eq!(blocks[1]["cache_control"], json!({ "type": "ephemeral" }));
    assert_eq!(
        blocks[2]["text"],
        json!("Question: what does the chart show?")
    );
    assert!(blocks[2].get("cache_control").is_none());
    // The breakpoint is on the block; no automatic one on the request as well.
    assert!(body.get("cache_control").is_none());
}

#[test]
fn every_call_of_a_seat_begins_with_the_same_images() {
    // Two calls of one seat: the same image, different rounds after it.
    let first = request("gpt-4o", Some("s:p1"));
    let mut later = request("gpt-4o", Some("s:p1"));
    later.messages[0].content = format!("{SHARED}Round 3: challenge the synthesis.");
    for kind in [
        ProviderKind::OpenAi,
        ProviderKind::Anthropic,
        ProviderKind::Gemini,
    ] {
        let (a, b) = (body(kind, &first), body(kind, &later));
        let parts = |v: &Value| -> Vec<Value> {
            let message = v
                .pointer("/messages/1/content")
                .filter(|c| c.is_array())
                .or_else(|| v.pointer("/messages/0/content"))
                .or_else(|| v.pointer("/contents/0/parts"))
                .cloned()
                .unwrap();
            message.as_array().unwrap().clone()
        };
        let (pa, pb) = (parts(&a), parts(&b));
        assert_eq!(pa[0], pb[0], "{kind:?}: the image first");
        let text = |p: &Value| p["text"].as_str().unwrap().to_string();
        assert!(text(&pa[1]).starts_with(SHARED) && text(&pb[1]).starts_with(SHARED));
        assert_ne!(
            pa[1], pb[1],
            "{kind:?}: then the text, which goes on differently"
        );
    }
}

#[test]
fn messages_without_images_keep_plain_string_content() {
    let mut req = request("gpt-4o", None);
    req.messages[0].images.clear();
    for kind in [ProviderKind::OpenAi, ProviderKind::Anthropic] {
        let body = body(kind, &req);
        let messages = body["messages"].as_array().unwrap();
        assert!(messages.last().unwrap()["content"].is_string(), "{kind:?}");
    }
    let body = body(ProviderKind::Gemini, &req);
    assert_eq!(body["contents"][0]["parts"].as_array().unwrap().len(), 1);
}

#[test]
fn an_assistant_message_never_carries_images() {
    let mut req = request("gpt-4o", None);
    req.messages.insert(
        0,
        Message {
            role: Role::Assistant,
            content: "Earlier answer.".into(),
            images: vec![image()],
        },
    );
    let body = body(ProviderKind::OpenAi, &req);
    assert_eq!(body["messages"][1]["content"], json!("Earlier answer."));
}

#[test]
fn openrouter_says_which_models_take_images_and_their_context() {
    let models = parse_models(
        ProviderKind::OpenRouter,
        &fixture("openrouter/models_priced.json"),
    )
    .unwrap();
    let mini = models
        .iter()
        .find(|m| m.id == "openai/gpt-4o-mini")
        .unwrap();
    assert_eq!(mini.sees_images, Some(true));
    assert_eq!(mini.context_length, Some(128_000));
    let listed_text_only: Vec<&ModelInfo> = models
        .iter()
        .filter(|m| m.sees_images == Some(false))
        .collect();
    assert!(
        !listed_text_only.is_empty(),
        "the fixture lists a text-only model"
    );
    let caps = model_capabilities(&mini.id, Some(mini), None);
    assert!(caps.sees_images);
    assert_eq!(caps.sees_images_from, Known::ModelList);
    assert_eq!(
        (caps.context_tokens, caps.context_from),
        (128_000, Known::ModelList)
    );
}

#[test]
fn llama_cpp_says_whether_a_vision_projector_is_loaded() {
    let models = parse_models(
        ProviderKind::OpenAiCompatible,
        &fixture("compatible/llamacpp_models.json"),
    )
    .unwrap();
    assert_eq!(models[0].id, "gemma-3-270m");
    assert_eq!(
        models[0].sees_images,
        Some(false),
        "capabilities: [completion]"
    );
    let with_projector = fixture("compatible/llamacpp_models.json")
        .replace("\"completion\"", "\"completion\", \"multimodal\"");
    let models = parse_models(ProviderKind::OpenAiCompatible, &with_projector).unwrap();
    assert_eq!(models[0].sees_images, Some(true));
}

#[test]
fn lists_that_do_not_say_leave_it_to_the_family_table() {
    let models = parse_models(ProviderKind::Anthropic, &fixture("anthropic/models.json")).unwrap();
    assert!(models.iter().all(|m| m.sees_images.is_none()));
    let caps = model_capabilities(&models[0].id, Some(&models[0]), None);
    assert!(caps.sees_images);
    assert_eq!(caps.sees_images_from, Known::Family);
    assert_eq!(
        (caps.context_tokens, caps.context_from),
        (200_000, Known::Family)
    );
    let gemini = parse_models(ProviderKind::Gemini, &fixture("gemini/models_list.json")).unwrap();
    let flash = gemini.iter().find(|m| m.id == "gemini-2.5-flash").unwrap();
    let caps = model_capabilities(&flash.id, Some(flash), None);
    assert!(caps.sees_images);
    assert_eq!(caps.context_tokens, 1_048_576);
    assert_eq!(caps.context_from, Known::ModelList);
}

#[test]
fn the_family_table_knows_the_common_models() {
    let sees = |model: &str| known_family(model).map(|f| f.sees_images);
    assert_eq!(sees("gpt-4o-mini"), Some(true));
    assert_eq!(sees("openai/gpt-4o"), Some(true));
    assert_eq!(sees("gpt-3.5-turbo"), Some(false));
    assert_eq!(sees("o3-mini"), Some(false));
    assert_eq!(sees("claude-haiku-4-5-20251001"), Some(true));
    assert_eq!(sees("gemini-2.5-pro"), Some(true));
    assert_eq!(sees("gemma-3-270m"), Some(false));
    assert_eq!(sees("google/gemma-3-4b-it"), Some(true));
    assert_eq!(sees("qwen2.5-vl-7b-instruct"), Some(true));
    assert_eq!(sees("qwen2.5-7b-instruct"), Some(false));
    assert_eq!(sees("llama-3.2-11b-vision-instruct"), Some(true));
    assert_eq!(sees("meta-llama/llama-3.3-70b-instruct:free"), Some(false));
    assert_eq!(sees("LLaVA:13b"), Some(true));
    assert_eq!(sees("deepseek-chat"), Some(false));
    assert_eq!(sees("my-own-finetune"), None);
    assert_eq!(
        known_family("gemma-3-270m").unwrap().context_tokens,
        Some(32_768)
    );
}

#[test]
fn nothing_known_is_the_stated_default_and_the_user_overrides_images() {
    let caps = model_capabilities("my-own-finetune", None, None);
    assert!(!caps.sees_images);
    assert_eq!(caps.sees_images_from, Known::Default);
    assert_eq!(
        (caps.context_tokens, caps.context_from),
        (DEFAULT_CONTEXT_TOKENS, Known::Default)
    );
    let caps = model_capabilities("my-own-finetune", None, Some(true));
    assert!(caps.sees_images);
    assert_eq!(caps.sees_images_from, Known::User);
    // The user's answer wins over the list's too.
    let listed = ModelInfo {
        id: "openai/gpt-4o-mini".into(),
        price: None,
        context_length: Some(128_000),
        sees_images: Some(true),
    };
    let caps = model_capabilities(&listed.id, Some(&listed), Some(false));
    assert!(!caps.sees_images);
    assert_eq!(caps.sees_images_from, Known::User);
    // A listed context of 0 says nothing.
    let zero = ModelInfo {
        context_length: Some(0),
        ..listed
    };
    assert_eq!(
        model_capabilities("gpt-4o-mini", Some(&zero), None).context_from,
        Known::Family
    );
}
