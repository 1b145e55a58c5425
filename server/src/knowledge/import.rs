//! 文件导入: a txt, md, csv, xlsx, docx or pdf file read into question–answer points
//! ([`super::files::points_of_file`], by core's rules), shown as a preview that marks the points the knowledge base
//! already holds or that fail the point form, then stored as one data set (文件导入) on
//! `analysis/submit`. A point whose question is already held (已存在), in the base or earlier in
//! the same file, is skipped whatever its answer: importing the same file twice adds nothing the
//! second time, and a file never puts a second answer beside a curated one. The template's
//! example row (core `TEMPLATE_EXAMPLE`) is never imported.
//!
//! The browser reads the file and sends its text (txt, md, csv) or its bytes in base64 (xlsx,
//! docx, pdf). A file may be 20 MB (core `IMPORT_FILE_MAX_BYTES`); the preview and 确认导入 take
//! a body of core's `IMPORT_BODY_MAX_BYTES`, the file in base64 or its points as JSON.

use std::collections::HashSet;

use brokerdesk_core::forms::{self, KNOWLEDGE_POINT};
use brokerdesk_core::knowledge::{
    IMPORT_BODY_MAX_BYTES, ImportedPoint, TEMPLATE_EXAMPLE_SKIPPED, indexes, is_template_example,
    question_key,
};
use chrono::Utc;
use sea_orm::{ColumnTrait, ConnectionTrait, QueryFilter, Set};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::content::KnowledgeDataSet;
use super::files::points_of_file;
use super::retrieval::terms_of;
use super::{bases, content_hash, indexes_text};
use crate::AppState;
use crate::access::{Caller, Unscoped, need};
use crate::entity::{knowledge_data_set, knowledge_point};
use crate::error::{ApiResult, AppError, AppJson, Envelope, LimitBody, ok};
use crate::form;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(analysis))
        .routes(routes!(submit))
        .limit_body(IMPORT_BODY_MAX_BYTES)
}

/// 文件导入 in core's `knowledgeSource`.
pub const SOURCE_FILE: i16 = 2;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FileAnalysis {
    pub knowledge_id: i64,
    /// The file's name; its extension (txt, md, csv, xlsx, docx, pdf) says how it is read.
    pub file_name: String,
    /// The file's text (UTF-8), for txt, md and csv.
    #[serde(default)]
    pub content: String,
    /// The file's bytes in base64: needed for xlsx, docx and pdf, taken for any kind.
    #[serde(default)]
    pub data: String,
}

/// A point of the preview.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PreviewPoint {
    pub question: String,
    pub answer: String,
    pub indexes: Vec<String>,
    /// 已存在: the knowledge base (or an earlier row of the file) already holds its question,
    /// whatever the answer: it will be skipped.
    pub duplicate: bool,
    /// The template's example row, left in the file: it will be skipped (`problem` says so).
    pub example: bool,
    /// Why it cannot be stored (a field too long, too many indexes); it will not be submitted.
    pub problem: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FilePreview {
    pub file_name: String,
    pub points: Vec<PreviewPoint>,
    /// Points that would be added.
    pub fresh: u64,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SubmittedPoint {
    pub question: String,
    pub answer: String,
    #[serde(default)]
    pub indexes: Vec<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AnalysisSubmit {
    pub knowledge_id: i64,
    /// Names the new data set.
    pub file_name: String,
    pub points: Vec<SubmittedPoint>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportResult {
    /// The new data set; none when every point was already held.
    pub data_set: Option<KnowledgeDataSet>,
    pub added: u64,
    /// Points skipped: their question already held (`existing`) or the template's example row.
    pub skipped: u64,
    /// Of those, points whose question the knowledge base already held (已存在): its answer
    /// there stays as it is.
    pub existing: u64,
}

/// A point checked as the point form checks it: cleaned, or why not.
pub(super) fn checked(point: ImportedPoint) -> Result<ImportedPoint, (ImportedPoint, String)> {
    let mut values = serde_json::json!({ "question": point.question, "answer": point.answer });
    let values = values.as_object_mut().expect("an object");
    if let Some(fault) = forms::check(&KNOWLEDGE_POINT, values, form::today())
        .into_iter()
        .next()
    {
        return Err((point, fault.message));
    }
    let cleaned = ImportedPoint {
        question: values["question"].as_str().unwrap_or_default().to_owned(),
        answer: values["answer"].as_str().unwrap_or_default().to_owned(),
        indexes: match indexes(&point.indexes) {
            Ok(kept) => kept,
            Err(fault) => return Err((point, fault.message)),
        },
    };
    Ok(cleaned)
}

/// The questions a knowledge base already holds, by core's `question_key`.
pub(super) async fn held<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    knowledge: i64,
) -> Result<HashSet<String>, AppError> {
    Ok(db
        .values::<knowledge_point::Entity, String>(
            db.find::<knowledge_point::Entity>()
                .filter(knowledge_point::Column::KnowledgeId.eq(knowledge)),
            knowledge_point::Column::Question,
        )
        .await?
        .iter()
        .map(|question| question_key(question))
        .collect())
}

/// Reads a file into points and shows what an import would add. Needs 知识库:编辑 or
/// 知识库详情:编辑.
#[utoipa::path(post, path = "/api/v1/chat/Knowledge/file/import/analysis", tag = "knowledge",
    request_body = FileAnalysis, security(("token" = [])),
    responses((status = 200, description = "The points read, marked", body = Envelope<FilePreview>)))]
