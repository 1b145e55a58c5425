//! Rentals (租房) are listings with a trade: the `listing` table gains `trade` (core
//! `houseTrade`, 1 sale for every row already there) and a lease's columns, and the rule of one
//! listing on the market per room and company becomes one per room, company and trade (a home
//! may be for sale and for rent at once). The rental page gains the second-hand page's actions.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;
use sea_orm_migration::sea_orm::ConnectionTrait;

#[derive(DeriveMigrationName)]
pub struct Migration;

/// Statuses still on the market (core `listing::lifecycle::ACTIVE`), per trade.
const ONE_PER_ROOM: [&str; 2] = [
    "DROP INDEX idx_listing_active_room",
    "CREATE UNIQUE INDEX idx_listing_active_room_trade \
     ON listing (room_id, organisation_id, trade) WHERE status IN (1, 2, 3, 4)",
];

/// The rental page takes the second-hand page's lifecycle actions (状态管理, 认领, 查看电话,
/// 写跟进) for a database whose menu was written before them (a new one gets them with the
/// tree). No role is granted them here: administrators grant them in 权限设置.
const RENTAL_ACTIONS: &str = "INSERT INTO menu_action (menu_id, code, name, perms, sort) \
    SELECT rental.id, action.code, action.name, \
    REPLACE(action.perms, 'work:house:old:', 'work:house:rental:'), action.sort \
    FROM menu rental, menu_action action JOIN menu old ON action.menu_id = old.id \
    WHERE rental.perms = 'work:house:rental:list' AND old.perms = 'work:house:old:list' \
    AND action.code IN ('manage', 'claim', 'viewPhone', 'followUp') \
    AND NOT EXISTS (SELECT 1 FROM menu_action taken WHERE taken.perms = \
    REPLACE(action.perms, 'work:house:old:', 'work:house:rental:'))";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // One column a statement: SQLite alters a table one column at a time.
        for column in [
            small_integer("trade").default(1).to_owned(),
            small_integer_null("rent_type"),
            small_integer_null("payment_terms"),
            string_len("facilities", 100).default("").to_owned(),
            date_null("available_from"),
        ] {
            let mut column = column;
            manager
                .alter_table(
                    Table::alter()
                        .table("listing")
                        .add_column(&mut column)
                        .to_owned(),
                )
                .await?;
        }
        manager
            .create_index(
                Index::create()
                    .name("idx_listing_trade_organisation_created_at")
                    .table("listing")
                    .col("trade")
                    .col("organisation_id")
                    .col("created_at")
                    .to_owned(),
            )
            .await?;
        let db = manager.get_connection();
        for statement in ONE_PER_ROOM {
            db.execute_unprepared(statement).await?;
        }
        db.execute_unprepared(RENTAL_ACTIONS).await?;
        Ok(())
    }

    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }
}
