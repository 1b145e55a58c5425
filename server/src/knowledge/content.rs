//! What a knowledge base holds: data sets (a manual entry, an imported file) and their
//! question–answer points. Points are entered by hand (`handle/import`), changed (`edit/point`)
//! and deleted one by one; a data set is renamed (`handle/edit`) or deleted with its points.
//!
//! Every point stores its search terms ([`super::retrieval::terms_of`]) and the hash of its
//! question and answer, which is unique within the knowledge base: the same point is never
//! stored twice.

use axum::extract::State;
use brokerdesk_core::enums::KNOWLEDGE_SOURCE;
use brokerdesk_core::forms::{self, Form};
use brokerdesk_core::knowledge::{indexes, question_key};
use chrono::Utc;
use sea_orm::sea_query::ExprTrait;
use sea_orm::{ColumnTrait, ConnectionTrait, QueryFilter, QueryOrder, Set};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::retrieval::terms_of;
use super::vectors::{self, Stage};
use super::{PathId, bases, content_hash, indexes_of, indexes_text};
use crate::AppState;
use crate::access::{Caller, Scoped, Unscoped, need};
use crate::entity::{knowledge_data_set, knowledge_point};
use crate::error::{ApiResult, AppError, AppJson, Empty, Envelope, ok};
use crate::form::{self, CoreForm};
use crate::paging::{Page, PageQuery, filter_text, lenient_number};
use crate::resource::{Resource, describe_one};
use crate::shared::{count_of, millis, name_of};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(data_set_list))
        .routes(routes!(data_set_count))
        .routes(routes!(data_set_detail))
        .routes(routes!(data_set_delete))
        .routes(routes!(point_list))
        .routes(routes!(edit_point))
        .routes(routes!(delete_point))
        .routes(routes!(handle_import))
        .routes(routes!(handle_edit))
}

/// 手动录入 in core's `knowledgeSource`.
pub const SOURCE_MANUAL: i16 = 1;
/// The data set a manual entry goes to when it names none.
pub const MANUAL_DATA_SET: &str = "手动录入";

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct KnowledgeDataSet {
    pub id: i64,
    pub knowledge_id: i64,
    pub name: String,
    /// Core `knowledgeSource`: 1 手动录入, 2 文件导入.
    pub source: i16,
    pub source_name: String,
    pub point_count: i64,
    pub created_at: i64,
    pub updated_at: i64,
}

impl Resource for knowledge_data_set::Entity {
    const KIND: &'static str = "knowledgeDataSet";
    type View = KnowledgeDataSet;

    async fn describe<C: ConnectionTrait>(
        db: &Unscoped<'_, C>,
        rows: Vec<knowledge_data_set::Model>,
    ) -> Result<Vec<KnowledgeDataSet>, AppError> {
        let points = db
            .counts(
                db.find::<knowledge_point::Entity>(),
                knowledge_point::Column::DataSetId,
                rows.iter().map(|r| r.id),
            )
            .await?;
        Ok(rows
            .into_iter()
            .map(|row| KnowledgeDataSet {
                id: row.id,
                knowledge_id: row.knowledge_id,
                point_count: count_of(&points, row.id),
                source_name: KNOWLEDGE_SOURCE
                    .label_of(i64::from(row.source))
                    .unwrap_or_default()
                    .to_owned(),
                source: row.source,
                name: row.name,
                created_at: millis(row.created_at),
                updated_at: millis(row.updated_at),
            })
            .collect())
    }
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct KnowledgePoint {
    pub id: i64,
    pub knowledge_id: i64,
    pub data_set_id: i64,
    pub data_set_name: String,
    pub question: String,
    pub answer: String,
    /// Other ways of asking the question, found by the retrieval like the question itself.
    pub indexes: Vec<String>,
    /// Where its vector stands, on the point list while an embeddings endpoint is configured
    /// (null without one, and in other answers).
    pub vector: Option<Stage>,
    pub created_at: i64,
    pub updated_at: i64,
}

impl Resource for knowledge_point::Entity {
    const KIND: &'static str = "knowledgePoint";
    type View = KnowledgePoint;

