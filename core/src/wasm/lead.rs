//! Facade of the lead rules: pasted rows read and checked as the server will (errors beside each
//! row before sending), the template's columns, and the reasons 标记无效 asks for.

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

use super::display::EnumEntriesOrUndefined;
use super::display::whole;
use super::to_js;
use crate::lead::import::{check_rows, rows_of, template_columns, text_cells};
use crate::lead::states::{self, LeadAction};
use crate::org::fields;

#[wasm_bindgen(typescript_custom_section)]
const LEAD_TYPES: &str = r#"
// ---- leads ----
/** One refused field of a lead row. */
export interface ClueRowError { field: string; message: string }
/** A pasted row after the lead form's check: its line, cleaned values, every field at fault; `example` marks the template's example row, never imported. */
export interface ClueCheckedRow { line: number; values: Record<string, string>; errors: ClueRowError[]; example: boolean }
/** A lead as its agent sees it, for 转为客户. */
export interface ClueFacts { name: string; phone: string; sex?: number | null; demand?: number | null; budget?: number | null; budgetMin?: number | null; area: string; remark: string }
/** A district of the city, as the customer form lists them. */
export interface ClueDistrict { id: number; name: string }
/** The customer form's first values for a lead. */
export interface ClueCustomerStart { name: string; sex: number | null; phone: string; demand: number | null; budgetMin: string; budgetMax: string; districtIds: number[]; source: number; remark: string }
"#;

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(typescript_type = "ClueCheckedRow[]")]
    pub type ClueCheckedRowList;
    #[wasm_bindgen(typescript_type = "ClueFacts")]
    pub type ClueFactsJs;
    #[wasm_bindgen(typescript_type = "ClueCustomerStart")]
    pub type ClueCustomerStartJs;
    #[wasm_bindgen(typescript_type = "ClueDistrict[]")]
    pub type ClueDistrictList;
}

/// 转为客户: the customer form's first values for a lead (男 → 先生, the budget's bounds, the districts its 意向区域 names among the city's, the source 线索转化, the phone as
/// the form takes it).
#[wasm_bindgen(js_name = clueCustomerStart)]
pub fn clue_customer_start(
    lead: ClueFactsJs,
    districts: ClueDistrictList,
) -> Result<ClueCustomerStartJs, JsError> {
    let facts: crate::lead::convert::LeadFacts = super::from_js(lead, "线索")?;
    let districts: Vec<crate::lead::convert::District> = super::from_js(districts, "区域")?;
    to_js(&crate::lead::convert::customer_start(&facts, &districts))
}

/// Pasted rows (tab-separated from a spreadsheet, or CSV) read by the template's header and
/// checked by the lead form; throws the reason when there are none or too many.
#[wasm_bindgen(js_name = clueReadRows)]
pub fn clue_read_rows(text: &str, today: &str) -> Result<ClueCheckedRowList, JsError> {
    let today = fields::date("today", "", today, true)
        .ok()
        .flatten()
        .ok_or_else(|| JsError::new("today须为YYYY-MM-DD格式的日期"))?;
    let rows = rows_of(text_cells(text)).map_err(|message| JsError::new(&message))?;
    to_js(&check_rows(rows, today))
}

/// What the template's example row is told: it is skipped, never imported.
#[wasm_bindgen(js_name = clueExampleSkipped)]
pub fn clue_example_skipped() -> String {
    crate::lead::import::EXAMPLE_SKIPPED.to_owned()
}

/// The template's columns, in order.
#[wasm_bindgen(js_name = clueTemplateColumns)]
pub fn clue_template_columns() -> Vec<String> {
    template_columns().into_iter().map(str::to_owned).collect()
}

/// The reasons `action` asks for (标记无效); undefined when it asks for none.
#[wasm_bindgen(js_name = clueActionReasons)]
pub fn clue_action_reasons(action: &str) -> Result<EnumEntriesOrUndefined, JsError> {
    match LeadAction::from_code(action).and_then(LeadAction::reasons) {
        Some(table) => to_js(table.entries),
        None => Ok(JsValue::UNDEFINED.unchecked_into()),
    }
}

/// The message a reason is refused with, or undefined when it passes.
#[wasm_bindgen(js_name = clueCheckReason)]
pub fn clue_check_reason(action: &str, reason: Option<f64>, remark: &str) -> Option<String> {
    let action = LeadAction::from_code(action)?;
    states::check_reason(action, reason.map(whole), remark)
        .err()
        .map(|error| error.message)
}
