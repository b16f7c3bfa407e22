//! One stable sort for the whole app.
//!
//! `slice::sort_by` is generic over the element type and the comparator, so each call site gets
//! its own copy of the standard library's driftsort and quicksort (several KiB of wasm each).
//! Here the sorting itself is not generic: [`stable_order`] merge-sorts positions through a
//! `&dyn Fn` comparator and [`apply_order`] moves the elements with swaps, so the app carries one
//! copy; the generic wrappers below are a few lines each. Every sort here is stable (equal
//! elements keep their order), like `slice::sort_by`.

use std::cmp::Ordering;

/// The positions `0..len` ordered by `compare` (called with two positions); equal ones keep
/// their relative order. A bottom-up merge sort.
#[inline(never)]
pub fn stable_order(len: usize, compare: &dyn Fn(usize, usize) -> Ordering) -> Vec<usize> {
    let mut order: Vec<usize> = (0..len).collect();
    let mut merged = vec![0usize; len];
    let mut width = 1;
    while width < len {
        let mut start = 0;
        while start < len {
            let mid = (start + width).min(len);
            let end = (start + 2 * width).min(len);
            let (mut left, mut right) = (start, mid);
            for slot in &mut merged[start..end] {
                // The left run wins ties: that is what keeps the sort stable.
                let take_left = right >= end
                    || (left < mid && compare(order[right], order[left]) != Ordering::Less);
                if take_left {
                    *slot = order[left];
                    left += 1;
                } else {
                    *slot = order[right];
                    right += 1;
                }
            }
            start = end;
        }
        std::mem::swap(&mut order, &mut merged);
        width *= 2;
    }
    order
}

/// Rearranges a sequence, through `swap(a, b)`, so that position `k` holds the element that was
/// at `order[k]` (`order` is a permutation of `0..order.len()`).
#[inline(never)]
pub fn apply_order(order: &[usize], swap: &mut dyn FnMut(usize, usize)) {
    // at[p]: the original position of the element now at p; pos[i]: where original i is now.
    let mut at: Vec<usize> = (0..order.len()).collect();
    let mut pos = at.clone();
    for (k, &wanted) in order.iter().enumerate() {
        let p = pos[wanted];
        if p != k {
            swap(k, p);
            let displaced = at[k];
            at[k] = wanted;
            at[p] = displaced;
            pos[wanted] = k;
            pos[displaced] = p;
        }
    }
}

/// Stable sort by a comparator: the same result as `slice::sort_by`.
pub fn sort_by<T>(items: &mut [T], compare: impl Fn(&T, &T) -> Ordering) {
    let order = stable_order(items.len(), &|a, b| compare(&items[a], &items[b]));
    apply_order(&order, &mut |a, b| items.swap(a, b));
}

/// Stable sort by a key: the same result as `slice::sort_by_key`.
pub fn sort_by_key<T, K: Ord>(items: &mut [T], key: impl Fn(&T) -> K) {
    sort_by(items, |a, b| key(a).cmp(&key(b)));
}

/// Stable sort by a key computed once per element: the same result as `slice::sort_by_cached_key`.
pub fn sort_by_cached_key<T, K: Ord>(items: &mut [T], key: impl Fn(&T) -> K) {
    let keys: Vec<K> = items.iter().map(key).collect();
    let order = stable_order(items.len(), &|a, b| keys[a].cmp(&keys[b]));
    apply_order(&order, &mut |a, b| items.swap(a, b));
}

/// Sort in ascending order: the same result as `slice::sort` (and, for a total order whose equal
/// elements are indistinguishable, as `slice::sort_unstable`).
pub fn sort<T: Ord>(items: &mut [T]) {
    sort_by(items, T::cmp);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small deterministic generator, so the test needs no dependency.
    fn numbers(seed: u64, count: usize, range: u64) -> Vec<u64> {
        let mut state = seed;
        (0..count)
            .map(|_| {
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                (state >> 33) % range
            })
            .collect()
    }

    #[test]
    fn matches_the_standard_stable_sort_including_ties() {
        for count in 0..70 {
            for seed in 0..6 {
                let keys = numbers(seed * 1000 + count as u64, count, 1 + seed * 3);
                // (key, original position): the position shows whether ties kept their order.
                let mut ours: Vec<(u64, usize)> = keys.iter().copied().zip(0..).collect();
                let mut std_sorted = ours.clone();
                sort_by(&mut ours, |a, b| b.0.cmp(&a.0));
                std_sorted.sort_by_key(|e| std::cmp::Reverse(e.0));
                assert_eq!(ours, std_sorted, "count {count}, seed {seed}");

                let mut ours: Vec<(u64, usize)> = keys.iter().copied().zip(0..).collect();
                let mut std_sorted = ours.clone();
                sort_by_key(&mut ours, |e| e.0 % 3);
                std_sorted.sort_by_key(|e| e.0 % 3);
                assert_eq!(ours, std_sorted);

                let mut ours: Vec<(u64, usize)> = keys.iter().copied().zip(0..).collect();
                let mut std_sorted = ours.clone();
                sort_by_cached_key(&mut ours, |e| e.0.to_string());
                std_sorted.sort_by_cached_key(|e| e.0.to_string());
                assert_eq!(ours, std_sorted);

                let mut ours = keys.clone();
                let mut std_sorted = keys.clone();
                sort(&mut ours);
                std_sorted.sort_unstable();
                assert_eq!(ours, std_sorted);
            }
        }
    }
}
