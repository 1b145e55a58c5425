//! The indexes that keep the second-hand list fast at a million listings (issue 9, "Scale";
//! figures in docs/benchmarks.md). The list filters by district, status, price and area and
//! reads as the caller's scope lets it (an OR over the placement columns), newest first with
//! its total: one index holds every column of that WHERE and of the order, so the count is
//! read from the index alone and the page's rows are fetched only once chosen.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

/// District and status by equality, price as the range, the rest filtered inside the index.
const FILTERED_LIST: [&str; 12] = [
    "district_id",
    "status",
    "price",
    "area",
    "created_at",
    "id",
    "site_id",
    "organisation_id",
    "store_group_id",
    "store_id",
    "department_id",
    "maintainer_id",
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let mut index = Index::create();
        index
            .name("idx_listing_filtered_list")
            .table("listing".to_owned());
        for column in FILTERED_LIST {
            index.col(column.to_owned());
        }
        manager.create_index(index.to_owned()).await
    }

    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }
}
