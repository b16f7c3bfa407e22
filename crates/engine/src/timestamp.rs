//! RFC 3339 timestamps from the injected clock. The engine never reads the system clock, so it
//! formats `Clock::now_ms` itself instead of pulling in a date crate.

/// `2023-11-14T22:13:20.000Z` for the given milliseconds since the Unix epoch (UTC). Fixed width, so
/// timestamps sort correctly as strings.
pub fn rfc3339_utc(ms_since_epoch: u64) -> String {
    let seconds = ms_since_epoch / 1000;
    let (year, month, day) = civil_from_days(seconds / 86_400);
    let second_of_day = seconds % 86_400;
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}.{:03}Z",
        second_of_day / 3600,
        second_of_day % 3600 / 60,
        second_of_day % 60,
        ms_since_epoch % 1000
    )
}

/// Gregorian (year, month, day) of a day count since 1970-01-01: Howard Hinnant's `civil_from_days`,
/// restricted to non-negative day counts.
fn civil_from_days(days_since_epoch: u64) -> (u64, u64, u64) {
    // Shift the epoch to 0000-03-01 so that leap days fall at the end of each 400-year era.
    let z = days_since_epoch + 719_468;
    let era = z / 146_097;
    let day_of_era = z % 146_097;
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_from_march = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * month_from_march + 2) / 5 + 1;
    let month = if month_from_march < 10 {
        month_from_march + 3
    } else {
        month_from_march - 9
    };
    let year = year_of_era + era * 400 + u64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::rfc3339_utc;

    #[test]
    fn formats_known_instants() {
        assert_eq!(rfc3339_utc(0), "1970-01-01T00:00:00.000Z");
        assert_eq!(rfc3339_utc(1_700_000_000_123), "2023-11-14T22:13:20.123Z");
        assert_eq!(rfc3339_utc(951_782_400_000), "2000-02-29T00:00:00.000Z");
        assert_eq!(rfc3339_utc(4_107_542_399_999), "2100-02-28T23:59:59.999Z");
    }
}
