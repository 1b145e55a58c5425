//! Facade of the form definitions (`crate::forms`): a form's fields as data for the SPA to
//! render, and the check the server runs on the same form, every fault at once.

use wasm_bindgen::prelude::*;

use super::{from_js, record, to_js};
use crate::forms;
use crate::org::fields;

#[wasm_bindgen(typescript_custom_section)]
const FORM_TYPES: &str = r#"
// ---- forms ----
export type FormKind =
    | 'citySite' | 'company' | 'companyEdit' | 'storeGroup' | 'store' | 'department' | 'position'
    | 'staff' | 'staffEdit' | 'onboardingStart' | 'onboarding' | 'onboardingSubmit' | 'login'
    | 'loginCode' | 'changeMobile' | 'role' | 'app' | 'appEdit' | 'dictionary' | 'dictionaryEdit' | 'district'
    | 'circle' | 'buildingType' | 'listingRole' | 'menu' | 'menuAction' | 'staffStatus'
    | 'onboardingCancel' | 'onboardingReject' | 'community' | 'communityEdit' | 'building' | 'unit'
    | 'room' | 'knowledge' | 'knowledgeDataSet' | 'knowledgePoint' | 'knowledgeSearch' | 'newHome'
    | 'houseType' | 'commissionRule' | 'secondHand' | 'secondHandEdit' | 'rental' | 'rentalEdit'
    | 'followUp' | 'keyRegister' | 'keyLend' | 'assistant' | 'clue' | 'saleContract' | 'leaseContract' | 'orderReceipt'
    | 'customerViewing' | 'customerViewingFeedback' | 'customer' | 'customerFollowUp' | 'customerRelease'
    | 'customerInvalidate'
    | 'report' | 'newHomeDeal';
export type FormControl =
    | 'text' | 'password' | 'textarea' | 'number' | 'percent' | 'select' | 'multiSelect' | 'treeSelect'
    | 'multiTreeSelect' | 'date' | 'time' | 'switch';
/** Required while `field` holds one of `values` (as text). */
export interface RequiredWhen { field: string; values: string[] }
/** One field of a core form: the SPA renders it, core checks it. */
export interface FormFieldDef {
    name: string; label: string; control: FormControl; required: boolean;
    requiredWhen?: RequiredWhen;
    maxLength?: number; min?: number; max?: number;
    /** From core's enum tables; choices the server lists (stores, roles) come from the page. */
    choices?: EnumEntry[];
    /** What is accepted, shown under the field (the password policy). */
    hint?: string;
    /** A date not before today, China time: the calendar greys the days before. */
    fromToday?: boolean;
}
/** Field name → the message to show beside it, for every field at fault; empty when all pass. */
export type FormErrors = Record<string, string>;
"#;

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(typescript_type = "FormKind")]
    pub type FormKindJs;
    #[wasm_bindgen(typescript_type = "FormFieldDef[]")]
    pub type FormFieldList;
    #[wasm_bindgen(typescript_type = "Record<string, unknown>")]
    pub type FormValues;
    #[wasm_bindgen(typescript_type = "FormErrors")]
    pub type FormErrorsJs;
}

fn form_of(kind: FormKindJs) -> Result<&'static forms::Form, JsError> {
    let kind = JsValue::from(kind).as_string().unwrap_or_default();
    forms::form(&kind).ok_or_else(|| JsError::new(&format!("未知的表单：{kind}")))
}

/// The fields of form `kind`, in display order.
#[wasm_bindgen(js_name = formFields)]
pub fn form_fields(kind: FormKindJs) -> Result<FormFieldList, JsError> {
    to_js(form_of(kind)?.fields)
}

/// Every fault of `values` on form `kind`; `today` (`YYYY-MM-DD`, the viewer's date) refuses
/// birth dates still to come.
#[wasm_bindgen(js_name = checkForm)]
pub fn check_form(
    kind: FormKindJs,
    values: FormValues,
    today: &str,
) -> Result<FormErrorsJs, JsError> {
    let form = form_of(kind)?;
    let today = fields::date("today", "", today, true)
        .ok()
        .flatten()
        .ok_or_else(|| JsError::new("today须为YYYY-MM-DD格式的日期"))?;
    let mut values: serde_json::Map<String, serde_json::Value> = from_js(values, "表单")?;
    let errors = forms::check(form, &mut values, today);
    to_js(&record(
        errors.into_iter().map(|error| (error.field, error.message)),
    ))
}
