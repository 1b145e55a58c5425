//! Prices as the forms take them (总价 in 万, up to two decimals; area in ㎡, up to two
//! decimals) and as they are stored (integer fen; area in hundredths of a ㎡), with the unit
//! price derived from both, never typed.

use crate::format::fen_amount;

/// Fen in one 万 yuan.
pub const FEN_PER_WAN: i64 = 1_000_000;

/// A non-negative decimal with at most two fraction digits, as hundredths: `285.5` → 28550.
pub fn hundredths(text: &str) -> Option<i64> {
    let text = text.trim();
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let digits = |part: &str| part.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty()
        || whole.len() > 12
        || fraction.len() > 2
        || !digits(whole)
        || !digits(fraction)
    {
        return None;
    }
    let whole: i64 = whole.parse().ok()?;
    let fraction: i64 = format!("{fraction:0<2}").parse().ok()?;
    Some(whole * 100 + fraction)
}

/// 总价 typed in 万 as fen: `285.5` → 2_855_000_00.
pub fn wan_to_fen(text: &str) -> Option<i64> {
    hundredths(text)?.checked_mul(FEN_PER_WAN / 100)
}

/// Fen as the 万 a form shows again: 285_500_000 → `285.5`.
pub fn fen_to_wan_text(fen: i64) -> String {
    let hundredths = fen / (FEN_PER_WAN / 100);
    let text = format!("{}.{:02}", hundredths / 100, hundredths % 100);
    text.trim_end_matches('0').trim_end_matches('.').to_owned()
}

/// Hundredths as the text a form shows again: 8950 → `89.5`.
pub fn hundredths_text(value: i64) -> String {
    let text = format!("{}.{:02}", value / 100, value % 100);
    text.trim_end_matches('0').trim_end_matches('.').to_owned()
}

/// Unit price in fen per ㎡ (half up), from the total in fen and the area in hundredths of a
/// ㎡; none without an area.
pub fn unit_price_fen(price_fen: i64, area_hundredths: i64) -> Option<i64> {
    if area_hundredths <= 0 || price_fen < 0 {
        return None;
    }
    let numerator = i128::from(price_fen) * 100;
    let area = i128::from(area_hundredths);
    i64::try_from((numerator * 2 + area) / (area * 2)).ok()
}

/// `285万`, `1.25万`: a total as lists show it.
pub fn price_text(price_fen: i64) -> String {
    format!("{}万", fen_to_wan_text(price_fen))
}

/// `31,900元/㎡`: a unit price as lists show it (whole yuan).
pub fn unit_price_text(unit_price_fen: i64) -> String {
    let yuan = (unit_price_fen + 50) / 100;
    let amount = crate::format::thousands(&yuan.to_string(), None).unwrap_or_default();
    format!("{amount}元/㎡")
}

/// A unit price above 10000 yuan also reads in 万 on narrow cards.
pub fn unit_price_short(unit_price_fen: i64) -> String {
    format!("{}/㎡", fen_amount(unit_price_fen))
}

/// `3,500元/月`: a monthly rent in fen as lists show it (whole yuan).
pub fn rent_text(rent_fen: i64) -> String {
    let yuan = (rent_fen + 50) / 100;
    let amount = crate::format::thousands(&yuan.to_string(), None).unwrap_or_default();
    format!("{amount}元/月")
}

/// `39元/㎡·月`: rent per ㎡ (fen per ㎡ a month, derived like a unit price).
pub fn rent_unit_text(fen_per_m2: i64) -> String {
    format!("{}元/㎡·月", hundredths_text((fen_per_m2 + 5) / 10 * 10))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prices_are_stored_in_fen() {
        assert_eq!(wan_to_fen("285"), Some(285 * FEN_PER_WAN));
        assert_eq!(wan_to_fen("285.5"), Some(285_500_000));
        assert_eq!(wan_to_fen("0.01"), Some(10_000));
        assert_eq!(wan_to_fen("1.234"), None);
        assert_eq!(wan_to_fen("-3"), None);
        assert_eq!(wan_to_fen("1e3"), None);
        assert_eq!(fen_to_wan_text(285_500_000), "285.5");
        assert_eq!(fen_to_wan_text(300 * FEN_PER_WAN), "300");
        assert_eq!(price_text(125 * FEN_PER_WAN / 100), "1.25万");
        assert_eq!(hundredths("89.5"), Some(8950));
        assert_eq!(hundredths_text(8950), "89.5");
    }

    #[test]
    fn the_unit_price_is_derived_half_up() {
        // 285万 over 89.5㎡ = 31843.575… yuan/㎡.
        assert_eq!(unit_price_fen(285 * FEN_PER_WAN, 8950), Some(3_184_358));
        assert_eq!(unit_price_text(3_184_358), "31,844元/㎡");
        assert_eq!(unit_price_short(3_184_358), "3.18万/㎡");
        assert_eq!(unit_price_fen(100, 0), None);
        // 1 fen over 2㎡ is half a fen: rounds up.
        assert_eq!(unit_price_fen(1, 200), Some(1));
    }

    #[test]
    fn rents_read_by_the_month() {
        // 3500元 a month over 89.5㎡: 39.1061…元/㎡.
        let rent = hundredths("3500").unwrap();
        assert_eq!(rent, 350_000, "元 typed, fen kept");
        assert_eq!(rent_text(rent), "3,500元/月");
        let per_m2 = unit_price_fen(rent, 8950).unwrap();
        assert_eq!(per_m2, 3911);
        assert_eq!(rent_unit_text(per_m2), "39.1元/㎡·月");
    }
}
