//! The second-hand and rental lists read one `listing` table and filter it by `trade` since
//! rentals joined it, but m0017's filtered-list index has no `trade`: at a million listings
//! SQLite then looked every matching row up to test it (130–200 ms) and PostgreSQL walked
//! `(organisation_id, status, created_at)` newest first through the whole company (3.6 s for
//! the boss's first page; issue 9, "Scale", figures in docs/benchmarks.md). Here:
//!
//! - m0017's index again with `trade` first, so both engines count and page from it alone;
//! - as m0028 did for customers, one led by the company for the boss's scope, which PostgreSQL
//!   walks newest first (it costs a `LIMIT` over `COUNT(*) OVER ()` as if it could stop after
//!   ten rows): the company, trade, district and status by equality, then the order, then what
//!   the filter and the scope test, so that walk reads only the district's entries.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

const FILTERED_LIST: &str = "idx_listing_filtered_list";

/// `(name, columns)` on `listing`.
const INDEXES: [(&str, &[&str]); 2] = [
    (
        FILTERED_LIST,
        &[
            "trade",
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
        ],
    ),
    (
        "idx_listing_company_list",
        &[
            "organisation_id",
            "trade",
            "district_id",
            "status",
            "created_at",
            "id",
            "price",
            "area",
            "site_id",
            "store_group_id",
            "store_id",
            "department_id",
            "maintainer_id",
        ],
    ),
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_index(
                Index::drop()
                    .name(FILTERED_LIST)
                    .table("listing".to_owned())
                    .to_owned(),
            )
            .await?;
        for (name, columns) in INDEXES {
            let mut index = Index::create();
            index.name(name).table("listing".to_owned());
            for column in columns {
                index.col((*column).to_owned());
            }
            manager.create_index(index.to_owned()).await?;
        }
        Ok(())
    }

    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }
}
