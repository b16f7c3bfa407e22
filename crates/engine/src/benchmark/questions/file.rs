//! A question set from the user's file: JSON Lines (one object per line) or CSV with a header row.
//! Fields: `question` and `answer` (required), `grader` (`exact` by default, `numeric`, `choice`,
//! `regex`), `tolerance` (numeric only, 0 by default) and `id` (the line number by default). For
//! `regex` the answer is the pattern. Every line is checked and every problem reported with its line
//! and field; a file with any problem imports nothing, so a set is never half there.
use std::collections::BTreeSet;

use serde_json::{Map, Value};

use crate::benchmark::grading::{answer_number, choice_letter};
use crate::record::benchmark::question::{Grader, Question};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QuestionFileFormat {
    JsonLines,
    Csv,
}

impl QuestionFileFormat {
    /// By the file's name (`.jsonl`, `.ndjson`, `.csv`), else by its first character.
    pub fn detect(file_name: &str, text: &str) -> QuestionFileFormat {
        let lower = file_name.to_ascii_lowercase();
        if lower.ends_with(".csv") {
            QuestionFileFormat::Csv
        } else if lower.ends_with(".jsonl")
            || lower.ends_with(".ndjson")
            || text.trim_start().starts_with('{')
        {
            QuestionFileFormat::JsonLines
        } else {
            QuestionFileFormat::Csv
        }
    }
}

/// One problem, where it is: `line` counts from 1 as an editor does; `field` is `None` when the
/// line as a whole is wrong (not JSON, the wrong number of CSV columns).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QuestionFileError {
    pub line: usize,
    pub field: Option<String>,
    pub message: String,
}

impl std::fmt::Display for QuestionFileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.field {
            Some(field) => write!(f, "line {}, field \"{field}\": {}", self.line, self.message),
            None => write!(f, "line {}: {}", self.line, self.message),
        }
    }
}

/// At most this many problems are listed: past it, the file needs a look as a whole.
const MAX_REPORTED: usize = 20;

/// Parses the whole file, or says everything wrong with it (up to 20 problems).
pub fn parse_question_file(
    text: &str,
    format: QuestionFileFormat,
) -> Result<Vec<Question>, Vec<QuestionFileError>> {
    let rows = match format {
        QuestionFileFormat::JsonLines => json_lines(text),
        QuestionFileFormat::Csv => csv_rows(text),
    };
    let mut errors = Vec::new();
    let mut questions = Vec::new();
    let mut ids = BTreeSet::new();
    for row in rows {
        let parsed = row.and_then(|row| question_from(&row).map(|question| (row.line, question)));
        match parsed {
            Ok((line, question)) => {
                if !ids.insert(question.id.clone()) {
                    errors.push(QuestionFileError {
                        line,
                        field: Some("id".into()),
                        message: format!("the id \"{}\" is used twice", question.id),
                    });
                }
                questions.push(question);
            }
            Err(error) => errors.push(error),
        }
        if errors.len() >= MAX_REPORTED {
            break;
        }
    }
    if errors.is_empty() && questions.is_empty() {
        errors.push(QuestionFileError {
            line: 1,
            field: None,
            message: "the file has no questions".into(),
        });
    }
    if errors.is_empty() {
        Ok(questions)
    } else {
        Err(errors)
    }
}

/// One data line of the file, its fields as text.
struct Row {
    line: usize,
    fields: Vec<(String, String)>,
}

impl Row {
    fn get(&self, name: &str) -> Option<&str> {
        self.fields
            .iter()
            .find(|(key, _)| key == name)
            .map(|(_, value)| value.trim())
            .filter(|value| !value.is_empty())
    }

    fn problem(&self, field: &str, message: impl Into<String>) -> QuestionFileError {
        QuestionFileError {
            line: self.line,
            field: Some(field.into()),
            message: message.into(),
        }
    }
}

fn question_from(row: &Row) -> Result<Question, QuestionFileError> {
    let text = row
        .get("question")
        .ok_or_else(|| row.problem("question", "missing or empty"))?;
    let answer = row
        .get("answer")
        .ok_or_else(|| row.problem("answer", "missing or empty"))?;
    let grader = match row.get("grader").map(str::to_ascii_lowercase).as_deref() {
        None | Some("exact") => Grader::Exact,
        Some("numeric") => {
            if answer_number(answer).is_none() {
                return Err(row.problem("answer", format!("\"{answer}\" is not a number")));
            }
            let tolerance = match row.get("tolerance") {
                None => 0.0,
                Some(value) => value
                    .parse::<f64>()
                    .ok()
                    .filter(|t| t.is_finite() && *t >= 0.0)
                    .ok_or_else(|| {
                        row.problem(
                            "tolerance",
                            format!("\"{value}\" is not a number of 0 or more"),
                        )
                    })?,
            };
            Grader::Numeric { tolerance }
        }
        Some("choice") => {
            let is_letter = answer.len() == 1 && choice_letter(answer).is_some();
            if !is_letter {
                return Err(row.problem("answer", format!("\"{answer}\" is not a letter A to J")));
            }
            Grader::Choice
        }
        Some("regex") => {
            if let Err(error) = regex_lite::Regex::new(answer) {
                let reason = error.to_string();
                let first_line = reason.lines().last().unwrap_or("invalid").trim();
                return Err(row.problem("answer", format!("not a valid pattern: {first_line}")));
            }
            Grader::Regex {
                pattern: answer.to_string(),
            }
        }
        Some(other) => {
            return Err(row.problem(
                "grader",
                format!("\"{other}\" is not one of exact, numeric, choice, regex"),
            ))
        }
    };
    Ok(Question {
        id: row
            .get("id")
            .map(str::to_string)
            .unwrap_or_else(|| format!("line{}", row.line)),
        text: text.to_string(),
        answer: answer.to_string(),
        grader,
    })
}

