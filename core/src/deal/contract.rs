//! A second-hand deal contract (买卖合同) or lease contract (租赁合同), kept apart as 房管家 does:
//! one table of statuses for both.
//!
//! ```text
//! 1 草签 ──sign──▶ 2 已签约 ──settle (its order settled; the server)──▶ 3 已结佣
//!   └──────cancel──────┴──▶ 9 已解约
//! ```
//!
//! Signing moves the contract's listing to 我司成交 and opens its commission order as a draft.
//! A contract is edited while its order's amount is open (before review); a settled or cancelled
//! one never.

use serde::{Deserialize, Serialize};

use super::Duty;
use super::order::OrderStatus;
use crate::enums::{CONTRACT_ACTION, CONTRACT_KIND, CONTRACT_STATUS};
use crate::listing::lifecycle::{self, HouseAction, HouseStatus, ListingState, Pool};
use crate::listing::trade::Trade;
use crate::org::TransitionError;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "i16", try_from = "i16")]
pub enum ContractKind {
    Sale = 1,
    Lease = 2,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "i16", try_from = "i16")]
pub enum ContractStatus {
    Draft = 1,
    Signed = 2,
    Settled = 3,
    Cancelled = 9,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum ContractAction {
    Sign,
    Cancel,
    Settle,
}

use ContractStatus as S;

struct Rule {
    action: ContractAction,
    from: &'static [ContractStatus],
    to: ContractStatus,
    who: Duty,
}

const RULES: [Rule; 3] = [
    Rule {
        action: ContractAction::Sign,
        from: &[S::Draft],
        to: S::Signed,
        who: Duty::Declare,
    },
    Rule {
        action: ContractAction::Cancel,
        from: &[S::Draft, S::Signed],
        to: S::Cancelled,
        who: Duty::Close,
    },
    Rule {
        action: ContractAction::Settle,
        from: &[S::Signed],
        to: S::Settled,
        who: Duty::System,
    },
];

pub const SETTLED_NOT_EDITABLE: &str = "已结佣的合同不能编辑";
pub const CANCELLED_NOT_EDITABLE: &str = "已解约的合同不能编辑";
pub const REVIEWED_NOT_EDITABLE: &str = "佣金单已审核，合同金额不能再修改，如需修改请先关闭佣金单";
/// Cancelling a contract whose commission has started coming in would orphan the money.
pub const PAID_NOT_CANCELLABLE: &str = "该合同已有收款，不能解约";

macro_rules! coded {
    ($type:ident, $table:ident, $what:literal, [$($variant:ident),*]) => {
        impl $type {
            pub const ALL: [$type; [$($type::$variant),*].len()] = [$($type::$variant),*];

            pub fn code(self) -> i16 {
                self as i16
            }

            pub fn from_code(code: i64) -> Option<$type> {
                Self::ALL.into_iter().find(|s| i64::from(s.code()) == code)
            }

            pub fn label(self) -> &'static str {
                $table.label_of(i64::from(self.code())).unwrap_or_default()
            }
        }

        impl From<$type> for i16 {
            fn from(value: $type) -> i16 {
                value.code()
            }
        }

        impl TryFrom<i16> for $type {
            type Error = String;
            fn try_from(code: i16) -> Result<Self, String> {
                Self::from_code(i64::from(code)).ok_or_else(|| format!(concat!("未知的", $what, " {}"), code))
            }
        }
    };
}

coded!(ContractKind, CONTRACT_KIND, "合同类型", [Sale, Lease]);
coded!(
    ContractStatus,
    CONTRACT_STATUS,
    "合同状态",
    [Draft, Signed, Settled, Cancelled]
);

impl ContractKind {
    /// The trade of the listings a contract of this kind is written on: 买卖 on a second-hand
    /// listing, 租赁 on a rental (房管家 keeps them apart).
    pub fn trade(self) -> Trade {
        match self {
            ContractKind::Sale => Trade::Sale,
            ContractKind::Lease => Trade::Lease,
        }
    }
}

impl ContractAction {
    pub const ALL: [ContractAction; 3] = [
        ContractAction::Sign,
        ContractAction::Cancel,
        ContractAction::Settle,
    ];

    pub fn code(self) -> &'static str {
        match self {
            ContractAction::Sign => "sign",
            ContractAction::Cancel => "cancel",
            ContractAction::Settle => "settle",
        }
    }

    pub fn from_code(code: &str) -> Option<ContractAction> {
        Self::ALL.into_iter().find(|a| a.code() == code.trim())
    }

    pub fn label(self) -> &'static str {
        CONTRACT_ACTION.label(self.code()).unwrap_or_default()
    }

    fn rule(self) -> &'static Rule {
        RULES
            .iter()
            .find(|rule| rule.action == self)
            .unwrap_or(&RULES[0])
    }

    pub fn duty(self) -> Duty {
        self.rule().who
    }
}

/// The status after `action`, or why not.
pub fn next(
    action: ContractAction,
    from: ContractStatus,
) -> Result<ContractStatus, TransitionError> {
    let rule = action.rule();
    if !rule.from.contains(&from) {
        return Err(TransitionError::not_allowed(from.label(), action.label()));
    }
    Ok(rule.to)
}

