//! Ranking a list without sorting it whole: the page's items are the `offset + size` smallest
//! keys, kept in a bounded heap while the candidates stream by (issue 25: a broad query such
//! as «لپ تاپ» matches the whole catalogue, and only its first page is shown).

use std::collections::BinaryHeap;

/// A total order key, smaller first: (demoted, primary, secondary, item). Every order of the
/// catalogue is written as one (`!x` reverses an `i64` without overflow), the item index last,
/// so no two items tie and the order of a full sort is reproduced exactly.
pub type RankKey = (bool, i64, i64, usize);

/// The `k` smallest keys pushed: O(log k) for a key that enters, O(1) for one that cannot.
#[derive(Debug)]
pub struct TopK {
    k: usize,
    heap: BinaryHeap<RankKey>,
}

impl TopK {
    pub fn new(k: usize) -> Self {
        Self { k, heap: BinaryHeap::with_capacity(k.min(1024)) }
    }

    pub fn push(&mut self, key: RankKey) {
        if self.heap.len() < self.k {
            self.heap.push(key);
        } else if let Some(mut largest) = self.heap.peek_mut() {
            if key < *largest {
                *largest = key;
            }
        }
    }

    /// The kept keys, smallest first.
    pub fn into_sorted(self) -> Vec<RankKey> {
        self.heap.into_sorted_vec()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_smallest_in_order() {
        let keys: Vec<RankKey> = (0..500).map(|i| ((i * 7) % 3 == 0, (i * 37 % 101) as i64, -(i as i64), i)).collect();
        let mut sorted = keys.clone();
        sorted.sort();
        for k in [0, 1, 5, 100, 499, 500, 10_000] {
            let mut top = TopK::new(k);
            keys.iter().for_each(|&x| top.push(x));
            assert_eq!(top.into_sorted(), sorted[..k.min(500)], "k = {k}");
        }
    }
}
