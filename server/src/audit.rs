//! The audit log: every change to organisation data, roles, permissions, menus and staff status,
//! with who made it, when, and the record before and after. Admins read it through
//! `/api/v1/fm/audit/list`, filtered by their data scope like any other table.

use chrono::Utc;
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, QueryFilter, QueryOrder, Set};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::AppState;
use crate::access::{Caller, Place, need};
use crate::entity::{audit_log, user};
use crate::error::{ApiResult, AppError, AppJson, Envelope, ok};
use crate::paging::{self, Page, PageQuery, filter_text, lenient_number};

/// What happened to the record.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    Create,
    Update,
    Delete,
    Status,
    Permissions,
}

impl Action {
    pub fn code(self) -> &'static str {
        match self {
            Action::Create => "create",
            Action::Update => "update",
            Action::Delete => "delete",
            Action::Status => "status",
            Action::Permissions => "permissions",
        }
    }
}

/// One change to write down.
pub struct Change {
    pub entity: &'static str,
    pub entity_id: i64,
    pub action: Action,
    pub before: Option<Value>,
    pub after: Option<Value>,
    /// Where the changed record sits.
    pub place: Place,
}

impl Change {
    pub fn created(entity: &'static str, id: i64, after: &impl Serialize, place: Place) -> Self {
        Self::new(entity, id, Action::Create, None, snapshot(after), place)
    }

    pub fn updated(
        entity: &'static str,
        id: i64,
        before: &impl Serialize,
        after: &impl Serialize,
        place: Place,
    ) -> Self {
        Self::new(
            entity,
            id,
            Action::Update,
            snapshot(before),
            snapshot(after),
            place,
        )
    }

    pub fn deleted(entity: &'static str, id: i64, before: &impl Serialize, place: Place) -> Self {
        Self::new(entity, id, Action::Delete, snapshot(before), None, place)
    }

    pub fn new(
        entity: &'static str,
        entity_id: i64,
        action: Action,
        before: Option<Value>,
        after: Option<Value>,
        place: Place,
    ) -> Self {
        Self {
            entity,
            entity_id,
            action,
            before,
            after,
            place,
        }
    }
}

/// Records a change made by `actor`, inside the transaction that makes it.
pub async fn record(
    db: &impl ConnectionTrait,
    actor: &user::Model,
    change: Change,
) -> Result<(), AppError> {
    audit_log::ActiveModel {
        actor_id: Set(Some(actor.id)),
        actor_name: Set(actor.real_name.clone()),
        at: Set(Utc::now()),
        entity: Set(change.entity.to_owned()),
        entity_id: Set(change.entity_id),
        action: Set(change.action.code().to_owned()),
        before: Set(change.before.map(|v| v.to_string())),
        after: Set(change.after.map(|v| v.to_string())),
        site_id: Set(change.place.site),
        organisation_id: Set(change.place.organisation),
        store_id: Set(change.place.store),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(())
}

/// A record as the audit log keeps it.
pub fn snapshot(value: &impl Serialize) -> Option<Value> {
    serde_json::to_value(value).ok()
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditQuery {
    #[serde(flatten)]
    pub page: PageQuery,
    /// `staff`, `role`, `rolePermission`, `menu`, ...
    pub entity: Option<String>,
    #[serde(default, deserialize_with = "lenient_number")]
    pub entity_id: Option<i64>,
    #[serde(default, deserialize_with = "lenient_number")]
    pub actor_id: Option<i64>,
    /// `create`, `update`, `delete`, `status` or `permissions`.
    pub action: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditEntry {
    pub id: i64,
    pub actor_id: Option<i64>,
    pub actor_name: String,
    /// Epoch milliseconds.
    pub at: i64,
    pub entity: String,
    pub entity_id: i64,
    pub action: String,
    /// The record before the change (absent for a creation).
    pub before: Option<Value>,
    /// The record after the change (absent for a deletion).
    pub after: Option<Value>,
}

impl From<audit_log::Model> for AuditEntry {
    fn from(row: audit_log::Model) -> Self {
        let parse = |text: Option<String>| text.and_then(|t| serde_json::from_str(&t).ok());
        Self {
            id: row.id,
            actor_id: row.actor_id,
            actor_name: row.actor_name,
            at: row.at.timestamp_millis(),
            entity: row.entity,
            entity_id: row.entity_id,
            action: row.action,
            before: parse(row.before),
            after: parse(row.after),
        }
    }
}

/// The audit log, newest first, within the caller's data scope. Needs `/adminConfig/home`.
#[utoipa::path(post, path = "/api/v1/fm/audit/list", tag = "audit", request_body = AuditQuery,
    security(("token" = [])),
    responses((status = 200, description = "A page of audit entries", body = Envelope<Page<AuditEntry>>)))]
pub async fn list(
    caller: Caller,
    AppJson(query): AppJson<AuditQuery>,
) -> ApiResult<Page<AuditEntry>> {
    let scoped = caller.require(need::AUDIT_LIST)?;
    let mut select = scoped.read::<audit_log::Entity>();
    if let Some(entity) = filter_text(&query.entity) {
        select = select.filter(audit_log::Column::Entity.eq(entity));
    }
    if let Some(action) = filter_text(&query.action) {
        select = select.filter(audit_log::Column::Action.eq(action));
    }
    if let Some(id) = query.entity_id {
        select = select.filter(audit_log::Column::EntityId.eq(id));
    }
    if let Some(id) = query.actor_id {
        select = select.filter(audit_log::Column::ActorId.eq(id));
    }
    let select = select
        .order_by_desc(audit_log::Column::At)
        .order_by_desc(audit_log::Column::Id);
    ok(paging::fetch(scoped.db(), select, query.page)
        .await?
        .map(AuditEntry::from))
}
