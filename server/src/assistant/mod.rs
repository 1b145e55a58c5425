//! AI assistants (/adminConfig/aiHelper/dialog, /creation and their detail pages): dialogue
//! assistants answer staff in the chat panel, creation assistants write copy on request. Each
//! has a greeting, suggested questions, a prompt, retrieval settings (top-k, threshold),
//! citations on or off and the city sites it serves; only a published one is offered in chat.
//! Assistants serve every company, so only the global administrator manages them.

pub mod bindings;
pub mod datasource;
pub mod dto;
pub mod functions;
mod log_export;
pub mod logs;

use axum::extract::{Path, State};
use brokerdesk_core::forms::{publish_refusal, suggested_questions};
use chrono::Utc;
use std::collections::HashMap;

use sea_orm::ActiveValue::Unchanged;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseConnection, DatabaseTransaction, QueryFilter, QueryOrder,
    Set,
};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::AppState;
use crate::access::{Caller, Scoped, Unscoped, need};
use crate::auth::Known;
use crate::entity::{assistant, assistant_knowledge, city_site, knowledge};
use crate::error::{ApiResult, AppError, AppJson, AppQuery, Empty, Envelope, ok};
use crate::form;
use crate::paging::{Page, filter_text};
use crate::resource::{Resource, describe_one};
use crate::transition;
use dto::{Assistant, AssistantQuery, AssistantSubmit, ChatSite, ChatTool, PublishRequest};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(submit))
        .routes(routes!(list))
        .routes(routes!(detail))
        .routes(routes!(delete))
        .routes(routes!(publish))
        .routes(routes!(sites))
        .routes(routes!(tools))
        .routes(routes!(functions::list))
        .merge(datasource::router())
        .merge(bindings::router())
        .merge(logs::router())
}

impl Resource for assistant::Entity {
    const KIND: &'static str = "assistant";
    type View = Assistant;

    async fn describe<C: ConnectionTrait>(
        db: &Unscoped<'_, C>,
        rows: Vec<assistant::Model>,
    ) -> Result<Vec<Assistant>, AppError> {
        let bound = knowledge_of(db, rows.iter().map(|row| row.id).collect()).await?;
        Ok(rows
            .into_iter()
            .map(|row| {
                let bindings = bound.get(&row.id).map(Vec::as_slice).unwrap_or_default();
                Assistant::of(row, bindings)
            })
            .collect())
    }
}

/// The knowledge bases bound to each of `assistants` (switched on or off), in the order they
/// were bound.
pub async fn knowledge_of<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    assistants: Vec<i64>,
) -> Result<HashMap<i64, Vec<assistant_knowledge::Model>>, AppError> {
    let rows = db
        .all(
            db.find::<assistant_knowledge::Entity>()
                .filter(assistant_knowledge::Column::AssistantId.is_in(assistants))
                .order_by_asc(assistant_knowledge::Column::Id),
        )
        .await?;
    let mut bound: HashMap<i64, Vec<assistant_knowledge::Model>> = HashMap::new();
    for row in rows {
        bound.entry(row.assistant_id).or_default().push(row);
    }
    Ok(bound)
}

/// Binds exactly `knowledge_ids` to the assistant: bases no longer listed are unbound, new
/// ones bound switched on, those kept keep their switch. The rows belong to the assistant the
/// caller was just allowed to write, inside its transaction (as a role's grants belong to the
/// role).
#[allow(clippy::disallowed_methods)]
async fn bind(
    txn: &DatabaseTransaction,
    assistant_id: i64,
    knowledge_ids: &[i64],
) -> Result<(), AppError> {
    use sea_orm::{ActiveModelTrait, EntityTrait};
    assistant_knowledge::Entity::delete_many()
        .filter(assistant_knowledge::Column::AssistantId.eq(assistant_id))
        .filter(assistant_knowledge::Column::KnowledgeId.is_not_in(knowledge_ids.to_vec()))
        .exec(txn)
        .await?;
    let kept: Vec<i64> = assistant_knowledge::Entity::find()
        .filter(assistant_knowledge::Column::AssistantId.eq(assistant_id))
        .all(txn)
        .await?
        .into_iter()
        .map(|row| row.knowledge_id)
        .collect();
    for knowledge_id in knowledge_ids.iter().filter(|id| !kept.contains(id)) {
        assistant_knowledge::ActiveModel {
            assistant_id: Set(assistant_id),
            knowledge_id: Set(*knowledge_id),
            enabled: Set(true),
            ..Default::default()
        }
        .insert(txn)
        .await?;
    }
    Ok(())
}

