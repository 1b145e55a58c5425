//! The vectors of knowledge points (`knowledge_vector`, one row per point), kept when an
//! OpenAI-compatible embeddings endpoint is configured: the model that made the vector, the
//! hash of the text embedded and the point's `updated_at` it was made from (a point edited
//! since is embedded again), the vector itself (little-endian `f32`, unit length) or the error
//! the endpoint gave, and when it was last attempted. Points are found by knowledge base and
//! by their last change, so the retrieval cache can tell cheaply whether a base changed.

use sea_orm_migration::prelude::ForeignKeyAction::Cascade;
use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

use super::schema::{index, reference};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table("knowledge_vector")
                    .col(big_integer("point_id").primary_key())
                    .col(big_integer("knowledge_id"))
                    .col(string_len("model", 100))
                    .col(string_len("text_hash", 64))
                    .col(timestamp_with_time_zone("point_updated_at"))
                    .col(integer("dims"))
                    .col(blob("vector"))
                    .col(string_len_null("error", 500))
                    .col(timestamp_with_time_zone("attempted_at"))
                    .foreign_key(&mut reference(
                        "knowledge_vector",
                        "point_id",
                        "knowledge_point",
                        Cascade,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index("knowledge_vector", &["knowledge_id", "attempted_at"]))
            .await?;
        manager
            .create_index(index("knowledge_point", &["knowledge_id", "updated_at"]))
            .await?;
        manager
            .create_index(index("knowledge_point", &["updated_at"]))
            .await?;
        Ok(())
    }
}
