//! What the staff routes take: the list filter, the personal fields and the seat the staff and
//! onboarding forms send, and a status change.

use brokerdesk_core::org::fields::{self, CheckedPerson, PersonDetails};

use super::seat::SeatRequest;
use crate::crud::prelude::*;
use crate::entity::user;

list_query!(StaffQuery for user {
    real_name: RealName, mobile: Mobile;
    store_id: StoreId, department_id: DepartmentId, organisation_id: OrganisationId
} exactly { working_status: WorkingStatus } flags { locked: Locked } order [Id]);

bodies! {
    pub struct StaffDetailRequest {
        id: i64,
        /// Show mobile, ID number and bank card whole (needs the page's edit action).
        unmasked: bool = default,
    }

    /// The personal fields of the staff and onboarding forms.
    pub struct PersonForm {
        real_name: String = default,
        mobile: String = default,
        sex: number,
        id_number: Option<String>,
        bank_card: Option<String>,
        education: number,
        marital_status: number,
        /// `YYYY-MM-DD`.
        entry_date: Option<String>,
        address: Option<String>,
        emergency_contact: Option<String>,
        emergency_mobile: Option<String>,
    }

    /// Where a person sits and what they hold, as forms send it.
    pub struct SeatForm {
        /// Default: the store's organisation, else the caller's.
        organisation_id: number,
        store_id: number,
        department_id: number,
        position_id: number,
        role_ids: Vec<i64> = default,
    }

    pub struct StaffAdd: forms::STAFF {
        username: String,
        password: String,
        #[serde(flatten)]
        person: PersonForm,
        #[serde(flatten)]
        seat: SeatForm,
        /// INCUMBENCY_FORMAL (default), PART_TIME or INCUMBENCY_INTERNSHIP.
        working_status: Option<String>,
    }

    pub struct StaffEdit: forms::STAFF_EDIT {
        id: i64,
        #[serde(flatten)]
        person: PersonForm,
        #[serde(flatten)]
        seat: SeatForm,
    }

    pub struct StaffStatusChange {
        id: i64,
        /// Core `staffAction`: adjust, leave, restore, lock or unlock.
        action: String,
        /// The working status `adjust` and `restore` move to.
        working_status: Option<String>,
        reason: Option<String>,
    }
}

impl PersonForm {
    /// Checks the fields with core's rules; `complete` requires every onboarding field, and
    /// the working status the hire is to start in (its 提交审批 form requires one).
    pub fn check(
        &self,
        complete: bool,
        working_status: Option<&str>,
    ) -> Result<CheckedPerson, AppError> {
        let text = |value: &Option<String>| value.clone().unwrap_or_default();
        let details = PersonDetails {
            real_name: self.real_name.clone(),
            mobile: self.mobile.clone(),
            sex: self.sex,
            id_number: text(&self.id_number),
            bank_card: text(&self.bank_card),
            education: self.education,
            marital_status: self.marital_status,
            entry_date: text(&self.entry_date),
            address: text(&self.address),
            emergency_contact: text(&self.emergency_contact),
            emergency_mobile: text(&self.emergency_mobile),
            working_status: working_status.unwrap_or_default().to_owned(),
        };
        fields::check_person(&details, complete, form::today()).map_err(AppError::Fields)
    }
}

impl SeatForm {
    pub(super) fn request(&self, held_position: Option<i64>) -> SeatRequest {
        SeatRequest {
            organisation: self.organisation_id,
            store: self.store_id,
            department: self.department_id,
            position: self.position_id,
            held_position,
        }
    }
}