    async fn describe<C: ConnectionTrait>(
        db: &Unscoped<'_, C>,
        rows: Vec<knowledge_point::Model>,
    ) -> Result<Vec<KnowledgePoint>, AppError> {
        let sets = db
            .names::<knowledge_data_set::Entity>(
                knowledge_data_set::Column::Id,
                knowledge_data_set::Column::Name,
                rows.iter().map(|r| r.data_set_id),
            )
            .await?;
        Ok(rows
            .into_iter()
            .map(|row| KnowledgePoint {
                id: row.id,
                knowledge_id: row.knowledge_id,
                data_set_id: row.data_set_id,
                data_set_name: name_of(&sets, Some(row.data_set_id)),
                indexes: indexes_of(&row.indexes),
                question: row.question,
                answer: row.answer,
                vector: None,
                created_at: millis(row.created_at),
                updated_at: millis(row.updated_at),
            })
            .collect())
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DataSetQuery {
    #[serde(flatten)]
    pub page: PageQuery,
    pub knowledge_id: i64,
    /// Part of the name.
    pub name: Option<String>,
    /// Core `knowledgeSource`.
    #[serde(default, deserialize_with = "lenient_number")]
    pub source: Option<i64>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct KnowledgeRef {
    pub knowledge_id: i64,
}

/// What a knowledge base holds, for the tabs of its detail page.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DataSetCount {
    /// Data sets in all.
    pub total: u64,
    /// Of which 手动录入 and 文件导入.
    pub manual: u64,
    pub file: u64,
    /// Points in all data sets.
    pub points: u64,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PointQuery {
    #[serde(flatten)]
    pub page: PageQuery,
    /// The knowledge base; or give `dataSetId` for one data set.
    #[serde(default, deserialize_with = "lenient_number")]
    pub knowledge_id: Option<i64>,
    #[serde(default, deserialize_with = "lenient_number")]
    pub data_set_id: Option<i64>,
    /// Part of the question or answer.
    pub keyword: Option<String>,
}

/// A point's question, answer and extra indexes.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PointForm {
    pub question: String,
    pub answer: String,
    /// At most 5, each at most 100 characters; blanks and repeats are dropped.
    #[serde(default)]
    pub indexes: Vec<String>,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PointEdit {
    pub id: i64,
    #[serde(flatten)]
    pub form: PointForm,
}

impl CoreForm for PointEdit {
    const FORM: &'static Form = &forms::KNOWLEDGE_POINT;
}

/// A point typed in: into `dataSetId`, or into the knowledge base's manual data set named
/// `dataSetName` (default 手动录入), made when it does not exist yet.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HandleImport {
    pub knowledge_id: i64,
    #[serde(default, deserialize_with = "lenient_number")]
    pub data_set_id: Option<i64>,
    #[serde(default)]
    pub data_set_name: Option<String>,
    #[serde(flatten)]
    pub form: PointForm,
}

impl CoreForm for HandleImport {
    const FORM: &'static Form = &forms::KNOWLEDGE_POINT;
}

/// A data set's new name.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HandleEdit {
    pub id: i64,
    pub name: String,
}

impl CoreForm for HandleEdit {
    const FORM: &'static Form = &forms::KNOWLEDGE_DATA_SET;
}

/// A knowledge base's data sets, newest first. Needs 知识库 or 知识库详情.
#[utoipa::path(post, path = "/api/v1/chat/Knowledge/data/set/list", tag = "knowledge",
    request_body = DataSetQuery, security(("token" = [])),
    responses((status = 200, description = "A page of data sets", body = Envelope<Page<KnowledgeDataSet>>)))]
pub async fn data_set_list(
    caller: Caller,
    AppJson(query): AppJson<DataSetQuery>,
) -> ApiResult<Page<KnowledgeDataSet>> {
    let scoped = caller.require(need::KNOWLEDGE_READ)?;
    bases::found(&scoped.unscoped(), query.knowledge_id).await?;
    let mut select = scoped
        .unscoped()
        .find::<knowledge_data_set::Entity>()
        .filter(knowledge_data_set::Column::KnowledgeId.eq(query.knowledge_id));
    if let Some(name) = filter_text(&query.name) {
        select = select.filter(knowledge_data_set::Column::Name.contains(name));
    }
    if let Some(source) = query.source {
        select = select.filter(knowledge_data_set::Column::Source.eq(source));
    }
    let select = select.order_by_desc(knowledge_data_set::Column::Id);
    ok(scoped.list(select, query.page).await?)
}

/// How many data sets (by source) and points a knowledge base holds. Needs 知识库 or 知识库详情.
#[utoipa::path(post, path = "/api/v1/chat/Knowledge/data/set/list/count", tag = "knowledge",
    request_body = KnowledgeRef, security(("token" = [])),
    responses((status = 200, description = "The counts", body = Envelope<DataSetCount>)))]
