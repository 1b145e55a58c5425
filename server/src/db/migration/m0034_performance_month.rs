//! 业绩 kept per month (issue 11: the summary for a company and a month at 100,000 settled deals
//! read kept sums, not a month's split lines): `performance_month`, one cell per level (a person
//! at their seat, a store, a company), kind (contract or new-home deal), China-time month and
//! placement (0 where absent), with the fen of the settled lines there and how many deals have a
//! line there; filled here from the lines already settled, then kept by `deal::performance`.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;
use sea_orm_migration::sea_orm::{ConnectionTrait, DbBackend};

use super::schema::unique_index;

#[derive(DeriveMigrationName)]
pub struct Migration;

/// `YYYY-MM` in China time of the instant in `column`, as SQL of the engine (the kept months of
/// 业绩 and of settled orders, m0037, are cut alike).
pub fn china_month(backend: DbBackend, column: &str) -> String {
    match backend {
        // The stored instant is `YYYY-MM-DDTHH:MM:SS[.fraction]+00:00`: whole seconds, in China.
        DbBackend::Sqlite => format!("strftime('%Y-%m', substr({column}, 1, 19), '+8 hours')"),
        _ => format!("to_char(({column} AT TIME ZONE 'UTC') + interval '8 hours', 'YYYY-MM')"),
    }
}

/// The statements that fill `performance_month` from the settled lines (the bench's generator
/// runs the same after writing its lines).
pub fn back_fill(backend: DbBackend) -> Vec<String> {
    let month = china_month(backend, "settled_at");
    // (kind, table, deal column, fen column, company, person)
    let sources = [
        (
            1,
            "deal_split",
            "contract_id",
            "amount",
            "organisation_id",
            "user_id",
        ),
        (
            2,
            "new_home_deal_share",
            "deal_id",
            "amount_fen",
            "COALESCE(organisation_id, 0)",
            "COALESCE(user_id, 0)",
        ),
    ];
    // (level, the placement kept, as the select's columns)
    let levels = [
        (1, "store_group_id, store_id, department_id, user_id"),
        (2, "store_group_id, store_id, 0, 0"),
        (3, "0, 0, 0, 0"),
    ];
    let mut statements = vec!["DELETE FROM performance_month".to_owned()];
    for (kind, table, deal, fen, company, person) in sources {
        for (level, kept) in levels {
            let group = match level {
                1 => {
                    "month, site_id, organisation_id, store_group_id, store_id, department_id, user_id"
                }
                2 => "month, site_id, organisation_id, store_group_id, store_id",
                _ => "month, site_id, organisation_id",
            };
            statements.push(format!(
                "INSERT INTO performance_month (level, kind, month, site_id, organisation_id, \
                 store_group_id, store_id, department_id, user_id, amount, deals) \
                 SELECT {level}, {kind}, month, site_id, organisation_id, {kept}, \
                 CAST(SUM(fen) AS BIGINT), COUNT(DISTINCT deal) FROM (SELECT {month} AS month, \
                 site_id, {company} AS organisation_id, COALESCE(store_group_id, 0) AS store_group_id, \
                 COALESCE(store_id, 0) AS store_id, COALESCE(department_id, 0) AS department_id, \
                 {person} AS user_id, {fen} AS fen, {deal} AS deal FROM {table} \
                 WHERE settled_at IS NOT NULL) lines GROUP BY {group}"
            ));
        }
    }
    statements
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table("performance_month")
                    .col(big_pk_auto("id"))
                    .col(small_integer("level"))
                    .col(small_integer("kind"))
                    .col(string_len("month", 7))
                    .col(big_integer("site_id"))
                    .col(big_integer("organisation_id"))
                    .col(big_integer("store_group_id"))
                    .col(big_integer("store_id"))
                    .col(big_integer("department_id"))
                    .col(big_integer("user_id"))
                    .col(big_integer("amount"))
                    .col(big_integer("deals"))
                    .to_owned(),
            )
            .await?;
        // The cell's key; the summary reads a level's month by it.
        manager
            .create_index(unique_index(
                "performance_month",
                &[
                    "level",
                    "kind",
                    "month",
                    "site_id",
                    "organisation_id",
                    "store_group_id",
                    "store_id",
                    "department_id",
                    "user_id",
                ],
            ))
            .await?;
        let db = manager.get_connection();
        for statement in back_fill(manager.get_database_backend()) {
            db.execute_unprepared(&statement).await?;
        }
        Ok(())
    }
}
