//! The new-home report form (我要报备): the customer, their phone as the project's rule asks
//! (checked against the project by [`crate::report::check_phone`], since the rule is the
//! project's), and when they expect to visit.

use super::org::{name, remark};
use super::{Control, Field, Form, Rule};
use crate::enums::{SEX, TIME_OF_DAY};
use crate::validate;

pub const REPORT: Form = Form {
    kind: "report",
    fields: &[
        Field::select("projectId", "报备楼盘", None).required(),
        name("customerName", "客户姓名"),
        Field::select("customerSex", "客户性别", Some(SEX)),
        // Core's mobile rule that allows the masked middle (`tel2`), as the browser and the
        // server both check it; the project's 全号/隐号 rule comes after, on the server.
        Field::text("customerPhone", "客户手机", 11)
            .rule(Rule::Validator(validate::Rule::Tel2))
            .required()
            .hint("全号报备填11位手机号，隐号报备填前三后四位（如138****5678）"),
        Field::text("visitDate", "预计到访日期", 10)
            .control(Control::Date)
            .rule(Rule::Date)
            .from_today()
            .required(),
        Field::select("visitSlot", "预计到访时段", Some(TIME_OF_DAY)).required(),
        remark("remark", "备注"),
    ],
};

/// Largest 成交总价 in 元 and 建筑面积 in ㎡ a declaration takes.
pub const DEAL_PRICE_MAX_YUAN: i64 = 1_000_000_000;
pub const DEAL_AREA_MAX: i64 = 100_000;

const fn positive(name: &'static str, label: &'static str, max: i64) -> Field {
    Field {
        max_length: Some(14),
        max: Some(max),
        rule: Rule::PositiveDecimal,
        ..Field::text(name, label, 0)
    }
    .required()
}

/// 申报成交 on a visited report: the unit, its area and total price; the commission is worked
/// out from the project's rule on the deal day, and the performance split
/// ([`crate::new_home_deal::check_shares`]) is sent beside these fields.
pub const NEW_HOME_DEAL: Form = Form {
    kind: "newHomeDeal",
    fields: &[
        Field::text("unit", "房号", 50)
            .required()
            .hint("如：3幢1单元1502室"),
        positive("area", "建筑面积(㎡)", DEAL_AREA_MAX),
        positive("price", "成交总价(元)", DEAL_PRICE_MAX_YUAN),
        Field::text("dealDate", "成交日期", 10)
            .control(Control::Date)
            .rule(Rule::Date)
            .required(),
    ],
};
