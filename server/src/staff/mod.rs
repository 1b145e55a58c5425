//! Staff (/work/store/staff, /coc/hr/staff and the userInfo pages of every workspace): the
//! people of an organisation, their seats, roles, personal details and working status. Leaving
//! and locking end the person's sessions at once.

mod dto;
pub mod pick;
pub mod seat;
mod status;
pub mod view;

use brokerdesk_core::org::fields::CheckedPerson;
use brokerdesk_core::org::own_record::{self, SeatIds};
use brokerdesk_core::org::staff_status::WorkingStatus;
use sea_orm::DatabaseTransaction;

pub use self::dto::*;
pub use self::pick::{Among, at_work, pickable};
use self::seat::Seat;
pub use self::status::{apply_status, revoke_sessions, working_status};
use self::view::{StaffDetail, StaffRow};
use crate::auth::password::hash_password;
use crate::auth::token::new_token;
use crate::crud::prelude::*;
use crate::entity::{role, user, user_role, user_site};
use crate::history;
use crate::resource::relink;

/// A person as the audit log keeps them: their detail, masked, without the status history.
impl Resource for user::Entity {
    const KIND: &'static str = "staff";
    type View = StaffDetail;

    describe!(async |db, rows| -> StaffDetail { view::details(db, rows, false).await });
}

/// Refuses a username, mobile or ID number someone else already has, each on its field and
/// all at once.
pub async fn refuse_duplicates<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    username: Option<&str>,
    person: &CheckedPerson,
    except: Option<i64>,
) -> Result<(), AppError> {
    let others = || {
        let select = db.find::<user::Entity>();
        match except {
            Some(id) => select.filter(user::Column::Id.ne(id)),
            None => select,
        }
    };
    let mut taken = Vec::new();
    if let Some(username) = username {
        let same = others().filter(user::Column::Username.eq(username));
        taken.push(form::taken(db, same, "username", "用户名已存在").await?);
    }
    let same = others().filter(user::Column::Mobile.eq(&person.mobile));
    taken.push(form::taken(db, same, "mobile", "该手机号已被其他员工使用").await?);
    if let Some(id_number) = &person.id_number {
        let same = others().filter(user::Column::IdNumber.eq(id_number));
        taken.push(form::taken(db, same, "idNumber", "该身份证号已被其他员工使用").await?);
    }
    form::refuse_all_taken(taken)
}

/// A new person, checked in full, ready to be written.
pub struct NewPerson {
    pub username: String,
    pub password_hash: String,
    pub person: CheckedPerson,
    pub seat: Seat,
    pub roles: Vec<role::Model>,
    pub status: WorkingStatus,
}

/// Checks everything a new person needs (before any transaction: hashing takes a while).
pub async fn prepare_new_person(
    scoped: &Scoped<'_>,
    username: &str,
    password: &str,
    person: &PersonForm,
    seat: &SeatForm,
    status: WorkingStatus,
) -> Result<NewPerson, AppError> {
    // Username and password have passed the caller's core form (staff, onboardingStart).
    let (username, password) = (username.to_owned(), password.to_owned());
    let person = person.check(false, None)?;
    let seat_checked = seat::resolve(scoped, seat.request(None)).await?;
    let roles = seat::check_roles(scoped, &seat.role_ids, seat_checked.organisation, &[]).await?;
    refuse_duplicates(&scoped.unscoped(), Some(&username), &person, None).await?;
    Ok(NewPerson {
        username,
        password_hash: hash_password(&password).await?,
        person,
        seat: seat_checked,
        roles,
        status,
    })
}

/// Writes a new person with their roles inside the caller's transaction and scope, and
/// records them; their user code is `BD` and their id.
pub async fn insert_person(
    on: &Scoped<'_, DatabaseTransaction>,
    new: NewPerson,
) -> Result<(user::Model, StaffDetail), AppError> {
    let now = Utc::now();
    let mut row = user::ActiveModel {
        username: Set(new.username),
        password_hash: Set(new.password_hash),
        // Unique until the id is known.
        user_code: Set(format!("tmp-{}", &new_token()[..16])),
        working_status: Set(new.status.into()),
        locked: Set(false),
        failed_logins: Set(0),
        locked_until: Set(None),
        created_at: Set(now),
        ..new.seat.row()
    };
    apply_person(&mut row, new.person);
    let row = on.insert::<user::Entity>(row).await?;
    let coded = user::ActiveModel {
        id: Set(row.id),
        user_code: Set(format!("BD{:04}", row.id)),
        ..Default::default()
    };
    let row = on.update::<user::Entity>(coded).await?;
    let db = on.transaction();
    relink::<user_role::Entity>(db, row.id, new.roles.iter().map(|r| r.id)).await?;
    // The city site they work in, beside their seat.
    relink::<user_site::Entity>(db, row.id, [new.seat.site]).await?;
    let view = on.record_created::<user::Entity>(&row).await?;
    Ok((row, view))
}

/// Writes checked personal details onto a staff record.
pub fn apply_person(row: &mut user::ActiveModel, person: CheckedPerson) {
    row.real_name = Set(person.real_name);
    row.mobile = Set(Some(person.mobile));
    row.sex = Set(person.sex);
    row.id_number = Set(person.id_number);
    row.bank_card = Set(person.bank_card);
    row.education = Set(person.education);
    row.marital_status = Set(person.marital_status);
    row.entry_date = Set(person.entry_date);
    row.address = Set(person.address);
    row.emergency_contact = Set(person.emergency_contact);
    row.emergency_mobile = Set(person.emergency_mobile);
    row.updated_at = Set(Utc::now());
}