/// Switches one binding on or off, in its assistant's transaction (see [`bind`]).
#[allow(clippy::disallowed_methods)]
async fn set_enabled(txn: &DatabaseTransaction, id: i64, enabled: bool) -> Result<(), AppError> {
    use sea_orm::EntityTrait;
    assistant_knowledge::Entity::update_many()
        .col_expr(
            assistant_knowledge::Column::Enabled,
            sea_orm::sea_query::Expr::value(enabled),
        )
        .filter(assistant_knowledge::Column::Id.eq(id))
        .exec(txn)
        .await?;
    Ok(())
}

/// `ids` without repeats, sorted, when every one names a knowledge base; else 关联的知识库不存在或已被删除.
async fn existing_knowledge(scoped: &Scoped<'_>, ids: &[i64]) -> Result<Vec<i64>, AppError> {
    let mut ids = ids.to_vec();
    ids.sort_unstable();
    ids.dedup();
    if ids.is_empty() {
        return Ok(ids);
    }
    let db = scoped.unscoped();
    let known = db
        .values::<knowledge::Entity, i64>(
            db.find::<knowledge::Entity>()
                .filter(knowledge::Column::Id.is_in(ids.clone())),
            knowledge::Column::Id,
        )
        .await?;
    if known.len() != ids.len() {
        return Err(AppError::invalid(
            "knowledgeIds",
            "关联的知识库不存在或已被删除",
        ));
    }
    Ok(ids)
}

/// An `{id}` path segment.
fn path_id(raw: &str) -> Result<i64, AppError> {
    raw.trim()
        .parse()
        .map_err(|_| AppError::invalid("id", "id须为整数"))
}

/// The checked fields as a row, and the knowledge bases to bind; the sites and the knowledge
/// bases must exist.
async fn row_of(
    scoped: &Scoped<'_>,
    request: &AssistantSubmit,
) -> Result<(assistant::ActiveModel, Vec<i64>), AppError> {
    let questions = suggested_questions(&request.suggested_questions)
        .map_err(|message| AppError::invalid("suggestedQuestions", message))?;
    let mut site_ids = request.site_ids.clone();
    site_ids.sort_unstable();
    site_ids.dedup();
    if !site_ids.is_empty() {
        let db = scoped.unscoped();
        let known = db
            .values::<city_site::Entity, i64>(
                db.find::<city_site::Entity>()
                    .filter(city_site::Column::Id.is_in(site_ids.clone())),
                city_site::Column::Id,
            )
            .await?;
        if known.len() != site_ids.len() {
            return Err(AppError::invalid("siteIds", "可用站点不存在或已被删除"));
        }
    }
    let knowledge_ids = existing_knowledge(scoped, &request.knowledge_ids).await?;
    // Users pick an assistant by its name: two alike could not be told apart in the chat.
    let db = scoped.unscoped();
    let mut same = db
        .find::<assistant::Entity>()
        .filter(assistant::Column::Name.eq(request.name.trim()));
    if let Some(id) = request.id {
        same = same.filter(assistant::Column::Id.ne(id));
    }
    db.refuse_if_taken(same, "已存在同名助手，请换一个名称")
        .await
        .map_err(form::on_field("name"))?;
    let json = |value: serde_json::Value| value.to_string();
    let row = assistant::ActiveModel {
        name: Set(request.name.clone()),
        description: Set(request.description.clone()),
        welcome_message: Set(request.welcome_message.clone()),
        suggested_questions: Set(json(serde_json::json!(questions))),
        site_ids: Set(json(serde_json::json!(site_ids))),
        prompt: Set(request.prompt.clone()),
        top_k: Set(request.top_k as i32),
        threshold: Set(request.threshold as i32),
        citations: Set(request.citations),
        updated_at: Set(Utc::now()),
        ..Default::default()
    };
    Ok((row, knowledge_ids))
}

/// Create an assistant (no `id`) or change one (`id`; its kind stays as created). Needs the
/// assistant pages' 新增 or 编辑 and data scope ALL.
#[utoipa::path(post, path = "/api/v1/chat/assistant/submit", tag = "assistant",
    request_body = AssistantSubmit, security(("token" = [])),
    responses((status = 200, description = "The assistant as saved", body = Envelope<Assistant>)))]
