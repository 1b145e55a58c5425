//! The audit log: every change to organisation data, roles, permissions, menus and staff status,
//! with who made it, when, and the record before and after. Admins read it through
//! `/api/v1/fm/audit/list`, filtered by their data scope like any other table.

use std::collections::HashMap;

use brokerdesk_core::audit::{AUDIT_ENTITY, record_name};
use chrono::Utc;
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, QueryFilter, QueryOrder, Set};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::AppState;
use crate::access::{Caller, Place, Unscoped, need};
use crate::entity::{app, audit_log, enrollment, menu, role, user};
use crate::error::{ApiResult, AppError, AppJson, Envelope, ok};
use crate::paging::{Page, PageQuery, filter_text, lenient_number};

/// What happened to the record (core's vocabulary, which the log page labels by).
pub use brokerdesk_core::audit::AuditAction as Action;

/// One change to write down.
pub struct Change {
    /// A kind of record of core's `AUDIT_ENTITY` (`staff`, `role`, ...).
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

/// Records a change made by `actor`, inside the transaction that makes it. Any audited change
/// may alter what some login opens (roles, grants, seats, locks, menus), so it also drops the
/// cached callers once the request has answered.
pub async fn record(
    db: &impl ConnectionTrait,
    actor: &user::Model,
    change: Change,
) -> Result<(), AppError> {
    write(db, Some(actor.id), &actor.real_name, change).await
}

/// Records a change the server made by itself (a job), under the name 系统.
pub async fn record_system(db: &impl ConnectionTrait, change: Change) -> Result<(), AppError> {
    write(db, None, SYSTEM, change).await
}

/// Who the records of a job's changes name.
pub const SYSTEM: &str = "系统";

// The record of a change already made through a checked write (clippy.toml).
#[allow(clippy::disallowed_methods)]
async fn write(
    db: &impl ConnectionTrait,
    actor_id: Option<i64>,
    actor_name: &str,
    change: Change,
) -> Result<(), AppError> {
    debug_assert!(
        AUDIT_ENTITY.contains(change.entity),
        "audit entity {} is not in core's vocabulary",
        change.entity
    );
    audit_log::ActiveModel {
        actor_id: Set(actor_id),
        actor_name: Set(actor_name.to_owned()),
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
    crate::auth::cache::changed();
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
    /// What the record is called (a person's name, a store's name, ...), so the log names it
    /// rather than its id; absent when it has none.
    pub entity_name: Option<String>,
    pub action: String,
    /// The record before the change (absent for a creation).
    pub before: Option<Value>,
    /// The record after the change (absent for a deletion).
    pub after: Option<Value>,
}

impl From<audit_log::Model> for AuditEntry {
    fn from(row: audit_log::Model) -> Self {
        let parse = |text: Option<String>| text.and_then(|t| serde_json::from_str(&t).ok());
        let before = parse(row.before);
        let after = parse(row.after);
        let entity_name = after
            .as_ref()
            .and_then(record_name)
            .or_else(|| before.as_ref().and_then(record_name));
        Self {
            id: row.id,
            actor_id: row.actor_id,
            actor_name: row.actor_name,
            at: row.at.timestamp_millis(),
            entity: row.entity,
            entity_id: row.entity_id,
            entity_name,
            action: row.action,
            before,
            after,
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
    let mut page = scoped.page(select, query.page).await?.map(AuditEntry::from);
    name_the_rest(&scoped.unscoped(), &mut page.list).await?;
    ok(page)
}

/// Names the entries whose snapshots carry no name (status and permission changes, menu
/// reorders, app switches) from the records themselves, one query per kind of record. The
/// entries are already within the caller's scope, and so are the records they name.
async fn name_the_rest<C: ConnectionTrait>(
    door: &Unscoped<'_, C>,
    entries: &mut [AuditEntry],
) -> Result<(), AppError> {
    let wanted = |kinds: &[&str]| -> Vec<i64> {
        entries
            .iter()
            .filter(|e| e.entity_name.is_none() && kinds.contains(&e.entity.as_str()))
            .map(|e| e.entity_id)
            .collect()
    };
    let hires: Vec<(i64, i64)> = {
        let ids = wanted(&["enrollment"]);
        if ids.is_empty() {
            Vec::new()
        } else {
            let select = door.find::<enrollment::Entity>();
            door.all(select.filter(enrollment::Column::Id.is_in(ids)))
                .await?
                .into_iter()
                .map(|row| (row.id, row.user_id))
                .collect()
        }
    };
    let people = wanted(&["staff"])
        .into_iter()
        .chain(hires.iter().map(|h| h.1));
    let people = door
        .names::<user::Entity>(user::Column::Id, user::Column::RealName, people)
        .await?;
    let roles = door
        .names::<role::Entity>(
            role::Column::Id,
            role::Column::Name,
            wanted(&["role", "rolePermission"]),
        )
        .await?;
    let menus = door
        .names::<menu::Entity>(menu::Column::Id, menu::Column::MenuName, wanted(&["menu"]))
        .await?;
    // A setting's entry is about the setting's row; its app is the one its snapshot names (an
    // entry from before settings carried the app's name).
    let app_of = |entry: &AuditEntry| -> Option<i64> {
        match entry.entity.as_str() {
            "app" => Some(entry.entity_id),
            "appEnablement" => entry
                .after
                .as_ref()
                .or(entry.before.as_ref())
                .and_then(|record| record.get("appId"))
                .and_then(Value::as_i64),
            _ => None,
        }
    };
    let apps = door
        .names::<app::Entity>(
            app::Column::Id,
            app::Column::Name,
            entries
                .iter()
                .filter(|e| e.entity_name.is_none())
                .filter_map(app_of),
        )
        .await?;
    let hired: HashMap<i64, i64> = hires.into_iter().collect();
    for entry in entries.iter_mut().filter(|e| e.entity_name.is_none()) {
        let id = entry.entity_id;
        let app = app_of(entry);
        entry.entity_name = match entry.entity.as_str() {
            "staff" => people.get(&id),
            "enrollment" => hired.get(&id).and_then(|user| people.get(user)),
            "role" | "rolePermission" => roles.get(&id),
            "menu" => menus.get(&id),
            "app" | "appEnablement" => app.and_then(|app| apps.get(&app)),
            _ => None,
        }
        .cloned();
    }
    Ok(())
}
