//! The AI helper's knowledge base: knowledge bases, their data sets (a manual entry or an
//! imported file), the question–answer points with the search terms the retrieval index reads,
//! and the test searches kept per knowledge base.
//!
//! A point's `content_hash` is unique within its knowledge base, so the same question and answer
//! imported twice is stored once.

use super::schema::{index, reference, unique_index};
use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table("knowledge")
                    .col(big_pk_auto("id"))
                    .col(string_len_uniq("name", 50))
                    .col(string_len("description", 200))
                    .col(big_integer_null("created_by"))
                    .col(timestamp_with_time_zone("created_at"))
                    .col(timestamp_with_time_zone("updated_at"))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table("knowledge_data_set")
                    .col(big_pk_auto("id"))
                    .col(big_integer("knowledge_id"))
                    .col(string_len("name", 100))
                    .col(small_integer("source"))
                    .col(timestamp_with_time_zone("created_at"))
                    .col(timestamp_with_time_zone("updated_at"))
                    .foreign_key(&mut reference(
                        "knowledge_data_set",
                        "knowledge_id",
                        "knowledge",
                        ForeignKeyAction::Cascade,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index("knowledge_data_set", &["knowledge_id"]))
            .await?;
        manager
            .create_table(
                Table::create()
                    .table("knowledge_point")
                    .col(big_pk_auto("id"))
                    .col(big_integer("knowledge_id"))
                    .col(big_integer("data_set_id"))
                    .col(text("question"))
                    .col(text("answer"))
                    .col(text("indexes"))
                    .col(text("terms"))
                    .col(string_len("content_hash", 64))
                    .col(timestamp_with_time_zone("created_at"))
                    .col(timestamp_with_time_zone("updated_at"))
                    .foreign_key(&mut reference(
                        "knowledge_point",
                        "knowledge_id",
                        "knowledge",
                        ForeignKeyAction::Cascade,
                    ))
                    .foreign_key(&mut reference(
                        "knowledge_point",
                        "data_set_id",
                        "knowledge_data_set",
                        ForeignKeyAction::Cascade,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(unique_index(
                "knowledge_point",
                &["knowledge_id", "content_hash"],
            ))
            .await?;
        manager
            .create_index(index("knowledge_point", &["data_set_id"]))
            .await?;
        manager
            .create_table(
                Table::create()
                    .table("knowledge_search")
                    .col(big_pk_auto("id"))
                    .col(big_integer("knowledge_id"))
                    .col(string_len("query", 200))
                    .col(integer("top_k"))
                    .col(double("threshold"))
                    .col(text("hits"))
                    .col(big_integer_null("user_id"))
                    .col(timestamp_with_time_zone("created_at"))
                    .foreign_key(&mut reference(
                        "knowledge_search",
                        "knowledge_id",
                        "knowledge",
                        ForeignKeyAction::Cascade,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index("knowledge_search", &["knowledge_id", "created_at"]))
            .await?;
        Ok(())
    }

    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }
}
