//! Reading a reply while it streams: the fields complete so far and the one being written, from any
//! prefix of the text, so a live card can show readable fields instead of raw JSON. Tolerant like
//! `reply_parse` (a ```json fence, a preamble, trailing commas, `<<<NAME_START>>>` sections) and
//! never panics; on the whole reply it reads what `extract_json` reads. serde_json cannot help
//! here: its streaming reader yields whole values only, and a reply is one value.
use serde_json::{Map, Number, Value};

use crate::text::reply_parse::normalise_confidences;

/// What a reply streamed so far says.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PartialReply {
    /// Every top-level field read so far; the one being written holds what has arrived of it (a
    /// string cut mid-way, a list of the items complete so far).
    pub fields: Map<String, Value>,
    /// The field still being written, if the text ends inside one.
    pub writing: Option<String>,
}

/// Reads `text`, a prefix of a reply: one JSON object (fenced, bare or after a preamble), or the
/// seed's marker sections (each named in lower case: `CHAMPION_ARGUMENT` -> `champion_argument`).
pub fn read_partial(text: &str) -> PartialReply {
    let mut reply = if text.contains("_START>>>") {
        read_sections(text)
    } else {
        read_object_prefix(text)
    };
    let mut ignored = Vec::new();
    normalise_confidences(&mut reply.fields, &mut ignored);
    reply
}

/// Reads the object `text`'s JSON holds under `key` (`"key": {`), a reply asked for under a key
/// of a wider schema; None until that object has begun.
pub fn read_partial_under(text: &str, key: &str) -> Option<PartialReply> {
    let quoted = format!("\"{key}\"");
    let after = text.find(&quoted)? + quoted.len();
    let rest = text[after..].trim_start().strip_prefix(':')?.trim_start();
    let mut reader = Reader {
        text: rest.strip_prefix('{')?,
        at: 0,
    };
    let (fields, writing) = reader.object();
    let mut reply = PartialReply {
        fields,
        writing: writing.filter(|key| !key.is_empty()),
    };
    normalise_confidences(&mut reply.fields, &mut Vec::new());
    Some(reply)
}

fn read_object_prefix(text: &str) -> PartialReply {
    let after_fence = match text.find("```") {
        // The fence's language tag runs to the end of its line.
        Some(open) => text[open + 3..]
            .find('\n')
            .map_or("", |n| &text[open + 4 + n..]),
        None => text,
    };
    let Some(start) = after_fence.find('{') else {
        return PartialReply::default();
    };
    let mut reader = Reader {
        text: &after_fence[start + 1..],
        at: 0,
    };
    let (fields, writing) = reader.object();
    PartialReply {
        fields,
        writing: writing.filter(|key| !key.is_empty()),
    }
}

/// Each `<<<NAME_START>>>` section up to its end marker, the next marker or the end of the text;
/// JSON inside is read as a (partial) value, anything else is text.
fn read_sections(text: &str) -> PartialReply {
    let mut reply = PartialReply::default();
    let mut rest = text;
    while let Some(open) = rest.find("<<<") {
        let marker = &rest[open + 3..];
        let tag_length = marker
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(marker.len());
        let after = &marker[tag_length..];
        let Some(name) = marker[..tag_length]
            .strip_suffix("_START")
            .filter(|_| after.starts_with(">>>"))
        else {
            // An end marker, or a marker still arriving.
            rest = marker;
            continue;
        };
        let body = &after[3..];
        let end = body.find("<<<").unwrap_or(body.len());
        let key = name.to_ascii_lowercase();
        if let Some(value) = section_value(body[..end].trim_end_matches('<')) {
            reply.fields.insert(key.clone(), value);
        }
        let ended = body[end..].starts_with(&format!("<<<{name}_END>>>"));
        reply.writing = (!ended).then_some(key);
        rest = &body[end..];
    }
    reply
}

fn section_value(section: &str) -> Option<Value> {
    if section.trim_start().starts_with('`') && !section.trim().contains('\n') {
        return None; // a fence still arriving
    }
    let unfenced = section
        .trim_start()
        .strip_prefix("```")
        .map_or(section, |fenced| {
            fenced.find('\n').map_or("", |n| &fenced[n + 1..])
        });
    let unfenced = unfenced.trim();
    let unfenced = unfenced.strip_suffix("```").unwrap_or(unfenced).trim_end();
    if unfenced.starts_with(['[', '{']) {
        let mut reader = Reader {
            text: unfenced,
            at: 0,
        };
        return reader.value().map(|(value, _)| value);
    }
    (!unfenced.is_empty()).then(|| Value::String(section.trim().to_string()))
}

/// A JSON reader that stops quietly at the end of its text (or at anything it cannot read),
/// returning what it has read.
struct Reader<'t> {
    text: &'t str,
    at: usize,
}

