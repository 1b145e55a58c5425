//! 批量导入: up to 20 files (any kind a single import reads) imported into a knowledge base by
//! the server after the request that starts it. The request stores the batch and its files
//! (`knowledge_import`, `knowledge_import_file`) and answers at once; a task of the server then
//! reads every file (解析中 → 切分中: its points, checked by the point form), then stores them
//! (索引中), [`CHUNK`] points per transaction, each transaction also writing how far it has come,
//! so `batch/import/progress/{id}` shows files and points done of their totals while it runs.
//!
//! `stop/batch/import/{id}` moves the batch 导入中 → 已停止 (core's `ImportStatus` table, by a
//! guarded update, audited); the task sees it before its next chunk and leaves the files not yet
//! finished 已停止. What was stored stays; importing the same files again adds only the rest:
//! a point whose question the base already holds is skipped (已存在) whatever its answer, and
//! the template's example row is never imported. A file that cannot be read is 失败 with its reason; the others go on.
//! When the last file is done the task moves the batch 导入中 → 已完成 the same guarded way.
//! A batch whose server stopped meanwhile is ended by [`super::abandoned`].

use brokerdesk_core::enums::{KNOWLEDGE_FILE_STAGE, KNOWLEDGE_IMPORT_STATUS};
use brokerdesk_core::knowledge::{
    BATCH_FILES_MAX, BATCH_NO_FILES, BATCH_TOO_MANY, FileStage, ImportAction, ImportStatus,
    ImportedPoint, is_template_example, percent, question_key,
};
use chrono::Utc;
use sea_orm::{ColumnTrait, QueryFilter, QueryOrder, Set};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::abandoned::HEARTBEAT;
use super::files::points_of_file;
use super::import::{SOURCE_FILE, checked, held};
use super::retrieval::terms_of;
use super::{PathId, bases, content_hash, indexes_text};
use crate::AppState;
use crate::access::{Caller, Placed, need};
use crate::audit::{self, Change};
use crate::entity::{knowledge_data_set, knowledge_import, knowledge_import_file, knowledge_point};
use crate::error::{ApiResult, AppError, AppJson, Envelope, LimitBody, ok};
use crate::shared::millis;
use crate::transition;

/// The audit log's name for a batch import.
pub const KIND: &str = "knowledgeImport";
/// Points stored per transaction (and per progress write, and between two looks for a stop).
pub const CHUNK: usize = 20;
/// Twenty files, base64 in JSON.
const BATCH_BODY_LIMIT: usize = 64 * 1024 * 1024;
/// What a file left unfinished by a failure of the server itself says.
const BROKE_OFF: &str = "导入中断，请重新导入该文件";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(start))
        .limit_body(BATCH_BODY_LIMIT)
        .routes(routes!(progress))
        .routes(routes!(stop))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BatchFileInput {
    /// Its extension (txt, md, csv, xlsx, docx, pdf) says how it is read.
    pub file_name: String,
    /// Its text, for txt, md and csv.
    #[serde(default)]
    pub content: String,
    /// Its bytes in base64: needed for xlsx, docx and pdf, taken for any kind.
    #[serde(default)]
    pub data: String,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BatchImportStart {
    pub knowledge_id: i64,
    /// 1–20 files.
    #[serde(default)]
    pub files: Vec<BatchFileInput>,
}

/// One file of a batch as the page shows it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BatchFile {
    pub id: i64,
    pub file_name: String,
    /// Core `knowledgeFileStage`: 0 排队中, 1 解析中, 2 切分中, 3 索引中, 4 已完成, 5 失败, 6 已停止.
    pub stage: i16,
    pub stage_name: String,
    /// Why it failed (or what of it was refused), in Chinese; empty otherwise.
    pub error: String,
    pub rows_total: i32,
    pub rows_done: i32,
    pub added: i32,
    pub skipped: i32,
    /// The data set its points went to.
    pub data_set_id: Option<i64>,
}

