//! 批量添加线索: rows pasted or read from a CSV/XLSX file (the downloadable template's columns),
//! each checked by core's lead form, then the valid ones saved in one transaction: an agent's
//! (a caller without 分配) for them to follow, a manager's into the company's pool or to the
//! colleague they chose. An import is a `lead_import` row: it runs inside the server after the
//! request that starts it, writes how many rows it has checked as it goes, and keeps the result
//! of every row (added, refused with its errors, a duplicate by phone, or already imported),
//! which the batch page polls. Importing the same rows twice adds nothing the second time: each
//! lead keeps the hash of its cleaned row, unique per company.

use std::collections::{HashMap, HashSet};
use std::io::Cursor;

use axum::http::header;
use axum::response::IntoResponse;
use base64::Engine;
use brokerdesk_core::customer::phone;
use brokerdesk_core::customer::wish::lead_budget_fen;
use brokerdesk_core::forms::FieldError;
use brokerdesk_core::lead::import::{
    self, CheckedRow, EXAMPLE_SKIPPED, IMPORT_MAX_ROWS, ImportRow, check_rows, identity,
    importable, rows_of, template_columns, text_cells,
};
use brokerdesk_core::lead::states::LeadStatus;
use brokerdesk_core::org::staff_status::WORKING;
use calamine::{Reader, Xlsx, open_workbook_from_rs};
use chrono::Utc;
use sea_orm::sea_query::OnConflict;
use sea_orm::{ColumnTrait, ConnectionTrait, DatabaseTransaction, EntityTrait, QueryFilter, Set};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::flow::{ASSIGNEE_OUT_OF_REACH, phone_holders};
use crate::AppState;
use crate::access::{Caller, Placed, Unscoped, need};
use crate::audit::{self, Change};
use crate::entity::{lead, lead_import, user};
use crate::error::{ApiResult, AppError, AppJson, Envelope, LimitBody, ok};
use crate::form;
use crate::shared::{IdRequest, among, millis};

/// A file of 10,000 rows, base64 in JSON, with room to spare.
const IMPORT_BODY_LIMIT: usize = 8 * 1024 * 1024;
/// Rows checked between two progress writes.
const PROGRESS_EVERY: usize = 1_000;
/// A batch this large changes the lead table enough for PostgreSQL's planner to be told (a
/// repeat upload of 10,000 rows took seconds per chunk on the stale statistics).
const STATISTICS_AFTER: usize = 1_000;
/// Rows per INSERT statement (within SQLite's and PostgreSQL's bound on parameters).
const INSERT_CHUNK: usize = 500;

/// The entity name of an import in the audit log.
pub const IMPORT_KIND: &str = "clueImport";
/// 批量导入 in core's `clueSource`.
pub const SOURCE_BATCH: i16 = 2;
pub const RUNNING: i16 = 1;
pub const DONE: i16 = 2;
pub const FAILED: i16 = 3;
pub const PASTED: &str = "粘贴的线索";
pub const NOT_BASE64: &str = "文件内容无法读取，请重新选择文件";
pub const NOT_XLSX: &str = "无法读取该xlsx文件，请使用下载的模板";
pub const REPEATED: &str = "该行已导入过，未重复添加";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(start))
        .routes(routes!(check))
        .limit_body(IMPORT_BODY_LIMIT)
        .routes(routes!(progress))
        .routes(routes!(template))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportStart {
    /// The file's name; its extension (csv, xlsx) says how it is read.
    #[serde(default)]
    pub file_name: String,
    /// The file, base64.
    #[serde(default)]
    pub content: String,
    /// Rows pasted from a spreadsheet (tab-separated) or as CSV text, instead of a file.
    #[serde(default)]
    pub text: String,
    /// A manager's choice of who follows the leads; none puts them in the pool. An agent's
    /// leads are theirs whatever this says.
    #[serde(default, deserialize_with = "crate::paging::lenient_number")]
    pub assignee_id: Option<i64>,
}

/// What became of one row.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RowResult {
    /// The row's number in the file (the header is row 1) or the pasted line.
    pub line: u32,
    pub name: String,
    pub phone: String,
    /// `added`, `invalid` (errors beside it), `duplicate` (the phone is taken), `repeated`
    /// (this very row was imported before) or `example` (the template's example row, skipped).
    pub outcome: String,
    pub errors: Vec<RowError>,
    pub message: String,
    pub lead_id: Option<i64>,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RowError {
    pub field: String,
    pub message: String,
}

