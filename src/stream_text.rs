//! A call's streamed text, shown by appending each delta to the card's DOM, and only its last
//! `SHOWN_BYTES` while it streams. Before, every delta copied the whole text into a signal and
//! replaced the text node, and the browser laid the whole growing paragraph out again per token, so
//! a long reply cost more per token the longer it got (see BENCHMARKS.md, "Streaming render cost").
//! Now each delta costs its own length, whatever came before: the card is a live preview (the
//! whole reply is in the record and the round's views once the call ends).
use leptos::prelude::*;

/// How much of a streaming reply the live card keeps on screen (its tail).
pub const SHOWN_BYTES: usize = 2000;

#[derive(Clone, Copy, Debug)]
pub struct StreamText {
    full: StoredValue<String>,
    /// Bumped when the text restarts (a retried stream), so cards clear what they show.
    generation: StoredValue<u32>,
    arrived: RwSignal<u64>,
}

impl Default for StreamText {
    fn default() -> Self {
        Self::new()
    }
}

impl StreamText {
    pub fn new() -> Self {
        Self {
            full: StoredValue::new(String::new()),
            generation: StoredValue::new(0),
            arrived: RwSignal::new(0),
        }
    }

    pub fn push(&self, delta: &str, restart: bool) {
        if restart {
            self.full.update_value(String::clear);
            self.generation.update_value(|g| *g += 1);
        }
        self.full.update_value(|text| text.push_str(delta));
        self.arrived.update(|n| *n += 1);
    }

    /// The whole text (for tests and exports; the card never copies it).
    pub fn text(&self) -> String {
        self.full.get_value()
    }

    /// Keeps `element`'s text equal to the stream, appending only what it has not shown yet. Call
    /// once per card: it subscribes to new deltas.
    pub fn render_into(self, element: NodeRef<leptos::html::Pre>) {
        // (generation, bytes of the text rendered so far, bytes still on screen) of this card,
        // which may mount after the stream began.
        let shown = StoredValue::new((u32::MAX, 0usize, 0usize));
        Effect::new(move |_| {
            self.arrived.track();
            let Some(pre) = element.get() else {
                return;
            };
            let generation = self.generation.get_value();
            let (shown_generation, rendered, mut on_screen) = shown.get_value();
            let from = if shown_generation == generation {
                rendered
            } else {
                0
            };
            if from == 0 {
                pre.set_text_content(None);
                let _ = pre.class_list().remove_1("clipped");
                on_screen = 0;
            }
            let (fresh, length) = self.full.with_value(|text| {
                // A card that mounts late starts from the tail, not the whole text.
                let start = if from == 0 {
                    tail_start(text, SHOWN_BYTES)
                } else {
                    from
                };
                (text[start..].to_string(), text.len())
            });
            if fresh.len() >= SHOWN_BYTES {
                // More arrived at once than the preview holds: show its tail alone.
                pre.set_text_content(None);
                let tail = &fresh[tail_start(&fresh, SHOWN_BYTES)..];
                let _ = pre.append_with_str_1(tail);
                let _ = pre.class_list().add_1("clipped");
                on_screen = tail.len();
            } else if !fresh.is_empty() {
                let _ = pre.append_with_str_1(&fresh);
                on_screen += fresh.len();
                // Drop the oldest pieces once the preview holds more than its share.
                while on_screen > SHOWN_BYTES {
                    let Some(first) = pre.first_child() else {
                        break;
                    };
                    on_screen -= first.text_content().map_or(0, |t| t.len());
                    let _ = pre.remove_child(&first);
                    let _ = pre.class_list().add_1("clipped");
                }
            }
            shown.set_value((generation, length, on_screen));
        });
    }
}

/// Where the last `bytes` of `text` start, on a character boundary.
fn tail_start(text: &str, bytes: usize) -> usize {
    let mut start = text.len().saturating_sub(bytes);
    while !text.is_char_boundary(start) {
        start += 1;
    }
    start
}
