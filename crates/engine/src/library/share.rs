//! Share links with no server: the session's report (artifacts, verdict, the log of calls) without
//! the raw model replies, compressed by the browser and written into the URL fragment
//! (`#/shared/<base64url>`), which browsers never send to a server. Sessions hold no settings and
//! never a key, so there is nothing else to strip. Compression itself is the browser's
//! (CompressionStream); the rest is here, pure and tested.
use crate::foundation::words::and_list;
use crate::record::review::body::ReviewBody;
use crate::record::sources::Source;
use crate::record::Session;
use crate::review::secrets::secrets_in_versions;
use crate::text::mask::mask_secrets;
use crate::text::secrets::secrets_in_line;

pub const SHARED_PREFIX: &str = "#/shared/";
/// Longest link offered. Browsers take far longer URLs, but chat apps, mail clients and QR codes
/// cut or refuse them well before 32,000 characters; past it the HTML file is the way to share.
pub const MAX_LINK_CHARS: usize = 32_000;

/// The most a link's data may inflate to: a link under `MAX_LINK_CHARS` made by
/// this page inflates to a few hundred KB at most, while a crafted one (a deflate bomb) could
/// inflate to gigabytes and crash the tab. Reading stops past this.
pub const MAX_SHARED_JSON_BYTES: usize = 8 * 1024 * 1024;

/// Whether `inflated` bytes so far are past what a link may hold; the sentence to show if so.
pub fn check_inflated(inflated: usize) -> Result<(), String> {
    if inflated <= MAX_SHARED_JSON_BYTES {
        Ok(())
    } else {
        Err(format!(
            "This link holds more than {} MB once opened, more than any link this page makes: it \
             was not opened.",
            MAX_SHARED_JSON_BYTES / (1024 * 1024)
        ))
    }
}

/// What a link carries: the session without raw replies (an empty reply keeps each call's place and
/// cost in the log), and with every secret the review's scan found masked wherever it appears (the
/// code, an opinion that quotes it), as the Markdown and HTML reports show it. Links travel through
/// chats and browser history; the JSON backup keeps the code verbatim (`json_export_notice`). Its
/// id is kept, so saving it twice is noticed.
pub fn share_payload(session: &Session) -> String {
    share_payload_with(session, OutcomeNotes::Left)
}

/// Whether a link carries the notes of the session's outcome: the outcome and its date always
/// travel, the user's notes only when they tick "with my outcome note".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum OutcomeNotes {
    #[default]
    Left,
    Kept,
}

/// `share_payload`, with the outcome's notes as the user chose.
pub fn share_payload_with(session: &Session, notes: OutcomeNotes) -> String {
    let mut shared = session.clone();
    if let (Some(outcome), OutcomeNotes::Left) = (shared.outcome.as_mut(), notes) {
        outcome.note.clear();
        for earlier in &mut outcome.history {
            earlier.note.clear();
        }
    }
    cited_passages_only(&mut shared);
    review_context_cited_only(&mut shared);
    web_names_and_cited_snippets(&mut shared);
    for call in &mut shared.calls {
        if call.reply_text.is_some() {
            call.reply_text = Some(String::new());
        }
    }
    let secrets = found_secrets(session);
    if secrets.is_empty() {
        return serde_json::to_string(&shared).unwrap_or_default();
    }
    let mut value = serde_json::to_value(&shared).unwrap_or_default();
    mask_strings(&mut value, &secrets);
    value.to_string()
}

/// What the page says when a review is exported as JSON while its code or its context files hold
/// a secret the scan found: the backup keeps both verbatim, unlike the link and the reports (the
/// committee read the files masked, `review::context_files`), and the files are named.
pub fn json_export_notice(session: &Session) -> Option<String> {
    let body = session.body_of::<ReviewBody>()?;
    let hits = &body.secret_hits;
    let code = hits.first().map(|first| {
        format!(
            "the code verbatim, with the secret the scan found ({}:{}{}) in clear",
            first.path,
            first.line,
            match hits.len() {
                1 => String::new(),
                n => format!(" and {} more", n - 1),
            }
        )
    });
    let files = secrets_in_files(&body.config.material);
    let count: usize = files.iter().map(|(_, n)| n).sum();
    let names: Vec<&str> = files.iter().map(|(name, _)| *name).collect();
    let files = (!files.is_empty()).then(|| {
        format!(
            "the context files as attached, with the {} the scan found in {} in clear (the \
             committee read {} masked)",
            if count == 1 { "secret" } else { "secrets" },
            and_list(&names),
            if count == 1 { "it" } else { "them" },
        )
    });
    let (kept, it) = match (code, files) {
        (None, None) => return None,
        (Some(code), None) => (code, "it"),
        (None, Some(files)) => (files, if count == 1 { "it" } else { "them" }),
        (Some(code), Some(files)) => (format!("{code}, and {files}"), "them"),
    };
    Some(format!(
        "The JSON backup keeps {kept}. Keep it private; the share link and the Markdown and HTML \
         reports mask {it}."
    ))
}

