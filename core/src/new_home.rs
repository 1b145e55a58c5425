//! New homes (新房): the commission a deal earns under a project's commission rules, and how the
//! §9 list filters (opening date, average price, property term, commission) become bounds on
//! stored values. Money is integer fen; a percentage is kept in basis points (1 bp = 0.01%), so
//! `3.5%` is 350 and no float touches a commission.

use chrono::{Days, NaiveDate};

use crate::ranges::{self, FilterRange};

/// How a commission rule pays: a share of the deal price, or a fixed amount per unit sold.
pub const KIND_PERCENT: i64 = 1;
pub const KIND_FIXED: i64 = 2;

/// Basis points in 100%.
pub const FULL_RATE_BP: i64 = 10_000;

/// One commission rule of a project, as stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CommissionRule {
    pub kind: i64,
    /// For [`KIND_PERCENT`]: the share in basis points.
    pub rate_bp: Option<i64>,
    /// For [`KIND_FIXED`]: fen per unit.
    pub amount_fen: Option<i64>,
    pub valid_from: NaiveDate,
    /// Last day the rule applies; `None` while it runs on.
    pub valid_to: Option<NaiveDate>,
}

impl CommissionRule {
    /// Whether the rule applies to a deal signed on `day`.
    pub fn applies_on(&self, day: NaiveDate) -> bool {
        self.valid_from <= day && self.valid_to.is_none_or(|to| day <= to)
    }

    /// The commission in fen on a deal of `price_fen`; a percentage rounds half up to the fen.
    pub fn commission(&self, price_fen: i64) -> i64 {
        match (self.kind, self.rate_bp, self.amount_fen) {
            (KIND_PERCENT, Some(bp), _) => {
                let product = i128::from(price_fen) * i128::from(bp);
                let full = i128::from(FULL_RATE_BP);
                let rounded = (product + full / 2).div_euclid(full);
                i64::try_from(rounded).unwrap_or(i64::MAX)
            }
            (KIND_FIXED, _, Some(fen)) => fen,
            _ => 0,
        }
    }

    /// Whether two rules apply on a common day.
    fn overlaps(&self, other: &CommissionRule) -> bool {
        let starts_before_other_ends = other.valid_to.is_none_or(|to| self.valid_from <= to);
        let other_starts_before_end = self.valid_to.is_none_or(|to| other.valid_from <= to);
        starts_before_other_ends && other_starts_before_end
    }
}

/// The rule a deal signed on `day` falls under, if any.
pub fn rule_on(rules: &[CommissionRule], day: NaiveDate) -> Option<&CommissionRule> {
    rules.iter().find(|rule| rule.applies_on(day))
}

/// The commission in fen of a deal of `price_fen` signed on `day`; `None` when no rule applies.
pub fn commission_for(rules: &[CommissionRule], price_fen: i64, day: NaiveDate) -> Option<i64> {
    rule_on(rules, day).map(|rule| rule.commission(price_fen))
}

/// What is wrong with a project's set of rules: one rule per day, so a deal never has two
/// answers. Answers the position (from 0) of the later rule of the first overlapping pair.
pub fn overlapping(rules: &[CommissionRule]) -> Option<(usize, String)> {
    for (later, rule) in rules.iter().enumerate() {
        for (earlier, other) in rules[..later].iter().enumerate() {
            if rule.overlaps(other) {
                return Some((
                    later,
                    format!("第{}条佣金规则与第{}条的有效期重叠", later + 1, earlier + 1),
                ));
            }
        }
    }
    None
}

/// A decimal with at most two places as an integer of hundredths: `12.5` yuan is 1250 fen,
/// `3.5`% is 350 bp. `None` for anything else (signs, exponents, three places).
pub fn hundredths(text: &str) -> Option<i64> {
    let text = text.trim();
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let digits = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_digit());
    if !digits(whole) || fraction.len() > 2 || !(fraction.is_empty() || digits(fraction)) {
        return None;
    }
    let whole: i64 = whole.parse().ok()?;
    let fraction: i64 = format!("{fraction:0<2}").parse().ok()?;
    whole.checked_mul(100)?.checked_add(fraction)
}

/// Hundredths as the decimal a form shows: 1250 → `12.5`, 1200 → `12`.
pub fn hundredths_text(value: i64) -> String {
    let sign = if value < 0 { "-" } else { "" };
    let value = value.unsigned_abs();
    let (whole, fraction) = (value / 100, value % 100);
    match fraction {
        0 => format!("{sign}{whole}"),
        f if f % 10 == 0 => format!("{sign}{whole}.{}", f / 10),
        f => format!("{sign}{whole}.{f:02}"),
    }
}

