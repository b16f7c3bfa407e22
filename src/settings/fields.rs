//! The fields the user types: each one's check (also applied to stored values) and its parser,
//! whose `Err` is a sentence saying what is wrong.

pub(super) fn check_amount(usd: f64, what: &str, zero_allowed: bool) -> Result<(), String> {
    let ok = usd.is_finite() && (usd > 0.0 || (zero_allowed && usd == 0.0));
    if ok {
        Ok(())
    } else if zero_allowed {
        Err(format!("{what} must be $0 or more (got {usd})."))
    } else {
        Err(format!("{what} must be more than $0 (got {usd})."))
    }
}

pub const MIN_MAX_TOKENS: u32 = 16;
pub const MIN_TIMEOUT_SECS: u32 = 5;

pub(super) fn check_max_tokens(tokens: u32) -> Result<(), String> {
    if tokens >= MIN_MAX_TOKENS {
        Ok(())
    } else {
        Err(format!(
            "The output limit must be at least {MIN_MAX_TOKENS} tokens (got {tokens})."
        ))
    }
}

pub(super) fn check_hedge_after(secs: u32) -> Result<(), String> {
    if secs >= 1 {
        Ok(())
    } else {
        Err("The backup deadline must be at least 1 second.".to_string())
    }
}

/// A whole number as typed, named by its `unit` in the error, then held to `check`.
fn parse_whole(
    text: &str,
    unit: &str,
    check: impl Fn(u32) -> Result<(), String>,
) -> Result<u32, String> {
    let text = text.trim();
    let value: u32 = text
        .parse()
        .map_err(|_| format!("\"{text}\" is not a whole number of {unit}."))?;
    check(value)?;
    Ok(value)
}

pub fn parse_hedge_after(text: &str) -> Result<u32, String> {
    parse_whole(text, "seconds", check_hedge_after)
}

pub(super) fn check_timeout(secs: u32) -> Result<(), String> {
    if secs >= MIN_TIMEOUT_SECS {
        Ok(())
    } else {
        Err(format!(
            "The timeout must be at least {MIN_TIMEOUT_SECS} seconds (got {secs})."
        ))
    }
}

pub(super) fn check_threshold(fraction: f64) -> Result<(), String> {
    if (0.0..=1.0).contains(&fraction) {
        Ok(())
    } else {
        Err(format!(
            "The abstain threshold must be from 0% to 100% (got {:.0}%).",
            fraction * 100.0
        ))
    }
}

pub(super) fn check_debate_threshold(count: u32) -> Result<(), String> {
    if count <= 100 {
        Ok(())
    } else {
        Err(format!(
            "The debate threshold must be from 0 to 100 opportunities (got {count})."
        ))
    }
}

/// The number of opportunities above which a backlog is debated, as typed.
pub fn parse_debate_threshold(text: &str) -> Result<u32, String> {
    parse_whole(text, "opportunities", check_debate_threshold)
}

/// The abstain threshold as typed, in percent: `Ok` is the fraction.
pub fn parse_abstain_threshold(text: &str) -> Result<f64, String> {
    let text = text.trim().trim_end_matches('%');
    let percent: f64 = text
        .parse()
        .map_err(|_| format!("\"{text}\" is not a percentage from 0 to 100."))?;
    check_threshold(percent / 100.0)?;
    Ok(percent / 100.0)
}

/// What the user typed as the session budget: empty means no budget; anything else must be an
/// amount above $0. `Err` is shown and the budget in effect stays.
pub fn parse_budget(text: &str) -> Result<Option<f64>, String> {
    let text = text.trim().trim_start_matches('$');
    if text.is_empty() {
        return Ok(None);
    }
    let usd: f64 = text
        .parse()
        .map_err(|_| format!("\"{text}\" is not an amount: type a budget in USD, such as 2.50, or leave it empty for none."))?;
    check_amount(usd, "The budget", false)?;
    Ok(Some(usd))
}

pub fn parse_consent_threshold(text: &str) -> Result<f64, String> {
    let text = text.trim().trim_start_matches('$');
    let usd: f64 = text.parse().map_err(|_| {
        format!("\"{text}\" is not an amount: type the threshold in USD, such as 0.50.")
    })?;
    check_amount(usd, "The consent threshold", true)?;
    Ok(usd)
}

pub fn parse_max_tokens(text: &str) -> Result<u32, String> {
    parse_whole(text, "tokens", check_max_tokens)
}

/// The days after which an unjudged decision is recalled, as typed: 0 (never) to 365.
pub fn parse_reminder_days(text: &str) -> Result<u32, String> {
    parse_whole(text, "days", |days| {
        if days <= 365 {
            Ok(())
        } else {
            Err(format!("Remind after 0 (never) to 365 days (got {days})."))
        }
    })
}

/// The auto-lock's idle time: 0 (never) to a day.
pub fn check_idle_lock(minutes: u32) -> Result<(), String> {
    if minutes <= 24 * 60 {
        Ok(())
    } else {
        Err(format!(
            "Lock after 0 (never) to 1440 minutes (a day) without use (got {minutes})."
        ))
    }
}

pub fn parse_idle_lock(text: &str) -> Result<u32, String> {
    parse_whole(text, "minutes", check_idle_lock)
}

pub fn parse_timeout(text: &str) -> Result<u32, String> {
    parse_whole(text, "seconds", check_timeout)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reminder_days_are_0_for_never_to_a_year() {
        assert_eq!(parse_reminder_days(" 14 "), Ok(14));
        assert_eq!(parse_reminder_days("0"), Ok(0));
        assert_eq!(
            parse_reminder_days("400"),
            Err("Remind after 0 (never) to 365 days (got 400).".into())
        );
        assert!(parse_reminder_days("two weeks").is_err());
    }

    #[test]
    fn budgets_are_amounts_above_zero_or_empty_for_none() {
        assert_eq!(parse_budget(" 2.5 "), Ok(Some(2.5)));
        assert_eq!(parse_budget("$1"), Ok(Some(1.0)));
        assert_eq!(parse_budget(""), Ok(None));
        assert!(parse_budget("0").unwrap_err().contains("more than $0"));
        assert!(parse_budget("-3").unwrap_err().contains("more than $0"));
        assert!(parse_budget("abc").unwrap_err().contains("not an amount"));
        assert!(parse_budget("NaN").is_err());
        assert_eq!(parse_consent_threshold("0"), Ok(0.0));
        assert!(parse_consent_threshold("-1").is_err());
        assert_eq!(parse_max_tokens("512"), Ok(512));
        assert!(parse_max_tokens("4").is_err());
        assert!(parse_timeout("2").is_err());
        assert_eq!(parse_abstain_threshold("60"), Ok(0.6));
        assert!(parse_abstain_threshold("120").is_err());
        assert_eq!(parse_debate_threshold(" 7 "), Ok(7));
        assert!(parse_debate_threshold("-1").is_err());
        assert!(parse_debate_threshold("500").is_err());
    }
}
