//! Token counts before a call: the one estimate of the whole app (budgets, reservations, usage a
//! provider did not report).

/// A rough count for estimates before a call. Tokenizers split text by kind, so it is counted by
/// kind, in twentieths of a token per character: ASCII letters, digits and spaces about 4 to a
/// token (English prose), ASCII punctuation 2 to a token (code, JSON), and any other character
/// almost one token each (Chinese, Japanese). Checked against o200k counts in
/// `tests/token_estimate.rs`: it never under-reserves by more than 10% on those samples.
pub fn estimate_tokens(text: &str) -> u64 {
    let twentieths: u64 = text.chars().map(twentieths_of_a_token).sum();
    twentieths.div_ceil(20)
}

fn twentieths_of_a_token(c: char) -> u64 {
    if !c.is_ascii() {
        18
    } else if c.is_ascii_alphanumeric() || c.is_ascii_whitespace() {
        5
    } else {
        10
    }
}

/// The estimate for `chars` characters of English prose, for when only a count is known (older
/// call records): prefer `estimate_tokens` whenever the text is at hand.
pub fn tokens_for_chars(chars: usize) -> u64 {
    (chars as u64).div_ceil(4)
}