/// The §9 filters of the new-home list, each the position of the chosen range in its
/// [`ranges`] table (as the SPA's selects send them).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ListFilter {
    pub opening_date: Option<usize>,
    pub average_price: Option<usize>,
    pub property_term: Option<usize>,
    pub commission: Option<usize>,
}

/// The filters as bounds on stored values; a lower bound is included, an upper one excluded.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ListBounds {
    pub opening_from: Option<NaiveDate>,
    pub opening_before: Option<NaiveDate>,
    pub average_price_min_fen: Option<i64>,
    pub average_price_max_fen: Option<i64>,
    pub property_term_years: Option<i64>,
    /// Projects with a percentage rule in force today in this range.
    pub commission_min_bp: Option<i64>,
    pub commission_max_bp: Option<i64>,
}

/// A filter position that names no range of its table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownRange(pub &'static str);

fn pick(
    table: &'static [FilterRange],
    at: Option<usize>,
    name: &'static str,
) -> Result<Option<&'static FilterRange>, UnknownRange> {
    match at {
        None => Ok(None),
        Some(at) => table.get(at).map(Some).ok_or(UnknownRange(name)),
    }
}

/// Whole-number bound scaled: 1.5万元/㎡ in the table is 15000 元 → 1 500 000 fen.
fn scaled(bound: Option<f64>, factor: i64) -> Option<i64> {
    bound.map(|value| (value as i64) * factor)
}

fn day_offset(today: NaiveDate, days: Option<f64>) -> Option<NaiveDate> {
    let days = days? as i64;
    if days >= 0 {
        today.checked_add_days(Days::new(days as u64))
    } else {
        today.checked_sub_days(Days::new(days.unsigned_abs()))
    }
}

