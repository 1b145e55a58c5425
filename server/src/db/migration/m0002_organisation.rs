//! Organisation, people and permissions: departments, staff details, role data scopes
//! with custom sets, apps and their enablement, the parameter dictionary, city reference data,
//! the audit log, onboarding and status history.
//!
//! Columns added to existing tables are added one statement each (SQLite's ALTER TABLE takes
//! one change at a time); their foreign keys ride on the column definition.

use super::schema::{index, reference, unique_index};
use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

/// A nullable id column referring to `target`, for ALTER TABLE ADD COLUMN.
fn reference_column(column: &str, target: &str, on_delete: &str) -> ColumnDef {
    big_integer_null(column.to_owned())
        .extra(format!("REFERENCES {target}(id) ON DELETE {on_delete}"))
        .to_owned()
}

fn added_columns() -> Vec<(&'static str, ColumnDef)> {
    vec![
        (
            "organisation",
            string_len("contact_name", 50).default("").to_owned(),
        ),
        ("organisation", string_len_null("contact_mobile", 20)),
        (
            "organisation",
            string_len("address", 200).default("").to_owned(),
        ),
        ("organisation", boolean("enabled").default(true).to_owned()),
        (
            "store_group",
            reference_column("site_id", "city_site", "RESTRICT"),
        ),
        (
            "position",
            reference_column("site_id", "city_site", "CASCADE"),
        ),
        ("role", reference_column("site_id", "city_site", "CASCADE")),
        ("role", reference_column("store_id", "store", "CASCADE")),
        ("role", string_len("remark", 200).default("").to_owned()),
        (
            "user",
            reference_column("department_id", "department", "SET NULL"),
        ),
        ("user", string_len_null("id_number", 18)),
        ("user", string_len_null("bank_card", 30)),
        ("user", small_integer_null("education")),
        ("user", small_integer_null("marital_status")),
        ("user", small_integer("sex").default(0).to_owned()),
        ("user", date_null("entry_date")),
        ("user", string_len("address", 200).default("").to_owned()),
        (
            "user",
            string_len("emergency_contact", 50).default("").to_owned(),
        ),
        ("user", string_len_null("emergency_mobile", 20)),
    ]
}

fn created_at() -> ColumnDef {
    timestamp_with_time_zone("created_at")
}