/// A batch import and how far it has come.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BatchImport {
    pub id: i64,
    pub knowledge_id: i64,
    /// Core `knowledgeImportStatus`: 1 导入中, 2 已完成, 3 已停止.
    pub status: i16,
    pub status_name: String,
    pub files_total: i32,
    pub files_done: i32,
    /// Points read from the files read so far.
    pub rows_total: i32,
    /// Points stored or skipped so far.
    pub rows_done: i32,
    /// Points stored.
    pub added: i32,
    /// Points skipped: already held, repeated, or refused by the point form.
    pub skipped: i32,
    /// Files that could not be read.
    pub failed: i32,
    /// Whole per cent of files and points done of their totals (100 once finished).
    pub percent: i64,
    pub files: Vec<BatchFile>,
    pub created_at: i64,
    pub finished_at: Option<i64>,
}

fn label(table: &brokerdesk_core::enums::EnumTable, code: i16) -> String {
    table
        .label_of(i64::from(code))
        .unwrap_or_default()
        .to_owned()
}

fn view(row: knowledge_import::Model, files: Vec<knowledge_import_file::Model>) -> BatchImport {
    let finished = row.status != ImportStatus::Running.code();
    let units_done = i64::from(row.files_done) + i64::from(row.rows_done);
    let units = i64::from(row.files_total) + i64::from(row.rows_total);
    BatchImport {
        id: row.id,
        knowledge_id: row.knowledge_id,
        status: row.status,
        status_name: label(&KNOWLEDGE_IMPORT_STATUS, row.status),
        files_total: row.files_total,
        files_done: row.files_done,
        rows_total: row.rows_total,
        rows_done: row.rows_done,
        added: row.added,
        skipped: row.skipped,
        failed: row.failed,
        percent: if finished && row.status == ImportStatus::Done.code() {
            100
        } else {
            percent(units_done, units)
        },
        files: files
            .into_iter()
            .map(|file| BatchFile {
                id: file.id,
                stage_name: label(&KNOWLEDGE_FILE_STAGE, file.stage),
                file_name: file.file_name,
                stage: file.stage,
                error: file.error,
                rows_total: file.rows_total,
                rows_done: file.rows_done,
                added: file.added,
                skipped: file.skipped,
                data_set_id: file.data_set_id,
            })
            .collect(),
        created_at: millis(row.created_at),
        finished_at: row.finished_at.map(millis),
    }
}

fn count(n: usize) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

/// The batch and its files, as read now.
async fn read(caller: &Caller, id: i64) -> Result<BatchImport, AppError> {
    let scoped = caller.require(need::KNOWLEDGE_READ)?;
    let row = scoped.get::<knowledge_import::Entity>(id).await?;
    let db = scoped.unscoped();
    let files = db
        .all(
            db.find::<knowledge_import_file::Entity>()
                .filter(knowledge_import_file::Column::ImportId.eq(id))
                .order_by_asc(knowledge_import_file::Column::Seq),
        )
        .await?;
    Ok(view(row, files))
}

/// Starts a batch import: stores the files and answers at once with the batch (导入中); the
/// server goes on reading and storing them. Needs 知识库:编辑 or 知识库详情:编辑.
#[utoipa::path(post, path = "/api/v1/chat/Knowledge/batch/import", tag = "knowledge",
    request_body = BatchImportStart, security(("token" = [])),
    responses((status = 200, description = "The batch, running", body = Envelope<BatchImport>)))]
