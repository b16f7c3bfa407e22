//! The only code that sends requests to providers: `fetch` with an AbortController, streaming bodies
//! read chunk by chunk into the provider's pure stream decoder. Everything about wire formats lives in
//! `consilium-providers`; this file only moves bytes, and turns browser failures into `ProviderError`s.
//! Sync's requests to the user's bucket go out here too (`send_to_bucket`), already presigned by
//! `consilium-bucket`, and come back as that crate's `Outcome`.
use std::cell::RefCell;
use std::rc::Rc;

use consilium_providers::target_address_space;
use consilium_providers::{
    build_chat_request, build_models_request, classify_http_error, parse_chat_reply, parse_models,
    ChatReply, ChatRequest, Endpoint, FetchOutcome, HttpRequest, ModelInfo, ProviderError,
    ProviderKind, StreamDecoder,
};
use futures::future::{select, Either};
use gloo_net::http::{Method, Request, RequestBuilder, Response};
use gloo_timers::future::TimeoutFuture;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{AbortController, ReadableStreamDefaultReader};

/// Cancels every request of one run at once. Cloning shares the same token.
#[derive(Clone, Default)]
pub struct CancelToken(Rc<RefCell<CancelState>>);

#[derive(Default)]
struct CancelState {
    cancelled: bool,
    in_flight: Vec<AbortController>,
}

impl CancelToken {
    pub fn cancel(&self) {
        let mut state = self.0.borrow_mut();
        state.cancelled = true;
        for controller in state.in_flight.drain(..) {
            controller.abort();
        }
    }

    pub fn is_cancelled(&self) -> bool {
        self.0.borrow().cancelled
    }

    fn register(&self) -> AbortController {
        let controller = AbortController::new()
            .expect("AbortController is available in every supported browser");
        if self.is_cancelled() {
            controller.abort();
        }
        self.0.borrow_mut().in_flight.push(controller.clone());
        controller
    }

    fn release(&self, controller: &AbortController) {
        self.0.borrow_mut().in_flight.retain(|c| c != controller);
    }
}

/// Sends one chat request. Text deltas are passed to `on_delta` as they arrive when streaming.
/// `idle_timeout_ms` bounds the wait for the response and then for each chunk of the stream.
pub async fn send_chat(
    endpoint: &Endpoint,
    api_key: Option<&str>,
    request: &ChatRequest,
    idle_timeout_ms: u32,
    cancel: &CancelToken,
    on_delta: &dyn Fn(&str),
) -> Result<ChatReply, ProviderError> {
    let http = build_chat_request(endpoint, api_key, request);
    let controller = cancel.register();
    // A hedged call that loses is dropped mid-request: its request is aborted then, not left
    // streaming to the end.
    let abort_on_drop = AbortOnDrop {
        controller: controller.clone(),
        cancel: cancel.clone(),
    };
    let result = async {
        let response = fetch(&http, &controller, idle_timeout_ms).await?;
        if !response.ok() {
            return Err(error_reply(endpoint.kind, &response).await);
        }
        if request.stream {
            read_stream(
                endpoint.kind,
                &response,
                &controller,
                idle_timeout_ms,
                on_delta,
            )
            .await
        } else {
            let body = with_timeout(response.text(), idle_timeout_ms, &controller)
                .await?
                .map_err(browser_error)?;
            parse_chat_reply(endpoint.kind, &body)
        }
    }
    .await;
    drop(abort_on_drop);
    result.map_err(|e| {
        if cancel.is_cancelled() {
            ProviderError::Cancelled
        } else {
            e
        }
    })
}

/// Aborts a request (a no-op once it has ended) and forgets its controller when dropped.
struct AbortOnDrop {
    controller: AbortController,
    cancel: CancelToken,
}

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.controller.abort();
        self.cancel.release(&self.controller);
    }
}

/// Fetches the provider's model list (with prices where the provider publishes them).
pub async fn list_models(
    endpoint: &Endpoint,
    api_key: Option<&str>,
    timeout_ms: u32,
) -> Result<Vec<ModelInfo>, ProviderError> {
    let http = build_models_request(endpoint, api_key);
    let cancel = CancelToken::default();
    let controller = cancel.register();
    let response = fetch(&http, &controller, timeout_ms).await?;
    if !response.ok() {
        return Err(error_reply(endpoint.kind, &response).await);
    }
    let body = with_timeout(response.text(), timeout_ms, &controller)
        .await?
        .map_err(browser_error)?;
    parse_models(endpoint.kind, &body)
}

