//! Every form of the product, defined once: its fields with label, control, whether
//! they are required, limits, choices from core's enum tables and the rule that checks them.
//!
//! The SPA renders its fields from [`Field`] (`formFields(kind)`) and checks them with
//! [`check`] (`checkForm(kind, values, today)`); the server checks every request body with the
//! same [`check`], so a refusal has the same field and the same message on both sides. `check`
//! answers every field at fault at once, in form order, and cleans the values it passes
//! (trimmed text, ID numbers upper-cased, bank cards without spaces).

mod admin;
mod ai;
mod assistant;
mod community;
mod customer;
mod deal;
mod lead;
mod listing;
mod new_home;
mod org;
mod people;
mod report;
mod rules;

use chrono::NaiveDate;
use serde::Serialize;
use serde_json::{Map, Value};

use crate::enums::EnumTable;
pub use crate::org::fields::FieldError;
pub use rules::{Rule, clock_time};

/// How a field is entered; the SPA picks its control from this.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Control {
    Text,
    Password,
    Textarea,
    Number,
    /// A share 0–1, typed and shown as a percentage (30 % for 0.3), as the assistant's 相似度阈值
    /// is set; the value stays the share.
    Percent,
    Select,
    MultiSelect,
    TreeSelect,
    MultiTreeSelect,
    Date,
    /// A time of day, `HH:MM`.
    Time,
    Switch,
}

impl Control {
    /// Picked rather than typed: the required message says 请选择.
    fn is_choice(self) -> bool {
        matches!(
            self,
            Control::Select
                | Control::MultiSelect
                | Control::TreeSelect
                | Control::MultiTreeSelect
                | Control::Date
                | Control::Time
        )
    }
}

/// A field required only while another field holds one of some values (a menu page's
/// component path).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct When {
    pub field: &'static str,
    pub values: &'static [&'static str],
}

/// One field of a form.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Field {
    /// The request and form name (`contactName`).
    pub name: &'static str,
    pub label: &'static str,
    pub control: Control,
    pub required: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub required_when: Option<When>,
    /// Longest text in characters.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_length: Option<usize>,
    /// Smallest and largest number.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max: Option<i64>,
    /// The enumeration the value comes from; choices the server knows (stores, roles) are
    /// filled by the page.
    #[serde(skip_serializing_if = "Option::is_none", serialize_with = "entries")]
    pub choices: Option<EnumTable>,
    /// A line under the field saying what is accepted (the password policy).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hint: Option<&'static str>,
    /// A date not before today, China time (预计归还日期, 下次跟进日期): refused by the check, and
    /// the browser's calendar greys the days before.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub from_today: bool,
    #[serde(skip)]
    pub rule: Rule,
    /// Another field (its name, then its label) this one must not repeat (备用电话 is not the
    /// 业主电话 again): refused on this field, digits compared.
    #[serde(skip)]
    pub differs_from: Option<(&'static str, &'static str)>,
}

fn entries<S: serde::Serializer>(table: &Option<EnumTable>, s: S) -> Result<S::Ok, S::Error> {
    table.map(|table| table.entries).serialize(s)
}

impl Field {
    /// Optional text, no rule: the building block the form files refine.
    pub const fn text(name: &'static str, label: &'static str, max_length: usize) -> Field {
        Field {
            name,
            label,
            control: Control::Text,
            required: false,
            required_when: None,
            max_length: Some(max_length),
            min: None,
            max: None,
            choices: None,
            hint: None,
            from_today: false,
            rule: Rule::Text,
            differs_from: None,
        }
    }

    /// A choice among `choices` (an enum table) or among records the page lists (`None`).
    pub const fn select(
        name: &'static str,
        label: &'static str,
        choices: Option<EnumTable>,
    ) -> Field {
        Field {
            control: Control::Select,
            max_length: None,
            rule: Rule::Choice,
            choices,
            ..Field::text(name, label, 0)
        }
    }

    /// Not the value of field `name`, labelled `label`.
    pub const fn differs_from(self, name: &'static str, label: &'static str) -> Field {
        Field {
            differs_from: Some((name, label)),
            ..self
        }
    }

    pub const fn required(self) -> Field {
        Field {
            required: true,
            ..self
        }
    }

