//! Facade of the second-hand listing rules: the buttons a listing offers its viewer, the reasons
//! an action asks for, the drop-rule notice and how prices read.

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

use super::display::EnumEntriesOrUndefined;
use super::display::whole;
use super::to_js;
use crate::listing::lifecycle::{self, Actor, HouseAction, HouseStatus, ListingState, Pool};
use crate::listing::{drop, filter, price};

fn state(status: f64, pool: f64) -> Option<ListingState> {
    Some(ListingState {
        status: HouseStatus::from_code(whole(status))?,
        pool: Pool::from_code(whole(pool))?,
    })
}

/// The action codes a listing in `status`/`pool` offers this viewer, in table order; none for
/// an unknown state.
#[wasm_bindgen(js_name = houseOfferedActions)]
pub fn house_offered_actions(
    status: f64,
    pool: f64,
    maintainer: bool,
    manager: bool,
    claimer: bool,
) -> Vec<String> {
    let actor = Actor::Person {
        maintainer,
        manager,
        claimer,
    };
    state(status, pool)
        .map(|from| lifecycle::offered_actions(from, actor))
        .unwrap_or_default()
        .into_iter()
        .map(|action| action.code().to_owned())
        .collect()
}

/// The reasons `action` asks for (封盘, 暂缓); undefined when it asks for none.
#[wasm_bindgen(js_name = houseActionReasons)]
pub fn house_action_reasons(action: &str) -> Result<EnumEntriesOrUndefined, JsError> {
    match HouseAction::from_code(action).and_then(HouseAction::reasons) {
        Some(table) => to_js(table.entries),
        None => Ok(JsValue::UNDEFINED.unchecked_into()),
    }
}

/// The message a reason is refused with, or undefined when it passes.
#[wasm_bindgen(js_name = houseCheckReason)]
pub fn house_check_reason(action: &str, reason: Option<f64>, remark: &str) -> Option<String> {
    let action = HouseAction::from_code(action)?;
    lifecycle::check_reason(action, reason.map(whole), remark)
        .err()
        .map(|error| error.message)
}

/// `12天后未跟进将掉入公盘`, or undefined when the drop rule does not touch the listing.
#[wasm_bindgen(js_name = houseDropNotice)]
pub fn house_drop_notice(
    status: f64,
    pool: f64,
    last_activity_ms: f64,
    now_ms: f64,
    days: f64,
) -> Option<String> {
    drop::drop_notice(
        state(status, pool)?,
        whole(last_activity_ms),
        whole(now_ms),
        whole(days),
    )
}

/// The §9 ranges the second-hand list filters by, in filter-bar order.
#[wasm_bindgen(js_name = houseListRanges)]
pub fn house_list_ranges() -> Vec<String> {
    filter::LIST_RANGES
        .iter()
        .map(|name| (*name).to_owned())
        .collect()
}

/// `285万`.
#[wasm_bindgen(js_name = housePriceText)]
pub fn house_price_text(price_fen: f64) -> String {
    price::price_text(whole(price_fen))
}

/// `31,844元/㎡`.
#[wasm_bindgen(js_name = houseUnitPriceText)]
pub fn house_unit_price_text(unit_price_fen: f64) -> String {
    price::unit_price_text(whole(unit_price_fen))
}

/// Fen as the 万 a form field shows: `285.5`.
#[wasm_bindgen(js_name = houseFenToWan)]
pub fn house_fen_to_wan(price_fen: f64) -> String {
    price::fen_to_wan_text(whole(price_fen))
}

/// Hundredths of a ㎡ as the ㎡ a form field shows: `89.5`.
#[wasm_bindgen(js_name = houseAreaText)]
pub fn house_area_text(area_hundredths: f64) -> String {
    price::hundredths_text(whole(area_hundredths))
}
