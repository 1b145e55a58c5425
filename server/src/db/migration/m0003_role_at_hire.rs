//! The roles a hire had when their onboarding was approved, kept on the onboarding record so a
//! finished record keeps saying what they were hired as after their roles change.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[sea_orm_migration::async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table("enrollment")
                    .add_column(text_null("hired_roles"))
                    .to_owned(),
            )
            .await
    }
}
