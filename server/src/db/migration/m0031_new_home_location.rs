//! Where a new-home project is (经度, 纬度), for the map of its detail page, like a community's.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // One column per statement: SQLite alters one at a time.
        for column in [double_null("lng"), double_null("lat")] {
            manager
                .alter_table(
                    Table::alter()
                        .table("new_home_project")
                        .add_column(column)
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }
}