/// An import as the batch page polls it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportJob {
    pub id: i64,
    pub file_name: String,
    /// `running`, `done` or `failed`.
    pub state: String,
    pub total: i32,
    /// Rows checked so far.
    pub processed: i32,
    pub added: i32,
    pub invalid: i32,
    pub duplicate: i32,
    pub repeated: i32,
    /// The template's example row, skipped (0 or 1).
    pub skipped: i32,
    /// Why it failed.
    pub message: String,
    /// Every row's result, once done.
    pub results: Vec<RowResult>,
    pub created_at: i64,
    pub finished_at: Option<i64>,
}

fn job_of(row: lead_import::Model) -> ImportJob {
    let results: Vec<RowResult> = serde_json::from_str(&row.results).unwrap_or_default();
    let state = match row.status {
        DONE => "done",
        FAILED => "failed",
        _ => "running",
    };
    let count = |outcome: &str| {
        let n = results.iter().filter(|r| r.outcome == outcome).count();
        i32::try_from(n).unwrap_or(i32::MAX)
    };
    let (repeated, skipped) = (count("repeated"), count("example"));
    ImportJob {
        id: row.id,
        file_name: row.file_name,
        state: state.to_owned(),
        total: row.total,
        processed: row.processed,
        added: row.added,
        invalid: row.invalid,
        duplicate: row.duplicate,
        repeated,
        skipped,
        message: row.message,
        results,
        created_at: millis(row.created_at),
        finished_at: row.finished_at.map(millis),
    }
}

/// The cells of an XLSX file's first sheet, each as its text.
fn xlsx_cells(bytes: Vec<u8>) -> Result<Vec<Vec<String>>, String> {
    let mut book: Xlsx<_> =
        open_workbook_from_rs(Cursor::new(bytes)).map_err(|_| NOT_XLSX.to_owned())?;
    let sheet = book
        .worksheet_range_at(0)
        .ok_or_else(|| import::EMPTY.to_owned())?
        .map_err(|_| NOT_XLSX.to_owned())?;
    Ok(sheet
        .rows()
        .map(|row| row.iter().map(ToString::to_string).collect())
        .collect())
}

/// A CSV file's text: UTF-8, or GBK as Excel saves it on Chinese Windows.
fn csv_text(bytes: &[u8]) -> String {
    match std::str::from_utf8(bytes) {
        Ok(text) => text.to_owned(),
        Err(_) => encoding_rs::GBK.decode(bytes).0.into_owned(),
    }
}

/// The rows of the request: pasted text, or the file by its kind.
fn read_rows(request: ImportStart) -> Result<(String, Vec<ImportRow>), AppError> {
    if !request.text.trim().is_empty() {
        let rows = rows_of(text_cells(&request.text)).map_err(|m| AppError::invalid("text", m))?;
        return Ok((PASTED.to_owned(), rows));
    }
    let file_name: String = request.file_name.trim().chars().take(100).collect();
    let kind = import::file_kind(&file_name).map_err(|m| AppError::invalid("fileName", m))?;
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(request.content.trim())
        .map_err(|_| AppError::invalid("content", NOT_BASE64))?;
    let cells = match kind {
        "xlsx" => xlsx_cells(bytes).map_err(|m| AppError::invalid("content", m))?,
        _ => text_cells(&csv_text(&bytes)),
    };
    let rows = rows_of(cells).map_err(|m| AppError::invalid("content", m))?;
    Ok((file_name, rows))
}

/// Start a batch import of pasted rows or a CSV/XLSX file (at most 10,000 rows, the
/// template's columns): answers at once with the import, which goes on inside the server; poll
/// `import/progress` for how far it is and, once done, every row's result. Needs 批量添加线索.
#[utoipa::path(post, path = "/api/v1/fm/crm/clue/import", tag = "crm",
    request_body = ImportStart, security(("token" = [])),
    responses((status = 200, description = "The import, running", body = Envelope<ImportJob>)))]
