//! The listing forms, for sale (二手房源) and for rent (租房): entering a listing on a room of the
//! community dictionary, editing it, following it up, and moving its status. Both trades share
//! the room's layout and the owner; a sale adds its total price and property, a lease its rent,
//! terms and furnishing. The listing roles
//! (录入/维护/实勘/钥匙/委托, a city's /coc/config/role rows) are filled with people apart from
//! these fields; [`check_role_members`] says what a filled set must respect.

use serde::{Deserialize, Serialize};

use super::org::name;
use super::{Control, Field, Form, Rule};
use crate::deal::split::DealRole;
use crate::enums::{
    BUILDING_STRUCTURE, BUILDING_TYPE, DECORATION, ELECTRICITY_TYPE, HEATING_TYPE, HOUSE_TAG,
    KEY_TYPE, ORIENTATION, PROPERTY_TERM, RENT_PAYMENT, RENT_TYPE, RENTAL_FACILITY, RENTAL_TAG,
    ROOM_COUNT, VIEWING_SLOT, WATER_TYPE,
};
use crate::org::fields::FieldError;

/// Longest description.
pub const DESCRIPTION_MAX: usize = 1000;
/// Largest total price in 万 and area in ㎡ a form takes.
pub const PRICE_MAX_WAN: i64 = 100_000;
/// Largest monthly rent in 元.
pub const RENT_MAX_YUAN: i64 = 1_000_000;
pub const AREA_MAX_M2: i64 = 10_000;
/// Floors: three basement levels up to the tallest towers. China's tallest residential
/// towers stop short of 100 storeys (the fire code's super-high-rise class is above 100 m, about
/// 33 storeys, and the few 住宅 over 300 m have fewer than 100); a larger number is a typo (the
/// height in metres, or a 1 too many), not a building, so 100 is the bound of a listing's and a
/// building's 总楼层/总层数.
pub const FLOOR_MIN: i64 = -3;
pub const FLOOR_MAX: i64 = 100;
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
/// The room as both trades describe it.
const LAYOUT: [Field; 8] = [
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
];
const SALE: [Field; 8] = [
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
];
const LEASE: [Field; 6] = [
    decimal("rent", "月租金(元)", RENT_MAX_YUAN).required(),
    Field::select("rentType", "出租方式", Some(RENT_TYPE)).required(),
    Field::select("paymentTerms", "付款方式", Some(RENT_PAYMENT)).required(),
    Field::text("availableFrom", "可入住日期", 10)
        .control(Control::Date)
        .rule(Rule::Date),
    Field::select("facilities", "家具家电", Some(RENTAL_FACILITY))
        .control(Control::MultiSelect)
        .rule(Rule::Choices),
    Field::select("tags", "房源标签", Some(RENTAL_TAG))
        .control(Control::MultiSelect)
        .rule(Rule::Choices),
];
/// 看房时间: the §3 weekday × time-of-day slots it can be viewed in (the page draws them as a
/// grid, core `listing::viewing`).
const VIEWING: Field = Field::select("viewingSlots", "看房时间", Some(VIEWING_SLOT))
    .control(Control::MultiSelect)
    .rule(Rule::Choices);
const OWNER: [Field; 4] = [
    Field::text("description", "房源描述", DESCRIPTION_MAX).control(Control::Textarea),
    name("ownerName", "业主姓名"),
    Field::text("ownerPhone", "业主电话", 20)
        .rule(Rule::ContactPhone)
        .required(),
    Field::text("ownerPhone2", "备用电话", 20)
        .rule(Rule::ContactPhone)
        .differs_from("ownerPhone", "业主电话"),
];
/// The owner on an edit: a phone the caller sees masked comes back masked as shown, and the
/// server keeps the stored number ([`crate::listing::owner_phone::kept`]); changing it means
/// typing a new one.
const OWNER_EDIT: [Field; 4] = [
    OWNER[0],
    OWNER[1],
    Field::text("ownerPhone", "业主电话", 20)
        .rule(Rule::OwnerPhone)
        .required(),
    Field::text("ownerPhone2", "备用电话", 20)
        .rule(Rule::OwnerPhone)
        .differs_from("ownerPhone", "业主电话"),
];

