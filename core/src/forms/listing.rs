//! The second-hand listing forms (二手房源): entering a listing on a room of the community
//! dictionary, editing it, following it up, and moving its status. The listing roles
//! (录入/维护/实勘/钥匙/委托, a city's /coc/config/role rows) are filled with people apart from
//! these fields; [`check_role_members`] says what a filled set must respect.

use serde::{Deserialize, Serialize};

use super::org::name;
use super::{Control, Field, Form, Rule};
use crate::enums::{
    BUILDING_STRUCTURE, BUILDING_TYPE, DECORATION, ELECTRICITY_TYPE, HEATING_TYPE, HOUSE_TAG,
    ORIENTATION, PROPERTY_TERM, ROOM_COUNT, WATER_TYPE,
};
use crate::org::fields::FieldError;
use crate::validate;

/// Longest description.
pub const DESCRIPTION_MAX: usize = 1000;
/// Largest total price in 万 and area in ㎡ a form takes.
pub const PRICE_MAX_WAN: i64 = 100_000;
pub const AREA_MAX_M2: i64 = 10_000;
/// Floors: three basement levels up to the tallest towers.
pub const FLOOR_MIN: i64 = -3;
pub const FLOOR_MAX: i64 = 200;
/// People one listing role may hold at once.
pub const ROLE_MEMBERS_MAX: usize = 3;

const fn int(name: &'static str, label: &'static str, min: i64, max: i64) -> Field {
    Field {
        control: Control::Number,
        max_length: None,
        min: Some(min),
        max: Some(max),
        rule: Rule::Whole,
        ..Field::text(name, label, 0)
    }
}

const fn decimal(name: &'static str, label: &'static str, max: i64) -> Field {
    Field {
        max_length: Some(12),
        min: None,
        max: Some(max),
        rule: Rule::PositiveDecimal,
        ..Field::text(name, label, 0)
    }
}

const ROOM: Field = Field::select("roomId", "房号", None).required();
/// The listing's own fields, after the room.
const DETAILS: [Field; 19] = [
    decimal("area", "建筑面积(㎡)", AREA_MAX_M2).required(),
    Field::select("rooms", "室", Some(ROOM_COUNT)).required(),
    int("halls", "厅", 0, 9).required(),
    int("baths", "卫", 0, 9).required(),
    int("totalFloors", "总楼层", 1, FLOOR_MAX).required(),
    Field {
        rule: Rule::FloorOf,
        ..int("floor", "所在楼层", FLOOR_MIN, FLOOR_MAX)
    }
    .required(),
    Field::select("orientation", "朝向", Some(ORIENTATION)).required(),
    Field::select("decoration", "装修", Some(DECORATION)).required(),
    decimal("price", "总价(万元)", PRICE_MAX_WAN).required(),
    Field::select("propertyTerm", "产权年限", Some(PROPERTY_TERM)),
    Field::select("buildingType", "建筑类型", Some(BUILDING_TYPE)),
    Field::select("buildingStructure", "建筑结构", Some(BUILDING_STRUCTURE)),
    Field::select("heating", "供暖", Some(HEATING_TYPE)),
    Field::select("water", "用水", Some(WATER_TYPE)),
    Field::select("electricity", "用电", Some(ELECTRICITY_TYPE)),
    Field::select("tags", "房源标签", Some(HOUSE_TAG))
        .control(Control::MultiSelect)
        .rule(Rule::Choices),
    Field::text("description", "房源描述", DESCRIPTION_MAX).control(Control::Textarea),
    name("ownerName", "业主姓名"),
    Field::text("ownerPhone", "业主电话", 20)
        .rule(Rule::Validator(validate::Rule::PhoneOrLandline))
        .required(),
];
const OWNER_PHONE2: Field = Field::text("ownerPhone2", "备用电话", 20)
    .rule(Rule::Validator(validate::Rule::PhoneOrLandline));

const fn with_room() -> [Field; 21] {
    let mut fields = [ROOM; 21];
    let mut i = 0;
    while i < DETAILS.len() {
        fields[i + 1] = DETAILS[i];
        i += 1;
    }
    fields[20] = OWNER_PHONE2;
    fields
}

const fn without_room() -> [Field; 20] {
    let mut fields = [OWNER_PHONE2; 20];
    let mut i = 0;
    while i < DETAILS.len() {
        fields[i] = DETAILS[i];
        i += 1;
    }
    fields
}

const ADD_FIELDS: [Field; 21] = with_room();
const EDIT_FIELDS: [Field; 20] = without_room();

/// A new listing: the room is chosen from the dictionary once.
pub const SECOND_HAND: Form = Form {
    kind: "secondHand",
    fields: &ADD_FIELDS,
};

/// Editing a listing: everything but its room (another room is another listing).
pub const SECOND_HAND_EDIT: Form = Form {
    kind: "secondHandEdit",
    fields: &EDIT_FIELDS,
};

/// 写跟进: what was done and said.
pub const FOLLOW_UP: Form = Form {
    kind: "followUp",
    fields: &[Field::text("content", "跟进内容", 500)
        .control(Control::Textarea)
        .required()],
};

/// One person in one listing role.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RoleMember {
    pub role_id: i64,
    pub user_id: i64,
}

pub const ROLE_MEMBER_TWICE: &str = "同一角色中不能重复选择同一人";

/// A filled set of listing roles: nobody twice in one role, at most [`ROLE_MEMBERS_MAX`]
/// people per role. Whether the roles are the listing city's and the people the company's is
/// the server's to check.
pub fn check_role_members(members: &[RoleMember]) -> Result<(), FieldError> {
    for (i, member) in members.iter().enumerate() {
        if members[..i].contains(member) {
            return Err(FieldError::new("roles", ROLE_MEMBER_TWICE));
        }
        let in_role = members[..=i]
            .iter()
            .filter(|other| other.role_id == member.role_id)
            .count();
        if in_role > ROLE_MEMBERS_MAX {
            return Err(FieldError::new(
                "roles",
                format!("每个角色最多选择{ROLE_MEMBERS_MAX}人"),
            ));
        }
    }
    Ok(())
}
