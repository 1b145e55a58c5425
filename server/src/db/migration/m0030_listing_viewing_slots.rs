//! 看房时间: a listing of either trade keeps the §3 weekday × time-of-day slots it can be viewed
//! in (core `viewingSlot` codes, sorted, comma-separated; empty when none is given). Rows
//! written before it have none.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table("listing")
                    .add_column(string_len("viewing_slots", 100).default("").to_owned())
                    .to_owned(),
            )
            .await
    }

    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }
}
