//! The field rules of the organisation and people forms: names and lengths, usernames and
//! passwords, codes, and a person's details (mobile, ID number, bank card, education, marital
//! status, entry date) checked with the validators of [`crate::validate`]. Each rule returns
//! the cleaned value or the field at fault with its Chinese message.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use crate::enums::{EDUCATION, MARITAL_STATUS, SEX};
use crate::permission::SUPER_ADMIN_POSITION;
use crate::validate::{self, Rule};

/// Longest name of anything (company, store, department, role, person...).
pub const NAME_MAX: usize = 50;
/// Longest address, remark or reason.
pub const REMARK_MAX: usize = 200;
pub const SORT_MAX: i64 = 9999;

/// One refused field: its request name and the message to show beside it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FieldError {
    pub field: &'static str,
    pub message: String,
}

impl FieldError {
    pub fn new(field: &'static str, message: impl Into<String>) -> Self {
        Self {
            field,
            message: message.into(),
        }
    }
}

impl std::fmt::Display for FieldError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for FieldError {}

pub type FieldResult<T> = Result<T, FieldError>;

/// Trimmed text of at most `max` characters; empty is refused when `required`
/// (`{label}不能为空`), too long always (`{label}不能超过{max}个字符`).
pub fn text(
    field: &'static str,
    label: &str,
    value: &str,
    max: usize,
    required: bool,
) -> FieldResult<String> {
    let value = value.trim();
    if value.is_empty() && required {
        return Err(FieldError::new(field, format!("{label}不能为空")));
    }
    if value.chars().count() > max {
        return Err(FieldError::new(
            field,
            format!("{label}不能超过{max}个字符"),
        ));
    }
    Ok(value.to_owned())
}

/// A required name of 1-50 characters.
pub fn name(field: &'static str, label: &str, value: &str) -> FieldResult<String> {
    text(field, label, value, NAME_MAX, true)
}

/// An optional address, remark or the like of at most 200 characters.
pub fn remark(field: &'static str, label: &str, value: &str) -> FieldResult<String> {
    text(field, label, value, REMARK_MAX, false)
}

/// A display order: 0-9999, 0 when absent.
pub fn sort(field: &'static str, value: Option<i64>) -> FieldResult<i32> {
    match value {
        None => Ok(0),
        Some(sort) if (0..=SORT_MAX).contains(&sort) => Ok(sort as i32),
        Some(_) => Err(FieldError::new(field, "排序须为0-9999之间的整数")),
    }
}

pub const USERNAME_RULE: &str = "用户名须为4-30位字母、数字或下划线，且以字母开头";
pub const PASSWORD_RULE: &str = "密码长度须为6-32位";

/// `^[A-Za-z][A-Za-z0-9_]{3,29}$`.
pub fn username(value: &str) -> FieldResult<String> {
    let value = value.trim();
    if value.is_empty() {
        return Err(FieldError::new("username", "请输入用户名"));
    }
    if !pattern(value, 4, 30, b"_") {
        return Err(FieldError::new("username", USERNAME_RULE));
    }
    Ok(value.to_owned())
}

/// 6-32 characters, taken as typed.
pub fn password(value: &str) -> FieldResult<String> {
    if value.is_empty() {
        return Err(FieldError::new("password", "请输入密码"));
    }
    if !(6..=32).contains(&value.chars().count()) {
        return Err(FieldError::new("password", PASSWORD_RULE));
    }
    Ok(value.to_owned())
}

/// A letter, then letters, digits or the `extra` bytes; `min..=max` long.
fn pattern(value: &str, min: usize, max: usize, extra: &[u8]) -> bool {
    let bytes = value.as_bytes();
    (min..=max).contains(&bytes.len())
        && bytes[0].is_ascii_alphabetic()
        && bytes
            .iter()
            .all(|b| b.is_ascii_alphanumeric() || extra.contains(b))
}