pub async fn start(
    caller: Caller,
    AppJson(request): AppJson<BatchImportStart>,
) -> ApiResult<BatchImport> {
    let id = {
        let scoped = caller.require(need::KNOWLEDGE_EDIT)?;
        let base = bases::found(&scoped.unscoped(), request.knowledge_id).await?;
        if request.files.is_empty() {
            return Err(AppError::invalid("files", BATCH_NO_FILES));
        }
        if request.files.len() > BATCH_FILES_MAX {
            return Err(AppError::invalid("files", BATCH_TOO_MANY));
        }
        for file in &request.files {
            brokerdesk_core::knowledge::import_kind(&file.file_name).map_err(|message| {
                AppError::invalid("files", format!("{}：{message}", file.file_name.trim()))
            })?;
        }
        let now = Utc::now();
        let txn = scoped.begin().await?;
        let on = scoped.on(&txn);
        let row = on
            .insert::<knowledge_import::Entity>(knowledge_import::ActiveModel {
                knowledge_id: Set(base.id),
                status: Set(ImportStatus::Running.code()),
                files_total: Set(count(request.files.len())),
                created_by: Set(Some(scoped.actor().id)),
                created_at: Set(now),
                updated_at: Set(now),
                ..Default::default()
            })
            .await?;
        let mut names = Vec::with_capacity(request.files.len());
        for (seq, file) in request.files.into_iter().enumerate() {
            let name: String = file.file_name.trim().chars().take(100).collect();
            names.push(name.clone());
            on.insert::<knowledge_import_file::Entity>(knowledge_import_file::ActiveModel {
                import_id: Set(row.id),
                seq: Set(count(seq + 1)),
                file_name: Set(name),
                stage: Set(FileStage::Queued.code()),
                content: Set(file.content),
                data: Set(file.data),
                ..Default::default()
            })
            .await?;
        }
        audit::record(
            &txn,
            scoped.actor(),
            Change::created(
                KIND,
                row.id,
                &serde_json::json!({ "knowledgeId": base.id, "files": names }),
                knowledge_import::Entity::place(&row),
            ),
        )
        .await?;
        txn.commit().await?;
        row.id
    };
    let answer = read(&caller, id).await?;
    tokio::spawn(async move {
        if let Err(error) = run(&caller, id).await {
            tracing::warn!(import = id, %error, "knowledge batch import broke off");
            if let Err(error) = break_off(&caller, id).await {
                tracing::warn!(import = id, %error, "knowledge batch import left running");
            }
        }
    });
    ok(answer)
}

/// How far a batch import has come, file by file. Needs 知识库 or 知识库详情.
#[utoipa::path(post, path = "/api/v1/chat/Knowledge/batch/import/progress/{id}", tag = "knowledge",
    params(("id" = i64, Path, description = "The batch import")), security(("token" = [])),
    responses((status = 200, description = "The batch", body = Envelope<BatchImport>)))]
pub async fn progress(caller: Caller, PathId(id): PathId) -> ApiResult<BatchImport> {
    ok(read(&caller, id).await?)
}

/// Stops a running batch import (导入中 → 已停止): files not yet finished stay unimported; what
/// was stored stays. Needs 知识库:编辑 or 知识库详情:编辑.
#[utoipa::path(post, path = "/api/v1/chat/Knowledge/stop/batch/import/{id}", tag = "knowledge",
    params(("id" = i64, Path, description = "The batch import")), security(("token" = [])),
    responses((status = 200, description = "The batch, stopped", body = Envelope<BatchImport>)))]
pub async fn stop(caller: Caller, PathId(id): PathId) -> ApiResult<BatchImport> {
    {
        let scoped = caller.require(need::KNOWLEDGE_EDIT)?;
        let before = scoped.get_writable::<knowledge_import::Entity>(id).await?;
        let to = status_of(&before)
            .after(ImportAction::Stop)
            .map_err(AppError::TransitionRefused)?;
        let now = Utc::now();
        let txn = scoped.begin().await?;
        let on = scoped.on(&txn);
        let after = transition::guarded(
            &on,
            &before,
            knowledge_import::ActiveModel {
                status: Set(to.code()),
                stopped_by: Set(Some(scoped.actor().id)),
                updated_at: Set(now),
                finished_at: Set(Some(now)),
                ..Default::default()
            },
        )
        .await?;
        audit::record(
            &txn,
            scoped.actor(),
            Change::updated(
                KIND,
                id,
                &serde_json::json!({ "status": label(&KNOWLEDGE_IMPORT_STATUS, before.status) }),
                &serde_json::json!({ "status": label(&KNOWLEDGE_IMPORT_STATUS, after.status) }),
                knowledge_import::Entity::place(&after),
            ),
        )
        .await?;
        txn.commit().await?;
    }
    ok(read(&caller, id).await?)
}

