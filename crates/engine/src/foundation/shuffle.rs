//! A small seeded shuffle: the same seed always gives the same order, so an order the engine draws
//! can be kept in a record (as its seed) and drawn again after a resume. Not for secrets: SplitMix64
//! and Fisher-Yates, chosen for being short and deterministic on every target.

/// A seed from a text (FNV-1a, 32 bits): stable across builds and targets, and small enough to
/// survive a JSON round trip through JavaScript numbers.
pub fn seed_from(text: &str) -> u32 {
    text.bytes().fold(0x811c_9dc5_u32, |hash, byte| {
        (hash ^ u32::from(byte)).wrapping_mul(0x0100_0193)
    })
}

/// `items` in an order drawn from `seed` (Fisher-Yates over SplitMix64).
pub fn shuffled<T>(mut items: Vec<T>, seed: u64) -> Vec<T> {
    let mut state = seed;
    for last in (1..items.len()).rev() {
        let pick = (split_mix(&mut state) % (last as u64 + 1)) as usize;
        items.swap(last, pick);
    }
    items
}

fn split_mix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_gives_the_same_order_and_seeds_differ() {
        let items: Vec<u32> = (0..5).collect();
        assert_eq!(shuffled(items.clone(), 7), shuffled(items.clone(), 7));
        let orders: std::collections::BTreeSet<Vec<u32>> =
            (0..40).map(|seed| shuffled(items.clone(), seed)).collect();
        assert!(
            orders.len() > 20,
            "40 seeds drew only {} orders",
            orders.len()
        );
        let mut sorted = shuffled(items.clone(), 3);
        sorted.sort();
        assert_eq!(sorted, items, "a shuffle keeps every item once");
    }

    #[test]
    fn a_text_seed_is_stable() {
        assert_eq!(seed_from(""), 0x811c_9dc5);
        assert_eq!(seed_from("a"), 0xe40c_292c);
        assert_ne!(seed_from("c-1"), seed_from("c-2"));
    }
}