pub async fn submit(
    caller: Caller,
    AppJson(request): AppJson<AssistantSubmit>,
) -> ApiResult<Assistant> {
    let need = if request.id.is_some() {
        need::ASSISTANT_EDIT
    } else {
        need::ASSISTANT_ADD
    };
    let scoped = caller.require(need)?;
    let request = form::checked(&request)?;
    scoped.ensure_global_writer()?;
    let (row, knowledge_ids) = row_of(&scoped, &request).await?;
    // The assistant and its knowledge bases change together, audited as one.
    let txn = scoped.begin().await?;
    let on = scoped.on(&txn);
    let saved = match request.id {
        Some(id) => {
            let before = on.get_writable::<assistant::Entity>(id).await?;
            let old = on.view::<assistant::Entity>(before.clone()).await?;
            let after = on
                .update::<assistant::Entity>(assistant::ActiveModel {
                    id: Unchanged(before.id),
                    ..row
                })
                .await?;
            bind(&txn, after.id, &knowledge_ids).await?;
            on.record_changed::<assistant::Entity>(&old, &after).await?
        }
        None => {
            let created = on
                .insert::<assistant::Entity>(assistant::ActiveModel {
                    kind: Set(request.kind as i16),
                    published: Set(false),
                    created_by: Set(Some(scoped.actor().id)),
                    created_at: Set(Utc::now()),
                    ..row
                })
                .await?;
            bind(&txn, created.id, &knowledge_ids).await?;
            on.record_created::<assistant::Entity>(&created).await?
        }
    };
    txn.commit().await?;
    ok(saved)
}

/// Assistants, newest first, by kind and name. Needs an assistant page.
#[utoipa::path(get, path = "/api/v1/chat/assistant/list", tag = "assistant",
    params(AssistantQuery), security(("token" = [])),
    responses((status = 200, description = "A page of assistants", body = Envelope<Page<Assistant>>)))]
pub async fn list(
    caller: Caller,
    AppQuery(query): AppQuery<AssistantQuery>,
) -> ApiResult<Page<Assistant>> {
    let scoped = caller.require(need::ASSISTANT_READ)?;
    let mut select = scoped
        .read::<assistant::Entity>()
        .order_by_desc(assistant::Column::Id);
    if let Some(kind) = query.kind {
        select = select.filter(assistant::Column::Kind.eq(kind as i16));
    }
    if let Some(name) = filter_text(&query.name) {
        select = select.filter(crate::shared::contains(assistant::Column::Name, name));
    }
    ok(scoped
        .list::<assistant::Entity>(select, query.page())
        .await?)
}

/// One assistant. Needs an assistant page.
#[utoipa::path(get, path = "/api/v1/chat/assistant/detail/{id}", tag = "assistant",
    params(("id" = i64, Path, description = "Assistant id")), security(("token" = [])),
    responses((status = 200, description = "The assistant", body = Envelope<Assistant>)))]
pub async fn detail(caller: Caller, Path(id): Path<String>) -> ApiResult<Assistant> {
    let scoped = caller.require(need::ASSISTANT_READ)?;
    let row = scoped.get::<assistant::Entity>(path_id(&id)?).await?;
    ok(describe_one::<assistant::Entity, _>(&scoped.unscoped(), row).await?)
}

/// Remove an assistant; its chat log stays, naming it. Needs 删除 and data scope ALL.
#[utoipa::path(post, path = "/api/v1/chat/assistant/del/{id}", tag = "assistant",
    params(("id" = i64, Path, description = "Assistant id")), security(("token" = [])),
    responses((status = 200, description = "Deleted", body = Envelope<Empty>)))]
pub async fn delete(caller: Caller, Path(id): Path<String>) -> ApiResult<Empty> {
    let scoped = caller.require(need::ASSISTANT_DELETE)?;
    scoped.ensure_global_writer()?;
    scoped.remove::<assistant::Entity>(path_id(&id)?).await?;
    ok(Empty {})
}

/// Publish an assistant (offered in the chat panel from then on) or take it back. Needs 编辑
/// and data scope ALL.
#[utoipa::path(post, path = "/api/v1/chat/assistant/publish", tag = "assistant",
    request_body = PublishRequest, security(("token" = [])),
    responses((status = 200, description = "The assistant as saved", body = Envelope<Assistant>)))]
