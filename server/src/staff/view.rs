//! How staff records look on the wire: list rows and details, personal numbers masked unless
//! asked for by someone who may edit them.

use brokerdesk_core::org::mask;
use brokerdesk_core::org::staff_status::{self, StaffAction, StaffState};

use crate::crud::prelude::*;
use crate::entity::{department, organisation, position, role, store, user, user_role};
use crate::history::{self, StatusChange};
use crate::shared::name_of;

bodies! {
    pub struct RoleRef {
        id: i64,
        name: String,
    }
}

views! {
    pub struct StaffRow {
        /// The user id.
        id: i64,
        username: String,
        real_name: String,
        user_code: String,
        /// Masked: `138****0001`.
        mobile: String,
        /// Core `sex`.
        sex: i16,
        position_id: Option<i64>,
        position_name: String,
        organisation_id: Option<i64>,
        organisation_name: String,
        store_group_id: Option<i64>,
        store_id: Option<i64>,
        store_name: String,
        department_id: Option<i64>,
        department_name: String,
        /// Core `workingStatus`.
        working_status: String,
        locked: bool,
        /// `YYYY-MM-DD`.
        entry_date: Option<String>,
        roles: Vec<RoleRef>,
        /// Core `staffAction` codes the status allows.
        available_actions: Vec<String>,
        created_at: i64,
    }

    pub struct StaffDetail {
        #[serde(flatten)]
        row: StaffRow,
        site_id: Option<i64>,
        id_number: String,
        bank_card: String,
        /// Core `education` 1-9.
        education: Option<i16>,
        /// Core `maritalStatus` 1-4.
        marital_status: Option<i16>,
        address: String,
        emergency_contact: String,
        emergency_mobile: String,
        history: Vec<StatusChange>,
    }
}

pub fn state_of(person: &user::Model) -> StaffState {
    StaffState {
        working_status: person.working_status.0,
        locked: person.locked,
    }
}

/// The label of a staff action code, for histories.
pub fn action_label(code: &str) -> &'static str {
    StaffAction::from_code(code)
        .map(StaffAction::label)
        .unwrap_or_default()
}

/// List rows for some people.
pub async fn rows<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    people: &[user::Model],
) -> Result<Vec<StaffRow>, AppError> {
    let positions = db
        .named::<position::Entity>(people.iter().filter_map(|p| p.position_id))
        .await?;
    let organisations = db
        .named::<organisation::Entity>(people.iter().filter_map(|p| p.organisation_id))
        .await?;
    let stores = db
        .named::<store::Entity>(people.iter().filter_map(|p| p.store_id))
        .await?;
    let departments = db
        .named::<department::Entity>(people.iter().filter_map(|p| p.department_id))
        .await?;
    let held = db
        .lists::<user_role::Entity>(people.iter().map(|p| p.id))
        .await?;
    let role_names = db
        .named::<role::Entity>(held.values().flatten().copied())
        .await?;
    Ok(people
        .iter()
        .map(|person| StaffRow {
            id: person.id,
            username: person.username.clone(),
            real_name: person.real_name.clone(),
            user_code: person.user_code.clone(),
            mobile: person
                .mobile
                .as_deref()
                .map(mask::mobile)
                .unwrap_or_default(),
            sex: person.sex,
            position_id: person.position_id,
            position_name: name_of(&positions, person.position_id),
            organisation_id: person.organisation_id,
            organisation_name: name_of(&organisations, person.organisation_id),
            store_group_id: person.store_group_id,
            store_id: person.store_id,
            store_name: name_of(&stores, person.store_id),
            department_id: person.department_id,
            department_name: name_of(&departments, person.department_id),
            working_status: person.working_status.0.code().to_owned(),
            locked: person.locked,
            entry_date: person.entry_date.map(|d| d.format("%Y-%m-%d").to_string()),
            roles: held
                .get(&person.id)
                .into_iter()
                .flatten()
                .map(|&id| RoleRef {
                    id,
                    name: name_of(&role_names, Some(id)),
                })
                .collect(),
            available_actions: staff_status::available_actions(state_of(person))
                .into_iter()
                .map(|action| action.code().to_owned())
                .collect(),
            created_at: millis(person.created_at),
        })
        .collect())
}

/// The details of some people without their histories (as the audit log keeps them);
/// `unmasked` shows their numbers whole.
pub async fn details<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    people: Vec<user::Model>,
    unmasked: bool,
) -> Result<Vec<StaffDetail>, AppError> {
    let rows = rows(db, &people).await?;
    Ok(people
        .into_iter()
        .zip(rows)
        .map(|(person, mut row)| {
            let show = |value: &Option<String>, masker: fn(&str) -> String| {
                value
                    .as_deref()
                    .map(|v| if unmasked { v.to_owned() } else { masker(v) })
                    .unwrap_or_default()
            };
            if unmasked {
                row.mobile = person.mobile.clone().unwrap_or_default();
            }
            StaffDetail {
                row,
                site_id: person.site_id,
                id_number: show(&person.id_number, mask::id_number),
                bank_card: show(&person.bank_card, mask::bank_card),
                education: person.education,
                marital_status: person.marital_status,
                address: person.address,
                emergency_contact: person.emergency_contact,
                emergency_mobile: show(&person.emergency_mobile, mask::mobile),
                history: Vec::new(),
            }
        })
        .collect())
}

/// The detail of one person with their status history; `unmasked` shows their numbers whole.
pub async fn detail<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    person: user::Model,
    unmasked: bool,
) -> Result<StaffDetail, AppError> {
    let id = person.id;
    let mut detail = details(db, vec![person], unmasked)
        .await?
        .pop()
        .ok_or(AppError::NotFound)?;
    detail.history = history::of(db, history::STAFF, id, action_label).await?;
    Ok(detail)
}