pub async fn data_set_count(
    caller: Caller,
    AppJson(query): AppJson<KnowledgeRef>,
) -> ApiResult<DataSetCount> {
    let scoped = caller.require(need::KNOWLEDGE_READ)?;
    let db = scoped.unscoped();
    bases::found(&db, query.knowledge_id).await?;
    let sources: Vec<i16> = db
        .values(
            db.find::<knowledge_data_set::Entity>()
                .filter(knowledge_data_set::Column::KnowledgeId.eq(query.knowledge_id)),
            knowledge_data_set::Column::Source,
        )
        .await?;
    let points = db
        .counts(
            db.find::<knowledge_point::Entity>(),
            knowledge_point::Column::KnowledgeId,
            [query.knowledge_id],
        )
        .await?;
    let of = |source: i16| sources.iter().filter(|s| **s == source).count() as u64;
    ok(DataSetCount {
        total: sources.len() as u64,
        manual: of(SOURCE_MANUAL),
        file: sources.len() as u64 - of(SOURCE_MANUAL),
        points: count_of(&points, query.knowledge_id) as u64,
    })
}

/// One data set with its point count. Needs 知识库 or 知识库详情.
#[utoipa::path(post, path = "/api/v1/chat/Knowledge/data/set/detail/{id}", tag = "knowledge",
    params(("id" = i64, Path, description = "The data set")), security(("token" = [])),
    responses((status = 200, description = "The data set", body = Envelope<KnowledgeDataSet>)))]
pub async fn data_set_detail(caller: Caller, PathId(id): PathId) -> ApiResult<KnowledgeDataSet> {
    let scoped = caller.require(need::KNOWLEDGE_READ)?;
    let row = data_set(&scoped.unscoped(), id).await?;
    ok(describe_one::<knowledge_data_set::Entity, _>(&scoped.unscoped(), row).await?)
}

/// Deletes a data set with its points. Needs 知识库:编辑 or 知识库详情:编辑.
#[utoipa::path(post, path = "/api/v1/chat/Knowledge/data/set/del/{id}", tag = "knowledge",
    params(("id" = i64, Path, description = "The data set")), security(("token" = [])),
    responses((status = 200, description = "Deleted", body = Envelope<Empty>)))]
pub async fn data_set_delete(caller: Caller, PathId(id): PathId) -> ApiResult<Empty> {
    let scoped = caller.require(need::KNOWLEDGE_EDIT)?;
    scoped
        .in_transaction(async |on| {
            let gone = on.remove::<knowledge_data_set::Entity>(id).await?;
            bases::touch(on, gone.knowledge_id).await
        })
        .await?;
    ok(Empty {})
}

/// The points of a knowledge base or of one data set, newest first, each with its vector's
/// stage while an embeddings endpoint is configured. Needs 知识库 or 知识库详情.
#[utoipa::path(post, path = "/api/v1/chat/Knowledge/point/list", tag = "knowledge",
    request_body = PointQuery, security(("token" = [])),
    responses((status = 200, description = "A page of points", body = Envelope<Page<KnowledgePoint>>)))]
pub async fn point_list(
    State(state): State<AppState>,
    caller: Caller,
    AppJson(query): AppJson<PointQuery>,
) -> ApiResult<Page<KnowledgePoint>> {
    let scoped = caller.require(need::KNOWLEDGE_READ)?;
    let db = scoped.unscoped();
    let mut select = db.find::<knowledge_point::Entity>();
    match (query.data_set_id, query.knowledge_id) {
        (Some(set), _) => {
            data_set(&db, set).await?;
            select = select.filter(knowledge_point::Column::DataSetId.eq(set));
        }
        (None, Some(knowledge)) => {
            bases::found(&db, knowledge).await?;
            select = select.filter(knowledge_point::Column::KnowledgeId.eq(knowledge));
        }
        (None, None) => return Err(AppError::invalid("knowledgeId", "请选择知识库")),
    }
    if let Some(keyword) = filter_text(&query.keyword) {
        select = select.filter(
            knowledge_point::Column::Question
                .contains(keyword)
                .or(knowledge_point::Column::Answer.contains(keyword)),
        );
    }
    let select = select.order_by_desc(knowledge_point::Column::Id);
    let mut page: Page<KnowledgePoint> = scoped.list(select, query.page).await?;
    if let Some(model) = state.retrieval.model() {
        let ids: Vec<i64> = page.list.iter().map(|point| point.id).collect();
        let mut stages = vectors::stages(&state.db, model, &ids).await?;
        for point in &mut page.list {
            point.vector = stages.remove(&point.id);
        }
    }
    ok(page)
}