/// The context files holding a secret the scan finds, by name, each with how many (a private key
/// block is one).
fn secrets_in_files(material: &[Source]) -> Vec<(&str, usize)> {
    material
        .iter()
        .map(|source| {
            let count = source.text.lines().map(|l| secrets_in_line(l).len()).sum();
            (source.name.as_str(), count)
        })
        .filter(|(_, count)| *count > 0)
        .collect()
}

fn found_secrets(session: &Session) -> Vec<(String, String)> {
    session
        .body_of::<ReviewBody>()
        .map(|body| secrets_in_versions(&session.subject, &body.amendments))
        .unwrap_or_default()
}

fn mask_strings(value: &mut serde_json::Value, secrets: &[(String, String)]) {
    use serde_json::Value;
    match value {
        Value::String(text) => *text = mask_secrets(text, secrets),
        Value::Array(items) => items.iter_mut().for_each(|v| mask_strings(v, secrets)),
        Value::Object(map) => map.values_mut().for_each(|v| mask_strings(v, secrets)),
        _ => {}
    }
}

/// What a link to a thread of follow-ups carries: every turn as [`share_payload`] has it, in the
/// export's format (one turn: that session alone, as before threads).
pub fn thread_share_payload(turns: &[Session]) -> String {
    thread_share_payload_with(turns, OutcomeNotes::Left)
}

/// `thread_share_payload`, with the outcomes' notes as the user chose.
pub fn thread_share_payload_with(turns: &[Session], notes: OutcomeNotes) -> String {
    if let [one] = turns {
        return share_payload_with(one, notes);
    }
    let sessions: Vec<serde_json::Value> = turns
        .iter()
        .filter_map(|turn| serde_json::from_str(&share_payload_with(turn, notes)).ok())
        .collect();
    serde_json::json!({
        "format": super::transfer::EXPORT_FORMAT,
        "version": super::transfer::EXPORT_VERSION,
        "sessions": sessions,
    })
    .to_string()
}

/// Reads a link's payload back: one session, or a thread's turns in order, each checked as an
/// import is (a link with a turn that does not read is refused whole).
pub fn read_shared_thread(json: &str) -> Result<Vec<Session>, String> {
    let value: serde_json::Value = serde_json::from_str(json)
        .map_err(|_| "This link is damaged: its session does not read.".to_string())?;
    if value.get("sessions").is_none() {
        return read_shared(json).map(|session| vec![session]);
    }
    let incoming = super::transfer::parse_import(json)?;
    match incoming.refused.first() {
        Some(reason) => Err(reason.clone()),
        None if incoming.sessions.is_empty() => {
            Err("This link is damaged: it holds no session.".to_string())
        }
        None => Ok(incoming.sessions),
    }
}

/// Reads a payload back into a session, checked as an import is.
pub fn read_shared(json: &str) -> Result<Session, String> {
    let value: serde_json::Value = serde_json::from_str(json)
        .map_err(|_| "This link is damaged: its session does not read.".to_string())?;
    super::transfer::read_one(value, "The shared session")
}

/// Says plainly when a link would be too long, and what to do instead.
pub fn check_length(link: &str) -> Result<(), String> {
    if link.len() <= MAX_LINK_CHARS {
        Ok(())
    } else {
        Err(format!(
            "This session is too large for a link ({} characters; links stay under {MAX_LINK_CHARS}). \
             Share the HTML file instead (Export HTML): it opens in any browser.",
            link.len()
        ))
    }
}

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// Base64url without padding (RFC 4648 §5): safe in a URL fragment as it is.
pub fn base64url_encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, b)| n | (u32::from(*b) << (16 - 8 * i)));
        for i in 0..=chunk.len() {
            out.push(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize] as char);
        }
    }
    out
}

