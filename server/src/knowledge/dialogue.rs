//! 对话标注 (`dialogue/create`): a turn of the chat log made a knowledge point — typically a
//! question the assistant could not answer (未找到相关答案…, voted 没用), given the right answer by
//! the administrator reading 对话日志. The point goes to the base's data set 对话标注 (手动录入:
//! a person wrote or approved it), through the same checks as a point typed in by hand: the
//! point form, the extra indexes, and nothing twice in one base.

use brokerdesk_core::knowledge::DIALOGUE_DATA_SET;
use sea_orm::{ColumnTrait, QueryFilter};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::content::{HandleImport, KnowledgePoint, PointForm, handle_import};
use crate::AppState;
use crate::access::{Caller, need};
use crate::entity::chat_log;
use crate::error::{ApiResult, AppError, AppJson, Envelope};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(dialogue_create))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DialogueCreate {
    /// The chat log turn (`log/page`'s `id`).
    pub log_id: i64,
    pub knowledge_id: i64,
    /// The question as it should be kept; blank or absent: the question asked.
    #[serde(default)]
    pub question: Option<String>,
    /// The right answer; blank or absent: the answer given.
    #[serde(default)]
    pub answer: Option<String>,
    #[serde(default)]
    pub indexes: Vec<String>,
}

/// Makes a chat turn a knowledge point in the data set 对话标注. Needs 对话日志 and
/// 知识库:编辑 (or 知识库详情:编辑).
#[utoipa::path(post, path = "/api/v1/chat/Knowledge/dialogue/create", tag = "knowledge",
    request_body = DialogueCreate, security(("token" = [])),
    responses((status = 200, description = "The new point", body = Envelope<KnowledgePoint>)))]
pub async fn dialogue_create(
    caller: Caller,
    AppJson(request): AppJson<DialogueCreate>,
) -> ApiResult<KnowledgePoint> {
    if !caller.allows(need::CHAT_LOG_READ) {
        return Err(AppError::NoPermission);
    }
    let turn = {
        let scoped = caller.require(need::KNOWLEDGE_EDIT)?;
        let db = scoped.unscoped();
        db.one(
            db.find::<chat_log::Entity>()
                .filter(chat_log::Column::Id.eq(request.log_id)),
        )
        .await?
        .ok_or(AppError::NotFound)?
    };
    let given = |text: Option<String>, logged: String| {
        text.filter(|text| !text.trim().is_empty())
            .unwrap_or(logged)
    };
    handle_import(
        caller,
        AppJson(HandleImport {
            knowledge_id: request.knowledge_id,
            data_set_id: None,
            data_set_name: Some(DIALOGUE_DATA_SET.to_owned()),
            form: PointForm {
                question: given(request.question, turn.question),
                answer: given(request.answer, turn.answer),
                indexes: request.indexes,
            },
        }),
    )
    .await
}