    pub const fn control(self, control: Control) -> Field {
        Field { control, ..self }
    }

    pub const fn rule(self, rule: Rule) -> Field {
        Field { rule, ..self }
    }

    /// A date not before today (see [`Field::from_today`]).
    pub const fn from_today(self) -> Field {
        Field {
            from_today: true,
            ..self
        }
    }

    pub const fn hint(self, hint: &'static str) -> Field {
        Field {
            hint: Some(hint),
            ..self
        }
    }

    pub const fn required_when(self, when: When) -> Field {
        Field {
            required_when: Some(when),
            ..self
        }
    }

    /// The message of an empty required field.
    fn required_message(&self) -> String {
        match self.rule.required_message(self.label) {
            Some(message) => message,
            None if self.control.is_choice() => format!("请选择{}", self.label),
            None => format!("{}不能为空", self.label),
        }
    }
}

/// A form: its name (`company`, `companyEdit`) and fields in display order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Form {
    pub kind: &'static str,
    pub fields: &'static [Field],
}

/// Every form, for `formFields(kind)` and the tests that run each through browser and server.
pub const ALL: &[Form] = &[
    org::CITY_SITE,
    org::COMPANY,
    org::COMPANY_EDIT,
    org::STORE_GROUP,
    org::STORE,
    org::DEPARTMENT,
    org::POSITION,
    people::STAFF,
    people::STAFF_EDIT,
    people::ONBOARDING_START,
    people::ONBOARDING,
    people::ONBOARDING_SUBMIT,
    people::LOGIN,
    people::LOGIN_CODE,
    people::CHANGE_MOBILE,
    admin::ROLE,
    admin::APP,
    admin::APP_EDIT,
    admin::DICTIONARY,
    admin::DICTIONARY_EDIT,
    admin::DISTRICT,
    admin::CIRCLE,
    admin::BUILDING_TYPE,
    admin::LISTING_ROLE,
    admin::MENU,
    admin::MENU_ACTION,
    people::STAFF_STATUS,
    people::ONBOARDING_CANCEL,
    people::ONBOARDING_REJECT,
    listing::SECOND_HAND,
    listing::SECOND_HAND_EDIT,
    listing::RENTAL,
    listing::RENTAL_EDIT,
    listing::FOLLOW_UP,
    listing::KEY_REGISTER,
    listing::KEY_LEND,
    community::COMMUNITY,
    community::COMMUNITY_EDIT,
    community::BUILDING,
    community::UNIT,
    community::ROOM,
    ai::KNOWLEDGE,
    ai::KNOWLEDGE_DATA_SET,
    ai::KNOWLEDGE_POINT,
    ai::KNOWLEDGE_SEARCH,
    new_home::NEW_HOME,
    new_home::HOUSE_TYPE,
    new_home::COMMISSION_RULE,
    assistant::ASSISTANT,
    customer::CUSTOMER,
    customer::CUSTOMER_FOLLOW_UP,
    customer::CUSTOMER_RELEASE,
    customer::CUSTOMER_INVALIDATE,
    customer::CUSTOMER_VIEWING,
    customer::CUSTOMER_VIEWING_FEEDBACK,
    report::REPORT,
    report::NEW_HOME_DEAL,
    deal::SALE_CONTRACT,
    deal::LEASE_CONTRACT,
    deal::RECEIPT,
    lead::CLUE,
];

