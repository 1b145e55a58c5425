//! Listing filters of spec §9 as data: price (万), area (m²), floor, average price (元/m²),
//! commission, opening date and property-right term. A range includes its lower bound and
//! excludes its upper bound; a missing bound is open.

use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct FilterRange {
    pub label: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max: Option<f64>,
}

const fn r(label: &'static str, min: Option<f64>, max: Option<f64>) -> FilterRange {
    FilterRange { label, min, max }
}

/// Total price in 万. The spec lists no 40-60 range, and neither do we.
pub const PRICE_WAN: &[FilterRange] = &[
    r("40万以下", None, Some(40.0)),
    r("60-80万", Some(60.0), Some(80.0)),
    r("80-100万", Some(80.0), Some(100.0)),
    r("100-150万", Some(100.0), Some(150.0)),
    r("150-200万", Some(150.0), Some(200.0)),
    r("200-300万", Some(200.0), Some(300.0)),
    r("300万以上", Some(300.0), None),
];

pub const AREA_M2: &[FilterRange] = &[
    r("50㎡以下", None, Some(50.0)),
    r("50-70㎡", Some(50.0), Some(70.0)),
    r("70-90㎡", Some(70.0), Some(90.0)),
    r("90-110㎡", Some(90.0), Some(110.0)),
    r("110-130㎡", Some(110.0), Some(130.0)),
    r("130-150㎡", Some(130.0), Some(150.0)),
    r("150-200㎡", Some(150.0), Some(200.0)),
    r("200㎡以上", Some(200.0), None),
];

pub const FLOOR: &[FilterRange] = &[
    r("6层以下", None, Some(6.0)),
    r("6-12层", Some(6.0), Some(12.0)),
    r("12-18层", Some(12.0), Some(18.0)),
    r("18层以上", Some(18.0), None),
];

/// Average price in 元/m² (the spec says only that such ranges exist).
pub const AVERAGE_PRICE: &[FilterRange] = &[
    r("1万以下", None, Some(10_000.0)),
    r("1-1.5万", Some(10_000.0), Some(15_000.0)),
    r("1.5-2万", Some(15_000.0), Some(20_000.0)),
    r("2-3万", Some(20_000.0), Some(30_000.0)),
    r("3-5万", Some(30_000.0), Some(50_000.0)),
    r("5万以上", Some(50_000.0), None),
];

/// Commission rate in percent, from 2% to 9%+.
pub const COMMISSION_PERCENT: &[FilterRange] = &[
    r("2%-3%", Some(2.0), Some(3.0)),
    r("3%-4%", Some(3.0), Some(4.0)),
    r("4%-5%", Some(4.0), Some(5.0)),
    r("5%-6%", Some(5.0), Some(6.0)),
    r("6%-7%", Some(6.0), Some(7.0)),
    r("7%-8%", Some(7.0), Some(8.0)),
    r("8%-9%", Some(8.0), Some(9.0)),
    r("9%以上", Some(9.0), None),
];

/// Opening date: all, recently opened (the last 30 days and the coming 30), or within N days.
pub const OPENING_DATE_DAYS: &[FilterRange] = &[
    r("全部", None, None),
    r("近期开盘", Some(-30.0), Some(30.0)),
    r("7天内", Some(0.0), Some(7.0)),
    r("15天内", Some(0.0), Some(15.0)),
    r("30天内", Some(0.0), Some(30.0)),
    r("90天内", Some(0.0), Some(90.0)),
];

/// Property-right term in years: exactly 40, 50 or 70.
pub const PROPERTY_TERM_YEARS: &[FilterRange] = &[
    r("40年", Some(40.0), Some(41.0)),
    r("50年", Some(50.0), Some(51.0)),
    r("70年", Some(70.0), Some(71.0)),
];

/// Monthly rent in 元 (the spec names no rent ranges: our design, docs/houses.md).
pub const RENT_YUAN: &[FilterRange] = &[
    r("1000元以下", None, Some(1_000.0)),
    r("1000-2000元", Some(1_000.0), Some(2_000.0)),
    r("2000-3000元", Some(2_000.0), Some(3_000.0)),
    r("3000-5000元", Some(3_000.0), Some(5_000.0)),
    r("5000-8000元", Some(5_000.0), Some(8_000.0)),
    r("8000-12000元", Some(8_000.0), Some(12_000.0)),
    r("12000元以上", Some(12_000.0), None),
];

pub const ALL: &[(&str, &[FilterRange])] = &[
    ("price", PRICE_WAN),
    ("area", AREA_M2),
    ("floor", FLOOR),
    ("averagePrice", AVERAGE_PRICE),
    ("commission", COMMISSION_PERCENT),
    ("openingDate", OPENING_DATE_DAYS),
    ("propertyTerm", PROPERTY_TERM_YEARS),
    ("rent", RENT_YUAN),
];

pub fn ranges(name: &str) -> Option<&'static [FilterRange]> {
    ALL.iter()
        .find(|(n, _)| *n == name)
        .map(|(_, ranges)| *ranges)
}

impl FilterRange {
    pub fn contains(&self, value: f64) -> bool {
        self.min.is_none_or(|min| value >= min) && self.max.is_none_or(|max| value < max)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bounds(ranges: &[FilterRange]) -> Vec<(Option<f64>, Option<f64>)> {
        ranges.iter().map(|r| (r.min, r.max)).collect()
    }

    #[test]
    fn price_ranges_are_the_specs() {
        // "Price ranges (in 万): under 40, 60-80, 80-100, 100-150, 150-200, 200-300, over 300."
        assert_eq!(
            bounds(PRICE_WAN),
            [
                (None, Some(40.0)),
                (Some(60.0), Some(80.0)),
                (Some(80.0), Some(100.0)),
                (Some(100.0), Some(150.0)),
                (Some(150.0), Some(200.0)),
                (Some(200.0), Some(300.0)),
                (Some(300.0), None)
            ]
        );
    }

    #[test]
    fn area_floor_term_and_opening_date_are_the_specs() {
        // "Area ranges (m²): under 50, 50-70, 70-90, 90-110, 110-130, 130-150, 150-200, over 200."
        let edges: Vec<f64> = AREA_M2.iter().filter_map(|r| r.max).collect();
        assert_eq!(edges, [50.0, 70.0, 90.0, 110.0, 130.0, 150.0, 200.0]);
        // "Floors: under 6, 6-12, 12-18, over 18."
        assert_eq!(
            bounds(FLOOR),
            [
                (None, Some(6.0)),
                (Some(6.0), Some(12.0)),
                (Some(12.0), Some(18.0)),
                (Some(18.0), None)
            ]
        );
        // "Opening-date filters: all, recent, 7, 15, 30, 90 days." "Property right terms: 40, 50, 70 years."
        assert_eq!(OPENING_DATE_DAYS.len(), 6);
        assert_eq!(
            PROPERTY_TERM_YEARS
                .iter()
                .map(|r| r.label)
                .collect::<Vec<_>>(),
            ["40年", "50年", "70年"]
        );
        // "Commission ranges run from 2% to 9%+."
        assert_eq!(COMMISSION_PERCENT.first().and_then(|r| r.min), Some(2.0));
        assert_eq!(COMMISSION_PERCENT.last().map(|r| r.label), Some("9%以上"));
    }

    #[test]
    fn bounds_include_the_lower_and_exclude_the_upper() {
        assert!(FLOOR[1].contains(6.0));
        assert!(!FLOOR[1].contains(12.0));
        assert!(FLOOR[3].contains(99.0));
        assert!(ranges("area").is_some());
        assert!(ranges("nope").is_none());
    }
}
