//! A count with its noun, as people write it: "1 fix item", "3 fix items" (never "item(s)").

/// `count` and `noun`, plural with an "s" unless the count is one.
pub fn counted(count: usize, noun: &str) -> String {
    match count {
        1 => format!("1 {noun}"),
        n => format!("{n} {noun}s"),
    }
}

/// `count` and the noun for it, for a noun whose plural is not its singular with an "s".
pub fn counted_as(count: usize, singular: &str, plural: &str) -> String {
    match count {
        1 => format!("1 {singular}"),
        n => format!("{n} {plural}"),
    }
}

#[cfg(test)]
mod tests {
    use super::{counted, counted_as};

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