/// City site code: 1-50 of lowercase letters, digits, `_` and `-`.
pub fn site_code(value: &str) -> FieldResult<String> {
    let value = value.trim();
    if value.is_empty() {
        return Err(FieldError::new("code", "站点编码不能为空"));
    }
    let ok = value.len() <= NAME_MAX
        && value
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_' || b == b'-');
    if !ok {
        return Err(FieldError::new(
            "code",
            "站点编码须为1-50位小写字母、数字、下划线或中划线",
        ));
    }
    Ok(value.to_owned())
}

/// Dictionary key: `^[A-Za-z][A-Za-z0-9_.]{0,49}$`.
pub fn dict_key(value: &str) -> FieldResult<String> {
    let value = value.trim();
    if value.is_empty() {
        return Err(FieldError::new("dictKey", "参数键名不能为空"));
    }
    if !pattern(value, 1, 50, b"_.") {
        return Err(FieldError::new(
            "dictKey",
            "参数键名须为1-50位字母、数字、点或下划线，且以字母开头",
        ));
    }
    Ok(value.to_owned())
}

/// Code of a page action or an app: `^[A-Za-z][A-Za-z0-9_]{0,29}$`.
pub fn action_code(field: &'static str, label: &str, value: &str) -> FieldResult<String> {
    let value = value.trim();
    if value.is_empty() {
        return Err(FieldError::new(field, format!("{label}不能为空")));
    }
    if !pattern(value, 1, 30, b"_") {
        return Err(FieldError::new(
            field,
            format!("{label}须为1-30位字母、数字或下划线，且以字母开头"),
        ));
    }
    Ok(value.to_owned())
}

/// A route path: starts with `/`, at most 200 characters, no spaces.
pub fn route_path(value: &str) -> FieldResult<String> {
    let value = value.trim();
    if value.is_empty() {
        return Err(FieldError::new("menuPage", "路由地址不能为空"));
    }
    if !value.starts_with('/') || value.len() > REMARK_MAX || value.contains(char::is_whitespace) {
        return Err(FieldError::new(
            "menuPage",
            "路由地址须以/开头，不含空格，且不超过200个字符",
        ));
    }
    Ok(value.to_owned())
}

/// A position name; `超级管理员` is kept for the system's own position.
pub fn position_name(value: &str) -> FieldResult<String> {
    let value = name("name", "岗位名称", value)?;
    if value == SUPER_ADMIN_POSITION {
        return Err(FieldError::new(
            "name",
            format!("岗位名称「{SUPER_ADMIN_POSITION}」为系统保留"),
        ));
    }
    Ok(value)
}

/// A percentage 0-100 with up to two decimals, as hundredths of a percent (`12.5` → 1250).
pub fn percent_hundredths(field: &'static str, value: &str) -> FieldResult<i32> {
    let value = value.trim();
    if value.is_empty() {
        return Ok(0);
    }
    validate::check(Rule::Decimal0To100, value, true)
        .map_err(|error| FieldError::new(field, error.message))?;
    let (whole, fraction) = value.split_once('.').unwrap_or((value, ""));
    let fraction = format!("{fraction:0<2}");
    let whole: i32 = whole.parse().unwrap_or_default();
    let fraction: i32 = fraction[..2].parse().unwrap_or_default();
    Ok(whole * 100 + fraction)
}

/// Hundredths of a percent as the text a form shows (`1250` → `12.50`).
pub fn hundredths_text(value: i32) -> String {
    format!("{}.{:02}", value / 100, value % 100)
}

/// A mobile number (请输入手机号码 / 请输入正确的手机号码).
pub fn mobile(field: &'static str, value: &str, required: bool) -> FieldResult<Option<String>> {
    validate::check(Rule::Mobile, value, required)
        .map_err(|error| FieldError::new(field, error.message))?;
    let value = value.trim();
    Ok((!value.is_empty()).then(|| value.to_owned()))
}