pub async fn analysis(
    caller: Caller,
    AppJson(mut request): AppJson<FileAnalysis>,
) -> ApiResult<FilePreview> {
    let scoped = caller.require(need::KNOWLEDGE_EDIT)?;
    let db = scoped.unscoped();
    let base = bases::found(&db, request.knowledge_id).await?;
    // Opening a workbook or a PDF is work for a blocking thread.
    let (file_name, content, data) = (
        request.file_name.clone(),
        std::mem::take(&mut request.content),
        std::mem::take(&mut request.data),
    );
    let read = tokio::task::spawn_blocking(move || points_of_file(&file_name, &content, &data))
        .await
        .map_err(AppError::internal)?
        .map_err(|message| AppError::invalid("content", message))?;
    ok(preview(&db, base.id, request.file_name, read).await?)
}

/// The points read, each marked: its question held already (or earlier in the same read), the
/// template's example row, or refused by the point form; and how many would be added.
pub(super) async fn preview(
    db: &Unscoped<'_, sea_orm::DatabaseConnection>,
    knowledge: i64,
    file_name: String,
    read: Vec<ImportedPoint>,
) -> Result<FilePreview, AppError> {
    let mut seen = held(db, knowledge).await?;
    let points: Vec<PreviewPoint> = read
        .into_iter()
        .map(|point| match checked(point) {
            Ok(point) if is_template_example(&point.question, &point.answer) => PreviewPoint {
                question: point.question,
                answer: point.answer,
                indexes: point.indexes,
                duplicate: false,
                example: true,
                problem: Some(TEMPLATE_EXAMPLE_SKIPPED.to_owned()),
            },
            Ok(point) => PreviewPoint {
                duplicate: !seen.insert(question_key(&point.question)),
                question: point.question,
                answer: point.answer,
                indexes: point.indexes,
                example: false,
                problem: None,
            },
            Err((point, problem)) => PreviewPoint {
                question: point.question,
                answer: point.answer,
                indexes: point.indexes,
                duplicate: false,
                example: false,
                problem: Some(problem),
            },
        })
        .collect();
    let fresh = points
        .iter()
        .filter(|p| !p.duplicate && p.problem.is_none())
        .count() as u64;
    Ok(FilePreview {
        file_name,
        points,
        fresh,
    })
}

/// Stores the previewed points as one data set named after the file, skipping those whose
/// question is already held (never changing the answer kept there) and the template's example
/// row. Needs 知识库:编辑 or 知识库详情:编辑.
#[utoipa::path(post, path = "/api/v1/chat/Knowledge/analysis/submit", tag = "knowledge",
    request_body = AnalysisSubmit, security(("token" = [])),
    responses((status = 200, description = "What was added", body = Envelope<ImportResult>)))]
pub async fn submit(
    caller: Caller,
    AppJson(request): AppJson<AnalysisSubmit>,
) -> ApiResult<ImportResult> {
    let scoped = caller.require(need::KNOWLEDGE_EDIT)?;
    let base = bases::found(&scoped.unscoped(), request.knowledge_id).await?;
    if request.points.is_empty() {
        return Err(AppError::invalid("points", "没有可导入的问答"));
    }
    let mut points = Vec::with_capacity(request.points.len());
    for (n, point) in request.points.into_iter().enumerate() {
        let point = ImportedPoint {
            question: point.question,
            answer: point.answer,
            indexes: point.indexes,
        };
        points.push(checked(point).map_err(|(_, problem)| {
            AppError::invalid("points", format!("第{}条：{problem}", n + 1))
        })?);
    }
    let name = brokerdesk_core::knowledge::data_set_name_of_file(&request.file_name);
    if name.is_empty() {
        return Err(AppError::invalid("fileName", "文件名不能为空"));
    }
    let txn = scoped.begin().await?;
    let on = scoped.on(&txn);
    let mut seen = held(&on.unscoped(), base.id).await?;
    let submitted = points.len() as u64;
    let mut existing = 0u64;
    let fresh: Vec<(ImportedPoint, String)> = points
        .into_iter()
        .filter(|point| !is_template_example(&point.question, &point.answer))
        .filter_map(|point| {
            if !seen.insert(question_key(&point.question)) {
                existing += 1;
                return None;
            }
            let hash = content_hash(&point.question, &point.answer);
            Some((point, hash))
        })
        .collect();
    let added = fresh.len() as u64;
    let now = Utc::now();
    let data_set = if fresh.is_empty() {
        None
    } else {
        let set = on
            .insert::<knowledge_data_set::Entity>(knowledge_data_set::ActiveModel {
                knowledge_id: Set(base.id),
                name: Set(name),
                source: Set(SOURCE_FILE),
                created_at: Set(now),
                updated_at: Set(now),
                ..Default::default()
            })
            .await?;
        for (point, hash) in &fresh {
            on.insert::<knowledge_point::Entity>(knowledge_point::ActiveModel {
                knowledge_id: Set(base.id),
                data_set_id: Set(set.id),
                terms: Set(terms_of(&point.question, &point.indexes, &point.answer)),
                question: Set(point.question.clone()),
                answer: Set(point.answer.clone()),
                indexes: Set(indexes_text(&point.indexes)),
                content_hash: Set(hash.clone()),
                created_at: Set(now),
                updated_at: Set(now),
                ..Default::default()
            })
            .await?;
        }
        bases::touch(&on, base.id).await?;
        Some(
            on.record_created::<knowledge_data_set::Entity>(&set)
                .await?,
        )
    };
    txn.commit().await?;
    ok(ImportResult {
        data_set,
        added,
        skipped: submitted - added,
        existing,
    })
}
