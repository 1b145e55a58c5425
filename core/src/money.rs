//! Splitting an amount of money by percentage shares, to the fen. Every split of a commission
//! (a new-home deal's performance types, a contract's ACN roles) goes through [`split_fen`], so
//! the parts always add up to the whole and the odd fen land the same way everywhere.
//!
//! Shares are basis points (1 bp = 0.01%, so 10,000 bp = 100%). The exact part of a share is
//! `total × bp / 10,000`; every part first gets its floor, and the fen left over go one each to
//! the parts with the largest dropped fractions (largest-remainder rounding), ties to the
//! earlier share, so a split never depends on anything but its inputs' order.

use std::fmt;

/// The whole, in basis points.
pub const WHOLE_BP: i64 = 10_000;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SplitError {
    /// The amount is below zero.
    NegativeTotal,
    /// A share is below zero.
    NegativeShare,
    /// The shares add up to this many basis points, not 10,000.
    NotWhole(i64),
}

impl fmt::Display for SplitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SplitError::NegativeTotal => f.write_str("分配金额不能为负数"),
            SplitError::NegativeShare => f.write_str("分配比例不能为负数"),
            SplitError::NotWhole(bp) => write!(
                f,
                "分配比例合计须为100%，当前为{}%",
                crate::new_home::hundredths_text(*bp)
            ),
        }
    }
}

/// `total_fen` split by `shares_bp` (which must total [`WHOLE_BP`]): one part per share, each
/// non-negative, summing exactly to `total_fen`.
pub fn split_fen(total_fen: i64, shares_bp: &[i64]) -> Result<Vec<i64>, SplitError> {
    if total_fen < 0 {
        return Err(SplitError::NegativeTotal);
    }
    if shares_bp.iter().any(|&bp| bp < 0) {
        return Err(SplitError::NegativeShare);
    }
    let sum: i64 = shares_bp.iter().sum();
    if sum != WHOLE_BP {
        return Err(SplitError::NotWhole(sum));
    }
    // i128: a total near i64::MAX times 10,000 bp must not overflow.
    let exact: Vec<(i64, i128)> = shares_bp
        .iter()
        .map(|&bp| {
            let product = i128::from(total_fen) * i128::from(bp);
            let whole = i128::from(WHOLE_BP);
            ((product / whole) as i64, product % whole)
        })
        .collect();
    let mut parts: Vec<i64> = exact.iter().map(|&(floor, _)| floor).collect();
    let left = total_fen - parts.iter().sum::<i64>();
    let mut order: Vec<usize> = (0..parts.len()).collect();
    // Largest dropped fraction first; the stable sort keeps earlier shares first among equals.
    order.sort_by(|&a, &b| exact[b].1.cmp(&exact[a].1));
    for &index in order.iter().take(left as usize) {
        parts[index] += 1;
    }
    Ok(parts)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    #[test]
    fn an_even_split_is_exact() {
        assert_eq!(split_fen(10_000, &[5_000, 5_000]), Ok(vec![5_000, 5_000]));
    }

    #[test]
    fn the_odd_fen_go_to_the_largest_fractions_then_the_earlier_share() {
        // 100 fen in thirds: 33.33 each, one fen left, to the first.
        assert_eq!(split_fen(100, &[3_333, 3_333, 3_334]), Ok(vec![33, 33, 34]));
        assert_eq!(split_fen(1, &[5_000, 5_000]), Ok(vec![1, 0]));
        // 7 fen at 60/40: 4.2 and 2.8, the larger fraction takes the fen.
        assert_eq!(split_fen(7, &[6_000, 4_000]), Ok(vec![4, 3]));
    }

    #[test]
    fn shares_that_are_not_whole_are_refused_with_their_total() {
        let error = split_fen(100, &[5_000, 4_000]).unwrap_err();
        assert_eq!(error, SplitError::NotWhole(9_000));
        assert_eq!(error.to_string(), "分配比例合计须为100%，当前为90%");
        assert_eq!(split_fen(-1, &[WHOLE_BP]), Err(SplitError::NegativeTotal));
        assert_eq!(
            split_fen(1, &[12_000, -2_000]),
            Err(SplitError::NegativeShare)
        );
    }

    fn whole_shares() -> impl Strategy<Value = Vec<i64>> {
        // Cut points in 0..=10,000 make shares that total exactly 10,000.
        prop::collection::vec(0..=WHOLE_BP, 0..8).prop_map(|mut cuts| {
            cuts.sort_unstable();
            let mut shares = Vec::with_capacity(cuts.len() + 1);
            let mut last = 0;
            for cut in cuts {
                shares.push(cut - last);
                last = cut;
            }
            shares.push(WHOLE_BP - last);
            shares
        })
    }

    proptest! {
        #[test]
        fn parts_are_non_negative_and_sum_to_the_whole(
            total in 0..=i64::MAX / 2,
            shares in whole_shares(),
        ) {
            let parts = split_fen(total, &shares).unwrap();
            prop_assert_eq!(parts.len(), shares.len());
            prop_assert!(parts.iter().all(|&p| p >= 0));
            prop_assert_eq!(parts.iter().map(|&p| i128::from(p)).sum::<i128>(), i128::from(total));
            // No part is more than a fen away from its exact share.
            for (part, bp) in parts.iter().zip(&shares) {
                let exact = i128::from(total) * i128::from(*bp);
                let diff = i128::from(*part) * i128::from(WHOLE_BP) - exact;
                prop_assert!(diff > -i128::from(WHOLE_BP) && diff < i128::from(WHOLE_BP));
            }
        }
    }
}
