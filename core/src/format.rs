//! Display formats (spec §3): phone numbers and masking, thousands separators, dates, rounding,
//! bank cards, amounts in 万, relative dates. Numbers arrive as decimal strings and are rounded
//! half-up on their decimal value (see [`crate::decimal`]); money arrives in integer fen. Time
//! is an argument: a Unix time in milliseconds and the viewer's UTC offset in minutes
//! (`-new Date().getTimezoneOffset()` in a browser, 480 for China).

use std::cmp::Ordering;

use chrono::{DateTime, Datelike, TimeDelta, Timelike};
use serde::{Deserialize, Serialize};

use crate::constants::RELATIVE_DATE_MAX_DAYS;
use crate::decimal::Decimal;

/// How much of a phone number to hide.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum MaskLevel {
    /// Show every digit.
    #[default]
    None,
    /// Hide the middle: `138****5678`; a number of 7 digits or fewer has no middle to hide
    /// around, and shows only its last two (`*****66`), never whole.
    Middle,
    /// Show only the last four digits.
    Strong,
    /// Hide every digit.
    Full,
}

impl MaskLevel {
    /// Levels by number, as settings store them: 0 none, 1 middle, 2 strong, 3 full.
    pub fn from_level(level: u8) -> MaskLevel {
        match level {
            1 => MaskLevel::Middle,
            2 => MaskLevel::Strong,
            3 => MaskLevel::Full,
            _ => MaskLevel::None,
        }
    }

    /// `head` is how many leading digits the middle level shows: a mobile's first three, a
    /// landline's whole area code ([`area_code_len`]).
    fn hides(self, index: usize, digits: usize, head: usize) -> bool {
        match self {
            MaskLevel::None => false,
            MaskLevel::Middle if digits > 7 => index >= head && index < digits - 4,
            MaskLevel::Middle => index + 2 < digits,
            MaskLevel::Strong => index + 4 < digits,
            MaskLevel::Full => true,
        }
    }
}

/// The digits of a mainland area code a landline starts with: `010` and `02x` are three,
/// every other (`0571`, `0755`) four; none when the number has no area code (it does not start
/// with 0 or is too short to hold one before a 7-digit local number).
fn area_code_len(digits: &[char]) -> usize {
    match digits {
        ['0', '1' | '2', ..] if digits.len() >= 10 => 3,
        ['0', ..] if digits.len() >= 11 => 4,
        _ => 0,
    }
}

/// Masks the digits of a phone number by level, keeping any separators: `138****5678`,
/// `0571-****6666`, `0571-***5432` (a landline's area code stays whole at the middle level).
pub fn mask_phone(value: &str, level: MaskLevel) -> String {
    let value = value.trim();
    let all: Vec<char> = value.chars().filter(char::is_ascii_digit).collect();
    let digits = all.len();
    let head = match area_code_len(&all) {
        0 => 3,
        area => area,
    };
    let mut index = 0;
    value
        .chars()
        .map(|c| {
            if !c.is_ascii_digit() {
                return c;
            }
            let hidden = level.hides(index, digits, head);
            index += 1;
            if hidden { '*' } else { c }
        })
        .collect()
}

/// A phone number for display: a mainland mobile number (with any +86/86 prefix dropped; whole
/// or already masked) in groups 3-4-4, masked by level; other numbers masked as given.
pub fn format_phone(value: &str, level: MaskLevel) -> String {
    let trimmed = value.trim();
    let national = trimmed
        .strip_prefix("+86")
        .or_else(|| trimmed.strip_prefix("86").filter(|rest| rest.len() == 11))
        .unwrap_or(trimmed)
        .trim();
    // A mobile number, whole or already masked (`138****5678`, as a 隐号 report keeps it).
    let is_mobile = crate::validate::Rule::Tel2.accepts(national);
    if !is_mobile {
        return mask_phone(trimmed, level);
    }
    let masked = mask_phone(national, level);
    format!("{} {} {}", &masked[..3], &masked[3..7], &masked[7..])
}

/// Rounds a decimal half-up to `places` fraction digits (2 for prices, 0 for counts).
pub fn round(value: &str, places: usize) -> Option<String> {
    Some(Decimal::parse(value)?.round_half_up(places).to_text(false))
}

/// Thousands separators: `1234567.5` → `1,234,567.5`; with `places`, rounded half-up first.
pub fn thousands(value: &str, places: Option<usize>) -> Option<String> {
    let decimal = Decimal::parse(value)?;
    let decimal = match places {
        Some(places) => decimal.round_half_up(places),
        None => decimal,
    };
    Some(decimal.to_text(true))
}

/// An amount for display: under 10000 as is (2 decimals at most, trailing zeros dropped);
/// 10000 or more in 万 (`12345` → `1.23万`).
pub fn amount(value: &str) -> Option<String> {
    let decimal = Decimal::parse(value)?;
    if decimal.cmp_abs(10_000) == Ordering::Less {
        Some(decimal.round_half_up(2).trimmed().to_text(false))
    } else {
        let wan = decimal.shift_right(4).round_half_up(2).trimmed();
        Some(format!("{}万", wan.to_text(false)))
    }
}

