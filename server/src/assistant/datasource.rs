//! An assistant's data sources (spec §7 "Data source"): what it may draw on when it answers, of
//! core's `assistantSourceType` — 1 知识库 (knowledge bases, searched for passages) and 2
//! 业务数据函数 (the functions over the brokerage's own data, [`super::functions`], called by a
//! configured chat model as the asker).
//!
//! - `POST /api/v1/chat/assistant/datasource/{sourceTypeId}?keywords=` lists the candidates of
//!   a type whose name (or a function's title and description) contains the keywords.
//! - `POST /api/v1/chat/assistant/datasource` saves exactly which sources of a type an assistant
//!   uses: knowledge bases no longer named are unbound (those kept keep their switch); functions
//!   replace the assistant's list. Audited as a change of the assistant.

use axum::extract::Path;
use brokerdesk_core::enums;
use chrono::Utc;
use sea_orm::ActiveValue::Unchanged;
use sea_orm::{QueryFilter, QueryOrder, Set};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::dto::Assistant;
use super::functions::{self, FUNCTIONS};
use super::{bind, existing_knowledge, path_id};
use crate::AppState;
use crate::access::{Caller, need};
use crate::entity::{assistant, knowledge};
use crate::error::{ApiResult, AppError, AppJson, AppQuery, Envelope, ok};
use crate::paging::filter_text;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(search))
        .routes(routes!(save))
}

/// Core `assistantSourceType` 1: knowledge bases.
pub const KNOWLEDGE: i64 = 1;
/// Core `assistantSourceType` 2: functions over the brokerage's data.
pub const FUNCTION: i64 = 2;

/// The source type `raw` names (core `assistantSourceType`); else 数据源类型不存在.
fn source_type(raw: i64) -> Result<i64, AppError> {
    let known = enums::table("assistantSourceType")
        .and_then(|table| table.label_of(raw))
        .is_some();
    if known {
        Ok(raw)
    } else {
        Err(AppError::invalid("sourceTypeId", "数据源类型不存在"))
    }
}

/// A source an assistant may use.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DataSource {
    /// Core `assistantSourceType`.
    pub source_type_id: i64,
    /// A knowledge base's id (as text) or a function's name (`listing_search`).
    pub id: String,
    pub name: String,
    pub description: String,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DataSourceQuery {
    /// Words the name (a function's title or description too) contains; empty: every one.
    pub keywords: Option<String>,
}

/// The sources of a type an assistant may be given, by keywords: knowledge bases by name;
/// functions by name, title or description, in the catalogue's order. Needs an assistant page.
#[utoipa::path(post, path = "/api/v1/chat/assistant/datasource/{sourceTypeId}", tag = "assistant",
    params(("sourceTypeId" = i64, Path, description = "Core assistantSourceType: 1 知识库, 2 业务数据函数"), DataSourceQuery),
    security(("token" = [])),
    responses((status = 200, description = "The candidates", body = Envelope<Vec<DataSource>>)))]
pub async fn search(
    caller: Caller,
    Path(source_type_id): Path<String>,
    AppQuery(query): AppQuery<DataSourceQuery>,
) -> ApiResult<Vec<DataSource>> {
    let scoped = caller.require(need::ASSISTANT_READ)?;
    let kind = source_type(
        path_id(&source_type_id)
            .map_err(|_| AppError::invalid("sourceTypeId", "数据源类型不存在"))?,
    )?;
    let keywords = filter_text(&query.keywords);
    if kind == FUNCTION {
        let keywords = keywords.unwrap_or_default();
        return ok(FUNCTIONS
            .iter()
            .filter(|function| {
                function.name.contains(keywords)
                    || function.title().contains(keywords)
                    || function.summary().contains(keywords)
            })
            .map(|function| DataSource {
                source_type_id: FUNCTION,
                id: function.name.to_owned(),
                name: function.title().to_owned(),
                description: function.summary().to_owned(),
            })
            .collect());
    }
    // Knowledge bases serve every company, as assistants do: read through the unscoped door.
    let db = scoped.unscoped();
    let mut select = db
        .find::<knowledge::Entity>()
        .order_by_asc(knowledge::Column::Id);
    if let Some(keywords) = keywords {
        select = select.filter(crate::shared::contains(knowledge::Column::Name, keywords));
    }
    let rows = db.all(select).await?;
    ok(rows
        .into_iter()
        .map(|row| DataSource {
            source_type_id: KNOWLEDGE,
            id: row.id.to_string(),
            name: row.name,
            description: row.description,
        })
        .collect())
}

/// The sources of one type an assistant uses, exactly.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DataSourceSave {
    pub assistant_id: i64,
    /// Core `assistantSourceType`.
    pub source_type_id: i64,
    /// Knowledge base ids (numbers or text) or function names; empty: none of the type.
    #[schema(value_type = Vec<Object>)]
    #[serde(default)]
    pub source_ids: Vec<Value>,
}

fn texts(ids: &[Value]) -> Vec<String> {
    ids.iter()
        .map(|id| match id {
            Value::String(text) => text.trim().to_owned(),
            other => other.to_string(),
        })
        .collect()
}

/// Saves which sources of a type an assistant uses and answers the assistant as saved. Needs 编辑
/// and data scope ALL.
#[utoipa::path(post, path = "/api/v1/chat/assistant/datasource", tag = "assistant",
    request_body = DataSourceSave, security(("token" = [])),
    responses((status = 200, description = "The assistant as saved", body = Envelope<Assistant>)))]
pub async fn save(
    caller: Caller,
    AppJson(request): AppJson<DataSourceSave>,
) -> ApiResult<Assistant> {
    let scoped = caller.require(need::ASSISTANT_EDIT)?;
    scoped.ensure_global_writer()?;
    let kind = source_type(request.source_type_id)?;
    let ids = texts(&request.source_ids);
    let before = scoped
        .get_writable::<assistant::Entity>(request.assistant_id)
        .await?;
    // Checked before the transaction: nothing is half-written.
    let (knowledge_ids, function_names) = if kind == KNOWLEDGE {
        let mut numbers = Vec::with_capacity(ids.len());
        for id in &ids {
            numbers.push(
                id.parse::<i64>()
                    .map_err(|_| AppError::invalid("sourceIds", "关联的知识库不存在或已被删除"))?,
            );
        }
        (Some(existing_knowledge(&scoped, &numbers).await?), None)
    } else {
        (None, Some(functions::checked(&ids)?))
    };
    let txn = scoped.begin().await?;
    let on = scoped.on(&txn);
    let old = on.view::<assistant::Entity>(before.clone()).await?;
    let mut changes = assistant::ActiveModel {
        id: Unchanged(before.id),
        updated_at: Set(Utc::now()),
        ..Default::default()
    };
    if let Some(names) = &function_names {
        changes.functions = Set(serde_json::json!(names).to_string());
    }
    let after = on.update::<assistant::Entity>(changes).await?;
    if let Some(knowledge_ids) = &knowledge_ids {
        bind(&txn, after.id, knowledge_ids).await?;
    }
    let view = on.record_changed::<assistant::Entity>(&old, &after).await?;
    txn.commit().await?;
    ok(view)
}
