//! A product's rating summary: the average, the count and each star's share.
//!
//! **What.** From the approved reviews' ratings: `count`; `average` rounded to one decimal
//! (0 with no review); `stars[i]` the number of reviews of `i + 1` stars and `shares[i]` its
//! whole percent, rounded so the five add up to 100 (largest remainder; 0 each with no review).
//! **Why.** The product page's bars and the JSON-LD's `aggregateRating` read the same figures;
//! shares rounded one by one could add up to 99 or 101.
//! **Example.**
//! ```
//! use shop_core::review::summary::summarize;
//! let s = summarize(&[5, 4, 4]);
//! assert_eq!((s.count, s.average_tenths, s.shares), (3, 43, [0, 0, 0, 67, 33]));
//! ```

use serde::{Deserialize, Serialize};

/// The summary of a product's ratings.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Summary {
    /// How many ratings.
    pub count: u64,
    /// The average in tenths of a star (43 is 4.3), half up; 0 when there is none.
    pub average_tenths: u32,
    /// How many of 1, 2, 3, 4, 5 stars.
    pub stars: [u64; 5],
    /// Each star's whole percent, adding up to 100 (all 0 when there is none).
    pub shares: [u32; 5],
}

/// The summary of `ratings` (each 1–5; anything else is ignored).
pub fn summarize(ratings: &[u8]) -> Summary {
    let mut stars = [0u64; 5];
    for r in ratings {
        if (1..=5).contains(r) {
            stars[usize::from(*r - 1)] += 1;
        }
    }
    from_counts(stars)
}

/// The summary from each star's count (1 star first).
pub fn from_counts(stars: [u64; 5]) -> Summary {
    let count: u64 = stars.iter().fold(0u64, |a, n| a.saturating_add(*n));
    if count == 0 {
        return Summary { stars, ..Summary::default() };
    }
    let total: u128 = stars.iter().enumerate().map(|(i, n)| (i as u128 + 1) * u128::from(*n)).sum();
    // tenths, half up: 10 * total / count, rounded
    let c = u128::from(count);
    let average_tenths = u32::try_from((20 * total + c) / (2 * c)).unwrap_or(50);
    // largest remainder: floor shares, then +1 to the largest remainders (the higher star first on ties)
    let mut shares = [0u32; 5];
    let mut rest = [(0u64, 0usize); 5];
    for i in 0..5 {
        let exact = 100 * u128::from(stars[i]);
        shares[i] = u32::try_from(exact / u128::from(count)).unwrap_or(100);
        rest[i] = (u64::try_from(exact % u128::from(count)).unwrap_or(0), i);
    }
    let missing = 100 - shares.iter().sum::<u32>();
    rest.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.cmp(&a.1)));
    for (_, i) in rest.iter().take(missing as usize) {
        shares[*i] += 1;
    }
    Summary { count, average_tenths, stars, shares }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_add_up_to_100() {
        let s = summarize(&[1, 2, 3]);
        assert_eq!(s.shares.iter().sum::<u32>(), 100);
        assert_eq!(s.average_tenths, 20);
        assert_eq!(summarize(&[]), Summary::default());
        assert_eq!(summarize(&[0, 6, 5]).count, 1);
        let s = from_counts([u64::MAX / 10, 0, 0, 0, 1]);
        assert_eq!(s.shares.iter().sum::<u32>(), 100);
    }
}
