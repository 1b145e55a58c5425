//! Keeps every point's vector current while an embeddings endpoint is configured: a worker
//! finds the points with no vector, one made by another model, or one made from an older text
//! (the point's `updated_at` moved), and embeds them in batches of
//! [`embedding::BATCH_SIZE`]. A point whose text is unchanged (same hash) keeps its vector.
//! When the endpoint fails, each point of the batch records the error (its vector stage reads
//! 失败 with the reason) and the worker moves on; a failed point is tried again when it is
//! edited or ten minutes later, so nothing waits forever.
//!
//! `knowledge_vector` is derived from the points, like an index: it belongs to no one and is
//! written only here, by statements of its own.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, Utc};
use sea_orm::{ConnectionTrait, DatabaseBackend, DatabaseConnection, Statement, Value};
use serde::Serialize;
use sha2::{Digest, Sha256};
use tokio::sync::Notify;
use utoipa::ToSchema;

use brokerdesk_core::knowledge::VectorStage;

use super::embedding::{self, Embedder};
use crate::error::AppError;

/// A failed point is tried again after this long.
const RETRY_AFTER: Duration = Duration::from_secs(600);
/// With nothing changed the worker still looks this often (for failures due a retry).
const FULL_LOOK_EVERY: Duration = Duration::from_secs(60);
/// How often the worker checks whether any point changed.
const POLL: Duration = Duration::from_millis(500);

/// `text` with `$1`, `$2`… placeholders, as the backend writes them (SQLite: `?`, in order, so
/// each placeholder is used once and in order).
pub fn statement(backend: DatabaseBackend, text: &str, values: Vec<Value>) -> Statement {
    let text = if backend == DatabaseBackend::Postgres {
        text.to_owned()
    } else {
        let mut out = String::with_capacity(text.len());
        let mut chars = text.chars().peekable();
        while let Some(c) = chars.next() {
            if c == '$' && chars.peek().is_some_and(char::is_ascii_digit) {
                while chars.peek().is_some_and(char::is_ascii_digit) {
                    chars.next();
                }
                out.push('?');
            } else {
                out.push(c);
            }
        }
        out
    };
    Statement::from_sql_and_values(backend, text, values)
}

/// What is embedded of a point: its question, extra indexes and answer.
pub fn text_of(question: &str, indexes: &[String], answer: &str) -> String {
    let mut text = question.trim().to_owned();
    for index in indexes {
        text.push('\n');
        text.push_str(index.trim());
    }
    text.push('\n');
    text.push_str(answer.trim());
    text
}

fn hash(text: &str) -> String {
    hex::encode(Sha256::digest(text.as_bytes()))
}

/// Where a point's vector stands (core `knowledgeVectorStage`).
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = KnowledgeVectorStage)]
pub struct Stage {
    /// `waiting` (not embedded yet, or edited since), `done`, `failed`.
    pub stage: String,
    /// 待向量化, 已向量化, 失败.
    pub stage_name: String,
    /// Why it failed, in Chinese.
    pub error: Option<String>,
    /// When a failed point is tried again (milliseconds), unless it is edited before.
    pub retry_at: Option<i64>,
}

/// The vector stage of each of `point_ids` for `model`.
pub async fn stages<C: ConnectionTrait>(
    db: &C,
    model: &str,
    point_ids: &[i64],
) -> Result<HashMap<i64, Stage>, AppError> {
    if point_ids.is_empty() {
        return Ok(HashMap::new());
    }
    let list = point_ids
        .iter()
        .map(i64::to_string)
        .collect::<Vec<_>>()
        .join(",");
    let rows = db
        .query_all_raw(statement(
            db.get_database_backend(),
            &format!(
                "SELECT p.id AS id, v.error AS error, v.attempted_at AS attempted_at, \
                 CASE WHEN v.point_id IS NULL OR v.model <> $1 OR v.point_updated_at <> p.updated_at THEN 0 ELSE 1 END AS fresh \
                 FROM knowledge_point p LEFT JOIN knowledge_vector v ON v.point_id = p.id \
                 WHERE p.id IN ({list})"
            ),
            vec![model.into()],
        ))
        .await?;
    let retry_after = chrono::Duration::from_std(RETRY_AFTER).unwrap_or_default();
    let mut found = HashMap::new();
    for row in rows {
        let id: i64 = row.try_get("", "id")?;
        let error: Option<String> = row.try_get("", "error")?;
        let attempted: Option<DateTime<Utc>> = row.try_get("", "attempted_at")?;
        let fresh: i32 = row.try_get("", "fresh")?;
        let stage = VectorStage::of(fresh != 0, error.is_some());
        let failed = stage == VectorStage::Failed;
        found.insert(
            id,
            Stage {
                stage: stage.code().to_owned(),
                stage_name: stage.label().to_owned(),
                error: error.filter(|_| failed),
                retry_at: attempted
                    .filter(|_| failed)
                    .map(|at| crate::shared::millis(at + retry_after)),
            },
        );
    }
    Ok(found)
}

