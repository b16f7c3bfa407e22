//! CSV text for spreadsheets (RFC 4180), shared by every export that writes a table.

/// One field, quoted when it must be. Model text is untrusted: a leading = + - @ would run as a
/// spreadsheet formula, so such a field is prefixed with a '.
pub fn csv_field(text: &str) -> String {
    let text = if text.starts_with(['=', '+', '-', '@']) {
        format!("'{text}")
    } else {
        text.to_string()
    };
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text
    }
}

/// Appends one row of fields already made safe by `csv_field` (or numbers), ended by CRLF.
pub fn push_row(out: &mut String, fields: &[String]) {
    out.push_str(&fields.join(","));
    out.push_str("\r\n");
}
