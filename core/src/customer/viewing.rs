//! 带看 (viewings): a customer shown a second-hand listing, a rental or a new-home project by an
//! agent, maybe with a colleague along (陪同人), at a time, with what the customer said. What
//! can be shown to whom, when a viewing may be recorded, and how matches are ranked (best fits
//! first) live here; the server enforces them, the SPA offers only what they allow. Design:
//! `docs/customers.md` (带看, 匹配).

use serde::{Deserialize, Serialize};

use super::pool::CustomerStatus;
use super::wish::{Offer, ROOMS_OR_MORE, Wish, fits};
use crate::listing::lifecycle::HouseStatus;
use crate::listing::trade::Trade;

/// Core `viewingKind`, stored as its number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "i16", try_from = "i16")]
pub enum ViewingKind {
    SecondHand = 1,
    Rental = 2,
    NewHome = 3,
}

impl From<ViewingKind> for i16 {
    fn from(kind: ViewingKind) -> i16 {
        kind as i16
    }
}

impl TryFrom<i16> for ViewingKind {
    type Error = String;

    fn try_from(code: i16) -> Result<Self, String> {
        ViewingKind::from_code(code.into()).ok_or_else(|| format!("unknown viewing kind {code}"))
    }
}

impl ViewingKind {
    pub const ALL: [ViewingKind; 3] = [
        ViewingKind::SecondHand,
        ViewingKind::Rental,
        ViewingKind::NewHome,
    ];

    pub fn code(self) -> i16 {
        self as i16
    }

    pub fn from_code(code: i64) -> Option<ViewingKind> {
        Self::ALL.into_iter().find(|k| i64::from(k.code()) == code)
    }

    /// The trade of the listing it shows; none for a new-home project.
    pub fn trade(self) -> Option<Trade> {
        match self {
            ViewingKind::SecondHand => Some(Trade::Sale),
            ViewingKind::Rental => Some(Trade::Lease),
            ViewingKind::NewHome => None,
        }
    }

    /// The kind that shows a listing of `trade`.
    pub fn of_trade(trade: Trade) -> ViewingKind {
        match trade {
            Trade::Sale => ViewingKind::SecondHand,
            Trade::Lease => ViewingKind::Rental,
        }
    }

    /// The §3 customer demand it serves: 1 second-hand purchase, 2 new-home purchase, 3 rental.
    pub fn demand(self) -> i64 {
        match self {
            ViewingKind::SecondHand => 1,
            ViewingKind::Rental => 3,
            ViewingKind::NewHome => 2,
        }
    }

    /// The kind a customer of `demand` is shown.
    pub fn for_demand(demand: i64) -> Option<ViewingKind> {
        Self::ALL.into_iter().find(|k| k.demand() == demand)
    }
}

/// The statuses a listing can be shown in: on the market and open to viewings (a sealed or
/// deferred home is closed to them by its owner; a reserved one still takes a back-up buyer).
pub const VIEWABLE: [HouseStatus; 2] = [HouseStatus::Valid, HouseStatus::Reserved];

/// How far back a viewing may be entered, in days (a week's paperwork after a busy weekend,
/// not last year's).
pub const BACKDATE_DAYS: i64 = 30;

/// Grace for clocks a little apart, in milliseconds: a viewing entered right as it ends.
const CLOCK_SLACK_MS: i64 = 10 * 60 * 1000;

const DAY_MS: i64 = 24 * 60 * 60 * 1000;

/// Why a viewing cannot be recorded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    /// The request field it belongs to.
    pub field: &'static str,
    pub message: String,
}

fn refused(field: &'static str, message: impl Into<String>) -> Refusal {
    Refusal {
        field,
        message: message.into(),
    }
}

/// A customer can be shown homes while valid (not dealt, not invalid).
pub fn check_customer(status: CustomerStatus) -> Result<(), Refusal> {
    match status {
        CustomerStatus::Valid => Ok(()),
        CustomerStatus::Dealt => Err(refused("customerId", "已成交的客户不能再写带看")),
        CustomerStatus::Invalid => Err(refused("customerId", "无效客户不能写带看，请先恢复有效")),
    }
}

