//! Markdown in model text, mounted in a real DOM: an XSS corpus (script, onerror, javascript:
//! links, iframes, svg) executes nothing and creates no active element.
#![cfg(target_arch = "wasm32")]

use consilium::ui::widgets::rich_text::RichText;
use consilium_engine::testing::XSS_CORPUS;
use gloo_timers::future::TimeoutFuture;
use leptos::prelude::*;
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
async fn an_xss_corpus_in_model_text_runs_nothing() {
    let window = web_sys::window().unwrap();
    let document = window.document().unwrap();
    let host = document.create_element("div").unwrap();
    host.set_id("xss-host");
    document.body().unwrap().append_child(&host).unwrap();
    let text = XSS_CORPUS.join("\n\n");
    let html_host: web_sys::HtmlElement = wasm_bindgen::JsCast::unchecked_into(host.clone());
    let _mounted =
        leptos::mount::mount_to(html_host, move || view! { <RichText text=text.clone() /> });
    // Give any payload the time to run (image errors, svg load).
    TimeoutFuture::new(300).await;
    let executed = js_sys::Reflect::get(&window, &JsValue::from_str("__xss")).unwrap();
    assert!(executed.is_undefined(), "a payload ran");
    for selector in [
        "script",
        "img",
        "iframe",
        "svg",
        "object",
        "embed",
        "[onerror]",
        "[onload]",
        "[style]",
        "a[href^='javascript' i]",
        "a[href^='data' i]",
    ] {
        let found = host.query_selector_all(selector).unwrap().length();
        assert_eq!(found, 0, "{selector} in {}", host.inner_html());
    }
    // Nothing is dropped silently: the payloads are there as text to read.
    assert!(host
        .text_content()
        .unwrap()
        .contains("<script>window.__xss = 1</script>"));
    // Links that are kept carry the rel.
    let _more = leptos::mount::mount_to(
        wasm_bindgen::JsCast::unchecked_into(host.clone()),
        || view! { <RichText text="[docs](https://example.com) and [mail](mailto:a@b.c)" /> },
    );
    let links = host.query_selector_all("a").unwrap();
    assert_eq!(links.length(), 2);
    for i in 0..links.length() {
        let link: web_sys::Element = wasm_bindgen::JsCast::unchecked_into(links.get(i).unwrap());
        assert_eq!(
            link.get_attribute("rel").as_deref(),
            Some("noopener noreferrer nofollow")
        );
    }
}
