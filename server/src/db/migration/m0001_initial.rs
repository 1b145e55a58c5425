//! The organisation, people, menu and session tables. Money columns, when they come,
//! are integer fen.

use super::schema::{index, reference, unique_index};
use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

fn created_at() -> ColumnDef {
    timestamp_with_time_zone("created_at")
}

fn tables() -> Vec<TableCreateStatement> {
    use ForeignKeyAction::{Cascade, Restrict, SetNull};
    vec![
        Table::create()
            .table("city_site")
            .col(big_pk_auto("id"))
            .col(string_len_uniq("name", 50))
            .col(string_len_uniq("code", 50))
            .col(integer("sort").default(0))
            .col(boolean("enabled").default(true))
            .col(created_at())
            .to_owned(),
        Table::create()
            .table("organisation")
            .col(big_pk_auto("id"))
            .col(big_integer("site_id"))
            .col(string_len("name", 100))
            .col(small_integer("scope"))
            .col(created_at())
            .foreign_key(&mut reference(
                "organisation",
                "site_id",
                "city_site",
                Restrict,
            ))
            .to_owned(),
        Table::create()
            .table("store_group")
            .col(big_pk_auto("id"))
            .col(big_integer("organisation_id"))
            .col(string_len("name", 100))
            .col(created_at())
            .foreign_key(&mut reference(
                "store_group",
                "organisation_id",
                "organisation",
                Restrict,
            ))
            .to_owned(),
        Table::create()
            .table("store")
            .col(big_pk_auto("id"))
            .col(big_integer("organisation_id"))
            .col(big_integer_null("store_group_id"))
            .col(big_integer("site_id"))
            .col(string_len("name", 100))
            .col(string_len("address", 200).default(""))
            .col(created_at())
            .foreign_key(&mut reference(
                "store",
                "organisation_id",
                "organisation",
                Restrict,
            ))
            .foreign_key(&mut reference(
                "store",
                "store_group_id",
                "store_group",
                SetNull,
            ))
            .foreign_key(&mut reference("store", "site_id", "city_site", Restrict))
            .to_owned(),
        Table::create()
            .table("position")
            .col(big_pk_auto("id"))
            .col(big_integer_null("organisation_id"))
            .col(string_len("name", 50))
            .col(integer("sort").default(0))
            .col(created_at())
            .foreign_key(&mut reference(
                "position",
                "organisation_id",
                "organisation",
                Cascade,
            ))
            .to_owned(),
        Table::create()
            .table("role")
            .col(big_pk_auto("id"))
            .col(string_len_uniq("code", 50))
            .col(string_len("name", 50))
            .col(string_len("data_scope", 30))
            .col(big_integer_null("organisation_id"))
            .col(created_at())
            .foreign_key(&mut reference(
                "role",
                "organisation_id",
                "organisation",
                Cascade,
            ))
            .to_owned(),
        Table::create()
            .table("menu")
            .col(big_pk_auto("id"))
            .col(big_integer_null("parent_id"))
            .col(string_len("menu_name", 50))
            .col(string_len("menu_icon", 50).default(""))
            .col(small_integer("menu_type"))
            .col(small_integer("status"))
            .col(string_len("menu_page", 200))
            .col(string_len("component_path", 200).default(""))
            .col(integer("sort").default(0))
            .foreign_key(&mut reference("menu", "parent_id", "menu", Cascade))
            .to_owned(),
        Table::create()
            .table("menu_action")
            .col(big_pk_auto("id"))
            .col(big_integer("menu_id"))
            .col(string_len("code", 50))
            .col(string_len("name", 50))
            .col(integer("sort").default(0))
            .foreign_key(&mut reference("menu_action", "menu_id", "menu", Cascade))
            .to_owned(),
        Table::create()
            .table("role_menu")
            .col(big_integer("role_id"))
            .col(big_integer("menu_id"))
            .primary_key(Index::create().col("role_id").col("menu_id"))
            .foreign_key(&mut reference("role_menu", "role_id", "role", Cascade))
            .foreign_key(&mut reference("role_menu", "menu_id", "menu", Cascade))
            .to_owned(),
        Table::create()
            .table("role_action")
            .col(big_integer("role_id"))
            .col(big_integer("menu_action_id"))
            .primary_key(Index::create().col("role_id").col("menu_action_id"))
            .foreign_key(&mut reference("role_action", "role_id", "role", Cascade))
            .foreign_key(&mut reference(
                "role_action",
                "menu_action_id",
                "menu_action",
                Cascade,
            ))
            .to_owned(),
        Table::create()
            .table("user")
            .col(big_pk_auto("id"))
            .col(string_len_uniq("username", 50))
            .col(string_len("password_hash", 200))
            .col(string_len("real_name", 50))
            .col(string_len_uniq("user_code", 30))
            .col(string_len_null("mobile", 20).unique_key())
            .col(big_integer_null("position_id"))
            .col(big_integer_null("store_id"))
            .col(big_integer_null("store_group_id"))
            .col(big_integer_null("organisation_id"))
            .col(big_integer_null("site_id"))
            .col(string_len("working_status", 30))
            .col(boolean("locked").default(false))
            .col(integer("failed_logins").default(0))
            .col(timestamp_with_time_zone_null("locked_until"))
            .col(created_at())
            .col(timestamp_with_time_zone("updated_at"))
            .foreign_key(&mut reference("user", "position_id", "position", SetNull))
            .foreign_key(&mut reference("user", "store_id", "store", SetNull))
            .foreign_key(&mut reference(
                "user",
                "store_group_id",
                "store_group",
                SetNull,
            ))
            .foreign_key(&mut reference(
                "user",
                "organisation_id",
                "organisation",
                SetNull,
            ))
            .foreign_key(&mut reference("user", "site_id", "city_site", SetNull))
            .to_owned(),
        Table::create()
            .table("user_role")
            .col(big_integer("user_id"))
            .col(big_integer("role_id"))
            .primary_key(Index::create().col("user_id").col("role_id"))
            .foreign_key(&mut reference("user_role", "user_id", "user", Cascade))
            .foreign_key(&mut reference("user_role", "role_id", "role", Cascade))
            .to_owned(),
        Table::create()
            .table("user_site")
            .col(big_integer("user_id"))
            .col(big_integer("site_id"))
            .primary_key(Index::create().col("user_id").col("site_id"))
            .foreign_key(&mut reference("user_site", "user_id", "user", Cascade))
            .foreign_key(&mut reference("user_site", "site_id", "city_site", Cascade))
            .to_owned(),
        Table::create()
            .table("session_token")
            .col(big_pk_auto("id"))
            .col(string_len_uniq("token_hash", 64))
            .col(big_integer("user_id"))
            .col(created_at())
            .col(timestamp_with_time_zone("expires_at"))
            .col(timestamp_with_time_zone_null("revoked_at"))
            .foreign_key(&mut reference("session_token", "user_id", "user", Cascade))
            .to_owned(),
        Table::create()
            .table("verify_code")
            .col(big_pk_auto("id"))
            .col(string_len("mobile", 20))
            .col(string_len("code_hash", 64))
            .col(string_len("purpose", 30))
            .col(created_at())
            .col(timestamp_with_time_zone("expires_at"))
            .col(timestamp_with_time_zone_null("used_at"))
            .col(integer("attempts").default(0))
            .to_owned(),
    ]
}

fn indexes() -> Vec<IndexCreateStatement> {
    vec![
        index("organisation", &["site_id"]),
        index("store_group", &["organisation_id"]),
        index("store", &["organisation_id"]),
        index("menu", &["parent_id"]),
        unique_index("menu_action", &["menu_id", "code"]),
        index("user", &["store_id"]),
        index("session_token", &["user_id"]),
        index("verify_code", &["mobile", "created_at"]),
    ]
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in tables() {
            manager.create_table(table).await?;
        }
        for index in indexes() {
            manager.create_index(index).await?;
        }
        Ok(())
    }

    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }
}