pub async fn start(caller: Caller, AppJson(request): AppJson<ImportStart>) -> ApiResult<ImportJob> {
    let job = {
        let scoped = caller.require(need::CLUE_IMPORT)?;
        let me = scoped.actor().clone();
        let (Some(organisation_id), Some(site_id)) = (me.organisation_id, me.site_id) else {
            return Err(AppError::NoPermission);
        };
        let owner = follower(&caller, request.assignee_id).await?;
        // Reading a large XLSX is work for a blocking thread.
        let (file_name, rows) = tokio::task::spawn_blocking(move || read_rows(request))
            .await
            .map_err(AppError::internal)??;
        let txn = scoped.begin().await?;
        let on = scoped.on(&txn);
        let job = on
            .insert::<lead_import::Entity>(lead_import::ActiveModel {
                site_id: Set(site_id),
                organisation_id: Set(organisation_id),
                store_group_id: Set(me.store_group_id),
                store_id: Set(me.store_id),
                department_id: Set(me.department_id),
                owner_id: Set(Some(me.id)),
                file_name: Set(file_name),
                status: Set(RUNNING),
                total: Set(i32::try_from(rows.len()).unwrap_or(i32::MAX)),
                processed: Set(0),
                added: Set(0),
                invalid: Set(0),
                duplicate: Set(0),
                results: Set(String::new()),
                message: Set(String::new()),
                created_at: Set(Utc::now()),
                finished_at: Set(None),
                ..Default::default()
            })
            .await?;
        txn.commit().await?;
        (job, rows, owner)
    };
    let (job, rows, owner) = job;
    let answer = job_of(job.clone());
    tokio::spawn(async move {
        if let Err(error) = run(&caller, &job, rows, owner.as_ref()).await {
            tracing::warn!(import = job.id, %error, "lead import failed");
            let _ = finish(&caller, &job, Err(error.to_string())).await;
        }
    });
    ok(answer)
}

/// One row of a file as core's lead form sees it before anything is saved.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CheckedLine {
    /// The row's number in the file (the header is row 1).
    pub line: u32,
    /// The cleaned values by field name (性别 and 需求类型 as their codes).
    pub values: std::collections::BTreeMap<String, String>,
    pub errors: Vec<RowError>,
    /// The template's example row: shown, never imported (示例行，已跳过).
    pub example: bool,
}

/// Check the rows of an XLSX (or CSV) file, or pasted text, by core's lead form without saving
/// anything: the batch page shows each row with its errors before 保存 (a browser reads CSV and
/// pasted text itself, but has no spreadsheet reader). Needs 批量添加线索.
#[utoipa::path(post, path = "/api/v1/fm/crm/clue/import/check", tag = "crm",
    request_body = ImportStart, security(("token" = [])),
    responses((status = 200, description = "Every row with its errors", body = Envelope<Vec<CheckedLine>>)))]
pub async fn check(
    caller: Caller,
    AppJson(request): AppJson<ImportStart>,
) -> ApiResult<Vec<CheckedLine>> {
    let scoped = caller.require(need::CLUE_IMPORT)?;
    if scoped.actor().organisation_id.is_none() {
        return Err(AppError::NoPermission);
    }
    let today = form::today();
    let lines = tokio::task::spawn_blocking(move || {
        read_rows(request).map(|(_, rows)| {
            check_rows(rows, today)
                .into_iter()
                .map(|row| CheckedLine {
                    line: row.line,
                    values: row
                        .values
                        .keys()
                        .map(|field| (field.clone(), text(&row.values, field)))
                        .collect(),
                    errors: row.errors.iter().map(row_error).collect(),
                    example: row.example,
                })
                .collect::<Vec<_>>()
        })
    })
    .await
    .map_err(AppError::internal)??;
    ok(lines)
}

/// Who follows the imported leads: the importer when they do not hand leads out (an agent's
/// batch is theirs to call); for a manager the colleague they chose, at work and within their
/// reach, or nobody (the pool).
async fn follower(caller: &Caller, chosen: Option<i64>) -> Result<Option<user::Model>, AppError> {
    let me = caller.user();
    if !caller.allows(need::CLUE_ASSIGN) {
        return match chosen {
            Some(id) if id != me.id => Err(AppError::NoPermission),
            _ => Ok(Some(me.clone())),
        };
    }
    let Some(id) = chosen else {
        return Ok(None);
    };
    let scoped = caller.require(need::CLUE_ASSIGN)?;
    let person = scoped
        .all(
            scoped
                .write::<user::Entity>()
                .filter(user::Column::Id.eq(id))
                .filter(user::Column::OrganisationId.eq(me.organisation_id))
                .filter(user::Column::WorkingStatus.is_in(WORKING.map(|status| status.code())))
                .filter(user::Column::Locked.eq(false)),
        )
        .await?
        .into_iter()
        .next()
        .ok_or_else(|| AppError::invalid("assigneeId", ASSIGNEE_OUT_OF_REACH))?;
    Ok(Some(person))
}

