//! Second-hand deals (docs/deals.md): deal and lease contracts with their ACN commission split,
//! the commission order of each contract with its receipts, and each company's split template.
//! Money is integer fen; status columns hold core's codes and move through guarded transitions.
//!
//! A contract and its order sit at the closer's seat (成交人); a split line sits at its person's,
//! so a store reads the performance of its own people.

use super::schema::{index, reference, unique_index};
use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;
use sea_orm_migration::sea_orm::ConnectionTrait;

#[derive(DeriveMigrationName)]
pub struct Migration;

use ForeignKeyAction::{Cascade, Restrict, SetNull};

/// The placement columns every table here has.
pub(super) fn placed(table: &mut TableCreateStatement, name: &str, owner: &'static str) {
    table
        .col(big_integer("site_id"))
        .col(big_integer("organisation_id"))
        .col(big_integer_null("store_group_id"))
        .col(big_integer_null("store_id"))
        .col(big_integer_null("department_id"))
        .col(big_integer(owner))
        .foreign_key(&mut reference(name, "site_id", "city_site", Restrict))
        .foreign_key(&mut reference(
            name,
            "organisation_id",
            "organisation",
            Restrict,
        ))
        .foreign_key(&mut reference(name, "store_id", "store", SetNull))
        .foreign_key(&mut reference(name, owner, "user", Restrict));
}

fn contract() -> TableCreateStatement {
    let mut table = Table::create();
    table.table("deal_contract").col(big_pk_auto("id"));
    placed(&mut table, "deal_contract", "agent_id");
    table
        .col(small_integer("kind"))
        .col(string_len("code", 40))
        .col(small_integer("status"))
        .col(big_integer_null("listing_id"))
        .col(string_len("address", 100))
        .col(string_len("owner_name", 50))
        .col(string_len("owner_phone", 20))
        .col(string_len("customer_name", 50))
        .col(string_len("customer_phone", 20))
        .col(big_integer_null("customer_id"))
        .col(big_integer("customer_source_id"))
        .col(big_integer("price"))
        .col(small_integer_null("lease_months"))
        .col(big_integer("deposit").default(0))
        .col(big_integer("owner_commission"))
        .col(big_integer("customer_commission"))
        .col(text("payment_schedule").default(""))
        .col(text("attachments").default(""))
        .col(string_len("remark", 500).default(""))
        .col(date_null("signed_on"))
        .col(big_integer_null("created_by"))
        .col(timestamp_with_time_zone("created_at"))
        .col(timestamp_with_time_zone("updated_at"))
        .foreign_key(&mut reference(
            "deal_contract",
            "listing_id",
            "listing",
            Restrict,
        ))
        .foreign_key(&mut reference(
            "deal_contract",
            "customer_source_id",
            "user",
            Restrict,
        ))
        .foreign_key(&mut reference(
            "deal_contract",
            "created_by",
            "user",
            SetNull,
        ));
    table.to_owned()
}

fn split() -> TableCreateStatement {
    let mut table = Table::create();
    table.table("deal_split").col(big_pk_auto("id"));
    placed(&mut table, "deal_split", "user_id");
    table
        .col(big_integer("contract_id"))
        .col(small_integer("role"))
        .col(big_integer("share_bp"))
        .col(big_integer("amount"))
        .col(timestamp_with_time_zone_null("settled_at"))
        .foreign_key(&mut reference(
            "deal_split",
            "contract_id",
            "deal_contract",
            Cascade,
        ));
    table.to_owned()
}

fn order() -> TableCreateStatement {
    let mut table = Table::create();
    table.table("commission_order").col(big_pk_auto("id"));
    placed(&mut table, "commission_order", "agent_id");
    table
        .col(big_integer("contract_id"))
        .col(string_len("code", 40))
        .col(big_integer("receivable"))
        .col(big_integer("paid"))
        .col(small_integer("status"))
        .col(string_len("reason", 200).default(""))
        .col(timestamp_with_time_zone_null("settled_at"))
        .col(timestamp_with_time_zone("created_at"))
        .col(timestamp_with_time_zone("updated_at"))
        .foreign_key(&mut reference(
            "commission_order",
            "contract_id",
            "deal_contract",
            Restrict,
        ));
    table.to_owned()
}

