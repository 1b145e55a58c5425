//! 办理入职 (/enrollment): a manager starts an onboarding for a new hire (whose staff record
//! waits in PENDING and cannot log in), the hire's details are filled and submitted, and an
//! approver (`/enrollment:approve`) accepts them into a working status or sends them back.
//! Every move follows core's onboarding transition table and is recorded.

mod dto;
mod flow;

use brokerdesk_core::org::onboarding::{self, OnboardingAction, OnboardingStatus};
use brokerdesk_core::org::staff_status::WorkingStatus;
use sea_orm::{QuerySelect, QueryTrait};

pub use self::dto::*;
use self::flow::{for_action, move_to, submitter_of};
use crate::crud::prelude::*;
use crate::entity::status::StatusColumn;
use crate::entity::{enrollment, user};
use crate::history::{self, StatusMove};
use crate::resource::describe_one;
use crate::shared::name_of;
use crate::staff::view;
use crate::staff::{self, PersonForm, working_status};

fn action_label(code: &str) -> &'static str {
    OnboardingAction::from_code(code)
        .map(OnboardingAction::label)
        .unwrap_or_default()
}

/// An onboarding as the audit log keeps it: its list row.
impl Resource for enrollment::Entity {
    const KIND: &'static str = "enrollment";
    type View = Enrollment;

    describe!(async |db, rows| -> Enrollment {
        let hires = db
            .all(
                db.find::<user::Entity>()
                    .filter(user::Column::Id.is_in(rows.iter().map(|r| r.user_id))),
            )
            .await?;
        let staff_rows = view::rows(db, &hires).await?;
        let people: Vec<i64> = rows
            .iter()
            .flat_map(|r| [r.started_by, r.decided_by])
            .flatten()
            .collect();
        let deciders = history::names_of(db, people).await?;
        Ok(rows
            .into_iter()
            .filter_map(|row| {
                let hire = staff_rows.iter().find(|s| s.id == row.user_id)?.clone();
                Some(Enrollment {
                    id: row.id,
                    user_id: row.user_id,
                    username: hire.username,
                    real_name: hire.real_name,
                    mobile: hire.mobile,
                    organisation_id: hire.organisation_id,
                    store_id: hire.store_id,
                    store_name: hire.store_name,
                    department_id: hire.department_id,
                    department_name: hire.department_name,
                    position_id: hire.position_id,
                    position_name: hire.position_name,
                    status: row.status.code().to_owned(),
                    working_status: row.target_status.map(|target| target.code().to_owned()),
                    reject_reason: row.reject_reason,
                    started_by: row.started_by,
                    started_by_name: name_of(&deciders, row.started_by),
                    decided_by: row.decided_by,
                    decided_by_name: name_of(&deciders, row.decided_by),
                    submitted_at: row.submitted_at.map(millis),
                    decided_at: row.decided_at.map(millis),
                    created_at: millis(row.created_at),
                    available_actions: onboarding::available_actions(row.status.0)
                        .into_iter()
                        .map(|a| a.code().to_owned())
                        .collect(),
                })
            })
            .collect())
    });
}

/// Narrows each record's `available_actions` to the caller: 通过 and 驳回 only for an approver
/// who did not send the record for approval (core's `offered_actions`).
async fn offer_to_caller<C: ConnectionTrait>(
    scoped: &Scoped<'_, C>,
    records: &mut [Enrollment],
) -> Result<(), AppError> {
    let approver = scoped.caller().allows(need::ENROLLMENT_APPROVE);
    let db = scoped.unscoped();
    for record in records.iter_mut() {
        let Some(status) = OnboardingStatus::from_code(&record.status) else {
            continue;
        };
        let decidable = onboarding::available_actions(status)
            .iter()
            .any(|action| action.needs_approver());
        let submitted_it =
            decidable && submitter_of(&db, record.id).await? == Some(scoped.actor().id);
        record.available_actions = onboarding::offered_actions(status, approver, submitted_it)
            .into_iter()
            .map(|action| action.code().to_owned())
            .collect();
    }
    Ok(())
}

/// A record as its caller sees it: the detail, with the actions offered to them.
pub(super) async fn answer<C: ConnectionTrait>(
    scoped: &Scoped<'_, C>,
    row: enrollment::Model,
    unmasked: bool,
) -> Result<EnrollmentDetail, AppError> {
    let mut detail = describe_detail(&scoped.unscoped(), row, unmasked).await?;
    offer_to_caller(scoped, std::slice::from_mut(&mut detail.enrollment)).await?;
    Ok(detail)
}

async fn describe_detail<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    row: enrollment::Model,
    unmasked: bool,
) -> Result<EnrollmentDetail, AppError> {
    let (id, hired_roles) = (row.id, row.hired_roles.clone());
    let hire = db.row::<user::Entity>(row.user_id).await?;
    let hire = hire.ok_or(AppError::NotFound)?;
    let mut enrollment = describe_one::<enrollment::Entity, _>(db, row).await?;
    let person = view::detail(db, hire.clone(), unmasked).await?;
    enrollment.mobile = person.row.mobile.clone();
    // A decided onboarding says what the person was hired as, not what they are today.
    let roles = match hired_roles {
        Some(stored) => serde_json::from_str(&stored).map_err(|error| {
            AppError::internal(format!("hired roles of onboarding {id}: {error}"))
        })?,
        None => person.row.roles,
    };
    Ok(EnrollmentDetail {
        enrollment,
        sex: hire.sex,
        id_number: person.id_number,
        bank_card: person.bank_card,
        education: hire.education,
        marital_status: hire.marital_status,
        entry_date: person.row.entry_date,
        address: person.address,
        emergency_contact: person.emergency_contact,
        emergency_mobile: person.emergency_mobile,
        roles,
        history: history::of(db, history::ENROLLMENT, id, action_label).await?,
    })
}