/// Integer fen as yuan with two decimals: `1250` → `12.50`.
pub fn fen_to_yuan(fen: i64) -> String {
    Decimal::from_hundredths(fen).to_text(false)
}

/// Integer fen as a display amount (see [`amount`]): `123456789` → `123.46万`.
pub fn fen_amount(fen: i64) -> String {
    amount(&fen_to_yuan(fen)).unwrap_or_default()
}

/// A bank card number in groups of four: `6222021234567890123` → `6222 0212 3456 7890 123`.
pub fn bank_card(value: &str) -> String {
    let chars: Vec<char> = value.chars().filter(|c| !c.is_whitespace()).collect();
    chars
        .chunks(4)
        .map(|group| group.iter().collect::<String>())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Formats a time with the tokens `YYYY MM M DD D HH H mm ss`; everything else is literal
/// (`YYYY年MM月DD日`, `YYYY-MM-DD HH:mm`). None for a time out of range.
pub fn date(time_ms: i64, pattern: &str, utc_offset_minutes: i32) -> Option<String> {
    let local = DateTime::from_timestamp_millis(time_ms)?
        .naive_utc()
        .checked_add_signed(TimeDelta::try_minutes(i64::from(utc_offset_minutes))?)?;
    let mut out = String::with_capacity(pattern.len() + 8);
    let mut rest = pattern;
    while let Some(c) = rest.chars().next() {
        let (text, used) = if rest.starts_with("YYYY") {
            (format!("{:04}", local.year()), 4)
        } else if rest.starts_with("MM") {
            (format!("{:02}", local.month()), 2)
        } else if rest.starts_with("DD") {
            (format!("{:02}", local.day()), 2)
        } else if rest.starts_with("HH") {
            (format!("{:02}", local.hour()), 2)
        } else if rest.starts_with("mm") {
            (format!("{:02}", local.minute()), 2)
        } else if rest.starts_with("ss") {
            (format!("{:02}", local.second()), 2)
        } else if c == 'M' {
            (local.month().to_string(), 1)
        } else if c == 'D' {
            (local.day().to_string(), 1)
        } else if c == 'H' {
            (local.hour().to_string(), 1)
        } else {
            (c.to_string(), c.len_utf8())
        };
        out.push_str(&text);
        rest = &rest[used..];
    }
    Some(out)
}

pub const DATE_PATTERN: &str = "YYYY-MM-DD";
pub const DATE_TIME_PATTERN: &str = "YYYY-MM-DD HH:mm:ss";

/// 刚刚 under a minute (or in the future), then N分钟前, N小时前, N天前 up to 10 days, then the
/// date.
pub fn relative(time_ms: i64, now_ms: i64, utc_offset_minutes: i32) -> Option<String> {
    const MINUTE: i64 = 60_000;
    const HOUR: i64 = 60 * MINUTE;
    const DAY: i64 = 24 * HOUR;
    let elapsed = now_ms.checked_sub(time_ms)?;
    Some(if elapsed < MINUTE {
        "刚刚".into()
    } else if elapsed < HOUR {
        format!("{}分钟前", elapsed / MINUTE)
    } else if elapsed < DAY {
        format!("{}小时前", elapsed / HOUR)
    } else if elapsed / DAY <= i64::from(RELATIVE_DATE_MAX_DAYS) {
        format!("{}天前", elapsed / DAY)
    } else {
        return date(time_ms, DATE_PATTERN, utc_offset_minutes);
    })
}

/// A duration as people read it: whole milliseconds under a second (`350毫秒`, where `0.0 秒`
/// said nothing), seconds with one decimal from one second on (`1.2秒`).
pub fn duration_ms(ms: u64) -> String {
    if ms < 1000 {
        format!("{ms}毫秒")
    } else {
        // Tenths rounded half up in integers, so 1 950 ms is 2.0秒 on every platform.
        let tenths = (ms + 50) / 100;
        format!("{}.{}秒", tenths / 10, tenths % 10)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CHINA: i32 = 480;
    /// 2026-03-05 14:07:09 in China (06:07:09 UTC).
    const T: i64 = 1_772_690_829_000;

    #[test]
    fn phones_are_grouped_and_masked_by_level() {
        assert_eq!(
            format_phone("13812345678", MaskLevel::None),
            "138 1234 5678"
        );
        assert_eq!(
            format_phone("+86 13812345678", MaskLevel::Middle),
            "138 **** 5678"
        );
        assert_eq!(
            format_phone("8613812345678", MaskLevel::Strong),
            "*** **** 5678"
        );
        assert_eq!(
            format_phone("13812345678", MaskLevel::Full),
            "*** **** ****"
        );
        assert_eq!(mask_phone("13812345678", MaskLevel::Middle), "138****5678");
        // A landline keeps its whole area code: 3 digits for 010/02x, 4 for the others.
        for (landline, masked) in [
            ("0571-88886666", "0571-****6666"),
            ("0571-8765432", "0571-***5432"),
            ("05718765432", "0571***5432"),
            ("010-88886666", "010-****6666"),
            ("01088886666", "010****6666"),
            ("020-12345678", "020-****5678"),
            ("88886666", "888*6666"),
        ] {
            assert_eq!(
                mask_phone(landline, MaskLevel::Middle),
                masked,
                "{landline}"
            );
        }
        assert_eq!(
            mask_phone("0571-8765432", MaskLevel::Strong),
            "****-***5432"
        );
        assert_eq!(mask_phone("8888666", MaskLevel::Middle), "*****66");
        assert_eq!(format_phone("1380000", MaskLevel::Middle), "*****00");
        assert_eq!(format_phone("", MaskLevel::Middle), "");
        // A number kept masked (隐号报备) is grouped like any mobile.
        assert_eq!(
            format_phone("138****5678", MaskLevel::None),
            "138 **** 5678"
        );
        assert_eq!(MaskLevel::from_level(1), MaskLevel::Middle);
        assert_eq!(MaskLevel::from_level(9), MaskLevel::None);
    }

    #[test]
    fn rounds_to_two_decimals_and_integers_half_up() {
        assert_eq!(round("1.005", 2).as_deref(), Some("1.01"));
        assert_eq!(round("2.5", 0).as_deref(), Some("3"));
        assert_eq!(round("-2.5", 0).as_deref(), Some("-3"));
        assert_eq!(round("x", 2), None);
    }

    #[test]
    fn thousands_separators() {
        assert_eq!(
            thousands("1234567.891", Some(2)).as_deref(),
            Some("1,234,567.89")
        );
        assert_eq!(thousands("999", None).as_deref(), Some("999"));
        assert_eq!(thousands("-1000", Some(0)).as_deref(), Some("-1,000"));
        assert_eq!(thousands("100000", Some(2)).as_deref(), Some("100,000.00"));
    }

    #[test]
    fn amounts_of_10000_or_more_are_in_wan() {
        for (input, expected) in [
            ("9999.99", "9999.99"),
            ("9999.999", "10000"),
            ("10000", "1万"),
            ("12345", "1.23万"),
            ("12355", "1.24万"),
            ("3500000", "350万"),
            ("-25000", "-2.5万"),
            ("80.50", "80.5"),
        ] {
            assert_eq!(amount(input).as_deref(), Some(expected), "{input}");
        }
        assert_eq!(fen_to_yuan(1250), "12.50");
        assert_eq!(fen_to_yuan(-5), "-0.05");
        assert_eq!(fen_amount(123_456_789), "123.46万");
        assert_eq!(fen_amount(99_999), "999.99");
    }

    #[test]
    fn bank_cards_in_groups_of_four() {
        assert_eq!(bank_card("6222021234567890123"), "6222 0212 3456 7890 123");
        assert_eq!(bank_card("6222 0212 3456"), "6222 0212 3456");
        assert_eq!(bank_card(""), "");
    }

    #[test]
    fn dates_use_the_viewer_offset() {
        assert_eq!(
            date(T, DATE_TIME_PATTERN, CHINA).as_deref(),
            Some("2026-03-05 14:07:09")
        );
        assert_eq!(
            date(T, "YYYY年M月D日 H时", CHINA).as_deref(),
            Some("2026年3月5日 14时")
        );
        assert_eq!(date(T, DATE_PATTERN, 0).as_deref(), Some("2026-03-05"));
        assert_eq!(date(T, "HH:mm", -300).as_deref(), Some("01:07"));
        assert_eq!(date(i64::MAX, DATE_PATTERN, CHINA), None);
    }

    #[test]
    fn relative_dates() {
        let minute = 60_000;
        for (elapsed, expected) in [
            (0, "刚刚"),
            (-5 * minute, "刚刚"),
            (59_999, "刚刚"),
            (minute, "1分钟前"),
            (59 * minute, "59分钟前"),
            (60 * minute, "1小时前"),
            (23 * 60 * minute + 59 * minute, "23小时前"),
            (24 * 60 * minute, "1天前"),
            (10 * 24 * 60 * minute, "10天前"),
            (11 * 24 * 60 * minute, "2026-03-05"),
        ] {
            assert_eq!(
                relative(T, T + elapsed, CHINA).as_deref(),
                Some(expected),
                "{elapsed}"
            );
        }
        assert_eq!(relative(i64::MIN, i64::MAX, CHINA), None);
    }

    #[test]
    fn durations_under_a_second_in_milliseconds_else_seconds() {
        for (ms, expected) in [
            (0, "0毫秒"),
            (7, "7毫秒"),
            (999, "999毫秒"),
            (1000, "1.0秒"),
            (1249, "1.2秒"),
            (1950, "2.0秒"),
            (65_000, "65.0秒"),
        ] {
            assert_eq!(duration_ms(ms), expected, "{ms}");
        }
    }
}
