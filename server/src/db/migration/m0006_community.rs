//! The community dictionary (小区): communities of a city with their aliases, buildings (栋座),
//! units (单元) and rooms (房号). Every row keeps its city (and the rows below a community keep
//! their community), so the scope filter and the listings that refer to a room need no join.
//! The spelling columns serve the suggest query: a prefix range over `(site_id, initials)` or
//! `(site_id, pinyin)`.

use super::schema::{index, reference, unique_index};
use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

fn tables() -> Vec<TableCreateStatement> {
    use ForeignKeyAction::{Cascade, Restrict};
    vec![
        Table::create()
            .table("community")
            .col(big_pk_auto("id"))
            .col(big_integer("site_id"))
            .col(big_integer("district_id"))
            .col(big_integer_null("business_circle_id"))
            .col(string_len("name", 50))
            .col(string_len("pinyin", 300))
            .col(string_len("initials", 60))
            .col(string_len("address", 200).default(""))
            .col(small_integer("property_type"))
            .col(integer_null("build_year"))
            .col(string_len("developer", 100).default(""))
            .col(string_len("property_company", 100).default(""))
            // 物业费 in fen per m² per month; 容积率 and 绿化率 (%) in hundredths.
            .col(big_integer_null("property_fee"))
            .col(integer_null("plot_ratio"))
            .col(integer_null("green_ratio"))
            .col(double_null("lng"))
            .col(double_null("lat"))
            .col(small_integer("offer_status").default(1))
            .col(big_integer_null("created_by"))
            .col(timestamp_with_time_zone("created_at"))
            .col(timestamp_with_time_zone("updated_at"))
            .foreign_key(&mut reference("community", "site_id", "city_site", Cascade))
            .foreign_key(&mut reference(
                "community",
                "district_id",
                "district",
                Restrict,
            ))
            .foreign_key(&mut reference(
                "community",
                "business_circle_id",
                "business_circle",
                Restrict,
            ))
            .to_owned(),
        Table::create()
            .table("community_alias")
            .col(big_pk_auto("id"))
            .col(big_integer("site_id"))
            .col(big_integer("community_id"))
            .col(string_len("name", 50))
            .col(string_len("pinyin", 300))
            .col(string_len("initials", 60))
            .foreign_key(&mut reference(
                "community_alias",
                "community_id",
                "community",
                Cascade,
            ))
            .to_owned(),
        Table::create()
            .table("building")
            .col(big_pk_auto("id"))
            .col(big_integer("site_id"))
            .col(big_integer("community_id"))
            .col(string_len("name", 20))
            .col(integer_null("floors"))
            .col(integer("sort").default(0))
            .col(timestamp_with_time_zone("created_at"))
            .foreign_key(&mut reference(
                "building",
                "community_id",
                "community",
                Restrict,
            ))
            .to_owned(),
        Table::create()
            .table("unit")
            .col(big_pk_auto("id"))
            .col(big_integer("site_id"))
            .col(big_integer("community_id"))
            .col(big_integer("building_id"))
            .col(string_len("name", 20))
            .col(integer("sort").default(0))
            .col(timestamp_with_time_zone("created_at"))
            .foreign_key(&mut reference("unit", "building_id", "building", Restrict))
            .to_owned(),
        Table::create()
            .table("room")
            .col(big_pk_auto("id"))
            .col(big_integer("site_id"))
            .col(big_integer("community_id"))
            .col(big_integer("building_id"))
            .col(big_integer("unit_id"))
            .col(string_len("name", 20))
            .col(integer_null("floor"))
            .col(timestamp_with_time_zone("created_at"))
            .foreign_key(&mut reference("room", "unit_id", "unit", Restrict))
            .to_owned(),
    ]
}

fn indexes() -> Vec<IndexCreateStatement> {
    vec![
        unique_index("community", &["site_id", "name"]),
        index("community", &["site_id", "initials"]),
        index("community", &["site_id", "pinyin"]),
        index("community", &["site_id", "district_id"]),
        unique_index("community_alias", &["community_id", "name"]),
        index("community_alias", &["site_id", "initials"]),
        index("community_alias", &["site_id", "pinyin"]),
        unique_index("building", &["community_id", "name"]),
        unique_index("unit", &["building_id", "name"]),
        unique_index("room", &["unit_id", "name"]),
        index("room", &["community_id"]),
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