impl Reader<'_> {
    fn peek(&mut self) -> Option<char> {
        let skipped = self.text[self.at..]
            .find(|c: char| !c.is_whitespace() && c != ',')
            .unwrap_or(self.text.len() - self.at);
        self.at += skipped;
        self.text[self.at..].chars().next()
    }

    /// A value and whether it is complete; None when nothing of it can be shown yet.
    fn value(&mut self) -> Option<(Value, bool)> {
        match self.peek()? {
            '{' => {
                self.at += 1;
                let (fields, writing) = self.object();
                Some((Value::Object(fields), writing.is_none()))
            }
            '[' => {
                self.at += 1;
                let mut items = Vec::new();
                loop {
                    match self.peek() {
                        Some(']') => {
                            self.at += 1;
                            return Some((Value::Array(items), true));
                        }
                        None => return Some((Value::Array(items), false)),
                        Some(_) => match self.value() {
                            Some((item, true)) => items.push(item),
                            Some((item, false)) => {
                                items.push(item);
                                return Some((Value::Array(items), false));
                            }
                            None => return Some((Value::Array(items), false)),
                        },
                    }
                }
            }
            '"' => self
                .string()
                .map(|(s, complete)| (Value::String(s), complete)),
            _ => self.scalar().map(|value| (value, true)),
        }
    }

    /// The fields of an object whose `{` was read, and unless its `}` came, the field cut off
    /// (empty when the end, or something unreadable, came between fields).
    fn object(&mut self) -> (Map<String, Value>, Option<String>) {
        let mut fields = Map::new();
        loop {
            match self.peek() {
                Some('}') => {
                    self.at += 1;
                    return (fields, None);
                }
                Some('"') => {}
                _ => return (fields, Some(String::new())),
            }
            let Some((key, true)) = self.string() else {
                return (fields, Some(String::new()));
            };
            if self.peek() != Some(':') {
                return (fields, Some(key));
            }
            self.at += 1;
            match self.value() {
                Some((value, true)) => {
                    fields.insert(key, value);
                }
                // A confidence reads as a number only once whole ("8" of "85%" is not 8%).
                Some((value, false)) => {
                    if key != "confidence" {
                        fields.insert(key.clone(), value);
                    }
                    return (fields, Some(key));
                }
                None => return (fields, Some(key)),
            }
        }
    }

    /// A string from its opening quote: its text so far, and whether its closing quote came.
    fn string(&mut self) -> Option<(String, bool)> {
        let mut out = String::new();
        let mut chars = self.text[self.at + 1..].char_indices();
        let start = self.at + 1;
        while let Some((offset, ch)) = chars.next() {
            match ch {
                '"' => {
                    self.at = start + offset + 1;
                    return Some((out, true));
                }
                '\\' => match chars.next() {
                    Some((_, 'u')) => {
                        let rest = &self.text[start + offset + 2..];
                        match unicode_escape(rest) {
                            Some((ch, used)) => {
                                out.push(ch);
                                (1..used).for_each(|_| {
                                    chars.next();
                                });
                            }
                            None => break,
                        }
                    }
                    Some((_, escaped)) => out.push(match escaped {
                        'n' => '\n',
                        't' => '\t',
                        'r' => '\r',
                        'b' => '\u{8}',
                        'f' => '\u{c}',
                        other => other,
                    }),
                    None => break,
                },
                _ => out.push(ch),
            }
        }
        self.at = self.text.len();
        Some((out, false))
    }

    /// A number, `true`, `false` or `null`, once something follows it (so `8` of `85` is not
    /// shown); None at the end of the text or on anything unreadable.
    fn scalar(&mut self) -> Option<Value> {
        let rest = &self.text[self.at..];
        let length = rest.find(|c: char| !(c.is_ascii_alphanumeric() || "+-.".contains(c)))?;
        let token = &rest[..length];
        let value = match token {
            "true" => Value::Bool(true),
            "false" => Value::Bool(false),
            "null" => Value::Null,
            _ => Value::Number(serde_json::from_str::<Number>(token).ok()?),
        };
        self.at += length;
        Some(value)
    }
}

/// The character of a `\uXXXX` escape (after `\u`), joining a surrogate pair, and how many
/// characters after the backslash it used; None while it is incomplete or invalid.
fn unicode_escape(rest: &str) -> Option<(char, usize)> {
    let unit = |at: usize| u32::from_str_radix(rest.get(at..at + 4)?, 16).ok();
    let high = unit(0)?;
    if !(0xD800..0xDC00).contains(&high) {
        return Some((char::from_u32(high)?, 5));
    }
    let low = rest.get(4..6).filter(|s| *s == "\\u").and(unit(6))?;
    let joined = 0x10000 + ((high - 0xD800) << 10) + (low.checked_sub(0xDC00)?);
    Some((char::from_u32(joined)?, 11))
}