/// A listing of `trade` in `status` can be shown as a viewing of `kind`.
pub fn check_listing(kind: ViewingKind, trade: Trade, status: HouseStatus) -> Result<(), Refusal> {
    if kind.trade() != Some(trade) {
        return Err(refused(
            "listingId",
            match kind {
                ViewingKind::Rental => "请选择租房房源",
                _ => "请选择二手房源",
            },
        ));
    }
    if !VIEWABLE.contains(&status) {
        let label = trade
            .statuses()
            .label_of(status.code().into())
            .unwrap_or("");
        return Err(refused(
            "listingId",
            format!("该房源当前为「{label}」，不能带看"),
        ));
    }
    Ok(())
}

/// Milliseconds of China time (UTC+8) ahead of UTC.
const CHINA_OFFSET_MS: i64 = crate::constants::BUSINESS_UTC_OFFSET_MINUTES as i64 * 60_000;

/// The China-time calendar day of `ms`, counted from 1970-01-01.
fn china_day(ms: i64) -> i64 {
    (ms + CHINA_OFFSET_MS).div_euclid(DAY_MS)
}

/// A viewing at `at` entered at `now` (both milliseconds): not in the future, and on a China
/// date no more than [`BACKDATE_DAYS`] before today's (the date field's own rule), whatever
/// the hour.
pub fn check_time(at: i64, now: i64) -> Result<(), Refusal> {
    if at > now + CLOCK_SLACK_MS {
        return Err(refused("viewTime", "带看时间不能晚于现在"));
    }
    if china_day(at) < china_day(now) - BACKDATE_DAYS {
        return Err(refused(
            "viewDate",
            format!("只能补录{BACKDATE_DAYS}天内的带看"),
        ));
    }
    Ok(())
}

/// Milliseconds of a viewing on `date` (`YYYY-MM-DD`) at `time` (`HH:MM`), China time (UTC+8),
/// as the form's fields give them.
pub fn at_millis(date: &str, time: &str) -> Option<i64> {
    let day = chrono::NaiveDate::parse_from_str(date.trim(), "%Y-%m-%d").ok()?;
    let (hour, minute) = crate::forms::clock_time(time.trim())?;
    let local = day.and_hms_opt(hour, minute, 0)?;
    Some(local.and_utc().timestamp_millis() - CHINA_OFFSET_MS)
}

/// The companion must be someone else than the agent leading the viewing.
pub fn check_companion(leader: i64, companion: Option<i64>) -> Result<(), Refusal> {
    if companion == Some(leader) {
        return Err(refused("companionId", "陪同人不能是带看人本人"));
    }
    Ok(())
}

/// Whether `viewer` may write the feedback of a viewing led by `leader` with `companion`: the
/// two who were there, or a manager of the customer (`manages`).
pub fn may_write_feedback(
    viewer: i64,
    leader: Option<i64>,
    companion: Option<i64>,
    manages: bool,
) -> bool {
    manages || leader == Some(viewer) || companion == Some(viewer)
}

/// One house type of a new-home project as matching reads it: its ranges.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct HouseTypeOffer {
    pub price_min: i64,
    pub price_max: i64,
    pub area_min: i64,
    pub area_max: i64,
    pub rooms: i64,
}

fn overlap(min: i64, max: i64, want_min: Option<i64>, want_max: Option<i64>) -> bool {
    want_min.is_none_or(|low| max >= low) && want_max.is_none_or(|high| min <= high)
}

/// Whether a new-home project in `district` with `types` fits a customer's `wish` (demand 2):
/// one of its house types within the budget, the area and the layout.
pub fn project_fits(wish: &Wish, district: Option<i64>, types: &[HouseTypeOffer]) -> bool {
    let somewhere =
        wish.district_ids.is_empty() || district.is_some_and(|id| wish.district_ids.contains(&id));
    wish.demand == ViewingKind::NewHome.demand()
        && somewhere
        && types.iter().any(|t| {
            overlap(t.price_min, t.price_max, wish.budget_min, wish.budget_max)
                && overlap(t.area_min, t.area_max, wish.area_min, wish.area_max)
                && rooms_fit(wish.rooms, t.rooms)
        })
}

fn rooms_fit(wanted: Option<i64>, rooms: i64) -> bool {
    wanted.is_none_or(|wanted| {
        if wanted >= ROOMS_OR_MORE {
            rooms >= ROOMS_OR_MORE
        } else {
            wanted == rooms
        }
    })
}

