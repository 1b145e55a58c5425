//! The new-home report form (我要报备): the customer, their phone as the project's rule asks
//! (checked against the project by [`crate::report::check_phone`], since the rule is the
//! project's), and when they expect to visit.

use super::org::{name, remark};
use super::{Control, Field, Form, Rule};
use crate::enums::{SEX, TIME_OF_DAY};

pub const REPORT: Form = Form {
    kind: "report",
    fields: &[
        Field::select("projectId", "报备楼盘", None).required(),
        name("customerName", "客户姓名"),
        Field::select("customerSex", "客户性别", Some(SEX)),
        Field::text("customerPhone", "客户手机", 13)
            .required()
            .hint("全号报备填11位手机号，隐号报备填前三后四位（如138****5678）"),
        Field::text("visitDate", "预计到访日期", 10)
            .control(Control::Date)
            .rule(Rule::Date)
            .required(),
        Field::select("visitSlot", "预计到访时段", Some(TIME_OF_DAY)).required(),
        remark("remark", "备注"),
    ],
};
