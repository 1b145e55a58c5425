//! Form and input validation (spec §5). One rule, one function: the SPA wires them into form
//! rules through the wasm facade, the server calls them natively on every input it accepts, so
//! both show the same Chinese message.
//!
//! Empty means blank after trimming. A required rule rejects an empty value with its
//! required-empty message; a non-required empty value passes. A non-empty value is checked as
//! given (not trimmed): a stray space is an error the user can see and fix.
//!
//! The patterns are small hand-written matchers over ASCII (each documented with the regular
//! expression it implements): a regex engine would add about 45 KB to the browser module.
//!
//! The 1-6 alphanumerics rule: the spec names 1-6 characters while the pattern it inherited
//! allows only 1-3. We take 1-6, the reading its message states: a user told "1-6位" who types
//! 4 characters and is refused would see the product contradict itself.

use chrono::NaiveDate;
use serde::Serialize;

/// §5 "required: default message 'cannot be empty'".
pub const REQUIRED: &str = "不能为空";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Rule {
    Required,
    /// Non-negative decimal.
    Number,
    /// Positive integer.
    PInt,
    Int,
    /// Mobile number: 11 digits starting with 1.
    Tel,
    /// Mobile number that may show masked digits (`138****5678`).
    Tel2,
    /// Mobile number with the 请输入手机号码 / 请输入正确的手机号码 messages.
    Mobile,
    Landline,
    /// Landline, or a mobile number with an optional +86 or 86 prefix.
    PhoneOrLandline,
    Int0To99,
    Int0To100,
    Decimal0To99,
    Decimal0To999999,
    Decimal0To99999999,
    Decimal0To100,
    Alnum1To6,
    SmsCode,
    IdCard,
    BankCard,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum ErrorKind {
    Required,
    Invalid,
}

/// A refused value: which rule, why, and the Chinese message to show.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ValidationError {
    pub rule: &'static str,
    pub kind: ErrorKind,
    pub message: &'static str,
}

impl ValidationError {
    /// Stable code, e.g. `tel.invalid`, `mobile.required`.
    pub fn code(&self) -> String {
        let kind = match self.kind {
            ErrorKind::Required => "required",
            ErrorKind::Invalid => "invalid",
        };
        format!("{}.{kind}", self.rule)
    }
}

impl std::fmt::Display for ValidationError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.message)
    }
}

impl std::error::Error for ValidationError {}

/// Message of a rule name the caller made up.
pub const UNKNOWN_RULE: &str = "未知的校验规则";

impl Rule {
    pub const ALL: [Rule; 19] = [
        Rule::Required,
        Rule::Number,
        Rule::PInt,
        Rule::Int,
        Rule::Tel,
        Rule::Tel2,
        Rule::Mobile,
        Rule::Landline,
        Rule::PhoneOrLandline,
        Rule::Int0To99,
        Rule::Int0To100,
        Rule::Decimal0To99,
        Rule::Decimal0To999999,
        Rule::Decimal0To99999999,
        Rule::Decimal0To100,
        Rule::Alnum1To6,
        Rule::SmsCode,
        Rule::IdCard,
        Rule::BankCard,
    ];

