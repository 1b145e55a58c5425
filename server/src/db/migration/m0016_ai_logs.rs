//! The AI helper's logs and bindings: a bound knowledge base can be switched off without being
//! unbound; every chat turn keeps its tokens in and out and the asker's vote; the 对话日志 and
//! 使用统计 pages join the AI helper's menu of a database written before them.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;
use sea_orm_migration::sea_orm::{ConnectionTrait, Statement};

#[derive(DeriveMigrationName)]
pub struct Migration;

/// The new pages `(name, icon, path, perms, sort)`, shown pages (type 2, status 2) as core's
/// default tree has them; each gets the read page's 导出 action.
const NEW_PAGES: [(&str, &str, &str, &str, i32); 2] = [
    (
        "对话日志",
        "report",
        "/adminConfig/aiHelper/log",
        "adminConfig:aiHelper:log:list",
        6,
    ),
    (
        "使用统计",
        "statistics",
        "/adminConfig/aiHelper/statistics",
        "adminConfig:aiHelper:statistics:list",
        7,
    ),
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table("assistant_knowledge")
                    .add_column(boolean("enabled").default(true))
                    .to_owned(),
            )
            .await?;
        // One column per statement: SQLite alters one at a time.
        for column in [
            big_integer("tokens_in").default(0).to_owned(),
            big_integer("tokens_out").default(0).to_owned(),
            // Core `chatVote`: 0 none, 1 有用, 2 没用.
            small_integer("vote").default(0).to_owned(),
        ] {
            manager
                .alter_table(
                    Table::alter()
                        .table("chat_log")
                        .add_column(column)
                        .to_owned(),
                )
                .await?;
        }
        manager
            .create_index(
                Index::create()
                    .name("idx_chat_log_created_at")
                    .table("chat_log")
                    .col("created_at")
                    .to_owned(),
            )
            .await?;
        // A new database gets the pages with the whole tree when it is seeded; one written
        // before gets them under its AI helper directory, granted to no role.
        let db = manager.get_connection();
        let backend = db.get_database_backend();
        for (name, icon, path, perms, sort) in NEW_PAGES {
            let view = path.trim_start_matches('/');
            db.execute_raw(Statement::from_string(
                backend,
                format!(
                    "INSERT INTO menu (parent_id, menu_name, menu_icon, menu_type, status, \
                     menu_page, perms, component_path, sort) \
                     SELECT id, '{name}', '{icon}', 2, 2, '{path}', '{perms}', '{view}', {sort} \
                     FROM menu WHERE perms = 'adminConfig:aiHelper' AND NOT EXISTS \
                     (SELECT 1 FROM menu WHERE perms = '{perms}')"
                ),
            ))
            .await?;
            let stem = perms.trim_end_matches(":list");
            db.execute_raw(Statement::from_string(
                backend,
                format!(
                    "INSERT INTO menu_action (menu_id, code, name, perms, sort) \
                     SELECT id, 'export', '导出', '{stem}:export', 0 FROM menu \
                     WHERE perms = '{perms}' AND NOT EXISTS \
                     (SELECT 1 FROM menu_action WHERE perms = '{stem}:export')"
                ),
            ))
            .await?;
        }
        Ok(())
    }

    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }
}
