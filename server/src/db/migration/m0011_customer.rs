//! Customers (客户): the customer with its place in the organisation (its owner agent's seat
//! while private, the company alone while in the public pool), its follow-ups and its viewings
//! (带看) of listings and new-home projects. Status and pool moves are written to
//! `status_change` like every other status.
//!
//! The phone is kept as typed and as the key it is de-duplicated by (core
//! `customer::phone::normalise`); the de-duplication itself depends on the company's scope
//! setting and is checked in the add's transaction.

use super::schema::{index, reference};
use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;
use sea_orm_migration::sea_orm::ConnectionTrait;

#[derive(DeriveMigrationName)]
pub struct Migration;

use ForeignKeyAction::{Cascade, Restrict, SetNull};

fn customer() -> TableCreateStatement {
    Table::create()
        .table("customer")
        .col(big_pk_auto("id"))
        .col(big_integer("site_id"))
        .col(big_integer("organisation_id"))
        .col(big_integer_null("store_group_id"))
        .col(big_integer_null("store_id"))
        .col(big_integer_null("department_id"))
        .col(big_integer_null("owner_id"))
        .col(string_len("name", 50))
        .col(small_integer("sex"))
        .col(string_len("phone", 20))
        .col(string_len("phone_key", 20))
        .col(string_len("phone2", 20).default(""))
        .col(string_len("phone2_key", 20).default(""))
        .col(small_integer("level"))
        .col(small_integer("demand"))
        .col(big_integer_null("budget_min"))
        .col(big_integer_null("budget_max"))
        .col(big_integer_null("area_min"))
        .col(big_integer_null("area_max"))
        .col(string_len("district_ids", 200).default(""))
        .col(string_len("circle_ids", 200).default(""))
        .col(small_integer_null("rooms"))
        .col(small_integer("source"))
        .col(small_integer("status"))
        .col(small_integer("pool"))
        .col(string_len("tags", 100).default(""))
        .col(text("remark").default(""))
        .col(big_integer_null("entered_by"))
        .col(timestamp_with_time_zone("last_activity_at"))
        .col(timestamp_with_time_zone_null("last_follow_up_at"))
        .col(date_null("next_follow_up_on"))
        .col(timestamp_with_time_zone("created_at"))
        .col(timestamp_with_time_zone("updated_at"))
        .foreign_key(&mut reference("customer", "site_id", "city_site", Restrict))
        .foreign_key(&mut reference(
            "customer",
            "organisation_id",
            "organisation",
            Restrict,
        ))
        .foreign_key(&mut reference("customer", "store_id", "store", SetNull))
        .foreign_key(&mut reference("customer", "owner_id", "user", SetNull))
        .foreign_key(&mut reference("customer", "entered_by", "user", SetNull))
        .to_owned()
}

fn follow_up() -> TableCreateStatement {
    Table::create()
        .table("customer_follow_up")
        .col(big_pk_auto("id"))
        .col(big_integer("customer_id"))
        .col(big_integer_null("user_id"))
        .col(small_integer("way"))
        .col(string_len("content", 500))
        .col(date_null("next_on"))
        .col(timestamp_with_time_zone("at"))
        .foreign_key(&mut reference(
            "customer_follow_up",
            "customer_id",
            "customer",
            Cascade,
        ))
        .foreign_key(&mut reference(
            "customer_follow_up",
            "user_id",
            "user",
            SetNull,
        ))
        .to_owned()
}

/// A viewing (带看) of one second-hand listing or new-home project, led by `user_id` with an
/// optional colleague along.
fn viewing() -> TableCreateStatement {
    Table::create()
        .table("customer_viewing")
        .col(big_pk_auto("id"))
        .col(big_integer("customer_id"))
        .col(small_integer("kind"))
        .col(big_integer_null("listing_id"))
        .col(big_integer_null("project_id"))
        .col(big_integer_null("user_id"))
        .col(big_integer_null("companion_id"))
        .col(timestamp_with_time_zone("at"))
        .col(string_len("feedback", 500).default(""))
        .col(timestamp_with_time_zone("created_at"))
        .foreign_key(&mut reference(
            "customer_viewing",
            "customer_id",
            "customer",
            Cascade,
        ))
        .foreign_key(&mut reference(
            "customer_viewing",
            "listing_id",
            "listing",
            Cascade,
        ))
        .foreign_key(&mut reference(
            "customer_viewing",
            "project_id",
            "new_home_project",
            Cascade,
        ))
        .foreign_key(&mut reference(
            "customer_viewing",
            "user_id",
            "user",
            SetNull,
        ))
        .foreign_key(&mut reference(
            "customer_viewing",
            "companion_id",
            "user",
            SetNull,
        ))
        .to_owned()
}

/// The customer list's new actions `(code, name, sort)`, added to a database whose menu was
/// written before them (a new database gets them with the whole tree when it is seeded). No
/// role is granted them here: administrators grant them in 权限设置.
const NEW_ACTIONS: [(&str, &str, i32); 5] = [
    ("claim", "认领", 4),
    ("transfer", "转移", 5),
    ("viewPhone", "查看电话", 6),
    ("followUp", "写跟进", 7),
    ("viewing", "写带看", 8),
];

fn add_action((code, name, sort): (&str, &str, i32)) -> String {
    format!(
        "INSERT INTO menu_action (menu_id, code, name, perms, sort) \
         SELECT id, '{code}', '{name}', 'work:crm:customer:{code}', {sort} FROM menu \
         WHERE perms = 'work:crm:customer:list' AND NOT EXISTS \
         (SELECT 1 FROM menu_action WHERE perms = 'work:crm:customer:{code}')"
    )
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [customer(), follow_up(), viewing()] {
            manager.create_table(table).await?;
        }
        for (table, columns) in [
            ("customer", &["organisation_id", "created_at"][..]),
            ("customer", &["store_id", "created_at"][..]),
            ("customer", &["owner_id", "pool"][..]),
            ("customer", &["organisation_id", "phone_key"][..]),
            ("customer", &["organisation_id", "phone2_key"][..]),
            ("customer", &["pool", "last_activity_at"][..]),
            ("customer", &["next_follow_up_on"][..]),
            ("customer_follow_up", &["customer_id", "at"][..]),
            ("customer_viewing", &["customer_id", "at"][..]),
            ("customer_viewing", &["listing_id"][..]),
            ("customer_viewing", &["project_id"][..]),
        ] {
            manager.create_index(index(table, columns)).await?;
        }
        let db = manager.get_connection();
        for action in NEW_ACTIONS {
            db.execute_unprepared(&add_action(action)).await?;
        }
        Ok(())
    }

    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }
}