fn status_of(row: &knowledge_import::Model) -> ImportStatus {
    ImportStatus::from_code(row.status).unwrap_or(ImportStatus::Done)
}

/// A file read and checked, waiting to be stored.
struct Ready {
    file: knowledge_import_file::Model,
    points: Vec<(ImportedPoint, String)>,
    /// Refused by the point form, or the template's example row: skipped.
    refused: usize,
}

/// The task's own tally of the batch, written with every chunk.
#[derive(Default)]
struct Tally {
    files_done: usize,
    rows_total: usize,
    rows_done: usize,
    added: usize,
    skipped: usize,
    failed: usize,
}

impl Tally {
    fn changes(&self, id: i64) -> knowledge_import::ActiveModel {
        knowledge_import::ActiveModel {
            id: Set(id),
            files_done: Set(count(self.files_done)),
            rows_total: Set(count(self.rows_total)),
            rows_done: Set(count(self.rows_done)),
            added: Set(count(self.added)),
            skipped: Set(count(self.skipped)),
            failed: Set(count(self.failed)),
            updated_at: Set(Utc::now()),
            ..Default::default()
        }
    }
}

/// Writes one file's changes and the batch's tally in one transaction.
async fn write(
    caller: &Caller,
    id: i64,
    file: knowledge_import_file::ActiveModel,
    tally: &Tally,
) -> Result<(), AppError> {
    let scoped = caller.require(need::KNOWLEDGE_EDIT)?;
    let txn = scoped.begin().await?;
    let on = scoped.on(&txn);
    on.update::<knowledge_import_file::Entity>(file).await?;
    on.update::<knowledge_import::Entity>(tally.changes(id))
        .await?;
    txn.commit().await?;
    Ok(())
}

fn stage(
    file: &knowledge_import_file::Model,
    stage: FileStage,
) -> knowledge_import_file::ActiveModel {
    knowledge_import_file::ActiveModel {
        id: Set(file.id),
        stage: Set(stage.code()),
        ..Default::default()
    }
}

/// Waits for `work`, saying every [`HEARTBEAT`] that the batch is alive, so no sweep for
/// abandoned batches (`knowledge::abandoned`) ends it while a long file is read.
async fn beating<T>(
    caller: &Caller,
    id: i64,
    mut work: tokio::task::JoinHandle<T>,
) -> Result<T, AppError> {
    let mut beat = tokio::time::interval(HEARTBEAT);
    beat.tick().await;
    loop {
        tokio::select! {
            done = &mut work => return done.map_err(AppError::internal),
            _ = beat.tick() => {
                let scoped = caller.require(need::KNOWLEDGE_EDIT)?;
                let txn = scoped.begin().await?;
                scoped
                    .on(&txn)
                    .update::<knowledge_import::Entity>(knowledge_import::ActiveModel {
                        id: Set(id),
                        updated_at: Set(Utc::now()),
                        ..Default::default()
                    })
                    .await?;
                txn.commit().await?;
            }
        }
    }
}

/// Whether someone stopped the batch.
async fn stopped(caller: &Caller, id: i64) -> Result<bool, AppError> {
    let scoped = caller.require(need::KNOWLEDGE_EDIT)?;
    let row = scoped.get::<knowledge_import::Entity>(id).await?;
    Ok(row.status != ImportStatus::Running.code())
}

/// Every file not yet finished becomes `to` (with `error`, if any), its content let go.
async fn close_open_files(
    caller: &Caller,
    id: i64,
    to: FileStage,
    error: &str,
) -> Result<(), AppError> {
    let scoped = caller.require(need::KNOWLEDGE_EDIT)?;
    let db = scoped.unscoped();
    let open: Vec<knowledge_import_file::Model> = db
        .all(
            db.find::<knowledge_import_file::Entity>()
                .filter(knowledge_import_file::Column::ImportId.eq(id))
                .filter(knowledge_import_file::Column::Stage.lt(FileStage::Done.code())),
        )
        .await?;
    let txn = scoped.begin().await?;
    let on = scoped.on(&txn);
    for file in open {
        on.update::<knowledge_import_file::Entity>(knowledge_import_file::ActiveModel {
            id: Set(file.id),
            stage: Set(to.code()),
            error: Set(error.to_owned()),
            content: Set(String::new()),
            data: Set(String::new()),
            ..Default::default()
        })
        .await?;
    }
    txn.commit().await?;
    Ok(())
}

