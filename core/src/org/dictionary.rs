//! Typed values of the parameter dictionary (/work/enterprise/dictionary): a value is stored as
//! text and must read as its declared type.

use serde::{Deserialize, Serialize};

use crate::enums::{EnumEntry, EnumTable, EnumValue};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ValueType {
    String,
    Number,
    Boolean,
    Json,
}

pub const DICTIONARY_VALUE_TYPE: EnumTable = EnumTable {
    name: "dictionaryValueType",
    entries: &[
        entry("string", "文本"),
        entry("number", "数字"),
        entry("boolean", "布尔"),
        entry("json", "JSON"),
    ],
};

const fn entry(code: &'static str, label: &'static str) -> EnumEntry {
    EnumEntry {
        value: EnumValue::Code(code),
        label,
    }
}

/// Longest text value.
pub const VALUE_MAX: usize = 2000;
pub const UNKNOWN_TYPE: &str = "请选择参数类型";

impl ValueType {
    pub const ALL: [ValueType; 4] = [
        ValueType::String,
        ValueType::Number,
        ValueType::Boolean,
        ValueType::Json,
    ];

    pub fn code(self) -> &'static str {
        match self {
            ValueType::String => "string",
            ValueType::Number => "number",
            ValueType::Boolean => "boolean",
            ValueType::Json => "json",
        }
    }

    pub fn from_code(code: &str) -> Option<ValueType> {
        Self::ALL.into_iter().find(|t| t.code() == code.trim())
    }
}

/// `-?[0-9]+(\.[0-9]+)?`
fn is_number(value: &str) -> bool {
    let unsigned = value.strip_prefix('-').unwrap_or(value);
    let digits = |text: &str| !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
    match unsigned.split_once('.') {
        Some((whole, fraction)) => digits(whole) && digits(fraction),
        None => digits(unsigned),
    }
}

/// The value as it is stored (JSON compacted, others trimmed), or the message for the form.
pub fn check_value(value_type: ValueType, value: &str) -> Result<String, String> {
    let trimmed = value.trim();
    if trimmed.is_empty() {
        return Err("参数值不能为空".into());
    }
    if trimmed.chars().count() > VALUE_MAX {
        return Err(format!("参数值不能超过{VALUE_MAX}个字符"));
    }
    match value_type {
        ValueType::String => Ok(trimmed.to_owned()),
        ValueType::Number if is_number(trimmed) => Ok(trimmed.to_owned()),
        ValueType::Number => Err("请输入数字".into()),
        ValueType::Boolean if trimmed == "true" || trimmed == "false" => Ok(trimmed.to_owned()),
        ValueType::Boolean => Err("请输入true或false".into()),
        ValueType::Json => serde_json::from_str::<serde_json::Value>(trimmed)
            .map(|json| json.to_string())
            .map_err(|_| "请输入合法的JSON".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_must_read_as_their_type() {
        assert_eq!(
            check_value(ValueType::Number, " -12.5 "),
            Ok("-12.5".into())
        );
        assert_eq!(
            check_value(ValueType::Number, "12a"),
            Err("请输入数字".into())
        );
        assert_eq!(
            check_value(ValueType::Number, "1."),
            Err("请输入数字".into())
        );
        assert_eq!(check_value(ValueType::Boolean, "true"), Ok("true".into()));
        assert_eq!(
            check_value(ValueType::Boolean, "yes"),
            Err("请输入true或false".into())
        );
        assert_eq!(
            check_value(ValueType::Json, "{ \"a\": [1, 2] }"),
            Ok("{\"a\":[1,2]}".into())
        );
        assert_eq!(
            check_value(ValueType::Json, "{a:1}"),
            Err("请输入合法的JSON".into())
        );
        assert_eq!(
            check_value(ValueType::String, "任意文本"),
            Ok("任意文本".into())
        );
        assert_eq!(
            check_value(ValueType::String, "  "),
            Err("参数值不能为空".into())
        );
        assert_eq!(
            check_value(ValueType::String, &"x".repeat(2001)),
            Err("参数值不能超过2000个字符".into())
        );
    }

    #[test]
    fn type_codes() {
        for t in ValueType::ALL {
            assert_eq!(ValueType::from_code(t.code()), Some(t));
            assert!(DICTIONARY_VALUE_TYPE.label(t.code()).is_some());
        }
        assert_eq!(ValueType::from_code("text"), None);
    }
}