    /// The name forms use (`validate('tel', ...)`).
    pub fn name(self) -> &'static str {
        match self {
            Rule::Required => "required",
            Rule::Number => "number",
            Rule::PInt => "pInt",
            Rule::Int => "int",
            Rule::Tel => "tel",
            Rule::Tel2 => "tel2",
            Rule::Mobile => "mobile",
            Rule::Landline => "landline",
            Rule::PhoneOrLandline => "phoneOrLandline",
            Rule::Int0To99 => "int0to99",
            Rule::Int0To100 => "int0to100",
            Rule::Decimal0To99 => "decimal0to99",
            Rule::Decimal0To999999 => "decimal0to999999",
            Rule::Decimal0To99999999 => "decimal0to99999999",
            Rule::Decimal0To100 => "decimal0to100",
            Rule::Alnum1To6 => "alnum1to6",
            Rule::SmsCode => "smsCode",
            Rule::IdCard => "idCard",
            Rule::BankCard => "bankCard",
        }
    }

    pub fn from_name(name: &str) -> Option<Rule> {
        Rule::ALL.into_iter().find(|rule| rule.name() == name)
    }

    /// Shown when a required value is empty.
    pub fn required_message(self) -> &'static str {
        match self {
            Rule::Tel | Rule::Tel2 | Rule::Mobile => "请输入手机号码",
            Rule::Landline => "请输入固话号码",
            Rule::PhoneOrLandline => "请输入固话号码或手机号码",
            _ => REQUIRED,
        }
    }

    /// Shown when a non-empty value breaks the rule.
    pub fn invalid_message(self) -> &'static str {
        match self {
            Rule::Required => REQUIRED,
            Rule::Number => "请输入大于等于0的数字",
            Rule::PInt => "请输入正整数",
            Rule::Int => "请输入整数",
            Rule::Tel | Rule::Tel2 => "仅支持中国大陆手机号码",
            Rule::Mobile => "请输入正确的手机号码",
            Rule::Landline => "请输入正确的固话号码",
            Rule::PhoneOrLandline => "请输入正确的固话号码或手机号码",
            Rule::Int0To99 => "请输入0-99之间的整数",
            Rule::Int0To100 => "请输入0-100之间的整数",
            Rule::Decimal0To99 => "请输入0-99之间的数字，最多两位小数",
            Rule::Decimal0To999999 => "请输入0-999999之间的整数或两位小数",
            Rule::Decimal0To99999999 => "请输入0-99999999之间的数字，最多两位小数",
            Rule::Decimal0To100 => "请输入0-100之间的数字，最多两位小数",
            Rule::Alnum1To6 => "请输入1-6位字母或数字",
            Rule::SmsCode => "请输入6位数字验证码",
            Rule::IdCard => "身份证号格式错误",
            Rule::BankCard => "银行卡号格式错误",
        }
    }

    /// Whether a non-empty value satisfies the rule.
    pub fn accepts(self, value: &str) -> bool {
        match self {
            Rule::Required => true,
            Rule::Number => is_number(value),
            Rule::PInt => is_positive_int(value),
            Rule::Int => is_int(value),
            Rule::Tel | Rule::Mobile => is_mobile(value),
            Rule::Tel2 => is_masked_mobile(value),
            Rule::Landline => is_landline(value),
            Rule::PhoneOrLandline => is_mobile_with_86(value) || is_landline(value),
            Rule::Int0To99 => bounded_decimal(value, 99, 0),
            Rule::Int0To100 => bounded_decimal(value, 100, 0),
            Rule::Decimal0To99 => bounded_decimal(value, 99, 2),
            Rule::Decimal0To999999 => bounded_decimal(value, 999_999, 2),
            Rule::Decimal0To99999999 => bounded_decimal(value, 99_999_999, 2),
            Rule::Decimal0To100 => bounded_decimal(value, 100, 2),
            Rule::Alnum1To6 => is_alnum_1_to_6(value),
            Rule::SmsCode => is_sms_code(value),
            Rule::IdCard => is_id_card_number(value),
            Rule::BankCard => is_bank_card(value),
        }
    }
}

fn all_digits(value: &str) -> bool {
    !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit())
}

/// `[0-9]+(\.[0-9]+)?`
fn is_number(value: &str) -> bool {
    match value.split_once('.') {
        Some((whole, fraction)) => all_digits(whole) && all_digits(fraction),
        None => all_digits(value),
    }
}

/// `[1-9][0-9]*`
fn is_positive_int(value: &str) -> bool {
    all_digits(value) && !value.starts_with('0')
}

