//! Bringing a backlog in: JSON (the seed's shape or ours), CSV with a header row, or a Markdown
//! list. Every error names the line or field that is wrong; a failed import changes nothing.
//!
//! - JSON: an array of opportunities, or `{"opportunities": [...]}`. Each has `id` (or the seed's
//!   `opportunity_id`), `title`, `type` (or `opportunity_type`), `description`, `evidence` (strings,
//!   or the seed's `{source, content}` objects), and optional `effort` ("S".."XL" or person-weeks),
//!   `reach`, `impact`, `confidence`.
//! - CSV: a header row naming the columns (`id` and `title` required; `type`, `description`,
//!   `evidence` separated by `;`, `effort`, `reach`, `impact`, `confidence` optional), RFC 4180
//!   quoting. Hand-written (about 40 lines) rather than the `csv` crate, which would add tens of KB
//!   to the bundle for one form.
//! - Markdown: one list item per opportunity, `- id: Title — description` (the description is
//!   optional; `-` or `*` or `1.` bullets); indented items under it are its evidence, except
//!   `effort: M` and `type: bug`.
use serde_json::Value;

use crate::record::prioritize::backlog::{Effort, Opportunity};

/// At most this many opportunities in a backlog, and this many bytes in an import.
pub const MAX_OPPORTUNITIES: usize = 100;
pub const MAX_IMPORT_BYTES: usize = 512 * 1024;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImportFormat {
    Json,
    Csv,
    Markdown,
}

impl ImportFormat {
    /// From the file name, else from the text itself.
    pub fn detect(file_name: Option<&str>, text: &str) -> ImportFormat {
        let lower = file_name.unwrap_or("").to_ascii_lowercase();
        if lower.ends_with(".json") {
            return ImportFormat::Json;
        }
        if lower.ends_with(".csv") {
            return ImportFormat::Csv;
        }
        if lower.ends_with(".md") || lower.ends_with(".markdown") {
            return ImportFormat::Markdown;
        }
        let start = text.trim_start();
        if start.starts_with('[') || start.starts_with('{') {
            return ImportFormat::Json;
        }
        let first = start
            .lines()
            .map(str::trim)
            .find(|line| !line.is_empty() && !line.starts_with('#'))
            .unwrap_or("");
        if list_item(first).is_some() {
            ImportFormat::Markdown
        } else {
            ImportFormat::Csv
        }
    }
}

/// Reads `text` as `format`. `Err` is a sentence naming the line or field.
pub fn import_backlog(text: &str, format: ImportFormat) -> Result<Vec<Opportunity>, String> {
    if text.len() > MAX_IMPORT_BYTES {
        return Err(format!(
            "The file is {} KB; an import takes at most {} KB.",
            text.len() / 1024,
            MAX_IMPORT_BYTES / 1024
        ));
    }
    let text = text.trim_start_matches('\u{feff}');
    let items = match format {
        ImportFormat::Json => from_json(text)?,
        ImportFormat::Csv => from_csv(text)?,
        ImportFormat::Markdown => from_markdown(text)?,
    };
    if items.is_empty() {
        return Err("The file has no opportunities in it.".into());
    }
    Ok(items)
}

/// The backlog with `imported` added at its end; refused (and nothing changed) when an id would be
/// used twice or the backlog would grow past its limit.
pub fn merge_into(
    backlog: &[Opportunity],
    imported: Vec<Opportunity>,
) -> Result<Vec<Opportunity>, String> {
    let mut merged = backlog.to_vec();
    for item in imported {
        if merged.iter().any(|o| o.id == item.id) {
            return Err(format!(
                "The id \"{}\" is already in the backlog; ids must be unique. Nothing was imported.",
                item.id
            ));
        }
        merged.push(item);
    }
    if merged.len() > MAX_OPPORTUNITIES {
        return Err(format!(
            "A backlog holds at most {MAX_OPPORTUNITIES} opportunities; this would make {}.",
            merged.len()
        ));
    }
    Ok(merged)
}

