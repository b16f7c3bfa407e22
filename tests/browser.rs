//! Browser tests: run with `cargo test --target wasm32-unknown-unknown -p consilium` in headless Chromium.
//! They exercise the real browser storage, the real DOM and the real driver (with the scripted demo council).
#![cfg(target_arch = "wasm32")]

use consilium::app::Route;
use consilium::platform::keys;
use consilium::platform::storage;
use consilium::settings::{Settings, SETTINGS_KEY};
use consilium::ui::shell::App;
use gloo_timers::future::TimeoutFuture;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn local_storage() -> web_sys::Storage {
    web_sys::window().unwrap().local_storage().unwrap().unwrap()
}

#[wasm_bindgen_test]
fn keys_stay_out_of_storage_even_when_remembered_until_a_vault_seals_them() {
    local_storage().clear().unwrap();
    keys::set_key("p-test", "sk-test-secret-123456", false);
    assert_eq!(
        keys::get_key("p-test").as_deref(),
        Some("sk-test-secret-123456")
    );
    let stored = || {
        let storage = local_storage();
        (0..storage.length().unwrap())
            .filter_map(|i| storage.key(i).unwrap())
            .map(|name| storage.get_item(&name).unwrap().unwrap_or_default())
            .collect::<String>()
    };
    assert!(!stored().contains("sk-test-secret-123456"));
    // Remembering needs a passphrase (tests/browser_vault.rs): never a clear copy meanwhile.
    keys::set_remember("p-test", true);
    assert!(keys::waiting_for_vault());
    assert!(!stored().contains("sk-test-secret-123456"));
    keys::set_remember("p-test", false);
    keys::forget("p-test");
    assert!(keys::get_key("p-test").is_none());
}

