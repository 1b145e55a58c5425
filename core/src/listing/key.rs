//! 钥匙: a listing's key and its loans. A key is registered with its type (core `keyType`:
//! 钥匙在店, 业主保管, 物业保管, 密码锁, 无钥匙), the store and person keeping it, a number and a
//! remark. Only a key kept in the store is lent, to one person at a time, and comes back by
//! 归还; while it is out its registration is not changed. One table ([`RULES`]) says which
//! action moves which state to which; the server refuses the rest with its message, and the
//! SPA shows only the buttons [`offered`] names. A key is lent and taken back only by its
//! holding store ([`by_holding_store`]).

use serde::{Deserialize, Serialize};

use crate::enums::KEY_TYPE;

/// The type of a key, as core `keyType` numbers it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum KeyType {
    /// 钥匙在店: the store keeps it and lends it.
    InStore,
    /// 业主保管.
    Owner,
    /// 物业保管.
    Property,
    /// 密码锁: no key to lend, a code to ask for.
    CodeLock,
    /// 无钥匙.
    NoKey,
}

impl KeyType {
    pub fn from_code(code: i64) -> Option<KeyType> {
        Some(match code {
            1 => KeyType::InStore,
            2 => KeyType::Owner,
            3 => KeyType::Property,
            4 => KeyType::CodeLock,
            5 => KeyType::NoKey,
            _ => return None,
        })
    }

    pub fn code(self) -> i16 {
        match self {
            KeyType::InStore => 1,
            KeyType::Owner => 2,
            KeyType::Property => 3,
            KeyType::CodeLock => 4,
            KeyType::NoKey => 5,
        }
    }

    pub fn label(self) -> &'static str {
        KEY_TYPE.label_of(self.code().into()).unwrap_or_default()
    }
}

/// Where a registered key is (core `keyStatus`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum KeyStatus {
    /// 在库: where its type says (in the store, with the owner …).
    Kept,
    /// 借出中: someone has it.
    Lent,
}

impl KeyStatus {
    pub fn from_code(code: i64) -> Option<KeyStatus> {
        match code {
            1 => Some(KeyStatus::Kept),
            2 => Some(KeyStatus::Lent),
            _ => None,
        }
    }

    pub fn code(self) -> i16 {
        match self {
            KeyStatus::Kept => 1,
            KeyStatus::Lent => 2,
        }
    }
}

/// What can be done to a listing's key (core `keyAction`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum KeyAction {
    /// 登记钥匙: register the key, or change its registration.
    Register,
    /// 借出.
    Lend,
    /// 归还.
    Return,
}

impl KeyAction {
    pub const ALL: [KeyAction; 3] = [KeyAction::Register, KeyAction::Lend, KeyAction::Return];

    pub fn code(self) -> &'static str {
        match self {
            KeyAction::Register => "register",
            KeyAction::Lend => "lend",
            KeyAction::Return => "return",
        }
    }

    pub fn from_code(code: &str) -> Option<KeyAction> {
        KeyAction::ALL
            .into_iter()
            .find(|action| action.code() == code)
    }
}

/// A listing's key as the table reads it: none registered yet, or its type and status.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyState {
    Unregistered,
    Registered(KeyType, KeyStatus),
}

pub const NOT_REGISTERED: &str = "该房源尚未登记钥匙";
pub const NOT_IN_STORE: &str = "只有「钥匙在店」的钥匙才能借出";
pub const ALREADY_LENT: &str = "钥匙已借出，请等归还后再借";
pub const NOT_LENT: &str = "钥匙未借出，无需归还";
pub const LENT_NO_CHANGE: &str = "钥匙借出中，归还后才能修改钥匙登记";
pub const NO_STORE: &str = "「钥匙在店」须由门店员工登记，或房源属于某个门店";

/// Whether `action` is the holding store's: a key is lent and taken back where it is kept, by
/// that store's people within their data scope (its 钥匙人, the store's manager, the company's
/// general manager). Anyone else who reads the listing (another store, once it is 公盘) is
/// told [`held_elsewhere`]. Registering is the listing's keepers' (the 编辑 rule).
pub fn by_holding_store(action: KeyAction) -> bool {
    matches!(action, KeyAction::Lend | KeyAction::Return)
}

/// The refusal of a lend or return asked by someone outside the key's holding store.
pub fn held_elsewhere(store: &str, action: KeyAction) -> String {
    let verb = if action == KeyAction::Return {
        "归还"
    } else {
        "借出"
    };
    if store.is_empty() {
        format!("钥匙由钥匙人保管，请联系钥匙人{verb}")
    } else {
        format!("钥匙由{store}保管，请联系该店{verb}")
    }
}

pub const RETURN_BEFORE_TODAY: &str = "预计归还日期不能早于今天";

/// A loan's expected return (`YYYY-MM-DD`, checked by the form) is today or later.
pub fn check_expected_return(expected: &str, today: &str) -> Result<(), &'static str> {
    // Both are `YYYY-MM-DD`: their text order is their date order.
    if expected < today {
        Err(RETURN_BEFORE_TODAY)
    } else {
        Ok(())
    }
}

/// One rule: an action, the states it applies to, and the status it leaves.
struct KeyRule {
    action: KeyAction,
    from: fn(KeyState) -> Result<(), &'static str>,
    to: KeyStatus,
}