fn from_json(text: &str) -> Result<Vec<Opportunity>, String> {
    let value: Value = serde_json::from_str(text).map_err(|e| {
        format!(
            "The JSON could not be read at line {}, column {}: {e}.",
            e.line(),
            e.column()
        )
    })?;
    let list = match &value {
        Value::Array(list) => list,
        Value::Object(object) => match object
            .get("opportunities")
            .or(object.get("ranked_opportunities"))
        {
            Some(Value::Array(list)) => list,
            _ => return Err("The JSON object has no \"opportunities\" list.".into()),
        },
        _ => return Err("The JSON must be a list of opportunities.".into()),
    };
    let mut items = Vec::with_capacity(list.len());
    for (index, entry) in list.iter().enumerate() {
        let at = format!("opportunities[{index}]");
        let Value::Object(object) = entry else {
            return Err(format!("{at} is not an object."));
        };
        let text_of = |names: &[&str]| -> Result<Option<String>, String> {
            for name in names {
                match object.get(*name) {
                    None | Some(Value::Null) => continue,
                    Some(Value::String(s)) => return Ok(Some(s.trim().to_string())),
                    Some(Value::Number(n)) => return Ok(Some(n.to_string())),
                    Some(_) => return Err(format!("{at}.{name} must be text.")),
                }
            }
            Ok(None)
        };
        let number_of = |name: &str| -> Result<Option<f64>, String> {
            match object.get(name) {
                None | Some(Value::Null) => Ok(None),
                Some(Value::Number(n)) => Ok(n.as_f64()),
                Some(Value::String(s)) => s
                    .trim()
                    .parse()
                    .map(Some)
                    .map_err(|_| format!("{at}.{name} must be a number (got \"{s}\").")),
                Some(_) => Err(format!("{at}.{name} must be a number.")),
            }
        };
        let id = text_of(&["id", "opportunity_id"])?
            .filter(|s| !s.is_empty())
            .ok_or_else(|| format!("{at} has no id."))?;
        let title = text_of(&["title"])?
            .filter(|s| !s.is_empty())
            .ok_or_else(|| format!("{at} (\"{id}\") has no title."))?;
        let mut item = Opportunity::new(&id, &title);
        item.kind = text_of(&["type", "opportunity_type"])?.unwrap_or_default();
        item.description = text_of(&["description"])?.unwrap_or_default();
        item.evidence = match object.get("evidence") {
            None | Some(Value::Null) => Vec::new(),
            Some(Value::Array(list)) => list
                .iter()
                .enumerate()
                .map(|(e, evidence)| match evidence {
                    Value::String(s) => Ok(s.clone()),
                    Value::Object(o) => match (o.get("source"), o.get("content")) {
                        (Some(Value::String(source)), Some(Value::String(content))) => {
                            Ok(format!("{source}: {content}"))
                        }
                        (_, Some(Value::String(content))) => Ok(content.clone()),
                        _ => Err(format!("{at}.evidence[{e}] has no content.")),
                    },
                    _ => Err(format!("{at}.evidence[{e}] must be text.")),
                })
                .collect::<Result<_, _>>()?,
            Some(_) => return Err(format!("{at}.evidence must be a list.")),
        };
        item.effort = match text_of(&["effort"])? {
            None => None,
            Some(text) if text.is_empty() => None,
            Some(text) => Some(Effort::parse(&text).ok_or_else(|| {
                format!("{at}.effort must be S, M, L, XL or person-weeks (got \"{text}\").")
            })?),
        };
        item.reach = number_of("reach")?;
        item.impact = number_of("impact")?;
        item.confidence = number_of("confidence")?;
        items.push(item);
    }
    check_unique(&items)?;
    Ok(items)
}

fn from_csv(text: &str) -> Result<Vec<Opportunity>, String> {
    let rows = csv_rows(text)?;
    let mut rows = rows
        .into_iter()
        .filter(|(_, cells)| cells.iter().any(|c| !c.trim().is_empty()));
    let Some((_, header)) = rows.next() else {
        return Err("The CSV is empty.".into());
    };
    let header: Vec<String> = header
        .iter()
        .map(|h| h.trim().to_ascii_lowercase())
        .collect();
    let column = |name: &str| header.iter().position(|h| h == name);
    let (Some(id_at), Some(title_at)) = (column("id"), column("title")) else {
        return Err(
            "The CSV's first line must be a header naming at least the id and title columns."
                .into(),
        );
    };
    let mut items = Vec::new();
    for (line, cells) in rows {
        let cell = |at: Option<usize>| {
            at.and_then(|i| cells.get(i))
                .map(|c| c.trim())
                .unwrap_or("")
        };
        if cells.len() > header.len() {
            return Err(format!(
                "Line {line} has {} cells but the header has {}.",
                cells.len(),
                header.len()
            ));
        }
        let id = cell(Some(id_at));
        if id.is_empty() {
            return Err(format!("Line {line} has no id."));
        }
        let title = cell(Some(title_at));
        if title.is_empty() {
            return Err(format!("Line {line} (\"{id}\") has no title."));
        }
        let mut item = Opportunity::new(id, title);
        item.kind = cell(column("type")).to_string();
        item.description = cell(column("description")).to_string();
        item.evidence = cell(column("evidence"))
            .split(';')
            .map(str::trim)
            .filter(|e| !e.is_empty())
            .map(String::from)
            .collect();
        let effort = cell(column("effort"));
        if !effort.is_empty() {
            item.effort = Some(Effort::parse(effort).ok_or_else(|| {
                format!(
                    "Line {line}: effort must be S, M, L, XL or person-weeks (got \"{effort}\")."
                )
            })?);
        }
        for (name, slot) in [
            ("reach", &mut item.reach),
            ("impact", &mut item.impact),
            ("confidence", &mut item.confidence),
        ] {
            let value = cell(column(name));
            if !value.is_empty() {
                *slot = Some(value.parse().map_err(|_| {
                    format!("Line {line}: {name} must be a number (got \"{value}\").")
                })?);
            }
        }
        items.push(item);
    }
    check_unique(&items)?;
    Ok(items)
}

