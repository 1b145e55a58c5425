//! 知识库 (/adminConfig/aiHelper/knowledge): knowledge bases, their data sets and question–answer
//! points, the manual entry of points and the test search (检索测试) with its history, under
//! the spec's `/api/v1/chat/Knowledge/` paths. The retrieval the assistants answer from is
//! [`retrieval::search`].
//!
//! Knowledge bases are global configuration: they belong to no organisation, so only a caller
//! reaching everything (the global admin) writes them, like the app catalogue; reading needs the
//! knowledge pages.

pub mod abandoned;
pub mod bases;
pub mod batch;
pub mod bm25;
pub mod content;
pub mod dialogue;
pub mod embedding;
pub mod fee;
pub mod files;
pub mod import;
pub mod index;
pub mod retrieval;
pub mod search;
pub mod vectors;
pub mod web;

use axum::extract::{FromRequestParts, Path};
use axum::http::request::Parts;
use brokerdesk_core::knowledge::identity;
use sha2::{Digest, Sha256};
use utoipa_axum::router::OpenApiRouter;

use crate::AppState;
use crate::error::AppError;

/// Where every path of this module lives (spec §7).
pub const BASE: &str = "/api/v1/chat/Knowledge";

pub fn router() -> OpenApiRouter<AppState> {
    bases::router()
        .merge(content::router())
        .merge(import::router())
        .merge(batch::router())
        .merge(fee::router())
        .merge(dialogue::router())
        .merge(search::router())
        .merge(web::router())
}

/// The `{id}` of a path such as `knowledge/del/{id}`; anything but a whole number is refused in
/// Chinese like a bad body field.
pub struct PathId(pub i64);

impl<S: Send + Sync> FromRequestParts<S> for PathId {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, AppError> {
        let Path(raw) = Path::<String>::from_request_parts(parts, state)
            .await
            .map_err(|_| AppError::invalid("id", "路径中的id须为整数"))?;
        raw.trim()
            .parse()
            .map(PathId)
            .map_err(|_| AppError::invalid("id", "路径中的id须为整数"))
    }
}

/// The content hash two points are the same by: SHA-256 of core's identity text, hex.
pub fn content_hash(question: &str, answer: &str) -> String {
    hex::encode(Sha256::digest(identity(question, answer).as_bytes()))
}

/// The extra indexes as stored (a JSON array) and read back.
pub fn indexes_text(indexes: &[String]) -> String {
    serde_json::to_string(indexes).unwrap_or_else(|_| "[]".to_owned())
}

pub fn indexes_of(stored: &str) -> Vec<String> {
    serde_json::from_str(stored).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_question_and_answer_hash_alike_whatever_their_spacing() {
        assert_eq!(
            content_hash("怎么报备？ ", "登录后  点击报备"),
            content_hash("怎么报备？", "登录后 点击报备")
        );
        assert_ne!(
            content_hash("怎么报备？", "甲"),
            content_hash("怎么报备", "甲")
        );
        assert_eq!(content_hash("a", "b").len(), 64);
    }

    #[test]
    fn indexes_round_trip_through_their_stored_text() {
        let given = vec!["带看".to_owned(), "看房".to_owned()];
        assert_eq!(indexes_of(&indexes_text(&given)), given);
        assert!(indexes_of("not json").is_empty());
    }
}
