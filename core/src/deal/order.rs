//! The commission order (佣金单) of a contract: what the brokerage receives for the deal, in fen.
//! Its status keeps the spec's codes (§3 orderStatus); the moves between them are ours (§4 says
//! "not shown"):
//!
//! ```text
//! 5 草稿 ──submit──▶ 10 待审核 ──approve──▶ 15 待付款 ──pay──▶ 16 部分付款 ──pay──▶ 20 已结清
//!   ▲                  │                              └──────────pay (whole)──────────▲
//!   └──── 0 已驳回 ◀──reject                                     16 ──pay──▶ 16 (still short)
//! 0 已驳回 ──submit──▶ 10;   close: 5, 10, 0, 15, 16 ──▶ 100 已关闭
//! ```
//!
//! A receipt (收款, by §3 payWay) is confirmed by finance: it adds to what is paid, never past the
//! receivable; the order is settled exactly when paid equals the receivable.

use serde::{Deserialize, Serialize};

use super::Duty;
use crate::enums::{ORDER_ACTION, ORDER_STATUS, PAY_WAY};
use crate::org::TransitionError;

/// §3 orderStatus, stored as its number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "i16", try_from = "i16")]
pub enum OrderStatus {
    Rejected = 0,
    Draft = 5,
    PendingReview = 10,
    AwaitingPayment = 15,
    PartlyPaid = 16,
    Settled = 20,
    Closed = 100,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum OrderAction {
    Submit,
    Approve,
    Reject,
    Pay,
    Close,
}

use OrderStatus as S;

struct Rule {
    action: OrderAction,
    from: &'static [OrderStatus],
    /// Where the move goes; a payment's target depends on the amount ([`receive`]).
    to: OrderStatus,
    who: Duty,
}

const RULES: [Rule; 5] = [
    Rule {
        action: OrderAction::Submit,
        from: &[S::Draft, S::Rejected],
        to: S::PendingReview,
        who: Duty::Declare,
    },
    Rule {
        action: OrderAction::Approve,
        from: &[S::PendingReview],
        to: S::AwaitingPayment,
        who: Duty::Review,
    },
    Rule {
        action: OrderAction::Reject,
        from: &[S::PendingReview],
        to: S::Rejected,
        who: Duty::Review,
    },
    Rule {
        action: OrderAction::Pay,
        from: &[S::AwaitingPayment, S::PartlyPaid],
        to: S::PartlyPaid,
        who: Duty::Confirm,
    },
    // Anything not yet settled may be closed (a deal that fell through); money already received
    // stays on file with the order.
    Rule {
        action: OrderAction::Close,
        from: &[
            S::Draft,
            S::PendingReview,
            S::Rejected,
            S::AwaitingPayment,
            S::PartlyPaid,
        ],
        to: S::Closed,
        who: Duty::Close,
    },
];

pub const AMOUNT_NOT_POSITIVE: &str = "收款金额必须大于0";
pub const CHOOSE_PAY_WAY: &str = "请选择收款方式";
pub const REJECT_REASON: &str = "请填写驳回原因";
pub const REASON_MAX: usize = 200;
pub const REASON_TOO_LONG: &str = "原因说明不能超过200个字符";
/// Four eyes (四眼原则, as brokerage finance keeps it): whoever wrote an order's contract, declared
/// its new-home deal or submitted it does not approve it; another reviewer does.
pub const OWN_ORDER: &str = "不能审核自己录入或提交的佣金单，请由其他审核人处理";

/// `本次收款1,000.00元超过未收金额500.00元，请核对`.
pub fn overpaid(amount: i64, remaining: i64) -> String {
    format!(
        "本次收款{}元超过未收金额{}元，请核对",
        yuan(amount),
        yuan(remaining)
    )
}

/// Fen as 元 with two decimals and thousands separators (123456789 → 1,234,567.89).
pub fn yuan(fen: i64) -> String {
    crate::format::thousands(&crate::format::fen_to_yuan(fen), Some(2)).unwrap_or_default()
}

impl OrderStatus {
    pub const ALL: [OrderStatus; 7] = [
        S::PendingReview,
        S::Rejected,
        S::Draft,
        S::AwaitingPayment,
        S::PartlyPaid,
        S::Settled,
        S::Closed,
    ];

    pub fn code(self) -> i16 {
        self as i16
    }

    pub fn from_code(code: i64) -> Option<OrderStatus> {
        Self::ALL.into_iter().find(|s| i64::from(s.code()) == code)
    }

    pub fn label(self) -> &'static str {
        ORDER_STATUS
            .label_of(i64::from(self.code()))
            .unwrap_or_default()
    }

    /// The amount is fixed once reviewed: the contract's commission may change only before.
    pub fn amount_open(self) -> bool {
        matches!(self, S::Draft | S::Rejected)
    }
}

impl From<OrderStatus> for i16 {
    fn from(status: OrderStatus) -> i16 {
        status.code()
    }
}

impl TryFrom<i16> for OrderStatus {
    type Error = String;
    fn try_from(code: i16) -> Result<Self, String> {
        Self::from_code(i64::from(code)).ok_or_else(|| format!("未知的订单状态 {code}"))
    }
}

