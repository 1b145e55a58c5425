//! Knowledge bases: list, create or change (`config`), detail and delete (which takes its data
//! sets, points and test searches with it).

use brokerdesk_core::forms::{self, Form};
use chrono::Utc;
use sea_orm::{ColumnTrait, ConnectionTrait, DatabaseTransaction, QueryFilter, QueryOrder, Set};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::PathId;
use crate::AppState;
use crate::access::{Caller, Scoped, Unscoped, need};
use crate::entity::{
    assistant, assistant_knowledge, knowledge, knowledge_data_set, knowledge_point, user,
};
use crate::error::{ApiResult, AppError, AppJson, Empty, Envelope, ok};
use crate::form::{self, CoreForm};
use crate::paging::{Page, PageQuery, filter_text, lenient_number};
use crate::resource::{Resource, describe_one};
use crate::shared::{count_of, millis, name_of};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(config))
        .routes(routes!(delete))
        .routes(routes!(detail))
}

const TAKEN: &str = "知识库名称已存在";

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Knowledge {
    pub id: i64,
    pub name: String,
    pub description: String,
    pub data_set_count: i64,
    pub point_count: i64,
    pub created_by_name: String,
    /// The assistants that answer from it (bound, switched on or off), in the order bound: a
    /// delete unbinds them, so its confirmation names them.
    pub assistant_names: Vec<String>,
    pub created_at: i64,
    pub updated_at: i64,
}

impl Resource for knowledge::Entity {
    const KIND: &'static str = "knowledge";
    type View = Knowledge;

    async fn describe<C: ConnectionTrait>(
        db: &Unscoped<'_, C>,
        rows: Vec<knowledge::Model>,
    ) -> Result<Vec<Knowledge>, AppError> {
        let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
        let sets = db
            .counts(
                db.find::<knowledge_data_set::Entity>(),
                knowledge_data_set::Column::KnowledgeId,
                ids.clone(),
            )
            .await?;
        let points = db
            .counts(
                db.find::<knowledge_point::Entity>(),
                knowledge_point::Column::KnowledgeId,
                ids.clone(),
            )
            .await?;
        let bindings = db
            .all(
                db.find::<assistant_knowledge::Entity>()
                    .filter(assistant_knowledge::Column::KnowledgeId.is_in(ids))
                    .order_by_asc(assistant_knowledge::Column::Id),
            )
            .await?;
        let assistants = db
            .names::<assistant::Entity>(
                assistant::Column::Id,
                assistant::Column::Name,
                bindings.iter().map(|binding| binding.assistant_id),
            )
            .await?;
        let creators = db
            .names::<user::Entity>(
                user::Column::Id,
                user::Column::RealName,
                rows.iter().filter_map(|r| r.created_by),
            )
            .await?;
        Ok(rows
            .into_iter()
            .map(|row| Knowledge {
                id: row.id,
                data_set_count: count_of(&sets, row.id),
                point_count: count_of(&points, row.id),
                created_by_name: name_of(&creators, row.created_by),
                assistant_names: bindings
                    .iter()
                    .filter(|binding| binding.knowledge_id == row.id)
                    .filter_map(|binding| assistants.get(&binding.assistant_id).cloned())
                    .collect(),
                name: row.name,
                description: row.description,
                created_at: millis(row.created_at),
                updated_at: millis(row.updated_at),
            })
            .collect())
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct KnowledgeQuery {
    #[serde(flatten)]
    pub page: PageQuery,
    /// Part of the name.
    pub name: Option<String>,
}

/// A new knowledge base (no `id`) or the new values of one (`id`).
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct KnowledgeConfig {
    #[serde(default, deserialize_with = "lenient_number")]
    pub id: Option<i64>,
    pub name: String,
    /// Empty when absent or null (the page sends null for a 简介 left blank).
    #[serde(default, deserialize_with = "null_as_empty")]
    pub description: String,
}

/// A text that may come as null: empty.
fn null_as_empty<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {
    Ok(Option::<String>::deserialize(deserializer)?.unwrap_or_default())
}

impl CoreForm for KnowledgeConfig {
    const FORM: &'static Form = &forms::KNOWLEDGE;
}

/// The knowledge bases, newest first. Needs 知识库.
#[utoipa::path(post, path = "/api/v1/chat/Knowledge/knowledge/list", tag = "knowledge",
    request_body = KnowledgeQuery, security(("token" = [])),
    responses((status = 200, description = "A page of knowledge bases", body = Envelope<Page<Knowledge>>)))]
