//! New-home reports (新房报备): a customer reported by an agent to a project distributed to their
//! company or store, placed at the agent's seat; each project's reporting rule (全号/隐号, the
//! protection period, the visit window); and the 报备审核 page of city operations with its
//! actions, added to a database whose menu was written before them.

use super::schema::{index, reference};
use sea_orm_migration::prelude::ForeignKeyAction::{Cascade, Restrict, SetNull};
use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

fn rule() -> TableCreateStatement {
    Table::create()
        .table("new_home_report_rule")
        .col(big_pk_auto("id"))
        .col(big_integer("site_id"))
        .col(big_integer("project_id").unique_key())
        .col(small_integer("phone_mode"))
        .col(integer("protection_days"))
        .col(integer("visit_days"))
        .foreign_key(&mut reference(
            "new_home_report_rule",
            "project_id",
            "new_home_project",
            Cascade,
        ))
        .to_owned()
}

fn report() -> TableCreateStatement {
    Table::create()
        .table("new_home_report")
        .col(big_pk_auto("id"))
        .col(big_integer("site_id"))
        .col(big_integer("organisation_id"))
        .col(big_integer_null("store_group_id"))
        .col(big_integer_null("store_id"))
        .col(big_integer_null("department_id"))
        .col(big_integer("reporter_id"))
        .col(big_integer("project_id"))
        .col(string_len("customer_name", 50))
        .col(small_integer_null("customer_sex"))
        .col(string_len("customer_phone", 20))
        .col(string_len("phone_key", 20))
        .col(date("visit_date"))
        .col(small_integer("visit_slot"))
        .col(string_len("remark", 200).default(""))
        .col(small_integer("status"))
        .col(string_len("reason", 200).default(""))
        .col(timestamp_with_time_zone("reported_at"))
        .col(timestamp_with_time_zone("protected_until"))
        .col(timestamp_with_time_zone_null("approved_at"))
        .col(timestamp_with_time_zone_null("visit_deadline"))
        .col(timestamp_with_time_zone_null("visited_at"))
        .col(timestamp_with_time_zone("updated_at"))
        .foreign_key(&mut reference(
            "new_home_report",
            "project_id",
            "new_home_project",
            Restrict,
        ))
        .foreign_key(&mut reference(
            "new_home_report",
            "organisation_id",
            "organisation",
            Restrict,
        ))
        .foreign_key(&mut reference(
            "new_home_report",
            "store_id",
            "store",
            SetNull,
        ))
        .foreign_key(&mut reference(
            "new_home_report",
            "reporter_id",
            "user",
            Restrict,
        ))
        .to_owned()
}

/// A deal declared on a valid report (one per report), placed at the declarer's seat; money in
/// fen, area in hundredths of a square metre.
fn deal() -> TableCreateStatement {
    Table::create()
        .table("new_home_deal")
        .col(big_pk_auto("id"))
        .col(big_integer("site_id"))
        .col(big_integer("organisation_id"))
        .col(big_integer_null("store_group_id"))
        .col(big_integer_null("store_id"))
        .col(big_integer_null("department_id"))
        .col(big_integer("declarer_id"))
        .col(big_integer("report_id").unique_key())
        .col(big_integer("project_id"))
        .col(big_integer_null("house_type_id"))
        .col(string_len("unit", 50))
        .col(big_integer("area"))
        .col(big_integer("price_fen"))
        .col(date("deal_date"))
        .col(big_integer("commission_fen"))
        .col(small_integer("status"))
        .col(timestamp_with_time_zone("created_at"))
        .col(timestamp_with_time_zone("updated_at"))
        .foreign_key(&mut reference(
            "new_home_deal",
            "report_id",
            "new_home_report",
            Restrict,
        ))
        .foreign_key(&mut reference(
            "new_home_deal",
            "project_id",
            "new_home_project",
            Restrict,
        ))
        .foreign_key(&mut reference(
            "new_home_deal",
            "house_type_id",
            "new_home_house_type",
            SetNull,
        ))
        .to_owned()
}

/// One line of a deal's performance split: its share in basis points and its part of the
/// commission in fen (the parts sum to the commission exactly).
fn share() -> TableCreateStatement {
    Table::create()
        .table("new_home_deal_share")
        .col(big_pk_auto("id"))
        .col(big_integer("site_id"))
        .col(big_integer("deal_id"))
        .col(small_integer("kind"))
        .col(big_integer_null("user_id"))
        .col(big_integer("bp"))
        .col(big_integer("amount_fen"))
        .col(integer("sort").default(0))
        .foreign_key(&mut reference(
            "new_home_deal_share",
            "deal_id",
            "new_home_deal",
            Cascade,
        ))
        .foreign_key(&mut reference(
            "new_home_deal_share",
            "user_id",
            "user",
            Restrict,
        ))
        .to_owned()
}

/// The city page and its actions, beside 新房分销 (a new database gets them with the whole tree).
const CITY_PAGE: &str = "INSERT INTO menu \
    (parent_id, menu_name, menu_icon, menu_type, status, menu_page, perms, component_path, sort) \
    SELECT parent_id, '报备审核', 'report', 2, 2, '/coc/newHouse/report', \
    'coc:newHouse:report:list', '', sort + 1 FROM menu WHERE perms = 'coc:newHouse:list' \
    AND NOT EXISTS (SELECT 1 FROM menu WHERE perms = 'coc:newHouse:report:list')";

/// `(page, code, name, sort)`: the actions this work added. No role is granted them here:
/// administrators grant them in 权限设置.
const NEW_ACTIONS: [(&str, &str, &str, i32); 4] = [
    ("coc:newHouse:report", "review", "审核", 1),
    ("coc:newHouse:report", "visit", "确认到访", 2),
    ("work:business:newHouse", "close", "关闭", 5),
    ("work:business:newHouse:dealDetail", "review", "业绩审核", 2),
];

fn add_action((page, code, name, sort): (&str, &str, &str, i32)) -> String {
    let list = if page.ends_with("dealDetail") {
        format!("{page}:view")
    } else {
        format!("{page}:list")
    };
    format!(
        "INSERT INTO menu_action (menu_id, code, name, perms, sort) \
         SELECT id, '{code}', '{name}', '{page}:{code}', {sort} FROM menu \
         WHERE perms = '{list}' AND NOT EXISTS \
         (SELECT 1 FROM menu_action WHERE perms = '{page}:{code}')"
    )
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.create_table(rule()).await?;
        manager.create_table(report()).await?;
        manager.create_table(deal()).await?;
        manager.create_table(share()).await?;
        for (table, columns) in [
            ("new_home_deal", &["organisation_id", "deal_date"][..]),
            ("new_home_deal", &["store_id", "deal_date"][..]),
            ("new_home_deal", &["site_id", "status"][..]),
            ("new_home_deal_share", &["deal_id"][..]),
            ("new_home_deal_share", &["user_id"][..]),
        ] {
            manager.create_index(index(table, columns)).await?;
        }
        for columns in [
            // Duplicates: the same customer on the same project.
            &["project_id", "phone_key"][..],
            // The expiry job: approved reports by deadline.
            &["status", "visit_deadline"][..],
            &["organisation_id", "reported_at"][..],
            &["store_id", "reported_at"][..],
            &["reporter_id"][..],
            &["site_id", "status"][..],
        ] {
            manager
                .create_index(index("new_home_report", columns))
                .await?;
        }
        let db = manager.get_connection();
        db.execute_unprepared(CITY_PAGE).await?;
        for action in NEW_ACTIONS {
            db.execute_unprepared(&add_action(action)).await?;
        }
        Ok(())
    }

    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }
}