/// How near `value` sits to the middle of `min..=max`, from `weight` (at the middle) down to
/// half of it (at either end); half of it too when the wish leaves either end open.
fn nearness(value: i64, min: Option<i64>, max: Option<i64>, weight: i64) -> i64 {
    match (min, max) {
        (Some(min), Some(max)) if max > min => {
            let half = (max - min) / 2;
            let off = (value - (min + half)).abs().min(half);
            weight - weight * off / (2 * half.max(1))
        }
        (Some(_), Some(_)) => weight,
        _ => weight / 2,
    }
}

/// How well an offer that [`fits`] a wish fits it, 0-100, for "best fits first": the first
/// district named (20) over another named one (15) or any (10), the layout asked for (30, or 15
/// when any will do), the price near the middle of the budget (30) and the area near the middle
/// of the wish (20). An offer that does not fit scores 0.
pub fn score(wish: &Wish, offer: &Offer) -> i64 {
    if !fits(wish, offer) {
        return 0;
    }
    let district = match wish.district_ids.first() {
        None => 10,
        Some(first) if offer.district_id == Some(*first) => 20,
        Some(_) => 15,
    };
    let rooms = if wish.rooms.is_some() { 30 } else { 15 };
    district
        + rooms
        + nearness(offer.price, wish.budget_min, wish.budget_max, 30)
        + nearness(offer.area, wish.area_min, wish.area_max, 20)
}

