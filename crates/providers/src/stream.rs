//! One incremental decoder for every streamed format. Whatever way the bytes are split, the deltas
//! concatenate to the same text and the final reply is the same; a stream without its terminal event
//! is `Incomplete`, never a finished answer.
use crate::anthropic::AnthropicStream;
use crate::error::ProviderError;
use crate::gemini::GeminiStream;
use crate::openai::OpenAiStream;
use crate::sse::{SseDecoder, SseEvent};
use crate::types::{ChatReply, ProviderKind};

#[derive(Debug)]
enum Format {
    OpenAi(OpenAiStream),
    Anthropic(AnthropicStream),
    Gemini(GeminiStream),
}

#[derive(Debug)]
pub struct StreamDecoder {
    sse: SseDecoder,
    format: Format,
}

impl StreamDecoder {
    pub fn new(kind: ProviderKind) -> Self {
        let format = match kind {
            ProviderKind::Anthropic => Format::Anthropic(AnthropicStream::default()),
            ProviderKind::Gemini => Format::Gemini(GeminiStream::default()),
            ProviderKind::OpenAi | ProviderKind::OpenRouter | ProviderKind::OpenAiCompatible => {
                Format::OpenAi(OpenAiStream::default())
            }
        };
        Self { sse: SseDecoder::default(), format }
    }

    pub fn feed(&mut self, bytes: &[u8]) -> Result<Vec<String>, ProviderError> {
        let events = self.sse.feed(bytes);
        self.apply(events)
    }

    pub fn finish(mut self) -> Result<ChatReply, ProviderError> {
        let last: Vec<SseEvent> = self.sse.finish().into_iter().collect();
        self.apply(last)?;
        let (reply, done) = match self.format {
            Format::OpenAi(s) => (s.reply, s.done),
            Format::Anthropic(s) => (s.reply, s.done),
            Format::Gemini(s) => (s.reply, s.done),
        };
        if done {
            Ok(reply)
        } else {
            Err(ProviderError::Incomplete { partial_text: reply.text })
        }
    }

    pub fn text_so_far(&self) -> &str {
        match &self.format {
            Format::OpenAi(s) => &s.reply.text,
            Format::Anthropic(s) => &s.reply.text,
            Format::Gemini(s) => &s.reply.text,
        }
    }

    fn apply(&mut self, events: Vec<SseEvent>) -> Result<Vec<String>, ProviderError> {
        let mut deltas = Vec::new();
        for event in events {
            let delta = match &mut self.format {
                Format::OpenAi(s) => s.on_data(&event.data)?,
                Format::Anthropic(s) => s.on_event(&event.data)?,
                Format::Gemini(s) => s.on_data(&event.data)?,
            };
            deltas.extend(delta);
        }
        Ok(deltas)
    }
}
