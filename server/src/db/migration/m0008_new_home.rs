//! New homes (新房): projects placed in a city site, their house types and commission rules, and
//! the companies and stores each project is distributed to. Money in integer fen, areas in
//! hundredths of a square metre, commission rates in basis points.

use super::schema::{index, reference};
use sea_orm_migration::prelude::ForeignKeyAction::{Cascade, Restrict, SetNull};
use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

fn tables() -> Vec<TableCreateStatement> {
    vec![
        Table::create()
            .table("new_home_project")
            .col(big_pk_auto("id"))
            .col(big_integer("site_id"))
            .col(string_len("name", 50))
            .col(small_integer("sale_status"))
            .col(small_integer("property_type"))
            .col(big_integer("district_id"))
            .col(big_integer_null("circle_id"))
            .col(string_len("address", 200))
            .col(string_len("developer", 100).default(""))
            .col(date_null("opening_date"))
            .col(big_integer_null("average_price_fen"))
            .col(small_integer_null("property_term"))
            .col(string_len("selling_points", 500).default(""))
            .col(timestamp_with_time_zone("created_at"))
            .col(timestamp_with_time_zone("updated_at"))
            .foreign_key(&mut reference(
                "new_home_project",
                "site_id",
                "city_site",
                Restrict,
            ))
            .foreign_key(&mut reference(
                "new_home_project",
                "district_id",
                "district",
                Restrict,
            ))
            .foreign_key(&mut reference(
                "new_home_project",
                "circle_id",
                "business_circle",
                SetNull,
            ))
            .to_owned(),
        Table::create()
            .table("new_home_house_type")
            .col(big_pk_auto("id"))
            .col(big_integer("site_id"))
            .col(big_integer("project_id"))
            .col(string_len("name", 50))
            .col(small_integer("rooms"))
            .col(small_integer("halls"))
            .col(small_integer("baths"))
            .col(big_integer("area_min"))
            .col(big_integer("area_max"))
            .col(big_integer_null("price_min_fen"))
            .col(big_integer_null("price_max_fen"))
            .col(small_integer("sale_status"))
            .col(integer("sort").default(0))
            .foreign_key(&mut reference(
                "new_home_house_type",
                "project_id",
                "new_home_project",
                Cascade,
            ))
            .to_owned(),
        Table::create()
            .table("new_home_commission_rule")
            .col(big_pk_auto("id"))
            .col(big_integer("site_id"))
            .col(big_integer("project_id"))
            .col(small_integer("kind"))
            .col(big_integer_null("rate_bp"))
            .col(big_integer_null("amount_fen"))
            .col(date("valid_from"))
            .col(date_null("valid_to"))
            .col(integer("sort").default(0))
            .foreign_key(&mut reference(
                "new_home_commission_rule",
                "project_id",
                "new_home_project",
                Cascade,
            ))
            .to_owned(),
        Table::create()
            .table("new_home_distribution")
            .col(big_pk_auto("id"))
            .col(big_integer("site_id"))
            .col(big_integer("project_id"))
            .col(big_integer("organisation_id"))
            .col(big_integer_null("store_id"))
            .col(timestamp_with_time_zone("created_at"))
            .foreign_key(&mut reference(
                "new_home_distribution",
                "project_id",
                "new_home_project",
                Cascade,
            ))
            .foreign_key(&mut reference(
                "new_home_distribution",
                "organisation_id",
                "organisation",
                Cascade,
            ))
            .foreign_key(&mut reference(
                "new_home_distribution",
                "store_id",
                "store",
                Cascade,
            ))
            .to_owned(),
    ]
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in tables() {
            manager.create_table(table).await?;
        }
        for (table, columns) in [
            // The list: a city's projects, newest opening first, narrowed by district.
            ("new_home_project", &["site_id", "opening_date"][..]),
            ("new_home_project", &["district_id"][..]),
            ("new_home_house_type", &["project_id"][..]),
            ("new_home_commission_rule", &["project_id"][..]),
            // What a company or store reads goes through its distributions.
            (
                "new_home_distribution",
                &["organisation_id", "store_id"][..],
            ),
            ("new_home_distribution", &["project_id"][..]),
        ] {
            manager.create_index(index(table, columns)).await?;
        }
        Ok(())
    }

    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }
}