fn new_tables() -> Vec<TableCreateStatement> {
    use ForeignKeyAction::{Cascade, Restrict, SetNull};
    vec![
        Table::create()
            .table("department")
            .col(big_pk_auto("id"))
            .col(big_integer("site_id"))
            .col(big_integer("organisation_id"))
            .col(big_integer_null("store_group_id"))
            .col(big_integer_null("store_id"))
            .col(big_integer_null("parent_id"))
            .col(string_len("name", 50))
            .col(integer("sort").default(0))
            .col(created_at())
            .foreign_key(&mut reference(
                "department",
                "site_id",
                "city_site",
                Restrict,
            ))
            .foreign_key(&mut reference(
                "department",
                "organisation_id",
                "organisation",
                Restrict,
            ))
            .foreign_key(&mut reference(
                "department",
                "store_group_id",
                "store_group",
                SetNull,
            ))
            .foreign_key(&mut reference("department", "store_id", "store", Restrict))
            .foreign_key(&mut reference(
                "department",
                "parent_id",
                "department",
                Restrict,
            ))
            .to_owned(),
        Table::create()
            .table("role_scope_department")
            .col(big_integer("role_id"))
            .col(big_integer("department_id"))
            .primary_key(Index::create().col("role_id").col("department_id"))
            .foreign_key(&mut reference(
                "role_scope_department",
                "role_id",
                "role",
                Cascade,
            ))
            .foreign_key(&mut reference(
                "role_scope_department",
                "department_id",
                "department",
                Cascade,
            ))
            .to_owned(),
        Table::create()
            .table("role_scope_store")
            .col(big_integer("role_id"))
            .col(big_integer("store_id"))
            .primary_key(Index::create().col("role_id").col("store_id"))
            .foreign_key(&mut reference(
                "role_scope_store",
                "role_id",
                "role",
                Cascade,
            ))
            .foreign_key(&mut reference(
                "role_scope_store",
                "store_id",
                "store",
                Cascade,
            ))
            .to_owned(),
        Table::create()
            .table("app")
            .col(big_pk_auto("id"))
            .col(string_len_uniq("code", 30))
            .col(string_len("name", 50))
            .col(small_integer("app_type"))
            .col(string_len("icon", 50).default(""))
            .col(string_len("description", 200).default(""))
            .col(integer("sort").default(0))
            .col(boolean("enabled").default(true))
            .col(created_at())
            .to_owned(),
        Table::create()
            .table("app_enablement")
            .col(big_pk_auto("id"))
            .col(big_integer("app_id"))
            .col(big_integer("site_id"))
            .col(big_integer_null("organisation_id"))
            .col(boolean("enabled"))
            .col(timestamp_with_time_zone("updated_at"))
            .foreign_key(&mut reference("app_enablement", "app_id", "app", Cascade))
            .foreign_key(&mut reference(
                "app_enablement",
                "site_id",
                "city_site",
                Cascade,
            ))
            .foreign_key(&mut reference(
                "app_enablement",
                "organisation_id",
                "organisation",
                Cascade,
            ))
            .to_owned(),
        Table::create()
            .table("dictionary")
            .col(big_pk_auto("id"))
            .col(big_integer("site_id"))
            .col(big_integer("organisation_id"))
            .col(string_len("dict_key", 50))
            .col(string_len("label", 50))
            .col(string_len("value_type", 10))
            .col(text("value"))
            .col(string_len("remark", 200).default(""))
            .col(created_at())
            .col(timestamp_with_time_zone("updated_at"))
            .foreign_key(&mut reference(
                "dictionary",
                "site_id",
                "city_site",
                Cascade,
            ))
            .foreign_key(&mut reference(
                "dictionary",
                "organisation_id",
                "organisation",
                Cascade,
            ))
            .to_owned(),
        Table::create()
            .table("listing_role")
            .col(big_pk_auto("id"))
            .col(big_integer("site_id"))
            .col(string_len("name", 50))
            .col(integer("ratio").default(0))
            .col(integer("sort").default(0))
            .col(string_len("remark", 200).default(""))
            .col(created_at())
            .foreign_key(&mut reference(
                "listing_role",
                "site_id",
                "city_site",
                Cascade,
            ))
            .to_owned(),
        Table::create()
            .table("district")
            .col(big_pk_auto("id"))
            .col(big_integer("site_id"))
            .col(string_len("name", 50))
            .col(integer("sort").default(0))
            .col(created_at())
            .foreign_key(&mut reference("district", "site_id", "city_site", Cascade))
            .to_owned(),
        Table::create()
            .table("business_circle")
            .col(big_pk_auto("id"))
            .col(big_integer("site_id"))
            .col(big_integer("district_id"))
            .col(string_len("name", 50))
            .col(integer("sort").default(0))
            .col(created_at())
            .foreign_key(&mut reference(
                "business_circle",
                "site_id",
                "city_site",
                Cascade,
            ))
            .foreign_key(&mut reference(
                "business_circle",
                "district_id",
                "district",
                Restrict,
            ))
            .to_owned(),
        Table::create()
            .table("building_type")
            .col(big_pk_auto("id"))
            .col(big_integer("site_id"))
            .col(string_len("name", 50))
            .col(integer("sort").default(0))
            .col(string_len("remark", 200).default(""))
            .col(created_at())
            .foreign_key(&mut reference(
                "building_type",
                "site_id",
                "city_site",
                Cascade,
            ))
            .to_owned(),
        Table::create()
            .table("audit_log")
            .col(big_pk_auto("id"))
            .col(big_integer_null("actor_id"))
            .col(string_len("actor_name", 50))
            .col(timestamp_with_time_zone("at"))
            .col(string_len("entity", 30))
            .col(big_integer("entity_id"))
            .col(string_len("action", 20))
            .col(text_null("before"))
            .col(text_null("after"))
            .col(big_integer_null("site_id"))
            .col(big_integer_null("organisation_id"))
            .col(big_integer_null("store_id"))
            .foreign_key(&mut reference("audit_log", "actor_id", "user", SetNull))
            .to_owned(),
        Table::create()
            .table("enrollment")
            .col(big_pk_auto("id"))
            .col(big_integer("user_id"))
            .col(big_integer_null("site_id"))
            .col(big_integer_null("organisation_id"))
            .col(big_integer_null("store_group_id"))
            .col(big_integer_null("store_id"))
            .col(big_integer_null("department_id"))
            .col(string_len("status", 20))
            .col(string_len_null("target_status", 30))
            .col(string_len("reject_reason", 200).default(""))
            .col(big_integer_null("started_by"))
            .col(big_integer_null("decided_by"))
            .col(timestamp_with_time_zone_null("submitted_at"))
            .col(timestamp_with_time_zone_null("decided_at"))
            .col(created_at())
            .col(timestamp_with_time_zone("updated_at"))
            .foreign_key(&mut reference("enrollment", "user_id", "user", Cascade))
            .foreign_key(&mut reference("enrollment", "started_by", "user", SetNull))
            .foreign_key(&mut reference("enrollment", "decided_by", "user", SetNull))
            .to_owned(),
        Table::create()
            .table("status_change")
            .col(big_pk_auto("id"))
            .col(string_len("entity", 30))
            .col(big_integer("entity_id"))
            .col(string_len("action", 20))
            .col(string_len("from_status", 30))
            .col(string_len("to_status", 30))
            .col(string_len("reason", 200).default(""))
            .col(big_integer_null("actor_id"))
            .col(timestamp_with_time_zone("at"))
            .foreign_key(&mut reference("status_change", "actor_id", "user", SetNull))
            .to_owned(),
    ]
}

