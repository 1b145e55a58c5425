//! A listing's key (`listing_key`, one per listing): its type (core `keyType`), the store and
//! person keeping it, its number and a remark, and whether it is lent out (core `keyStatus`,
//! moved only by `UPDATE … WHERE status = from`); and its loans (`listing_key_loan`): who took
//! it, for what and which customer, when it is due back and when it came back.

use sea_orm_migration::prelude::ForeignKeyAction::{Cascade, SetNull};
use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

use super::schema::{index, reference, unique_index};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table("listing_key")
                    .col(big_pk_auto("id"))
                    .col(big_integer("listing_id"))
                    .col(small_integer("key_type"))
                    .col(string_len("key_no", 20))
                    .col(string_len("remark", 200))
                    .col(big_integer_null("store_id"))
                    .col(big_integer_null("holder_id"))
                    .col(small_integer("status"))
                    .col(timestamp_with_time_zone("created_at"))
                    .col(timestamp_with_time_zone("updated_at"))
                    .foreign_key(&mut reference(
                        "listing_key",
                        "listing_id",
                        "listing",
                        Cascade,
                    ))
                    .foreign_key(&mut reference("listing_key", "store_id", "store", SetNull))
                    .foreign_key(&mut reference("listing_key", "holder_id", "user", SetNull))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(unique_index("listing_key", &["listing_id"]))
            .await?;
        manager
            .create_table(
                Table::create()
                    .table("listing_key_loan")
                    .col(big_pk_auto("id"))
                    .col(big_integer("key_id"))
                    .col(big_integer("listing_id"))
                    .col(big_integer_null("borrower_id"))
                    .col(string_len("purpose", 50))
                    .col(string_len("customer_name", 20))
                    .col(date("expected_return"))
                    .col(timestamp_with_time_zone("lent_at"))
                    .col(timestamp_with_time_zone_null("returned_at"))
                    .col(big_integer_null("returned_by"))
                    .foreign_key(&mut reference(
                        "listing_key_loan",
                        "key_id",
                        "listing_key",
                        Cascade,
                    ))
                    .foreign_key(&mut reference(
                        "listing_key_loan",
                        "listing_id",
                        "listing",
                        Cascade,
                    ))
                    .foreign_key(&mut reference(
                        "listing_key_loan",
                        "borrower_id",
                        "user",
                        SetNull,
                    ))
                    .foreign_key(&mut reference(
                        "listing_key_loan",
                        "returned_by",
                        "user",
                        SetNull,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index("listing_key_loan", &["listing_id", "lent_at"]))
            .await?;
        Ok(())
    }

    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }
}
