//! Small pieces every organisation endpoint uses: the `{id}` body, timestamps as epoch
//! milliseconds, reading the name and count look-ups that `Unscoped` answers, a column
//! among many given values, and typed text matched by LIKE.

use std::collections::HashMap;

use sea_orm::ColumnTrait;
use sea_orm::sea_query::{Expr, ExprTrait, IntoColumnRef, LikeExpr, Query, SimpleExpr, Value};
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

/// `column = id`, or `column IS NULL` without one: rows under the same parent (or at the top),
/// of the same store (or none).
pub fn same_or_none<C: ColumnTrait>(column: C, id: Option<i64>) -> SimpleExpr {
    match id {
        Some(id) => column.eq(id),
        None => column.is_null(),
    }
}

/// `column IN (SELECT column1 FROM (VALUES (?), (?), …))`: the rows whose `column` is one of
/// many given values (a batch's phones or row keys), as a join the engines can answer by the
/// column's index or by hashing the values. A plain `IN (?, ?, …)` of hundreds of parameters
/// is, in PostgreSQL's generic plan of a prepared statement, tested value by value against
/// every row the plan reads: right after a big import, before autovacuum has counted the new
/// rows, that took 0.5 s per 500 keys (docs/benchmarks.md, the lead import). `values` must
/// not be empty.
pub fn among<C, V>(column: C, values: impl IntoIterator<Item = V>) -> SimpleExpr
where
    C: ColumnTrait,
    V: Into<Value>,
{
    column.in_subquery(
        Query::select()
            .column("column1")
            .from_values(values.into_iter().map(Into::into), "given")
            .to_owned(),
    )
}

/// Typed text as a LIKE pattern's literal part: `%`, `_` and the escape `\` itself escaped, so
/// that a search for `100%` or `a_b` finds those characters and not every row.
fn like_literal(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, '%' | '_' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// Where typed text is to be found in a column.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Found {
    Anywhere,
    AtStart,
    AtEnd,
}

/// The LIKE pattern of typed text found `at` a place, escaped (`ESCAPE '\'`).
pub fn like_pattern(text: &str, at: Found) -> LikeExpr {
    let text = like_literal(text);
    let pattern = match at {
        Found::Anywhere => format!("%{text}%"),
        Found::AtStart => format!("{text}%"),
        Found::AtEnd => format!("%{text}"),
    };
    LikeExpr::new(pattern).escape('\\')
}

/// `column LIKE '%text%' ESCAPE '\'`: every keyword search of the server matches typed text
/// through this (or [`like`] for a start or an end), never by a raw pattern.
pub fn contains(column: impl IntoColumnRef, text: &str) -> SimpleExpr {
    like(column, text, Found::Anywhere)
}

/// `column LIKE pattern ESCAPE '\'` of typed text found `at` a place.
pub fn like(column: impl IntoColumnRef, text: &str, at: Found) -> SimpleExpr {
    Expr::col(column).like(like_pattern(text, at))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_wildcards_are_characters() {
        assert_eq!(like_literal("100%"), "100\\%");
        assert_eq!(like_literal("a_b\\c"), "a\\_b\\\\c");
        assert_eq!(like_literal("西湖"), "西湖");
    }
}
