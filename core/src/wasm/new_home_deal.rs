//! Facade of the new-home report and deal rules: the buttons a report offers, whether a deal may
//! be declared on it, the phone as the project keeps it, and the split editor's parts in fen with
//! its 100% check, as the server checks a declaration (core `report`, `new_home_deal`).

use wasm_bindgen::prelude::*;

use super::display::whole;
use super::{from_js, to_js};
use crate::new_home_deal::{self, Share};
use crate::report::{self, Actor, PhoneMode, ReportAction, ReportStatus};

#[wasm_bindgen(typescript_custom_section)]
const NEW_HOME_DEAL_TYPES: &str = r#"
// ---- new-home deals ----
/** One line of a performance split: a §3 performance type, the colleague, basis points. */
export interface DealShareLine { kind: number; userId?: number | null; bp: number }
/** Each line's part in fen, the total in basis points, and what is still wrong. */
export interface DealSplitPreview { parts: number[]; totalBp: number; error: string | null }
"#;

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(typescript_type = "DealShareLine[]")]
    pub type DealShareLineList;
    #[wasm_bindgen(typescript_type = "DealSplitPreview")]
    pub type DealSplitPreviewJs;
}

/// The parts of `commissionFen` the lines give and whether they may be sent (one 客户成交人,
/// each colleague once, every share above 0, 100% in all).
#[wasm_bindgen(js_name = newHomeDealSplit)]
pub fn new_home_deal_split(
    commission_fen: f64,
    lines: DealShareLineList,
) -> Result<DealSplitPreviewJs, JsError> {
    let shares: Vec<Share> = from_js(lines, "业绩分配")?;
    to_js(&new_home_deal::preview(whole(commission_fen), &shares))
}

/// The action codes a report in `status` offers a viewer (core `reportAction`, the table's
/// order): `reporter` holds 关闭 on 我要报备, `reviewer` 审核 and `visitConfirmer` 确认到访 on
/// 报备审核; none for an unknown status.
#[wasm_bindgen(js_name = reportOfferedActions)]
pub fn report_offered_actions(
    status: f64,
    reporter: bool,
    reviewer: bool,
    visit_confirmer: bool,
) -> Vec<String> {
    let Some(status) = ReportStatus::from_code(whole(status)) else {
        return Vec::new();
    };
    let actor = Actor::Person {
        reporter,
        reviewer,
        visit_confirmer,
    };
    report::offered_actions(status, actor)
        .into_iter()
        .map(|action| action.code().to_owned())
        .collect()
}

/// Whether `action` asks for a reason (审核失败, 无效客户).
#[wasm_bindgen(js_name = reportNeedsReason)]
pub fn report_needs_reason(action: &str) -> bool {
    ReportAction::from_code(action).is_some_and(ReportAction::needs_reason)
}

/// What the page tells the person who took `action` (empty for an unknown code).
#[wasm_bindgen(js_name = reportDoneMessage)]
pub fn report_done_message(action: &str) -> String {
    ReportAction::from_code(action)
        .map(|action| action.done_message().to_owned())
        .unwrap_or_default()
}

/// What a deal's page tells the person who took `action` (empty for an unknown code).
#[wasm_bindgen(js_name = dealDoneMessage)]
pub fn deal_done_message(action: &str) -> String {
    new_home_deal::DealAction::from_code(action)
        .map(|action| action.done_message().to_owned())
        .unwrap_or_default()
}

/// The statuses 报备审核 opens on: those in which the project side has its next step.
#[wasm_bindgen(js_name = reportAwaitingProjectSide)]
pub fn report_awaiting_project_side() -> Vec<i32> {
    report::AWAITING_PROJECT_SIDE
        .iter()
        .map(|status| i32::from(status.code()))
        .collect()
}

/// Whether 申报成交 is offered on a report in `status` (visited, no deal yet).
#[wasm_bindgen(js_name = reportDeclarable)]
pub fn report_declarable(status: f64, has_deal: bool) -> bool {
    ReportStatus::from_code(whole(status))
        .is_some_and(|status| report::declarable(status, has_deal))
}

/// The phone as a project of `phoneMode` (core `reportPhoneMode`) keeps it, or why not.
#[wasm_bindgen(js_name = reportCheckPhone)]
pub fn report_check_phone(phone_mode: f64, phone: &str) -> Result<String, JsError> {
    let mode = PhoneMode::from_code(whole(phone_mode)).unwrap_or(PhoneMode::Masked);
    report::check_phone(mode, phone).map_err(|message| JsError::new(&message))
}