#[wasm_bindgen_test]
fn settings_from_an_older_partial_shape_keep_defaults() {
    local_storage().clear().unwrap();
    local_storage()
        .set_item(SETTINGS_KEY, r#"{"verbose":true,"max_tokens":512}"#)
        .unwrap();
    let settings = Settings::load();
    assert!(settings.verbose);
    assert_eq!(settings.max_tokens, 512);
    assert_eq!(
        settings.consent_threshold_usd,
        Settings::default().consent_threshold_usd
    );
    assert_eq!(settings.version, consilium::settings::SETTINGS_VERSION);
}

#[wasm_bindgen_test]
fn routes_round_trip_through_the_url_fragment() {
    for route in [
        Route::New,
        Route::History,
        Route::Settings,
        Route::Session("c-abc".into()),
    ] {
        assert_eq!(Route::from_hash(&route.to_hash()), route);
    }
    assert_eq!(Route::from_hash(""), Route::New);
    assert_eq!(Route::from_hash("#/nonsense"), Route::New);
}

async fn wait_for(selector: &str, timeout_ms: u32) -> web_sys::Element {
    let document = web_sys::window().unwrap().document().unwrap();
    let mut waited = 0;
    loop {
        if let Some(found) = document.query_selector(selector).unwrap() {
            return found;
        }
        assert!(
            waited < timeout_ms,
            "{selector} did not appear within {timeout_ms} ms"
        );
        TimeoutFuture::new(50).await;
        waited += 50;
    }
}

fn click_button_with_text(text: &str) {
    let document = web_sys::window().unwrap().document().unwrap();
    let buttons = document.query_selector_all("button").unwrap();
    for i in 0..buttons.length() {
        let button: web_sys::HtmlElement = buttons.item(i).unwrap().dyn_into().unwrap();
        if button.text_content().unwrap_or_default().trim() == text {
            button.click();
            return;
        }
    }
    panic!("no button labelled {text:?}");
}

#[wasm_bindgen_test]
async fn first_run_offers_presets_and_the_demo_council_reaches_a_verdict_that_is_saved() {
    local_storage().clear().unwrap();
    web_sys::window()
        .unwrap()
        .location()
        .set_hash("#/new")
        .unwrap();
    leptos::mount::mount_to_body(App);
    leptos::task::tick().await;
    let body = web_sys::window()
        .unwrap()
        .document()
        .unwrap()
        .body()
        .unwrap();
    let text = body.text_content().unwrap();
    assert!(
        text.contains("Ollama (local)"),
        "local presets are offered at first run"
    );
    assert!(text.contains("llama.cpp server (local)"));

    click_button_with_text("Run the demo council");
    leptos::task::tick().await;
    assert!(wait_for(".demo-label", 2_000)
        .await
        .text_content()
        .unwrap()
        .contains("Demo"));
    // Streaming: a call card shows partial text before its round completes.
    let card = wait_for(".call-card .stream", 5_000).await;
    let mut waited = 0;
    while card.text_content().unwrap_or_default().is_empty() {
        assert!(waited < 5_000, "no streamed text appeared");
        TimeoutFuture::new(20).await;
        waited += 20;
    }
    let verdict = wait_for(".verdict .recommendation", 60_000).await;
    assert!(!verdict.text_content().unwrap().trim().is_empty());
    wait_for(".efficiency", 2_000).await;

    // The last save is written just after the verdict shows.
    let mut waited = 0;
    let saved = loop {
        let list = storage::list_sessions().await.unwrap();
        if let Some(found) = list.into_iter().find(|s| s.demo && s.state == "complete") {
            break found;
        }
        assert!(waited < 3_000, "the finished demo was not saved");
        TimeoutFuture::new(50).await;
        waited += 50;
    };
    let session = storage::load_session(&saved.id).await.unwrap().unwrap();
    assert!(session.consult().round4.is_some());
    assert!(session.consult().token_efficiency_stats.is_some());
}

/// A streaming card reads a long reply as fields (never JSON) a few times a second, not per
/// token, and starts over when the stream restarts (a retried call).
#[wasm_bindgen_test]
async fn a_long_stream_reads_as_fields_and_a_restart_clears_it() {
    use consilium::app::runs::stream_text::StreamText;
    use consilium::ui::widgets::live_reply::LiveReplyView;
    use consilium_engine::foundation::ids::ParticipantId;
    use consilium_engine::views::live::ReplyKind;
    use consilium_engine::{
        consult::demo::demo_config, consult::demo::DEMO_QUESTION, record::Session,
    };
    use leptos::prelude::*;
    let document = web_sys::window().unwrap().document().unwrap();
    let host = document.create_element("div").unwrap();
    host.set_id("reply-under-test");
    document.body().unwrap().append_child(&host).unwrap();
    let stream = StreamText::new();
    let session = RwSignal::new(Some(Session::new_consult(
        "c-stream".into(),
        DEMO_QUESTION.into(),
        demo_config(),
        0,
    )));
    let _mount = leptos::mount::mount_to(host.clone().unchecked_into(), move || {
        view! { <LiveReplyView text=stream kind=ReplyKind::Answer writer=ParticipantId::from("panelist-1") session=session /> }
    });
    stream.push("{\"position\": \"Adopt Rust\", \"rationale\": \"", false);
    for i in 0..10_000 {
        stream.push(&format!("w{} ", i % 10), false);
        if i % 1000 == 0 {
            TimeoutFuture::new(0).await;
        }
    }
    stream.push("END", false);
    TimeoutFuture::new(300).await;
    let shown = host.text_content().unwrap();
    assert!(
        shown.starts_with("PositionAdopt RustRationalew0 w1"),
        "{}",
        &shown[..60]
    );
    assert!(shown.ends_with("w9 END"), "{}", &shown[shown.len() - 20..]);
    assert!(!shown.contains('"') && !shown.contains('{'));
    assert_eq!(host.query_selector_all("dd.writing").unwrap().length(), 1);
    stream.push("{\"position\": \"again\",", true);
    TimeoutFuture::new(300).await;
    assert_eq!(host.text_content().unwrap(), "Positionagain");
}

/// The Benchmark's advice is one click: "Use the vote" makes Vote the depth of new consults,
/// saved with the settings, says what it changed, and Undo puts the earlier depth back.
#[wasm_bindgen_test]
async fn the_benchmarks_advice_sets_the_depth_of_new_consults_and_undo_restores_it() {
    use consilium::app::AppState;
    use consilium::settings::Settings;
    use consilium::ui::benchmark::advice::AdviceAction;
    use consilium_engine::benchmark::advice::Advice;
    use consilium_engine::record::consult::depth::Depth;
    use leptos::prelude::*;
    local_storage().clear().unwrap();
    let document = web_sys::window().unwrap().document().unwrap();
    let host = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&host).unwrap();
    let state = AppState::new();
    assert_eq!(state.settings.get_untracked().depth, Depth::Adaptive);
    let _mount = leptos::mount::mount_to(host.clone().unchecked_into(), move || {
        provide_context(state);
        view! { <AdviceAction advice=Advice::UseDepth(Depth::Vote) demo=false /> }
    });
    let button = |text: &str| button_named(&host, text);
    button("Use the vote")
        .expect("the advice as a button")
        .click();
    TimeoutFuture::new(0).await;
    assert_eq!(state.settings.get_untracked().depth, Depth::Vote);
    assert_eq!(Settings::load_reporting().0.depth, Depth::Vote, "saved");
    assert!(host
        .text_content()
        .unwrap()
        .contains("New consults now use Vote."));
    button("Undo").expect("Undo").click();
    TimeoutFuture::new(0).await;
    assert_eq!(state.settings.get_untracked().depth, Depth::Adaptive);
    assert_eq!(Settings::load_reporting().0.depth, Depth::Adaptive);
    assert!(button("Use the vote").is_some());
    local_storage().clear().unwrap();
}