/// `YYYY-MM-DD`.
pub fn date(
    field: &'static str,
    required_message: &str,
    value: &str,
    required: bool,
) -> FieldResult<Option<NaiveDate>> {
    let value = value.trim();
    if value.is_empty() {
        return if required {
            Err(FieldError::new(field, required_message))
        } else {
            Ok(None)
        };
    }
    let parts: Vec<&str> = value.split('-').collect();
    let parsed = match parts.as_slice() {
        [y, m, d] if y.len() == 4 && m.len() == 2 && d.len() == 2 => {
            match (y.parse::<i32>(), m.parse::<u32>(), d.parse::<u32>()) {
                (Ok(y), Ok(m), Ok(d)) => NaiveDate::from_ymd_opt(y, m, d),
                _ => None,
            }
        }
        _ => None,
    };
    parsed
        .map(Some)
        .ok_or_else(|| FieldError::new(field, "请输入正确的日期"))
}

/// A person's details as the staff and onboarding forms send them. Empty strings and absent
/// numbers mean "not given".
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct PersonDetails {
    pub real_name: String,
    pub mobile: String,
    pub sex: Option<i64>,
    pub id_number: String,
    pub bank_card: String,
    pub education: Option<i64>,
    pub marital_status: Option<i64>,
    pub entry_date: String,
    pub address: String,
    pub emergency_contact: String,
    pub emergency_mobile: String,
}

/// [`PersonDetails`] after [`check_person`]: trimmed, the bank card without spaces.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckedPerson {
    pub real_name: String,
    pub mobile: String,
    pub sex: i16,
    pub id_number: Option<String>,
    pub bank_card: Option<String>,
    pub education: Option<i16>,
    pub marital_status: Option<i16>,
    pub entry_date: Option<NaiveDate>,
    pub address: String,
    pub emergency_contact: String,
    pub emergency_mobile: Option<String>,
}

/// Checks a person's details; `complete` (an onboarding being submitted) also requires the ID
/// number, bank card, education, marital status and entry date. Fields are checked in form
/// order and the first fault is returned.
pub fn check_person(details: &PersonDetails, complete: bool) -> FieldResult<CheckedPerson> {
    let real_name = name("realName", "姓名", &details.real_name)?;
    let mobile = mobile("mobile", &details.mobile, true)?.unwrap_or_default();
    let sex = match details.sex {
        None => 0,
        Some(sex) if SEX.label_of(sex).is_some() => sex as i16,
        Some(_) => return Err(FieldError::new("sex", "性别不合法")),
    };
    let id_number = coded(
        "idNumber",
        "请输入身份证号",
        Rule::IdCard,
        &details.id_number,
        complete,
    )?
    .map(|id| id.to_ascii_uppercase());
    let bank_card = coded(
        "bankCard",
        "请输入银行卡号",
        Rule::BankCard,
        &details.bank_card,
        complete,
    )?
    .map(|card| card.replace(' ', ""));
    let education = choice(
        "education",
        "请选择学历",
        details.education,
        |v| EDUCATION.label_of(v).is_some(),
        complete,
    )?;
    let marital_status = choice(
        "maritalStatus",
        "请选择婚姻状况",
        details.marital_status,
        |v| MARITAL_STATUS.label_of(v).is_some(),
        complete,
    )?;
    let entry_date = date("entryDate", "请选择入职日期", &details.entry_date, complete)?;
    let address = remark("address", "联系地址", &details.address)?;
    let emergency_contact = text(
        "emergencyContact",
        "紧急联系人",
        &details.emergency_contact,
        NAME_MAX,
        false,
    )?;
    let emergency_mobile = mobile_optional("emergencyMobile", &details.emergency_mobile)?;
    Ok(CheckedPerson {
        real_name,
        mobile,
        sex,
        id_number,
        bank_card,
        education,
        marital_status,
        entry_date,
        address,
        emergency_contact,
        emergency_mobile,
    })
}

