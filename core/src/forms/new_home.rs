//! The new-home forms: a project (楼盘), one of its house types (户型) and one of its commission
//! rules. A project's house types and rules are saved with it, each checked by its own form.

use super::community::degrees;
use super::org::{name, remark};
use super::{Control, Field, Form, Rule, When};
use crate::enums::{COMMISSION_KIND, PROPERTY_TYPE, SALE_STATUS};

/// Longest selling-points text.
pub const SELLING_POINTS_MAX: usize = 500;

pub(super) const fn amount(name: &'static str, label: &'static str) -> Field {
    Field::text(name, label, 12)
        .control(Control::Number)
        .rule(Rule::Amount)
}

const fn count(name: &'static str, label: &'static str) -> Field {
    Field {
        control: Control::Number,
        max_length: None,
        min: Some(0),
        max: Some(9),
        rule: Rule::Whole,
        ..Field::text(name, label, 0)
    }
    .required()
}

pub(super) const fn date(name: &'static str, label: &'static str) -> Field {
    Field::text(name, label, 10)
        .control(Control::Date)
        .rule(Rule::Date)
}

pub const NEW_HOME: Form = Form {
    kind: "newHome",
    fields: &[
        name("name", "楼盘名称"),
        Field::select("saleStatus", "销售状态", Some(SALE_STATUS)).required(),
        Field::select("propertyType", "物业类型", Some(PROPERTY_TYPE)).required(),
        Field::select("districtId", "区域", None).required(),
        Field::select("circleId", "商圈", None),
        remark("address", "楼盘地址").required(),
        degrees("lng", "经度", 180),
        degrees("lat", "纬度", 90),
        Field::text("developer", "开发商", 100).rule(Rule::Name),
        date("openingDate", "开盘日期"),
        amount("averagePrice", "均价(元/㎡)"),
        Field::select("propertyTerm", "产权年限", None).rule(Rule::PropertyTerm),
        Field::text("sellingPoints", "楼盘卖点", SELLING_POINTS_MAX).control(Control::Textarea),
    ],
};

pub const HOUSE_TYPE: Form = Form {
    kind: "houseType",
    fields: &[
        name("name", "户型名称"),
        count("rooms", "室"),
        count("halls", "厅"),
        count("baths", "卫"),
        amount("areaMin", "建面下限(㎡)").required(),
        amount("areaMax", "建面上限(㎡)")
            .rule(Rule::AmountNotBelow("areaMin", "建面下限"))
            .required(),
        amount("priceMin", "总价下限(万元)"),
        amount("priceMax", "总价上限(万元)").rule(Rule::AmountNotBelow("priceMin", "总价下限")),
        Field::select("saleStatus", "销售状态", Some(SALE_STATUS)).required(),
    ],
};

const PERCENT: When = When {
    field: "kind",
    values: &["1"],
};
const FIXED: When = When {
    field: "kind",
    values: &["2"],
};

pub const COMMISSION_RULE: Form = Form {
    kind: "commissionRule",
    fields: &[
        Field::select("kind", "佣金方式", Some(COMMISSION_KIND)).required(),
        Field::text("rate", "佣金比例(%)", 6)
            .control(Control::Number)
            .rule(Rule::Percent)
            .required_when(PERCENT),
        amount("amount", "每套佣金(元)").required_when(FIXED),
        date("validFrom", "生效日期").required(),
        date("validTo", "截止日期").rule(Rule::DateNotBefore("validFrom", "生效日期")),
    ],
};
