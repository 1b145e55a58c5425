//! What a customer wants, in the units listings are stored in (budget in fen, area in
//! hundredths of a ㎡), as the customer list filters by it (§9's price and area ranges, the
//! same table as the second-hand list's) and as matching reads it both ways: the listings that
//! fit a customer, the customers a listing fits.

use serde::{Deserialize, Serialize};

use crate::listing::filter::{Bounds, bounds};
use crate::listing::price::{fen_to_wan_text, hundredths, hundredths_text, wan_to_fen};

/// A customer's wish. A missing bound is open; empty districts mean anywhere; no layout means
/// any number of rooms.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Wish {
    /// §3 customer demand: 1 second-hand purchase, 2 new-home purchase, 3 rental.
    pub demand: i64,
    pub budget_min: Option<i64>,
    pub budget_max: Option<i64>,
    pub area_min: Option<i64>,
    pub area_max: Option<i64>,
    pub district_ids: Vec<i64>,
    pub rooms: Option<i64>,
}

/// A listing as matching reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Offer {
    /// The demand it serves (a second-hand listing serves 1).
    pub demand: i64,
    pub price: i64,
    pub area: i64,
    pub district_id: Option<i64>,
    pub rooms: i64,
}

/// The room count meaning that many or more (五室及以上).
pub const ROOMS_OR_MORE: i64 = 5;

/// The demand a second-hand listing serves.
pub const SECOND_HAND_DEMAND: i64 = 1;

fn within(value: i64, min: Option<i64>, max: Option<i64>) -> bool {
    min.is_none_or(|min| value >= min) && max.is_none_or(|max| value <= max)
}

/// Whether `offer` fits `wish`: the demand, the district, the budget, the area and the layout.
pub fn fits(wish: &Wish, offer: &Offer) -> bool {
    wish.demand == offer.demand
        && (wish.district_ids.is_empty()
            || offer
                .district_id
                .is_some_and(|id| wish.district_ids.contains(&id)))
        && within(offer.price, wish.budget_min, wish.budget_max)
        && within(offer.area, wish.area_min, wish.area_max)
        && wish.rooms.is_none_or(|rooms| {
            // The last choice of the room-count table is 五室及以上.
            if rooms >= ROOMS_OR_MORE {
                offer.rooms >= ROOMS_OR_MORE
            } else {
                rooms == offer.rooms
            }
        })
}

/// The §3 demand of a rental customer.
pub const RENTAL_DEMAND: i64 = 3;

/// The unit a customer's budget is typed and shown in, by demand: a purchase in 万 (the total
/// price), a rental in 元 a month (the rent). Stored in fen either way, as listings are.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum BudgetUnit {
    Wan,
    YuanPerMonth,
}

impl BudgetUnit {
    pub fn of_demand(demand: i64) -> BudgetUnit {
        if demand == RENTAL_DEMAND {
            BudgetUnit::YuanPerMonth
        } else {
            BudgetUnit::Wan
        }
    }

    /// What follows the numbers: `万`, `元/月`.
    pub fn suffix(self) -> &'static str {
        match self {
            BudgetUnit::Wan => "万",
            BudgetUnit::YuanPerMonth => "元/月",
        }
    }

    /// The form's label of the budget's lower (or `upper`) bound, with the unit: `预算下限(万元)`,
    /// for a rental `月租下限(元)` (as short, so it stays on one line).
    pub fn label(self, upper: bool) -> &'static str {
        match (self, upper) {
            (BudgetUnit::Wan, false) => "预算下限(万元)",
            (BudgetUnit::Wan, true) => "预算上限(万元)",
            (BudgetUnit::YuanPerMonth, false) => "月租下限(元)",
            (BudgetUnit::YuanPerMonth, true) => "月租上限(元)",
        }
    }

    /// The label of a single budget figure (a lead's): `预算(万元)`, for a rental `月租(元)`.
    pub fn single_label(self) -> &'static str {
        match self {
            BudgetUnit::Wan => "预算(万元)",
            BudgetUnit::YuanPerMonth => "月租(元)",
        }
    }

    /// A single budget figure in fen as lists show it: `300万`, `4500元/月`.
    pub fn text(self, fen: i64) -> String {
        format!("{}{}", self.typed(fen), self.suffix())
    }

    /// A typed budget (the form's check has passed) as fen: `285.5` 万, `3500` 元.
    pub fn to_fen(self, text: &str) -> Option<i64> {
        match self {
            BudgetUnit::Wan => wan_to_fen(text),
            BudgetUnit::YuanPerMonth => hundredths(text),
        }
    }

    /// Fen as the form shows it again: `285.5`, `3500`.
    pub fn typed(self, fen: i64) -> String {
        match self {
            BudgetUnit::Wan => fen_to_wan_text(fen),
            BudgetUnit::YuanPerMonth => hundredths_text(fen),
        }
    }

    /// The §9 ranges the customer list filters budgets of this unit by: total prices in 万,
    /// monthly rents in 元 (the rental list's).
    pub fn ranges(self) -> &'static str {
        match self {
            BudgetUnit::Wan => "price",
            BudgetUnit::YuanPerMonth => "rent",
        }
    }
}

