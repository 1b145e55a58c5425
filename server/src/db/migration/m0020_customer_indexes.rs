//! The index that keeps the customer list fast at 200,000 customers (issue 10, "Scale";
//! figures in docs/benchmarks.md). The list filters by demand and level, the planned follow-up
//! (待跟进: on or before today) and the budget range, and reads as the caller's scope lets it
//! (an OR over the placement columns and the public pool), newest first with its total: one
//! index holds every column of that WHERE and of the order, so the total and the page's keys
//! are read from the index alone and only the page's rows are then fetched.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

/// Demand and level by equality, the follow-up date as the range, the rest filtered inside the
/// index.
const FILTERED_LIST: [&str; 14] = [
    "demand",
    "level",
    "next_follow_up_on",
    "budget_min",
    "budget_max",
    "created_at",
    "id",
    "site_id",
    "organisation_id",
    "store_group_id",
    "store_id",
    "department_id",
    "owner_id",
    "pool",
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let mut index = Index::create();
        index
            .name("idx_customer_filtered_list")
            .table("customer".to_owned());
        for column in FILTERED_LIST {
            index.col(column.to_owned());
        }
        manager.create_index(index.to_owned()).await
    }

    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }
}