fn indexes() -> Vec<IndexCreateStatement> {
    vec![
        index("department", &["organisation_id"]),
        index("department", &["parent_id"]),
        unique_index("user", &["id_number"]),
        index("user", &["department_id"]),
        index("user", &["organisation_id"]),
        index("role", &["organisation_id"]),
        index("app_enablement", &["app_id", "site_id"]),
        unique_index("dictionary", &["organisation_id", "dict_key"]),
        unique_index("listing_role", &["site_id", "name"]),
        unique_index("district", &["site_id", "name"]),
        unique_index("business_circle", &["district_id", "name"]),
        unique_index("building_type", &["site_id", "name"]),
        index("audit_log", &["at"]),
        index("audit_log", &["entity", "entity_id"]),
        index("enrollment", &["user_id"]),
        index("status_change", &["entity", "entity_id"]),
    ]
}

/// Placement columns of existing rows, and the data-scope codes of the first schema's roles.
const BACKFILL: [&str; 9] = [
    "UPDATE store_group SET site_id = (SELECT o.site_id FROM organisation o WHERE o.id = store_group.organisation_id)",
    "UPDATE position SET site_id = (SELECT o.site_id FROM organisation o WHERE o.id = position.organisation_id) WHERE organisation_id IS NOT NULL",
    "UPDATE role SET site_id = (SELECT o.site_id FROM organisation o WHERE o.id = role.organisation_id) WHERE organisation_id IS NOT NULL",
    "UPDATE role SET data_scope = 'ALL' WHERE data_scope = 'all'",
    "UPDATE role SET data_scope = 'CITY_SITE' WHERE data_scope = 'site'",
    "UPDATE role SET data_scope = 'COMPANY' WHERE data_scope = 'company'",
    "UPDATE role SET data_scope = 'STORE_GROUP' WHERE data_scope = 'store_group'",
    "UPDATE role SET data_scope = 'STORE' WHERE data_scope = 'store'",
    "UPDATE role SET data_scope = 'SELF' WHERE data_scope = 'self'",
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // Departments first: a staff column refers to them.
        let mut tables = new_tables().into_iter();
        if let Some(department) = tables.next() {
            manager.create_table(department).await?;
        }
        for (table, mut column) in added_columns() {
            manager
                .alter_table(
                    Table::alter()
                        .table(table.to_owned())
                        .add_column(&mut column)
                        .to_owned(),
                )
                .await?;
        }
        for table in tables {
            manager.create_table(table).await?;
        }
        for index in indexes() {
            manager.create_index(index).await?;
        }
        let db = manager.get_connection();
        for statement in BACKFILL {
            db.execute_unprepared(statement).await?;
        }
        Ok(())
    }

    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }
}

