//! Second-hand listings (二手房源) on rooms of the community dictionary: the listing with its
//! place in the organisation (the maintainer's seat while private, the company alone while in
//! the public pool), the people in its listing roles, and its follow-ups. Status moves are
//! written to `status_change` like every other status.
//!
//! One room has at most one listing still on the market per company: a partial unique index
//! holds it against two entries at once, whatever the engine.

use super::schema::{index, reference};
use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;
use sea_orm_migration::sea_orm::ConnectionTrait;

#[derive(DeriveMigrationName)]
pub struct Migration;

use ForeignKeyAction::{Cascade, Restrict, SetNull};

fn listing() -> TableCreateStatement {
    Table::create()
        .table("listing")
        .col(big_pk_auto("id"))
        .col(big_integer("site_id"))
        .col(big_integer("organisation_id"))
        .col(big_integer_null("store_group_id"))
        .col(big_integer_null("store_id"))
        .col(big_integer_null("department_id"))
        .col(big_integer_null("maintainer_id"))
        .col(big_integer("room_id"))
        .col(big_integer("community_id"))
        .col(big_integer_null("district_id"))
        .col(big_integer_null("business_circle_id"))
        .col(small_integer("status"))
        .col(small_integer("pool"))
        .col(big_integer("area"))
        .col(small_integer("rooms"))
        .col(small_integer("halls"))
        .col(small_integer("baths"))
        .col(small_integer("floor"))
        .col(small_integer("total_floors"))
        .col(small_integer("orientation"))
        .col(small_integer("decoration"))
        .col(big_integer("price"))
        .col(big_integer("unit_price"))
        .col(small_integer_null("property_term"))
        .col(small_integer_null("building_type"))
        .col(small_integer_null("building_structure"))
        .col(small_integer_null("heating"))
        .col(small_integer_null("water"))
        .col(small_integer_null("electricity"))
        .col(string_len("tags", 100).default(""))
        .col(text("description").default(""))
        .col(string_len("owner_name", 50))
        .col(string_len("owner_phone", 20))
        .col(string_len("owner_phone2", 20).default(""))
        .col(big_integer_null("entered_by"))
        .col(timestamp_with_time_zone("last_activity_at"))
        .col(timestamp_with_time_zone_null("last_follow_up_at"))
        .col(timestamp_with_time_zone("created_at"))
        .col(timestamp_with_time_zone("updated_at"))
        .foreign_key(&mut reference("listing", "site_id", "city_site", Restrict))
        .foreign_key(&mut reference(
            "listing",
            "organisation_id",
            "organisation",
            Restrict,
        ))
        .foreign_key(&mut reference("listing", "store_id", "store", SetNull))
        .foreign_key(&mut reference("listing", "maintainer_id", "user", SetNull))
        .foreign_key(&mut reference("listing", "entered_by", "user", SetNull))
        .foreign_key(&mut reference("listing", "room_id", "room", Restrict))
        .to_owned()
}

fn role_member() -> TableCreateStatement {
    Table::create()
        .table("listing_role_member")
        .col(big_pk_auto("id"))
        .col(big_integer("listing_id"))
        .col(big_integer("listing_role_id"))
        .col(big_integer("user_id"))
        .foreign_key(&mut reference(
            "listing_role_member",
            "listing_id",
            "listing",
            Cascade,
        ))
        .foreign_key(&mut reference(
            "listing_role_member",
            "listing_role_id",
            "listing_role",
            Restrict,
        ))
        .foreign_key(&mut reference(
            "listing_role_member",
            "user_id",
            "user",
            Cascade,
        ))
        .to_owned()
}

fn follow_up() -> TableCreateStatement {
    Table::create()
        .table("listing_follow_up")
        .col(big_pk_auto("id"))
        .col(big_integer("listing_id"))
        .col(big_integer_null("user_id"))
        .col(string_len("content", 500))
        .col(timestamp_with_time_zone("at"))
        .foreign_key(&mut reference(
            "listing_follow_up",
            "listing_id",
            "listing",
            Cascade,
        ))
        .foreign_key(&mut reference(
            "listing_follow_up",
            "user_id",
            "user",
            SetNull,
        ))
        .to_owned()
}

/// Statuses still on the market (core `listing::lifecycle::ACTIVE`).
const ONE_PER_ROOM: &str = "CREATE UNIQUE INDEX idx_listing_active_room \
    ON listing (room_id, organisation_id) WHERE status IN (1, 2, 3, 4)";

/// The second-hand list's new actions `(code, name, sort)`, added to a database whose menu was
/// written before them (a new database gets them with the whole tree when it is seeded). No
/// role is granted them here: administrators grant them in 权限设置.
const NEW_ACTIONS: [(&str, &str, i32); 4] = [
    ("manage", "状态管理", 4),
    ("claim", "认领", 5),
    ("viewPhone", "查看电话", 6),
    ("followUp", "写跟进", 7),
];

fn add_action((code, name, sort): (&str, &str, i32)) -> String {
    format!(
        "INSERT INTO menu_action (menu_id, code, name, perms, sort) \
         SELECT id, '{code}', '{name}', 'work:house:old:{code}', {sort} FROM menu \
         WHERE perms = 'work:house:old:list' AND NOT EXISTS \
         (SELECT 1 FROM menu_action WHERE perms = 'work:house:old:{code}')"
    )
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [listing(), role_member(), follow_up()] {
            manager.create_table(table).await?;
        }
        for (table, columns) in [
            ("listing", &["organisation_id", "status", "created_at"][..]),
            ("listing", &["store_id", "created_at"][..]),
            ("listing", &["maintainer_id"][..]),
            ("listing", &["district_id", "price"][..]),
            ("listing", &["community_id"][..]),
            ("listing", &["pool", "last_activity_at"][..]),
            ("listing_role_member", &["listing_id"][..]),
            ("listing_follow_up", &["listing_id", "at"][..]),
        ] {
            manager.create_index(index(table, columns)).await?;
        }
        let db = manager.get_connection();
        db.execute_unprepared(ONE_PER_ROOM).await?;
        for action in NEW_ACTIONS {
            db.execute_unprepared(&add_action(action)).await?;
        }
        Ok(())
    }

    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }
}
