//! Facade of the customer rules the list and the detail show: a wish's budget and area as text.

use wasm_bindgen::prelude::*;

use super::display::whole;
use crate::customer::wish;

/// A budget in fen as the customer list shows it: `200-300万`, `80万以上`, `不限`.
#[wasm_bindgen(js_name = customerBudgetText)]
pub fn customer_budget_text(min_fen: Option<f64>, max_fen: Option<f64>) -> String {
    wish::budget_text(min_fen.map(whole), max_fen.map(whole))
}

/// An area in hundredths of a ㎡ as the customer list shows it: `80-120㎡`.
#[wasm_bindgen(js_name = customerAreaText)]
pub fn customer_area_text(min: Option<f64>, max: Option<f64>) -> String {
    wish::area_text(min.map(whole), max.map(whole))
}
