//! What the onboarding routes take and answer: the list row, the detail with the hire's
//! details and history, the start and save forms and an approver's decision.

use crate::crud::prelude::*;
use crate::history::StatusChange;
use crate::staff::view::RoleRef;
use crate::staff::{PersonForm, SeatForm};

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Enrollment {
    pub id: i64,
    pub user_id: i64,
    pub username: String,
    pub real_name: String,
    /// Masked.
    pub mobile: String,
    pub organisation_id: Option<i64>,
    pub store_id: Option<i64>,
    pub store_name: String,
    pub department_id: Option<i64>,
    pub department_name: String,
    pub position_id: Option<i64>,
    pub position_name: String,
    /// Core `onboardingStatus`.
    pub status: String,
    /// The working status the hire gets on approval.
    pub working_status: Option<String>,
    pub reject_reason: String,
    pub started_by: Option<i64>,
    pub started_by_name: String,
    pub decided_by: Option<i64>,
    pub decided_by_name: String,
    pub submitted_at: Option<i64>,
    pub decided_at: Option<i64>,
    pub created_at: i64,
    /// Core `onboardingAction` codes the caller may take now: those the status allows, with
    /// 通过 and 驳回 only for an approver who did not send the record for approval.
    pub available_actions: Vec<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EnrollmentDetail {
    #[serde(flatten)]
    pub enrollment: Enrollment,
    pub sex: i16,
    pub id_number: String,
    pub bank_card: String,
    pub education: Option<i16>,
    pub marital_status: Option<i16>,
    pub entry_date: Option<String>,
    pub address: String,
    pub emergency_contact: String,
    pub emergency_mobile: String,
    pub roles: Vec<RoleRef>,
    pub history: Vec<StatusChange>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EnrollmentQuery {
    #[serde(flatten)]
    pub page: PageQuery,
    /// Core `onboardingStatus`.
    pub status: Option<String>,
    pub real_name: Option<String>,
    #[serde(default, deserialize_with = "lenient_number")]
    pub store_id: Option<i64>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EnrollmentDetailRequest {
    pub id: i64,
    /// Show the hire's numbers whole (the people filling the form need them).
    #[serde(default)]
    pub unmasked: bool,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EnrollmentStart {
    pub username: String,
    pub password: String,
    pub real_name: String,
    pub mobile: String,
    #[serde(flatten)]
    pub seat: SeatForm,
    /// INCUMBENCY_FORMAL, PART_TIME or INCUMBENCY_INTERNSHIP, given on approval.
    pub working_status: Option<String>,
}

impl CoreForm for EnrollmentStart {
    const FORM: &'static Form = &forms::ONBOARDING_START;
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EnrollmentSave {
    pub id: i64,
    #[serde(flatten)]
    pub person: PersonForm,
    pub working_status: Option<String>,
}

impl CoreForm for EnrollmentSave {
    const FORM: &'static Form = &forms::ONBOARDING;
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EnrollmentDecision {
    pub id: i64,
    /// On approval: overrides the saved working status.
    pub working_status: Option<String>,
    /// Required on rejection; optional on cancellation.
    pub reason: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct EnrollmentId {
    pub id: i64,
}
