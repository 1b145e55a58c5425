//! The private pool's drop rule: a listing on offer (有效) whose maintainer has not followed it
//! up for N days goes to the company's public pool (公盘); a sealed, deferred or reserved one
//! stays (the lifecycle table's 掉公 row). N is the company's dictionary value
//! [`DROP_DAYS_KEY`], [`DEFAULT_DROP_DAYS`] when unset or unreadable. The clock starts at the
//! latest of the last follow-up and the moment the listing came into its maintainer's hands
//! (entered or claimed) or back on offer (解封, 恢复有效), so a fresh claim or a lifted seal is
//! not dropped at once.

use super::lifecycle::{Actor, HouseAction, ListingState, can};

/// The dictionary key of N.
pub const DROP_DAYS_KEY: &str = "house.dropDays";
pub const DEFAULT_DROP_DAYS: i64 = 15;
/// N is kept within these bounds whatever the dictionary says.
pub const MIN_DROP_DAYS: i64 = 1;
pub const MAX_DROP_DAYS: i64 = 365;

const DAY_MS: i64 = 86_400_000;

/// N from the dictionary's text value.
pub fn drop_days(value: Option<&str>) -> i64 {
    days_within(value, DEFAULT_DROP_DAYS)
}

/// A number of days from a dictionary's text value, within [`MIN_DROP_DAYS`] and
/// [`MAX_DROP_DAYS`]; `default` when unset or unreadable. Customers' drop rule reads its N so too.
pub fn days_within(value: Option<&str>, default: i64) -> i64 {
    value
        .and_then(|text| text.trim().parse::<i64>().ok())
        .map_or(default, |days| days.clamp(MIN_DROP_DAYS, MAX_DROP_DAYS))
}

/// The moment after which a listing last touched at `last_activity_ms` is due to drop.
pub fn due_at(last_activity_ms: i64, days: i64) -> i64 {
    last_activity_ms.saturating_add(days.saturating_mul(DAY_MS))
}

/// Whether the job drops this listing now.
pub fn is_due(state: ListingState, last_activity_ms: i64, now_ms: i64, days: i64) -> bool {
    can(HouseAction::Drop, state) && now_ms >= due_at(last_activity_ms, days)
}

/// What the detail page says about the rule: `12天后未跟进将掉入公盘`, or nothing for a listing
/// the rule does not touch.
pub fn drop_notice(
    state: ListingState,
    last_activity_ms: i64,
    now_ms: i64,
    days: i64,
) -> Option<String> {
    if !can(HouseAction::Drop, state) {
        return None;
    }
    let left_ms = due_at(last_activity_ms, days) - now_ms;
    if left_ms <= 0 {
        return Some("已超过跟进期限，即将掉入公盘".to_owned());
    }
    // A part-day left counts as a day: "1天后" until the very moment.
    let days_left = (left_ms + DAY_MS - 1) / DAY_MS;
    Some(format!("{days_left}天后未跟进将掉入公盘"))
}

/// Whether `actor` is told of the rule on the detail page: the maintainer and the managers who
/// keep the listing can follow it up or move it; a colleague elsewhere who only reads it cannot.
pub fn notice_is_for(actor: Actor) -> bool {
    matches!(actor, Actor::Person { maintainer, manager, .. } if maintainer || manager)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::listing::lifecycle::{HouseStatus, Pool};
    use crate::listing::trade::Trade;

    const VALID: ListingState = ListingState {
        trade: Trade::Sale,
        status: HouseStatus::Valid,
        pool: Pool::Private,
    };

    #[test]
    fn n_comes_from_the_dictionary_within_bounds() {
        assert_eq!(drop_days(None), 15);
        assert_eq!(drop_days(Some(" 7 ")), 7);
        assert_eq!(drop_days(Some("七")), 15);
        assert_eq!(drop_days(Some("0")), 1);
        assert_eq!(drop_days(Some("9999")), 365);
    }

    #[test]
    fn a_quiet_private_listing_drops_after_n_days() {
        let start = 1_700_000_000_000;
        assert!(!is_due(VALID, start, start + 15 * DAY_MS - 1, 15));
        assert!(is_due(VALID, start, start + 15 * DAY_MS, 15));
        let public = ListingState {
            pool: Pool::Public,
            ..VALID
        };
        assert!(!is_due(public, start, start + 99 * DAY_MS, 15));
        let reserved = ListingState {
            status: HouseStatus::Reserved,
            ..VALID
        };
        assert!(!is_due(reserved, start, start + 99 * DAY_MS, 15));
        // Sealed or deferred: paused on purpose, never handed to whoever claims first.
        for status in [HouseStatus::Sealed, HouseStatus::Deferred] {
            let paused = ListingState { status, ..VALID };
            assert!(!is_due(paused, start, start + 99 * DAY_MS, 15));
            assert_eq!(drop_notice(paused, start, start + 3 * DAY_MS, 15), None);
        }
    }

    #[test]
    fn the_detail_page_counts_the_days_left() {
        let start = 1_700_000_000_000;
        assert_eq!(
            drop_notice(VALID, start, start + 3 * DAY_MS, 15).as_deref(),
            Some("12天后未跟进将掉入公盘")
        );
        assert_eq!(
            drop_notice(VALID, start, start + 15 * DAY_MS - 1, 15).as_deref(),
            Some("1天后未跟进将掉入公盘")
        );
        assert_eq!(
            drop_notice(VALID, start, start + 16 * DAY_MS, 15).as_deref(),
            Some("已超过跟进期限，即将掉入公盘")
        );
        let public = ListingState {
            pool: Pool::Public,
            ..VALID
        };
        assert_eq!(drop_notice(public, start, start, 15), None);
        let person = |maintainer, manager| Actor::Person {
            maintainer,
            manager,
            claimer: true,
        };
        assert!(notice_is_for(person(true, false)));
        assert!(notice_is_for(person(false, true)));
        assert!(!notice_is_for(person(false, false)), "a reader elsewhere");
    }
}
