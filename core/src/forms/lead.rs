//! The lead form (线索): one lead as an agent types it on the pool page and as each row of a
//! batch import is checked, in the browser before sending and on the server before saving.
//! The template's columns are these fields' labels, in this order (`lead::TEMPLATE_COLUMNS`).

use super::org::{name, remark};
use super::{Control, Field, Form, Rule};
use crate::enums::{CUSTOMER_DEMAND, SEX};

/// Largest budget in 万 a lead states.
pub const BUDGET_MAX_WAN: i64 = 100_000;

/// 线索: who, how to reach them, and what they want.
pub const CLUE: Form = Form {
    kind: "clue",
    fields: &[
        name("name", "姓名"),
        Field::text("phone", "联系电话", 20)
            .rule(Rule::ContactPhone)
            .required(),
        Field::select("sex", "性别", Some(SEX)),
        Field::select("demand", "需求类型", Some(CUSTOMER_DEMAND)),
        Field::text("area", "意向区域", 50),
        // One figure (an upper bound) or a range, `200-300`.
        Field {
            control: Control::Text,
            max_length: Some(25),
            max: Some(BUDGET_MAX_WAN),
            rule: Rule::BudgetSpan,
            ..Field::text("budget", "预算(万元，租房为月租元)", 0)
        },
        remark("remark", "备注"),
    ],
};
