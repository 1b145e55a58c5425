//! Facade of the customer rules the list and the detail show: a wish's budget and area as text.

use wasm_bindgen::prelude::*;

use super::display::whole;
use super::forms::FormKindJs;
use crate::customer::pool::CustomerAction;
use crate::customer::wish;

/// A budget in fen of a customer of `demand` as lists show it: `200-300万`, `80万以上`,
/// `3000-5000元/月` (a rental), `不限`.
#[wasm_bindgen(js_name = customerBudgetText)]
pub fn customer_budget_text(demand: f64, min_fen: Option<f64>, max_fen: Option<f64>) -> String {
    wish::budget_text(whole(demand), min_fen.map(whole), max_fen.map(whole))
}

/// The customer form's label of the budget's lower (or `upper`) bound for `demand`:
/// `预算下限(万元)`, for a rental `月租下限(元)`.
#[wasm_bindgen(js_name = customerBudgetLabel)]
pub fn customer_budget_label(demand: f64, upper: bool) -> String {
    wish::BudgetUnit::of_demand(whole(demand))
        .label(upper)
        .to_owned()
}

/// A stored budget in fen as the customer form shows it again for `demand`: `285.5` (万),
/// `3500` (元).
#[wasm_bindgen(js_name = customerBudgetTyped)]
pub fn customer_budget_typed(demand: f64, fen: f64) -> String {
    wish::BudgetUnit::of_demand(whole(demand)).typed(whole(fen))
}

/// The label of a lead's budget for `demand`: `预算(万元)`, for a rental `月租(元)`.
#[wasm_bindgen(js_name = leadBudgetLabel)]
pub fn lead_budget_label(demand: f64) -> String {
    wish::BudgetUnit::of_demand(whole(demand))
        .single_label()
        .to_owned()
}

/// A lead's budget in fen for `demand` as lists show it: one figure `300万`, `4500元/月`; a
/// range `200-300万`. Empty when it stated none.
#[wasm_bindgen(js_name = leadBudgetText)]
pub fn lead_budget_text(demand: f64, min: Option<f64>, max: Option<f64>) -> String {
    wish::lead_budget_text(whole(demand), min.map(whole), max.map(whole))
}

/// The §9 ranges the customer list's 预算 filter offers for the demand chosen (none chosen is
/// a purchase): `price` (万) or `rent` (元/月).
#[wasm_bindgen(js_name = customerBudgetRanges)]
pub fn customer_budget_ranges(demand: Option<f64>) -> String {
    wish::BudgetUnit::of_demand(demand.map(whole).unwrap_or(1))
        .ranges()
        .to_owned()
}

/// An area in hundredths of a ㎡ as the customer list shows it: `80-120㎡`.
#[wasm_bindgen(js_name = customerAreaText)]
pub fn customer_area_text(min: Option<f64>, max: Option<f64>) -> String {
    wish::area_text(min.map(whole), max.map(whole))
}

/// The core form a customer move asks its reason with (`customerRelease` for 转公客,
/// `customerInvalidate` for 设为无效), none for a move that needs no reason.
#[wasm_bindgen(js_name = customerMoveReasonForm)]
pub fn customer_move_reason_form(action: &str) -> Option<FormKindJs> {
    let form = CustomerAction::from_code(action)?.reason_form()?;
    Some(JsValue::from_str(form.kind).unchecked_into())
}
