//! Small pieces every organisation endpoint uses: the `{id}` body, timestamps as epoch
//! milliseconds, and reading the name and count look-ups that `Unscoped` answers.

use std::collections::HashMap;

use serde::Deserialize;
use utoipa::ToSchema;

/// A body naming one record.
#[derive(Debug, Deserialize, ToSchema)]
pub struct IdRequest {
    pub id: i64,
}

/// Epoch milliseconds, as every timestamp crosses the API.
pub fn millis(at: chrono::DateTime<chrono::Utc>) -> i64 {
    at.timestamp_millis()
}

/// The name of `id` in a look-up, empty when absent.
pub fn name_of(names: &HashMap<i64, String>, id: Option<i64>) -> String {
    id.and_then(|id| names.get(&id).cloned())
        .unwrap_or_default()
}

/// The count for `id` in a look-up, 0 when absent.
pub fn count_of(counts: &HashMap<i64, i64>, id: i64) -> i64 {
    counts.get(&id).copied().unwrap_or_default()
}