/// The §9 range `index` of `name` (`price`, `rent` or `area`) in storage units, for a list filter.
pub fn filter_bounds(name: &str, index: usize) -> Option<Bounds> {
    matches!(name, "price" | "rent" | "area")
        .then(|| bounds(name, index))
        .flatten()
}

/// Whether a customer's wish from `min` to `max` meets the filter's `range`: a customer
/// budgeting 80-120万 is among those shown for 100-150万.
pub fn overlaps(min: Option<i64>, max: Option<i64>, range: Bounds) -> bool {
    let below_top = range.max.is_none_or(|top| min.is_none_or(|min| min < top));
    let above_bottom = range
        .min
        .is_none_or(|bottom| max.is_none_or(|max| max >= bottom));
    below_top && above_bottom
}

/// A wish's bounds as lists show them: `200-300`, `200以上`, `300以下` with the unit after the
/// numbers, or `不限`.
fn span(min: Option<String>, max: Option<String>, unit: &str) -> String {
    match (min, max) {
        (Some(min), Some(max)) if min == max => format!("{min}{unit}"),
        (Some(min), Some(max)) => format!("{min}-{max}{unit}"),
        (Some(min), None) => format!("{min}{unit}以上"),
        (None, Some(max)) => format!("{max}{unit}以下"),
        (None, None) => "不限".to_owned(),
    }
}

/// A lead's budget as typed: one figure (`300`, an upper bound, as people state a budget) or a
/// range (`200-300`, also `200~300`, `200至300`), answered as (lower, upper), each trimmed.
/// `None` when there is nothing on one side of the separator.
pub fn budget_span(text: &str) -> Option<(Option<&str>, &str)> {
    let text = text.trim();
    match text.split_once(['-', '~', '～', '－', '至']) {
        None => Some((None, text)),
        Some((low, high)) => {
            let (low, high) = (low.trim(), high.trim());
            (!low.is_empty() && !high.is_empty()).then_some((Some(low), high))
        }
    }
}

/// A lead's checked budget (`300`, `200-300`) as fen bounds (lower, upper) in the unit of
/// `demand`: one figure is the upper bound alone.
pub fn lead_budget_fen(demand: i64, text: &str) -> (Option<i64>, Option<i64>) {
    let unit = BudgetUnit::of_demand(demand);
    match budget_span(text) {
        Some((low, high)) => (low.and_then(|low| unit.to_fen(low)), unit.to_fen(high)),
        None => (None, None),
    }
}

/// A lead's budget in fen as lists show it: one figure as it was stated (`300万`), a range as
/// a customer's (`200-300万`, `3000-4500元/月`).
pub fn lead_budget_text(demand: i64, min: Option<i64>, max: Option<i64>) -> String {
    let unit = BudgetUnit::of_demand(demand);
    match (min, max) {
        (None, Some(max)) => unit.text(max),
        (None, None) => String::new(),
        _ => budget_text(demand, min, max),
    }
}

/// A budget in fen of a customer of `demand` as lists show it: `200-300.5万`, `80万以上`,
/// `3000-5000元/月` for a rental, `不限`.
pub fn budget_text(demand: i64, min: Option<i64>, max: Option<i64>) -> String {
    let unit = BudgetUnit::of_demand(demand);
    span(
        min.map(|fen| unit.typed(fen)),
        max.map(|fen| unit.typed(fen)),
        unit.suffix(),
    )
}

/// An area in hundredths of a ㎡ as the customer list shows it: `80-120㎡`.
pub fn area_text(min: Option<i64>, max: Option<i64>) -> String {
    span(min.map(hundredths_text), max.map(hundredths_text), "㎡")
}

#[cfg(test)]
mod tests {
    use super::*;

    const WAN: i64 = 1_000_000;

    fn wish() -> Wish {
        Wish {
            demand: 1,
            budget_min: Some(200 * WAN),
            budget_max: Some(300 * WAN),
            area_min: Some(8_000),
            area_max: None,
            district_ids: vec![3, 4],
            rooms: Some(3),
        }
    }

    const OFFER: Offer = Offer {
        demand: 1,
        price: 285 * WAN,
        area: 8_950,
        district_id: Some(3),
        rooms: 3,
    };

