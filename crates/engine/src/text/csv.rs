//! CSV text for spreadsheets (RFC 4180), shared by every export that writes a table.

/// One field, quoted when it must be. Model text is untrusted: a leading = + - @ would run as a
/// spreadsheet formula, so such a field is prefixed with a '.
pub fn csv_field(text: &str) -> String {
    // A leading tab or carriage return starts a formula too in some spreadsheets (OWASP's CSV
    // injection list).
    let text = if text.starts_with(['=', '+', '-', '@', '\t', '\r']) {
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

#[cfg(test)]
mod tests {
    use super::csv_field;

    /// Every start a spreadsheet reads as a formula is defused, a leading tab or carriage return
    /// too.
    #[test]
    fn formula_starts_are_defused_tab_and_carriage_return_included() {
        assert_eq!(csv_field("=1+1"), "'=1+1");
        assert_eq!(csv_field("\t=cmd"), "'\t=cmd");
        assert_eq!(csv_field("\r=cmd"), "\"'\r=cmd\"");
        assert_eq!(csv_field("plain"), "plain");
    }
}
