//! Facade of the listing rules (二手房 and 租房): the buttons a listing offers its viewer, the
//! reasons an action asks for, the drop-rule notice and how prices and rents read. A `trade` is
//! core `houseTrade` (1 sale, 2 lease); absent, a sale.

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

use super::display::EnumEntriesOrUndefined;
use super::display::whole;
use super::{from_js, to_js};
use crate::listing::lifecycle::{self, Actor, HouseAction, HouseStatus, ListingState, Pool};
use crate::listing::trade::Trade;
use crate::listing::{drop, price, viewing};

#[wasm_bindgen(typescript_custom_section)]
const VIEWING_TYPES: &str = r#"
// ---- 看房时间 ----
/** One cell of the viewing-slot grid: the §3 `viewingSlot` code and its label (周一上午). */
export interface ViewingSlotCell { value: number; label: string }
/** One weekday row of the grid, its cells in the order of the grid's `parts`. */
export interface ViewingSlotRow { weekday: string; cells: ViewingSlotCell[] }
/** The viewing-slot grid: column heads (上午/下午/晚上) and a row per weekday, Monday first. */
export interface ViewingSlotGrid { parts: string[]; rows: ViewingSlotRow[] }
/** A city's listing role (/coc/config/role) as the entry form lists it. */
export interface ListingRoleRef { id: number; name: string }
/** One person in one listing role. */
export interface ListingRoleMember { roleId: number; userId: number }
"#;

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(typescript_type = "ViewingSlotGrid")]
    pub type ViewingSlotGridJs;
    #[wasm_bindgen(typescript_type = "ListingRoleRef[]")]
    pub type ListingRoleRefList;
    #[wasm_bindgen(typescript_type = "ListingRoleMember[]")]
    pub type ListingRoleMemberList;
}

#[derive(serde::Deserialize)]
struct RoleRef {
    id: i64,
    name: String,
}

/// Why the people put in a listing's roles are refused (someone twice in a role, more than three
/// in one), or undefined when they pass; whether the roles and people are the caller's to pick
/// is the server's to say.
#[wasm_bindgen(js_name = houseCheckRoleMembers)]
pub fn house_check_role_members(members: ListingRoleMemberList) -> Result<Option<String>, JsError> {
    let members: Vec<crate::forms::RoleMember> = from_js(members, "房源角色")?;
    Ok(crate::forms::check_role_members(&members)
        .err()
        .map(|error| error.message))
}

/// The people a listing form's roles start with: 录入 the person entering it, 维护 its
/// maintainer (none for a listing of the public pool); the other roles empty.
#[wasm_bindgen(js_name = houseDefaultRoleMembers)]
pub fn house_default_role_members(
    roles: ListingRoleRefList,
    enterer: f64,
    maintainer: Option<f64>,
) -> Result<ListingRoleMemberList, JsError> {
    let roles: Vec<RoleRef> = from_js(roles, "房源角色")?;
    let pairs: Vec<(i64, &str)> = roles.iter().map(|r| (r.id, r.name.as_str())).collect();
    to_js(&crate::forms::default_role_members(
        &pairs,
        whole(enterer),
        maintainer.map(whole),
    ))
}

/// The grid the listing forms draw 看房时间 as: weekday rows × time-of-day columns (§3).
#[wasm_bindgen(js_name = houseViewingGrid)]
pub fn house_viewing_grid() -> Result<ViewingSlotGridJs, JsError> {
    to_js(&viewing::grid())
}

/// A listing's viewing slots as one line: `周一至周五 晚上；周六、周日 全天`; empty for none.
#[wasm_bindgen(js_name = houseViewingSlotsText)]
pub fn house_viewing_slots_text(slots: Vec<f64>) -> String {
    let codes: Vec<i64> = slots.into_iter().map(whole).collect();
    viewing::slots_text(&codes)
}

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

/// What the confirm of an action that takes a listing off the market adds about coming back
/// (`执行后房源将下架，只有店长可以「恢复有效」`); undefined for any other action.
#[wasm_bindgen(js_name = houseClosingNotice)]
pub fn house_closing_notice(action: &str, trade: Option<f64>) -> Option<String> {
    lifecycle::closing_notice(HouseAction::from_code(action)?, trade_of(trade))
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

/// 重盘 said beside the room picked, naming the room in full and the listing on it (`keeper`
/// empty when the caller may not read it): `2幢1单元902已有在售房源（房源编号12，西湖店张三维护），…`.
#[wasm_bindgen(js_name = houseRoomTakenMessage)]
pub fn house_room_taken_message(
    room: &str,
    listing_id: f64,
    keeper: &str,
    trade: Option<f64>,
) -> String {
    trade_of(trade).room_taken_message(room, whole(listing_id), keeper)
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
