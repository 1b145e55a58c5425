//! A person's working status: the moves of core's staff transition table (调整, 离职, 复职,
//! 锁定, 解锁) with their history and audit entry, and ending the sessions of whoever leaves or
//! is locked. Onboarding moves a hire into work through the same path.

use brokerdesk_core::org::staff_status::{self, StaffAction, StaffState, WORKING, WorkingStatus};
use sea_orm::sea_query::Expr;
use sea_orm::{DatabaseTransaction, EntityTrait};

use super::view::{self, StaffDetail};
use super::{StaffStatusChange, ensure_person_changeable};
use crate::crud::prelude::*;
use crate::entity::{session_token, user};
use crate::history;
use crate::transition::{self, Move};

/// Ends every open session of a person at once.
// A child-row helper (clippy.toml): sessions belong to a person the caller may change.
#[allow(clippy::disallowed_methods)]
pub async fn revoke_sessions(db: &impl ConnectionTrait, user_id: i64) -> Result<(), AppError> {
    session_token::Entity::update_many()
        .col_expr(session_token::Column::RevokedAt, Expr::value(Utc::now()))
        .filter(session_token::Column::UserId.eq(user_id))
        .filter(session_token::Column::RevokedAt.is_null())
        .exec(db)
        .await?;
    Ok(())
}

/// A working status a form chose for someone at work.
pub fn working_status(
    field: &'static str,
    value: Option<&str>,
) -> Result<Option<WorkingStatus>, AppError> {
    match value.map(str::trim).filter(|v| !v.is_empty()) {
        None => Ok(None),
        Some(code) => WorkingStatus::from_code(code)
            .filter(|status| WORKING.contains(status))
            .map(Some)
            .ok_or_else(|| AppError::invalid(field, staff_status::NOT_A_WORKING_STATUS)),
    }
}

/// Moves a person's status by the staff transition table, guarded against a change since
/// `person` was read, and records it; ends their sessions when they leave or are locked. Used
/// by the staff screens and by onboarding.
pub async fn apply_status(
    on: &Scoped<'_, DatabaseTransaction>,
    person: user::Model,
    action: StaffAction,
    target: Option<WorkingStatus>,
    reason: &str,
) -> Result<user::Model, AppError> {
    let from = view::state_of(&person);
    let to = staff_status::next(action, from, target)?;
    let changes = user::ActiveModel {
        working_status: Set(to.working_status.into()),
        locked: Set(to.locked),
        updated_at: Set(Utc::now()),
        ..Default::default()
    };
    // The audit log keeps the working status and the lock flag.
    let snapshot = |state: StaffState| {
        Some(serde_json::json!({
            "workingStatus": state.working_status.code(),
            "locked": state.locked,
        }))
    };
    let step = Move::between(
        history::STAFF,
        action.code(),
        from.code(),
        to.code(),
        reason,
    );
    let step = Move {
        audit: (snapshot(from), snapshot(to)),
        moves: true,
        ..step
    };
    let saved = transition::recorded(on, &person, changes, step).await?;
    if action.ends_sessions() {
        revoke_sessions(on.transaction(), saved.id).await?;
    }
    Ok(saved)
}

crud_routes!(user, "staff";
    /// Adjust, leave, restore, lock or unlock a person, by the staff transition table. Leaving and
    /// locking end their sessions at once. Needs a staff page's `edit`.
    fn change_status(form: StaffStatusChange) -> StaffDetail,
    need::STAFF_EDIT, "/api/v1/fm/staff/changeStatus", "The person after the change; 10020005 when the status does not allow it", |scoped| {
        let form = form::checked_with(&forms::STAFF_STATUS, &form)?;
        let action = StaffAction::from_code(&form.action)
            .filter(|action| action.is_direct())
            .ok_or_else(|| AppError::invalid("action", "不支持的操作"))?;
        let target = working_status("workingStatus", form.working_status.as_deref())?;
        let reason = form.reason.clone().unwrap_or_default();
        let person = scoped.get_writable::<user::Entity>(form.id).await?;
        if person.id == scoped.actor().id {
            return Err(AppError::OutOfScope("不能修改自己的状态"));
        }
        ensure_person_changeable(&scoped, &person)?;
        let saved = scoped
            .in_transaction(async |on| apply_status(on, person, action, target, &reason).await)
            .await?;
        view::detail(&scoped.unscoped(), saved, false).await?
    };
);