pub fn base64url_decode(text: &str) -> Result<Vec<u8>, String> {
    let damaged = || "This link is damaged (it was cut or changed). Ask for it again.".to_string();
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let (mut buffer, mut bits) = (0u32, 0u32);
    for byte in text.bytes() {
        let value = ALPHABET
            .iter()
            .position(|&a| a == byte)
            .ok_or_else(damaged)? as u32;
        buffer = (buffer << 6) | value;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((buffer >> bits) as u8);
            buffer &= (1 << bits) - 1;
        }
    }
    if bits >= 6 {
        return Err(damaged());
    }
    Ok(out)
}

/// A link carries the material's names and the passages the council cited, not whole documents
/// (they may be private, and would not fit): every other character of each source's text becomes
/// a space (line breaks kept), so the cited passages keep their places, every quote checks as it
/// did and opens highlighted, and the blank runs cost next to nothing once compressed. Images are
/// named, not carried.
fn cited_passages_only(session: &mut Session) {
    let quotes = crate::consult::view::material::checked_quotes(session);
    let Some(body) = crate::record::ProtocolBody::of_mut(&mut session.body)
        .map(|b: &mut crate::record::consult::body::ConsultBody| b)
    else {
        return;
    };
    for source in &mut body.config.material {
        let spans: Vec<(usize, usize)> = quotes
            .iter()
            .filter(|q| q.source_id == source.id)
            .filter_map(|q| q.span)
            .collect();
        source.text = keep_spans(&source.text, &spans);
        source.image = None;
    }
}

/// A review's context files travel as Consult's material does (`cited_passages_only`): as the
/// committee read them (the scan's secrets masked), with only the passages its findings quote.
fn review_context_cited_only(session: &mut Session) {
    let Some(body) =
        crate::record::ProtocolBody::of_mut(&mut session.body).map(|b: &mut ReviewBody| b)
    else {
        return;
    };
    if body.config.material.is_empty() {
        return;
    }
    let mut read = crate::review::context_files::as_the_committee_reads(&body.config.material);
    let findings = body
        .rounds
        .iter()
        .flat_map(|r| r.opinions.iter().flat_map(|o| o.findings.iter()))
        .chain(body.verdict.iter().flat_map(|v| v.fix_items.iter()));
    let checks: Vec<(String, (usize, usize))> = findings
        .flat_map(|f| f.item.citations.iter())
        .filter_map(|citation| {
            let span = crate::material::quotes::check_quote(&read, citation).span?;
            Some((citation.source.trim().to_ascii_uppercase(), span))
        })
        .collect();
    for source in &mut read {
        let spans: Vec<(usize, usize)> = checks
            .iter()
            .filter(|(id, _)| id.eq_ignore_ascii_case(&source.id))
            .map(|(_, span)| *span)
            .collect();
        source.text = keep_spans(&source.text, &spans);
        source.image = None;
    }
    body.config.material = read;
}

/// A link carries the web's sources as names, URLs and the snippets the answers cite: a result
/// no answer of its call cites keeps its title and URL, not its snippet (the page's own words the
/// council did not rest on). The Sources view reads the same from the link as from the record.
fn web_names_and_cited_snippets(session: &mut Session) {
    use consilium_providers::comparable_url;
    for search in session.calls.iter_mut().filter_map(|c| c.search.as_mut()) {
        let cited: Vec<String> = search
            .citations
            .iter()
            .map(|c| comparable_url(&c.url))
            .collect();
        for result in &mut search.results {
            if !cited.contains(&comparable_url(&result.url)) {
                result.snippet = None;
            }
        }
    }
}

fn keep_spans(text: &str, spans: &[(usize, usize)]) -> String {
    let mut out = String::with_capacity(text.len());
    for (at, c) in text.char_indices() {
        if c == '\n'
            || spans
                .iter()
                .any(|(start, end)| (*start..*end).contains(&at))
        {
            out.push(c);
        } else {
            out.extend(std::iter::repeat_n(' ', c.len_utf8()));
        }
    }
    out
}
