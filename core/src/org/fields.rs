//! The field rules of the organisation and people forms: names and lengths, usernames and
//! passwords, codes, and a person's details (mobile, ID number, bank card, education, marital
//! status, entry date) checked with the validators of [`crate::validate`]. Each rule returns
//! the cleaned value or the field at fault with its Chinese message.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use crate::forms;
use crate::permission::SUPER_ADMIN_POSITION;
use crate::validate::{self, Rule};

/// Longest name of anything (company, store, department, role, person...).
pub const NAME_MAX: usize = 50;
/// Longest address, remark or reason.
pub const REMARK_MAX: usize = 200;
pub const SORT_MAX: i64 = 9999;
pub const SORT_RULE: &str = "排序须为0-9999之间的整数";

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

/// A display order: 0-9999, 0 when absent.
pub fn sort(field: &'static str, value: Option<i64>) -> FieldResult<i32> {
    match value {
        None => Ok(0),
        Some(sort) if (0..=SORT_MAX).contains(&sort) => Ok(sort as i32),
        Some(_) => Err(FieldError::new(field, SORT_RULE)),
    }
}

pub const USERNAME_RULE: &str = "用户名须为4-30位字母、数字或下划线，且以字母开头";
/// The password policy: 8-32 characters with at least one letter and one digit, so
/// `123456` and `password` are refused. Shown under every new-password field.
pub const PASSWORD_POLICY: &str = "密码须为8-32位，且同时包含字母和数字";

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

