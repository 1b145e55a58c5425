//! A customer's phone: the key it is de-duplicated by, where it must be unique (the company's
//! setting), and what a refused duplicate tells the caller. Who sees the phone whole is the
//! owner-phone rule of listings ([`crate::listing::owner_phone`]): the owner agent sees it whole,
//! a holder of `viewPhone` reveals it (recorded), everyone else sees it masked.

use serde::{Deserialize, Serialize};

use crate::enums::PHONE_SCOPE;
use crate::validate;

/// The dictionary key of the de-duplication scope.
pub const SCOPE_KEY: &str = "customer.phoneScope";

/// Where one phone may belong to one customer only. Public customers of the company count in
/// every scope: a phone in the public pool is claimed, never entered again.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "i16", try_from = "i16")]
pub enum DedupScope {
    /// The agent's own private customers.
    Person = 1,
    /// The private customers of the agent's store.
    Store = 2,
    /// Every customer of the company.
    Company = 3,
}

impl DedupScope {
    pub const ALL: [DedupScope; 3] = [DedupScope::Person, DedupScope::Store, DedupScope::Company];

    pub fn code(self) -> i16 {
        self as i16
    }

    pub fn label(self) -> &'static str {
        PHONE_SCOPE.label_of(self.code().into()).unwrap_or_default()
    }

    /// The scope from the dictionary's text value; the company when unset or unreadable.
    pub fn from_setting(value: Option<&str>) -> DedupScope {
        value
            .and_then(|text| text.trim().parse::<i16>().ok())
            .and_then(|code| DedupScope::try_from(code).ok())
            .unwrap_or(DedupScope::Company)
    }
}

impl From<DedupScope> for i16 {
    fn from(scope: DedupScope) -> i16 {
        scope.code()
    }
}

impl TryFrom<i16> for DedupScope {
    type Error = String;
    fn try_from(code: i16) -> Result<Self, String> {
        Self::ALL
            .into_iter()
            .find(|scope| scope.code() == code)
            .ok_or_else(|| format!("未知的判重范围 {code}"))
    }
}

/// The key a phone is compared by: its digits, without a mobile's +86 or 86 prefix, so that
/// `+86 138-1234-5678`, `8613812345678` and `13812345678` are one phone and `0571-88886666` and
/// `057188886666` another. Empty for a value with no digits.
pub fn normalise(phone: &str) -> String {
    let digits: String = phone.chars().filter(char::is_ascii_digit).collect();
    match digits.strip_prefix("86") {
        Some(rest) if rest.len() == 11 && rest.starts_with('1') => rest.to_owned(),
        _ => digits,
    }
}

/// A phone as people paste it, made ready for the §5 check and for keeping: spaces anywhere
/// (`138 1234 5678`, full-width too) are dropped, full-width dashes read as `-`, and the dashes
/// of a number §5 refuses with them (`138-1234-5678`, `010-8888-6666`) are dropped when it is a
/// phone without them. What comes out is checked by [`accepts`] exactly as §5 says; a value that
/// is no phone either way comes back trimmed, for the check to refuse as typed.
pub fn tidy(value: &str) -> String {
    let compact: String = value
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| {
            if matches!(c, '－' | '—' | '–' | '‐') {
                '-'
            } else {
                c
            }
        })
        .collect();
    if accepts(&compact) {
        return compact;
    }
    let bare: String = compact.chars().filter(|c| *c != '-').collect();
    if accepts(&bare) {
        bare
    } else {
        value.trim().to_owned()
    }
}

/// A customer's, a lead's or a listing owner's phone (新增客户, 线索, every batch row, 业主电话):
/// a mobile or a landline by spec §5, except that a number written without its area code must
/// start with 2-9, as every mainland local number does (`1380000` is a mobile cut short,
/// `0571888` an area code with too little after it), and that a four-digit area code may be
/// followed by eight digits as well as seven: §5's pattern stops at seven, but 杭州 (0571),
/// 宁波 (0574) and most large cities dial eight (`0571-88886666`). Refused with §5's
/// phone-or-landline message.
pub fn accepts(value: &str) -> bool {
    let digits = |text: &str| !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
    let local = value.len() <= 8 && digits(value);
    let long_area = match value.split_once('-') {
        Some((area, number)) => area.len() == 4 && number.len() == 8 && digits(area),
        None => value.len() == 12,
    } && value.starts_with('0')
        && digits(&value.replace('-', ""));
    (validate::Rule::PhoneOrLandline.accepts(value) || long_area)
        && !(local && (value.starts_with('0') || value.starts_with('1')))
}

/// Who already holds a customer with the phone being entered, as far as the caller may know.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Holder {
    /// The caller's own customer.
    Mine { id: i64 },
    /// In the company's public pool: the caller may claim it.
    Public { id: i64 },
    /// A colleague's private customer. `id` only when the caller may read that customer (their
    /// manager): an agent learns who to talk to, not the customer.
    Colleague {
        agent: String,
        store: String,
        id: Option<i64>,
    },
}

