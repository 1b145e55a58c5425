//! Facade of the listing rules (二手房 and 租房): the buttons a listing offers its viewer, the
//! reasons an action asks for, the drop-rule notice and how prices and rents read. A `trade` is
//! core `houseTrade` (1 sale, 2 lease); absent, a sale.

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

use super::display::EnumEntriesOrUndefined;
use super::display::whole;
use super::to_js;
use crate::listing::lifecycle::{self, Actor, HouseAction, HouseStatus, ListingState, Pool};
use crate::listing::trade::Trade;
use crate::listing::{drop, price};

fn trade_of(trade: Option<f64>) -> Trade {
    trade
        .and_then(|code| Trade::from_code(whole(code)))
        .unwrap_or(Trade::Sale)
}

fn state(trade: Option<f64>, status: f64, pool: f64) -> Option<ListingState> {
    Some(ListingState {
        trade: trade_of(trade),
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
    trade: Option<f64>,
) -> Vec<String> {
    let actor = Actor::Person {
        maintainer,
        manager,
        claimer,
    };
    state(trade, status, pool)
        .map(|from| lifecycle::offered_actions(from, actor))
        .unwrap_or_default()
        .into_iter()
        .map(|action| action.code().to_owned())
        .collect()
}

/// The reasons `action` asks for in `trade` (封盘, 暂缓); undefined when it asks for none.
#[wasm_bindgen(js_name = houseActionReasons)]
pub fn house_action_reasons(
    action: &str,
    trade: Option<f64>,
) -> Result<EnumEntriesOrUndefined, JsError> {
    let trade = trade_of(trade);
    match HouseAction::from_code(action).and_then(|action| action.reasons(trade)) {
        Some(table) => to_js(table.entries),
        None => Ok(JsValue::UNDEFINED.unchecked_into()),
    }
}

/// The message a reason is refused with, or undefined when it passes.
#[wasm_bindgen(js_name = houseCheckReason)]
pub fn house_check_reason(
    action: &str,
    reason: Option<f64>,
    remark: &str,
    trade: Option<f64>,
) -> Option<String> {
    let action = HouseAction::from_code(action)?;
    lifecycle::check_reason(trade_of(trade), action, reason.map(whole), remark)
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
    trade: Option<f64>,
) -> Option<String> {
    drop::drop_notice(
        state(trade, status, pool)?,
        whole(last_activity_ms),
        whole(now_ms),
        whole(days),
    )
}

/// The ranges the list of `trade` filters by, in filter-bar order.
#[wasm_bindgen(js_name = houseListRanges)]
pub fn house_list_ranges(trade: Option<f64>) -> Vec<String> {
    trade_of(trade)
        .list_ranges()
        .iter()
        .map(|name| (*name).to_owned())
        .collect()
}

/// The name of a trade's 导出 file: 二手房源.xlsx, 租房房源.xlsx.
#[wasm_bindgen(js_name = houseExportFileName)]
pub fn house_export_file_name(trade: Option<f64>) -> String {
    crate::listing::export::file_name(trade_of(trade)).to_owned()
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

/// `3,500元/月`.
#[wasm_bindgen(js_name = houseRentText)]
pub fn house_rent_text(rent_fen: f64) -> String {
    price::rent_text(whole(rent_fen))
}

/// `39.1元/㎡·月`.
#[wasm_bindgen(js_name = houseRentUnitText)]
pub fn house_rent_unit_text(fen_per_m2: f64) -> String {
    price::rent_unit_text(whole(fen_per_m2))
}

/// Fen as the 元 a form field shows: `3500`.
#[wasm_bindgen(js_name = houseFenToYuan)]
pub fn house_fen_to_yuan(fen: f64) -> String {
    price::hundredths_text(whole(fen))
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