/// Writes the import's progress, or its end.
async fn finish(
    caller: &Caller,
    job: &lead_import::Model,
    end: Result<(Vec<RowResult>, [i32; 3]), String>,
) -> Result<(), AppError> {
    let scoped = caller.require(need::CLUE_IMPORT)?;
    let mut changes = lead_import::ActiveModel {
        id: Set(job.id),
        finished_at: Set(Some(Utc::now())),
        ..Default::default()
    };
    match end {
        Ok((results, [added, invalid, duplicate])) => {
            changes.status = Set(DONE);
            changes.processed = Set(job.total);
            changes.added = Set(added);
            changes.invalid = Set(invalid);
            changes.duplicate = Set(duplicate);
            changes.results = Set(serde_json::to_string(&results).map_err(AppError::internal)?);
        }
        Err(message) => {
            changes.status = Set(FAILED);
            changes.message = Set(message.chars().take(200).collect());
        }
    }
    let txn = scoped.begin().await?;
    scoped
        .on(&txn)
        .update::<lead_import::Entity>(changes)
        .await?;
    txn.commit().await?;
    Ok(())
}

async fn write_progress(
    caller: &Caller,
    job: &lead_import::Model,
    processed: usize,
) -> Result<(), AppError> {
    let scoped = caller.require(need::CLUE_IMPORT)?;
    let txn = scoped.begin().await?;
    scoped
        .on(&txn)
        .update::<lead_import::Entity>(lead_import::ActiveModel {
            id: Set(job.id),
            processed: Set(i32::try_from(processed).unwrap_or(i32::MAX)),
            ..Default::default()
        })
        .await?;
    txn.commit().await?;
    Ok(())
}

/// The key a row is imported once by within a company: SHA-256 of the company and core's
/// identity of the cleaned row, hex.
pub fn row_key(
    organisation_id: i64,
    values: &serde_json::Map<String, serde_json::Value>,
) -> String {
    hex::encode(Sha256::digest(
        format!("{organisation_id}\u{1e}{}", identity(values)).as_bytes(),
    ))
}

fn text(values: &serde_json::Map<String, serde_json::Value>, field: &str) -> String {
    match values.get(field) {
        Some(serde_json::Value::String(text)) => text.clone(),
        Some(serde_json::Value::Null) | None => String::new(),
        Some(other) => other.to_string(),
    }
}

fn small(values: &serde_json::Map<String, serde_json::Value>, field: &str) -> Option<i16> {
    text(values, field).parse().ok()
}

/// The row keys of `keys` the company already holds: one query for a whole import (at most
/// [`IMPORT_MAX_ROWS`] keys, one parameter each, within both engines' bound).
async fn held<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    organisation_id: i64,
    keys: &[String],
) -> Result<HashSet<String>, AppError> {
    let mut found = HashSet::new();
    for chunk in keys.chunks(IMPORT_MAX_ROWS) {
        let rows: Vec<Option<String>> = db
            .values(
                db.find::<lead::Entity>()
                    .filter(lead::Column::OrganisationId.eq(organisation_id))
                    .filter(among(lead::Column::RowKey, chunk.iter().cloned())),
                lead::Column::RowKey,
            )
            .await?;
        found.extend(rows.into_iter().flatten());
    }
    Ok(found)
}

/// New leads of one import, in statements of [`INSERT_CHUNK`] rows; a row another import of the
/// same company added meanwhile (its row key taken) is left out, not failed.
// Every row is placed in the importer's own company pool (site and company only), which their
// scope reads, or at the importer's own seat, or at the seat of a colleague their write scope
// reaches (`follower`); the import row that owns them was written through the scoped door.
#[allow(clippy::disallowed_methods)]
async fn insert_leads(
    txn: &DatabaseTransaction,
    rows: Vec<lead::ActiveModel>,
) -> Result<(), AppError> {
    let mut rows = rows.into_iter().peekable();
    while rows.peek().is_some() {
        let chunk: Vec<lead::ActiveModel> = rows.by_ref().take(INSERT_CHUNK).collect();
        lead::Entity::insert_many(chunk)
            .on_conflict(
                OnConflict::columns([lead::Column::OrganisationId, lead::Column::RowKey])
                    .do_nothing()
                    .to_owned(),
            )
            .try_insert()
            .exec_without_returning(txn)
            .await?;
    }
    Ok(())
}

