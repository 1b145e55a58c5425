//! What the onboarding routes take and answer: the list row, the detail with the hire's
//! details and history, the start and save forms and an approver's decision.

use crate::crud::prelude::*;
use crate::history::StatusChange;
use crate::staff::view::RoleRef;
use crate::staff::{PersonForm, SeatForm};

views! {
    pub struct Enrollment {
        id: i64,
        user_id: i64,
        username: String,
        real_name: String,
        /// Masked.
        mobile: String,
        organisation_id: Option<i64>,
        store_id: Option<i64>,
        store_name: String,
        department_id: Option<i64>,
        department_name: String,
        position_id: Option<i64>,
        position_name: String,
        /// Core `onboardingStatus`.
        status: String,
        /// The working status the hire gets on approval.
        working_status: Option<String>,
        reject_reason: String,
        started_by: Option<i64>,
        started_by_name: String,
        decided_by: Option<i64>,
        decided_by_name: String,
        submitted_at: Option<i64>,
        decided_at: Option<i64>,
        created_at: i64,
        /// Core `onboardingAction` codes the caller may take now: those the status allows, with
        /// 通过 and 驳回 only for an approver who did not send the record for approval.
        available_actions: Vec<String>,
    }

    pub struct EnrollmentDetail {
        #[serde(flatten)]
        enrollment: Enrollment,
        sex: i16,
        id_number: String,
        bank_card: String,
        education: Option<i16>,
        marital_status: Option<i16>,
        entry_date: Option<String>,
        address: String,
        emergency_contact: String,
        emergency_mobile: String,
        roles: Vec<RoleRef>,
        history: Vec<StatusChange>,
    }
}

bodies! {
    pub struct EnrollmentQuery {
        #[serde(flatten)]
        page: PageQuery,
        /// Core `onboardingStatus`.
        status: Option<String>,
        real_name: Option<String>,
        store_id: number,
    }

    pub struct EnrollmentDetailRequest {
        id: i64,
        /// Show the hire's numbers whole (the people filling the form need them).
        unmasked: bool = default,
    }

    pub struct EnrollmentStart: forms::ONBOARDING_START {
        username: String,
        password: String,
        real_name: String,
        mobile: String,
        #[serde(flatten)]
        seat: SeatForm,
        /// INCUMBENCY_FORMAL, PART_TIME or INCUMBENCY_INTERNSHIP, given on approval.
        working_status: Option<String>,
    }

    pub struct EnrollmentSave: forms::ONBOARDING {
        id: i64,
        #[serde(flatten)]
        person: PersonForm,
        working_status: Option<String>,
    }

    pub struct EnrollmentDecision {
        id: i64,
        /// On approval: overrides the saved working status.
        working_status: Option<String>,
        /// Required on rejection; optional on cancellation.
        reason: Option<String>,
    }

    pub struct EnrollmentId {
        id: i64,
    }
}