pub(super) fn receipt() -> TableCreateStatement {
    Table::create()
        .table("order_receipt")
        .col(big_pk_auto("id"))
        .col(big_integer("order_id"))
        .col(small_integer("pay_way"))
        .col(big_integer("amount"))
        .col(string_len("remark", 200).default(""))
        .col(big_integer_null("confirmed_by"))
        .col(timestamp_with_time_zone("received_at"))
        .foreign_key(&mut reference(
            "order_receipt",
            "order_id",
            "commission_order",
            Cascade,
        ))
        .foreign_key(&mut reference(
            "order_receipt",
            "confirmed_by",
            "user",
            SetNull,
        ))
        .to_owned()
}

fn template() -> TableCreateStatement {
    Table::create()
        .table("split_template")
        .col(big_pk_auto("id"))
        .col(big_integer("site_id"))
        .col(big_integer("organisation_id"))
        .col(small_integer("role"))
        .col(big_integer("share_bp"))
        .foreign_key(&mut reference(
            "split_template",
            "organisation_id",
            "organisation",
            Cascade,
        ))
        .to_owned()
}

/// The actions the deal pages gained, `(page perms, code, name, sort)`, added to a database whose
/// menu was written before them (a new database gets them with the whole tree). No role is
/// granted them here: administrators grant them in 权限设置.
const NEW_ACTIONS: [(&str, &str, &str, i32); 9] = [
    ("work:business:dealContract:list", "sign", "签约", 4),
    ("work:business:dealContract:list", "cancel", "解约", 5),
    ("work:business:leaseContract:list", "sign", "签约", 4),
    ("work:business:leaseContract:list", "cancel", "解约", 5),
    ("work:business:commission:list", "submit", "提交审核", 4),
    ("work:business:commission:list", "review", "审核", 5),
    ("work:business:commission:list", "confirm", "确认收款", 6),
    ("work:business:commission:list", "close", "关闭", 7),
    ("work:business:commission:list", "template", "分佣模板", 8),
];

fn add_action((page, code, name, sort): (&str, &str, &str, i32)) -> String {
    let prefix = page.trim_end_matches(":list");
    format!(
        "INSERT INTO menu_action (menu_id, code, name, perms, sort) \
         SELECT id, '{code}', '{name}', '{prefix}:{code}', {sort} FROM menu \
         WHERE perms = '{page}' AND NOT EXISTS \
         (SELECT 1 FROM menu_action WHERE perms = '{prefix}:{code}')"
    )
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [contract(), split(), order(), receipt(), template()] {
            manager.create_table(table).await?;
        }
        for (table, columns, unique) in [
            ("deal_contract", &["organisation_id", "code"][..], true),
            (
                "deal_contract",
                &["organisation_id", "kind", "created_at"][..],
                false,
            ),
            ("deal_contract", &["store_id", "created_at"][..], false),
            ("deal_contract", &["agent_id"][..], false),
            ("deal_contract", &["listing_id"][..], false),
            ("deal_split", &["contract_id"][..], false),
            ("deal_split", &["organisation_id", "settled_at"][..], false),
            ("deal_split", &["user_id", "settled_at"][..], false),
            ("commission_order", &["contract_id"][..], true),
            (
                "commission_order",
                &["organisation_id", "status", "created_at"][..],
                false,
            ),
            (
                "commission_order",
                &["organisation_id", "settled_at"][..],
                false,
            ),
            ("commission_order", &["store_id", "created_at"][..], false),
            ("order_receipt", &["order_id"][..], false),
            ("split_template", &["organisation_id", "role"][..], true),
        ] {
            let statement = if unique {
                unique_index(table, columns)
            } else {
                index(table, columns)
            };
            manager.create_index(statement).await?;
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