/// Changes a point's question, answer and extra indexes. Needs 知识库:编辑 or 知识库详情:编辑.
#[utoipa::path(post, path = "/api/v1/chat/Knowledge/edit/point", tag = "knowledge",
    request_body = PointEdit, security(("token" = [])),
    responses((status = 200, description = "The point as saved", body = Envelope<KnowledgePoint>)))]
pub async fn edit_point(
    caller: Caller,
    AppJson(request): AppJson<PointEdit>,
) -> ApiResult<KnowledgePoint> {
    let scoped = caller.require(need::KNOWLEDGE_EDIT)?;
    let request = form::checked(&request)?;
    let before = scoped
        .get_writable::<knowledge_point::Entity>(request.id)
        .await?;
    let values = point_values(&scoped, before.knowledge_id, &request.form, Some(before.id)).await?;
    ok(scoped
        .change_with::<knowledge_point::Entity>(before, values, async |on, after| {
            bases::touch(on, after.knowledge_id).await
        })
        .await?)
}

/// Deletes a point. Needs 知识库:编辑 or 知识库详情:编辑.
#[utoipa::path(post, path = "/api/v1/chat/Knowledge/del/point/{id}", tag = "knowledge",
    params(("id" = i64, Path, description = "The point")), security(("token" = [])),
    responses((status = 200, description = "Deleted", body = Envelope<Empty>)))]
pub async fn delete_point(caller: Caller, PathId(id): PathId) -> ApiResult<Empty> {
    let scoped = caller.require(need::KNOWLEDGE_EDIT)?;
    scoped
        .in_transaction(async |on| {
            let gone = on.remove::<knowledge_point::Entity>(id).await?;
            bases::touch(on, gone.knowledge_id).await
        })
        .await?;
    ok(Empty {})
}

/// Adds a point typed in by hand (手动录入). Needs 知识库:编辑 or 知识库详情:编辑.
#[utoipa::path(post, path = "/api/v1/chat/Knowledge/handle/import", tag = "knowledge",
    request_body = HandleImport, security(("token" = [])),
    responses((status = 200, description = "The new point", body = Envelope<KnowledgePoint>)))]
pub async fn handle_import(
    caller: Caller,
    AppJson(request): AppJson<HandleImport>,
) -> ApiResult<KnowledgePoint> {
    let scoped = caller.require(need::KNOWLEDGE_EDIT)?;
    let request = form::checked(&request)?;
    let knowledge = bases::found(&scoped.unscoped(), request.knowledge_id).await?;
    let values = point_values(&scoped, knowledge.id, &request.form, None).await?;
    let txn = scoped.begin().await?;
    let on = scoped.on(&txn);
    let set_id = match request.data_set_id {
        Some(id) => {
            let set = data_set(&on.unscoped(), id).await?;
            if set.knowledge_id != knowledge.id {
                return Err(AppError::invalid("dataSetId", "数据集不属于该知识库"));
            }
            set.id
        }
        None => {
            let name = filter_text(&request.data_set_name).unwrap_or(MANUAL_DATA_SET);
            // The form's check of a data set's name, told on this request's field.
            form::checked_with(
                &forms::KNOWLEDGE_DATA_SET,
                &serde_json::json!({ "name": name }),
            )
            .map_err(|err| match err {
                AppError::Fields(faults) => AppError::invalid(
                    "dataSetName",
                    faults
                        .first()
                        .map(|f| f.message.clone())
                        .unwrap_or_default(),
                ),
                other => other,
            })?;
            let existing = on
                .unscoped()
                .one(
                    on.unscoped()
                        .find::<knowledge_data_set::Entity>()
                        .filter(knowledge_data_set::Column::KnowledgeId.eq(knowledge.id))
                        .filter(knowledge_data_set::Column::Source.eq(SOURCE_MANUAL))
                        .filter(knowledge_data_set::Column::Name.eq(name)),
                )
                .await?;
            match existing {
                Some(set) => set.id,
                None => {
                    let now = Utc::now();
                    let set = on
                        .insert::<knowledge_data_set::Entity>(knowledge_data_set::ActiveModel {
                            knowledge_id: Set(knowledge.id),
                            name: Set(name.to_owned()),
                            source: Set(SOURCE_MANUAL),
                            created_at: Set(now),
                            updated_at: Set(now),
                            ..Default::default()
                        })
                        .await?;
                    on.record_created::<knowledge_data_set::Entity>(&set)
                        .await?;
                    set.id
                }
            }
        }
    };
    let now = Utc::now();
    let point = on
        .insert::<knowledge_point::Entity>(knowledge_point::ActiveModel {
            knowledge_id: Set(knowledge.id),
            data_set_id: Set(set_id),
            created_at: Set(now),
            ..values
        })
        .await?;
    let view = on.record_created::<knowledge_point::Entity>(&point).await?;
    bases::touch(&on, knowledge.id).await?;
    txn.commit().await?;
    ok(view)
}