/// What the form's phone field says when the phone is taken.
pub fn duplicate_message(holder: &Holder) -> String {
    match holder {
        Holder::Mine { id } => format!("该客户已是您的私客（客户编号{id}），不能重复录入"),
        Holder::Public { id } => {
            format!("该客户已在公客池中（客户编号{id}），请直接认领")
        }
        Holder::Colleague { agent, store, id } => {
            let whose = if store.is_empty() {
                agent.clone()
            } else {
                format!("{store}{agent}")
            };
            match id {
                Some(id) => format!("该客户已是{whose}的私客（客户编号{id}），不能重复录入"),
                None => format!("该客户已是{whose}的私客，不能重复录入"),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_phone_however_written() {
        for written in [
            "13812345678",
            "138 1234 5678",
            "+86 138-1234-5678",
            "8613812345678",
            "86 13812345678",
        ] {
            assert_eq!(normalise(written), "13812345678", "{written}");
        }
        assert_eq!(normalise("0571-88886666"), "057188886666");
        assert_eq!(normalise("057188886666"), "057188886666");
        // A landline is never taken for a prefixed mobile.
        assert_eq!(normalise("86-12345678"), "8612345678");
        assert_eq!(normalise(""), "");
    }

    #[test]
    fn pasted_spaces_and_dashes_are_tidied_before_the_rule() {
        for (pasted, kept) in [
            ("138 1234 5678", "13812345678"),
            ("138-1234-5678", "13812345678"),
            (" 138　1234　5678 ", "13812345678"),
            ("138－1234－5678", "13812345678"),
            ("+86 138 1234 5678", "+8613812345678"),
            ("010-88886666", "010-88886666"),
            ("010 8888 6666", "01088886666"),
            ("010-8888-6666", "01088886666"),
            ("0571 888 8666", "05718888666"),
            ("0571-88886666", "0571-88886666"),
            ("0571 8888 6666", "057188886666"),
            ("139-0000-3333", "13900003333"),
            ("+86 139 0000 3333", "+8613900003333"),
        ] {
            assert_eq!(tidy(pasted), kept, "{pasted}");
            assert!(accepts(&tidy(pasted)), "{pasted}");
        }
        // What is no phone stays as typed, for the rule to refuse; §5 is unchanged.
        for bad in ["138 1234 567", "1380-000", "abc 123", "138123456789"] {
            assert_eq!(tidy(bad), bad.trim(), "{bad}");
            assert!(!accepts(&tidy(bad)), "{bad}");
        }
        assert!(!accepts("138 1234 5678"), "the rule itself takes no spaces");
        assert_eq!(normalise(&tidy("138-1234-5678")), "13812345678");
    }

    #[test]
    fn a_phone_is_a_whole_mobile_or_a_landline() {
        for good in [
            "13812345678",
            "+8613812345678",
            "010-88886666",
            "01088886666",
            "010-12345678",
            "0571-8888666",
            "0571-88886666",
            "057188886666",
            "0574-87654321",
            "88886666",
            "8888666",
        ] {
            assert!(accepts(good), "{good}");
        }
        for bad in [
            "1380000",
            "13800001",
            "0571888",
            "05718888",
            "138000012345",
            "138-0000",
            "0571-888866661",
            "0571-8888666x",
            "57188886666",
            "-57188886666",
            "abc",
        ] {
            assert!(!accepts(bad), "{bad}");
        }
        // §5 alone would take a short mobile for a landline.
        assert!(validate::Rule::PhoneOrLandline.accepts("1380000"));
    }

    #[test]
    fn the_scope_comes_from_the_company_setting() {
        assert_eq!(DedupScope::from_setting(None), DedupScope::Company);
        assert_eq!(DedupScope::from_setting(Some(" 1 ")), DedupScope::Person);
        assert_eq!(DedupScope::from_setting(Some("2")), DedupScope::Store);
        assert_eq!(DedupScope::from_setting(Some("门店")), DedupScope::Company);
        assert_eq!(DedupScope::Store.label(), "门店");
    }

    #[test]
    fn a_duplicate_says_who_holds_it_and_no_more() {
        assert_eq!(
            duplicate_message(&Holder::Mine { id: 7 }),
            "该客户已是您的私客（客户编号7），不能重复录入"
        );
        assert_eq!(
            duplicate_message(&Holder::Public { id: 8 }),
            "该客户已在公客池中（客户编号8），请直接认领"
        );
        let agent = Holder::Colleague {
            agent: "李四".into(),
            store: "西湖店".into(),
            id: None,
        };
        assert_eq!(
            duplicate_message(&agent),
            "该客户已是西湖店李四的私客，不能重复录入"
        );
        let manager = Holder::Colleague {
            agent: "李四".into(),
            store: String::new(),
            id: Some(9),
        };
        assert_eq!(
            duplicate_message(&manager),
            "该客户已是李四的私客（客户编号9），不能重复录入"
        );
    }
}