/// The key table.
///
/// | action | from | to |
/// |---|---|---|
/// | 登记钥匙 | not registered, or registered and 在库 | 在库 |
/// | 借出 | 钥匙在店 and 在库 | 借出中 |
/// | 归还 | 借出中 | 在库 |
const RULES: [KeyRule; 3] = [
    KeyRule {
        action: KeyAction::Register,
        from: |state| match state {
            KeyState::Registered(_, KeyStatus::Lent) => Err(LENT_NO_CHANGE),
            _ => Ok(()),
        },
        to: KeyStatus::Kept,
    },
    KeyRule {
        action: KeyAction::Lend,
        from: |state| match state {
            KeyState::Unregistered => Err(NOT_REGISTERED),
            KeyState::Registered(_, KeyStatus::Lent) => Err(ALREADY_LENT),
            KeyState::Registered(KeyType::InStore, KeyStatus::Kept) => Ok(()),
            KeyState::Registered(_, KeyStatus::Kept) => Err(NOT_IN_STORE),
        },
        to: KeyStatus::Lent,
    },
    KeyRule {
        action: KeyAction::Return,
        from: |state| match state {
            KeyState::Unregistered => Err(NOT_REGISTERED),
            KeyState::Registered(_, KeyStatus::Lent) => Ok(()),
            KeyState::Registered(_, KeyStatus::Kept) => Err(NOT_LENT),
        },
        to: KeyStatus::Kept,
    },
];

/// The status `action` leaves the key in, or why it may not be done.
pub fn next(state: KeyState, action: KeyAction) -> Result<KeyStatus, &'static str> {
    let rule = RULES
        .iter()
        .find(|rule| rule.action == action)
        .expect("every action has its rule");
    (rule.from)(state).map(|()| rule.to)
}

/// The actions the table allows from `state`, in the order the page shows them.
pub fn offered(state: KeyState) -> Vec<KeyAction> {
    KeyAction::ALL
        .into_iter()
        .filter(|action| next(state, *action).is_ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use KeyAction::{Lend, Register, Return};
    use KeyStatus::{Kept, Lent};

    #[test]
    fn the_table_moves_a_key_in_store_out_and_back() {
        let in_store = KeyState::Registered(KeyType::InStore, Kept);
        let out = KeyState::Registered(KeyType::InStore, Lent);
        let cases: [(KeyState, KeyAction, Result<KeyStatus, &str>); 12] = [
            (KeyState::Unregistered, Register, Ok(Kept)),
            (KeyState::Unregistered, Lend, Err(NOT_REGISTERED)),
            (KeyState::Unregistered, Return, Err(NOT_REGISTERED)),
            (in_store, Register, Ok(Kept)),
            (in_store, Lend, Ok(Lent)),
            (in_store, Return, Err(NOT_LENT)),
            (out, Register, Err(LENT_NO_CHANGE)),
            (out, Lend, Err(ALREADY_LENT)),
            (out, Return, Ok(Kept)),
            (
                KeyState::Registered(KeyType::Owner, Kept),
                Lend,
                Err(NOT_IN_STORE),
            ),
            (
                KeyState::Registered(KeyType::CodeLock, Kept),
                Lend,
                Err(NOT_IN_STORE),
            ),
            (
                KeyState::Registered(KeyType::NoKey, Kept),
                Register,
                Ok(Kept),
            ),
        ];
        for (state, action, expected) in cases {
            assert_eq!(next(state, action), expected, "{state:?} {action:?}");
        }
    }

    #[test]
    fn the_page_is_offered_only_what_the_table_allows() {
        assert_eq!(offered(KeyState::Unregistered), [Register]);
        assert_eq!(
            offered(KeyState::Registered(KeyType::InStore, Kept)),
            [Register, Lend]
        );
        assert_eq!(
            offered(KeyState::Registered(KeyType::InStore, Lent)),
            [Return]
        );
        assert_eq!(
            offered(KeyState::Registered(KeyType::Property, Kept)),
            [Register]
        );
    }

    #[test]
    fn a_loan_comes_back_today_or_later() {
        assert_eq!(check_expected_return("2026-11-26", "2026-11-26"), Ok(()));
        assert_eq!(check_expected_return("2026-12-01", "2026-11-26"), Ok(()));
        assert_eq!(
            check_expected_return("2026-11-25", "2026-11-26"),
            Err(RETURN_BEFORE_TODAY)
        );
    }

    #[test]
    fn codes_and_labels_are_core_tables() {
        for code in 1..=5 {
            let key_type = KeyType::from_code(code).unwrap();
            assert_eq!(i64::from(key_type.code()), code);
        }
        assert_eq!(KeyType::from_code(6), None);
        assert_eq!(KeyType::InStore.label(), "钥匙在店");
        assert_eq!(KeyType::NoKey.label(), "无钥匙");
        for action in KeyAction::ALL {
            assert_eq!(KeyAction::from_code(action.code()), Some(action));
            assert!(crate::enums::KEY_ACTION.contains(action.code()));
        }
        assert_eq!(KeyStatus::from_code(2), Some(Lent));
        assert_eq!(crate::enums::KEY_STATUS.label_of(2), Some("借出中"));
    }

    #[test]
    fn only_the_holding_store_lends_and_takes_back() {
        assert!(by_holding_store(Lend));
        assert!(by_holding_store(Return));
        assert!(!by_holding_store(Register));
        assert_eq!(
            held_elsewhere("西湖店", Lend),
            "钥匙由西湖店保管，请联系该店借出"
        );
        assert_eq!(
            held_elsewhere("西湖店", Return),
            "钥匙由西湖店保管，请联系该店归还"
        );
        assert_eq!(
            held_elsewhere("", Lend),
            "钥匙由钥匙人保管，请联系钥匙人借出"
        );
    }
}
