//! The deal forms (docs/deals.md): a 买卖合同 and a 租赁合同 (kept apart, as 房管家 does), and a
//! receipt on a commission order. Money is typed in 元 (成交价 in 万) with up to two decimals and
//! kept in fen. The commission split is filled apart from these fields (core `deal::split`).

use super::org::{name, remark};
use super::{Control, Field, Form, Rule};
use crate::enums::PAY_WAY;
use crate::validate;

/// Largest 成交价 in 万, monthly rent in 元, and lease in months a form takes.
pub const PRICE_MAX_WAN: i64 = 100_000;
pub const RENT_MAX_YUAN: i64 = 10_000_000;
pub const LEASE_MONTHS_MAX: i64 = 120;
/// Longest payment schedule and attachment list.
pub const SCHEDULE_MAX: usize = 1000;

/// An amount in 元 that may be 0; left empty it is 0.
const fn money(name: &'static str, label: &'static str) -> Field {
    Field::text(name, label, 12).rule(Rule::Validator(validate::Rule::Decimal0To99999999))
}

const fn positive(name: &'static str, label: &'static str, max: i64) -> Field {
    Field {
        max_length: Some(12),
        max: Some(max),
        rule: Rule::PositiveDecimal,
        ..Field::text(name, label, 0)
    }
    .required()
}

const CODE: Field = Field::text("code", "合同编号", 40).required();
const OWNER_NAME: Field = name("ownerName", "业主姓名");
const OWNER_PHONE: Field = Field::text("ownerPhone", "业主电话", 20)
    .rule(Rule::Validator(validate::Rule::PhoneOrLandline))
    .required();
/// The 客户 linked to the contract (the caller's, found by name or phone); left empty for a
/// customer not in the system. Its owner agent is the 客源人 when none is named.
const CUSTOMER: Field = Field::select("customerId", "关联客户", None);
const CUSTOMER_NAME: Field = name("customerName", "客户姓名");
const CUSTOMER_PHONE: Field = Field::text("customerPhone", "客户电话", 20)
    .rule(Rule::Validator(validate::Rule::PhoneOrLandline))
    .required();
const SIGNED_ON: Field = Field::text("signedOn", "签约日期", 10)
    .control(Control::Date)
    .rule(Rule::Date);
const AGENT: Field = Field::select("agentId", "成交人", None);
const SOURCE: Field = Field::select("customerSourceId", "客源人", None);
const SCHEDULE: Field = Field::text("paymentSchedule", "付款计划", SCHEDULE_MAX)
    .control(Control::Textarea)
    .hint("每行一期，如：2026-12-01 首付 90万");
const ATTACHMENTS: Field = Field::text("attachments", "附件", SCHEDULE_MAX)
    .control(Control::Textarea)
    .hint("每行一个附件名称或链接");

/// 买卖合同: on a second-hand listing of the company.
pub const SALE_CONTRACT: Form = Form {
    kind: "saleContract",
    fields: &[
        CODE,
        Field::select("listingId", "房源", None).required(),
        OWNER_NAME,
        OWNER_PHONE,
        CUSTOMER,
        CUSTOMER_NAME,
        CUSTOMER_PHONE,
        positive("price", "成交价(万元)", PRICE_MAX_WAN),
        money("ownerCommission", "业主佣金(元)"),
        money("customerCommission", "客户佣金(元)"),
        AGENT,
        SOURCE,
        SIGNED_ON,
        SCHEDULE,
        ATTACHMENTS,
        remark("remark", "备注"),
    ],
};

/// 租赁合同: a listing is optional (rentals are entered as an address until 租房 exists).
pub const LEASE_CONTRACT: Form = Form {
    kind: "leaseContract",
    fields: &[
        CODE,
        Field::select("listingId", "房源", None),
        Field::text("address", "房屋地址", 100).required(),
        OWNER_NAME,
        OWNER_PHONE,
        CUSTOMER,
        CUSTOMER_NAME,
        CUSTOMER_PHONE,
        positive("price", "月租金(元)", RENT_MAX_YUAN),
        Field {
            control: Control::Number,
            max_length: None,
            min: Some(1),
            max: Some(LEASE_MONTHS_MAX),
            rule: Rule::Whole,
            ..Field::text("leaseMonths", "租期(月)", 0)
        }
        .required(),
        money("deposit", "押金(元)"),
        money("ownerCommission", "业主佣金(元)"),
        money("customerCommission", "客户佣金(元)"),
        AGENT,
        SOURCE,
        SIGNED_ON,
        SCHEDULE,
        ATTACHMENTS,
        remark("remark", "备注"),
    ],
};

/// 确认收款: a receipt on an order, by §3 payWay.
pub const RECEIPT: Form = Form {
    kind: "orderReceipt",
    fields: &[
        Field::select("payWay", "收款方式", Some(PAY_WAY)).required(),
        positive("amount", "收款金额(元)", 99_999_999),
        remark("remark", "备注"),
    ],
};
