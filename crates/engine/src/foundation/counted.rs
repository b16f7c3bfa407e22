//! A count as people write it: with its noun ("1 fix item", "3 fix items", never "item(s)") and
//! with thousands separators ("1,000 questions").

/// A count with thousands separators: "12,345".
pub fn thousands(value: u64) -> String {
    let digits = value.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// `count` and `noun`, plural with an "s" unless the count is one.
pub fn counted(count: usize, noun: &str) -> String {
    match count {
        1 => format!("1 {noun}"),
        n => format!("{} {noun}s", thousands(n as u64)),
    }
}

/// `count` and the noun for it, for a noun whose plural is not its singular with an "s".
pub fn counted_as(count: usize, singular: &str, plural: &str) -> String {
    match count {
        1 => format!("1 {singular}"),
        n => format!("{} {plural}", thousands(n as u64)),
    }
}

#[cfg(test)]
mod tests {
    use super::{counted, counted_as, thousands};

    #[test]
    fn counts_carry_thousands_separators() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(1234567), "1,234,567");
        assert_eq!(counted(1000, "question"), "1,000 questions");
        assert_eq!(
            counted_as(25000, "opportunity", "opportunities"),
            "25,000 opportunities"
        );
    }

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(counted(1, "fix item"), "1 fix item");
        assert_eq!(counted(3, "fix item"), "3 fix items");
        assert_eq!(counted(0, "round"), "0 rounds");
        assert_eq!(
            counted_as(1, "opportunity", "opportunities"),
            "1 opportunity"
        );
        assert_eq!(
            counted_as(2, "opportunity", "opportunities"),
            "2 opportunities"
        );
    }
}
