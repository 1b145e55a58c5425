//! The configuration forms: roles, the app catalogue, the parameter dictionary, a city's areas,
//! building types and listing roles, and the menu.

use serde::Serialize;

use super::org::{ORGANISATION, SITE, SORT, name, remark, switch};
use super::{Control, Field, Form, Rule, When};
use crate::enums::APP_TYPE;
use crate::org::data_scope::DATA_SCOPE;
use crate::org::dictionary::{DICTIONARY_VALUE_TYPE, VALUE_MAX};
use crate::org::fields::{NAME_MAX, REMARK_MAX};

pub const ROLE: Form = Form {
    kind: "role",
    fields: &[
        ORGANISATION,
        name("name", "角色名称"),
        Field::select("dataScope", "数据权限", Some(DATA_SCOPE)).required(),
        Field::select("customDepartmentIds", "指定部门", None).control(Control::MultiTreeSelect),
        Field::select("customStoreIds", "指定门店", None).control(Control::MultiSelect),
        remark("remark", "备注"),
    ],
};

const APP_NAME: Field = name("name", "应用名称");
const APP_TYPE_FIELD: Field = Field::select("appType", "应用类型", Some(APP_TYPE)).required();
const APP_ICON: Field = Field::text("icon", "图标", NAME_MAX);
const APP_DESCRIPTION: Field = remark("description", "应用简介");
const APP_ENABLED: Field = switch("enabled", "上架");

/// A new app: its code is chosen once.
pub const APP: Form = Form {
    kind: "app",
    fields: &[
        Field::text("code", "应用编码", 30)
            .rule(Rule::Code)
            .required(),
        APP_NAME,
        APP_TYPE_FIELD,
        APP_ICON,
        APP_DESCRIPTION,
        SORT,
        APP_ENABLED,
    ],
};

pub const APP_EDIT: Form = Form {
    kind: "appEdit",
    fields: &[
        APP_NAME,
        APP_TYPE_FIELD,
        APP_ICON,
        APP_DESCRIPTION,
        SORT,
        APP_ENABLED,
    ],
};

const DICT_LABEL: Field = name("label", "参数名称");
const DICT_TYPE: Field =
    Field::select("valueType", "参数类型", Some(DICTIONARY_VALUE_TYPE)).required();
/// Read as the type chosen beside it.
const DICT_VALUE: Field = Field::text("value", "参数值", VALUE_MAX)
    .control(Control::Textarea)
    .rule(Rule::DictionaryValue)
    .required();
const DICT_REMARK: Field = remark("remark", "备注");

/// A new parameter: its key is chosen once.
pub const DICTIONARY: Form = Form {
    kind: "dictionary",
    fields: &[
        ORGANISATION,
        Field::text("dictKey", "参数键名", NAME_MAX)
            .rule(Rule::DictKey)
            .required(),
        DICT_LABEL,
        DICT_TYPE,
        DICT_VALUE,
        DICT_REMARK,
    ],
};

pub const DICTIONARY_EDIT: Form = Form {
    kind: "dictionaryEdit",
    fields: &[DICT_LABEL, DICT_TYPE, DICT_VALUE, DICT_REMARK],
};

pub const DISTRICT: Form = Form {
    kind: "district",
    fields: &[SITE, name("name", "区域名称"), SORT],
};

pub const CIRCLE: Form = Form {
    kind: "circle",
    fields: &[
        Field::select("districtId", "所属区域", None),
        name("name", "商圈名称"),
        SORT,
    ],
};

pub const BUILDING_TYPE: Form = Form {
    kind: "buildingType",
    fields: &[
        SITE,
        name("name", "类型名称"),
        SORT,
        remark("remark", "备注"),
    ],
};

pub const LISTING_ROLE: Form = Form {
    kind: "listingRole",
    fields: &[
        SITE,
        name("name", "角色名称"),
        Field::text("ratio", "分成比例(%)", 6).rule(Rule::Percent),
        SORT,
        remark("remark", "备注"),
    ],
};

/// The listing roles of a city share a deal's commission: their splits may not pass 100%.
/// `others` are the splits of the city's other roles, `ratio` this one's, in hundredths of a
/// percent (12.5% is 1250).
pub fn listing_role_total(others: &[i32], ratio: i32) -> Result<(), String> {
    let total: i64 = others.iter().map(|&r| i64::from(r)).sum::<i64>() + i64::from(ratio);
    if total > 10_000 {
        let left = (10_000 - (total - i64::from(ratio))).max(0);
        return Err(format!(
            "各角色分成比例合计不能超过100%，当前最多还可设置{}%",
            crate::org::fields::hundredths_text(left as i32)
        ));
    }
    Ok(())
}

/// What a city's listing-role splits add up to, as its 房源角色 page shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ListingRoleSplit {
    /// The total in percent with two decimals, as text: `80.00`.
    pub total: String,
    /// The splits share out the whole commission (exactly 100%).
    pub complete: bool,
    /// Why the city's splits need attention, while they do not total 100%.
    pub warning: Option<String>,
}

/// The total of a city's splits (hundredths of a percent) and a warning unless it is 100%.
/// Under 100% is allowed while a city adds its roles one by one, so it is said, not refused;
/// over 100% is refused at every save (`listing_role_total`) and can only come from older data.
pub fn listing_role_split(ratios: &[i32]) -> ListingRoleSplit {
    let total: i64 = ratios.iter().map(|&r| i64::from(r)).sum();
    let text = |value: i64| {
        crate::org::fields::hundredths_text(value.clamp(0, i64::from(i32::MAX)) as i32)
    };
    let warning = match total {
        10_000 => None,
        under if under < 10_000 => Some(format!(
            "各角色分成比例合计为{}%，不足100%，成交佣金将有{}%无人分得",
            text(under),
            text(10_000 - under)
        )),
        over => Some(format!(
            "各角色分成比例合计为{}%，超过100%，请调低部分角色的比例",
            text(over)
        )),
    };
    ListingRoleSplit {
        total: text(total),
        complete: warning.is_none(),
        warning,
    }
}

/// A page (menu type 2) needs the component that renders it.
const PAGE: When = When {
    field: "menuType",
    values: &["2"],
};

/// 权限标识: the identity the server's routes name, kept when the path or action code changes.
const PERMS: Field = Field::text("perms", "权限标识", REMARK_MAX)
    .rule(Rule::PermissionCode)
    .required();

pub const MENU: Form = Form {
    kind: "menu",
    fields: &[
        Field::select("parentId", "上级菜单", None).control(Control::TreeSelect),
        name("menuName", "菜单名称"),
        Field::select("menuType", "类型", None).required(),
        Field::select("status", "状态", None).required(),
        Field::text("menuPage", "路由地址", REMARK_MAX)
            .rule(Rule::RoutePath)
            .required(),
        PERMS,
        Field::text("componentPath", "组件路径", REMARK_MAX).required_when(PAGE),
        Field::text("menuIcon", "菜单图标", NAME_MAX),
        SORT,
    ],
};

/** One action row of a page (its `actions`): 操作编码, 操作名称 and 权限标识. */
pub const MENU_ACTION: Form = Form {
    kind: "menuAction",
    fields: &[
        Field::text("code", "操作编码", 30)
            .rule(Rule::Code)
            .required(),
        name("name", "操作名称"),
        PERMS,
    ],
};
