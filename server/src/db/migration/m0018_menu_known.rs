//! The permission codes a database has ever been given (`menu_known`). At every start the
//! server adds the pages and actions of core's default tree whose codes are not known yet (a
//! release's new pages reach an existing database), while an entry an administrator removed in
//! 路由配置 stays removed: its code is known.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;
use sea_orm_migration::sea_orm::ConnectionTrait;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table("menu_known")
                    .col(string_len("perms", 200).primary_key())
                    .to_owned(),
            )
            .await?;
        // What the database has now is known; what it lacks comes at the next start.
        manager
            .get_connection()
            .execute_unprepared(
                "INSERT INTO menu_known (perms) \
                 SELECT perms FROM menu WHERE perms <> '' \
                 UNION SELECT perms FROM menu_action WHERE perms <> ''",
            )
            .await?;
        Ok(())
    }

    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }
}
