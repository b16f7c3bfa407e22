//! Share link lengths: the share payload (`library::share::share_payload`) of the three demo sessions and of
//! the recorded consultations of `filtering_savings`, compressed with deflate-raw (flate2, level 6,
//! zlib's default, which the browser's CompressionStream also uses) and base64url-encoded, plus the
//! `#/shared/` route. The browser's zlib may differ from miniz_oxide by a few bytes either way.
//!
//!     cargo run -q -p consilium-engine --example share_link_lengths
#[allow(dead_code)]
#[path = "filtering_savings.rs"]
mod savings;

use std::io::Write;

use base64::Engine as _;
use consilium_engine::library::share::{
    share_payload as shared_json, MAX_LINK_CHARS as SHARE_LINK_MAX_CHARS, SHARED_PREFIX as ROUTE,
};
use consilium_engine::prioritize::demo::{demo_backlog, demo_prioritize_config};
use consilium_engine::review::demo::{demo_review_config, DEMO_DIFF};
use consilium_engine::testing::{FixedClock, RecordingSink, ScriptedCaller};
use consilium_engine::{
    consult::demo::demo_config, consult::demo::DEMO_QUESTION, consult::run_consult,
    prioritize::run_prioritize, record::Session, review::run_review,
};
use flate2::{write::DeflateEncoder, Compression};
use futures::executor::block_on;

fn link_chars(session: &Session) -> (usize, usize, usize) {
    let json = shared_json(session);
    let mut encoder = DeflateEncoder::new(Vec::new(), Compression::new(6));
    encoder.write_all(json.as_bytes()).expect("deflate");
    let deflated = encoder.finish().expect("deflate");
    let encoded = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(&deflated);
    (json.len(), deflated.len(), ROUTE.len() + encoded.len())
}

fn demos() -> Vec<(String, Session)> {
    let now = 1_700_000_000_000;
    let consult = Session::new_consult(
        "demo-consult".into(),
        DEMO_QUESTION.into(),
        demo_config(),
        now,
    );
    let consult = block_on(run_consult(
        consult,
        &ScriptedCaller::over_demo(),
        &FixedClock(now),
        &RecordingSink::default(),
    ));
    let review = Session::new_review(
        "demo-review".into(),
        DEMO_DIFF.into(),
        demo_review_config(),
        now,
    );
    let caller = ScriptedCaller::new(|r| Ok(consilium_engine::review::demo::demo_reply(r)));
    let review = block_on(run_review(
        review,
        &caller,
        &FixedClock(now),
        &RecordingSink::default(),
    ));
    let prioritize = Session::new_prioritize(
        "demo-prioritize".into(),
        demo_backlog(),
        demo_prioritize_config(),
        now,
    );
    let caller = ScriptedCaller::new(|r| Ok(consilium_engine::prioritize::demo::demo_reply(r)));
    let prioritize = block_on(run_prioritize(
        prioritize,
        &caller,
        &FixedClock(now),
        &RecordingSink::default(),
    ));
    vec![
        ("demo council (Consult)".into(), consult),
        ("demo review (Review)".into(), review),
        ("demo prioritization (Prioritize)".into(), prioritize),
    ]
}

fn main() {
    let mut sessions = demos();
    for c in savings::CONSULTATIONS {
        sessions.push((
            format!("recorded consult: {}", c.name),
            savings::recorded_session(c, false).0,
        ));
    }
    println!("| session | record JSON (bytes) | share payload (bytes) | deflate-raw (bytes) | link (characters) | fits ({SHARE_LINK_MAX_CHARS}) |");
    println!("|---|---|---|---|---|---|");
    for (name, session) in &sessions {
        let full = serde_json::to_string(session).unwrap_or_default().len();
        let (payload, deflated, link) = link_chars(session);
        let fits = if link <= SHARE_LINK_MAX_CHARS {
            "yes"
        } else {
            "no"
        };
        println!("| {name} | {full} | {payload} | {deflated} | {link} | {fits} |");
    }
    println!(
        "\nPayload: the record without raw replies (each kept as an empty reply, so the log and costs stay; `library::share::share_payload`), compact JSON. \
         Link: `{ROUTE}` + base64url (no padding) of its deflate-raw (flate2/miniz_oxide, level 6), the steps the app takes with CompressionStream."
    );
}
