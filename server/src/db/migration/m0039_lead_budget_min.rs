//! A lead's budget may be a range (`200-300万`, as portals and callers give it): the lower bound
//! beside the upper one the `budget` column keeps, so 转为客户 carries both to the customer.

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
                    .table("lead")
                    .add_column(big_integer_null("budget_min"))
                    .to_owned(),
            )
            .await
    }
}
