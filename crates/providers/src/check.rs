//! Checking a provider before a run: what one probe (the model list, then a one-word call) says
//! about it, told apart into causes that each have their own fix. The browser only gathers the
//! facts (the page's address, the target, how the fetch ended, and whether a no-cors probe of the
//! same address got through); the diagnosis is this pure rule.
use crate::chat::parse_chat_reply;
use crate::classify::{classify_http_error, web_page_title};
use crate::error::ProviderError;
use crate::models::parse_models;
use crate::types::{ModelInfo, ProviderKind};

/// The browser the page runs in, as far as the check cares: each blocks local servers its own way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Browser {
    Chrome,
    Safari,
    Firefox,
    Other,
}

impl Browser {
    /// From `navigator.userAgent`: Chromium-based browsers name Safari too, so Chrome is asked first.
    pub fn from_user_agent(agent: &str) -> Self {
        if agent.contains("Firefox/") {
            Self::Firefox
        } else if ["Chrome/", "Chromium/", "Edg/", "CriOS/"]
            .iter()
            .any(|name| agent.contains(name))
        {
            Self::Chrome
        } else if agent.contains("Safari/") {
            Self::Safari
        } else {
            Self::Other
        }
    }
}

/// Which request of the check the facts are about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CheckStep {
    /// GET the model list: reachable, key accepted, models listed.
    ModelList,
    /// A one-word call to the default model: the model exists and answers.
    Call,
}

/// How the fetch ended.
#[derive(Clone, Debug, PartialEq)]
pub enum FetchOutcome {
    /// fetch rejected (a TypeError: refused, blocked or unreachable alike). `reachable_without_cors`
    /// says whether a `no-cors` fetch of the same address got an (opaque) answer: then something
    /// listens there and only the CORS check refused.
    Failed {
        reachable_without_cors: Option<bool>,
    },
    TimedOut {
        after_ms: u64,
    },
    /// The address answered with a redirect, which a request carrying a key never follows (the
    /// browser would send the key along to the new host): seen by a keyless probe that stops at
    /// the redirect.
    Redirected,
    Answered {
        status: u16,
        content_type: String,
        body: String,
    },
}

/// Everything the diagnosis needs, gathered by the browser.
#[derive(Clone, Debug, PartialEq)]
pub struct CheckFacts {
    /// `location.href` of the page making the call.
    pub page_url: String,
    /// The provider's base URL.
    pub target_url: String,
    pub kind: ProviderKind,
    pub browser: Browser,
    pub step: CheckStep,
    pub outcome: FetchOutcome,
}

/// The cause a failed check found; each has its own fix.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Problem {
    NothingListening,
    CorsRefused,
    /// The address redirects elsewhere: the key is never sent after a redirect.
    Redirects,
    LocalNetworkAccess,
    SafariLocalhost,
    MixedContent,
    /// The page's Content-Security-Policy allows plain http only to 127.0.0.1 and localhost.
    AddressNotAllowed,
    WebPage,
    BadKey,
    AnthropicBrowserAccess,
    /// The base URL has no model list (a 404 there): usually a missing `/v1`.
    NoApiHere,
    UnknownModel,
    NotAnApi,
    TimedOut,
    /// Anything else the provider answered (rate limit, server error…), in its own words.
    Other,
}

impl Problem {
    /// A few words for a picker: what failed, not the fix.
    pub fn label(self) -> &'static str {
        match self {
            Self::NothingListening => "not reachable",
            Self::CorsRefused => "refuses this page (CORS)",
            Self::Redirects => "redirects elsewhere",
            Self::LocalNetworkAccess => "local network access blocked",
            Self::SafariLocalhost => "Safari blocks localhost",
            Self::MixedContent => "blocked: http from https",
            Self::AddressNotAllowed => "address not allowed",
            Self::WebPage => "a web page, not an API",
            Self::BadKey => "key refused",
            Self::AnthropicBrowserAccess => "refuses browser calls",
            Self::NoApiHere => "no API at this URL",
            Self::UnknownModel => "unknown model",
            Self::NotAnApi => "not this API format",
            Self::TimedOut => "timed out",
            Self::Other => "error",
        }
    }
}

