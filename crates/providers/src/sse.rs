//! Incremental Server-Sent Events decoding (the WHATWG `text/event-stream` rules, minus `id` and
//! `retry`, which a one-shot reply does not use). Bytes may arrive split anywhere, even inside a
//! UTF-8 character or between the `\r` and `\n` of a line ending: only whole lines are decoded, and
//! line-ending bytes never occur inside a UTF-8 character.

#[derive(Clone, Debug, Default, PartialEq)]
pub struct SseEvent {
    /// The `event:` field, empty when absent.
    pub event: String,
    /// The `data:` lines, joined by newlines.
    pub data: String,
}

#[derive(Debug, Default)]
pub struct SseDecoder {
    /// Bytes of the line not yet ended.
    pending: Vec<u8>,
    /// The previous chunk ended with `\r`: a `\n` starting this one belongs to that line ending.
    skip_newline: bool,
    /// Whether the start of the stream (where a byte-order mark may sit) is behind us.
    started: bool,
    event: String,
    data: Vec<String>,
}

const BOM: &[u8] = "\u{feff}".as_bytes();

impl SseDecoder {
    pub fn feed(&mut self, mut bytes: &[u8]) -> Vec<SseEvent> {
        if self.skip_newline && !bytes.is_empty() {
            self.skip_newline = false;
            if bytes[0] == b'\n' {
                bytes = &bytes[1..];
            }
        }
        self.pending.extend_from_slice(bytes);
        if !self.started {
            if BOM.starts_with(&self.pending) {
                return Vec::new(); // maybe a BOM still arriving
            }
            self.started = true;
            if self.pending.starts_with(BOM) {
                self.pending.drain(..BOM.len());
            }
        }
        let mut events = Vec::new();
        let mut start = 0;
        let mut i = 0;
        while i < self.pending.len() {
            let byte = self.pending[i];
            if byte == b'\n' || byte == b'\r' {
                let line = String::from_utf8_lossy(&self.pending[start..i]).into_owned();
                events.extend(self.take_line(&line));
                if byte == b'\r' {
                    match self.pending.get(i + 1) {
                        Some(b'\n') => i += 1,
                        Some(_) => {}
                        None => self.skip_newline = true,
                    }
                }
                start = i + 1;
            }
            i += 1;
        }
        self.pending.drain(..start);
        events
    }

    /// The body ended. Lenient where the standard discards: an event whose blank line never came,
    /// and a last line without its line ending, still count (the caller decides whether that event
    /// is whole).
    pub fn finish(&mut self) -> Option<SseEvent> {
        let rest = std::mem::take(&mut self.pending);
        if !rest.is_empty() {
            let line = String::from_utf8_lossy(&rest).into_owned();
            if let Some(event) = self.take_line(&line) {
                return Some(event);
            }
        }
        self.dispatch()
    }

    fn take_line(&mut self, line: &str) -> Option<SseEvent> {
        if line.is_empty() {
            return self.dispatch();
        }
        if line.starts_with(':') {
            return None; // comment / keep-alive, e.g. OpenRouter's ": OPENROUTER PROCESSING"
        }
        let (field, value) = line.split_once(':').unwrap_or((line, ""));
        let value = value.strip_prefix(' ').unwrap_or(value);
        match field {
            "event" => self.event = value.to_string(),
            "data" => self.data.push(value.to_string()),
            _ => {}
        }
        None
    }

    fn dispatch(&mut self) -> Option<SseEvent> {
        if self.data.is_empty() {
            self.event.clear();
            return None;
        }
        Some(SseEvent {
            event: std::mem::take(&mut self.event),
            data: std::mem::take(&mut self.data).join("\n"),
        })
    }
}