#[cfg(test)]
mod tests {
    use sea_orm::{ConnectionTrait, Database, Statement};
    use sea_orm_migration::MigratorTrait;

    use super::super::Migrator;

    /// A database written by the first schema and seed keeps working after this step: placement
    /// columns are filled from the organisation and the old data-scope codes become core's.
    #[tokio::test]
    async fn a_first_schema_database_is_upgraded_in_place() {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}?mode=rwc", dir.path().join("old.db").display());
        let db = Database::connect(url.as_str()).await.unwrap();
        Migrator::up(&db, Some(1)).await.unwrap();
        for statement in [
            "INSERT INTO city_site (id, name, code, sort, enabled, created_at) VALUES (1, '杭州', 'hangzhou', 0, TRUE, '2026-01-01T00:00:00Z')",
            "INSERT INTO organisation (id, site_id, name, scope, created_at) VALUES (1, 1, '安居经纪', 2, '2026-01-01T00:00:00Z')",
            "INSERT INTO store_group (id, organisation_id, name, created_at) VALUES (1, 1, '西湖片区', '2026-01-01T00:00:00Z')",
            "INSERT INTO position (id, organisation_id, name, sort, created_at) VALUES (1, 1, '店长', 0, '2026-01-01T00:00:00Z')",
            "INSERT INTO role (id, code, name, data_scope, organisation_id, created_at) VALUES (1, 'manager', '店长', 'store', 1, '2026-01-01T00:00:00Z')",
            "INSERT INTO role (id, code, name, data_scope, organisation_id, created_at) VALUES (2, 'city', '城市运营', 'site', NULL, '2026-01-01T00:00:00Z')",
        ] {
            db.execute_unprepared(statement).await.unwrap();
        }
        Migrator::up(&db, None).await.unwrap();
        let row = |sql: &str| {
            let db = &db;
            let sql = sql.to_owned();
            async move {
                db.query_one_raw(Statement::from_string(db.get_database_backend(), sql))
                    .await
                    .unwrap()
                    .unwrap()
            }
        };
        let group = row("SELECT site_id FROM store_group WHERE id = 1").await;
        assert_eq!(
            group.try_get::<Option<i64>>("", "site_id").unwrap(),
            Some(1)
        );
        let position = row("SELECT site_id FROM position WHERE id = 1").await;
        assert_eq!(
            position.try_get::<Option<i64>>("", "site_id").unwrap(),
            Some(1)
        );
        let manager = row("SELECT data_scope, site_id, remark FROM role WHERE id = 1").await;
        assert_eq!(
            manager.try_get::<String>("", "data_scope").unwrap(),
            "STORE"
        );
        assert_eq!(
            manager.try_get::<Option<i64>>("", "site_id").unwrap(),
            Some(1)
        );
        assert_eq!(manager.try_get::<String>("", "remark").unwrap(), "");
        let city = row("SELECT data_scope, site_id FROM role WHERE id = 2").await;
        assert_eq!(
            city.try_get::<String>("", "data_scope").unwrap(),
            "CITY_SITE"
        );
        assert_eq!(city.try_get::<Option<i64>>("", "site_id").unwrap(), None);
        let company = row("SELECT enabled, address FROM organisation WHERE id = 1").await;
        assert!(company.try_get::<bool>("", "enabled").unwrap());
    }
}
