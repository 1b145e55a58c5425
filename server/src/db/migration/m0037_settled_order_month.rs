//! 业绩's reconciliation at 300,000 orders (issue 11): beside the kept sums of m0034 the summary
//! shows what the month's settled orders the caller reads received (`settledOrders`), and summed
//! those orders' `paid` at each call — on SQLite a store manager's scope (an OR over stores, the
//! department, the person) scanned every order. `settled_order_month` keeps, per China-time month
//! of settling and placement of the order (site, company, store group, store, department, agent;
//! 0 where absent), what the settled orders there received. Triggers on `commission_order` keep it
//! in the transaction that writes the money — every writer (a receipt, the demo seed, a bulk
//! load) alike — and it is filled here from the orders already settled.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;
use sea_orm_migration::sea_orm::{ConnectionTrait, DbBackend};

use super::m0034_performance_month::china_month;
use super::schema::unique_index;

#[derive(DeriveMigrationName)]
pub struct Migration;

const KEY: &str =
    "month, site_id, organisation_id, store_group_id, store_id, department_id, agent_id";

/// The cell of the order `row` (`NEW`) as values, in [`KEY`]'s order.
fn cell(backend: DbBackend, row: &str) -> String {
    format!(
        "{}, {row}.site_id, {row}.organisation_id, COALESCE({row}.store_group_id, 0), \
         COALESCE({row}.store_id, 0), COALESCE({row}.department_id, 0), {row}.agent_id",
        china_month(backend, &format!("{row}.settled_at"))
    )
}

/// `NEW`'s receipts added to its cell, when it is settled.
fn add_new(backend: DbBackend) -> String {
    format!(
        "INSERT INTO settled_order_month ({KEY}, paid) SELECT {}, NEW.paid \
         WHERE NEW.settled_at IS NOT NULL \
         ON CONFLICT ({KEY}) DO UPDATE SET paid = settled_order_month.paid + excluded.paid",
        cell(backend, "NEW")
    )
}

/// `OLD`'s receipts taken out of its cell, when it was settled.
fn take_old(backend: DbBackend) -> String {
    format!(
        "UPDATE settled_order_month SET paid = paid - OLD.paid WHERE OLD.settled_at IS NOT NULL \
         AND month = {} AND site_id = OLD.site_id AND organisation_id = OLD.organisation_id \
         AND store_group_id = COALESCE(OLD.store_group_id, 0) \
         AND store_id = COALESCE(OLD.store_id, 0) \
         AND department_id = COALESCE(OLD.department_id, 0) AND agent_id = OLD.agent_id",
        china_month(backend, "OLD.settled_at")
    )
}

/// What moves an order's receipts between cells: settling, the money, the placement.
const MOVED: &str =
    "settled_at, paid, site_id, organisation_id, store_group_id, store_id, department_id, agent_id";

fn triggers(backend: DbBackend) -> Vec<String> {
    match backend {
        DbBackend::Sqlite => vec![
            format!(
                "CREATE TRIGGER commission_order_settled_in AFTER INSERT ON commission_order \
                 BEGIN {}; END",
                add_new(backend)
            ),
            format!(
                "CREATE TRIGGER commission_order_settled_out AFTER DELETE ON commission_order \
                 BEGIN {}; END",
                take_old(backend)
            ),
            format!(
                "CREATE TRIGGER commission_order_settled_moved AFTER UPDATE OF {MOVED} \
                 ON commission_order BEGIN {}; {}; END",
                take_old(backend),
                add_new(backend)
            ),
        ],
        _ => vec![
            format!(
                "CREATE FUNCTION commission_order_settled() RETURNS trigger AS $$ BEGIN \
                 IF TG_OP IN ('UPDATE', 'DELETE') THEN {}; END IF; \
                 IF TG_OP IN ('UPDATE', 'INSERT') THEN {}; END IF; \
                 RETURN NULL; END $$ LANGUAGE plpgsql",
                take_old(backend),
                add_new(backend)
            ),
            format!(
                "CREATE TRIGGER commission_order_settled AFTER INSERT OR DELETE OR UPDATE OF \
                 {MOVED} ON commission_order FOR EACH ROW EXECUTE FUNCTION commission_order_settled()"
            ),
        ],
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table("settled_order_month")
                    .col(big_pk_auto("id"))
                    .col(string_len("month", 7))
                    .col(big_integer("site_id"))
                    .col(big_integer("organisation_id"))
                    .col(big_integer("store_group_id"))
                    .col(big_integer("store_id"))
                    .col(big_integer("department_id"))
                    .col(big_integer("agent_id"))
                    .col(big_integer("paid"))
                    .to_owned(),
            )
            .await?;
        // The cell's key; the summary reads a month's cells by it.
        manager
            .create_index(unique_index(
                "settled_order_month",
                &[
                    "month",
                    "site_id",
                    "organisation_id",
                    "store_group_id",
                    "store_id",
                    "department_id",
                    "agent_id",
                ],
            ))
            .await?;
        let backend = manager.get_database_backend();
        let db = manager.get_connection();
        db.execute_unprepared(&format!(
            "INSERT INTO settled_order_month ({KEY}, paid) \
             SELECT {KEY}, CAST(SUM(paid) AS BIGINT) FROM (SELECT {}, commission_order.paid \
             FROM commission_order WHERE settled_at IS NOT NULL) settled GROUP BY {KEY}",
            cell_columns(backend)
        ))
        .await?;
        for statement in triggers(backend) {
            db.execute_unprepared(&statement).await?;
        }
        Ok(())
    }
}

/// [`cell`] over `commission_order`'s rows, named as [`KEY`].
fn cell_columns(backend: DbBackend) -> String {
    format!(
        "{} AS month, site_id, organisation_id, COALESCE(store_group_id, 0) AS store_group_id, \
         COALESCE(store_id, 0) AS store_id, COALESCE(department_id, 0) AS department_id, agent_id",
        china_month(backend, "commission_order.settled_at")
    )
}
