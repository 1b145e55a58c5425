//! 批量导入 of a knowledge base: one `knowledge_import` row per batch (its status, and how many
//! files and rows are done of how many), and one `knowledge_import_file` row per file (its stage,
//! its error, its own counts, and its content until it is read). The server works through a
//! batch after the request that started it; the page polls its progress and may stop it.

use super::schema::{index, reference};
use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

use ForeignKeyAction::{Cascade, SetNull};

fn knowledge_import() -> TableCreateStatement {
    Table::create()
        .table("knowledge_import")
        .col(big_pk_auto("id"))
        .col(big_integer("knowledge_id"))
        .col(small_integer("status"))
        .col(integer("files_total").default(0))
        .col(integer("files_done").default(0))
        .col(integer("rows_total").default(0))
        .col(integer("rows_done").default(0))
        .col(integer("added").default(0))
        .col(integer("skipped").default(0))
        .col(integer("failed").default(0))
        .col(big_integer_null("created_by"))
        .col(big_integer_null("stopped_by"))
        .col(timestamp_with_time_zone("created_at"))
        .col(timestamp_with_time_zone("updated_at"))
        .col(timestamp_with_time_zone_null("finished_at"))
        .foreign_key(&mut reference(
            "knowledge_import",
            "knowledge_id",
            "knowledge",
            Cascade,
        ))
        .foreign_key(&mut reference(
            "knowledge_import",
            "created_by",
            "user",
            SetNull,
        ))
        .foreign_key(&mut reference(
            "knowledge_import",
            "stopped_by",
            "user",
            SetNull,
        ))
        .to_owned()
}

fn knowledge_import_file() -> TableCreateStatement {
    Table::create()
        .table("knowledge_import_file")
        .col(big_pk_auto("id"))
        .col(big_integer("import_id"))
        .col(integer("seq"))
        .col(string_len("file_name", 100))
        .col(small_integer("stage"))
        .col(string_len("error", 200).default(""))
        .col(integer("rows_total").default(0))
        .col(integer("rows_done").default(0))
        .col(integer("added").default(0))
        .col(integer("skipped").default(0))
        .col(big_integer_null("data_set_id"))
        .col(text("content").default(""))
        .col(text("data").default(""))
        .foreign_key(&mut reference(
            "knowledge_import_file",
            "import_id",
            "knowledge_import",
            Cascade,
        ))
        .foreign_key(&mut reference(
            "knowledge_import_file",
            "data_set_id",
            "knowledge_data_set",
            SetNull,
        ))
        .to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.create_table(knowledge_import()).await?;
        manager.create_table(knowledge_import_file()).await?;
        manager
            .create_index(index("knowledge_import", &["knowledge_id", "created_at"]))
            .await?;
        manager
            .create_index(index("knowledge_import_file", &["import_id", "seq"]))
            .await?;
        Ok(())
    }

    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }
}