    #[test]
    fn a_listing_fits_on_every_count() {
        assert!(fits(&wish(), &OFFER));
        assert!(!fits(&wish(), &Offer { demand: 3, ..OFFER }));
        assert!(!fits(
            &wish(),
            &Offer {
                price: 301 * WAN,
                ..OFFER
            }
        ));
        assert!(!fits(
            &wish(),
            &Offer {
                area: 7_999,
                ..OFFER
            }
        ));
        assert!(!fits(
            &wish(),
            &Offer {
                district_id: Some(5),
                ..OFFER
            }
        ));
        assert!(!fits(&wish(), &Offer { rooms: 2, ..OFFER }));
        let five = Wish {
            rooms: Some(5),
            ..wish()
        };
        assert!(fits(&five, &Offer { rooms: 6, ..OFFER }));
        assert!(!fits(&five, &Offer { rooms: 4, ..OFFER }));
        // An open wish takes any district and layout.
        let open = Wish {
            district_ids: vec![],
            rooms: None,
            ..wish()
        };
        assert!(fits(
            &open,
            &Offer {
                district_id: None,
                rooms: 1,
                ..OFFER
            }
        ));
    }

    #[test]
    fn a_wish_reads_as_a_range() {
        assert_eq!(
            budget_text(1, Some(200 * WAN), Some(300_500_000)),
            "200-300.5万"
        );
        assert_eq!(budget_text(2, Some(80 * WAN), None), "80万以上");
        assert_eq!(budget_text(1, None, Some(150 * WAN)), "150万以下");
        assert_eq!(budget_text(1, Some(90 * WAN), Some(90 * WAN)), "90万");
        assert_eq!(budget_text(1, None, None), "不限");
        // A rental customer's budget is a monthly rent in 元, as the rental list shows rents.
        assert_eq!(
            budget_text(3, Some(300_000), Some(500_000)),
            "3000-5000元/月"
        );
        assert_eq!(budget_text(3, Some(450_050), None), "4500.5元/月以上");
        assert_eq!(area_text(Some(8_000), Some(12_050)), "80-120.5㎡");
    }

    #[test]
    fn a_lead_budget_is_one_figure_or_a_range() {
        assert_eq!(budget_span(" 300 "), Some((None, "300")));
        assert_eq!(budget_span("200 - 300"), Some((Some("200"), "300")));
        assert_eq!(budget_span("200至300"), Some((Some("200"), "300")));
        assert_eq!(budget_span("-5"), None);
        assert_eq!(lead_budget_text(1, None, Some(300_000_000)), "300万");
        assert_eq!(
            lead_budget_text(1, Some(200_000_000), Some(300_000_000)),
            "200-300万"
        );
        assert_eq!(
            lead_budget_text(3, Some(300_000), Some(450_000)),
            "3000-4500元/月"
        );
        assert_eq!(lead_budget_text(1, None, None), "");
        assert_eq!(
            lead_budget_fen(1, "200-300"),
            (Some(200_000_000), Some(300_000_000))
        );
        assert_eq!(lead_budget_fen(3, "4500"), (None, Some(450_000)));
        assert_eq!(lead_budget_fen(1, ""), (None, None));
    }

    #[test]
    fn a_rental_budget_is_typed_in_yuan_a_month_and_a_purchase_in_wan() {
        let rent = BudgetUnit::of_demand(3);
        assert_eq!(rent, BudgetUnit::YuanPerMonth);
        assert_eq!(rent.label(false), "月租下限(元)");
        assert_eq!(rent.to_fen("3500"), Some(350_000));
        assert_eq!(rent.typed(350_000), "3500");
        assert_eq!(rent.ranges(), "rent");
        for demand in [1, 2] {
            let price = BudgetUnit::of_demand(demand);
            assert_eq!(price.label(true), "预算上限(万元)");
            assert_eq!(price.to_fen("285.5"), Some(285_500_000));
            assert_eq!(price.typed(285_500_000), "285.5");
            assert_eq!(price.ranges(), "price");
        }
        // A rental budget between 3000 and 5000 元 meets the rental list's 3000-5000元 range.
        let rent_3000_5000 = filter_bounds("rent", 3).unwrap();
        assert!(overlaps(Some(350_000), Some(450_000), rent_3000_5000));
        assert!(!overlaps(Some(600_000), None, rent_3000_5000));
    }

    #[test]
    fn the_list_filters_by_the_specs_ranges() {
        // "Price ranges (in 万): under 40, 60-80, 80-100, 100-150, …"
        let hundred_to_150 = filter_bounds("price", 3).unwrap();
        assert!(overlaps(Some(80 * WAN), Some(120 * WAN), hundred_to_150));
        assert!(!overlaps(Some(60 * WAN), Some(99 * WAN), hundred_to_150));
        assert!(!overlaps(Some(150 * WAN), None, hundred_to_150));
        assert!(overlaps(None, None, hundred_to_150));
        let over_200_m2 = filter_bounds("area", 7).unwrap();
        assert!(overlaps(Some(15_000), None, over_200_m2));
        assert!(!overlaps(None, Some(19_999), over_200_m2));
        assert!(filter_bounds("floor", 0).is_none());
        assert!(filter_bounds("price", 7).is_none());
    }
}
