//! The knowledge base's rules the browser and the server share: what a test search may ask for
//! (how many hits, from which score), and the extra indexes a question–answer point may carry.
//!
//! Scores are the retrieval's normalised relevance, 0–1: the share of the question's weight
//! (each word weighted by how rare it is in the knowledge base) that a point covers. A threshold
//! of 0.3 keeps points that share at least the rarer third of what was asked.

use crate::org::fields::FieldError;

/// Hits returned when a search does not say.
pub const TOP_K_DEFAULT: i64 = 5;
pub const TOP_K_MAX: i64 = 20;
/// The lowest score kept when a search does not say.
pub const THRESHOLD_DEFAULT: f64 = 0.3;
pub const TOP_K_RULE: &str = "返回条数须为1-20之间的整数";
pub const THRESHOLD_RULE: &str = "相似度阈值须为0-1之间的数字，最多两位小数";

/// Extra indexes per point, and characters per index.
pub const INDEXES_MAX: usize = 5;
pub const INDEX_LENGTH_MAX: usize = 100;

/// A top-k as given (a number or its text), or [`TOP_K_DEFAULT`] when absent.
pub fn top_k(value: &str) -> Result<i64, String> {
    let value = value.trim();
    if value.is_empty() {
        return Ok(TOP_K_DEFAULT);
    }
    match value.parse::<i64>() {
        Ok(k) if (1..=TOP_K_MAX).contains(&k) => Ok(k),
        _ => Err(TOP_K_RULE.to_owned()),
    }
}

/// A threshold as given, 0–1 with at most two decimals, or [`THRESHOLD_DEFAULT`] when absent.
pub fn threshold(value: &str) -> Result<f64, String> {
    let value = value.trim();
    if value.is_empty() {
        return Ok(THRESHOLD_DEFAULT);
    }
    let decimals = value.split_once('.').map_or(0, |(_, tail)| tail.len());
    let digits_only = value.chars().all(|c| c.is_ascii_digit() || c == '.');
    match value.parse::<f64>() {
        Ok(t) if digits_only && decimals <= 2 && (0.0..=1.0).contains(&t) => Ok(t),
        _ => Err(THRESHOLD_RULE.to_owned()),
    }
}

/// A point's extra indexes: trimmed, blank and repeated ones dropped, at most
/// [`INDEXES_MAX`] of at most [`INDEX_LENGTH_MAX`] characters.
pub fn indexes(given: &[String]) -> Result<Vec<String>, FieldError> {
    let mut kept: Vec<String> = Vec::new();
    for index in given {
        let index = index.trim();
        if index.is_empty() || kept.iter().any(|k| k == index) {
            continue;
        }
        if index.chars().count() > INDEX_LENGTH_MAX {
            return Err(FieldError::new(
                "indexes",
                format!("每条补充索引不能超过{INDEX_LENGTH_MAX}个字符"),
            ));
        }
        kept.push(index.to_owned());
    }
    if kept.len() > INDEXES_MAX {
        return Err(FieldError::new(
            "indexes",
            format!("补充索引最多{INDEXES_MAX}条"),
        ));
    }
    Ok(kept)
}

/// The text two points are the same by (re-importing a file adds nothing twice): question and
/// answer trimmed, runs of white space made one space.
pub fn identity(question: &str, answer: &str) -> String {
    let squeeze = |text: &str| text.split_whitespace().collect::<Vec<_>>().join(" ");
    format!("{}\n{}", squeeze(question), squeeze(answer))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn top_k_defaults_to_five_and_stays_within_one_to_twenty() {
        assert_eq!(top_k(""), Ok(5));
        assert_eq!(top_k("1"), Ok(1));
        assert_eq!(top_k(" 20 "), Ok(20));
        for bad in ["0", "21", "-3", "2.5", "五"] {
            assert_eq!(top_k(bad), Err(TOP_K_RULE.to_owned()), "{bad}");
        }
    }

    #[test]
    fn threshold_defaults_and_takes_two_decimals_between_zero_and_one() {
        assert_eq!(threshold(""), Ok(0.3));
        assert_eq!(threshold("0"), Ok(0.0));
        assert_eq!(threshold("0.55"), Ok(0.55));
        assert_eq!(threshold("1"), Ok(1.0));
        for bad in ["1.01", "-0.1", "0.555", "abc", "1e-1"] {
            assert_eq!(threshold(bad), Err(THRESHOLD_RULE.to_owned()), "{bad}");
        }
    }

    #[test]
    fn indexes_are_cleaned_and_limited() {
        let given = |items: &[&str]| items.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            indexes(&given(&[" 带看 ", "", "带看", "看房"])).unwrap(),
            ["带看", "看房"]
        );
        let six = given(&["一", "二", "三", "四", "五", "六"]);
        assert_eq!(indexes(&six).unwrap_err().message, "补充索引最多5条");
        let long = given(&[&"长".repeat(101)]);
        assert_eq!(
            indexes(&long).unwrap_err().message,
            "每条补充索引不能超过100个字符"
        );
    }

    #[test]
    fn the_same_point_is_the_same_whatever_its_white_space() {
        assert_eq!(
            identity(" 怎么报备？\n", "登录系统  后\t点击报备"),
            identity("怎么报备？", "登录系统 后 点击报备")
        );
        assert_ne!(identity("怎么报备？", "甲"), identity("怎么报备？", "乙"));
    }
}
