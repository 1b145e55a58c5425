//! Browser storage values (spec §9): the keys the SPA uses, and local-storage values with an
//! optional expiry in minutes. The caller passes the clock.

use serde::{Deserialize, Serialize};
use serde_json::Value;

pub const TOKEN_KEY: &str = "token";
pub const USER_ID_KEY: &str = "userId";
pub const SITE_ID_KEY: &str = "siteId";
pub const THEME_TYPE_KEY: &str = "themeType";
pub const MENU_COLLAPSED_KEY: &str = "menuCollapsed";
pub const TAG_VIEWS_KEY: &str = "tagViews";

/// The cached menu of one user.
pub fn menu_key(user_id: &str) -> String {
    format!("menu_{user_id}")
}

/// The site one user chose last.
pub fn site_key(user_id: &str) -> String {
    format!("site_{user_id}")
}

/// What is written to local storage: the value and, when it expires, when (Unix ms).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StoredValue {
    pub value: Value,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expire_at: Option<i64>,
}

/// Wraps a value for storage; a positive `expire_minutes` makes it expire.
pub fn wrap(value: Value, now_ms: i64, expire_minutes: Option<f64>) -> StoredValue {
    let expire_at = expire_minutes
        .filter(|minutes| minutes.is_finite() && *minutes > 0.0)
        .map(|minutes| now_ms.saturating_add((minutes * 60_000.0) as i64));
    StoredValue { value, expire_at }
}

/// What reading a stored text gives.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Loaded {
    /// The value (text that is not a wrapped value is returned as a string).
    Value(Value),
    /// Expired: the caller removes the key.
    Expired,
}

/// Reads the text of a storage entry at `now_ms`.
pub fn unwrap(text: &str, now_ms: i64) -> Loaded {
    match serde_json::from_str::<StoredValue>(text) {
        Ok(stored) if stored.expire_at.is_some_and(|at| now_ms >= at) => Loaded::Expired,
        Ok(stored) => Loaded::Value(stored.value),
        Err(_) => Loaded::Value(Value::String(text.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_value_expires_after_its_minutes() {
        let stored = wrap(json!({"themeType": 1}), 1_000, Some(2.0));
        assert_eq!(stored.expire_at, Some(121_000));
        let text = serde_json::to_string(&stored).unwrap();
        assert_eq!(
            unwrap(&text, 120_999),
            Loaded::Value(json!({"themeType": 1}))
        );
        assert_eq!(unwrap(&text, 121_000), Loaded::Expired);
    }

    #[test]
    fn without_minutes_it_never_expires() {
        for minutes in [None, Some(0.0), Some(-1.0), Some(f64::NAN)] {
            let stored = wrap(json!("x"), 0, minutes);
            assert_eq!(stored.expire_at, None);
            let text = serde_json::to_string(&stored).unwrap();
            assert_eq!(text, r#"{"value":"x"}"#);
            assert_eq!(unwrap(&text, i64::MAX), Loaded::Value(json!("x")));
        }
    }

    #[test]
    fn plain_text_reads_as_itself() {
        assert_eq!(unwrap("abc", 0), Loaded::Value(json!("abc")));
        assert_eq!(menu_key("7"), "menu_7");
        assert_eq!(site_key("7"), "site_7");
    }
}