/// A failed check: the cause, what happened in one sentence, the fix in one sentence, and what
/// the check tried (each request and how it ended), so a server that works but differs from the
/// others in some detail shows the detail.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnosis {
    pub problem: Problem,
    pub what: String,
    pub fix: String,
    pub tried: Vec<String>,
}

impl Diagnosis {
    /// "what fix", the two sentences the app shows.
    pub fn sentence(&self) -> String {
        if self.fix.is_empty() {
            self.what.clone()
        } else {
            format!("{} {}", self.what, self.fix)
        }
    }

    /// "Tried: GET …/models: HTTP 404; POST …/chat/completions (model “m”): HTTP 400, “…”."; empty
    /// when the check recorded no step.
    pub fn tried_sentence(&self) -> String {
        // Written out rather than joined: the health line is on the first screen, and `join`
        // would bring its generic copy there (0.8 KB).
        let mut sentence = String::new();
        for (index, step) in self.tried.iter().enumerate() {
            sentence.push_str(if index == 0 { "Tried: " } else { "; " });
            sentence.push_str(step);
        }
        if !sentence.is_empty() {
            sentence.push('.');
        }
        sentence
    }
}

/// Where an address points, as browsers classify it for mixed content and local network access.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Place {
    Loopback,
    Private,
    Public,
}

fn scheme_and_host(url: &str) -> (String, String) {
    let lower = url.trim().to_ascii_lowercase();
    let (scheme, rest) = lower.split_once("://").unwrap_or(("", lower.as_str()));
    let authority = rest.split(['/', '?', '#']).next().unwrap_or("");
    let authority = authority.rsplit('@').next().unwrap_or(authority);
    let host = if let Some(v6) = authority.strip_prefix('[') {
        v6.split(']').next().unwrap_or("").to_string()
    } else {
        authority.split(':').next().unwrap_or("").to_string()
    };
    (scheme.to_string(), host)
}

fn place_of(host: &str) -> Place {
    let octets: Vec<u8> = host.split('.').filter_map(|p| p.parse().ok()).collect();
    let ipv4 = octets.len() == 4 && host.split('.').count() == 4;
    if host == "localhost" || host.ends_with(".localhost") || host == "::1" {
        return Place::Loopback;
    }
    if ipv4 {
        return match octets[..] {
            [127, ..] => Place::Loopback,
            [10, ..] | [192, 168, ..] | [169, 254, ..] => Place::Private,
            [172, b, ..] if (16..=31).contains(&b) => Place::Private,
            _ => Place::Public,
        };
    }
    if host.ends_with(".local") || host.starts_with("fd") && host.contains(':') {
        Place::Private
    } else {
        Place::Public
    }
}

/// Whether `url` is a server on this machine or the local network (priced $0, started by the user).
pub fn is_local_address(url: &str) -> bool {
    place_of(&scheme_and_host(url).1) != Place::Public
}

/// The address space Chrome's Local Network Access (142 and later) wants a request from an https
/// page to declare (`targetAddressSpace`): `loopback` for a server on this device, `local` for one
/// on the local network; None for a public server, which declares nothing.
pub fn target_address_space(url: &str) -> Option<&'static str> {
    match place_of(&scheme_and_host(url).1) {
        Place::Loopback => Some("loopback"),
        Place::Private => Some("local"),
        Place::Public => None,
    }
}

/// How to start the server at `url` so a web page may call it, known by its usual port. The views
/// show these as plain text, so a command is set in quotes, never in Markdown backticks.
fn start_hint(url: &str, page_url: &str) -> String {
    if url.contains(":11434") {
        format!(
            "Start Ollama allowing this page, e.g. “OLLAMA_ORIGINS={} ollama serve”.",
            origin_of(page_url)
        )
    } else if url.contains(":1234") {
        "Start LM Studio's server (Developer tab) with \"Enable CORS\" switched on.".into()
    } else if url.contains(":8080") {
        "Start llama.cpp's server, e.g. “llama-server --host 127.0.0.1 --port 8080 -m model.gguf”."
            .into()
    } else {
        "Start the server, or fix the base URL and port in Settings.".into()
    }
}

