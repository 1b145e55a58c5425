//! What the assistant routes read and answer.

use brokerdesk_core::forms::{self, Form};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::entity::{assistant, assistant_knowledge};
use crate::form::CoreForm;
use crate::paging::{PageQuery, lenient_number};
use crate::shared::millis;

/// An assistant as the admin pages show it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Assistant {
    pub id: i64,
    /// Core `assistantKind`: 1 对话助手, 2 创作助手.
    pub kind: i16,
    pub name: String,
    pub description: String,
    pub welcome_message: String,
    pub suggested_questions: Vec<String>,
    pub prompt: String,
    /// The knowledge bases bound to it.
    pub knowledge_ids: Vec<i64>,
    /// Those of them switched off: bound, but not searched.
    pub disabled_knowledge_ids: Vec<i64>,
    /// Retrieved knowledge points given to an answer (1-10).
    pub top_k: i32,
    /// Percent 0-100: points scoring below it are not used.
    pub threshold: i32,
    /// Whether answers name the knowledge they came from.
    pub citations: bool,
    /// City sites it serves; empty means every site.
    pub site_ids: Vec<i64>,
    /// The functions over the brokerage's data it may call (`listing_search`, …; see
    /// `GET /api/v1/chat/function/list`), when a chat model that calls functions is configured.
    pub functions: Vec<String>,
    pub published: bool,
    pub created_at: i64,
    pub updated_at: i64,
}

/// A JSON array column as its values; a damaged column reads as empty.
pub fn json_list<T: serde::de::DeserializeOwned>(column: &str) -> Vec<T> {
    serde_json::from_str(column).unwrap_or_default()
}

impl Assistant {
    pub fn of(row: assistant::Model, bindings: &[assistant_knowledge::Model]) -> Self {
        Self {
            knowledge_ids: bindings.iter().map(|b| b.knowledge_id).collect(),
            disabled_knowledge_ids: bindings
                .iter()
                .filter(|b| !b.enabled)
                .map(|b| b.knowledge_id)
                .collect(),
            id: row.id,
            kind: row.kind,
            name: row.name,
            description: row.description,
            welcome_message: row.welcome_message,
            suggested_questions: json_list(&row.suggested_questions),
            prompt: row.prompt,
            top_k: row.top_k,
            threshold: row.threshold,
            citations: row.citations,
            site_ids: json_list(&row.site_ids),
            functions: json_list(&row.functions),
            published: row.published,
            created_at: millis(row.created_at),
            updated_at: millis(row.updated_at),
        }
    }
}

/// A new assistant (no `id`) or the changes to one (`id`; its kind stays).
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AssistantSubmit {
    #[serde(default, deserialize_with = "lenient_number")]
    pub id: Option<i64>,
    pub kind: i64,
    pub name: String,
    #[serde(default)]
    pub description: String,
    #[serde(default)]
    pub welcome_message: String,
    #[serde(default)]
    pub suggested_questions: Vec<String>,
    #[serde(default)]
    pub prompt: String,
    #[serde(default)]
    pub knowledge_ids: Vec<i64>,
    pub top_k: i64,
    pub threshold: i64,
    #[serde(default)]
    pub citations: bool,
    #[serde(default)]
    pub site_ids: Vec<i64>,
}

impl CoreForm for AssistantSubmit {
    const FORM: &'static Form = &forms::ASSISTANT;
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct AssistantQuery {
    /// 1-based; default 1.
    #[serde(default, deserialize_with = "lenient_number")]
    pub page_num: Option<i64>,
    /// 5, 10, 20, 30, 40, 50 or 100; default 10.
    #[serde(default, deserialize_with = "lenient_number")]
    pub page_size: Option<i64>,
    /// 1 对话助手, 2 创作助手; absent: both.
    #[serde(default, deserialize_with = "lenient_number")]
    pub kind: Option<i64>,
    pub name: Option<String>,
}

impl AssistantQuery {
    pub fn page(&self) -> PageQuery {
        PageQuery {
            page_num: self.page_num,
            page_size: self.page_size,
        }
    }
}

/// Publish (`published: true`) or take back (`false`) an assistant.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublishRequest {
    pub id: i64,
    pub published: bool,
}

/// A city site an assistant may serve.
#[derive(Debug, Serialize, ToSchema)]
pub struct ChatSite {
    pub id: i64,
    pub name: String,
}

/// What the chat panel shows of an assistant the caller may talk to (a chat tool).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatTool {
    pub id: i64,
    pub kind: i16,
    pub name: String,
    pub description: String,
    pub assistant_ext: AssistantExt,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AssistantExt {
    /// Shown while the chat is empty.
    pub welcome_message: String,
    pub suggested_questions: Vec<String>,
}

impl From<assistant::Model> for ChatTool {
    fn from(row: assistant::Model) -> Self {
        Self {
            id: row.id,
            kind: row.kind,
            name: row.name,
            description: row.description,
            assistant_ext: AssistantExt {
                welcome_message: row.welcome_message,
                suggested_questions: json_list(&row.suggested_questions),
            },
        }
    }
}
