//! New-home deals are collected through the same commission orders (佣金单) as contracts: an
//! order belongs to a contract or to a new-home deal (`contract_id` becomes optional, the new
//! `new_home_deal_id` names the deal, one order per deal). A deal's performance lines gain the
//! placement of the person they credit (the deal's own seat for the project side's share) and
//! the moment they count (`settled_at`, when the deal's order settles), as contract splits have.
//!
//! SQLite cannot make a column optional in place: `commission_order` is rebuilt (with its
//! receipts kept aside while it is), keeping every id, row and index name.

use super::m0014_contract::{placed, receipt};
use super::schema::{index, reference, unique_index};
use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;
use sea_orm_migration::sea_orm::{ConnectionTrait, DbBackend};

#[derive(DeriveMigrationName)]
pub struct Migration;

use ForeignKeyAction::Restrict;

/// `commission_order` as it is from here on, created under `name`.
fn order(name: &str) -> TableCreateStatement {
    let mut table = Table::create();
    table.table(name.to_owned()).col(big_pk_auto("id"));
    placed(&mut table, "commission_order", "agent_id");
    table
        .col(big_integer_null("contract_id"))
        .col(string_len("code", 40))
        .col(big_integer("receivable"))
        .col(big_integer("paid"))
        .col(small_integer("status"))
        .col(string_len("reason", 200).default(""))
        .col(timestamp_with_time_zone_null("settled_at"))
        .col(timestamp_with_time_zone("created_at"))
        .col(timestamp_with_time_zone("updated_at"))
        .col(big_integer_null("new_home_deal_id"))
        .foreign_key(&mut reference(
            "commission_order",
            "contract_id",
            "deal_contract",
            Restrict,
        ))
        .foreign_key(&mut reference(
            "commission_order",
            "new_home_deal_id",
            "new_home_deal",
            Restrict,
        ));
    table.to_owned()
}

const ORDER_COLUMNS: &str = "id, site_id, organisation_id, store_group_id, store_id, \
    department_id, agent_id, contract_id, code, receivable, paid, status, reason, settled_at, \
    created_at, updated_at";

/// The indexes `commission_order` and `order_receipt` had (m0014), as they were named.
fn order_indexes() -> Vec<IndexCreateStatement> {
    vec![
        unique_index("commission_order", &["contract_id"]),
        index(
            "commission_order",
            &["organisation_id", "status", "created_at"],
        ),
        index("commission_order", &["organisation_id", "settled_at"]),
        index("commission_order", &["store_id", "created_at"]),
        index("order_receipt", &["order_id"]),
    ]
}

async fn rebuild_on_sqlite(manager: &SchemaManager<'_>) -> Result<(), DbErr> {
    let db = manager.get_connection();
    manager.create_table(order("commission_order_next")).await?;
    db.execute_unprepared(&format!(
        "INSERT INTO commission_order_next ({ORDER_COLUMNS}) \
         SELECT {ORDER_COLUMNS} FROM commission_order"
    ))
    .await?;
    db.execute_unprepared("CREATE TABLE order_receipt_kept AS SELECT * FROM order_receipt")
        .await?;
    db.execute_unprepared("DROP TABLE order_receipt").await?;
    db.execute_unprepared("DROP TABLE commission_order").await?;
    db.execute_unprepared("ALTER TABLE commission_order_next RENAME TO commission_order")
        .await?;
    manager.create_table(receipt()).await?;
    db.execute_unprepared("INSERT INTO order_receipt SELECT * FROM order_receipt_kept")
        .await?;
    db.execute_unprepared("DROP TABLE order_receipt_kept")
        .await?;
    for statement in order_indexes() {
        manager.create_index(statement).await?;
    }
    Ok(())
}

async fn alter_on_postgres(manager: &SchemaManager<'_>) -> Result<(), DbErr> {
    let db = manager.get_connection();
    db.execute_unprepared("ALTER TABLE commission_order ALTER COLUMN contract_id DROP NOT NULL")
        .await?;
    db.execute_unprepared(
        "ALTER TABLE commission_order ADD COLUMN new_home_deal_id BIGINT NULL \
         CONSTRAINT fk_commission_order_new_home_deal_id REFERENCES new_home_deal (id) \
         ON DELETE RESTRICT",
    )
    .await?;
    Ok(())
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        match manager.get_database_backend() {
            DbBackend::Sqlite => rebuild_on_sqlite(manager).await?,
            _ => alter_on_postgres(manager).await?,
        }
        manager
            .create_index(unique_index("commission_order", &["new_home_deal_id"]))
            .await?;
        for column in [
            big_integer_null("organisation_id"),
            big_integer_null("store_group_id"),
            big_integer_null("store_id"),
            big_integer_null("department_id"),
            timestamp_with_time_zone_null("settled_at"),
        ] {
            let mut column = column;
            manager
                .alter_table(
                    Table::alter()
                        .table("new_home_deal_share")
                        .add_column(&mut column)
                        .to_owned(),
                )
                .await?;
        }
        // Lines written before: at their deal's seat.
        manager
            .get_connection()
            .execute_unprepared(
                "UPDATE new_home_deal_share SET \
                 organisation_id = (SELECT d.organisation_id FROM new_home_deal d WHERE d.id = deal_id), \
                 store_group_id = (SELECT d.store_group_id FROM new_home_deal d WHERE d.id = deal_id), \
                 store_id = (SELECT d.store_id FROM new_home_deal d WHERE d.id = deal_id), \
                 department_id = (SELECT d.department_id FROM new_home_deal d WHERE d.id = deal_id)",
            )
            .await?;
        for columns in [
            &["organisation_id", "settled_at"][..],
            &["user_id", "settled_at"][..],
        ] {
            manager
                .create_index(index("new_home_deal_share", columns))
                .await?;
        }
        Ok(())
    }

    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }
}
