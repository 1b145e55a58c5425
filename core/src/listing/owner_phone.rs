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

#[cfg(test)]
mod tests {
    use super::*;

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