/// The actions a contract in `from` offers a caller holding `duties` (never settle: the
/// server's).
pub fn offered_actions(from: ContractStatus, holds: impl Fn(Duty) -> bool) -> Vec<ContractAction> {
    ContractAction::ALL
        .into_iter()
        .filter(|a| a.rule().from.contains(&from) && a.duty() != Duty::System && holds(a.duty()))
        .collect()
}

/// Whether a contract in `status` whose order is in `order` (none before signing) may be edited.
pub fn editable(status: ContractStatus, order: Option<OrderStatus>) -> Result<(), TransitionError> {
    match status {
        S::Settled => Err(TransitionError::new(SETTLED_NOT_EDITABLE)),
        S::Cancelled => Err(TransitionError::new(CANCELLED_NOT_EDITABLE)),
        _ if order.is_some_and(|order| !order.amount_open() && order != OrderStatus::Closed) => {
            Err(TransitionError::new(REVIEWED_NOT_EDITABLE))
        }
        _ => Ok(()),
    }
}

/// Whether a contract whose order has received `paid` fen may be cancelled now.
pub fn cancellable(status: ContractStatus, paid: i64) -> Result<ContractStatus, TransitionError> {
    let to = next(ContractAction::Cancel, status)?;
    if paid > 0 {
        return Err(TransitionError::new(PAID_NOT_CANCELLABLE));
    }
    Ok(to)
}

/// `房源当前为「有效（公盘）」，不能签约`.
pub fn listing_not_signable(state: ListingState) -> String {
    format!("房源当前为「{}」，不能签约", state.label())
}

/// Whether a contract may be written and signed on a listing in `state`: signing moves it to
/// 我司成交, so core's listing table must allow that move from it (a valid or reserved listing
/// of the private pool; a public-pool one is claimed first). The contract form's listing picker
/// offers only these, saving refuses the rest on the field, and 签约 checks again.
pub fn listing_signable(state: ListingState) -> Result<(), String> {
    if lifecycle::can(HouseAction::DealOurs, state) {
        Ok(())
    } else {
        Err(listing_not_signable(state))
    }
}

/// The listing states of `trade` a contract may be written on, for the picker's queries.
pub fn signable_states(trade: Trade) -> Vec<ListingState> {
    HouseStatus::ALL
        .into_iter()
        .flat_map(|status| {
            Pool::ALL.map(|pool| ListingState {
                trade,
                status,
                pool,
            })
        })
        .filter(|state| listing_signable(*state).is_ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_private_valid_or_reserved_listing_can_be_signed() {
        let state = |status, pool| ListingState {
            trade: Trade::Sale,
            status,
            pool,
        };
        assert_eq!(
            signable_states(Trade::Sale),
            [
                state(HouseStatus::Valid, Pool::Private),
                state(HouseStatus::Reserved, Pool::Private)
            ]
        );
        assert_eq!(signable_states(Trade::Lease).len(), 2);
        assert_eq!(
            listing_signable(state(HouseStatus::Valid, Pool::Public)).unwrap_err(),
            "房源当前为「有效（公盘）」，不能签约"
        );
        assert!(listing_signable(state(HouseStatus::Sealed, Pool::Private)).is_err());
        assert!(listing_signable(state(HouseStatus::OurDeal, Pool::Private)).is_err());
    }

    #[test]
    fn a_contract_is_signed_then_settled_or_cancelled() {
        assert_eq!(next(ContractAction::Sign, S::Draft), Ok(S::Signed));
        assert_eq!(next(ContractAction::Settle, S::Signed), Ok(S::Settled));
        assert_eq!(next(ContractAction::Cancel, S::Signed), Ok(S::Cancelled));
        assert_eq!(
            next(ContractAction::Sign, S::Settled).unwrap_err().message,
            "当前状态为「已结佣」，不能执行「签约」"
        );
        assert_eq!(
            offered_actions(S::Draft, |_| true),
            [ContractAction::Sign, ContractAction::Cancel]
        );
        assert!(offered_actions(S::Signed, |d| d == Duty::Declare).is_empty());
        assert_eq!(S::Signed.label(), "已签约");
        assert_eq!(ContractKind::Lease.label(), "租赁");
    }

    #[test]
    fn a_settled_deal_cannot_be_edited() {
        assert_eq!(
            editable(S::Settled, Some(OrderStatus::Settled))
                .unwrap_err()
                .message,
            SETTLED_NOT_EDITABLE
        );
        assert_eq!(
            editable(S::Signed, Some(OrderStatus::PartlyPaid))
                .unwrap_err()
                .message,
            REVIEWED_NOT_EDITABLE
        );
        assert!(editable(S::Signed, Some(OrderStatus::Rejected)).is_ok());
        assert!(editable(S::Draft, None).is_ok());
        assert_eq!(
            cancellable(S::Signed, 1).unwrap_err().message,
            PAID_NOT_CANCELLABLE
        );
        assert_eq!(cancellable(S::Signed, 0), Ok(S::Cancelled));
    }
}