fn mobile_optional(field: &'static str, value: &str) -> FieldResult<Option<String>> {
    mobile(field, value, false)
}

/// A value checked by a core validator, with its own required message.
fn coded(
    field: &'static str,
    required_message: &str,
    rule: Rule,
    value: &str,
    required: bool,
) -> FieldResult<Option<String>> {
    let value = value.trim();
    if value.is_empty() {
        return if required {
            Err(FieldError::new(field, required_message))
        } else {
            Ok(None)
        };
    }
    validate::check(rule, value, true).map_err(|error| FieldError::new(field, error.message))?;
    Ok(Some(value.to_owned()))
}

/// A value picked from an enumeration.
fn choice(
    field: &'static str,
    message: &str,
    value: Option<i64>,
    known: impl Fn(i64) -> bool,
    required: bool,
) -> FieldResult<Option<i16>> {
    match value {
        None if required => Err(FieldError::new(field, message)),
        None => Ok(None),
        Some(v) if known(v) => Ok(Some(v as i16)),
        Some(_) => Err(FieldError::new(field, message)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn person() -> PersonDetails {
        PersonDetails {
            real_name: " 张三 ".into(),
            mobile: "13912345678".into(),
            ..PersonDetails::default()
        }
    }

    fn refusal<T: std::fmt::Debug>(result: FieldResult<T>) -> (&'static str, String) {
        let error = result.unwrap_err();
        (error.field, error.message)
    }

    #[test]
    fn names_are_required_and_at_most_fifty_characters() {
        assert_eq!(name("name", "门店名称", " 西湖店 ").unwrap(), "西湖店");
        assert_eq!(
            refusal(name("name", "门店名称", "  ")),
            ("name", "门店名称不能为空".into())
        );
        assert_eq!(
            name("name", "部门", &"部".repeat(50))
                .unwrap()
                .chars()
                .count(),
            50
        );
        assert_eq!(
            refusal(name("name", "部门名称", &"部".repeat(51))),
            ("name", "部门名称不能超过50个字符".into())
        );
        assert_eq!(remark("remark", "备注", "").unwrap(), "");
        assert_eq!(
            refusal(remark("remark", "备注", &"x".repeat(201))).1,
            "备注不能超过200个字符"
        );
    }

    #[test]
    fn usernames_passwords_and_codes() {
        assert_eq!(username("zhang_san1").unwrap(), "zhang_san1");
        assert_eq!(refusal(username("")).1, "请输入用户名");
        for bad in ["abc", "1abc", "zhang san", "张三丰丰", &"a".repeat(31)] {
            assert_eq!(refusal(username(bad)).1, USERNAME_RULE, "{bad}");
        }
        assert_eq!(password("Demo@2026").unwrap(), "Demo@2026");
        assert_eq!(refusal(password("12345")).1, PASSWORD_RULE);
        assert_eq!(refusal(password("")).1, "请输入密码");
        assert_eq!(site_code("ningbo").unwrap(), "ningbo");
        assert!(site_code("NingBo").is_err());
        assert_eq!(dict_key("house.maxImages").unwrap(), "house.maxImages");
        assert!(dict_key("1abc").is_err());
        assert_eq!(action_code("code", "操作编码", "export").unwrap(), "export");
        assert_eq!(
            refusal(action_code("code", "操作编码", "导出")).1,
            "操作编码须为1-30位字母、数字或下划线，且以字母开头"
        );
        assert_eq!(route_path("/work/a").unwrap(), "/work/a");
        assert!(route_path("work/a").is_err());
        assert_eq!(
            refusal(position_name("超级管理员")).1,
            "岗位名称「超级管理员」为系统保留"
        );
        assert_eq!(sort("sort", None).unwrap(), 0);
        assert!(sort("sort", Some(-1)).is_err());
    }

    #[test]
    fn percentages_are_kept_in_hundredths() {
        assert_eq!(percent_hundredths("ratio", "12.5").unwrap(), 1250);
        assert_eq!(percent_hundredths("ratio", "100").unwrap(), 10000);
        assert_eq!(percent_hundredths("ratio", "0.05").unwrap(), 5);
        assert_eq!(percent_hundredths("ratio", "").unwrap(), 0);
        assert_eq!(
            refusal(percent_hundredths("ratio", "100.01")).1,
            "请输入0-100之间的数字，最多两位小数"
        );
        assert_eq!(hundredths_text(1250), "12.50");
        assert_eq!(hundredths_text(5), "0.05");
    }

    #[test]
    fn dates_are_calendar_days() {
        assert_eq!(
            date("entryDate", "请选择入职日期", "2026-02-28", true).unwrap(),
            NaiveDate::from_ymd_opt(2026, 2, 28)
        );
        assert_eq!(
            refusal(date("entryDate", "请选择入职日期", "2026-02-30", true)).1,
            "请输入正确的日期"
        );
        assert_eq!(
            refusal(date("entryDate", "请选择入职日期", "", true)).1,
            "请选择入职日期"
        );
        assert_eq!(date("entryDate", "x", "", false).unwrap(), None);
    }

    #[test]
    fn a_person_needs_a_name_and_a_mobile() {
        let checked = check_person(&person(), false).unwrap();
        assert_eq!(checked.real_name, "张三");
        assert_eq!(checked.sex, 0);
        assert_eq!(checked.id_number, None);
        let mut no_mobile = person();
        no_mobile.mobile = String::new();
        assert_eq!(
            refusal(check_person(&no_mobile, false)),
            ("mobile", "请输入手机号码".into())
        );
        let mut bad_mobile = person();
        bad_mobile.mobile = "23912345678".into();
        assert_eq!(
            refusal(check_person(&bad_mobile, false)),
            ("mobile", "请输入正确的手机号码".into())
        );
    }

    #[test]
    fn id_numbers_and_bank_cards_use_the_core_validators() {
        let mut details = person();
        details.id_number = "11010519491231002X".into();
        details.bank_card = "6222 0212 3456 7890 123".into();
        let checked = check_person(&details, false).unwrap();
        assert_eq!(checked.id_number.as_deref(), Some("11010519491231002X"));
        assert_eq!(checked.bank_card.as_deref(), Some("6222021234567890123"));
        details.id_number = "110105194912310021".into();
        assert_eq!(
            refusal(check_person(&details, false)),
            ("idNumber", "身份证号格式错误".into())
        );
        details.id_number = String::new();
        details.bank_card = "6222-0212".into();
        assert_eq!(
            refusal(check_person(&details, false)),
            ("bankCard", "银行卡号格式错误".into())
        );
    }

    #[test]
    fn a_complete_person_has_every_onboarding_field() {
        let mut details = person();
        assert_eq!(refusal(check_person(&details, true)).1, "请输入身份证号");
        details.id_number = "11010519491231002X".into();
        assert_eq!(refusal(check_person(&details, true)).1, "请输入银行卡号");
        details.bank_card = "6222021234567890123".into();
        assert_eq!(
            refusal(check_person(&details, true)),
            ("education", "请选择学历".into())
        );
        details.education = Some(10);
        assert_eq!(refusal(check_person(&details, true)).1, "请选择学历");
        details.education = Some(6);
        assert_eq!(refusal(check_person(&details, true)).1, "请选择婚姻状况");
        details.marital_status = Some(1);
        assert_eq!(refusal(check_person(&details, true)).1, "请选择入职日期");
        details.entry_date = "2026-03-01".into();
        details.sex = Some(3);
        assert_eq!(refusal(check_person(&details, true)).1, "性别不合法");
        details.sex = Some(1);
        let checked = check_person(&details, true).unwrap();
        assert_eq!(
            (checked.education, checked.marital_status, checked.sex),
            (Some(6), Some(1), 1)
        );
    }
}
