//! Money as people read it: the one place amounts in USD are formatted, in the app and the exports.
//! What tokens cost at a price is `Price::cost_usd`, applied by the ledger alone.

/// `$2.50`, or four decimals below a cent so that small costs do not show as `$0.00`. A negative
/// amount (which no real cost is) shows as `$0.00` rather than `$-0.0000`.
pub fn format_usd(usd: f64) -> String {
    let usd = if usd.is_finite() { usd.max(0.0) } else { 0.0 };
    if usd == 0.0 {
        "$0.00".to_string()
    } else if usd < 0.01 {
        format!("${usd:.4}")
    } else {
        format!("${usd:.2}")
    }
}

#[cfg(test)]
mod tests {
    use crate::foundation::money::format_usd;

    #[test]
    fn amounts_read_as_dollars_and_small_ones_keep_their_digits() {
        assert_eq!(format_usd(2.5), "$2.50");
        assert_eq!(format_usd(0.0123), "$0.01");
        assert_eq!(format_usd(0.0042), "$0.0042");
        assert_eq!(format_usd(0.0), "$0.00");
        assert_eq!(format_usd(-0.0), "$0.00");
        assert_eq!(format_usd(-1e-9), "$0.00");
    }
}