/// A point due to be embedded.
struct Due {
    id: i64,
    knowledge_id: i64,
    updated_at: DateTime<Utc>,
    text: String,
    /// The hash and model of the vector it has, if a good one.
    had: Option<(String, String)>,
}

async fn due(
    db: &DatabaseConnection,
    model: &str,
    now: DateTime<Utc>,
) -> Result<Vec<Due>, AppError> {
    let retry_before = now - chrono::Duration::from_std(RETRY_AFTER).unwrap_or_default();
    let rows = db
        .query_all_raw(statement(
            db.get_database_backend(),
            "SELECT p.id AS id, p.knowledge_id AS knowledge_id, p.question AS question, \
             p.answer AS answer, p.indexes AS indexes, p.updated_at AS updated_at, \
             v.text_hash AS text_hash, v.model AS model, v.error AS error \
             FROM knowledge_point p LEFT JOIN knowledge_vector v ON v.point_id = p.id \
             WHERE v.point_id IS NULL OR v.model <> $1 OR v.point_updated_at <> p.updated_at \
             OR (v.error IS NOT NULL AND v.attempted_at < $2) \
             ORDER BY p.id LIMIT $3",
            vec![
                model.into(),
                retry_before.into(),
                (embedding::BATCH_SIZE as i64).into(),
            ],
        ))
        .await?;
    let mut found = Vec::with_capacity(rows.len());
    for row in rows {
        let question: String = row.try_get("", "question")?;
        let answer: String = row.try_get("", "answer")?;
        let indexes: String = row.try_get("", "indexes")?;
        let text_hash: Option<String> = row.try_get("", "text_hash")?;
        let had_model: Option<String> = row.try_get("", "model")?;
        let error: Option<String> = row.try_get("", "error")?;
        found.push(Due {
            id: row.try_get("", "id")?,
            knowledge_id: row.try_get("", "knowledge_id")?,
            updated_at: row.try_get("", "updated_at")?,
            text: text_of(&question, &super::indexes_of(&indexes), &answer),
            had: match (text_hash, had_model, error) {
                (Some(hash), Some(model), None) => Some((hash, model)),
                _ => None,
            },
        });
    }
    Ok(found)
}

async fn write(
    db: &DatabaseConnection,
    point: &Due,
    model: &str,
    text_hash: &str,
    vector: Result<&[f32], &str>,
    now: DateTime<Utc>,
) -> Result<(), AppError> {
    let (dims, bytes, error) = match vector {
        Ok(vector) => (vector.len() as i32, embedding::to_bytes(vector), None),
        Err(reason) => (
            0,
            Vec::new(),
            Some(reason.chars().take(500).collect::<String>()),
        ),
    };
    db.execute_raw(statement(
        db.get_database_backend(),
        "INSERT INTO knowledge_vector (point_id, knowledge_id, model, text_hash, point_updated_at, dims, vector, error, attempted_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) \
         ON CONFLICT (point_id) DO UPDATE SET knowledge_id = excluded.knowledge_id, model = excluded.model, \
         text_hash = excluded.text_hash, point_updated_at = excluded.point_updated_at, dims = excluded.dims, \
         vector = excluded.vector, error = excluded.error, attempted_at = excluded.attempted_at",
        vec![
            point.id.into(),
            point.knowledge_id.into(),
            model.into(),
            text_hash.into(),
            point.updated_at.into(),
            dims.into(),
            bytes.into(),
            error.into(),
            now.into(),
        ],
    ))
    .await?;
    Ok(())
}

/// Marks a point whose text did not change as current again, keeping its vector.
async fn keep(db: &DatabaseConnection, point: &Due) -> Result<(), AppError> {
    db.execute_raw(statement(
        db.get_database_backend(),
        "UPDATE knowledge_vector SET point_updated_at = $1 WHERE point_id = $2",
        vec![point.updated_at.into(), point.id.into()],
    ))
    .await?;
    Ok(())
}

