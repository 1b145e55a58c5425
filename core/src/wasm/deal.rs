//! Facade of the deal rules (`crate::deal`): a split's parts in fen as the server will divide
//! them (shares checked to total 100%, the remainder by largest remainder), and how money and
//! shares read and are typed on the contract and commission pages.

use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

use super::display::whole;
use super::{from_js, to_js};
use crate::deal::contract::{self, ContractKind};
use crate::deal::order::yuan;
use crate::deal::split::{self, DealRole, SplitLine};
use crate::listing::price;

#[wasm_bindgen(typescript_custom_section)]
const DEAL_TYPES: &str = r#"
// ---- deals ----
/** One line of a commission split: core `dealRole`, the person, the share in basis points. */
export interface DealSplitLine { role: number; userId: number; shareBp: number }
/** A split's parts in fen, line by line, or why it cannot be divided (the shares' total). */
export interface DealSplitAmounts { amounts: number[]; error?: string }
/** A listing state (§3 houseStatus, pool 1 私盘 / 2 公盘) a contract may be written on. */
export interface DealListingState { status: number; pool: number }
"#;

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(typescript_type = "DealSplitLine[]")]
    pub type DealSplitLineList;
    #[wasm_bindgen(typescript_type = "DealSplitAmounts")]
    pub type DealSplitAmountsJs;
    #[wasm_bindgen(typescript_type = "DealListingState[]")]
    pub type DealListingStateList;
}

#[derive(Serialize)]
struct StateOut {
    status: i16,
    pool: i16,
}

/// The listing states a contract of `kind` (1 买卖, 2 租赁) may be written on (core's signing
/// rule, `deal::contract::signable_states`): the contract form's listing picker asks for these
/// only. None for an unknown kind.
#[wasm_bindgen(js_name = dealSignableListingStates)]
pub fn deal_signable_listing_states(kind: f64) -> Result<DealListingStateList, JsError> {
    let states = ContractKind::from_code(whole(kind))
        .map(|kind| contract::signable_states(kind.trade()))
        .unwrap_or_default();
    to_js(
        &states
            .into_iter()
            .map(|state| StateOut {
                status: state.status.code(),
                pool: state.pool.code(),
            })
            .collect::<Vec<_>>(),
    )
}

/// A line as the page holds it: a role not chosen yet is 0.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct RawLine {
    role: i64,
    user_id: i64,
    share_bp: i64,
}

#[derive(Serialize)]
struct Amounts {
    amounts: Vec<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

/// The parts of `total_fen` over `lines` exactly as the server divides them; when the shares
/// do not total 100% (or a line has nobody), no parts and core's message.
#[wasm_bindgen(js_name = dealSplitAmounts)]
pub fn deal_split_amounts(
    total_fen: f64,
    lines: DealSplitLineList,
) -> Result<DealSplitAmountsJs, JsError> {
    let raw: Vec<RawLine> = from_js(lines, "分佣")?;
    let lines: Option<Vec<SplitLine>> = raw
        .iter()
        .map(|line| {
            Some(SplitLine {
                role: DealRole::from_code(line.role)?,
                user_id: line.user_id,
                share_bp: line.share_bp,
            })
        })
        .collect();
    let Some(lines) = lines else {
        return to_js(&Amounts {
            amounts: Vec::new(),
            error: Some(split::CHOOSE_ROLE.to_owned()),
        });
    };
    to_js(&match split::amounts(whole(total_fen), &lines) {
        Ok(amounts) => Amounts {
            amounts,
            error: None,
        },
        Err(error) => Amounts {
            amounts: Vec::new(),
            error: Some(error.message),
        },
    })
}

/// Fen as 元 with thousands separators and two decimals: `1,234,567.89`.
#[wasm_bindgen(js_name = dealYuan)]
pub fn deal_yuan(fen: f64) -> String {
    yuan(whole(fen))
}

/// A share as typed in percent (`35`, `12.5`) in basis points; undefined when it is not a
/// number with at most two decimals.
#[wasm_bindgen(js_name = dealPercentToBp)]
pub fn deal_percent_to_bp(text: &str) -> Option<f64> {
    price::hundredths(text).map(|bp| bp as f64)
}

/// Basis points as the percent a form shows and a table reads: `35`, `12.5`.
#[wasm_bindgen(js_name = dealBpText)]
pub fn deal_bp_text(bp: f64) -> String {
    price::hundredths_text(whole(bp))
}

/// 元 as typed (`30000.01`) in fen; undefined when it is not an amount with at most two
/// decimals. Empty is 0, as the contract form takes it.
#[wasm_bindgen(js_name = dealYuanToFen)]
pub fn deal_yuan_to_fen(text: &str) -> Option<f64> {
    if text.trim().is_empty() {
        return Some(0.0);
    }
    price::hundredths(text).map(|fen| fen as f64)
}