/// Sends `http` once and reports how it ended: the status, content type and body; or that fetch
/// itself failed (why is unknown here: `explained` finds out, for the provider check).
pub async fn probe(http: &HttpRequest, timeout_ms: u32) -> FetchOutcome {
    let cancel = CancelToken::default();
    let controller = cancel.register();
    let response = match fetch(http, &controller, timeout_ms).await {
        Ok(response) => response,
        Err(ProviderError::Timeout { after_ms }) => return FetchOutcome::TimedOut { after_ms },
        Err(_) => {
            return FetchOutcome::Failed {
                reachable_without_cors: None,
            }
        }
    };
    let content_type = response.headers().get("content-type").unwrap_or_default();
    let body = match with_timeout(response.text(), timeout_ms, &controller).await {
        Ok(body) => body.unwrap_or_default(),
        Err(ProviderError::Timeout { after_ms }) => return FetchOutcome::TimedOut { after_ms },
        Err(_) => String::new(),
    };
    FetchOutcome::Answered {
        status: response.status(),
        content_type,
        body,
    }
}

/// One presigned request to the sync bucket (`method` GET, PUT or DELETE; the signature is in
/// `url`, no header carries a secret), and how it ended: its status and body, or whether fetch
/// failed only because of CORS. A redirect fails: a bucket's own address does not redirect.
pub async fn send_to_bucket(
    method: &str,
    url: &str,
    body: Option<&[u8]>,
    timeout_ms: u32,
) -> (consilium_bucket::reply::Outcome, Vec<u8>) {
    use consilium_bucket::reply::Outcome;
    let controller = CancelToken::default().register();
    let method = match method {
        "PUT" => Method::PUT,
        "DELETE" => Method::DELETE,
        _ => Method::GET,
    };
    let builder = RequestBuilder::new(url)
        .method(method)
        .redirect(web_sys::RequestRedirect::Error)
        .abort_signal(Some(&controller.signal()));
    let request = match body {
        Some(bytes) => builder.body(js_sys::Uint8Array::from(bytes)),
        None => builder.build(),
    };
    let Ok(request) = request else {
        return (
            Outcome::Failed {
                reachable_without_cors: false,
            },
            Vec::new(),
        );
    };
    let request = with_address_space(request, url);
    let response = match with_timeout(request.send(), timeout_ms, &controller).await {
        Ok(Ok(response)) => response,
        Err(_) => return (Outcome::TimedOut, Vec::new()),
        Ok(Err(_)) => {
            let (address, _) = url.split_once('?').unwrap_or((url, ""));
            let reachable_without_cors = answers_at(address, timeout_ms).await;
            return (
                Outcome::Failed {
                    reachable_without_cors,
                },
                Vec::new(),
            );
        }
    };
    let status = response.status();
    let bytes = match with_timeout(response.binary(), timeout_ms, &controller).await {
        Ok(Ok(bytes)) => bytes,
        Ok(Err(_)) => Vec::new(),
        Err(_) => return (Outcome::TimedOut, Vec::new()),
    };
    // The body as text only for an error (S3's XML); an object's bytes are handed back as they are.
    let text = if (200..300).contains(&status) {
        String::new()
    } else {
        String::from_utf8_lossy(&bytes).into_owned()
    };
    (Outcome::Answered { status, body: text }, bytes)
}

/// `outcome` of `http`, with a failed fetch explained by keyless requests to the same address:
/// a redirect (which a keyed request refuses to follow), something that answers (so only CORS
/// refused), or nothing. Only the provider check asks, so this stays in its wasm part.
pub async fn explained(outcome: FetchOutcome, http: &HttpRequest, timeout_ms: u32) -> FetchOutcome {
    if !matches!(
        outcome,
        FetchOutcome::Failed {
            reachable_without_cors: None
        }
    ) {
        return outcome;
    }
    let (address, _) = http.address_and_query();
    // A keyless request that stops at a redirect (a `cors` one: the browser refuses `manual`
    // redirects to `no-cors` requests) finds a redirect; else any answer at all means only CORS
    // refused.
    let stops_at_redirect = RequestBuilder::new(address).redirect(web_sys::RequestRedirect::Manual);
    if let Some(response) = keyless_get(stops_at_redirect, address, timeout_ms).await {
        if response.type_() == web_sys::ResponseType::Opaqueredirect {
            return FetchOutcome::Redirected;
        }
    }
    FetchOutcome::Failed {
        reachable_without_cors: Some(answers_at(address, timeout_ms).await),
    }
}

/// Whether a keyless `no-cors` GET of `address` gets any (opaque) answer: something listens there.
async fn answers_at(address: &str, timeout_ms: u32) -> bool {
    let any_answer = RequestBuilder::new(address).mode(web_sys::RequestMode::NoCors);
    keyless_get(any_answer, address, timeout_ms).await.is_some()
}

async fn keyless_get(builder: RequestBuilder, address: &str, timeout_ms: u32) -> Option<Response> {
    let controller = CancelToken::default().register();
    let request = builder
        .abort_signal(Some(&controller.signal()))
        .build()
        .ok()?;
    let request = with_address_space(request, address);
    with_timeout(request.send(), timeout_ms, &controller)
        .await
        .ok()?
        .ok()
}