/// `-?[0-9]+`
fn is_int(value: &str) -> bool {
    all_digits(value.strip_prefix('-').unwrap_or(value))
}

/// `1[0-9]{10}`
fn is_mobile(value: &str) -> bool {
    value.len() == 11 && value.starts_with('1') && all_digits(value)
}

/// `1[0-9*]{10}`: digits may be masked with `*`.
fn is_masked_mobile(value: &str) -> bool {
    value.len() == 11
        && value.starts_with('1')
        && value.bytes().all(|b| b.is_ascii_digit() || b == b'*')
}

/// `(\+?86)?1[0-9]{10}`
fn is_mobile_with_86(value: &str) -> bool {
    let national = value
        .strip_prefix("+86")
        .or_else(|| value.strip_prefix("86"))
        .unwrap_or(value);
    is_mobile(national)
}

/// `(0[0-9]{2}-?)?[0-9]{8}` or `(0[0-9]{3}-?)?[0-9]{7}`: the area code is optional in both.
fn is_landline(value: &str) -> bool {
    let area_then_number = |area: &str, number: &str| {
        all_digits(area)
            && area.starts_with('0')
            && all_digits(number)
            && matches!((area.len(), number.len()), (3, 8) | (4, 7))
    };
    match value.split_once('-') {
        Some((area, number)) => area_then_number(area, number),
        None => {
            all_digits(value)
                && (matches!(value.len(), 7 | 8) || (value.len() == 11 && value.starts_with('0')))
        }
    }
}

/// `[A-Za-z0-9]{1,6}`
fn is_alnum_1_to_6(value: &str) -> bool {
    (1..=6).contains(&value.len()) && value.bytes().all(|b| b.is_ascii_alphanumeric())
}

/// `[0-9]{6}`
fn is_sms_code(value: &str) -> bool {
    value.len() == 6 && all_digits(value)
}

/// `[0-9 ]{15,25}`
fn is_bank_card(value: &str) -> bool {
    (15..=25).contains(&value.len()) && value.bytes().all(|b| b.is_ascii_digit() || b == b' ')
}

/// A non-negative decimal written plainly (no sign, no leading zeros, at most `max_decimals`
/// digits after the point) whose value is at most `max`.
fn bounded_decimal(value: &str, max: u64, max_decimals: usize) -> bool {
    let (whole, fraction) = match value.split_once('.') {
        Some((whole, fraction)) => (whole, Some(fraction)),
        None => (value, None),
    };
    let digits = |text: &str| !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
    if !digits(whole) || (whole.len() > 1 && whole.starts_with('0')) || whole.len() > 18 {
        return false;
    }
    let fraction_ok = |f: &str| max_decimals > 0 && digits(f) && f.len() <= max_decimals;
    if fraction.is_some_and(|f| !fraction_ok(f)) {
        return false;
    }
    let Ok(whole) = whole.parse::<u64>() else {
        return false;
    };
    let fraction_is_zero = fraction.is_none_or(|f| f.bytes().all(|b| b == b'0'));
    whole < max || (whole == max && fraction_is_zero)
}

/// GB 11643: 17 digits, a valid birth date at positions 7-14, and the ISO 7064 MOD 11-2 check
/// character (0-9 or X).
fn is_id_card_number(value: &str) -> bool {
    const WEIGHTS: [u32; 17] = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
    const CHECK: &[u8; 11] = b"10X98765432";
    let bytes = value.as_bytes();
    if bytes.len() != 18 || !bytes[..17].iter().all(u8::is_ascii_digit) || bytes[0] == b'0' {
        return false;
    }
    let number = |range: std::ops::Range<usize>| value[range].parse::<u32>().ok();
    let birth = match (number(6..10), number(10..12), number(12..14)) {
        (Some(year), Some(month), Some(day)) if year >= 1800 => {
            NaiveDate::from_ymd_opt(year as i32, month, day)
        }
        _ => None,
    };
    if birth.is_none() {
        return false;
    }
    let sum: u32 = bytes[..17]
        .iter()
        .zip(WEIGHTS)
        .map(|(digit, weight)| u32::from(digit - b'0') * weight)
        .sum();
    bytes[17].to_ascii_uppercase() == CHECK[(sum % 11) as usize]
}