/// A stored person as the form would send it, to check it again (e.g. in full on submission).
pub fn person_form_of(person: &user::Model) -> PersonForm {
    PersonForm {
        real_name: person.real_name.clone(),
        mobile: person.mobile.clone().unwrap_or_default(),
        sex: Some(i64::from(person.sex)),
        id_number: person.id_number.clone(),
        bank_card: person.bank_card.clone(),
        education: person.education.map(i64::from),
        marital_status: person.marital_status.map(i64::from),
        entry_date: person.entry_date.map(|d| d.format("%Y-%m-%d").to_string()),
        address: Some(person.address.clone()),
        emergency_contact: Some(person.emergency_contact.clone()),
        emergency_mobile: person.emergency_mobile.clone(),
    }
}

/// People of no organisation (city operators, the super administrator) are changed only by
/// a caller who reaches everything.
pub(super) fn ensure_person_changeable(
    scoped: &Scoped<'_>,
    person: &user::Model,
) -> Result<(), AppError> {
    match person.organisation_id {
        Some(_) => Ok(()),
        None => scoped.ensure_global_writer(),
    }
}

/// Core's rule on one's own record: the details may change, the seat (roles, store, department,
/// position) may not, each refusal on its field.
fn refuse_own_seat_change(
    person: &user::Model,
    held_roles: &[i64],
    asked: &SeatForm,
) -> Result<(), AppError> {
    let held = SeatIds {
        store: person.store_id,
        department: person.department_id,
        position: person.position_id,
        roles: held_roles.to_vec(),
    };
    let asked = SeatIds {
        store: asked.store_id,
        department: asked.department_id,
        position: asked.position_id,
        roles: asked.role_ids.clone(),
    };
    own_record::check_own_seat(&held, &asked).map_err(AppError::Fields)
}

crud_routes!(user, "staff";
    /// Staff in the caller's scope. Needs a staff list page.
    fn list(query: StaffQuery) -> Page<StaffRow>,
    need::STAFF_LIST, "/api/v1/fm/staff/list", "A page of staff", |scoped| {
        let cancelled = crate::enrollment::cancelled_hires(&scoped.unscoped());
        let select = query.select(&scoped);
        let select = select.filter(user::Column::Id.not_in_subquery(cancelled));
        let db = scoped.unscoped();
        let page = db.page(select, query.page).await?;
        let mut list = view::rows(&db, &page.list).await?;
        // Nobody changes their own status (change_status refuses it): their row offers none.
        for row in list.iter_mut().filter(|row| row.id == scoped.actor().id) {
            row.available_actions.clear();
        }
        Page {
            list,
            total: page.total,
        }
    };
    /// One person with their details and status history, numbers masked. `unmasked` (查看完整信息,
    /// or an edit form) also needs the edit action of one, and is recorded in the audit log.
    fn detail(request: StaffDetailRequest) -> StaffDetail,
    need::STAFF_READ, "/api/v1/fm/staff/detail", "The person", |scoped| {
        let unmasked = request.unmasked.then_some(need::STAFF_EDIT);
        let person = scoped.shown::<user::Entity>(request.id, unmasked).await?;
        let own = person.id == scoped.actor().id;
        let mut detail = view::detail(&scoped.unscoped(), person, request.unmasked).await?;
        if own {
            detail.row.available_actions.clear();
        }
        detail
    };
    /// Add a person who starts work at once (new hires who need onboarding go through
    /// `/enrollment`). Needs a staff list page's `add`.
    fn add(form: StaffAdd) -> StaffDetail,
    need::STAFF_ADD, "/api/v1/fm/staff/add", "The new person", |scoped| {
        let form = form::checked(&form)?;
        let status = working_status("workingStatus", form.working_status.as_deref())?
            .unwrap_or(WorkingStatus::Formal);
        let new = prepare_new_person(
            &scoped,
            &form.username,
            &form.password,
            &form.person,
            &form.seat,
            status,
        )
        .await?;
        let (_, saved) = scoped
            .in_transaction(async |on| insert_person(on, new).await)
            .await?;
        // A new person has no status history yet.
        saved
    };
    /// Change a person's details, seat and roles. Needs a staff page's `edit`.
    fn edit(form: StaffEdit) -> StaffDetail,
    need::STAFF_EDIT, "/api/v1/fm/staff/edit", "The person as saved", |scoped| {
        let form = form::checked(&form)?;
        let before = scoped.get_writable::<user::Entity>(form.id).await?;
        ensure_person_changeable(&scoped, &before)?;
        let person = form.person.check(false, None)?;
        let db = scoped.unscoped();
        let held = db.linked::<user_role::Entity>(before.id).await?;
        if before.id == scoped.actor().id {
            refuse_own_seat_change(&before, &held, &form.seat)?;
        }
        let seat = seat::resolve(&scoped, form.seat.request(before.position_id)).await?;
        let roles =
            seat::check_roles(&scoped, &form.seat.role_ids, seat.organisation, &held).await?;
        refuse_duplicates(&db, None, &person, Some(before.id)).await?;
        let id = before.id;
        let mut row = seat.row();
        apply_person(&mut row, person);
        let roles = async |on: &Scoped<'_, _>, _: &user::Model| {
            relink::<user_role::Entity>(on.transaction(), id, roles.iter().map(|r| r.id)).await
        };
        let mut saved = scoped
            .change_with::<user::Entity>(before, row, roles)
            .await?;
        // The answer shows the status history the audit record leaves out.
        saved.history = history::of(&db, history::STAFF, id, view::action_label).await?;
        saved
    };
    merge(status);
);