fn cors_fix(url: &str, page_url: &str) -> String {
    if url.contains(":11434") {
        format!(
            "Restart Ollama allowing this page, e.g. “OLLAMA_ORIGINS={} ollama serve”.",
            origin_of(page_url)
        )
    } else if url.contains(":1234") {
        "Switch on \"Enable CORS\" in LM Studio's server settings, then start the server again."
            .into()
    } else {
        "Allow this page's origin in the server's CORS settings (llama.cpp's llama-server allows it by default)."
            .into()
    }
}

/// The page's origin (`https://consilium.example`), what a server's CORS setting should allow:
/// only this page, not every page the browser opens (`*`).
pub fn origin_of(page_url: &str) -> String {
    let (scheme, rest) = page_url.split_once("://").unwrap_or(("https", page_url));
    let authority = rest.split(['/', '?', '#']).next().unwrap_or(rest);
    format!("{scheme}://{authority}")
}

fn diagnosis(problem: Problem, what: String, fix: impl Into<String>) -> Diagnosis {
    Diagnosis {
        problem,
        what,
        fix: fix.into(),
        tried: Vec::new(),
    }
}

/// The most of a server's error reply a tried step quotes.
const TRIED_REPLY_CHARS: usize = 160;

/// One request the check made and how it ended, as a failure lists it: "GET
/// http://127.0.0.1:8080/v1/models: HTTP 200", "POST …/chat/completions (model “m”): HTTP 400,
/// “unsupported parameter: seed”". The address loses its query and the quoted reply loses any
/// copy of `secret` (a server may echo the key it refused).
pub fn tried_step(
    request_method: &str,
    request_url: &str,
    model: Option<&str>,
    outcome: &FetchOutcome,
    secret: Option<&str>,
) -> String {
    let address = request_url.split(['?', '#']).next().unwrap_or(request_url);
    let asked = model.map_or(String::new(), |m| format!(" (model “{m}”)"));
    let ended = match outcome {
        FetchOutcome::Failed {
            reachable_without_cors: Some(true),
        } => "answered, but not to this page (CORS)".to_string(),
        FetchOutcome::Failed { .. } => "no answer".to_string(),
        FetchOutcome::Redirected => {
            "a redirect to another address, not followed (it would take the key along)".to_string()
        }
        FetchOutcome::TimedOut { after_ms } => {
            format!("nothing in {:.0} s", *after_ms as f64 / 1000.0)
        }
        FetchOutcome::Answered { status, body, .. } => {
            let mut reply = crate::classify::error_detail(body)
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ");
            if let Some(secret) = secret.filter(|s| s.len() >= 4) {
                reply = reply.replace(secret, "…");
            }
            if let Some((cut, _)) = reply.char_indices().nth(TRIED_REPLY_CHARS) {
                reply = format!("{}…", &reply[..cut]);
            }
            if (200..300).contains(status) || reply.is_empty() {
                format!("HTTP {status}")
            } else {
                format!("HTTP {status}, “{reply}”")
            }
        }
    };
    format!("{request_method} {address}{asked}: {ended}")
}

