//! A listing's photos (`listing_photo`): which stored picture (its SHA-256, the file under the
//! data directory's `photos/`), its place in the gallery, whether it is the cover and what it
//! shows (core `photoCategory`). One picture once per listing; the same bytes on two listings
//! are one file.

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
                    .table("listing_photo")
                    .col(big_pk_auto("id"))
                    .col(big_integer("listing_id"))
                    .col(string_len("hash", 64))
                    .col(string_len("kind", 8))
                    .col(big_integer("byte_size"))
                    .col(integer("width"))
                    .col(integer("height"))
                    .col(small_integer("category"))
                    .col(integer("sort"))
                    .col(boolean("cover"))
                    .col(big_integer_null("uploaded_by"))
                    .col(timestamp_with_time_zone("created_at"))
                    .foreign_key(&mut reference(
                        "listing_photo",
                        "listing_id",
                        "listing",
                        Cascade,
                    ))
                    .foreign_key(&mut reference(
                        "listing_photo",
                        "uploaded_by",
                        "user",
                        SetNull,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(unique_index("listing_photo", &["listing_id", "hash"]))
            .await?;
        manager
            .create_index(index("listing_photo", &["listing_id", "sort"]))
            .await?;
        manager
            .create_index(index("listing_photo", &["hash"]))
            .await?;
        Ok(())
    }

    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }
}