impl OrderAction {
    pub const ALL: [OrderAction; 5] = [
        OrderAction::Submit,
        OrderAction::Approve,
        OrderAction::Reject,
        OrderAction::Pay,
        OrderAction::Close,
    ];

    pub fn code(self) -> &'static str {
        match self {
            OrderAction::Submit => "submit",
            OrderAction::Approve => "approve",
            OrderAction::Reject => "reject",
            OrderAction::Pay => "pay",
            OrderAction::Close => "close",
        }
    }

    pub fn from_code(code: &str) -> Option<OrderAction> {
        Self::ALL.into_iter().find(|a| a.code() == code.trim())
    }

    pub fn label(self) -> &'static str {
        ORDER_ACTION.label(self.code()).unwrap_or_default()
    }

    fn rule(self) -> &'static Rule {
        RULES
            .iter()
            .find(|rule| rule.action == self)
            .unwrap_or(&RULES[0])
    }

    /// The duty the action needs.
    pub fn duty(self) -> Duty {
        self.rule().who
    }
}

/// Whether `action` may move an order in `from`, whoever asks.
pub fn can(action: OrderAction, from: OrderStatus) -> bool {
    action.rule().from.contains(&from)
}

/// The status after `action` (a payment's is [`receive`]'s), or why not.
pub fn next(action: OrderAction, from: OrderStatus) -> Result<OrderStatus, TransitionError> {
    if !can(action, from) {
        return Err(TransitionError::not_allowed(from.label(), action.label()));
    }
    Ok(action.rule().to)
}

/// Whether `action` is refused to a caller who wrote, declared or submitted the order (`own`):
/// only 审核通过. Their own 驳回 stays: it is how a submitter takes an order back to correct it.
pub fn four_eyes(action: OrderAction, own: bool) -> Result<(), TransitionError> {
    if own && action == OrderAction::Approve {
        Err(TransitionError::new(OWN_ORDER))
    } else {
        Ok(())
    }
}

/// The actions an order in `from` offers a caller holding `duties`, in table order; 审核通过 not
/// to one whose own work it is (`own`, [`four_eyes`]).
pub fn offered_actions(
    from: OrderStatus,
    holds: impl Fn(Duty) -> bool,
    own: bool,
) -> Vec<OrderAction> {
    OrderAction::ALL
        .into_iter()
        .filter(|action| can(*action, from) && holds(action.duty()))
        .filter(|action| four_eyes(*action, own).is_ok())
        .collect()
}

/// What a confirmed receipt leaves: the amount paid so far and the order's status.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Received {
    pub paid: i64,
    pub status: OrderStatus,
}

/// A receipt of `amount` fen by `pay_way` on an order in `from` of `receivable` fen with `paid`
/// fen already received: refused unless the order awaits payment, the way is one of §3's and the
/// amount is positive and no more than what is left; settled exactly when nothing is left.
pub fn receive(
    from: OrderStatus,
    receivable: i64,
    paid: i64,
    amount: i64,
    pay_way: i64,
) -> Result<Received, TransitionError> {
    next(OrderAction::Pay, from)?;
    if PAY_WAY.label_of(pay_way).is_none() {
        return Err(TransitionError::new(CHOOSE_PAY_WAY));
    }
    if amount <= 0 {
        return Err(TransitionError::new(AMOUNT_NOT_POSITIVE));
    }
    let remaining = receivable.saturating_sub(paid);
    if amount > remaining {
        return Err(TransitionError::new(overpaid(amount, remaining)));
    }
    let paid = paid + amount;
    Ok(Received {
        paid,
        status: if paid == receivable {
            S::Settled
        } else {
            S::PartlyPaid
        },
    })
}