/// Checks every row, finds duplicates and rows imported before, saves the rest in one
/// transaction and writes every row's result.
async fn run(
    caller: &Caller,
    job: &lead_import::Model,
    rows: Vec<ImportRow>,
    owner: Option<&user::Model>,
) -> Result<(), AppError> {
    let today = form::today();
    let mut checked: Vec<CheckedRow> = Vec::with_capacity(rows.len());
    let mut rows = rows.into_iter().peekable();
    while rows.peek().is_some() {
        let chunk: Vec<ImportRow> = rows.by_ref().take(PROGRESS_EVERY).collect();
        checked.extend(check_rows(chunk, today));
        write_progress(caller, job, checked.len()).await?;
    }
    let scoped = caller.require(need::CLUE_IMPORT)?;
    let organisation_id = job.organisation_id;
    let keys: Vec<Option<String>> = checked
        .iter()
        .map(|row| importable(row).then(|| row_key(organisation_id, &row.values)))
        .collect();
    let phones: Vec<String> = checked
        .iter()
        .filter(|row| importable(row))
        .map(|row| phone::normalise(&text(&row.values, "phone")))
        .collect();
    let db = scoped.unscoped();
    let present: Vec<String> = keys.iter().flatten().cloned().collect();
    let imported = held(&db, organisation_id, &present).await?;
    // The duplicates as the importer sees them: the pool and their seat within the company's
    // de-duplication scope.
    let holders = phone_holders(&db, caller, caller.user(), organisation_id, &phones).await?;
    let now = Utc::now();
    let mut results = Vec::with_capacity(checked.len());
    let mut fresh = Vec::new();
    let mut added_at: Vec<(usize, String)> = Vec::new();
    let mut first_line: HashMap<String, u32> = HashMap::new();
    for (row, key) in checked.into_iter().zip(keys) {
        let mut result = RowResult {
            line: row.line,
            name: text(&row.values, "name"),
            phone: text(&row.values, "phone"),
            outcome: "invalid".to_owned(),
            errors: row.errors.iter().map(row_error).collect(),
            message: String::new(),
            lead_id: None,
        };
        if row.example {
            result.outcome = "example".to_owned();
            result.message = EXAMPLE_SKIPPED.to_owned();
            results.push(result);
            continue;
        }
        let Some(key) = key else {
            result.message = result
                .errors
                .first()
                .map(|e| e.message.clone())
                .unwrap_or_default();
            results.push(result);
            continue;
        };
        let phone = phone::normalise(&result.phone);
        if imported.contains(&key) {
            result.outcome = "repeated".to_owned();
            result.message = REPEATED.to_owned();
        } else if let Some(line) = first_line.get(&phone) {
            result.outcome = "duplicate".to_owned();
            result.message = format!("与第{line}行电话重复");
        } else if let Some(message) = holders.get(&phone) {
            result.outcome = "duplicate".to_owned();
            result.message = message.clone();
        } else {
            first_line.insert(phone.clone(), row.line);
            result.outcome = "added".to_owned();
            added_at.push((results.len(), key.clone()));
            fresh.push(new_lead(job, owner, &row, phone, key, now));
        }
        results.push(result);
    }
    let summary = serde_json::json!({
        "fileName": job.file_name, "rows": job.total, "added": fresh.len(),
    });
    let fresh_count = fresh.len();
    let txn = scoped.begin().await?;
    insert_leads(&txn, fresh).await?;
    audit::record(
        &txn,
        scoped.actor(),
        Change::created(
            IMPORT_KIND,
            job.id,
            &summary,
            lead_import::Entity::place(job),
        ),
    )
    .await?;
    let on = scoped.on(&txn);
    let db = on.unscoped();
    let saved: HashMap<String, i64> = db
        .pairs::<lead::Entity, Option<String>, i64>(
            db.find::<lead::Entity>()
                .filter(lead::Column::ImportId.eq(job.id)),
            lead::Column::RowKey,
            lead::Column::Id,
        )
        .await?
        .into_iter()
        .filter_map(|(key, id)| key.map(|key| (key, id)))
        .collect();
    txn.commit().await?;
    if fresh_count >= STATISTICS_AFTER {
        scoped
            .unscoped()
            .refresh_statistics::<lead::Entity>()
            .await?;
    }
    for (at, key) in added_at {
        let result = &mut results[at];
        match saved.get(&key) {
            Some(id) => result.lead_id = Some(*id),
            // Another import of the same rows saved it first.
            None => {
                result.outcome = "repeated".to_owned();
                result.message = REPEATED.to_owned();
            }
        }
    }
    let mut counts = [0, 0, 0];
    for result in &results {
        match result.outcome.as_str() {
            "added" => counts[0] += 1,
            "invalid" => counts[1] += 1,
            "duplicate" => counts[2] += 1,
            _ => {}
        }
    }
    finish(caller, job, Ok((results, counts))).await
}

