//! The organisation forms: city sites, companies, store groups, stores, departments, positions.

use super::{Control, Field, Form, Rule};
use crate::enums::ORGANISATION_SCOPE;
use crate::org::fields::{NAME_MAX, REMARK_MAX};

/// A required name of at most 50 characters, without emoji.
pub(super) const fn name(name: &'static str, label: &'static str) -> Field {
    Field::text(name, label, NAME_MAX)
        .rule(Rule::Name)
        .required()
}

/// An optional remark, address or reason of at most 200 characters, on several lines.
pub(super) const fn remark(name: &'static str, label: &'static str) -> Field {
    Field::text(name, label, REMARK_MAX).control(Control::Textarea)
}

/// 排序: 0-9999.
pub(super) const SORT: Field = Field {
    control: Control::Number,
    max_length: None,
    min: Some(0),
    max: Some(crate::org::fields::SORT_MAX),
    rule: Rule::Sort,
    ..Field::text("sort", "排序", 0)
};

pub(super) const fn switch(name: &'static str, label: &'static str) -> Field {
    Field {
        control: Control::Switch,
        max_length: None,
        ..Field::text(name, label, 0)
    }
}

/// Where a record goes, for callers above one (admin: the city; city staff: the company).
pub(super) const SITE: Field = Field::select("siteId", "城市站点", None);
pub(super) const ORGANISATION: Field = Field::select("organisationId", "所属公司", None);

pub const CITY_SITE: Form = Form {
    kind: "citySite",
    fields: &[
        name("name", "站点名称"),
        Field::text("code", "站点编码", NAME_MAX)
            .rule(Rule::SiteCode)
            .required(),
        SORT,
        switch("enabled", "启用"),
    ],
};

const COMPANY_NAME: Field = name("name", "公司名称");
const CONTACT_NAME: Field = Field::text("contactName", "联系人", NAME_MAX).rule(Rule::Name);
const CONTACT_MOBILE: Field = Field::text("contactMobile", "联系电话", 11)
    .rule(Rule::Validator(crate::validate::Rule::Mobile));
const COMPANY_ADDRESS: Field = remark("address", "地址");

/// A new organisation: its city and type are chosen once.
pub const COMPANY: Form = Form {
    kind: "company",
    fields: &[
        SITE,
        COMPANY_NAME,
        Field::select("scope", "公司类型", Some(ORGANISATION_SCOPE)).required(),
        CONTACT_NAME,
        CONTACT_MOBILE,
        COMPANY_ADDRESS,
        switch("enabled", "启用"),
    ],
};

pub const COMPANY_EDIT: Form = Form {
    kind: "companyEdit",
    fields: &[
        COMPANY_NAME,
        CONTACT_NAME,
        CONTACT_MOBILE,
        COMPANY_ADDRESS,
        switch("enabled", "启用"),
    ],
};

pub const STORE_GROUP: Form = Form {
    kind: "storeGroup",
    fields: &[ORGANISATION, name("name", "门店组名称")],
};

pub const STORE: Form = Form {
    kind: "store",
    fields: &[
        ORGANISATION,
        Field::select("storeGroupId", "门店组", None),
        name("name", "门店名称"),
        remark("address", "门店地址"),
    ],
};

pub const DEPARTMENT: Form = Form {
    kind: "department",
    fields: &[
        ORGANISATION,
        Field::select("parentId", "上级部门", None).control(Control::TreeSelect),
        Field::select("storeId", "所属门店", None),
        name("name", "部门名称"),
        SORT,
    ],
};

pub const POSITION: Form = Form {
    kind: "position",
    fields: &[
        ORGANISATION,
        name("name", "岗位名称").rule(Rule::PositionName),
        SORT,
    ],
};
