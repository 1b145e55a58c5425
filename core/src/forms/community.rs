//! The community dictionary's forms: a community (小区), and its buildings (栋座), units (单元) and
//! rooms (房号).

use super::org::{SITE, SORT, name, remark};
use super::{Control, Field, Form, Rule};
use crate::enums::{COMMUNITY_OFFER_STATUS, PROPERTY_TYPE};

/// A whole number between the field's `min` and `max`.
const fn whole(name: &'static str, label: &'static str, min: i64, max: i64) -> Field {
    Field {
        control: Control::Number,
        max_length: None,
        min: Some(min),
        max: Some(max),
        rule: Rule::Whole,
        ..Field::text(name, label, 0)
    }
}

/// Degrees within `-limit..=limit`, up to six decimals.
pub(super) const fn degrees(name: &'static str, label: &'static str, limit: i64) -> Field {
    Field {
        min: Some(-limit),
        max: Some(limit),
        rule: Rule::Degrees,
        ..Field::text(name, label, 12)
    }
}

/// The community form's fields; the first, the city, is chosen once.
const COMMUNITY_FIELDS: &[Field] = &[
    SITE,
    name("name", "小区名称"),
    Field::text("aliases", "别名", 600)
        .control(Control::Textarea)
        .rule(Rule::Aliases)
        .hint("多个别名用逗号分隔"),
    Field::select("districtId", "所属区域", None).required(),
    Field::select("businessCircleId", "所属商圈", None),
    remark("address", "地址"),
    Field::select("propertyType", "物业类型", Some(PROPERTY_TYPE)).required(),
    whole("buildYear", "建成年代", 1900, 2100),
    Field::text("developer", "开发商", 100),
    Field::text("propertyCompany", "物业公司", 100),
    Field::text("propertyFee", "物业费(元/㎡·月)", 6).rule(DECIMAL_0_TO_99),
    Field::text("plotRatio", "容积率", 6).rule(DECIMAL_0_TO_99),
    Field::text("greenRatio", "绿化率(%)", 6).rule(Rule::Percent),
    degrees("lng", "经度", 180),
    degrees("lat", "纬度", 90),
    Field::select("offerStatus", "在售状态", Some(COMMUNITY_OFFER_STATUS)).required(),
];

const DECIMAL_0_TO_99: Rule = Rule::Validator(crate::validate::Rule::Decimal0To99);

/// A new community: admins working above the cities choose its city.
pub const COMMUNITY: Form = Form {
    kind: "community",
    fields: COMMUNITY_FIELDS,
};

/// A community's change: it stays in its city.
pub const COMMUNITY_EDIT: Form = Form {
    kind: "communityEdit",
    fields: match COMMUNITY_FIELDS.split_first() {
        Some((_, rest)) => rest,
        None => &[],
    },
};

/// A short name of a building, unit or room (`3幢`, `1单元`, `1201`).
const fn part_name(name: &'static str, label: &'static str) -> Field {
    Field::text(name, label, 20).rule(Rule::Name).required()
}

/// 栋座. The community is chosen by the page it is added from.
pub const BUILDING: Form = Form {
    kind: "building",
    fields: &[
        Field::select("communityId", "所属小区", None),
        part_name("name", "栋座名称"),
        whole("floors", "总层数", 1, super::listing::FLOOR_MAX),
        SORT,
    ],
};

/// 单元.
pub const UNIT: Form = Form {
    kind: "unit",
    fields: &[
        Field::select("buildingId", "所属栋座", None),
        part_name("name", "单元名称"),
        SORT,
    ],
};

/// 房号, with the floor it is on (negative below ground).
pub const ROOM: Form = Form {
    kind: "room",
    fields: &[
        Field::select("unitId", "所属单元", None),
        part_name("name", "房号"),
        whole("floor", "所在楼层", -5, super::listing::FLOOR_MAX),
    ],
};
