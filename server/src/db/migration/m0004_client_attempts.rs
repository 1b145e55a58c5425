//! Failed logins and sent codes per client address, so abuse is limited per address instead of
//! locking an account for everyone.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

const TABLE: &str = "client_attempt";

fn index(columns: &[&str]) -> IndexCreateStatement {
    let mut statement = Index::create();
    statement
        .name(format!("idx_{TABLE}_{}", columns.join("_")))
        .table(TABLE.to_owned());
    for column in columns {
        statement.col((*column).to_owned());
    }
    statement.to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(TABLE)
                    .col(big_pk_auto("id"))
                    .col(string_len("kind", 20))
                    .col(string_len("address", 64))
                    .col(string_len_null("username", 64))
                    .col(timestamp_with_time_zone("at"))
                    .to_owned(),
            )
            .await?;
        for columns in [
            &["kind", "address", "at"][..],
            &["kind", "username", "at"][..],
            &["at"][..],
        ] {
            manager.create_index(index(columns)).await?;
        }
        Ok(())
    }

    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }
}
