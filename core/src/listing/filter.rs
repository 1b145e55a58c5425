//! The listing lists' filters, shaped from §9's ranges into the units listings are stored
//! in: a price range in 万 becomes fen, a rent range in 元 fen, an area range in ㎡ hundredths
//! of a ㎡, an average-price range in 元/㎡ fen per ㎡. The SPA offers the ranges by index; the server turns the index it
//! receives into bounds with [`bounds`], so both read one table.

use serde::Serialize;

use super::trade::Trade;
use crate::ranges::{self, FilterRange};

/// A half-open interval in storage units: `min <= value < max`; a missing bound is open.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Bounds {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max: Option<i64>,
}

/// How many storage units one unit of the range is.
fn scale(name: &str) -> Option<f64> {
    match name {
        // 万 → fen.
        "price" => Some(1_000_000.0),
        // 元 → fen.
        "rent" => Some(100.0),
        // ㎡ → hundredths of a ㎡.
        "area" => Some(100.0),
        // 元/㎡ → fen/㎡.
        "averagePrice" => Some(100.0),
        "floor" | "propertyTerm" => Some(1.0),
        _ => None,
    }
}

/// The bounds of the `index`-th range called `name`, in storage units; none for a name no
/// listing list filters by or an index past the table.
pub fn bounds(name: &str, index: usize) -> Option<Bounds> {
    if !Trade::ALL.iter().any(|t| t.list_ranges().contains(&name)) {
        return None;
    }
    let scale = scale(name)?;
    let range: &FilterRange = ranges::ranges(name)?.get(index)?;
    let to_units = |value: f64| (value * scale).round() as i64;
    Some(Bounds {
        min: range.min.map(to_units),
        max: range.max.map(to_units),
    })
}

/// Which of the ranges called `name` holds `value` (in storage units): its index, as the SPA
/// sends it and [`bounds`] reads it; none for a value in no range (§9's prices have no
/// 40-60万 range) or a name no listing list filters by. The ranges of each name are disjoint,
/// so a value is in at most one; area and rent ranges also leave no gap (see the tests). The
/// server stores each listing's bands of its list's price (or rent) and area ranges, so the
/// list filters by `band = index` (docs/houses.md).
pub fn band(name: &str, value: i64) -> Option<usize> {
    let count = ranges::ranges(name)?.len();
    (0..count).find(|&index| bounds(name, index).is_some_and(|b| b.contains(value)))
}

/// The range names whose band each listing stores, by trade: what the list filters `price`
/// by (the total price of a sale, the rent of a lease), then `area`.
pub fn banded(trade: Trade) -> [&'static str; 2] {
    match trade {
        Trade::Sale => ["price", "area"],
        Trade::Lease => ["rent", "area"],
    }
}

/// What a list is asked for between two typed prices, in the unit its price ranges use (总价 in
/// 万, 租金 in 元 a month): §9's price ranges jump from 40万以下 to 60-80万, so a buyer's 50万 is
/// found by typing it. Both ends are kept (`50`–`60` holds 60万), either may be left empty.
pub fn typed_bounds(trade: Trade, min: &str, max: &str) -> Result<Bounds, TypedBoundsError> {
    let [name, _] = banded(trade);
    let label = if trade == Trade::Sale {
        "总价"
    } else {
        "租金"
    };
    // The form's hundredths of the range's unit, in storage units.
    let per_hundredth = scale(name).map_or(1, |units| (units / 100.0) as i64);
    let read = |text: &str| -> Result<Option<i64>, TypedBoundsError> {
        let text = text.trim();
        if text.is_empty() {
            return Ok(None);
        }
        super::price::hundredths(text)
            .and_then(|value| value.checked_mul(per_hundredth))
            .map(Some)
            .ok_or(TypedBoundsError::NotAPrice(label))
    };
    let (min, max) = (read(min)?, read(max)?);
    if let (Some(low), Some(high)) = (min, max)
        && low > high
    {
        return Err(TypedBoundsError::Reversed(label));
    }
    Ok(Bounds {
        min,
        max: max.map(|high| high + 1),
    })
}