impl ListFilter {
    /// The bounds this filter sets on a list asked for on `today`. "7天内" opens within the
    /// coming week (today included); "近期开盘" spans the 30 days either side of today.
    pub fn bounds(&self, today: NaiveDate) -> Result<ListBounds, UnknownRange> {
        let mut bounds = ListBounds::default();
        if let Some(range) = pick(ranges::OPENING_DATE_DAYS, self.opening_date, "openingDate")? {
            bounds.opening_from = day_offset(today, range.min);
            bounds.opening_before = day_offset(today, range.max);
        }
        if let Some(range) = pick(ranges::AVERAGE_PRICE, self.average_price, "averagePrice")? {
            bounds.average_price_min_fen = scaled(range.min, 100);
            bounds.average_price_max_fen = scaled(range.max, 100);
        }
        if let Some(range) = pick(
            ranges::PROPERTY_TERM_YEARS,
            self.property_term,
            "propertyTerm",
        )? {
            bounds.property_term_years = range.min.map(|years| years as i64);
        }
        if let Some(range) = pick(ranges::COMMISSION_PERCENT, self.commission, "commission")? {
            bounds.commission_min_bp = scaled(range.min, 100);
            bounds.commission_max_bp = scaled(range.max, 100);
        }
        Ok(bounds)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(text: &str) -> NaiveDate {
        NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
    }

    fn percent(bp: i64, from: &str, to: Option<&str>) -> CommissionRule {
        CommissionRule {
            kind: KIND_PERCENT,
            rate_bp: Some(bp),
            amount_fen: None,
            valid_from: day(from),
            valid_to: to.map(day),
        }
    }

    fn fixed(fen: i64, from: &str, to: Option<&str>) -> CommissionRule {
        CommissionRule {
            kind: KIND_FIXED,
            rate_bp: None,
            amount_fen: Some(fen),
            valid_from: day(from),
            valid_to: to.map(day),
        }
    }

    #[test]
    fn a_percentage_is_taken_of_the_deal_price_in_whole_fen_rounded_half_up() {
        // 3% of 3 000 000.00 元 is 90 000.00 元.
        assert_eq!(
            percent(300, "2026-01-01", None).commission(300_000_000),
            9_000_000
        );
        // 2.5% of 0.21 元 is 0.525 fen: half up to 1 fen; 2.5% of 0.19 元 is 0.475: 0 fen.
        assert_eq!(percent(250, "2026-01-01", None).commission(21), 1);
        assert_eq!(percent(250, "2026-01-01", None).commission(19), 0);
        // No overflow on a price near the top of i64.
        assert_eq!(
            percent(FULL_RATE_BP, "2026-01-01", None).commission(i64::MAX),
            i64::MAX
        );
    }

    #[test]
    fn a_fixed_amount_is_paid_per_unit_whatever_the_price() {
        let rule = fixed(2_000_000, "2026-01-01", None);
        assert_eq!(rule.commission(100_000_000), 2_000_000);
        assert_eq!(rule.commission(900_000_000), 2_000_000);
    }

    #[test]
    fn the_rule_in_force_on_the_deal_day_decides() {
        let rules = [
            percent(300, "2026-01-01", Some("2026-06-30")),
            fixed(5_000_000, "2026-07-01", None),
        ];
        assert_eq!(
            commission_for(&rules, 200_000_000, day("2026-06-30")),
            Some(6_000_000)
        );
        assert_eq!(
            commission_for(&rules, 200_000_000, day("2026-07-01")),
            Some(5_000_000)
        );
        assert_eq!(commission_for(&rules, 200_000_000, day("2025-12-31")), None);
    }

    #[test]
    fn rules_that_share_a_day_are_refused_naming_both() {
        let apart = [
            percent(300, "2026-01-01", Some("2026-06-30")),
            percent(400, "2026-07-01", None),
        ];
        assert_eq!(overlapping(&apart), None);
        let touching = [
            percent(300, "2026-01-01", Some("2026-07-01")),
            percent(400, "2026-07-01", None),
        ];
        assert_eq!(
            overlapping(&touching),
            Some((1, "第2条佣金规则与第1条的有效期重叠".to_owned()))
        );
        let open_ended = [
            percent(300, "2026-01-01", None),
            fixed(1, "2030-01-01", Some("2030-02-01")),
        ];
        assert!(overlapping(&open_ended).is_some());
    }

    #[test]
    fn hundredths_read_two_decimal_places_and_nothing_else() {
        assert_eq!(hundredths("12.5"), Some(1250));
        assert_eq!(hundredths("3"), Some(300));
        assert_eq!(hundredths("0.05"), Some(5));
        assert_eq!(hundredths("1.005"), None);
        assert_eq!(hundredths("-1"), None);
        assert_eq!(hundredths("1e3"), None);
        assert_eq!(hundredths(".5"), None);
        assert_eq!(hundredths_text(1250), "12.5");
        assert_eq!(hundredths_text(1200), "12");
        assert_eq!(hundredths_text(305), "3.05");
    }

    #[test]
    fn opening_date_filters_count_days_from_today() {
        let today = day("2026-11-25");
        let bounds = |at| {
            ListFilter {
                opening_date: Some(at),
                ..ListFilter::default()
            }
            .bounds(today)
            .unwrap()
        };
        // 全部: no bound.
        assert_eq!(bounds(0).opening_from, None);
        assert_eq!(bounds(0).opening_before, None);
        // 近期开盘: 30 days either side.
        assert_eq!(bounds(1).opening_from, Some(day("2026-10-26")));
        assert_eq!(bounds(1).opening_before, Some(day("2026-12-25")));
        // 7天内: today up to (not including) a week on.
        assert_eq!(bounds(2).opening_from, Some(today));
        assert_eq!(bounds(2).opening_before, Some(day("2026-12-02")));
        assert_eq!(bounds(5).opening_before, Some(day("2027-02-23")));
    }

    #[test]
    fn price_term_and_commission_filters_become_stored_units() {
        let bounds = ListFilter {
            average_price: Some(2),
            property_term: Some(2),
            commission: Some(7),
            opening_date: None,
        }
        .bounds(day("2026-11-25"))
        .unwrap();
        // 1.5-2万 元/㎡ in fen.
        assert_eq!(bounds.average_price_min_fen, Some(1_500_000));
        assert_eq!(bounds.average_price_max_fen, Some(2_000_000));
        assert_eq!(bounds.property_term_years, Some(70));
        // 9%以上 in basis points.
        assert_eq!(bounds.commission_min_bp, Some(900));
        assert_eq!(bounds.commission_max_bp, None);
        let unknown = ListFilter {
            average_price: Some(99),
            ..ListFilter::default()
        };
        assert_eq!(
            unknown.bounds(day("2026-11-25")),
            Err(UnknownRange("averagePrice"))
        );
    }
}
