//! Leads (线索) and their batch imports. A lead in the pool (待分配) keeps only its city and
//! company; a lead an agent follows sits at the agent's seat, like a private listing. A batch
//! import is a row of its own, polled by the batch page for its progress and per-row results.
//!
//! Idempotence: a lead from an import keeps the hash of its cleaned row (`row_key`), unique per
//! company, so the same file imported twice adds nothing the second time.

use super::schema::{index, reference};
use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;
use sea_orm_migration::sea_orm::ConnectionTrait;

#[derive(DeriveMigrationName)]
pub struct Migration;

use ForeignKeyAction::{Restrict, SetNull};

fn lead_import() -> TableCreateStatement {
    Table::create()
        .table("lead_import")
        .col(big_pk_auto("id"))
        .col(big_integer("site_id"))
        .col(big_integer("organisation_id"))
        .col(big_integer_null("store_group_id"))
        .col(big_integer_null("store_id"))
        .col(big_integer_null("department_id"))
        .col(big_integer_null("owner_id"))
        .col(string_len("file_name", 100))
        .col(small_integer("status"))
        .col(integer("total").default(0))
        .col(integer("processed").default(0))
        .col(integer("added").default(0))
        .col(integer("invalid").default(0))
        .col(integer("duplicate").default(0))
        .col(text("results").default(""))
        .col(string_len("message", 200).default(""))
        .col(timestamp_with_time_zone("created_at"))
        .col(timestamp_with_time_zone_null("finished_at"))
        .foreign_key(&mut reference(
            "lead_import",
            "site_id",
            "city_site",
            Restrict,
        ))
        .foreign_key(&mut reference(
            "lead_import",
            "organisation_id",
            "organisation",
            Restrict,
        ))
        .foreign_key(&mut reference("lead_import", "store_id", "store", SetNull))
        .foreign_key(&mut reference("lead_import", "owner_id", "user", SetNull))
        .to_owned()
}

fn lead() -> TableCreateStatement {
    Table::create()
        .table("lead")
        .col(big_pk_auto("id"))
        .col(big_integer("site_id"))
        .col(big_integer("organisation_id"))
        .col(big_integer_null("store_group_id"))
        .col(big_integer_null("store_id"))
        .col(big_integer_null("department_id"))
        .col(big_integer_null("owner_id"))
        .col(string_len("name", 50))
        .col(string_len("phone", 20))
        .col(string_len("phone_key", 20))
        .col(small_integer_null("sex"))
        .col(small_integer_null("demand"))
        .col(string_len("area", 50).default(""))
        .col(big_integer_null("budget"))
        .col(string_len("remark", 200).default(""))
        .col(small_integer("source"))
        .col(string_len("channel", 50).default(""))
        .col(small_integer("status"))
        .col(small_integer_null("invalid_reason"))
        .col(big_integer_null("customer_id"))
        .col(big_integer_null("import_id"))
        .col(string_len_null("row_key", 64))
        .col(big_integer_null("entered_by"))
        .col(timestamp_with_time_zone("created_at"))
        .col(timestamp_with_time_zone("updated_at"))
        .foreign_key(&mut reference("lead", "site_id", "city_site", Restrict))
        .foreign_key(&mut reference(
            "lead",
            "organisation_id",
            "organisation",
            Restrict,
        ))
        .foreign_key(&mut reference("lead", "store_id", "store", SetNull))
        .foreign_key(&mut reference("lead", "owner_id", "user", SetNull))
        .foreign_key(&mut reference("lead", "entered_by", "user", SetNull))
        .foreign_key(&mut reference("lead", "import_id", "lead_import", SetNull))
        .to_owned()
}

/// One import of a row per company, whatever the engine.
const ONE_PER_ROW: &str = "CREATE UNIQUE INDEX idx_lead_row_key ON lead (organisation_id, row_key)";

/// The lead pool's new actions `(code, name, sort)`, added to a database whose menu was written
/// before them (a new database gets them with the whole tree when it is seeded). No role is
/// granted them here: administrators grant them in 权限设置.
const NEW_ACTIONS: [(&str, &str, i32); 4] = [
    ("assign", "分配", 4),
    ("claim", "认领", 5),
    ("invalidate", "标记无效", 6),
    ("convert", "转为客户", 7),
];

fn add_action((code, name, sort): (&str, &str, i32)) -> String {
    format!(
        "INSERT INTO menu_action (menu_id, code, name, perms, sort) \
         SELECT id, '{code}', '{name}', 'work:crm:clue:{code}', {sort} FROM menu \
         WHERE perms = 'work:crm:clue:list' AND NOT EXISTS \
         (SELECT 1 FROM menu_action WHERE perms = 'work:crm:clue:{code}')"
    )
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.create_table(lead_import()).await?;
        manager.create_table(lead()).await?;
        for (table, columns) in [
            ("lead", &["organisation_id", "status", "created_at"][..]),
            ("lead", &["organisation_id", "phone_key"][..]),
            ("lead", &["store_id", "created_at"][..]),
            ("lead", &["owner_id"][..]),
            ("lead_import", &["organisation_id", "created_at"][..]),
        ] {
            manager.create_index(index(table, columns)).await?;
        }
        let db = manager.get_connection();
        db.execute_unprepared(ONE_PER_ROW).await?;
        for action in NEW_ACTIONS {
            db.execute_unprepared(&add_action(action)).await?;
        }
        Ok(())
    }

    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }
}
