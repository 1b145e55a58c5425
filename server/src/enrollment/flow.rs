//! An onboarding's moves through core's transition table: loading a record for an action,
//! writing the new status with its history and audit entry, and the submit, approve, reject and
//! cancel routes that drive them.

use brokerdesk_core::org::onboarding::{self, OnboardingAction, OnboardingStatus};
use sea_orm::DatabaseTransaction;

use super::{EnrollmentDecision, EnrollmentDetail, EnrollmentId, answer};
use crate::crud::prelude::*;
use crate::entity::status::StatusColumn;
use crate::entity::{enrollment, status_change, user};
use crate::history;
use crate::staff::view;
use crate::staff::{self, apply_status, working_status};
use crate::transition::{self, Move};

/// Loads an onboarding the caller may act on and checks the action against the table.
pub(super) async fn for_action(
    scoped: &Scoped<'_, impl ConnectionTrait>,
    id: i64,
    action: OnboardingAction,
) -> Result<(enrollment::Model, user::Model, OnboardingStatus), AppError> {
    let row = scoped.get_writable::<enrollment::Entity>(id).await?;
    let to = onboarding::next(action, row.status.0)?;
    let db = scoped.unscoped();
    let hire = db
        .row::<user::Entity>(row.user_id)
        .await?
        .ok_or(AppError::NotFound)?;
    Ok((row, hire, to))
}

/// Who last sent the onboarding for approval.
pub(super) async fn submitter_of<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    id: i64,
) -> Result<Option<i64>, AppError> {
    let last = db
        .find::<status_change::Entity>()
        .filter(status_change::Column::Entity.eq(history::ENROLLMENT))
        .filter(status_change::Column::EntityId.eq(id))
        .filter(status_change::Column::Action.eq(OnboardingAction::Submit.code()))
        .order_by_desc(status_change::Column::Id);
    Ok(db.one(last).await?.and_then(|change| change.actor_id))
}

/// Writes the new status of an onboarding (guarded against a change since `row` was read), its
/// history and its audit entry.
pub(super) async fn move_to(
    on: &Scoped<'_, DatabaseTransaction>,
    row: enrollment::Model,
    action: OnboardingAction,
    to: OnboardingStatus,
    reason: &str,
    change: impl FnOnce(&mut enrollment::ActiveModel),
) -> Result<enrollment::Model, AppError> {
    let from = row.status.0;
    let mut changes = enrollment::ActiveModel {
        status: Set(to.into()),
        updated_at: Set(Utc::now()),
        ..Default::default()
    };
    change(&mut changes);
    let step = Move::between(
        history::ENROLLMENT,
        action.code(),
        from.code(),
        to.code(),
        reason,
    );
    transition::recorded(on, &row, changes, step).await
}

/// [`move_to`] in a transaction of its own, for moves that write nothing else; answers the
/// onboarding as saved.
pub(super) async fn moved(
    scoped: &Scoped<'_>,
    row: enrollment::Model,
    action: OnboardingAction,
    to: OnboardingStatus,
    reason: &str,
    change: impl FnOnce(&mut enrollment::ActiveModel),
) -> Result<EnrollmentDetail, AppError> {
    scoped
        .in_transaction(async |on| {
            let saved = move_to(on, row, action, to, reason, change).await?;
            answer(on, saved, false).await
        })
        .await
}

crud_routes!(enrollment, "enrollment";
    /// Submit the hire's details for approval: every onboarding field is required. Needs
    /// `/enrollment`.
    fn submit(request: EnrollmentId) -> EnrollmentDetail,
    need::ENROLLMENT, "/api/v1/fm/enrollment/submit", "The onboarding, now 待审批",
    |scoped| {
        let (row, hire, to) = for_action(&scoped, request.id, OnboardingAction::Submit).await?;
        // Core's 提交审批 form requires the details and the 入职状态, and says what is missing.
        let status = row.target_status.as_ref().map(|target| target.code());
        staff::person_form_of(&hire).check(true, status)?;
        moved(&scoped, row, OnboardingAction::Submit, to, "", |active| {
            active.submitted_at = Set(Some(Utc::now()));
            active.reject_reason = Set(String::new());
        })
        .await?
    };
    /// Approve an onboarding: the hire moves from PENDING to their working status and may log in.
    /// Needs `/enrollment:approve`.
    fn approve(request: EnrollmentDecision) -> EnrollmentDetail,
    need::ENROLLMENT_APPROVE, "/api/v1/fm/enrollment/approve", "The onboarding, now 已入职", |scoped| {
        let (row, hire, to) = for_action(&scoped, request.id, OnboardingAction::Approve).await?;
        if submitter_of(&scoped.unscoped(), row.id).await? == Some(scoped.actor().id) {
            return Err(AppError::TransitionRefused(
                onboarding::OWN_SUBMISSION.to_owned(),
            ));
        }
        let target = working_status("workingStatus", request.working_status.as_deref())?
            .or(row.target_status.map(|target| target.0))
            .ok_or_else(|| AppError::invalid("workingStatus", "请选择入职状态"))?;
        let effect = OnboardingAction::Approve
            .staff_effect()
            .ok_or_else(|| AppError::internal("approval changes the staff record"))?;
        let actor = scoped.actor().id;
        let hired_as = view::detail(&scoped.unscoped(), hire.clone(), false)
            .await?
            .row
            .roles;
        let hired_roles = serde_json::to_string(&hired_as)
            .map_err(|error| AppError::internal(format!("hired roles: {error}")))?;
        let approved = async |on: &Scoped<'_, _>| {
            let saved = move_to(on, row, OnboardingAction::Approve, to, "", |active| {
                active.hired_roles = Set(Some(hired_roles));
                active.target_status = Set(Some(target.into()));
                active.decided_by = Set(Some(actor));
                active.decided_at = Set(Some(Utc::now()));
            })
            .await?;
            apply_status(on, hire, effect, Some(target), "").await?;
            answer(on, saved, false).await
        };
        scoped.in_transaction(approved).await?
    };
    /// Send an onboarding back with a reason; it can be corrected and submitted again. Needs
    /// `/enrollment:approve`.
    fn reject(request: EnrollmentDecision) -> EnrollmentDetail,
    need::ENROLLMENT_APPROVE, "/api/v1/fm/enrollment/reject", "The onboarding, now 已驳回", |scoped| {
        let request = form::checked_with(&forms::ONBOARDING_REJECT, &request)?;
        let reason = request.reason.clone().unwrap_or_default();
        let (row, _, to) = for_action(&scoped, request.id, OnboardingAction::Reject).await?;
        let actor = scoped.actor().id;
        moved(
            &scoped,
            row,
            OnboardingAction::Reject,
            to,
            &reason,
            |active| {
                active.reject_reason = Set(reason.clone());
                active.decided_by = Set(Some(actor));
                active.decided_at = Set(Some(Utc::now()));
            },
        )
        .await?
    };
    /// Cancel an onboarding. The hire was never staff: their record stays PENDING (no login, no
    /// staff action moves it) and leaves the staff lists. Needs `/enrollment`.
    fn cancel(request: EnrollmentDecision) -> EnrollmentDetail,
    need::ENROLLMENT, "/api/v1/fm/enrollment/cancel", "The onboarding, now 已取消",
    |scoped| {
        let request = form::checked_with(&forms::ONBOARDING_CANCEL, &request)?;
        let reason = request.reason.clone().unwrap_or_default();
        let (row, _, to) = for_action(&scoped, request.id, OnboardingAction::Cancel).await?;
        moved(&scoped, row, OnboardingAction::Cancel, to, &reason, |_| {}).await?
    };
);