/// "Use <model> alone" saves a one-seat council: the settings name the model, a Consult council
/// following them becomes that one seat, its chip says "1 model · <name>", the button says what it
/// changed, and Undo brings the council of the providers back.
#[wasm_bindgen_test]
async fn the_benchmarks_advice_to_use_a_model_alone_saves_a_one_seat_council_and_undo_restores_it()
{
    use consilium::app::providers::gate::council_summary;
    use consilium::app::AppState;
    use consilium::settings::{ModelAlone, Settings};
    use consilium::ui::benchmark::advice::AdviceAction;
    use consilium::ui::consult::council::Council;
    use consilium_engine::benchmark::advice::Advice;
    use leptos::prelude::*;
    local_storage().clear().unwrap();
    let document = web_sys::window().unwrap().document().unwrap();
    let host = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&host).unwrap();
    let state = AppState::new();
    state.settings.update(|s| {
        s.providers = vec![consilium::settings::ProviderSettings {
            id: "p-local".into(),
            name: "Local".into(),
            kind: consilium_providers::ProviderKind::OpenAi,
            base_url: "http://127.0.0.1:9/v1".into(),
            default_model: "local-model".into(),
            models: vec!["local-model".into(), "other-model".into()],
            remember_key: false,
            free: true,
            model_facts: Default::default(),
            sees_images: Default::default(),
        }]
    });
    let provider_id = consilium_engine::foundation::ids::ProviderId::from("p-local");
    let council = RwSignal::new(None::<Council>);
    let advice = Advice::UseModelAlone {
        provider_id: provider_id.clone(),
        model: "gpt-4o".into(),
    };
    let _mount = leptos::mount::mount_to(host.clone().unchecked_into(), move || {
        provide_context(state);
        let consult = Council::new(state);
        consult.follow_alone(state, true);
        council.set(Some(consult));
        view! { <AdviceAction advice=advice.clone() demo=false /> }
    });
    TimeoutFuture::new(0).await;
    let council = council.get_untracked().expect("mounted");
    assert!(
        council.seats.get_untracked().len() > 1,
        "the providers' council"
    );
    let button = |text: &str| button_named(&host, text);
    button("Use gpt-4o alone")
        .expect("the advice as a button")
        .click();
    TimeoutFuture::new(0).await;
    let alone = Some(ModelAlone {
        provider_id: provider_id.clone(),
        model: "gpt-4o".into(),
    });
    assert_eq!(state.settings.get_untracked().alone, alone);
    assert_eq!(Settings::load_reporting().0.alone, alone, "saved");
    assert!(host
        .text_content()
        .unwrap()
        .contains("New consults now ask gpt-4o alone: one answer, no synthesis."));
    let seats = council.seats.get_untracked();
    assert_eq!(seats.len(), 1);
    assert_eq!(
        (seats[0].provider_id.as_str(), seats[0].model.as_str()),
        (provider_id.as_str(), "gpt-4o")
    );
    assert_eq!(
        council_summary(state, &seats, "panelist", Some("Adaptive")),
        "1 model · gpt-4o · Edit"
    );
    button("Undo").expect("Undo").click();
    TimeoutFuture::new(0).await;
    assert_eq!(state.settings.get_untracked().alone, None);
    assert_eq!(Settings::load_reporting().0.alone, None);
    assert!(
        council.seats.get_untracked().len() > 1,
        "the providers' council again"
    );
    assert!(button("Use gpt-4o alone").is_some());
    local_storage().clear().unwrap();
}