/// Works through a batch: reads every file, then stores their points chunk by chunk, looking
/// for a stop before each chunk; then moves the batch 导入中 → 已完成.
async fn run(caller: &Caller, id: i64) -> Result<(), AppError> {
    let (row, files) = {
        let scoped = caller.require(need::KNOWLEDGE_EDIT)?;
        let row = scoped.get::<knowledge_import::Entity>(id).await?;
        let db = scoped.unscoped();
        let files = db
            .all(
                db.find::<knowledge_import_file::Entity>()
                    .filter(knowledge_import_file::Column::ImportId.eq(id))
                    .order_by_asc(knowledge_import_file::Column::Seq),
            )
            .await?;
        (row, files)
    };
    let mut tally = Tally::default();
    let mut ready = Vec::new();
    // Read every file first, so the total of points is known before any is stored.
    for file in files {
        if stopped(caller, id).await? {
            return close_open_files(caller, id, FileStage::Stopped, "").await;
        }
        write(caller, id, stage(&file, FileStage::Parsing), &tally).await?;
        let (name, content, data) = (
            file.file_name.clone(),
            file.content.clone(),
            file.data.clone(),
        );
        let reading = tokio::task::spawn_blocking(move || points_of_file(&name, &content, &data));
        let read = beating(caller, id, reading).await?;
        let points = match read {
            Ok(points) => points,
            Err(message) => {
                tally.files_done += 1;
                tally.failed += 1;
                let mut failed = stage(&file, FileStage::Failed);
                failed.error = Set(message.chars().take(200).collect());
                failed.content = Set(String::new());
                failed.data = Set(String::new());
                write(caller, id, failed, &tally).await?;
                continue;
            }
        };
        tally.rows_total += points.len();
        let mut splitting = stage(&file, FileStage::Splitting);
        splitting.rows_total = Set(count(points.len()));
        write(caller, id, splitting, &tally).await?;
        let mut kept = Vec::with_capacity(points.len());
        let mut problems = Vec::new();
        let mut examples = 0;
        for (n, point) in points.into_iter().enumerate() {
            match checked(point) {
                // The template's example row, left in the file: never imported.
                Ok(point) if is_template_example(&point.question, &point.answer) => examples += 1,
                Ok(point) => {
                    let hash = content_hash(&point.question, &point.answer);
                    kept.push((point, hash));
                }
                Err((_, problem)) => problems.push(format!("第{}条：{problem}", n + 1)),
            }
        }
        let mut file = file;
        if !problems.is_empty() {
            file.error = format!("{}条未通过校验已跳过，{}", problems.len(), problems[0])
                .chars()
                .take(200)
                .collect();
        }
        ready.push(Ready {
            file,
            points: kept,
            refused: problems.len() + examples,
        });
    }
    // What the base holds, read once; a point another import adds meanwhile is refused by the
    // unique content hash, which ends this task as broken off rather than storing it twice.
    let mut seen = {
        let scoped = caller.require(need::KNOWLEDGE_EDIT)?;
        held(&scoped.unscoped(), row.knowledge_id).await?
    };
    for Ready {
        file,
        points,
        refused,
    } in ready
    {
        if stopped(caller, id).await? {
            return close_open_files(caller, id, FileStage::Stopped, "").await;
        }
        let mut indexing = stage(&file, FileStage::Indexing);
        indexing.error = Set(file.error.clone());
        tally.rows_done += refused;
        tally.skipped += refused;
        let (mut done, mut added, mut skipped) = (refused, 0usize, refused);
        indexing.rows_done = Set(count(done));
        indexing.skipped = Set(count(skipped));
        write(caller, id, indexing, &tally).await?;
        let mut data_set: Option<i64> = None;
        for chunk in points.chunks(CHUNK) {
            if stopped(caller, id).await? {
                return close_open_files(caller, id, FileStage::Stopped, "").await;
            }
            let scoped = caller.require(need::KNOWLEDGE_EDIT)?;
            let txn = scoped.begin().await?;
            let on = scoped.on(&txn);
            let now = Utc::now();
            let (added_before, skipped_before) = (added, skipped);
            for (point, hash) in chunk {
                // A question the base holds keeps its answer there (已存在).
                if !seen.insert(question_key(&point.question)) {
                    skipped += 1;
                    continue;
                }
                let set = match data_set {
                    Some(set) => set,
                    None => {
                        let name =
                            brokerdesk_core::knowledge::data_set_name_of_file(&file.file_name);
                        let set = on
                            .insert::<knowledge_data_set::Entity>(knowledge_data_set::ActiveModel {
                                knowledge_id: Set(row.knowledge_id),
                                name: Set(name),
                                source: Set(SOURCE_FILE),
                                created_at: Set(now),
                                updated_at: Set(now),
                                ..Default::default()
                            })
                            .await?;
                        on.record_created::<knowledge_data_set::Entity>(&set)
                            .await?;
                        data_set = Some(set.id);
                        set.id
                    }
                };
                on.insert::<knowledge_point::Entity>(knowledge_point::ActiveModel {
                    knowledge_id: Set(row.knowledge_id),
                    data_set_id: Set(set),
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
                added += 1;
            }
            done += chunk.len();
            tally.rows_done += chunk.len();
            tally.added += added - added_before;
            tally.skipped += skipped - skipped_before;
            on.update::<knowledge_import_file::Entity>(knowledge_import_file::ActiveModel {
                id: Set(file.id),
                rows_done: Set(count(done)),
                added: Set(count(added)),
                skipped: Set(count(skipped)),
                data_set_id: Set(data_set),
                ..Default::default()
            })
            .await?;
            on.update::<knowledge_import::Entity>(tally.changes(id))
                .await?;
            if added > added_before {
                bases::touch(&on, row.knowledge_id).await?;
            }
            txn.commit().await?;
        }
        tally.files_done += 1;
        let mut finished = stage(&file, FileStage::Done);
        finished.content = Set(String::new());
        finished.data = Set(String::new());
        write(caller, id, finished, &tally).await?;
    }
    finish(caller, id).await
}

/// The last file done: the batch moves 导入中 → 已完成, unless it was stopped meanwhile.
async fn finish(caller: &Caller, id: i64) -> Result<(), AppError> {
    let scoped = caller.require(need::KNOWLEDGE_EDIT)?;
    let before = scoped.get::<knowledge_import::Entity>(id).await?;
    let Ok(to) = status_of(&before).after(ImportAction::Finish) else {
        return Ok(());
    };
    let now = Utc::now();
    let txn = scoped.begin().await?;
    let on = scoped.on(&txn);
    let moved = transition::guarded(
        &on,
        &before,
        knowledge_import::ActiveModel {
            status: Set(to.code()),
            updated_at: Set(now),
            finished_at: Set(Some(now)),
            ..Default::default()
        },
    )
    .await;
    let after = match moved {
        Ok(after) => after,
        // Stopped as the last chunk was stored: the stop stands.
        Err(AppError::TransitionRefused(_)) => return Ok(()),
        Err(error) => return Err(error),
    };
    audit::record_system(
        &txn,
        Change::updated(
            KIND,
            id,
            &serde_json::json!({ "status": label(&KNOWLEDGE_IMPORT_STATUS, before.status) }),
            &serde_json::json!({
                "status": label(&KNOWLEDGE_IMPORT_STATUS, after.status),
                "added": after.added, "skipped": after.skipped, "failed": after.failed,
            }),
            knowledge_import::Entity::place(&after),
        ),
    )
    .await?;
    txn.commit().await?;
    Ok(())
}

/// The task failed (the database went away): its unfinished files say so and the batch ends,
/// so the page never waits on it for ever.
async fn break_off(caller: &Caller, id: i64) -> Result<(), AppError> {
    close_open_files(caller, id, FileStage::Failed, BROKE_OFF).await?;
    finish(caller, id).await
}