/// Why a fetch that never got an answer failed, from where the page and the target are.
fn blocked_or_unreachable(facts: &CheckFacts, reachable_without_cors: Option<bool>) -> Diagnosis {
    let url = facts.target_url.trim_end_matches('/');
    let (page_scheme, _) = scheme_and_host(&facts.page_url);
    let (target_scheme, target_host) = scheme_and_host(url);
    let target = place_of(&target_host);
    let secure_page = page_scheme == "https";
    if target_scheme == "http" && target != Place::Loopback {
        if secure_page {
            return diagnosis(
                Problem::MixedContent,
                format!("This page is served over https, so the browser blocks the plain-http address {url} (mixed content)."),
                "Serve the model over https, or open Consilium from http://localhost and use the server from there.",
            );
        }
        return diagnosis(
            Problem::AddressNotAllowed,
            format!(
                "This page may call plain-http servers only on 127.0.0.1 or localhost, not {url}."
            ),
            "Use an https address for that server, or run it on this machine.",
        );
    }
    if secure_page && target != Place::Public {
        match facts.browser {
            Browser::Safari if target_scheme == "http" => {
                return diagnosis(
                    Problem::SafariLocalhost,
                    format!("Safari does not let an https page call {url}."),
                    "Open Consilium from http://localhost (“scripts/serve.sh” serves it there), or use Chrome or Firefox for local models.",
                )
            }
            Browser::Chrome if reachable_without_cors != Some(true) => {
                // Chrome 142 asks apart for this device (loopback) and for the local network.
                let (place, asks) = if target == Place::Loopback {
                    ("on this device", "to reach apps and services on this device")
                } else {
                    ("on your local network", "to reach devices on your local network")
                };
                return diagnosis(
                    Problem::LocalNetworkAccess,
                    format!("Chrome blocked this https page from reaching {url} {place}."),
                    format!(
                        "Allow \"Local network access\" when Chrome asks for this site {asks} \
                         (or in the site settings beside the address bar), then test again."
                    ),
                )
            }
            _ => {}
        }
    }
    match reachable_without_cors {
        Some(true) => diagnosis(
            Problem::CorsRefused,
            format!("The server at {url} answers, but does not allow calls from this page (CORS)."),
            cors_fix(url, &facts.page_url),
        ),
        _ if target == Place::Public => diagnosis(
            Problem::NothingListening,
            format!("Could not reach {url}."),
            "Check the address and your connection.",
        ),
        _ => diagnosis(
            Problem::NothingListening,
            format!("No server is running at {url}."),
            start_hint(url, &facts.page_url),
        ),
    }
}

/// Anthropic refuses direct browser calls for some organisations, whatever the key.
fn anthropic_refuses_browsers(kind: ProviderKind, body: &str) -> bool {
    let lower = body.to_ascii_lowercase();
    kind == ProviderKind::Anthropic && (lower.contains("cors") || lower.contains("browser"))
}

fn answered(facts: &CheckFacts, status: u16, content_type: &str, body: &str) -> Diagnosis {
    let url = facts.target_url.trim_end_matches('/');
    let html = content_type.to_ascii_lowercase().contains("text/html");
    if (200..300).contains(&status) && (html || web_page_title(body).is_some()) {
        return diagnosis(
            Problem::WebPage,
            format!("{url} answered with a web page, not an API."),
            "Fix the base URL in Settings: it usually ends in /v1 (e.g. http://127.0.0.1:8080/v1).",
        );
    }
    if (400..404).contains(&status) && anthropic_refuses_browsers(facts.kind, body) {
        return diagnosis(
            Problem::AnthropicBrowserAccess,
            "Anthropic refuses calls from a browser for this account.".into(),
            "Use Claude through OpenRouter instead (one key, called from the browser).",
        );
    }
    if !(200..300).contains(&status) {
        return match classify_http_error(facts.kind, status, None, body) {
            ProviderError::Auth { status, .. } => diagnosis(
                Problem::BadKey,
                format!("The key was refused (HTTP {status})."),
                "Paste a valid key for this provider.",
            ),
            ProviderError::UnknownModel { status: 404, .. } if facts.step == CheckStep::ModelList => {
                diagnosis(
                    Problem::NoApiHere,
                    format!("{url} has no model list (HTTP 404)."),
                    "The base URL probably lacks /v1 (e.g. http://127.0.0.1:8080/v1) or points at the wrong server.",
                )
            }
            ProviderError::UnknownModel { status, .. } => diagnosis(
                Problem::UnknownModel,
                format!("The provider does not know this model (HTTP {status})."),
                "Pick a model from its list.",
            ),
            other => diagnosis(
                Problem::Other,
                format!("The provider answered with an error: {other}."),
                "",
            ),
        };
    }
    diagnosis(
        Problem::NotAnApi,
        format!(
            "{url} answered, but not in the {} format.",
            facts.kind.wire_format_name()
        ),
        "Check the provider's kind and base URL in Settings.",
    )
}

