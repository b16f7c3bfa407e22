//! Incremental Server-Sent Events decoding. Bytes may arrive split anywhere, even inside a UTF-8
//! character; only complete lines are decoded, and a newline byte never occurs inside a character.

#[derive(Clone, Debug, Default, PartialEq)]
pub struct SseEvent {
    /// The `event:` field, empty when absent.
    pub event: String,
    /// The `data:` lines, joined by newlines.
    pub data: String,
}

#[derive(Debug, Default)]
pub struct SseDecoder {
    pending: Vec<u8>,
    event: String,
    data: Vec<String>,
}

impl SseDecoder {
    pub fn feed(&mut self, bytes: &[u8]) -> Vec<SseEvent> {
        self.pending.extend_from_slice(bytes);
        let mut events = Vec::new();
        while let Some(end) = self.pending.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = self.pending.drain(..=end).collect();
            let line = String::from_utf8_lossy(&line);
            let line = line.trim_end_matches(['\n', '\r']);
            if let Some(event) = self.take_line(line) {
                events.push(event);
            }
        }
        events
    }

    /// The body ended: a final event without its blank line still counts.
    pub fn finish(&mut self) -> Option<SseEvent> {
        let rest = std::mem::take(&mut self.pending);
        if !rest.is_empty() {
            let line = String::from_utf8_lossy(&rest).trim_end_matches('\r').to_string();
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
            return None; // comment / keep-alive
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
        Some(SseEvent { event: std::mem::take(&mut self.event), data: std::mem::take(&mut self.data).join("\n") })
    }
}
