//! Masks for personal numbers shown in lists and details (§3 "mobile masked by default"): the
//! server sends them masked unless the viewer may edit the record and asks for the full value.

use crate::format::{MaskLevel, mask_phone};

/// `13800000001` → `138****0001`.
pub fn mobile(value: &str) -> String {
    mask_phone(value, MaskLevel::Middle)
}

/// Keeps the region code and the last four characters: `110105********002X`.
pub fn id_number(value: &str) -> String {
    let chars: Vec<char> = value.trim().chars().collect();
    if chars.len() <= 10 {
        return "*".repeat(chars.len());
    }
    let head: String = chars[..6].iter().collect();
    let tail: String = chars[chars.len() - 4..].iter().collect();
    format!("{head}{}{tail}", "*".repeat(chars.len() - 10))
}

/// Keeps the first and last four digits, grouped: `6222 **** **** 0123`.
pub fn bank_card(value: &str) -> String {
    let digits: Vec<char> = value.chars().filter(|c| !c.is_whitespace()).collect();
    if digits.len() <= 8 {
        return "*".repeat(digits.len());
    }
    let head: String = digits[..4].iter().collect();
    let tail: String = digits[digits.len() - 4..].iter().collect();
    format!("{head} **** **** {tail}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn personal_numbers_show_only_their_ends() {
        assert_eq!(mobile("13800000001"), "138****0001");
        assert_eq!(id_number("11010519491231002X"), "110105********002X");
        assert_eq!(bank_card("6222 0212 3456 7890 123"), "6222 **** **** 0123");
        assert_eq!(bank_card("1234"), "****");
        assert_eq!(id_number("123"), "***");
    }
}