/// Renames a data set. Needs 知识库:编辑 or 知识库详情:编辑.
#[utoipa::path(post, path = "/api/v1/chat/Knowledge/handle/edit", tag = "knowledge",
    request_body = HandleEdit, security(("token" = [])),
    responses((status = 200, description = "The data set as saved", body = Envelope<KnowledgeDataSet>)))]
pub async fn handle_edit(
    caller: Caller,
    AppJson(request): AppJson<HandleEdit>,
) -> ApiResult<KnowledgeDataSet> {
    let scoped = caller.require(need::KNOWLEDGE_EDIT)?;
    let request = form::checked(&request)?;
    let before = scoped
        .get_writable::<knowledge_data_set::Entity>(request.id)
        .await?;
    ok(scoped
        .change_with::<knowledge_data_set::Entity>(
            before,
            knowledge_data_set::ActiveModel {
                name: Set(request.name),
                updated_at: Set(Utc::now()),
                ..Default::default()
            },
            async |on, after| bases::touch(on, after.knowledge_id).await,
        )
        .await?)
}

/// A data set by id, or 数据不存在或已被删除.
async fn data_set<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    id: i64,
) -> Result<knowledge_data_set::Model, AppError> {
    db.one(
        db.find::<knowledge_data_set::Entity>()
            .filter(knowledge_data_set::Column::Id.eq(id)),
    )
    .await?
    .ok_or(AppError::NotFound)
}

/// The stored values of a point form: cleaned indexes, search terms and content hash, refused
/// when the knowledge base already holds the question (by core's `question_key`, as an import
/// skips it): a second answer beside a curated one would make retrieval pick between them.
async fn point_values(
    scoped: &Scoped<'_>,
    knowledge: i64,
    form: &PointForm,
    except: Option<i64>,
) -> Result<knowledge_point::ActiveModel, AppError> {
    let indexes = indexes(&form.indexes)?;
    refuse_held_question(&scoped.unscoped(), knowledge, &form.question, except).await?;
    let hash = content_hash(&form.question, &form.answer);
    Ok(knowledge_point::ActiveModel {
        terms: Set(terms_of(&form.question, &indexes, &form.answer)),
        question: Set(form.question.clone()),
        answer: Set(form.answer.clone()),
        indexes: Set(indexes_text(&indexes)),
        content_hash: Set(hash),
        updated_at: Set(Utc::now()),
        ..Default::default()
    })
}

/// Refuses (10000409) a question the knowledge base already holds in another point, naming
/// the data set it is in so the curator edits that point instead.
async fn refuse_held_question<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    knowledge: i64,
    question: &str,
    except: Option<i64>,
) -> Result<(), AppError> {
    let key = question_key(question);
    let mut select = db
        .find::<knowledge_point::Entity>()
        .filter(knowledge_point::Column::KnowledgeId.eq(knowledge));
    if let Some(id) = except {
        select = select.filter(knowledge_point::Column::Id.ne(id));
    }
    let held: Vec<(String, i64)> = db
        .pairs(
            select,
            knowledge_point::Column::Question,
            knowledge_point::Column::DataSetId,
        )
        .await?;
    let Some((_, set_id)) = held.iter().find(|(q, _)| question_key(q) == key) else {
        return Ok(());
    };
    let set = data_set(db, *set_id).await?;
    Err(form::on_field("question")(AppError::Conflict(format!(
        "该知识库的数据集「{}」中已有相同的问题，请修改那条问答",
        set.name
    ))))
}
