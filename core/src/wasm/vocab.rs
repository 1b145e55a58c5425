//! Facade of the vocabularies the back-office screens label and decide by: the audit log's
//! entities and actions, the route config's menu types and statuses, the onboarding step bar,
//! and who chooses the company and site of a new record.

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

use super::to_js;
use crate::enums::EnumTable;
use crate::org::onboarding::OnboardingStatus;
use crate::org::{onboarding_steps, workspace};
use crate::{audit, menu};

#[wasm_bindgen(typescript_custom_section)]
const VOCAB_TYPES: &str = r#"
// ---- vocabularies ----
/** step: 1-based position on the step bar; page: which page of the onboarding opens */
export interface OnboardingStep { step: number; page: 'info' | 'review' }
/** One line of a record in the 操作日志: 所属门店：西湖店 */
export interface SnapshotLine { label: string; text: string }
"#;

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(typescript_type = "EnumEntry[] | undefined")]
    pub type VocabEntries;
    #[wasm_bindgen(typescript_type = "OnboardingStep")]
    pub type OnboardingStepJs;
    #[wasm_bindgen(typescript_type = "SnapshotLine[]")]
    pub type SnapshotLines;
}

const TABLES: [EnumTable; 4] = [
    audit::AUDIT_ENTITY,
    audit::AUDIT_ACTION,
    menu::MENU_TYPE,
    menu::MENU_STATUS,
];

/// auditEntity, auditAction, menuType, menuStatus; undefined for another name.
#[wasm_bindgen(js_name = vocabTable)]
pub fn vocab_table(name: &str) -> Result<VocabEntries, JsError> {
    match TABLES.iter().find(|table| table.name == name) {
        Some(table) => to_js(table.entries),
        None => Ok(JsValue::UNDEFINED.unchecked_into()),
    }
}

/// A record before or after a change, as labelled lines with names instead of ids.
#[wasm_bindgen(js_name = auditSnapshotLines)]
pub fn audit_snapshot_lines(entity: &str, snapshot: JsValue) -> Result<SnapshotLines, JsError> {
    let value: serde_json::Value = if snapshot.is_undefined() {
        serde_json::Value::Null
    } else {
        serde_wasm_bindgen::from_value(snapshot)
            .map_err(|error| JsError::new(&format!("记录格式错误：{error}")))?
    };
    to_js(&crate::audit_snapshot::lines(entity, &value))
}

/// The statuses a menu entry of this type may have (none for an unknown type).
#[wasm_bindgen(js_name = menuStatusesOf)]
pub fn menu_statuses_of(menu_type: f64) -> Vec<u8> {
    menu::statuses_of(menu_type as i64).to_vec()
}

/// The step titles of the onboarding pages.
#[wasm_bindgen(js_name = onboardingSteps)]
pub fn onboarding_steps() -> Vec<String> {
    onboarding_steps::STEPS.map(String::from).to_vec()
}

/// Where an onboarding in `status` stands and which of its pages opens.
#[wasm_bindgen(js_name = onboardingStep)]
pub fn onboarding_step(status: &str) -> Result<OnboardingStepJs, JsError> {
    to_js(&onboarding_steps::step_of(OnboardingStatus::from_code(
        status,
    )))
}

fn acting(page_workspace: Option<String>, callers: &[String]) -> String {
    let callers: Vec<&str> = callers.iter().map(String::as_str).collect();
    workspace::acting_workspace(page_workspace.as_deref(), &callers).to_owned()
}

/// Whether the caller names the company of a new record: `pageWorkspace` is the current
/// route's workspace (undefined outside the workspaces), `callerWorkspaces` the caller's
/// sidebar roots.
#[wasm_bindgen(js_name = choosesCompany)]
pub fn chooses_company(page_workspace: Option<String>, caller_workspaces: Vec<String>) -> bool {
    workspace::chooses_company(&acting(page_workspace, &caller_workspaces))
}

/// Whether the caller names the city site of a new record (same arguments).
#[wasm_bindgen(js_name = choosesSite)]
pub fn chooses_site(page_workspace: Option<String>, caller_workspaces: Vec<String>) -> bool {
    workspace::chooses_site(&acting(page_workspace, &caller_workspaces))
}