fn json_lines(text: &str) -> Vec<Result<Row, QuestionFileError>> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(index, line)| {
            let line_number = index + 1;
            let whole_line = |message: String| QuestionFileError {
                line: line_number,
                field: None,
                message,
            };
            let object: Map<String, Value> = match serde_json::from_str::<Value>(line) {
                Ok(Value::Object(object)) => object,
                Ok(_) => return Err(whole_line("not a JSON object".into())),
                Err(error) => return Err(whole_line(format!("not JSON ({error})"))),
            };
            let mut fields = Vec::new();
            for (key, value) in object {
                let text = match value {
                    Value::String(text) => text,
                    Value::Number(number) => number.to_string(),
                    Value::Null => String::new(),
                    _ => {
                        return Err(QuestionFileError {
                            line: line_number,
                            field: Some(key),
                            message: "must be text or a number".into(),
                        })
                    }
                };
                fields.push((key, text));
            }
            Ok(Row {
                line: line_number,
                fields,
            })
        })
        .collect()
}

/// CSV as RFC 4180 writes it (quoted fields, doubled quotes, line breaks inside quotes), read by
/// csv-core; the header row names the fields, in any order.
fn csv_rows(text: &str) -> Vec<Result<Row, QuestionFileError>> {
    let records = csv_records(text);
    let Some((_, header)) = records.first() else {
        return Vec::new();
    };
    let header: Vec<String> = header
        .iter()
        .map(|name| name.trim().to_ascii_lowercase())
        .collect();
    let mut rows = Vec::new();
    if !header.iter().any(|name| name == "question") || !header.iter().any(|name| name == "answer")
    {
        rows.push(Err(QuestionFileError {
            line: 1,
            field: None,
            message: "the header row must name the columns question and answer".into(),
        }));
        return rows;
    }
    for (line, record) in records.into_iter().skip(1) {
        if record.iter().all(|field| field.trim().is_empty()) {
            continue;
        }
        if record.len() != header.len() {
            rows.push(Err(QuestionFileError {
                line,
                field: None,
                message: format!(
                    "{} columns where the header has {}",
                    record.len(),
                    header.len()
                ),
            }));
            continue;
        }
        rows.push(Ok(Row {
            line,
            fields: header.iter().cloned().zip(record).collect(),
        }));
    }
    rows
}

/// Every record with the line it starts on.
fn csv_records(text: &str) -> Vec<(usize, Vec<String>)> {
    use csv_core::{ReadFieldResult, Reader};
    let mut reader = Reader::new();
    let mut input = text.as_bytes();
    let mut records = Vec::new();
    let mut record = Vec::new();
    let mut field = Vec::new();
    let mut line = 1;
    let mut record_line = 1;
    let mut buffer = [0u8; 1024];
    loop {
        if record.is_empty() && field.is_empty() {
            // Blank lines hold no record (csv-core skips them too): step over them here, so the
            // next record's line is where its first field starts.
            let blank = input
                .iter()
                .take_while(|&&b| b == b'\n' || b == b'\r')
                .count();
            line += input[..blank].iter().filter(|&&b| b == b'\n').count();
            input = &input[blank..];
            record_line = line;
        }
        let (result, read, written) = reader.read_field(input, &mut buffer);
        line += input[..read].iter().filter(|&&b| b == b'\n').count();
        input = &input[read..];
        field.extend_from_slice(&buffer[..written]);
        match result {
            ReadFieldResult::InputEmpty if input.is_empty() => {
                // Tell the reader the input has ended, so it finishes the last field.
                continue_at_end(&mut reader, &mut buffer, &mut field, &mut record);
                if !record.is_empty() {
                    records.push((record_line, std::mem::take(&mut record)));
                }
                break;
            }
            ReadFieldResult::InputEmpty | ReadFieldResult::OutputFull => {}
            ReadFieldResult::Field { record_end } => {
                record.push(String::from_utf8_lossy(&field).into_owned());
                field.clear();
                if record_end {
                    records.push((record_line, std::mem::take(&mut record)));
                }
            }
            ReadFieldResult::End => break,
        }
    }
    records
}

fn continue_at_end(
    reader: &mut csv_core::Reader,
    buffer: &mut [u8],
    field: &mut Vec<u8>,
    record: &mut Vec<String>,
) {
    loop {
        let (result, _, written) = reader.read_field(&[], buffer);
        field.extend_from_slice(&buffer[..written]);
        match result {
            csv_core::ReadFieldResult::Field { .. } => {
                record.push(String::from_utf8_lossy(field).into_owned());
                field.clear();
            }
            csv_core::ReadFieldResult::OutputFull => {}
            _ => break,
        }
    }
}