pub async fn list(
    caller: Caller,
    AppJson(query): AppJson<KnowledgeQuery>,
) -> ApiResult<Page<Knowledge>> {
    let scoped = caller.require(need::KNOWLEDGE_READ)?;
    // Global configuration: whoever has the page reads all of it.
    let mut select = scoped.unscoped().find::<knowledge::Entity>();
    if let Some(name) = filter_text(&query.name) {
        select = select.filter(knowledge::Column::Name.contains(name));
    }
    let select = select.order_by_desc(knowledge::Column::Id);
    ok(scoped.list(select, query.page).await?)
}

/// Creates a knowledge base, or changes one's name and description when `id` is given. Needs
/// 知识库:新增 to create, 知识库:编辑 to change.
#[utoipa::path(post, path = "/api/v1/chat/Knowledge/config", tag = "knowledge",
    request_body = KnowledgeConfig, security(("token" = [])),
    responses((status = 200, description = "The knowledge base as saved", body = Envelope<Knowledge>)))]
pub async fn config(
    caller: Caller,
    AppJson(request): AppJson<KnowledgeConfig>,
) -> ApiResult<Knowledge> {
    let scoped = caller.require(if request.id.is_some() {
        need::KNOWLEDGE_EDIT
    } else {
        need::KNOWLEDGE_ADD
    })?;
    let request = form::checked(&request)?;
    scoped
        .unscoped()
        .refuse_duplicate::<knowledge::Entity>(
            knowledge::Column::Name.eq(&request.name),
            request.id,
            TAKEN,
        )
        .await
        .map_err(form::on_field("name"))?;
    let now = Utc::now();
    let values = knowledge::ActiveModel {
        name: Set(request.name),
        description: Set(request.description),
        updated_at: Set(now),
        ..Default::default()
    };
    ok(match request.id {
        Some(id) => {
            let before = scoped.get_writable::<knowledge::Entity>(id).await?;
            scoped.change::<knowledge::Entity>(before, values).await?
        }
        None => {
            scoped
                .create::<knowledge::Entity>(knowledge::ActiveModel {
                    created_by: Set(Some(scoped.actor().id)),
                    created_at: Set(now),
                    ..values
                })
                .await?
        }
    })
}

/// Deletes a knowledge base with its data sets, points and test searches. Needs 知识库:删除.
#[utoipa::path(post, path = "/api/v1/chat/Knowledge/knowledge/del/{id}", tag = "knowledge",
    params(("id" = i64, Path, description = "The knowledge base")), security(("token" = [])),
    responses((status = 200, description = "Deleted", body = Envelope<Empty>)))]
pub async fn delete(caller: Caller, PathId(id): PathId) -> ApiResult<Empty> {
    let scoped = caller.require(need::KNOWLEDGE_DELETE)?;
    scoped.remove::<knowledge::Entity>(id).await?;
    ok(Empty {})
}

/// One knowledge base with its counts. Needs 知识库 or 知识库详情.
#[utoipa::path(post, path = "/api/v1/chat/Knowledge/knowledge/detail/{id}", tag = "knowledge",
    params(("id" = i64, Path, description = "The knowledge base")), security(("token" = [])),
    responses((status = 200, description = "The knowledge base", body = Envelope<Knowledge>)))]
pub async fn detail(caller: Caller, PathId(id): PathId) -> ApiResult<Knowledge> {
    let scoped = caller.require(need::KNOWLEDGE_READ)?;
    let row = found(&scoped.unscoped(), id).await?;
    ok(describe_one::<knowledge::Entity, _>(&scoped.unscoped(), row).await?)
}

/// Marks a knowledge base changed now (its 更新时间), in the transaction that changed what it
/// holds: a point added, edited or deleted, a data set imported, renamed or deleted.
pub async fn touch(on: &Scoped<'_, DatabaseTransaction>, id: i64) -> Result<(), AppError> {
    on.update::<knowledge::Entity>(knowledge::ActiveModel {
        id: Set(id),
        updated_at: Set(Utc::now()),
        ..Default::default()
    })
    .await?;
    Ok(())
}

/// A knowledge base by id, or 数据不存在或已被删除.
pub async fn found<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    id: i64,
) -> Result<knowledge::Model, AppError> {
    db.one(
        db.find::<knowledge::Entity>()
            .filter(knowledge::Column::Id.eq(id)),
    )
    .await?
    .ok_or(AppError::NotFound)
}
