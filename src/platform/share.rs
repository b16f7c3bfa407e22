//! Share links: the payload (engine, `library::share`) compressed with the browser's own
//! CompressionStream ("deflate-raw") and written in base64url into the URL fragment, and back.
use consilium_engine::library::share::{
    base64url_decode, base64url_encode, check_inflated, check_length, read_shared_thread,
    thread_share_payload_with, OutcomeNotes, SHARED_PREFIX,
};
use consilium_engine::record::Session;
use js_sys::{Array, Function, Reflect, Uint8Array};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

const FORMAT: &str = "deflate-raw";

/// Why an inflated link was not read.
enum Unread {
    Damaged,
    TooLarge(String),
}

/// Pipes `bytes` through a `CompressionStream` or `DecompressionStream`, reading the output chunk
/// by chunk and stopping once past `MAX_SHARED_JSON_BYTES` (`check_inflated`): a crafted link
/// must not inflate until the tab runs out of memory.
async fn through_capped(bytes: &[u8], stream: &str) -> Result<Vec<u8>, Unread> {
    let piped = piped(bytes, stream).map_err(|_| Unread::Damaged)?;
    let reader: web_sys::ReadableStreamDefaultReader = piped.get_reader().unchecked_into();
    let mut out = Vec::new();
    loop {
        let chunk = JsFuture::from(reader.read())
            .await
            .map_err(|_| Unread::Damaged)?;
        let done = Reflect::get(&chunk, &"done".into())
            .map(|v| v.is_truthy())
            .unwrap_or(true);
        if done {
            return Ok(out);
        }
        let value = Reflect::get(&chunk, &"value".into()).unwrap_or_default();
        out.extend(Uint8Array::new(&value).to_vec());
        if let Err(sentence) = check_inflated(out.len()) {
            let _ = reader.cancel();
            return Err(Unread::TooLarge(sentence));
        }
    }
}

/// `bytes` as a stream piped through a `CompressionStream` or `DecompressionStream`.
fn piped(bytes: &[u8], stream: &str) -> Result<web_sys::ReadableStream, JsValue> {
    let class: Function =
        Reflect::get(&js_sys::global(), &JsValue::from_str(stream))?.dyn_into()?;
    let transform = Reflect::construct(&class, &Array::of1(&JsValue::from_str(FORMAT)))?;
    let blob = web_sys::Blob::new_with_u8_array_sequence(&Array::of1(&Uint8Array::from(bytes)))?;
    let source = blob.stream();
    let pipe: Function = Reflect::get(&source, &JsValue::from_str("pipeThrough"))?.dyn_into()?;
    pipe.call1(&source, &transform)?.dyn_into()
}

/// Pipes `bytes` through a `CompressionStream` or `DecompressionStream`.
async fn through(bytes: &[u8], stream: &str) -> Result<Vec<u8>, JsValue> {
    let piped = piped(bytes, stream)?;
    let response = web_sys::Response::new_with_opt_readable_stream(Some(&piped))?;
    let buffer = JsFuture::from(response.array_buffer()?).await?;
    Ok(Uint8Array::new(&buffer).to_vec())
}

/// The link to a session (or to every turn of its thread, in order) on this page's address, or
/// why there is none.
pub async fn share_link(turns: &[Session], notes: OutcomeNotes) -> Result<String, String> {
    let unavailable = |_| {
        "This browser cannot compress (CompressionStream is missing): share the HTML file instead."
            .to_string()
    };
    let compressed = through(
        thread_share_payload_with(turns, notes).as_bytes(),
        "CompressionStream",
    )
    .await
    .map_err(unavailable)?;
    let location = web_sys::window().ok_or("no window")?.location();
    let href = location.href().unwrap_or_default();
    let base = href.split('#').next().unwrap_or_default();
    let link = format!("{base}{SHARED_PREFIX}{}", base64url_encode(&compressed));
    check_length(&link)?;
    Ok(link)
}

/// The session a link's data holds (a thread's turns, in order).
pub async fn open_shared(data: &str) -> Result<Vec<Session>, String> {
    let compressed = base64url_decode(data)?;
    let json = through_capped(&compressed, "DecompressionStream")
        .await
        .map_err(|unread| match unread {
            Unread::Damaged => {
                "This link is damaged (it was cut or changed). Ask for it again.".to_string()
            }
            Unread::TooLarge(sentence) => sentence,
        })?;
    read_shared_thread(&String::from_utf8_lossy(&json))
}