/// The hires whose onboarding was cancelled: people who never joined.
pub fn cancelled_hires<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
) -> sea_orm::sea_query::SelectStatement {
    db.find::<enrollment::Entity>()
        .select_only()
        .column(enrollment::Column::UserId)
        .filter(enrollment::Column::Status.eq(OnboardingStatus::Cancelled.code()))
        .into_query()
}

crud_routes!(enrollment, "enrollment";
    /// Onboardings in the caller's scope, newest first. Needs `/enrollment`.
    fn list(query: EnrollmentQuery) -> Page<Enrollment>,
    need::ENROLLMENT, "/api/v1/fm/enrollment/list", "A page of onboardings",
    |scoped| {
        let mut select = scoped.read::<enrollment::Entity>();
        if let Some(status) = filter_text(&query.status) {
            select = select.filter(enrollment::Column::Status.eq(status));
        }
        if let Some(id) = query.store_id {
            select = select.filter(enrollment::Column::StoreId.eq(id));
        }
        if let Some(name) = filter_text(&query.real_name) {
            let named = scoped
                .unscoped()
                .find::<user::Entity>()
                .select_only()
                .column(user::Column::Id)
                .filter(crate::shared::contains(user::Column::RealName, name))
                .into_query();
            select = select.filter(enrollment::Column::UserId.in_subquery(named));
        }
        let select = select.order_by_desc(enrollment::Column::Id);
        let mut page = scoped.list(select, query.page).await?;
        offer_to_caller(&scoped, &mut page.list).await?;
        page
    };
    /// One onboarding with the hire's details (masked) and its history. Needs `/enrollment`;
    /// `unmasked` (the form filling the details in, 查看完整信息) is recorded in the audit log.
    fn detail(request: EnrollmentDetailRequest) -> EnrollmentDetail,
    need::ENROLLMENT, "/api/v1/fm/enrollment/detail", "The onboarding", |scoped| {
        // Whoever fills the form in (any `/enrollment` caller) needs the numbers whole.
        let unmasked = request.unmasked.then_some(need::ENROLLMENT);
        let row = scoped.shown::<enrollment::Entity>(request.id, unmasked).await?;
        answer(&scoped, row, request.unmasked).await?
    };
    /// Start an onboarding: the hire's staff record is created in PENDING (no login yet) and the
    /// onboarding waits for their details. Needs `/enrollment`.
    fn start(form: EnrollmentStart) -> EnrollmentDetail,
    need::ENROLLMENT, "/api/v1/fm/enrollment/start", "The new onboarding", |scoped| {
        let form = form::checked(&form)?;
        let target = working_status("workingStatus", form.working_status.as_deref())?;
        let person = PersonForm {
            real_name: form.real_name.clone(),
            mobile: form.mobile.clone(),
            ..PersonForm::default()
        };
        let new = staff::prepare_new_person(
            &scoped,
            &form.username,
            &form.password,
            &person,
            &form.seat,
            WorkingStatus::Pending,
        )
        .await?;
        let now = Utc::now();
        let started = async |on: &Scoped<'_, _>| {
            let (hire, _) = staff::insert_person(on, new).await?;
            let row = enrollment::ActiveModel {
                user_id: Set(hire.id),
                site_id: Set(hire.site_id),
                organisation_id: Set(hire.organisation_id),
                store_group_id: Set(hire.store_group_id),
                store_id: Set(hire.store_id),
                department_id: Set(hire.department_id),
                status: Set(OnboardingStatus::Draft.into()),
                target_status: Set(target.map(Into::into)),
                reject_reason: Set(String::new()),
                started_by: Set(Some(scoped.actor().id)),
                created_at: Set(now),
                updated_at: Set(now),
                ..Default::default()
            };
            let row = on.insert::<enrollment::Entity>(row).await?;
            history::record(
                on.transaction(),
                StatusMove {
                    entity: history::ENROLLMENT,
                    entity_id: row.id,
                    action: OnboardingAction::Start.code(),
                    from: "",
                    to: OnboardingStatus::Draft.code(),
                    reason: "",
                    actor_id: Some(scoped.actor().id),
                },
            )
            .await?;
            on.record_created::<enrollment::Entity>(&row).await?;
            answer(on, row, false).await
        };
        scoped.in_transaction(started).await?
    };
    /// Save the hire's details (every filled field is checked). Needs `/enrollment`.
    fn save(form: EnrollmentSave) -> EnrollmentDetail,
    need::ENROLLMENT, "/api/v1/fm/enrollment/save", "The onboarding as saved",
    |scoped| {
        let form = form::checked(&form)?;
        let (row, hire, to) = for_action(&scoped, form.id, OnboardingAction::Save).await?;
        let person = form.person.check(false, None)?;
        let target = working_status("workingStatus", form.working_status.as_deref())?;
        staff::refuse_duplicates(&scoped.unscoped(), None, &person, Some(hire.id)).await?;
        let mut record = user::ActiveModel::default();
        staff::apply_person(&mut record, person);
        scoped
            .in_transaction(async |on| {
                let saved = move_to(on, row, OnboardingAction::Save, to, "", |active| {
                    if let Some(target) = target {
                        active.target_status = Set(Some(target.into()));
                    }
                })
                .await?;
                on.change_with::<user::Entity>(hire, record, async |_, _| Ok(()))
                    .await?;
                answer(on, saved, false).await
            })
            .await?
    };
    merge(flow);
);