/// The check's verdict on one step: for the model list, the models it names.
pub fn diagnose(facts: &CheckFacts) -> Result<Vec<ModelInfo>, Diagnosis> {
    match &facts.outcome {
        FetchOutcome::Failed {
            reachable_without_cors,
        } => Err(blocked_or_unreachable(facts, *reachable_without_cors)),
        FetchOutcome::Redirected => Err(diagnosis(
            Problem::Redirects,
            format!(
                "{} answers with a redirect to another address, and your key is never sent after \
                 a redirect (the browser would pass it on to the new host).",
                facts.target_url.trim_end_matches('/')
            ),
            "Use the address it redirects to as the base URL (open the address in a tab to see \
             where it leads).",
        )),
        FetchOutcome::TimedOut { after_ms } => Err(diagnosis(
            Problem::TimedOut,
            format!(
                "{} sent nothing for {:.0} s.",
                facts.target_url.trim_end_matches('/'),
                *after_ms as f64 / 1000.0
            ),
            "Check that the server is not busy or stuck, then test again.",
        )),
        FetchOutcome::Answered {
            status,
            content_type,
            body,
        } => {
            let ok = (200..300).contains(status);
            let parsed = match facts.step {
                _ if !ok => None,
                _ if content_type.to_ascii_lowercase().contains("text/html") => None,
                CheckStep::ModelList => parse_models(facts.kind, body).ok(),
                CheckStep::Call => parse_chat_reply(facts.kind, body).ok().map(|_| Vec::new()),
            };
            parsed.ok_or_else(|| answered(facts, *status, content_type, body))
        }
    }
}

/// Whether a failed model-list step still lets the check make its call: an address that has no
/// list (a 404 there; Gemini-style servers that serve no list) may still answer calls. Anything
/// else (unreachable, key refused, a web page) fails the call the same way, so it stops the check.
pub fn list_unavailable(list: &Diagnosis) -> bool {
    list.problem == Problem::NoApiHere
}

/// What a failed call means when the address had no model list: a call that also finds nothing
/// (an unknown model, a 404) says the address is wrong, as the list did; any other failure (a
/// refused key, a rate limit) is the call's own.
pub fn call_failure(missing_list: Option<&Diagnosis>, call: Diagnosis) -> Diagnosis {
    match missing_list {
        Some(list) if call.problem == Problem::UnknownModel => list.clone(),
        _ => call,
    }
}

/// The model name a server is added with when the user has not named one ("Any OpenAI-compatible
/// server", the llama.cpp preset): llama.cpp answers under any name, other servers only under one
/// they list.
pub const UNNAMED_MODEL: &str = "default";

/// The model the check's test call asks: the provider's default, unless that is the unnamed
/// placeholder and the server listed models, then the first it listed (a server answering under
/// any name serves what it has loaded, and one that does not would refuse the placeholder). The
/// check saves the model that answered as the provider's default, so seats name a real model.
pub fn model_to_check(default_model: &str, listed: &[String]) -> String {
    let default = default_model.trim();
    match listed.first() {
        Some(first) if default == UNNAMED_MODEL && !listed.iter().any(|m| m == default) => {
            first.clone()
        }
        _ => default.to_string(),
    }
}

/// Whether `model` is among the listed models; an empty list says nothing (None).
pub fn model_listed(models: &[String], model: &str) -> Option<bool> {
    (!models.is_empty()).then(|| models.iter().any(|m| m == model.trim()))
}