pub use crate::org::fields::PASSWORD_POLICY;
pub use admin::{
    APP, APP_EDIT, BUILDING_TYPE, CIRCLE, DICTIONARY, DICTIONARY_EDIT, DISTRICT, LISTING_ROLE,
    ListingRoleSplit, MENU, MENU_ACTION, ROLE, listing_role_split, listing_role_total,
};
pub use ai::{
    ANSWER_MAX, KNOWLEDGE, KNOWLEDGE_DATA_SET, KNOWLEDGE_POINT, KNOWLEDGE_SEARCH, QUESTION_MAX,
};
pub use assistant::{
    ASSISTANT, PUBLISH_NEEDS_KNOWLEDGE, SUGGESTED_MAX, TOP_K_MAX, TOP_K_MIN, knowledge_warning,
    publish_refusal, suggested_questions,
};
pub use community::{BUILDING, COMMUNITY, COMMUNITY_EDIT, ROOM, UNIT};
pub use customer::{
    CUSTOMER, CUSTOMER_FOLLOW_UP, CUSTOMER_INVALIDATE, CUSTOMER_RELEASE, CUSTOMER_VIEWING,
    CUSTOMER_VIEWING_FEEDBACK,
};
pub use deal::{LEASE_CONTRACT, RECEIPT, SALE_CONTRACT};
pub use lead::{BUDGET_MAX_WAN, CLUE};
pub use listing::{
    FOLLOW_UP, KEY_LEND, KEY_REGISTER, RENTAL, RENTAL_EDIT, ROLE_MEMBER_TWICE, RoleMember,
    SECOND_HAND, SECOND_HAND_EDIT, check_role_members, default_role_members,
};
pub use new_home::{COMMISSION_RULE, HOUSE_TYPE, NEW_HOME, SELLING_POINTS_MAX};
pub use org::{CITY_SITE, COMPANY, COMPANY_EDIT, DEPARTMENT, POSITION, STORE, STORE_GROUP};
pub use people::{
    CHANGE_MOBILE, LOGIN, LOGIN_CODE, ONBOARDING, ONBOARDING_CANCEL, ONBOARDING_REJECT,
    ONBOARDING_START, ONBOARDING_SUBMIT, STAFF, STAFF_EDIT, STAFF_STATUS,
};
pub use report::{NEW_HOME_DEAL, REPORT};

/// The form named `kind`.
pub fn form(kind: &str) -> Option<&'static Form> {
    ALL.iter().find(|form| form.kind == kind)
}

/// A form value as text: absent and null are empty, numbers and booleans their JSON text,
/// lists their items joined by commas (empty when the list is).
fn text_of(value: Option<&Value>) -> String {
    match value {
        None | Some(Value::Null) => String::new(),
        Some(Value::String(text)) => text.trim().to_owned(),
        Some(Value::Array(items)) => items
            .iter()
            .map(|item| text_of(Some(item)))
            .collect::<Vec<_>>()
            .join(","),
        Some(other) => other.to_string(),
    }
}

fn is_required(field: &Field, values: &Map<String, Value>) -> bool {
    field.required
        || field.required_when.is_some_and(|when| {
            let current = text_of(values.get(when.field));
            when.values.contains(&current.as_str())
        })
}

/// Whether `value` of `field` repeats the field it must differ from, as one phone (`+86 139…`
/// and `139-…` alike); a masked number (shown as 139****5678) is not compared, as the stored one
/// behind it is unknown here.
fn repeats(field: &Field, value: &str, values: &Map<String, Value>) -> bool {
    let Some((other, _)) = field.differs_from else {
        return false;
    };
    let other = text_of(values.get(other));
    let phone = crate::customer::phone::normalise;
    let masked = |text: &str| text.contains('*');
    !masked(value) && !masked(&other) && !phone(value).is_empty() && phone(value) == phone(&other)
}

/// Checks `values` against `form` and cleans the text fields in place. Every field at fault is
/// answered, once each, in form order; fields the form does not know are left alone. `today`
/// refuses dates of birth still to come.
pub fn check(form: &Form, values: &mut Map<String, Value>, today: NaiveDate) -> Vec<FieldError> {
    let mut errors = Vec::new();
    for field in form.fields {
        let text = match values.get(field.name) {
            // A password is taken as typed: spaces may be part of it.
            Some(Value::String(typed)) if field.control == Control::Password => typed.clone(),
            other => text_of(other),
        };
        if text.is_empty() {
            if is_required(field, values) {
                errors.push(FieldError::new(field.name, field.required_message()));
            }
            continue;
        }
        match rules::apply(field, &text, values, today) {
            Ok(cleaned) if repeats(field, &cleaned, values) => {
                let (_, other) = field.differs_from.unwrap_or_default();
                errors.push(FieldError::new(
                    field.name,
                    format!("{}不能与{other}相同", field.label),
                ));
            }
            Ok(cleaned) => {
                // Only text is rewritten: a number stays the number the client sent.
                if let Some(Value::String(given)) = values.get_mut(field.name) {
                    *given = cleaned;
                }
            }
            Err(message) => errors.push(FieldError::new(field.name, message)),
        }
    }
    errors
}

#[cfg(test)]
mod tests;
