//! An assistant's knowledge bases from the knowledge side (spec §7
//! `Knowledge/assistant/knowledge/{list,status,add,del}`): which bases it answers from, each
//! switched on or off. A base switched off stays bound (and listed) but is not searched.
//!
//! The binding rows belong to their assistant: every change is a change of the assistant,
//! written in its transaction by its writer (the global administrator) and audited as such.

use sea_orm::{ColumnTrait, DatabaseTransaction, QueryFilter, QueryOrder, Set};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::AppState;
use crate::access::{Caller, Scoped, need};
use crate::entity::{assistant, assistant_knowledge, knowledge, knowledge_point};
use crate::error::{ApiResult, AppError, AppJson, Empty, Envelope, ok};
use crate::knowledge::PathId;
use crate::shared::count_of;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(status))
        .routes(routes!(add))
        .routes(routes!(delete))
}

/// A knowledge base bound to an assistant.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Binding {
    /// The binding (what `status` and `del/{id}` name).
    pub id: i64,
    pub assistant_id: i64,
    pub knowledge_id: i64,
    pub knowledge_name: String,
    pub description: String,
    pub point_count: i64,
    /// Off: bound but not searched.
    pub enabled: bool,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BindingQuery {
    pub assistant_id: i64,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BindingStatus {
    /// The binding.
    pub id: i64,
    pub enabled: bool,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BindingAdd {
    pub assistant_id: i64,
    /// Bases to bind, switched on; those already bound stay as they are.
    pub knowledge_ids: Vec<i64>,
}

/// The assistant's bases in the order they were bound, with their names and point counts.
async fn bindings_of(scoped: &Scoped<'_>, assistant_id: i64) -> Result<Vec<Binding>, AppError> {
    let db = scoped.unscoped();
    let rows = db
        .all(
            db.find::<assistant_knowledge::Entity>()
                .filter(assistant_knowledge::Column::AssistantId.eq(assistant_id))
                .order_by_asc(assistant_knowledge::Column::Id),
        )
        .await?;
    let ids: Vec<i64> = rows.iter().map(|row| row.knowledge_id).collect();
    let bases = db
        .all(
            db.find::<knowledge::Entity>()
                .filter(knowledge::Column::Id.is_in(ids.clone())),
        )
        .await?;
    let points = db
        .counts(
            db.find::<knowledge_point::Entity>(),
            knowledge_point::Column::KnowledgeId,
            ids,
        )
        .await?;
    Ok(rows
        .into_iter()
        .filter_map(|row| {
            let base = bases.iter().find(|base| base.id == row.knowledge_id)?;
            Some(Binding {
                id: row.id,
                assistant_id: row.assistant_id,
                knowledge_id: row.knowledge_id,
                knowledge_name: base.name.clone(),
                description: base.description.clone(),
                point_count: count_of(&points, base.id),
                enabled: row.enabled,
            })
        })
        .collect())
}

/// A binding by id, or 数据不存在或已被删除.
async fn binding(scoped: &Scoped<'_>, id: i64) -> Result<assistant_knowledge::Model, AppError> {
    let db = scoped.unscoped();
    db.one(
        db.find::<assistant_knowledge::Entity>()
            .filter(assistant_knowledge::Column::Id.eq(id)),
    )
    .await?
    .ok_or(AppError::NotFound)
}

/// Changes the assistant's bindings with `work`, as a change of the assistant (its `updated_at`
/// moves, the audit record shows its knowledge before and after).
async fn change_assistant(
    scoped: &Scoped<'_>,
    assistant_id: i64,
    work: impl AsyncFnOnce(&DatabaseTransaction) -> Result<(), AppError>,
) -> Result<(), AppError> {
    scoped.ensure_global_writer()?;
    let before = scoped
        .get_writable::<assistant::Entity>(assistant_id)
        .await?;
    let touched = assistant::ActiveModel {
        updated_at: Set(chrono::Utc::now()),
        ..Default::default()
    };
    scoped
        .change_with::<assistant::Entity>(before, touched, async |on, _| {
            work(on.transaction()).await
        })
        .await?;
    Ok(())
}

/// The knowledge bases an assistant answers from, switched on or off. Needs an assistant page.
#[utoipa::path(post, path = "/api/v1/chat/Knowledge/assistant/knowledge/list", tag = "assistant",
    request_body = BindingQuery, security(("token" = [])),
    responses((status = 200, description = "The bound knowledge bases, in the order bound", body = Envelope<Vec<Binding>>)))]