/// After "Use <model> alone", the other advice does what it says: "Use the vote" leaves
/// the one model and sets the council's depth, saved; the page's words and the settings agree.
#[wasm_bindgen_test]
async fn after_a_model_alone_the_depths_advice_leaves_it_and_says_so() {
    use consilium::app::AppState;
    use consilium::settings::{ModelAlone, Settings};
    use consilium::ui::benchmark::advice::AdviceAction;
    use consilium_engine::benchmark::advice::Advice;
    use consilium_engine::record::consult::depth::Depth;
    use leptos::prelude::*;
    local_storage().clear().unwrap();
    let document = web_sys::window().unwrap().document().unwrap();
    let host = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&host).unwrap();
    let state = AppState::new();
    let alone = Advice::UseModelAlone {
        provider_id: "p-local".into(),
        model: "gpt-4o".into(),
    };
    let _mount = leptos::mount::mount_to(host.clone().unchecked_into(), move || {
        provide_context(state);
        view! {
            <AdviceAction advice=alone.clone() demo=false />
            <AdviceAction advice=Advice::UseDepth(Depth::Vote) demo=false />
        }
    });
    let button = |text: &str| button_named(&host, text);
    button("Use gpt-4o alone")
        .expect("the first advice")
        .click();
    TimeoutFuture::new(0).await;
    assert_eq!(
        Settings::load_reporting().0.alone,
        Some(ModelAlone {
            provider_id: "p-local".into(),
            model: "gpt-4o".into(),
        })
    );
    button("Use the vote").expect("the second advice").click();
    TimeoutFuture::new(0).await;
    let saved = Settings::load_reporting().0;
    assert_eq!(
        saved.alone, None,
        "the vote is a council's: the one model is left"
    );
    assert_eq!(saved.depth, Depth::Vote);
    assert_eq!(state.settings.get_untracked().alone, None);
    assert!(host
        .text_content()
        .unwrap()
        .contains("New consults now use Vote."));
    local_storage().clear().unwrap();
}

/// The button under `host` whose text is `text`.
fn button_named(host: &web_sys::Element, text: &str) -> Option<web_sys::HtmlElement> {
    let buttons = host.query_selector_all("button").unwrap();
    (0..buttons.length())
        .filter_map(|i| buttons.item(i))
        .find(|b| b.text_content().unwrap_or_default() == text)
        .map(|b| b.unchecked_into::<web_sys::HtmlElement>())
}