/// A project's score: its best-fitting house type's, read at the type's lowest price and area.
pub fn project_score(wish: &Wish, district: Option<i64>, types: &[HouseTypeOffer]) -> i64 {
    if !project_fits(wish, district, types) {
        return 0;
    }
    let as_offer = |t: &HouseTypeOffer| Offer {
        demand: wish.demand,
        price: t.price_min.max(wish.budget_min.unwrap_or(i64::MIN)),
        area: t.area_min.max(wish.area_min.unwrap_or(i64::MIN)),
        district_id: district,
        rooms: t.rooms,
    };
    types
        .iter()
        .map(|t| score(wish, &as_offer(t)))
        .max()
        .unwrap_or(0)
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
            area_max: Some(12_000),
            district_ids: vec![3, 4],
            rooms: Some(3),
        }
    }

    const OFFER: Offer = Offer {
        demand: 1,
        price: 250 * WAN,
        area: 10_000,
        district_id: Some(3),
        rooms: 3,
    };

    #[test]
    fn kinds_serve_the_demands_of_the_spec() {
        // "Customer demand: 1 second-hand purchase, 2 new-home purchase, 3 rental."
        assert_eq!(ViewingKind::for_demand(1), Some(ViewingKind::SecondHand));
        assert_eq!(ViewingKind::for_demand(2), Some(ViewingKind::NewHome));
        assert_eq!(ViewingKind::for_demand(3), Some(ViewingKind::Rental));
        assert_eq!(ViewingKind::for_demand(4), None);
        assert_eq!(ViewingKind::of_trade(Trade::Lease), ViewingKind::Rental);
        assert_eq!(ViewingKind::NewHome.trade(), None);
        for kind in ViewingKind::ALL {
            assert_eq!(ViewingKind::from_code(kind.code().into()), Some(kind));
            assert!(
                crate::enums::VIEWING_KIND
                    .label_of(kind.code().into())
                    .is_some()
            );
        }
    }

    #[test]
    fn only_valid_customers_and_open_listings_of_the_kind_are_shown() {
        assert!(check_customer(CustomerStatus::Valid).is_ok());
        assert_eq!(
            check_customer(CustomerStatus::Dealt).unwrap_err().message,
            "已成交的客户不能再写带看"
        );
        assert!(check_listing(ViewingKind::SecondHand, Trade::Sale, HouseStatus::Valid).is_ok());
        assert!(check_listing(ViewingKind::Rental, Trade::Lease, HouseStatus::Reserved).is_ok());
        assert_eq!(
            check_listing(ViewingKind::Rental, Trade::Sale, HouseStatus::Valid)
                .unwrap_err()
                .message,
            "请选择租房房源"
        );
        assert_eq!(
            check_listing(ViewingKind::SecondHand, Trade::Sale, HouseStatus::Sealed)
                .unwrap_err()
                .message,
            "该房源当前为「封盘」，不能带看"
        );
        assert_eq!(
            check_listing(ViewingKind::Rental, Trade::Lease, HouseStatus::OurDeal)
                .unwrap_err()
                .message,
            "该房源当前为「我司租出」，不能带看"
        );
    }

    #[test]
    fn a_viewing_is_entered_after_it_happened_within_thirty_days() {
        let now = 1_800_000_000_000;
        assert!(check_time(now - 3_600_000, now).is_ok());
        assert!(check_time(now + 5 * 60_000, now).is_ok());
        assert_eq!(
            check_time(now + 3_600_000, now).unwrap_err(),
            refused("viewTime", "带看时间不能晚于现在")
        );
        assert!(check_time(now - 29 * DAY_MS, now).is_ok());
        assert_eq!(
            check_time(now - 31 * DAY_MS, now).unwrap_err().message,
            "只能补录30天内的带看"
        );
        assert!(check_companion(7, Some(8)).is_ok());
        assert!(check_companion(7, None).is_ok());
        assert_eq!(
            check_companion(7, Some(7)).unwrap_err().message,
            "陪同人不能是带看人本人"
        );
        assert!(may_write_feedback(8, Some(7), Some(8), false));
        assert!(may_write_feedback(9, Some(7), Some(8), true));
        assert!(!may_write_feedback(9, Some(7), Some(8), false));
    }

    #[test]
    fn thirty_days_back_counts_china_dates() {
        // Now: 2026-11-25 07:00 in 杭州, still 2026-11-24 in UTC.
        let now = at_millis("2026-11-25", "07:00").unwrap();
        // 2026-10-26 is 30 China days back, at any hour.
        assert!(check_time(at_millis("2026-10-26", "06:00").unwrap(), now).is_ok());
        assert!(check_time(at_millis("2026-10-26", "00:00").unwrap(), now).is_ok());
        // 2026-10-25 09:00 in 杭州 is 01:00 UTC of a day that is 30 UTC days back: still refused.
        assert_eq!(
            check_time(at_millis("2026-10-25", "09:00").unwrap(), now)
                .unwrap_err()
                .message,
            "只能补录30天内的带看"
        );
        // 10:15 today is in the future at 07:00, however the browser's clock is set.
        assert_eq!(
            check_time(at_millis("2026-11-25", "10:15").unwrap(), now)
                .unwrap_err()
                .field,
            "viewTime"
        );
        assert!(check_time(at_millis("2026-11-25", "06:55").unwrap(), now).is_ok());
    }

    #[test]
    fn the_forms_date_and_time_read_as_china_time() {
        // 2026-11-23 14:30 in 杭州 is 06:30 UTC.
        assert_eq!(at_millis("2026-11-23", "14:30"), Some(1_795_415_400_000));
        assert_eq!(at_millis("2026-11-23", "24:00"), None);
        assert_eq!(at_millis("2026-02-30", "09:00"), None);
    }

    #[test]
    fn best_fits_score_highest_and_misfits_zero() {
        let middle = score(&wish(), &OFFER);
        assert_eq!(middle, 100);
        let edge = score(
            &wish(),
            &Offer {
                price: 300 * WAN,
                district_id: Some(4),
                ..OFFER
            },
        );
        assert_eq!(edge, 15 + 30 + 15 + 20);
        assert!(edge < middle);
        assert_eq!(score(&wish(), &Offer { rooms: 2, ..OFFER }), 0);
        let open = Wish {
            budget_max: None,
            district_ids: vec![],
            rooms: None,
            ..wish()
        };
        assert_eq!(score(&open, &OFFER), 10 + 15 + 15 + 20);
    }

    #[test]
    fn a_project_fits_by_one_of_its_house_types() {
        let wish = Wish {
            demand: 2,
            ..wish()
        };
        let small = HouseTypeOffer {
            price_min: 150 * WAN,
            price_max: 190 * WAN,
            area_min: 7_000,
            area_max: 7_900,
            rooms: 2,
        };
        let three = HouseTypeOffer {
            price_min: 260 * WAN,
            price_max: 320 * WAN,
            area_min: 9_500,
            area_max: 11_000,
            rooms: 3,
        };
        assert!(!project_fits(&wish, Some(3), &[small]));
        assert!(project_fits(&wish, Some(3), &[small, three]));
        assert!(!project_fits(&wish, Some(9), &[small, three]));
        assert!(!project_fits(
            &Wish {
                demand: 1,
                ..wish.clone()
            },
            Some(3),
            &[three]
        ));
        assert!(project_score(&wish, Some(3), &[small, three]) > 0);
        assert_eq!(project_score(&wish, Some(3), &[small]), 0);
    }
}
