//! The functions over the brokerage's own data an assistant may call (listing search, customer
//! lookup, deal and performance summaries), as a JSON array of function names on the assistant;
//! and, on each chat log entry, the calls its answer made (name, arguments, outcome), so an
//! administrator can see what the model was told.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // SQLite alters one column per statement.
        for (table, column) in [("assistant", "functions"), ("chat_log", "function_calls")] {
            manager
                .alter_table(
                    Table::alter()
                        .table(table)
                        .add_column(text(column).default("[]"))
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }

    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }
}