/// Why typed prices are refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TypedBoundsError {
    NotAPrice(&'static str),
    Reversed(&'static str),
}

impl TypedBoundsError {
    pub fn message(&self) -> String {
        match self {
            Self::NotAPrice(label) => format!("{label}须为0或正数，最多两位小数"),
            Self::Reversed(label) => format!("最低{label}不能高于最高{label}"),
        }
    }
}

impl Bounds {
    pub fn contains(&self, value: i64) -> bool {
        self.min.is_none_or(|min| value >= min) && self.max.is_none_or(|max| value < max)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn price_ranges_become_fen() {
        // "Price ranges (in 万): under 40, 60-80, …, over 300."
        let under_40 = bounds("price", 0).unwrap();
        assert_eq!(
            under_40,
            Bounds {
                min: None,
                max: Some(40_000_000)
            }
        );
        assert!(under_40.contains(39_990_000) && !under_40.contains(40_000_000));
        let over_300 = bounds("price", 6).unwrap();
        assert_eq!(
            over_300,
            Bounds {
                min: Some(300_000_000),
                max: None
            }
        );
        assert!(bounds("price", 7).is_none());
    }

    #[test]
    fn area_floor_term_and_average_price() {
        assert_eq!(
            bounds("area", 3),
            Some(Bounds {
                min: Some(9_000),
                max: Some(11_000)
            })
        );
        assert_eq!(
            bounds("floor", 0),
            Some(Bounds {
                min: None,
                max: Some(6)
            })
        );
        // 70年 is exactly 70.
        let seventy = bounds("propertyTerm", 2).unwrap();
        assert!(seventy.contains(70) && !seventy.contains(50) && !seventy.contains(71));
        assert_eq!(
            bounds("averagePrice", 1),
            Some(Bounds {
                min: Some(1_000_000),
                max: Some(1_500_000)
            })
        );
        // Commission and opening date belong to new homes, not this list.
        assert!(bounds("commission", 0).is_none());
        assert!(bounds("openingDate", 0).is_none());
    }

    #[test]
    fn rent_ranges_become_fen() {
        let band = bounds("rent", 3).unwrap();
        assert_eq!(
            band,
            Bounds {
                min: Some(300_000),
                max: Some(500_000)
            }
        );
        assert!(band.contains(350_000) && !band.contains(500_000));
        assert_eq!(bounds("rent", 6).unwrap().max, None);
    }

    /// Each stored range's bounds in order: (min, max) in storage units.
    fn edges(name: &str) -> Vec<Bounds> {
        (0..).map_while(|index| bounds(name, index)).collect()
    }

    #[test]
    fn banded_ranges_are_disjoint_and_only_price_has_a_gap() {
        for trade in Trade::ALL {
            for name in banded(trade) {
                assert!(trade.list_ranges().contains(&name), "{name}");
                let edges = edges(name);
                assert_eq!(edges.first().unwrap().min, None, "{name} opens below");
                assert_eq!(edges.last().unwrap().max, None, "{name} opens above");
                for pair in edges.windows(2) {
                    let (low, high) = (pair[0].max.unwrap(), pair[1].min.unwrap());
                    // Disjoint: each range starts where the one before ends, or later.
                    assert!(low <= high, "{name}: {pair:?}");
                    // Contiguous but for §9's missing 40-60万.
                    if low < high {
                        assert_eq!((name, low, high), ("price", 40_000_000, 60_000_000));
                    }
                }
            }
        }
    }

    #[test]
    fn a_value_is_in_the_band_whose_bounds_hold_it() {
        // 200-300万 is index 5: its lower bound in, its upper bound out.
        assert_eq!(band("price", 200_000_000), Some(5));
        assert_eq!(band("price", 299_999_999), Some(5));
        assert_eq!(band("price", 300_000_000), Some(6));
        assert_eq!(band("price", 39_999_999), Some(0));
        assert_eq!(band("price", 0), Some(0));
        // The spec's gap: 40-60万 is no band.
        assert_eq!(band("price", 40_000_000), None);
        assert_eq!(band("price", 59_999_999), None);
        assert_eq!(band("price", 60_000_000), Some(1));
        // 90-110㎡ is index 3.
        assert_eq!(band("area", 9_000), Some(3));
        assert_eq!(band("area", 10_999), Some(3));
        assert_eq!(band("area", 11_000), Some(4));
        assert_eq!(band("area", 20_000), Some(7));
        assert_eq!(band("rent", 99_999), Some(0));
        assert_eq!(band("rent", 300_000), Some(3));
        assert_eq!(band("rent", 1_200_000), Some(6));
        assert_eq!(band("commission", 300), None);
        // Every edge agrees with `bounds`.
        for name in ["price", "rent", "area"] {
            for (index, b) in edges(name).into_iter().enumerate() {
                for value in [b.min, b.max.map(|max| max - 1)].into_iter().flatten() {
                    assert_eq!(band(name, value), Some(index), "{name} {value}");
                    assert!(bounds(name, index).unwrap().contains(value));
                }
            }
        }
    }

    #[test]
    fn typed_prices_fill_the_specs_gap() {
        // 50-60万: both ends kept, in fen.
        let b = typed_bounds(Trade::Sale, "50", " 60 ").unwrap();
        assert!(b.contains(50_000_000) && b.contains(60_000_000) && !b.contains(60_000_001));
        assert!(!b.contains(49_999_999));
        // Either end may be open; decimals as the entry form takes them.
        let from = typed_bounds(Trade::Sale, "45.5", "").unwrap();
        assert_eq!(
            from,
            Bounds {
                min: Some(45_500_000),
                max: None
            }
        );
        assert_eq!(
            typed_bounds(Trade::Sale, "", "").unwrap(),
            Bounds {
                min: None,
                max: None
            }
        );
        // Rent is typed in 元 a month.
        let rent = typed_bounds(Trade::Lease, "3000", "3500").unwrap();
        assert!(rent.contains(300_000) && rent.contains(350_000) && !rent.contains(350_001));
    }

    #[test]
    fn typed_prices_refused_say_why() {
        let reversed = typed_bounds(Trade::Sale, "80", "60").unwrap_err();
        assert_eq!(reversed.message(), "最低总价不能高于最高总价");
        let wrong = typed_bounds(Trade::Lease, "-1", "").unwrap_err();
        assert_eq!(wrong.message(), "租金须为0或正数，最多两位小数");
        assert!(typed_bounds(Trade::Sale, "abc", "").is_err());
        assert!(typed_bounds(Trade::Sale, "", "1.234").is_err());
    }
}
