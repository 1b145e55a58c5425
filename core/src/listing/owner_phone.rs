//! Who sees an owner's phone (§3 masking levels, §6): the listing's maintainer sees it whole,
//! since the owner is theirs to call; a holder of the `viewPhone` action sees it masked with a
//! 查看 button, and each time they ask the server answers it whole and records the reveal;
//! everyone else sees only the masked form. Lists and exports follow the same rule.

use serde::{Deserialize, Serialize};

use crate::format::{MaskLevel, format_phone};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum PhoneAccess {
    /// Shown whole.
    Full,
    /// Masked, and may be revealed (each reveal recorded).
    Reveal,
    /// Masked, nothing more.
    Masked,
}

/// The action code a role grants to reveal owners' phones.
pub const VIEW_PHONE_ACTION: &str = "viewPhone";
pub const NOT_ALLOWED: &str = "您没有查看业主电话的权限";

pub fn access(is_maintainer: bool, may_view_phone: bool) -> PhoneAccess {
    if is_maintainer {
        PhoneAccess::Full
    } else if may_view_phone {
        PhoneAccess::Reveal
    } else {
        PhoneAccess::Masked
    }
}

/// The phone as this caller may see it in a list or detail answer.
pub fn shown(phone: &str, access: PhoneAccess) -> String {
    match access {
        PhoneAccess::Full => format_phone(phone, MaskLevel::None),
        PhoneAccess::Reveal | PhoneAccess::Masked => format_phone(phone, MaskLevel::Middle),
    }
}

/// The phone a reveal answers, or why not.
pub fn reveal(phone: &str, access: PhoneAccess) -> Result<String, &'static str> {
    match access {
        PhoneAccess::Full | PhoneAccess::Reveal => Ok(format_phone(phone, MaskLevel::None)),
        PhoneAccess::Masked => Err(NOT_ALLOWED),
    }
}

/// Said when a masked phone comes back changed: a number is changed by typing it whole.
pub const TYPE_WHOLE: &str = "号码已隐藏，修改请输入完整号码";

/// Whether `value` is a phone as masking shows it (`138 **** 5678`, `0571-****6666`): digits,
/// stars and separators, with a star.
pub fn is_masked(value: &str) -> bool {
    value.contains('*')
        && value
            .chars()
            .all(|c| c.is_ascii_digit() || matches!(c, '*' | ' ' | '-' | '+'))
}

/// The phone an edit stores. A masked value stands for the stored phone when it is the stored
/// phone as the form showed it (a caller who sees it masked saved without touching it); any
/// other masked value is refused; a typed number is the new phone.
pub fn kept(typed: &str, stored: &str) -> Result<String, &'static str> {
    let typed = typed.trim();
    if !is_masked(typed) {
        return Ok(typed.to_owned());
    }
    let bare = |text: &str| {
        text.chars()
            .filter(|c| !c.is_whitespace())
            .collect::<String>()
    };
    if !stored.is_empty() && bare(typed) == bare(&format_phone(stored, MaskLevel::Middle)) {
        Ok(stored.to_owned())
    } else {
        Err(TYPE_WHOLE)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_edit_keeps_the_stored_phone_it_showed_masked() {
        // Saved as shown, with or without the spaces: the stored number stays.
        assert_eq!(
            kept("138 **** 5678", "13812345678"),
            Ok("13812345678".to_owned())
        );
        assert_eq!(
            kept("138****5678", "13812345678"),
            Ok("13812345678".to_owned())
        );
        assert_eq!(
            kept("0571-****6666", "0571-88886666"),
            Ok("0571-88886666".to_owned())
        );
        // A new number typed whole replaces it.
        assert_eq!(
            kept(" 13900001111 ", "13812345678"),
            Ok("13900001111".to_owned())
        );
        assert_eq!(kept("", "13812345678"), Ok(String::new()));
        // A masked value that is not the stored phone's (edited stars, another number) is refused.
        assert_eq!(kept("139****5678", "13812345678"), Err(TYPE_WHOLE));
        assert_eq!(kept("138****5678", ""), Err(TYPE_WHOLE));
        assert!(is_masked("138 **** 5678"));
        assert!(!is_masked("13812345678"));
        assert!(!is_masked("abc*"));
    }

    #[test]
    fn the_maintainer_sees_it_whole_and_others_masked() {
        assert_eq!(access(true, false), PhoneAccess::Full);
        assert_eq!(access(false, true), PhoneAccess::Reveal);
        assert_eq!(access(false, false), PhoneAccess::Masked);
        assert_eq!(shown("13812345678", PhoneAccess::Full), "138 1234 5678");
        assert_eq!(shown("13812345678", PhoneAccess::Reveal), "138 **** 5678");
        assert_eq!(shown("13812345678", PhoneAccess::Masked), "138 **** 5678");
        assert_eq!(shown("0571-88886666", PhoneAccess::Masked), "0571-****6666");
    }

    #[test]
    fn a_reveal_needs_the_action() {
        assert_eq!(
            reveal("13812345678", PhoneAccess::Reveal),
            Ok("138 1234 5678".to_owned())
        );
        assert_eq!(reveal("13812345678", PhoneAccess::Masked), Err(NOT_ALLOWED));
    }
}