async fn fetch(
    http: &HttpRequest,
    controller: &AbortController,
    timeout_ms: u32,
) -> Result<Response, ProviderError> {
    let method = if http.method.eq_ignore_ascii_case("GET") {
        Method::GET
    } else {
        Method::POST
    };
    let (address, query) = http.address_and_query();
    let mut builder = RequestBuilder::new(address)
        .query(query)
        .method(method)
        .abort_signal(Some(&controller.signal()));
    for (name, value) in &http.headers {
        builder = builder.header(name, value);
    }
    if http.carries_key() {
        // A redirect would take the key along: the browser re-sends custom headers such as
        // `x-api-key` and `x-goog-api-key` to the new host. A provider's own
        // address never redirects an API call, so one that does fails as a network error.
        builder = builder.redirect(web_sys::RequestRedirect::Error);
    }
    let request = if http.body.is_empty() {
        builder.build()
    } else {
        builder.body(http.body.clone())
    }
    .map_err(|e| ProviderError::Network {
        detail: e.to_string(),
    })?;
    let request = with_address_space(request, address);
    with_timeout(request.send(), timeout_ms, controller)
        .await?
        .map_err(browser_error)
}

/// Chrome's Local Network Access (142 and later): a request from an https page to a server on
/// this device or the local network declares which (`targetAddressSpace`: `loopback` or `local`).
/// A browser that does not know the member ignores it; one that refuses its value (an earlier
/// naming) throws before anything is sent, and the request goes as it was.
fn with_address_space(request: Request, address: &str) -> Request {
    let Some(space) = target_address_space(address) else {
        return request;
    };
    // The page's or the run worker's own address (a worker's is the page's origin).
    let secure_page = js_sys::Reflect::get(&js_sys::global(), &"location".into())
        .and_then(|location| js_sys::Reflect::get(&location, &"protocol".into()))
        .ok()
        .and_then(|protocol| protocol.as_string())
        .is_some_and(|protocol| protocol == "https:");
    if !secure_page {
        return request;
    }
    let init = web_sys::RequestInit::new();
    if js_sys::Reflect::set(&init, &"targetAddressSpace".into(), &space.into()).is_err() {
        return request;
    }
    let original: web_sys::Request = request.into();
    match web_sys::Request::new_with_request_and_init(&original, &init) {
        Ok(declared) => declared.into(),
        Err(_) => original.into(),
    }
}

async fn error_reply(kind: ProviderKind, response: &Response) -> ProviderError {
    let retry_after = response.headers().get("retry-after");
    let body = response.text().await.unwrap_or_default();
    classify_http_error(kind, response.status(), retry_after.as_deref(), &body)
}

async fn read_stream(
    kind: ProviderKind,
    response: &Response,
    controller: &AbortController,
    idle_timeout_ms: u32,
    on_delta: &dyn Fn(&str),
) -> Result<ChatReply, ProviderError> {
    let Some(body) = response.body() else {
        return Err(ProviderError::Malformed {
            detail: "the streamed reply had no body".into(),
        });
    };
    let reader: ReadableStreamDefaultReader = body.get_reader().unchecked_into();
    let mut decoder = StreamDecoder::new(kind);
    loop {
        let chunk =
            match with_timeout(JsFuture::from(reader.read()), idle_timeout_ms, controller).await? {
                Ok(chunk) => chunk,
                // The connection dropped mid-stream: what arrived is kept, and marked incomplete.
                Err(_) => {
                    return Err(ProviderError::Incomplete {
                        partial_text: decoder.text_so_far().to_string(),
                    })
                }
            };
        let done = js_sys::Reflect::get(&chunk, &"done".into())
            .map(|v| v.is_truthy())
            .unwrap_or(true);
        if done {
            return decoder.finish();
        }
        let value = js_sys::Reflect::get(&chunk, &"value".into()).unwrap_or_default();
        let bytes = js_sys::Uint8Array::new(&value).to_vec();
        for delta in decoder.feed(&bytes)? {
            on_delta(&delta);
        }
    }
}

/// Races `future` against a timer; on timeout the request is aborted.
async fn with_timeout<F: std::future::Future>(
    future: F,
    timeout_ms: u32,
    controller: &AbortController,
) -> Result<F::Output, ProviderError> {
    let future = std::pin::pin!(future);
    match select(future, TimeoutFuture::new(timeout_ms)).await {
        Either::Left((output, _)) => Ok(output),
        Either::Right(_) => {
            controller.abort();
            Err(ProviderError::Timeout {
                after_ms: u64::from(timeout_ms),
            })
        }
    }
}

/// fetch rejects with a bare TypeError for DNS failures, refused connections and CORS alike.
fn browser_error<E: std::fmt::Display>(error: E) -> ProviderError {
    let detail = error.to_string();
    if detail.contains("AbortError") {
        ProviderError::Cancelled
    } else {
        ProviderError::Network { detail }
    }
}
