//! Facade of the organisation rules (`crate::org`): the enumerations of data scope, staff and
//! onboarding actions and dictionary value types; which status buttons a record offers. The
//! forms' fields and checks are in `forms.rs`.

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

use super::to_js;
use crate::enums::EnumTable;
use crate::org::staff_status::{self, StaffAction, StaffState, WorkingStatus};
use crate::org::{data_scope, dictionary, onboarding, placement};

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(typescript_type = "EnumEntry[] | undefined")]
    pub type OrgEnumEntries;
}

const TABLES: [EnumTable; 5] = [
    data_scope::DATA_SCOPE,
    staff_status::STAFF_ACTION,
    onboarding::ONBOARDING_STATUS,
    onboarding::ONBOARDING_ACTION,
    dictionary::DICTIONARY_VALUE_TYPE,
];

/// dataScope, staffAction, onboardingStatus, onboardingAction, dictionaryValueType.
#[wasm_bindgen(js_name = orgEnumTable)]
pub fn org_enum_table(name: &str) -> Result<OrgEnumEntries, JsError> {
    match TABLES.iter().find(|table| table.name == name) {
        Some(table) => to_js(table.entries),
        None => Ok(JsValue::UNDEFINED.unchecked_into()),
    }
}

fn staff_state(working_status: &str, locked: bool) -> Option<StaffState> {
    WorkingStatus::from_code(working_status).map(|working_status| StaffState {
        working_status,
        locked,
    })
}

/// Whether a company of this `organisationScope` manages 门店组 (only a 经纪公司 does).
#[wasm_bindgen(js_name = companyHasStoreGroups)]
pub fn company_has_store_groups(scope: f64) -> bool {
    crate::org::company_kind::has_store_groups(scope as i64)
}

/// Whether a `choice` (`store`, `department`, `position`, `role`) sitting in `organisationId`
/// and `storeId` fits a person placed in the chosen company and store (undefined: not chosen
/// yet); an unknown choice fits nothing.
#[wasm_bindgen(js_name = placementFits)]
pub fn placement_fits(
    choice: &str,
    organisation_id: Option<f64>,
    store_id: Option<f64>,
    chosen_organisation: Option<f64>,
    chosen_store: Option<f64>,
) -> bool {
    let spot = |organisation: Option<f64>, store: Option<f64>| placement::Spot {
        organisation: organisation.map(|id| id as i64),
        store: store.map(|id| id as i64),
    };
    placement::Choice::from_code(choice).is_some_and(|choice| {
        placement::fits(
            choice,
            spot(organisation_id, store_id),
            spot(chosen_organisation, chosen_store),
        )
    })
}

/// The status actions a staff record offers from its state; none for an unknown status.
#[wasm_bindgen(js_name = staffAvailableActions)]
pub fn staff_available_actions(working_status: &str, locked: bool) -> Vec<String> {
    staff_state(working_status, locked)
        .map(staff_status::available_actions)
        .unwrap_or_default()
        .into_iter()
        .map(|action| action.code().to_owned())
        .collect()
}

/// The statuses a person works in (正式, 兼职, 实习): a new hire's or an adjusted status.
#[wasm_bindgen(js_name = workingStatuses)]
pub fn working_statuses() -> Vec<String> {
    staff_status::WORKING
        .into_iter()
        .map(|status| status.code().to_owned())
        .collect()
}

/// The working statuses `action` can lead to from this state, the default first: more than one
/// means the user chooses (调整状态, 复职).
#[wasm_bindgen(js_name = staffActionTargets)]
pub fn staff_action_targets(action: &str, working_status: &str, locked: bool) -> Vec<String> {
    let (Some(action), Some(from)) = (
        StaffAction::from_code(action),
        staff_state(working_status, locked),
    ) else {
        return Vec::new();
    };
    let default = staff_status::next(action, from, None).ok();
    let chosen = staff_status::WORKING
        .into_iter()
        .filter_map(|target| staff_status::next(action, from, Some(target)).ok());
    let mut targets: Vec<String> = Vec::new();
    for state in default.into_iter().chain(chosen) {
        let code = state.working_status.code();
        if !targets.iter().any(|known| known == code) {
            targets.push(code.to_owned());
        }
    }
    targets
}

/// The actions an onboarding in `status` offers, in table order; none for an unknown status.
#[wasm_bindgen(js_name = onboardingAvailableActions)]
pub fn onboarding_available_actions(status: &str) -> Vec<String> {
    onboarding::OnboardingStatus::from_code(status)
        .map(onboarding::available_actions)
        .unwrap_or_default()
        .into_iter()
        .map(|action| action.code().to_owned())
        .collect()
}

/// Whether only an approver (the `/enrollment` page's `approve` action) may take `action`.
#[wasm_bindgen(js_name = onboardingNeedsApprover)]
pub fn onboarding_needs_approver(action: &str) -> bool {
    onboarding::OnboardingAction::from_code(action).is_some_and(|action| action.needs_approver())
}

/// The fields of one's own staff record that are read-only to them (roles and seat).
#[wasm_bindgen(js_name = ownSeatFields)]
pub fn own_seat_fields() -> Vec<String> {
    crate::org::own_record::OWN_SEAT_FIELDS
        .iter()
        .map(|(field, _)| (*field).to_owned())
        .collect()
}

/// The hint under 角色 on one's own staff record.
#[wasm_bindgen(js_name = ownSeatHint)]
pub fn own_seat_hint() -> String {
    crate::org::own_record::OWN_SEAT_HINT.to_owned()
}

/// The confirm text of 通过: a login is promised only to a hire with a role.
#[wasm_bindgen(js_name = onboardingApproveConfirm)]
pub fn onboarding_approve_confirm(
    real_name: &str,
    working_status_label: &str,
    has_role: bool,
) -> String {
    onboarding::approve_confirm(real_name, working_status_label, has_role)
}
