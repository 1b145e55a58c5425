//! 检索测试: a search of one knowledge base as an assistant would run it, with its scores, and
//! the history of such searches, so a change to the points can be compared against earlier
//! results.

use axum::extract::State;
use brokerdesk_core::forms::{self, Form};
use brokerdesk_core::knowledge;
use chrono::Utc;
use sea_orm::{ColumnTrait, QueryFilter, QueryOrder, QuerySelect, Set};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::retrieval::Hit;
use super::{PathId, bases};
use crate::AppState;
use crate::access::{Caller, need};
use crate::entity::{knowledge_search, user};
use crate::error::{ApiResult, AppError, AppJson, Envelope, ok};
use crate::form::{self, CoreForm};
use crate::shared::{millis, name_of};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(search))
        .routes(routes!(history))
}

/// How many past searches the history answers with.
pub const HISTORY_SIZE: u64 = 20;

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct KnowledgeSearchRequest {
    /// What a user would ask, at most 200 characters.
    pub query: String,
    /// Hits at most, 1-20; default 5.
    #[serde(default)]
    #[schema(value_type = Option<i64>)]
    pub top_k: Option<Value>,
    /// Lowest score kept, 0-1 with two decimals; default 0.3.
    #[serde(default)]
    #[schema(value_type = Option<f64>)]
    pub threshold: Option<Value>,
}

impl CoreForm for KnowledgeSearchRequest {
    const FORM: &'static Form = &forms::KNOWLEDGE_SEARCH;
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct KnowledgeSearchResult {
    pub query: String,
    pub top_k: i64,
    pub threshold: f64,
    /// Best first.
    pub list: Vec<Hit>,
}

/// A hit as the history keeps it.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct KnowledgePastHit {
    pub point_id: i64,
    pub question: String,
    pub score: f64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct KnowledgePastSearch {
    pub id: i64,
    pub query: String,
    pub top_k: i32,
    pub threshold: f64,
    pub hits: Vec<KnowledgePastHit>,
    pub user_name: String,
    pub created_at: i64,
}

fn text_of(value: &Option<Value>) -> String {
    match value {
        None | Some(Value::Null) => String::new(),
        Some(Value::String(text)) => text.clone(),
        Some(other) => other.to_string(),
    }
}

/// Searches a knowledge base and keeps the search in its history. Needs 知识库 or 知识库详情.
/// With an embeddings endpoint configured the search is hybrid (BM25 and vectors fused by
/// reciprocal rank, k = 60) and each hit gives both scores and its vector's stage.
#[utoipa::path(post, path = "/api/v1/chat/Knowledge/vector/search/{knowledgeId}", tag = "knowledge",
    params(("knowledgeId" = i64, Path, description = "The knowledge base")),
    request_body = KnowledgeSearchRequest, security(("token" = [])),
    responses((status = 200, description = "The hits, best first", body = Envelope<KnowledgeSearchResult>)))]
pub async fn search(
    State(state): State<AppState>,
    caller: Caller,
    PathId(id): PathId,
    AppJson(request): AppJson<KnowledgeSearchRequest>,
) -> ApiResult<KnowledgeSearchResult> {
    let scoped = caller.require(need::KNOWLEDGE_READ)?;
    let request = form::checked(&request)?;
    // The form has checked both; here they become numbers, defaults filled in.
    let top_k = knowledge::top_k(&text_of(&request.top_k)).map_err(AppError::internal)?;
    let threshold =
        knowledge::threshold(&text_of(&request.threshold)).map_err(AppError::internal)?;
    let base = bases::found(&scoped.unscoped(), id).await?;
    let list = state
        .retrieval
        .search(
            &state.db,
            &[base.id],
            &request.query,
            top_k as usize,
            threshold,
        )
        .await?;
    let kept: Vec<KnowledgePastHit> = list
        .iter()
        .map(|hit| KnowledgePastHit {
            point_id: hit.point_id,
            question: hit.question.clone(),
            score: hit.score,
        })
        .collect();
    let txn = scoped.begin().await?;
    scoped
        .on(&txn)
        .insert::<knowledge_search::Entity>(knowledge_search::ActiveModel {
            knowledge_id: Set(base.id),
            query: Set(request.query.clone()),
            top_k: Set(top_k as i32),
            threshold: Set(threshold),
            hits: Set(serde_json::to_string(&kept).map_err(AppError::internal)?),
            user_id: Set(Some(scoped.actor().id)),
            created_at: Set(Utc::now()),
            ..Default::default()
        })
        .await?;
    txn.commit().await?;
    ok(KnowledgeSearchResult {
        query: request.query,
        top_k,
        threshold,
        list,
    })
}

/// The latest test searches of a knowledge base, newest first (at most 20). Needs 知识库 or
/// 知识库详情.
#[utoipa::path(get, path = "/api/v1/chat/Knowledge/vector/search/{knowledgeId}/history", tag = "knowledge",
    params(("knowledgeId" = i64, Path, description = "The knowledge base")), security(("token" = [])),
    responses((status = 200, description = "Past searches, newest first", body = Envelope<Vec<KnowledgePastSearch>>)))]
pub async fn history(caller: Caller, PathId(id): PathId) -> ApiResult<Vec<KnowledgePastSearch>> {
    let scoped = caller.require(need::KNOWLEDGE_READ)?;
    let db = scoped.unscoped();
    bases::found(&db, id).await?;
    let rows = db
        .all(
            db.find::<knowledge_search::Entity>()
                .filter(knowledge_search::Column::KnowledgeId.eq(id))
                .order_by_desc(knowledge_search::Column::Id)
                .limit(HISTORY_SIZE),
        )
        .await?;
    let users = db
        .names::<user::Entity>(
            user::Column::Id,
            user::Column::RealName,
            rows.iter().filter_map(|r| r.user_id),
        )
        .await?;
    ok(rows
        .into_iter()
        .map(|row| KnowledgePastSearch {
            id: row.id,
            hits: serde_json::from_str(&row.hits).unwrap_or_default(),
            user_name: name_of(&users, row.user_id),
            query: row.query,
            top_k: row.top_k,
            threshold: row.threshold,
            created_at: millis(row.created_at),
        })
        .collect())
}