/// A new password under [`PASSWORD_POLICY`], taken as typed.
pub fn password(value: &str) -> FieldResult<String> {
    if value.is_empty() {
        return Err(FieldError::new("password", "请输入密码"));
    }
    let length = value.chars().count();
    let letter = value.chars().any(|c| c.is_ascii_alphabetic());
    let digit = value.chars().any(|c| c.is_ascii_digit());
    if !((8..=32).contains(&length) && letter && digit) {
        return Err(FieldError::new("password", PASSWORD_POLICY));
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

/// What a permission code may be, as the route config shows it under the field.
pub const PERMISSION_CODE_RULE: &str =
    "权限标识须为1-6段以冒号分隔的编码，每段为1-30位字母、数字或下划线，且以字母开头";

/// A permission code (`work:store:staff:list`), the identity a page or action keeps when its
/// path or action code changes: `^[A-Za-z][A-Za-z0-9_]{0,29}(:[A-Za-z][A-Za-z0-9_]{0,29}){0,5}$`.
pub fn permission_code(value: &str) -> FieldResult<String> {
    let value = value.trim();
    if value.is_empty() {
        return Err(FieldError::new("perms", "权限标识不能为空"));
    }
    let parts: Vec<&str> = value.split(':').collect();
    if parts.len() > 6 || !parts.iter().all(|part| pattern(part, 1, 30, b"_")) {
        return Err(FieldError::new("perms", PERMISSION_CODE_RULE));
    }
    Ok(value.to_owned())
}

/// A position name other than `超级管理员`, which is kept for the system's own position.
pub fn position_name(value: &str) -> FieldResult<String> {
    let value = value.trim();
    if value == SUPER_ADMIN_POSITION {
        return Err(FieldError::new(
            "name",
            format!("岗位名称「{SUPER_ADMIN_POSITION}」为系统保留"),
        ));
    }
    Ok(value.to_owned())
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
    /// An onboarding's 入职状态 (a working-status code); the staff forms carry none.
    pub working_status: String,
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

/// Checks a person's details with the onboarding form; `complete` (an onboarding being
/// submitted) uses its 提交审批 form, which also requires the ID number, bank card, education,
/// marital status and entry date. Every fault is answered at once, in form order; `today`
/// refuses ID numbers born later.
pub fn check_person(
    details: &PersonDetails,
    complete: bool,
    today: NaiveDate,
) -> Result<CheckedPerson, Vec<FieldError>> {
    let form = if complete {
        &forms::ONBOARDING_SUBMIT
    } else {
        &forms::ONBOARDING
    };
    let mut values = match serde_json::to_value(details) {
        Ok(serde_json::Value::Object(values)) => values,
        _ => serde_json::Map::new(),
    };
    let errors = forms::check(form, &mut values, today);
    if !errors.is_empty() {
        return Err(errors);
    }
    // Every text field is a string now, trimmed and cleaned by the form's rules.
    let text = |name: &str| {
        values
            .get(name)
            .and_then(serde_json::Value::as_str)
            .unwrap_or_default()
            .to_owned()
    };
    let given = |name: &str| Some(text(name)).filter(|value| !value.is_empty());
    let small = |value: Option<i64>| value.and_then(|value| i16::try_from(value).ok());
    Ok(CheckedPerson {
        real_name: text("realName"),
        mobile: text("mobile"),
        sex: small(details.sex).unwrap_or_default(),
        id_number: given("idNumber"),
        bank_card: given("bankCard"),
        education: small(details.education),
        marital_status: small(details.marital_status),
        entry_date: given("entryDate")
            .and_then(|entry| date("entryDate", "", &entry, false).ok().flatten()),
        address: text("address"),
        emergency_contact: text("emergencyContact"),
        emergency_mobile: given("emergencyMobile"),
    })
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

    fn today() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, 23).unwrap()
    }

    /// The first fault of a person's check.
    fn first(result: Result<CheckedPerson, Vec<FieldError>>) -> (&'static str, String) {
        let errors = result.unwrap_err();
        (errors[0].field, errors[0].message.clone())
    }

    fn refusal<T: std::fmt::Debug>(result: FieldResult<T>) -> (&'static str, String) {
        let error = result.unwrap_err();
        (error.field, error.message)
    }

    #[test]
    fn usernames_passwords_and_codes() {
        assert_eq!(username("zhang_san1").unwrap(), "zhang_san1");
        assert_eq!(refusal(username("")).1, "请输入用户名");
        for bad in ["abc", "1abc", "zhang san", "张三丰丰", &"a".repeat(31)] {
            assert_eq!(refusal(username(bad)).1, USERNAME_RULE, "{bad}");
        }
        assert_eq!(password("Demo@2026").unwrap(), "Demo@2026");
        for weak in ["12345", "123456", "12345678", "password", "Ab1"] {
            assert_eq!(refusal(password(weak)).1, PASSWORD_POLICY, "{weak}");
        }
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
        assert_eq!(
            permission_code(" work:store:staff:add ").unwrap(),
            "work:store:staff:add"
        );
        assert_eq!(permission_code("work").unwrap(), "work");
        assert_eq!(refusal(permission_code("")).1, "权限标识不能为空");
        for bad in [
            "/work/store/staff",
            "work::add",
            "work:",
            ":add",
            "work:1add",
            "a:b:c:d:e:f:g",
            "门店:员工",
        ] {
            assert_eq!(
                refusal(permission_code(bad)).1,
                PERMISSION_CODE_RULE,
                "{bad}"
            );
        }
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
        let checked = check_person(&person(), false, today()).unwrap();
        assert_eq!(checked.real_name, "张三");
        assert_eq!(checked.sex, 0);
        assert_eq!(checked.id_number, None);
        let mut no_mobile = person();
        no_mobile.mobile = String::new();
        assert_eq!(
            first(check_person(&no_mobile, false, today())),
            ("mobile", "请输入手机号码".into())
        );
        let mut bad_mobile = person();
        bad_mobile.mobile = "23912345678".into();
        assert_eq!(
            first(check_person(&bad_mobile, false, today())),
            ("mobile", "请输入正确的手机号码".into())
        );
    }

    #[test]
    fn id_numbers_and_bank_cards_use_the_core_validators() {
        let mut details = person();
        details.id_number = "11010519491231002X".into();
        details.bank_card = "6222 0212 3456 7890 123".into();
        let checked = check_person(&details, false, today()).unwrap();
        assert_eq!(checked.id_number.as_deref(), Some("11010519491231002X"));
        assert_eq!(checked.bank_card.as_deref(), Some("6222021234567890123"));
        details.id_number = "110105194912310021".into();
        assert_eq!(
            first(check_person(&details, false, today())),
            ("idNumber", "身份证号格式错误".into())
        );
        details.id_number = String::new();
        details.bank_card = "6222-0212".into();
        assert_eq!(
            first(check_person(&details, false, today())),
            ("bankCard", "银行卡号格式错误".into())
        );
    }

    #[test]
    fn a_complete_person_has_every_onboarding_field() {
        let mut details = person();
        assert_eq!(
            first(check_person(&details, true, today())).1,
            "请输入身份证号"
        );
        details.id_number = "11010519491231002X".into();
        assert_eq!(
            first(check_person(&details, true, today())).1,
            "请输入银行卡号"
        );
        details.bank_card = "6222021234567890123".into();
        assert_eq!(
            first(check_person(&details, true, today())),
            ("education", "请选择学历".into())
        );
        details.education = Some(10);
        assert_eq!(first(check_person(&details, true, today())).1, "请选择学历");
        details.education = Some(6);
        assert_eq!(
            first(check_person(&details, true, today())).1,
            "请选择婚姻状况"
        );
        details.marital_status = Some(1);
        assert_eq!(
            first(check_person(&details, true, today())).1,
            "请选择入职日期"
        );
        details.entry_date = "2026-03-01".into();
        details.sex = Some(3);
        assert_eq!(first(check_person(&details, true, today())).1, "请选择性别");
        details.sex = Some(1);
        assert_eq!(
            first(check_person(&details, true, today())),
            ("workingStatus", "请选择入职状态".into())
        );
        details.working_status = "INCUMBENCY_FORMAL".into();
        let checked = check_person(&details, true, today()).unwrap();
        assert_eq!(
            (checked.education, checked.marital_status, checked.sex),
            (Some(6), Some(1), 1)
        );
    }
}
