//! The indexes that keep 佣金结算 and 业绩 fast at 300,000 contracts (issue 11; figures in
//! docs/benchmarks.md, `scripts/bench/deals.sh`). Both read as the caller's scope lets them (an
//! OR over the placement columns): each index leads with the column the route orders or ranges
//! by and holds every placement column and what is summed, so the list walks it newest first and
//! stops at its page, its total and a month's sums are read from the index alone.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

const PLACEMENT: [&str; 5] = [
    "site_id",
    "organisation_id",
    "store_group_id",
    "store_id",
    "department_id",
];

/// `(name, table, leading columns, trailing columns)`: the placement columns go between.
const INDEXES: [(&str, &str, &[&str], &[&str]); 3] = [
    // The commission list: newest first, by status.
    (
        "idx_commission_order_list",
        "commission_order",
        &["created_at", "id"],
        &["agent_id", "status"],
    ),
    // What the orders settled in a month received.
    (
        "idx_commission_order_settled",
        "commission_order",
        &["settled_at"],
        &["agent_id", "paid"],
    ),
    // A month's performance by person, store or company.
    (
        "idx_deal_split_settled",
        "deal_split",
        &["settled_at"],
        &["user_id", "amount", "contract_id"],
    ),
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for (name, table, leading, trailing) in INDEXES {
            let mut index = Index::create();
            index.name(name).table(table.to_owned());
            for column in leading
                .iter()
                .chain(PLACEMENT.iter())
                .chain(trailing.iter())
            {
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
