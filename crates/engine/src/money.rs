//! Money: what a call's tokens cost at a price, and amounts as people read them (the one place
//! amounts in USD are formatted, in the app and the exports).
use consilium_prices::Price;
use consilium_providers::Usage;

/// What `usage` costs at `price`, in USD.
pub fn cost_usd(usage: &Usage, price: &Price) -> f64 {
    price.cost_usd(usage.input_tokens, usage.output_tokens)
}

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
    use super::{cost_usd, format_usd, Price, Usage};

    #[test]
    fn amounts_read_as_dollars_and_small_ones_keep_their_digits() {
        assert_eq!(format_usd(2.5), "$2.50");
        assert_eq!(format_usd(0.0123), "$0.01");
        assert_eq!(format_usd(0.0042), "$0.0042");
        assert_eq!(format_usd(0.0), "$0.00");
        assert_eq!(format_usd(-0.0), "$0.00");
        assert_eq!(format_usd(-1e-9), "$0.00");
    }

    fn price(input: f64, output: f64) -> Price {
        Price {
            input_per_million: input,
            output_per_million: output,
        }
    }

    #[test]
    fn cost_from_usage() {
        let usage = Usage {
            input_tokens: 1_000_000,
            output_tokens: 500_000,
        };
        assert!((cost_usd(&usage, &price(2.5, 10.0)) - 7.5).abs() < 1e-12);
        let small = Usage {
            input_tokens: 1200,
            output_tokens: 300,
        };
        assert!((cost_usd(&small, &price(0.15, 0.60)) - 0.00036).abs() < 1e-12);
        assert_eq!(cost_usd(&Usage::default(), &price(5.0, 25.0)), 0.0);
    }
}