/// RFC 4180 rows with the line number each starts on (quoted cells may span lines).
fn csv_rows(text: &str) -> Result<Vec<(usize, Vec<String>)>, String> {
    let mut rows = Vec::new();
    let mut row = Vec::new();
    let mut cell = String::new();
    let mut quoted = false;
    let mut line = 1;
    let mut row_line = 1;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                chars.next();
                cell.push('"');
            }
            (true, '"') => quoted = false,
            (false, '"') if cell.trim().is_empty() => {
                cell.clear();
                quoted = true;
            }
            (false, ',') => row.push(std::mem::take(&mut cell)),
            (false, '\r') => {}
            (false, '\n') => {
                row.push(std::mem::take(&mut cell));
                rows.push((row_line, std::mem::take(&mut row)));
                line += 1;
                row_line = line;
            }
            (_, c) => {
                if c == '\n' {
                    line += 1;
                }
                cell.push(c);
            }
        }
    }
    if quoted {
        return Err(format!(
            "Line {row_line} opens a quote that is never closed."
        ));
    }
    if !cell.is_empty() || !row.is_empty() {
        row.push(cell);
        rows.push((row_line, row));
    }
    Ok(rows)
}

fn from_markdown(text: &str) -> Result<Vec<Opportunity>, String> {
    let mut items: Vec<Opportunity> = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        if raw.trim().is_empty() || raw.trim_start().starts_with('#') {
            continue;
        }
        let indented = raw.starts_with([' ', '\t']);
        let Some(content) = list_item(raw.trim()) else {
            if indented && !items.is_empty() {
                continue; // a wrapped line of the item above
            }
            return Err(format!(
                "Line {line} is not a list item: write \"- id: Title — description\"."
            ));
        };
        if indented {
            let Some(item) = items.last_mut() else {
                return Err(format!(
                    "Line {line} is indented but has no opportunity above it."
                ));
            };
            if let Some(effort) = content.strip_prefix("effort:") {
                item.effort = Some(Effort::parse(effort).ok_or_else(|| {
                    format!("Line {line}: effort must be S, M, L, XL or person-weeks.")
                })?);
            } else if let Some(kind) = content.strip_prefix("type:") {
                item.kind = kind.trim().to_string();
            } else {
                item.evidence.push(content.to_string());
            }
            continue;
        }
        let Some((id, rest)) = content.split_once(':') else {
            return Err(format!(
                "Line {line} has no id: write \"- id: Title — description\"."
            ));
        };
        let id = id.trim().trim_matches(['*', '`']).trim();
        if id.is_empty() || id.contains(char::is_whitespace) {
            return Err(format!(
                "Line {line}: \"{id}\" is not an id (one word, such as opp-1)."
            ));
        }
        let (title, description) = match rest.split_once(" — ").or_else(|| rest.split_once(" -- "))
        {
            Some((title, description)) => (title.trim(), description.trim()),
            None => (rest.trim(), ""),
        };
        if title.is_empty() {
            return Err(format!("Line {line} (\"{id}\") has no title."));
        }
        let mut item = Opportunity::new(id, title);
        item.description = description.to_string();
        items.push(item);
    }
    check_unique(&items)?;
    Ok(items)
}

/// The text of a `-`, `*` or `1.` list item.
fn list_item(line: &str) -> Option<&str> {
    if let Some(rest) = line.strip_prefix("- ").or_else(|| line.strip_prefix("* ")) {
        return Some(rest.trim());
    }
    let digits = line.chars().take_while(char::is_ascii_digit).count();
    if digits > 0 {
        return line[digits..]
            .strip_prefix(". ")
            .or_else(|| line[digits..].strip_prefix(") "))
            .map(str::trim);
    }
    None
}

fn check_unique(items: &[Opportunity]) -> Result<(), String> {
    for (index, item) in items.iter().enumerate() {
        if items[..index].iter().any(|o| o.id == item.id) {
            return Err(format!(
                "The id \"{}\" appears twice in the file; ids must be unique.",
                item.id
            ));
        }
    }
    if items.len() > MAX_OPPORTUNITIES {
        return Err(format!(
            "The file has {} opportunities; a backlog holds at most {MAX_OPPORTUNITIES}.",
            items.len()
        ));
    }
    Ok(())
}