pub async fn publish(
    State(state): State<AppState>,
    caller: Caller,
    AppJson(request): AppJson<PublishRequest>,
) -> ApiResult<Assistant> {
    let scoped = caller.require(need::ASSISTANT_EDIT)?;
    scoped.ensure_global_writer()?;
    let before = scoped.get_writable::<assistant::Entity>(request.id).await?;
    if before.published == request.published {
        return ok(describe_one::<assistant::Entity, _>(&scoped.unscoped(), before).await?);
    }
    if request.published {
        let enabled = bound_knowledge(&state.db, before.id).await?.len();
        if let Some(refusal) = publish_refusal(enabled, state.answerer.calls_functions()) {
            return Err(AppError::Conflict(refusal.to_owned()));
        }
    }
    let txn = scoped.begin().await?;
    let on = scoped.on(&txn);
    let old = on.view::<assistant::Entity>(before.clone()).await?;
    let changes = assistant::ActiveModel {
        published: Set(request.published),
        updated_at: Set(Utc::now()),
        ..Default::default()
    };
    let after = transition::guarded(&on, &before, changes).await?;
    let view = on.record_changed::<assistant::Entity>(&old, &after).await?;
    txn.commit().await?;
    ok(view)
}

/// The city sites an assistant may be offered in, for the 可用站点 choice. Public: it names
/// only sites.
#[utoipa::path(get, path = "/api/v1/public/chat/sites", tag = "assistant",
    responses((status = 200, description = "City sites by display order", body = Envelope<Vec<ChatSite>>)))]
pub async fn sites(State(state): State<AppState>) -> ApiResult<Vec<ChatSite>> {
    // No caller exists on a public path: the site names are read through the unscoped door.
    let db = Unscoped::new(&state.db);
    let rows = db
        .all(
            db.find::<city_site::Entity>()
                .order_by_asc(city_site::Column::Sort)
                .order_by_asc(city_site::Column::Id),
        )
        .await?;
    ok(rows
        .into_iter()
        .map(|site| ChatSite {
            id: site.id,
            name: site.name,
        })
        .collect())
}

/// The published assistants the caller may talk to in the chat panel: those serving every
/// site or one of the caller's sites (the chosen one, when a site is chosen). Any logged-in
/// caller.
#[utoipa::path(get, path = "/api/v1/chat/tool/list", tag = "assistant",
    security(("token" = [])),
    responses((status = 200, description = "Chat tools, dialogue assistants first", body = Envelope<Vec<ChatTool>>)))]
pub async fn tools(caller: Caller) -> ApiResult<Vec<ChatTool>> {
    let scoped = caller.require(crate::access::Need::LOGIN)?;
    let db = scoped.unscoped();
    let rows = db
        .all(
            db.find::<assistant::Entity>()
                .filter(assistant::Column::Published.eq(true))
                .order_by_asc(assistant::Column::Kind)
                .order_by_asc(assistant::Column::Id),
        )
        .await?;
    ok(rows
        .into_iter()
        .filter(|row| serves(row, caller.known(), caller.session().site_id))
        .map(ChatTool::from)
        .collect())
}

/// Whether an assistant is offered to a person working in `site` (any of theirs when none is
/// chosen).
pub fn serves(row: &assistant::Model, known: &Known, site: Option<i64>) -> bool {
    let sites: Vec<i64> = dto::json_list(&row.site_ids);
    if sites.is_empty() || known.super_admin {
        return true;
    }
    match site {
        Some(chosen) => sites.contains(&chosen),
        None => known.sites.iter().any(|known| sites.contains(&known.id)),
    }
}

/// The knowledge bases a published assistant answers from, for the chat socket: those bound
/// and switched on.
pub async fn bound_knowledge(db: &DatabaseConnection, id: i64) -> Result<Vec<i64>, AppError> {
    let door = Unscoped::new(db);
    Ok(knowledge_of(&door, vec![id])
        .await?
        .remove(&id)
        .unwrap_or_default()
        .into_iter()
        .filter(|row| row.enabled)
        .map(|row| row.knowledge_id)
        .collect())
}

/// The functions an assistant may call, as stored (unknown names are dropped when run).
pub fn functions_of(row: &assistant::Model) -> Vec<String> {
    dto::json_list(&row.functions)
}

/// A published assistant by id, for the chat socket (which has the chat token's caller, not a
/// request's).
pub async fn published(
    db: &DatabaseConnection,
    id: i64,
) -> Result<Option<assistant::Model>, AppError> {
    let door = Unscoped::new(db);
    door.one(
        door.find::<assistant::Entity>()
            .filter(assistant::Column::Id.eq(id))
            .filter(assistant::Column::Published.eq(true)),
    )
    .await
}
