//! Indexes led by the company for what a general manager reads of a whole company (issues 10
//! and 11, "Scale"; figures in docs/benchmarks.md, `scripts/bench/customers.sh` and
//! `deals.sh`). The company scope is `organisation_id = ?`, and for it an engine would rather
//! read an index led by the company than those of m0020 and m0023 (led by what the list
//! filters, orders or ranges by), even one that makes it read the whole company:
//!
//! - the customer list: PostgreSQL walked `(organisation_id, created_at)` newest first on a
//!   first page and filtered every customer of the company (344 ms at 200,000); here the
//!   company, demand and level by equality, then the order, then every other column the
//!   list's filter and scope test, so that walk reads only matching entries, from the index;
//! - 佣金结算: SQLite read every order of the company by `(organisation_id, settled_at)` and
//!   sorted them (300,000) for a page of ten; here the company, then the order, then what the
//!   scope and the status filter test.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

/// `(name, table, columns)`.
const INDEXES: [(&str, &str, &[&str]); 2] = [
    // The customer list: the company, demand and level by equality, newest first, the rest
    // filtered inside the index.
    (
        "idx_customer_company_list",
        "customer",
        &[
            "organisation_id",
            "demand",
            "level",
            "created_at",
            "id",
            "next_follow_up_on",
            "budget_min",
            "budget_max",
            "site_id",
            "store_group_id",
            "store_id",
            "department_id",
            "owner_id",
            "pool",
        ],
    ),
    // The commission list: the company's orders newest first, by status.
    (
        "idx_commission_order_company_list",
        "commission_order",
        &[
            "organisation_id",
            "created_at",
            "id",
            "site_id",
            "store_group_id",
            "store_id",
            "department_id",
            "agent_id",
            "status",
        ],
    ),
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for (name, table, columns) in INDEXES {
            let mut index = Index::create();
            index.name(name).table(table.to_owned());
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
