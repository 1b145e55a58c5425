//! Status history: every status change of a record (a staff member, an onboarding) with who
//! made it, when, from which status to which, and why.

use std::collections::HashMap;

use chrono::Utc;
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, QueryFilter, QueryOrder, Set};
use serde::Serialize;
use utoipa::ToSchema;

use crate::access::Unscoped;
use crate::entity::{status_change, user};
use crate::error::AppError;

pub const STAFF: &str = "staff";
pub const ENROLLMENT: &str = "enrollment";

/// One change to write down.
pub struct StatusMove<'a> {
    pub entity: &'static str,
    pub entity_id: i64,
    pub action: &'static str,
    pub from: &'a str,
    pub to: &'a str,
    pub reason: &'a str,
    /// Who moved it; `None` for the server's own jobs (shown as 系统).
    pub actor_id: Option<i64>,
}

// The record of a change already made through a checked write (clippy.toml).
#[allow(clippy::disallowed_methods)]
pub async fn record(db: &impl ConnectionTrait, change: StatusMove<'_>) -> Result<(), AppError> {
    status_change::ActiveModel {
        entity: Set(change.entity.to_owned()),
        entity_id: Set(change.entity_id),
        action: Set(change.action.to_owned()),
        from_status: Set(change.from.to_owned()),
        to_status: Set(change.to.to_owned()),
        reason: Set(change.reason.to_owned()),
        actor_id: Set(change.actor_id),
        at: Set(Utc::now()),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(())
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StatusChange {
    pub id: i64,
    /// A core `staffAction` or `onboardingAction` code.
    pub action: String,
    pub action_label: String,
    /// A core `workingStatus` (or `LOCKED`) or `onboardingStatus` code.
    pub from_status: String,
    pub to_status: String,
    pub reason: String,
    pub actor_id: Option<i64>,
    pub actor_name: String,
    /// Epoch milliseconds.
    pub at: i64,
}

/// A record's status changes, newest first (as the audit log reads); `label` names an action
/// code.
pub async fn of<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    entity: &str,
    entity_id: i64,
    label: fn(&str) -> &'static str,
) -> Result<Vec<StatusChange>, AppError> {
    let rows = db
        .all(
            db.find::<status_change::Entity>()
                .filter(status_change::Column::Entity.eq(entity))
                .filter(status_change::Column::EntityId.eq(entity_id))
                .order_by_desc(status_change::Column::At)
                .order_by_desc(status_change::Column::Id),
        )
        .await?;
    let names = names_of(db, rows.iter().filter_map(|r| r.actor_id)).await?;
    Ok(rows
        .into_iter()
        .map(|row| StatusChange {
            id: row.id,
            action_label: label(&row.action).to_owned(),
            action: row.action,
            from_status: row.from_status,
            to_status: row.to_status,
            reason: row.reason,
            actor_name: match row.actor_id {
                Some(id) => names.get(&id).cloned().unwrap_or_default(),
                None => crate::audit::SYSTEM.to_owned(),
            },
            actor_id: row.actor_id,
            at: row.at.timestamp_millis(),
        })
        .collect())
}

/// Real names of some users (names are shown beside records of any scope, like a signature).
pub async fn names_of<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    ids: impl IntoIterator<Item = i64>,
) -> Result<HashMap<i64, String>, AppError> {
    db.names::<user::Entity>(user::Column::Id, user::Column::RealName, ids)
        .await
}