/// Embeds one batch of due points; answers the points it settled (none: none was due).
pub async fn embed_due(
    db: &DatabaseConnection,
    embedder: &Embedder,
    now: DateTime<Utc>,
) -> Result<Vec<i64>, AppError> {
    let model = embedder.model().to_owned();
    let points = due(db, &model, now).await?;
    let mut to_embed = Vec::new();
    for point in &points {
        let text_hash = hash(&point.text);
        match &point.had {
            Some((had_hash, had_model)) if *had_hash == text_hash && *had_model == model => {
                keep(db, point).await?;
            }
            _ => to_embed.push((point, text_hash)),
        }
    }
    let settled: Vec<i64> = points.iter().map(|p| p.id).collect();
    if to_embed.is_empty() {
        return Ok(settled);
    }
    let texts: Vec<String> = to_embed.iter().map(|(p, _)| p.text.clone()).collect();
    match embedder.embed(&texts).await {
        Ok(vectors) => {
            for ((point, text_hash), vector) in to_embed.iter().zip(&vectors) {
                write(db, point, &model, text_hash, Ok(vector), now).await?;
            }
        }
        Err(reason) => {
            tracing::warn!(%reason, points = to_embed.len(), "knowledge points not embedded");
            let reason = format!("向量化失败：{reason}");
            for (point, text_hash) in &to_embed {
                write(db, point, &model, text_hash, Err(&reason), now).await?;
            }
        }
    }
    Ok(settled)
}

/// What changes whenever a point is added, edited or removed.
async fn points_signature(db: &DatabaseConnection) -> Result<String, AppError> {
    let row = db
        .query_one_raw(statement(
            db.get_database_backend(),
            "SELECT COUNT(*) AS n, MAX(id) AS top, CAST(MAX(updated_at) AS TEXT) AS last FROM knowledge_point",
            Vec::new(),
        ))
        .await?;
    Ok(match row {
        Some(row) => {
            let n: i64 = row.try_get("", "n")?;
            let top: Option<i64> = row.try_get("", "top")?;
            let last: Option<String> = row.try_get("", "last")?;
            format!("{n}/{top:?}/{last:?}")
        }
        None => String::new(),
    })
}

/// Runs the worker until the process ends: on every change to the points (looked at every
/// half second, or at once when `wake` is notified) it embeds whatever is due, batch after
/// batch.
pub fn spawn(db: DatabaseConnection, embedder: Arc<Embedder>, wake: Arc<Notify>) {
    tokio::spawn(async move {
        let mut seen = String::new();
        let mut last_full = tokio::time::Instant::now();
        loop {
            let signature = match points_signature(&db).await {
                Ok(signature) => signature,
                Err(error) => {
                    tracing::warn!(%error, "knowledge vectors: points not read");
                    String::new()
                }
            };
            if signature != seen || last_full.elapsed() >= FULL_LOOK_EVERY {
                last_full = tokio::time::Instant::now();
                let mut previous = Vec::new();
                loop {
                    match embed_due(&db, &embedder, Utc::now()).await {
                        Ok(settled) if settled.is_empty() => {
                            seen = signature.clone();
                            break;
                        }
                        // The same points due again right after being written: never spin.
                        Ok(settled) if settled == previous => {
                            tracing::warn!(?settled, "knowledge vectors: points stay due");
                            seen = signature.clone();
                            break;
                        }
                        Ok(settled) => previous = settled,
                        Err(error) => {
                            tracing::warn!(%error, "knowledge vectors: batch not written");
                            break;
                        }
                    }
                }
            }
            tokio::select! {
                _ = tokio::time::sleep(POLL) => {}
                _ = wake.notified() => {}
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sqlite_gets_question_marks_in_order() {
        let s = statement(
            DatabaseBackend::Sqlite,
            "a = $1 AND b = $2 OR c = $10",
            vec![1.into(), 2.into(), 3.into()],
        );
        assert_eq!(s.sql, "a = ? AND b = ? OR c = ?");
        let p = statement(DatabaseBackend::Postgres, "a = $1", vec![1.into()]);
        assert_eq!(p.sql, "a = $1");
    }

    #[test]
    fn the_embedded_text_holds_question_indexes_and_answer() {
        let text = text_of(" 怎么报备 ", &["报备流程".to_owned()], "登录后点击报备");
        assert_eq!(text, "怎么报备\n报备流程\n登录后点击报备");
    }
}
