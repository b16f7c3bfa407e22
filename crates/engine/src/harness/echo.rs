//! The prompt-echo check, one for every protocol: a reply field that merely restates what the
//! prompt itself said (its field names, field descriptions, example slots, enum values) is no
//! answer. Small models do this ("champion_argument", "two or three sentences", "Recommended:
//! FIX_ITEMS", evidence reading "high"); the harness refuses such a reply like any invalid one
//! (re-ask, then a recorded failure).
//!
//! What counts, on words (lower case, split at anything not a letter or digit):
//! - every word of the text is an instruction word: a field name (of the reply, its schema, or
//!   named in the prompt's reply format, such as `fix_items` or a `<<<CHAMPION_ARGUMENT_START>>>`
//!   marker), an enum value of the schema or the reply format (`"high"`, `build|buy`), or a type
//!   slot of the reply format (`string`, `agent id`);
//! - or the text is a run of two or more words inside one clause of the prompt that covers more
//!   than half of that clause (clauses end at . , ; : ? ! parentheses and line ends; the longer
//!   clauses between the same marks without the comma, and sentences, are tried as well).
//!
//! The material the prompt quotes is not an instruction: text found in the session's subject (the
//! question, the diff, the backlog) or in what the record already holds (earlier answers, personas,
//! rules) is never an echo, so a consensus point that repeats a panelist's key point, or a
//! recommendation that names what the question offered, passes. A single word is excused only by
//! a whole stored text or a word of the subject.
use serde_json::Value;

use super::prompt::Prompt;

/// What the re-ask appends to a prompt: the check compares a reply with the prompt as first asked.
pub const REASK_MARKER: &str = "\n\nYour previous reply could not be used:";

/// Words a reply format uses for the kind of value a field holds.
const TYPE_SLOTS: [&str; 8] = [
    "string", "integer", "number", "boolean", "text", "id", "true", "false",
];

/// The instructions of one prompt, ready to compare replies with.
pub struct PromptEcho {
    vocabulary: Vec<String>,
    clauses: Vec<Vec<String>>,
    subject_words: Vec<String>,
    material: Vec<Vec<String>>,
}

impl PromptEcho {
    /// `schema` is the structured-output schema sent with the prompt, if any; `subject` and
    /// `material` what the prompt quotes (see the module documentation); `field_names` the
    /// reply's own field names.
    pub fn new(
        prompt: &Prompt,
        schema: Option<&Value>,
        subject: &str,
        material: &[String],
        field_names: &[&str],
    ) -> Self {
        let user = prompt
            .user
            .split(REASK_MARKER)
            .next()
            .unwrap_or(&prompt.user);
        let mut vocabulary: Vec<String> = Vec::new();
        for name in field_names {
            vocabulary.extend(words(name));
        }
        if let Some(schema) = schema {
            schema_words(schema, &mut vocabulary);
        }
        let reply_format = user.rfind("Reply ").map_or("", |at| &user[at..]);
        format_words(reply_format, &mut vocabulary);
        for marker in user.split("<<<").skip(1) {
            let name = marker.split(">>>").next().unwrap_or("");
            let name = name.trim_end_matches("_START").trim_end_matches("_END");
            vocabulary.extend(words(name));
        }
        let all_words = words(&format!("{}\n{user}", prompt.system));
        for slot in TYPE_SLOTS {
            if all_words.iter().any(|w| w == slot) {
                vocabulary.push(slot.to_string());
            }
        }
        let mut clauses = Vec::new();
        for text in [prompt.system.as_str(), user] {
            clauses.extend(
                text.split(['.', ',', ';', ':', '?', '!', '(', ')', '\n'])
                    .map(words)
                    .filter(|c| !c.is_empty()),
            );
            for ends in [
                &['.', ';', ':', '?', '!', '(', ')', '\n'][..],
                &['.', '?', '!', '\n'],
            ] {
                clauses.extend(text.split(ends).map(words).filter(|c| !c.is_empty()));
            }
        }
        // Field paths carry indices (`key_points[1]`): numbers are never instruction words.
        vocabulary.retain(|word| !word.chars().all(|c| c.is_ascii_digit()));
        Self {
            vocabulary,
            clauses,
            subject_words: words(subject),
            material: std::iter::once(subject)
                .chain(material.iter().map(String::as_str))
                .map(words)
                .filter(|m| !m.is_empty())
                .collect(),
        }
    }

    /// `Some(sentence)` when `text`, the value of `field`, restates the prompt.
    pub fn refuse(&self, field: &str, text: &str) -> Option<String> {
        let said = words(text);
        if said.is_empty() || self.quoted_material(&said) {
            return None;
        }
        let only_instruction_words = said.iter().all(|w| self.vocabulary.contains(w));
        let restated_clause = said.len() >= 2
            && self
                .clauses
                .iter()
                .any(|clause| said.len() * 2 > clause.len() && contains_run(clause, &said));
        (only_instruction_words || restated_clause).then(|| {
            format!(
                "{field} restates the prompt's own instructions ({:?}) instead of answering: \
                 write your own text.",
                text.trim()
            )
        })
    }

    fn quoted_material(&self, said: &[String]) -> bool {
        if let [word] = said {
            return self.subject_words.contains(word)
                || self.material.iter().any(|m| m.as_slice() == said);
        }
        self.material.iter().any(|m| contains_run(m, said))
    }
}

/// The text's words: lower case, split at anything that is not a letter or a digit.
pub fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

fn contains_run(haystack: &[String], run: &[String]) -> bool {
    run.len() <= haystack.len() && haystack.windows(run.len()).any(|window| window == run)
}

/// Property names and enum values, at any depth.
fn schema_words(schema: &Value, vocabulary: &mut Vec<String>) {
    match schema {
        Value::Object(object) => {
            if let Some(Value::Object(properties)) = object.get("properties") {
                for (name, property) in properties {
                    vocabulary.extend(words(name));
                    schema_words(property, vocabulary);
                }
            }
            if let Some(Value::Array(values)) = object.get("enum") {
                for value in values.iter().filter_map(Value::as_str) {
                    vocabulary.extend(words(value));
                }
            }
            if let Some(items) = object.get("items") {
                schema_words(items, vocabulary);
            }
            // A nullable property (one schema holding every round's reply) nests its own.
            if let Some(alternatives) = object.get("anyOf") {
                schema_words(alternatives, vocabulary);
            }
        }
        Value::Array(items) => items.iter().for_each(|i| schema_words(i, vocabulary)),
        _ => {}
    }
}

/// In the prompt's reply format: quoted names and values, `a|b` alternatives, and `snake_case`
/// field names.
fn format_words(reply_format: &str, vocabulary: &mut Vec<String>) {
    for (index, quoted) in reply_format.split('"').enumerate() {
        if index % 2 == 1 && quoted.len() <= 40 {
            vocabulary.extend(words(quoted));
        }
    }
    for token in reply_format.split(|c: char| c.is_whitespace() || c == ',' || c == '(') {
        let token = token.trim_matches(|c: char| !c.is_alphanumeric() && c != '_' && c != '|');
        if token.contains('_') || token.contains('|') {
            vocabulary.extend(words(token));
        }
    }
}