/// Checks a value against a rule; `required` decides what an empty value means.
pub fn check(rule: Rule, value: &str, required: bool) -> Result<(), ValidationError> {
    if value.trim().is_empty() {
        return if required {
            Err(ValidationError {
                rule: rule.name(),
                kind: ErrorKind::Required,
                message: rule.required_message(),
            })
        } else {
            Ok(())
        };
    }
    if rule.accepts(value) {
        Ok(())
    } else {
        Err(ValidationError {
            rule: rule.name(),
            kind: ErrorKind::Invalid,
            message: rule.invalid_message(),
        })
    }
}

/// [`check`] by rule name, as forms call it; an unknown name is refused with [`UNKNOWN_RULE`].
pub fn check_named(rule: &str, value: &str, required: bool) -> Result<(), ValidationError> {
    match Rule::from_name(rule) {
        Some(rule) => check(rule, value, required),
        None => Err(ValidationError {
            rule: "unknown",
            kind: ErrorKind::Invalid,
            message: UNKNOWN_RULE,
        }),
    }
}

macro_rules! required_rules {
    ($($(#[$doc:meta])* $name:ident => $rule:ident,)*) => {
        $(
            $(#[$doc])*
            /// The value is required; call [`check`] for an optional one.
            pub fn $name(value: &str) -> Result<(), ValidationError> {
                check(Rule::$rule, value, true)
            }
        )*
    };
}

required_rules! {
    /// Not blank.
    required => Required,
    /// Non-negative decimal.
    number => Number,
    /// Positive integer.
    positive_int => PInt,
    /// Integer.
    int => Int,
    /// 11-digit mainland mobile number (仅支持中国大陆手机号码).
    tel => Tel,
    /// Mobile number that may show masked digits.
    tel_masked => Tel2,
    /// Mobile number (请输入正确的手机号码).
    mobile => Mobile,
    /// Landline number.
    landline => Landline,
    /// Landline or mobile number (+86/86 allowed).
    phone_or_landline => PhoneOrLandline,
    /// Integer 0-99.
    int_0_to_99 => Int0To99,
    /// Integer 0-100.
    int_0_to_100 => Int0To100,
    /// 0-99, up to 2 decimals.
    decimal_0_to_99 => Decimal0To99,
    /// 0-999999, integer or up to 2 decimals.
    decimal_0_to_999999 => Decimal0To999999,
    /// 0-99999999, up to 2 decimals.
    decimal_0_to_99999999 => Decimal0To99999999,
    /// 0-100, up to 2 decimals.
    decimal_0_to_100 => Decimal0To100,
    /// 1-6 letters or digits.
    alnum_1_to_6 => Alnum1To6,
    /// 6-digit verification code.
    sms_code => SmsCode,
    /// 18-digit resident ID number with a valid check character.
    id_card => IdCard,
    /// Bank card: 15-25 digits or spaces.
    bank_card => BankCard,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(rule: Rule, value: &str) -> Option<&'static str> {
        check(rule, value, true).err().map(|error| error.message)
    }

    fn assert_table(rule: Rule, valid: &[&str], invalid: &[&str]) {
        for value in valid {
            assert_eq!(
                check(rule, value, true),
                Ok(()),
                "{} should accept {value:?}",
                rule.name()
            );
        }
        for value in invalid {
            assert_eq!(
                message(rule, value),
                Some(rule.invalid_message()),
                "{} should refuse {value:?}",
                rule.name()
            );
        }
    }

    #[test]
    fn required_uses_the_default_message_and_optional_empty_passes() {
        // "required: default message 'cannot be empty'. Non-required empty values pass."
        assert_eq!(
            required(""),
            Err(ValidationError {
                rule: "required",
                kind: ErrorKind::Required,
                message: "不能为空"
            })
        );
        assert_eq!(message(Rule::Required, "   "), Some("不能为空"));
        assert_eq!(required("x"), Ok(()));
        for rule in Rule::ALL {
            assert_eq!(check(rule, "", false), Ok(()), "{}", rule.name());
            assert_eq!(check(rule, " \t", false), Ok(()), "{}", rule.name());
        }
    }

    #[test]
    fn phone_required_empty_messages() {
        // "Required-empty messages: '请输入手机号码', '请输入固话号码', '请输入固话号码或手机号码'."
        assert_eq!(message(Rule::Mobile, ""), Some("请输入手机号码"));
        assert_eq!(message(Rule::Landline, ""), Some("请输入固话号码"));
        assert_eq!(
            message(Rule::PhoneOrLandline, ""),
            Some("请输入固话号码或手机号码")
        );
        assert_eq!(message(Rule::Number, ""), Some("不能为空"));
    }

    #[test]
    fn phone_invalid_messages() {
        // "Invalid messages: '请输入正确的手机号码', '请输入正确的固话号码', '请输入正确的固话号码或手机号码'."
        assert_eq!(message(Rule::Mobile, "12"), Some("请输入正确的手机号码"));
        assert_eq!(message(Rule::Landline, "12"), Some("请输入正确的固话号码"));
        assert_eq!(
            message(Rule::PhoneOrLandline, "12"),
            Some("请输入正确的固话号码或手机号码")
        );
        // "Mobile number (tel): 11 digits starting with 1; message 'only mainland China mobile numbers supported'."
        assert_eq!(
            tel("23812345678").unwrap_err().message,
            "仅支持中国大陆手机号码"
        );
        assert_eq!(tel("23812345678").unwrap_err().code(), "tel.invalid");
        assert_eq!(mobile("").unwrap_err().code(), "mobile.required");
    }

    #[test]
    fn numbers() {
        assert_table(
            Rule::Number,
            &["0", "12", "0.5", "007", "3.14159"],
            &["-1", "1.", ".5", "1e3", "１", "1,000", " 1"],
        );
        assert_table(
            Rule::PInt,
            &["1", "42", "1000000"],
            &["0", "-3", "01", "1.0", "a"],
        );
        assert_table(Rule::Int, &["0", "-3", "42"], &["1.5", "--1", "+1", "a"]);
    }

    #[test]
    fn mobile_numbers() {
        assert_table(
            Rule::Tel,
            &["13812345678", "19900000000"],
            &[
                "1381234567",
                "138123456789",
                "23812345678",
                "138-1234-5678",
                "+8613812345678",
            ],
        );
        assert_table(Rule::Mobile, &["13812345678"], &["1381234567a"]);
        // "tel2: mobile number allowing masked digits."
        assert_table(
            Rule::Tel2,
            &["138****5678", "13812345678", "1**********"],
            &["*38****5678", "138****567", "138####5678"],
        );
    }

    #[test]
    fn landlines() {
        assert_table(
            Rule::Landline,
            &[
                "12345678",
                "1234567",
                "010-12345678",
                "01012345678",
                "0571-1234567",
                "05711234567",
            ],
            &[
                "123456",
                "123456789",
                "010-1234567",
                "0571-12345678",
                "10-12345678",
                "010--12345678",
            ],
        );
    }

    #[test]
    fn phone_or_landline_accepts_either_with_86() {
        assert_table(
            Rule::PhoneOrLandline,
            &[
                "13812345678",
                "+8613812345678",
                "8613812345678",
                "010-12345678",
                "0571-1234567",
            ],
            &["+86 13812345678", "+8612345678", "0013812345678", "abc"],
        );
    }

    #[test]
    fn ranges() {
        assert_table(
            Rule::Int0To99,
            &["0", "9", "99"],
            &["100", "-1", "1.5", "05", "99.0"],
        );
        assert_table(Rule::Int0To100, &["0", "100"], &["101", "100.5", "1000"]);
        assert_table(
            Rule::Decimal0To99,
            &["0", "99", "98.99", "0.5", "99.00"],
            &["99.01", "100", "1.234", "1.", "-0.5"],
        );
        assert_table(
            Rule::Decimal0To999999,
            &["0", "999999", "12.3", "999998.99"],
            &["1000000", "999999.01", "1.999"],
        );
        assert_table(
            Rule::Decimal0To99999999,
            &["99999999", "99999999.00", "0.01"],
            &["100000000", "99999999.5", "123456789012345678901"],
        );
        assert_table(
            Rule::Decimal0To100,
            &["100", "100.00", "99.99", "0"],
            &["100.01", "101", "50.555"],
        );
    }

    #[test]
    fn alphanumerics_take_the_1_to_6_reading() {
        // "1-6 alphanumerics (the actual pattern allows only 1-3; both readings are given)."
        // Edges of the 1-3 reading: 3 passes under both, 4 passes only under 1-6 (our reading).
        assert_table(
            Rule::Alnum1To6,
            &["a", "A1b", "A1b2", "abc123"],
            &["abc1234", "ab-1", "中文", "a b"],
        );
        assert_eq!(
            alnum_1_to_6("abc1234").unwrap_err().message,
            "请输入1-6位字母或数字"
        );
    }

    #[test]
    fn six_digit_code() {
        assert_table(
            Rule::SmsCode,
            &["000000", "123456"],
            &["12345", "1234567", "12345a"],
        );
    }

    #[test]
    fn id_card_numbers_need_a_valid_check_character() {
        // "ID number: 18-digit Chinese ID; message 'ID number format wrong'."
        assert_table(
            Rule::IdCard,
            &[
                "11010519491231002X",
                "11010519491231002x",
                "440524188001010014",
                "110101199003074477",
            ],
            &[
                "110105194912310021",
                "11010519491331002X",
                "11010519490230002X",
                "01010519491231002X",
                "1101051949123100",
                "11010519491231002Y",
            ],
        );
        assert_eq!(id_card("123").unwrap_err().message, "身份证号格式错误");
    }

    #[test]
    fn bank_cards() {
        // "Bank card: 15-25 digits or spaces; message 'bank card number format wrong'."
        assert_table(
            Rule::BankCard,
            &[
                "622202123456789",
                "6222 0212 3456 7890 123",
                "6222021234567890123456789",
            ],
            &[
                "62220212345678",
                "62220212345678901234567890",
                "6222-0212-3456-7890",
                "6222O21234567890",
            ],
        );
        assert_eq!(bank_card("1").unwrap_err().message, "银行卡号格式错误");
    }

    #[test]
    fn rules_are_found_by_name() {
        for rule in Rule::ALL {
            assert_eq!(Rule::from_name(rule.name()), Some(rule));
        }
        assert_eq!(check_named("tel", "13812345678", true), Ok(()));
        assert_eq!(
            check_named("nope", "x", false).unwrap_err().message,
            "未知的校验规则"
        );
    }

    #[test]
    fn no_input_panics() {
        let alphabet: Vec<char> = "0123456789 .-+*Xx,a中\u{0}".chars().collect();
        let mut seed: u64 = 42;
        for len in 0..40 {
            for _ in 0..50 {
                let value: String = (0..len)
                    .map(|_| {
                        seed = seed
                            .wrapping_mul(6_364_136_223_846_793_005)
                            .wrapping_add(1_442_695_040_888_963_407);
                        alphabet[(seed >> 33) as usize % alphabet.len()]
                    })
                    .collect();
                for rule in Rule::ALL {
                    let _ = check(rule, &value, true);
                }
            }
        }
    }
}
