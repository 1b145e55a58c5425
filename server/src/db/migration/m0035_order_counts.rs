//! The commission list's total at 300,000 orders (issue 11): PostgreSQL counted every order the
//! caller reads at each page (an index-only count of 200,000–300,000 entries, 60–95 ms at load).
//! `commission_order_count` keeps how many orders sit at each placement (site, company, store
//! group, store, department, agent; 0 where absent) in each status, kept by triggers on
//! `commission_order` in the writing transaction — every writer (routes, the demo seed, a bulk
//! load) moves it alike — and filled here from the orders already written.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;
use sea_orm_migration::sea_orm::{ConnectionTrait, DbBackend};

use super::schema::unique_index;

#[derive(DeriveMigrationName)]
pub struct Migration;

const KEY: &str =
    "site_id, organisation_id, store_group_id, store_id, department_id, agent_id, status";

/// The cell of the order `row` (`NEW` or `OLD`) as values, in [`KEY`]'s order.
fn cell(row: &str) -> String {
    format!(
        "{row}.site_id, {row}.organisation_id, COALESCE({row}.store_group_id, 0), \
         COALESCE({row}.store_id, 0), COALESCE({row}.department_id, 0), {row}.agent_id, \
         {row}.status"
    )
}

/// The cell of `OLD`, as a condition.
fn is_old() -> String {
    "site_id = OLD.site_id AND organisation_id = OLD.organisation_id \
     AND store_group_id = COALESCE(OLD.store_group_id, 0) AND store_id = COALESCE(OLD.store_id, 0) \
     AND department_id = COALESCE(OLD.department_id, 0) AND agent_id = OLD.agent_id \
     AND status = OLD.status"
        .to_owned()
}

fn count_new() -> String {
    format!(
        "INSERT INTO commission_order_count ({KEY}, orders) VALUES ({}, 1) \
         ON CONFLICT ({KEY}) DO UPDATE SET orders = commission_order_count.orders + 1",
        cell("NEW")
    )
}

fn uncount_old() -> String {
    format!(
        "UPDATE commission_order_count SET orders = orders - 1 WHERE {}",
        is_old()
    )
}

/// What a move changes: the status or the placement.
const MOVED: &str =
    "status, site_id, organisation_id, store_group_id, store_id, department_id, agent_id";

fn triggers(backend: DbBackend) -> Vec<String> {
    match backend {
        DbBackend::Sqlite => vec![
            format!(
                "CREATE TRIGGER commission_order_counted_in AFTER INSERT ON commission_order \
                 BEGIN {}; END",
                count_new()
            ),
            format!(
                "CREATE TRIGGER commission_order_counted_out AFTER DELETE ON commission_order \
                 BEGIN {}; END",
                uncount_old()
            ),
            format!(
                "CREATE TRIGGER commission_order_counted_moved AFTER UPDATE OF {MOVED} \
                 ON commission_order BEGIN {}; {}; END",
                uncount_old(),
                count_new()
            ),
        ],
        _ => vec![
            format!(
                "CREATE FUNCTION commission_order_counted() RETURNS trigger AS $$ BEGIN \
                 IF TG_OP IN ('UPDATE', 'DELETE') THEN {}; END IF; \
                 IF TG_OP IN ('UPDATE', 'INSERT') THEN {}; END IF; \
                 RETURN NULL; END $$ LANGUAGE plpgsql",
                uncount_old(),
                count_new()
            ),
            format!(
                "CREATE TRIGGER commission_order_counted AFTER INSERT OR DELETE OR UPDATE OF \
                 {MOVED} ON commission_order FOR EACH ROW EXECUTE FUNCTION commission_order_counted()"
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
                    .table("commission_order_count")
                    .col(big_pk_auto("id"))
                    .col(big_integer("site_id"))
                    .col(big_integer("organisation_id"))
                    .col(big_integer("store_group_id"))
                    .col(big_integer("store_id"))
                    .col(big_integer("department_id"))
                    .col(big_integer("agent_id"))
                    .col(small_integer("status"))
                    .col(big_integer("orders"))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(unique_index(
                "commission_order_count",
                &[
                    "site_id",
                    "organisation_id",
                    "store_group_id",
                    "store_id",
                    "department_id",
                    "agent_id",
                    "status",
                ],
            ))
            .await?;
        let db = manager.get_connection();
        db.execute_unprepared(&format!(
            "INSERT INTO commission_order_count ({KEY}, orders) \
             SELECT site_id, organisation_id, COALESCE(store_group_id, 0), COALESCE(store_id, 0), \
             COALESCE(department_id, 0), agent_id, status, COUNT(*) FROM commission_order \
             GROUP BY site_id, organisation_id, COALESCE(store_group_id, 0), COALESCE(store_id, 0), \
             COALESCE(department_id, 0), agent_id, status"
        ))
        .await?;
        for statement in triggers(manager.get_database_backend()) {
            db.execute_unprepared(&statement).await?;
        }
        Ok(())
    }
}