/// Checks the reason given with `action`: a rejection needs one; none is longer than
/// [`REASON_MAX`]. Answers it trimmed.
pub fn check_reason(action: OrderAction, reason: &str) -> Result<String, TransitionError> {
    let reason = reason.trim();
    if reason.chars().count() > REASON_MAX {
        return Err(TransitionError::new(REASON_TOO_LONG));
    }
    if action == OrderAction::Reject && reason.is_empty() {
        return Err(TransitionError::new(REJECT_REASON));
    }
    Ok(reason.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use OrderAction as A;
    use proptest::prelude::*;

    #[test]
    fn codes_and_labels_are_the_specs() {
        // "orderStatus: 10 pending review, 0 rejected, 5 draft, 15 awaiting payment, 16 partly
        // paid, 20 settled, 100 closed."
        let codes: Vec<_> = OrderStatus::ALL.iter().map(|s| s.code()).collect();
        assert_eq!(codes, [10, 0, 5, 15, 16, 20, 100]);
        let labels: Vec<_> = OrderStatus::ALL.iter().map(|s| s.label()).collect();
        assert_eq!(
            labels,
            [
                "待审核",
                "已驳回",
                "草稿",
                "待付款",
                "部分付款",
                "已结清",
                "已关闭"
            ]
        );
        for action in OrderAction::ALL {
            assert_eq!(OrderAction::from_code(action.code()), Some(action));
            assert!(!action.label().is_empty());
        }
        assert_eq!(serde_json::to_string(&S::PartlyPaid).unwrap(), "16");
    }

    #[test]
    fn a_draft_goes_through_review_to_payment() {
        assert_eq!(next(A::Submit, S::Draft), Ok(S::PendingReview));
        assert_eq!(next(A::Approve, S::PendingReview), Ok(S::AwaitingPayment));
        assert_eq!(next(A::Reject, S::PendingReview), Ok(S::Rejected));
        // A rejected order is corrected and submitted again.
        assert_eq!(next(A::Submit, S::Rejected), Ok(S::PendingReview));
        assert_eq!(
            next(A::Approve, S::Draft).unwrap_err().message,
            "当前状态为「草稿」，不能执行「审核通过」"
        );
    }

    #[test]
    fn close_is_open_until_settled() {
        for status in OrderStatus::ALL {
            let open = !matches!(status, S::Settled | S::Closed);
            assert_eq!(can(A::Close, status), open, "{status:?}");
        }
        assert!(offered_actions(S::Settled, |_| true, false).is_empty());
    }

    #[test]
    fn offered_actions_follow_duties() {
        assert_eq!(
            offered_actions(S::PendingReview, |duty| duty == Duty::Review, false),
            [A::Approve, A::Reject]
        );
        assert_eq!(
            offered_actions(S::AwaitingPayment, |duty| duty != Duty::Close, false),
            [A::Pay]
        );
    }

    #[test]
    fn nobody_approves_their_own_order() {
        // The reviewer who wrote the contract, declared the deal or submitted the order is
        // offered 驳回 (to take it back) but not 审核通过, and is refused it.
        assert_eq!(
            offered_actions(S::PendingReview, |duty| duty == Duty::Review, true),
            [A::Reject]
        );
        assert_eq!(
            four_eyes(A::Approve, true).unwrap_err().message,
            "不能审核自己录入或提交的佣金单，请由其他审核人处理"
        );
        assert!(four_eyes(A::Approve, false).is_ok());
        assert!(four_eyes(A::Reject, true).is_ok());
        assert!(four_eyes(A::Pay, true).is_ok());
    }

    #[test]
    fn payments_accumulate_to_exactly_the_receivable() {
        let first = receive(S::AwaitingPayment, 10_000, 0, 4_000, 2).unwrap();
        assert_eq!(
            first,
            Received {
                paid: 4_000,
                status: S::PartlyPaid
            }
        );
        let second = receive(first.status, 10_000, first.paid, 6_000, 4).unwrap();
        assert_eq!(second.status, S::Settled);
        assert_eq!(
            receive(S::PartlyPaid, 10_000, 4_000, 6_001, 1)
                .unwrap_err()
                .message,
            "本次收款60.01元超过未收金额60.00元，请核对"
        );
        assert_eq!(
            receive(S::AwaitingPayment, 10_000, 0, 0, 1)
                .unwrap_err()
                .message,
            AMOUNT_NOT_POSITIVE
        );
        assert_eq!(
            receive(S::AwaitingPayment, 10_000, 0, 1, 6)
                .unwrap_err()
                .message,
            CHOOSE_PAY_WAY
        );
        assert!(receive(S::Draft, 10_000, 0, 1, 1).is_err());
        assert_eq!(yuan(123_456_789), "1,234,567.89");
        assert_eq!(yuan(5), "0.05");
    }

    #[test]
    fn a_rejection_says_why() {
        assert_eq!(
            check_reason(A::Reject, "  ").unwrap_err().message,
            REJECT_REASON
        );
        assert_eq!(check_reason(A::Reject, " 佣金有误 ").unwrap(), "佣金有误");
        assert_eq!(check_reason(A::Approve, "").unwrap(), "");
    }

    /// One step of a random walk: an action, or a payment of some amount.
    #[derive(Debug, Clone)]
    enum Step {
        Act(OrderAction),
        Pay(i64),
    }

    fn step() -> impl Strategy<Value = Step> {
        prop_oneof![
            prop::sample::select(OrderAction::ALL.to_vec()).prop_map(Step::Act),
            (0i64..2_000_000).prop_map(Step::Pay),
        ]
    }

    proptest! {
        /// For any sequence of allowed transitions and payments, paid ≤ receivable, and settled
        /// means paid = receivable.
        #[test]
        fn paid_never_passes_the_receivable(
            receivable in 1i64..5_000_000,
            steps in prop::collection::vec(step(), 0..60),
        ) {
            let (mut status, mut paid) = (S::Draft, 0i64);
            for step in steps {
                match step {
                    Step::Act(OrderAction::Pay) => {}
                    Step::Act(action) => {
                        if let Ok(to) = next(action, status) {
                            status = to;
                        }
                    }
                    Step::Pay(amount) => {
                        if let Ok(received) = receive(status, receivable, paid, amount, 1) {
                            prop_assert!(received.paid > paid);
                            paid = received.paid;
                            status = received.status;
                        }
                    }
                }
                prop_assert!(paid >= 0 && paid <= receivable);
                prop_assert_eq!(status == S::Settled, paid == receivable);
            }
        }
    }
}
