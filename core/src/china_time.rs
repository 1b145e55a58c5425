//! Business days are China's (UTC+8), where the brokerages work: a contract signed at 07:44 in
//! Beijing is signed that day, not the UTC day before. The clock is the caller's argument; the
//! server asks with its own `now` (`server/src/form.rs`), the browser with `Date.now()`.

use chrono::{DateTime, FixedOffset, NaiveDate, NaiveDateTime, TimeZone, Utc};

/// China's offset from UTC, in seconds (no daylight saving).
pub const OFFSET_SECONDS: i32 = 8 * 3600;

/// UTC+8.
pub fn offset() -> FixedOffset {
    FixedOffset::east_opt(OFFSET_SECONDS).unwrap_or_else(|| FixedOffset::east_opt(0).expect("UTC"))
}

/// The day in China at `at`.
pub fn day_of(at: DateTime<Utc>) -> NaiveDate {
    at.with_timezone(&offset()).date_naive()
}

/// The first instant of `day` in China.
pub fn start_of(day: NaiveDate) -> DateTime<Utc> {
    let midnight: NaiveDateTime = day.and_hms_opt(0, 0, 0).unwrap_or_default();
    offset()
        .from_local_datetime(&midnight)
        .single()
        .map_or_else(|| midnight.and_utc(), |at| at.with_timezone(&Utc))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text)
            .unwrap()
            .with_timezone(&Utc)
    }

    #[test]
    fn the_day_turns_at_sixteen_hundred_utc() {
        let day = |y, m, d| NaiveDate::from_ymd_opt(y, m, d).unwrap();
        // 2026-11-26 07:44 in Beijing is 2026-11-25 23:44 UTC.
        assert_eq!(day_of(at("2026-11-25T23:44:00Z")), day(2026, 11, 26));
        assert_eq!(day_of(at("2026-11-25T15:59:59Z")), day(2026, 11, 25));
        assert_eq!(day_of(at("2026-11-25T16:00:00Z")), day(2026, 11, 26));
        assert_eq!(day_of(at("2026-12-31T16:00:01Z")), day(2027, 1, 1));
    }

    #[test]
    fn a_day_starts_at_midnight_in_china() {
        let day = NaiveDate::from_ymd_opt(2026, 11, 26).unwrap();
        assert_eq!(start_of(day), at("2026-11-25T16:00:00Z"));
        assert_eq!(day_of(start_of(day)), day);
    }
}
