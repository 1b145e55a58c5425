//! Small pieces every organisation endpoint uses: the `{id}` body, timestamps as epoch
//! milliseconds, name look-ups for display columns, and duplicate checks with their message.

use std::collections::HashMap;

use sea_orm::{
    ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter, QuerySelect, Select,
};
use serde::Deserialize;
use utoipa::ToSchema;

use crate::error::AppError;

/// A body naming one record.
#[derive(Debug, Deserialize, ToSchema)]
pub struct IdRequest {
    pub id: i64,
}

/// Epoch milliseconds, as every timestamp crosses the API.
pub fn millis(at: chrono::DateTime<chrono::Utc>) -> i64 {
    at.timestamp_millis()
}

/// `id → name` of some rows of `E`, for display next to the rows that refer to them.
pub async fn names<E, C>(
    db: &C,
    id: E::Column,
    name: E::Column,
    ids: impl IntoIterator<Item = i64>,
) -> Result<HashMap<i64, String>, AppError>
where
    E: EntityTrait,
    C: ConnectionTrait,
{
    let ids: Vec<i64> = ids.into_iter().collect();
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let rows: Vec<(i64, String)> = E::find()
        .select_only()
        .column(id)
        .column(name)
        .filter(id.is_in(ids))
        .into_tuple()
        .all(db)
        .await?;
    Ok(rows.into_iter().collect())
}

/// The name of `id` in a look-up, empty when absent.
pub fn name_of(names: &HashMap<i64, String>, id: Option<i64>) -> String {
    id.and_then(|id| names.get(&id).cloned())
        .unwrap_or_default()
}

/// Refuses with `message` (10000409) when the select finds a row.
pub async fn refuse_if_taken<E, C>(db: &C, select: Select<E>, message: &str) -> Result<(), AppError>
where
    E: EntityTrait,
    E::Model: Sync,
    C: ConnectionTrait,
{
    if select.count(db).await? > 0 {
        Err(AppError::Conflict(message.to_owned()))
    } else {
        Ok(())
    }
}

/// Refuses with `message` (10020006) when the select finds a row that still uses a record.
pub async fn refuse_if_used<E, C>(db: &C, select: Select<E>, message: &str) -> Result<(), AppError>
where
    E: EntityTrait,
    E::Model: Sync,
    C: ConnectionTrait,
{
    if select.count(db).await? > 0 {
        Err(AppError::InUse(message.to_owned()))
    } else {
        Ok(())
    }
}

/// `id → number of rows of E whose column holds it`, for count columns in lists.
pub async fn counts<E, C>(
    db: &C,
    column: E::Column,
    ids: impl IntoIterator<Item = i64>,
) -> Result<HashMap<i64, i64>, AppError>
where
    E: EntityTrait,
    C: ConnectionTrait,
{
    let ids: Vec<i64> = ids.into_iter().collect();
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let rows: Vec<(i64, i64)> = E::find()
        .select_only()
        .column(column)
        .column_as(column.count(), "n")
        .filter(column.is_in(ids))
        .group_by(column)
        .into_tuple()
        .all(db)
        .await?;
    Ok(rows.into_iter().collect())
}

/// The count for `id` in a look-up, 0 when absent.
pub fn count_of(counts: &HashMap<i64, i64>, id: i64) -> i64 {
    counts.get(&id).copied().unwrap_or_default()
}
