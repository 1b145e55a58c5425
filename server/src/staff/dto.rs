//! What the staff routes take: the list filter, the personal fields and the seat the staff and
//! onboarding forms send, and a status change.

use brokerdesk_core::org::fields::{self, CheckedPerson, PersonDetails};

use super::seat::SeatRequest;
use crate::crud::prelude::*;
use crate::paging::lenient_bool;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffQuery {
    #[serde(flatten)]
    pub page: PageQuery,
    pub real_name: Option<String>,
    pub mobile: Option<String>,
    #[serde(default, deserialize_with = "lenient_number")]
    pub store_id: Option<i64>,
    #[serde(default, deserialize_with = "lenient_number")]
    pub department_id: Option<i64>,
    #[serde(default, deserialize_with = "lenient_number")]
    pub organisation_id: Option<i64>,
    pub working_status: Option<String>,
    #[serde(default, deserialize_with = "lenient_bool")]
    pub locked: Option<bool>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffDetailRequest {
    pub id: i64,
    /// Show mobile, ID number and bank card whole (needs the page's edit action).
    #[serde(default)]
    pub unmasked: bool,
}

/// The personal fields of the staff and onboarding forms.
#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PersonForm {
    #[serde(default)]
    pub real_name: String,
    #[serde(default)]
    pub mobile: String,
    #[serde(default, deserialize_with = "lenient_number")]
    pub sex: Option<i64>,
    #[serde(default)]
    pub id_number: Option<String>,
    #[serde(default)]
    pub bank_card: Option<String>,
    #[serde(default, deserialize_with = "lenient_number")]
    pub education: Option<i64>,
    #[serde(default, deserialize_with = "lenient_number")]
    pub marital_status: Option<i64>,
    /// `YYYY-MM-DD`.
    #[serde(default)]
    pub entry_date: Option<String>,
    #[serde(default)]
    pub address: Option<String>,
    #[serde(default)]
    pub emergency_contact: Option<String>,
    #[serde(default)]
    pub emergency_mobile: Option<String>,
}

impl PersonForm {
    /// Checks the fields with core's rules; `complete` requires every onboarding field.
    pub fn check(&self, complete: bool) -> Result<CheckedPerson, AppError> {
        self.check_as(complete, None)
    }

    /// [`Self::check`] of an onboarding, with the working status the hire is to start in (its
    /// 提交审批 form requires one).
    pub fn check_as(
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

/// Where a person sits and what they hold, as forms send it.
#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SeatForm {
    /// Default: the store's organisation, else the caller's.
    #[serde(default, deserialize_with = "lenient_number")]
    pub organisation_id: Option<i64>,
    #[serde(default, deserialize_with = "lenient_number")]
    pub store_id: Option<i64>,
    #[serde(default, deserialize_with = "lenient_number")]
    pub department_id: Option<i64>,
    #[serde(default, deserialize_with = "lenient_number")]
    pub position_id: Option<i64>,
    #[serde(default)]
    pub role_ids: Vec<i64>,
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

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffAdd {
    pub username: String,
    pub password: String,
    #[serde(flatten)]
    pub person: PersonForm,
    #[serde(flatten)]
    pub seat: SeatForm,
    /// INCUMBENCY_FORMAL (default), PART_TIME or INCUMBENCY_INTERNSHIP.
    pub working_status: Option<String>,
}

impl CoreForm for StaffAdd {
    const FORM: &'static Form = &forms::STAFF;
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffEdit {
    pub id: i64,
    #[serde(flatten)]
    pub person: PersonForm,
    #[serde(flatten)]
    pub seat: SeatForm,
}

impl CoreForm for StaffEdit {
    const FORM: &'static Form = &forms::STAFF_EDIT;
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffStatusChange {
    pub id: i64,
    /// Core `staffAction`: adjust, leave, restore, lock or unlock.
    pub action: String,
    /// The working status `adjust` and `restore` move to.
    pub working_status: Option<String>,
    #[serde(default)]
    pub reason: Option<String>,
}
