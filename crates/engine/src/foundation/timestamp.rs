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

/// Milliseconds since the Unix epoch of an RFC 3339 UTC time as `rfc3339_utc` writes it (the
/// fraction and the `Z` may be absent); None for anything else.
pub fn parse_rfc3339_ms(text: &str) -> Option<u64> {
    let number = |range: std::ops::Range<usize>| -> Option<u64> {
        let part = text.get(range)?;
        part.bytes()
            .all(|b| b.is_ascii_digit())
            .then(|| part.parse().ok())?
    };
    let bytes = text.as_bytes();
    if bytes.len() < 19 || bytes[4] != b'-' || bytes[7] != b'-' || bytes[13] != b':' {
        return None;
    }
    let (year, month, day) = (number(0..4)?, number(5..7)?, number(8..10)?);
    let (hour, minute, second) = (number(11..13)?, number(14..16)?, number(17..19)?);
    if !(1..=12).contains(&month) || !(1..=31).contains(&day) || year < 1970 {
        return None;
    }
    let millis = if bytes.get(19) == Some(&b'.') {
        number(20..23).unwrap_or(0)
    } else {
        0
    };
    let days = days_from_civil(year, month, day);
    Some(((days * 86_400 + hour * 3600 + minute * 60 + second) * 1000) + millis)
}

/// Days since 1970-01-01 of a Gregorian date: Howard Hinnant's `days_from_civil`, for years from
/// 1970.
fn days_from_civil(year: u64, month: u64, day: u64) -> u64 {
    let year = if month <= 2 { year - 1 } else { year };
    let era = year / 400;
    let year_of_era = year - era * 400;
    let month_from_march = if month > 2 { month - 3 } else { month + 9 };
    let day_of_year = (153 * month_from_march + 2) / 5 + day - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era * 146_097 + day_of_era - 719_468
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
    use super::{parse_rfc3339_ms, rfc3339_utc};

    #[test]
    fn formats_known_instants() {
        assert_eq!(rfc3339_utc(0), "1970-01-01T00:00:00.000Z");
        assert_eq!(rfc3339_utc(1_700_000_000_123), "2023-11-14T22:13:20.123Z");
        assert_eq!(rfc3339_utc(951_782_400_000), "2000-02-29T00:00:00.000Z");
        assert_eq!(rfc3339_utc(4_107_542_399_999), "2100-02-28T23:59:59.999Z");
    }

    #[test]
    fn reads_back_what_it_writes() {
        for ms in [
            0,
            1_700_000_000_123,
            951_782_400_000,
            4_107_542_399_999,
            1_764_000_000_000,
        ] {
            assert_eq!(parse_rfc3339_ms(&rfc3339_utc(ms)), Some(ms));
        }
        assert_eq!(
            parse_rfc3339_ms("2026-11-24T07:30:00Z"),
            Some(1_795_505_400_000)
        );
        for bad in [
            "",
            "yesterday",
            "2026-13-01T00:00:00Z",
            "2026-11-24 07:30",
            "1969-12-31T23:59:59Z",
        ] {
            assert_eq!(parse_rfc3339_ms(bad), None, "{bad}");
        }
    }
}