pub async fn list(
    caller: Caller,
    AppJson(query): AppJson<BindingQuery>,
) -> ApiResult<Vec<Binding>> {
    let scoped = caller.require(need::ASSISTANT_READ)?;
    scoped.get::<assistant::Entity>(query.assistant_id).await?;
    ok(bindings_of(&scoped, query.assistant_id).await?)
}

/// Switches a bound knowledge base on or off. Needs an assistant page's 编辑.
#[utoipa::path(post, path = "/api/v1/chat/Knowledge/assistant/knowledge/status", tag = "assistant",
    request_body = BindingStatus, security(("token" = [])),
    responses((status = 200, description = "The assistant's bindings as they are now", body = Envelope<Vec<Binding>>)))]
pub async fn status(
    caller: Caller,
    AppJson(request): AppJson<BindingStatus>,
) -> ApiResult<Vec<Binding>> {
    let scoped = caller.require(need::ASSISTANT_EDIT)?;
    let row = binding(&scoped, request.id).await?;
    if row.enabled != request.enabled {
        change_assistant(&scoped, row.assistant_id, async |txn| {
            super::set_enabled(txn, row.id, request.enabled).await
        })
        .await?;
    }
    ok(bindings_of(&scoped, row.assistant_id).await?)
}

/// Binds knowledge bases to an assistant, switched on. Needs an assistant page's 编辑.
#[utoipa::path(post, path = "/api/v1/chat/Knowledge/assistant/knowledge/add", tag = "assistant",
    request_body = BindingAdd, security(("token" = [])),
    responses((status = 200, description = "The assistant's bindings as they are now", body = Envelope<Vec<Binding>>)))]
pub async fn add(caller: Caller, AppJson(request): AppJson<BindingAdd>) -> ApiResult<Vec<Binding>> {
    let scoped = caller.require(need::ASSISTANT_EDIT)?;
    if request.knowledge_ids.is_empty() {
        return Err(AppError::invalid("knowledgeIds", "请选择要关联的知识库"));
    }
    let known = super::existing_knowledge(&scoped, &request.knowledge_ids).await?;
    let bound: Vec<i64> = bindings_of(&scoped, request.assistant_id)
        .await?
        .into_iter()
        .map(|binding| binding.knowledge_id)
        .collect();
    let mut wanted = bound.clone();
    wanted.extend(known.into_iter().filter(|id| !bound.contains(id)));
    if wanted.len() > bound.len() {
        change_assistant(&scoped, request.assistant_id, async |txn| {
            super::bind(txn, request.assistant_id, &wanted).await
        })
        .await?;
    } else {
        // Nothing new: the assistant must still be the caller's to change.
        scoped.ensure_global_writer()?;
        scoped
            .get_writable::<assistant::Entity>(request.assistant_id)
            .await?;
    }
    ok(bindings_of(&scoped, request.assistant_id).await?)
}

/// Unbinds a knowledge base from its assistant. Needs an assistant page's 编辑.
#[utoipa::path(post, path = "/api/v1/chat/Knowledge/assistant/knowledge/del/{id}", tag = "assistant",
    params(("id" = i64, Path, description = "The binding")), security(("token" = [])),
    responses((status = 200, description = "Unbound", body = Envelope<Empty>)))]
pub async fn delete(caller: Caller, PathId(id): PathId) -> ApiResult<Empty> {
    let scoped = caller.require(need::ASSISTANT_EDIT)?;
    let row = binding(&scoped, id).await?;
    let remaining: Vec<i64> = bindings_of(&scoped, row.assistant_id)
        .await?
        .into_iter()
        .map(|binding| binding.knowledge_id)
        .filter(|knowledge| *knowledge != row.knowledge_id)
        .collect();
    change_assistant(&scoped, row.assistant_id, async |txn| {
        super::bind(txn, row.assistant_id, &remaining).await
    })
    .await?;
    ok(Empty {})
}
