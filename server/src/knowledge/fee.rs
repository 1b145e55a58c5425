//! 费用预估 (`fee/expect`): what indexing points would cost — their tokens (core's estimate)
//! times the price per million tokens configured for the model service
//! (`BROKERDESK_AI_PRICE_FEN`). With no price configured the answer says so plainly: retrieval is
//! built here (jieba and BM25), no model is asked, and nothing is charged.

use axum::extract::State;
use brokerdesk_core::format::fen_to_yuan;
use brokerdesk_core::knowledge::{
    FEE_UNPRICED, fee_fen, is_template_example, point_tokens, question_key,
};
use sea_orm::{ColumnTrait, QueryFilter, QuerySelect};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::import::{SubmittedPoint, held};
use super::{bases, indexes_of};
use crate::AppState;
use crate::access::{Caller, need};
use crate::entity::knowledge_point;
use crate::error::{ApiResult, AppJson, Envelope, LimitBody, ok};

pub fn router() -> OpenApiRouter<AppState> {
    // An import's preview of 20 MB is estimated before it is stored: the body limit of the
    // import's preview and 确认导入 (core's, for a file of 20 MB).
    OpenApiRouter::new()
        .routes(routes!(fee_expect))
        .limit_body(brokerdesk_core::knowledge::IMPORT_BODY_MAX_BYTES)
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FeeExpectRequest {
    pub knowledge_id: i64,
    /// The points about to be imported (an import's preview); those whose question the base
    /// already holds, and the template's example row, are not imported and not counted. Absent: every point the base holds.
    #[serde(default)]
    pub points: Option<Vec<SubmittedPoint>>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FeeExpect {
    /// Points that would be indexed.
    pub points: u64,
    /// Their tokens, estimated (core `knowledge::estimate_tokens`).
    pub tokens: u64,
    /// Whether a price is configured.
    pub priced: bool,
    /// The price per million tokens, in fen, when configured.
    pub price_per_million_fen: Option<i64>,
    /// The expected fee in whole fen (0 when unpriced).
    pub fee_fen: i64,
    /// The same in yuan, two decimals.
    pub fee_yuan: String,
    /// What the figure means, in Chinese.
    pub note: String,
}

/// Estimates the cost of indexing points. Needs 知识库 or 知识库详情.
#[utoipa::path(post, path = "/api/v1/chat/Knowledge/fee/expect", tag = "knowledge",
    request_body = FeeExpectRequest, security(("token" = [])),
    responses((status = 200, description = "The estimate", body = Envelope<FeeExpect>)))]
pub async fn fee_expect(
    State(state): State<AppState>,
    caller: Caller,
    AppJson(request): AppJson<FeeExpectRequest>,
) -> ApiResult<FeeExpect> {
    let scoped = caller.require(need::KNOWLEDGE_READ)?;
    let db = scoped.unscoped();
    let base = bases::found(&db, request.knowledge_id).await?;
    let (points, tokens) = match request.points {
        Some(given) => {
            let mut seen = held(&db, base.id).await?;
            given
                .iter()
                .filter(|point| !is_template_example(&point.question, &point.answer))
                .filter(|point| seen.insert(question_key(&point.question)))
                .fold((0u64, 0u64), |(n, tokens), point| {
                    (
                        n + 1,
                        tokens + point_tokens(&point.question, &point.answer, &point.indexes),
                    )
                })
        }
        None => db
            .tuples::<knowledge_point::Entity, (String, String, String)>(
                db.find::<knowledge_point::Entity>()
                    .filter(knowledge_point::Column::KnowledgeId.eq(base.id))
                    .select_only()
                    .column(knowledge_point::Column::Question)
                    .column(knowledge_point::Column::Answer)
                    .column(knowledge_point::Column::Indexes),
            )
            .await?
            .iter()
            .fold((0u64, 0u64), |(n, tokens), (question, answer, indexes)| {
                (
                    n + 1,
                    tokens + point_tokens(question, answer, &indexes_of(indexes)),
                )
            }),
    };
    let price = state.answerer.price_per_million_fen();
    let fee = price.map_or(0, |price| fee_fen(tokens, price));
    ok(FeeExpect {
        points,
        tokens,
        priced: price.is_some(),
        price_per_million_fen: price,
        fee_fen: fee,
        fee_yuan: fen_to_yuan(fee),
        note: match price {
            Some(price) => format!(
                "按大模型服务单价{}元/百万tokens估算，实际以服务商账单为准",
                fen_to_yuan(price)
            ),
            None => FEE_UNPRICED.to_owned(),
        },
    })
}