fn row_error(error: &FieldError) -> RowError {
    RowError {
        field: error.field.to_owned(),
        message: error.message.clone(),
    }
}

/// A lead of this import from a checked row: followed by `owner` at their seat, or in the pool.
fn new_lead(
    job: &lead_import::Model,
    owner: Option<&user::Model>,
    row: &CheckedRow,
    phone_key: String,
    key: String,
    now: chrono::DateTime<Utc>,
) -> lead::ActiveModel {
    let demand = small(&row.values, "demand").map(i64::from);
    let budget = lead_budget_fen(demand.unwrap_or_default(), &text(&row.values, "budget"));
    lead::ActiveModel {
        site_id: Set(job.site_id),
        organisation_id: Set(job.organisation_id),
        store_group_id: Set(owner.and_then(|o| o.store_group_id)),
        store_id: Set(owner.and_then(|o| o.store_id)),
        department_id: Set(owner.and_then(|o| o.department_id)),
        owner_id: Set(owner.map(|o| o.id)),
        name: Set(text(&row.values, "name")),
        phone: Set(text(&row.values, "phone")),
        phone_key: Set(phone_key),
        sex: Set(small(&row.values, "sex")),
        demand: Set(small(&row.values, "demand")),
        area: Set(text(&row.values, "area")),
        budget: Set(budget.1),
        budget_min: Set(budget.0),
        remark: Set(text(&row.values, "remark")),
        source: Set(SOURCE_BATCH),
        channel: Set(String::new()),
        status: Set(match owner {
            Some(_) => LeadStatus::Following.code(),
            None => LeadStatus::Unassigned.code(),
        }),
        invalid_reason: Set(None),
        customer_id: Set(None),
        import_id: Set(Some(job.id)),
        row_key: Set(Some(key)),
        entered_by: Set(job.owner_id),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
}

/// How far an import is, and every row's result once done. Needs 批量添加线索; an import is seen
/// by whoever's scope covers its importer.
#[utoipa::path(post, path = "/api/v1/fm/crm/clue/import/progress", tag = "crm",
    request_body = IdRequest, security(("token" = [])),
    responses((status = 200, description = "The import", body = Envelope<ImportJob>)))]
pub async fn progress(
    caller: Caller,
    AppJson(request): AppJson<IdRequest>,
) -> ApiResult<ImportJob> {
    let scoped = caller.require(need::CLUE_IMPORT)?;
    ok(job_of(scoped.get::<lead_import::Entity>(request.id).await?))
}

/// The XLSX template to fill: the lead form's labels as the header, an example row marked
/// 示例行 (never imported), phones kept as text. Needs 批量添加线索.
#[utoipa::path(post, path = "/api/v1/fm/crm/clue/import/template", tag = "crm",
    security(("token" = [])),
    responses((status = 200, description = "线索导入模板.xlsx", content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", body = Vec<u8>)))]
pub async fn template(caller: Caller) -> Result<impl IntoResponse, AppError> {
    caller.require(need::CLUE_IMPORT)?;
    let bytes = template_xlsx().map_err(AppError::internal)?;
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
            ),
            (
                header::CONTENT_DISPOSITION,
                "attachment; filename*=UTF-8''%E7%BA%BF%E7%B4%A2%E5%AF%BC%E5%85%A5%E6%A8%A1%E6%9D%BF.xlsx",
            ),
        ],
        bytes,
    ))
}

fn template_xlsx() -> Result<Vec<u8>, rust_xlsxwriter::XlsxError> {
    use rust_xlsxwriter::{Format, Workbook};
    let mut book = Workbook::new();
    let sheet = book.add_worksheet();
    sheet.set_name("线索")?;
    let bold = Format::new().set_bold();
    let as_text = Format::new().set_num_format("@");
    for (column, label) in template_columns().into_iter().enumerate() {
        let column = u16::try_from(column).unwrap_or_default();
        sheet.set_column_width(column, 16)?;
        sheet.set_column_format(column, &as_text)?;
        sheet.write_string_with_format(0, column, label, &bold)?;
        sheet.write_string_with_format(
            1,
            column,
            import::TEMPLATE_EXAMPLE[usize::from(column)],
            &as_text,
        )?;
    }
    book.save_to_buffer()
}