/// The parts one after another, as one array of `N` fields.
const fn joined<const N: usize>(parts: &[&[Field]]) -> [Field; N] {
    let mut fields = [ROOM; N];
    let (mut at, mut part) = (0, 0);
    while part < parts.len() {
        let mut i = 0;
        while i < parts[part].len() {
            fields[at] = parts[part][i];
            at += 1;
            i += 1;
        }
        part += 1;
    }
    assert!(at == N, "the parts fill the form");
    fields
}

const SALE_ADD: [Field; 22] = joined(&[&[ROOM], &LAYOUT, &SALE, &[VIEWING], &OWNER]);
const SALE_EDIT: [Field; 21] = joined(&[&LAYOUT, &SALE, &[VIEWING], &OWNER_EDIT]);
const LEASE_ADD: [Field; 20] = joined(&[&[ROOM], &LAYOUT, &LEASE, &[VIEWING], &OWNER]);
const LEASE_EDIT: [Field; 19] = joined(&[&LAYOUT, &LEASE, &[VIEWING], &OWNER_EDIT]);

/// A new listing: the room is chosen from the dictionary once.
pub const SECOND_HAND: Form = Form {
    kind: "secondHand",
    fields: &SALE_ADD,
};

/// Editing a listing: everything but its room (another room is another listing).
pub const SECOND_HAND_EDIT: Form = Form {
    kind: "secondHandEdit",
    fields: &SALE_EDIT,
};

/// A new rental (租房), on a room of the dictionary.
pub const RENTAL: Form = Form {
    kind: "rental",
    fields: &LEASE_ADD,
};

/// Editing a rental: everything but its room.
pub const RENTAL_EDIT: Form = Form {
    kind: "rentalEdit",
    fields: &LEASE_EDIT,
};

/// 写跟进: what was done and said.
pub const FOLLOW_UP: Form = Form {
    kind: "followUp",
    fields: &[Field::text("content", "跟进内容", 500)
        .control(Control::Textarea)
        .required()],
};

/// 登记钥匙: what kind of key, its number in the store's key box, and a remark.
pub const KEY_REGISTER: Form = Form {
    kind: "keyRegister",
    fields: &[
        Field::select("keyType", "钥匙类型", Some(KEY_TYPE)).required(),
        Field::text("keyNo", "钥匙编号", 20),
        Field::text("remark", "备注", 200).control(Control::Textarea),
    ],
};

/// 借出钥匙: what for, for which customer, and when it comes back
/// (core `listing::key::check_expected_return`).
pub const KEY_LEND: Form = Form {
    kind: "keyLend",
    fields: &[
        Field::text("purpose", "借用事由", 50).required(),
        Field::text("customerName", "带看客户", 20),
        Field::text("expectedReturn", "预计归还日期", 10)
            .control(Control::Date)
            .rule(Rule::Date)
            .from_today()
            .required(),
    ],
};

/// One person in one listing role.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RoleMember {
    pub role_id: i64,
    pub user_id: i64,
}

/// The people a listing's roles start with on its form: 录入 holds the person entering it, 维护
/// its maintainer (the same person for a new listing), each role of the city named after them
/// (录入人, 维护人 — core `deal::split::DealRole::of_listing_role`, as the ACN split reads them);
/// the other roles (实勘, 钥匙, 委托) start empty. `roles` are `(id, name)` of the city's roles.
pub fn default_role_members(
    roles: &[(i64, &str)],
    enterer: i64,
    maintainer: Option<i64>,
) -> Vec<RoleMember> {
    roles
        .iter()
        .filter_map(|&(role_id, name)| {
            let user_id = match DealRole::of_listing_role(name)? {
                DealRole::Entry => enterer,
                DealRole::Maintain => maintainer?,
                _ => return None,
            };
            Some(RoleMember { role_id, user_id })
        })
        .collect()
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
