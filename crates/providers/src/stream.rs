//! One incremental decoder for every streamed format. Whatever way the bytes are split, the deltas
//! concatenate to the same text and the final reply is the same; a stream without its terminal event
//! is `Incomplete`, never a finished answer.
use crate::adapter::{with_adapter, Adapter, StreamedReply};
use crate::chat::parse_chat_reply;
use crate::classify::web_page_error;
use crate::error::ProviderError;
use crate::sse::{SseDecoder, SseEvent};
use crate::types::{ChatReply, ProviderKind};

#[derive(Debug)]
pub struct StreamDecoder {
    kind: ProviderKind,
    sse: SseDecoder,
    stream: StreamedReply,
    /// The raw body, kept only until the first event: a server that ignores `stream: true` answers
    /// with one plain JSON reply, which `finish` then reads as such.
    unstreamed_body: Option<Vec<u8>>,
}

/// A plain reply larger than this is not kept for the fallback (real replies are far smaller).
const UNSTREAMED_BODY_LIMIT: usize = 4 << 20;

impl StreamDecoder {
    pub fn new(kind: ProviderKind) -> Self {
        Self {
            kind,
            sse: SseDecoder::default(),
            stream: StreamedReply::default(),
            unstreamed_body: Some(Vec::new()),
        }
    }

    /// Feed raw bytes exactly as they arrive. Returns the text deltas decoded so far (possibly none);
    /// an error the provider embedded in the stream is returned as `Err`.
    pub fn feed(&mut self, bytes: &[u8]) -> Result<Vec<String>, ProviderError> {
        if let Some(body) = &mut self.unstreamed_body {
            body.extend_from_slice(bytes);
            if body.len() > UNSTREAMED_BODY_LIMIT {
                self.unstreamed_body = None;
            }
        }
        let events = self.sse.feed(bytes);
        self.apply(events)
    }

    /// The body ended: the whole reply if the terminal event was seen, else `Incomplete`.
    pub fn finish(mut self) -> Result<ChatReply, ProviderError> {
        let last: Vec<SseEvent> = self.sse.finish().into_iter().collect();
        match self.apply(last) {
            Ok(_) => {}
            // Whatever trails a finished reply does not change it.
            Err(ProviderError::Malformed { .. }) if self.stream.done => {}
            // Otherwise the body was cut inside its last event, whose JSON is therefore unfinished.
            Err(ProviderError::Malformed { .. }) => return Err(self.incomplete()),
            Err(error) => return Err(error),
        }
        if self.stream.done {
            return Ok(self.stream.reply);
        }
        if let Some(body) = self.unstreamed_body.take() {
            let body = String::from_utf8_lossy(&body);
            let trimmed = body.trim_start();
            if trimmed.starts_with('{') {
                return parse_chat_reply(self.kind, &body);
            }
            if let Some(page) = web_page_error(&body) {
                return Err(page);
            }
            // Bytes arrived but not one event: this is no API's reply, and retrying will not change it.
            if !trimmed.is_empty() && !could_begin_an_event_stream(trimmed) {
                return Err(ProviderError::Malformed {
                    detail: "the reply was neither an event stream nor JSON".into(),
                });
            }
        }
        Err(self.incomplete())
    }

    pub fn text_so_far(&self) -> &str {
        &self.stream.reply.text
    }

    fn apply(&mut self, events: Vec<SseEvent>) -> Result<Vec<String>, ProviderError> {
        let mut deltas = Vec::new();
        for event in events {
            self.unstreamed_body = None;
            // Some servers send empty `data:` lines as keep-alives.
            if event.data.trim().is_empty() {
                continue;
            }
            let stream = &mut self.stream;
            let delta = with_adapter!(self.kind, |adapter| adapter
                .stream_event(&event.data, stream))?;
            deltas.extend(delta);
        }
        Ok(deltas)
    }

    fn incomplete(&self) -> ProviderError {
        ProviderError::Incomplete {
            partial_text: self.text_so_far().to_string(),
        }
    }
}

/// Whether `body` is (the start of) an event stream cut before its first whole event: its first
/// line starts with, or is the start of, an SSE field name.
fn could_begin_an_event_stream(body: &str) -> bool {
    let first_line = body.lines().next().unwrap_or_default();
    ["data", "event", "id", "retry", ":"]
        .iter()
        .any(|field| first_line.starts_with(field) || field.starts_with(first_line))
}
