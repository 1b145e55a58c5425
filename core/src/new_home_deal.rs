//! 新房成交 (a deal declared on a visited report): its status (§3 deal status) and the table
//! that moves it, and the performance split (§3 performance types) a declaration must carry:
//! shares in basis points totalling 100% of the commission. Design: `docs/deals.md`.

use serde::{Deserialize, Serialize};

use crate::enums::{DEAL_ACTION, DEAL_STATUS, PERFORMANCE_TYPE};
use crate::org::TransitionError;

/// §3 deal status, stored as its number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "i16", try_from = "i16")]
pub enum DealStatus {
    /// 待结佣: the split is approved; the commission is receivable.
    CommissionPending = 1,
    /// 部分结佣: part of the commission has been received.
    PartlySettled = 2,
    /// 已结佣: all of it has been received.
    Settled = 3,
    /// 已关闭: the deal fell through (退房) before any commission came in.
    Closed = 4,
    /// 业绩待审核: declared; the split waits for a manager's review and may still be edited.
    PerformancePending = 5,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum DealAction {
    Approve,
    SettlePart,
    Settle,
    Close,
}

/// Who asks for an action on one deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum Actor {
    /// Commission settlement (receipts confirmed by finance move the deal).
    Settlement,
    Person {
        /// Holds the deal detail page's 编辑 (业绩审核) and may write the deal.
        reviewer: bool,
        /// Declared the deal: does not approve it (four eyes, [`OWN_DECLARATION`]).
        #[serde(default)]
        declarer: bool,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Who {
    Reviewer,
    Settlement,
}

struct Rule {
    action: DealAction,
    from: &'static [DealStatus],
    to: DealStatus,
    who: Who,
    /// Refused to the deal's declarer, whoever else they are (四眼原则).
    not_by_declarer: bool,
}

use DealStatus as S;

const RULES: [Rule; 4] = [
    Rule {
        action: DealAction::Approve,
        from: &[S::PerformancePending],
        to: S::CommissionPending,
        who: Who::Reviewer,
        not_by_declarer: true,
    },
    Rule {
        action: DealAction::SettlePart,
        from: &[S::CommissionPending, S::PartlySettled],
        to: S::PartlySettled,
        who: Who::Settlement,
        not_by_declarer: false,
    },
    Rule {
        action: DealAction::Settle,
        from: &[S::CommissionPending, S::PartlySettled],
        to: S::Settled,
        who: Who::Settlement,
        not_by_declarer: false,
    },
    // Money received is not undone by closing: a partly settled deal is settled or stays.
    Rule {
        action: DealAction::Close,
        from: &[S::PerformancePending, S::CommissionPending],
        to: S::Closed,
        who: Who::Reviewer,
        not_by_declarer: false,
    },
];

pub const REVIEWER_ONLY: &str = "只有有成交审核权限的店长可以执行此操作";
/// Four eyes (四眼原则): whoever declared a deal does not approve its performance; 关闭 (a deal that
/// fell through) stays theirs as a reviewer.
pub const OWN_DECLARATION: &str = "不能审核自己申报的成交，请由其他审核人处理";
pub const SETTLEMENT_ONLY: &str = "结佣由佣金结算的收款确认自动执行";
/// A declaration is edited only while its split waits for review.
pub const NOT_EDITABLE: &str = "成交已审核，不能再修改";

impl DealStatus {
    pub const ALL: [DealStatus; 5] = [
        S::PerformancePending,
        S::CommissionPending,
        S::PartlySettled,
        S::Settled,
        S::Closed,
    ];

    pub fn code(self) -> i16 {
        self as i16
    }

    pub fn from_code(code: i64) -> Option<DealStatus> {
        Self::ALL.into_iter().find(|s| i64::from(s.code()) == code)
    }

    pub fn label(self) -> &'static str {
        DEAL_STATUS
            .label_of(i64::from(self.code()))
            .unwrap_or_default()
    }

    /// Whether the declaration (unit, price, split) may still change.
    pub fn editable(self) -> bool {
        self == S::PerformancePending
    }
}

impl From<DealStatus> for i16 {
    fn from(status: DealStatus) -> i16 {
        status.code()
    }
}

impl TryFrom<i16> for DealStatus {
    type Error = String;
    fn try_from(code: i16) -> Result<Self, String> {
        Self::from_code(i64::from(code)).ok_or_else(|| format!("未知的成交状态 {code}"))
    }
}

impl DealAction {
    pub const ALL: [DealAction; 4] = [
        DealAction::Approve,
        DealAction::SettlePart,
        DealAction::Settle,
        DealAction::Close,
    ];

    pub fn code(self) -> &'static str {
        match self {
            DealAction::Approve => "approve",
            DealAction::SettlePart => "settlePart",
            DealAction::Settle => "settle",
            DealAction::Close => "close",
        }
    }

    pub fn from_code(code: &str) -> Option<DealAction> {
        Self::ALL.into_iter().find(|a| a.code() == code.trim())
    }

    pub fn label(self) -> &'static str {
        DEAL_ACTION.label(self.code()).unwrap_or_default()
    }

    fn rule(self) -> &'static Rule {
        RULES
            .iter()
            .find(|rule| rule.action == self)
            .unwrap_or(&RULES[0])
    }

    /// What the page tells the person who took the action, naming where the deal stands now
    /// (the toast every move of the product gives).
    pub fn done_message(self) -> &'static str {
        match self {
            DealAction::Approve => "业绩审核通过，已生成佣金单",
            DealAction::SettlePart => "已部分结佣",
            DealAction::Settle => "已结佣",
            DealAction::Close => "成交已关闭",
        }
    }
}

fn allowed(who: Who, actor: Actor) -> bool {
    match (who, actor) {
        (Who::Settlement, Actor::Settlement) => true,
        (Who::Reviewer, Actor::Person { reviewer, .. }) => reviewer,
        _ => false,
    }
}

/// Whether `rule` is refused to `actor` as the deal's own declarer.
fn own(rule: &Rule, actor: Actor) -> bool {
    rule.not_by_declarer && matches!(actor, Actor::Person { declarer: true, .. })
}

/// The status after `action`, or why not.
pub fn next(
    action: DealAction,
    from: DealStatus,
    actor: Actor,
) -> Result<DealStatus, TransitionError> {
    let rule = action.rule();
    if !rule.from.contains(&from) {
        return Err(TransitionError::not_allowed(from.label(), action.label()));
    }
    if !allowed(rule.who, actor) {
        return Err(TransitionError::new(match rule.who {
            Who::Reviewer => REVIEWER_ONLY,
            Who::Settlement => SETTLEMENT_ONLY,
        }));
    }
    if own(rule, actor) {
        return Err(TransitionError::new(OWN_DECLARATION));
    }
    Ok(rule.to)
}

/// The buttons a deal's page offers `actor`.
pub fn offered_actions(from: DealStatus, actor: Actor) -> Vec<DealAction> {
    RULES
        .iter()
        .filter(|rule| rule.who != Who::Settlement)
        .filter(|rule| rule.from.contains(&from) && allowed(rule.who, actor) && !own(rule, actor))
        .map(|rule| rule.action)
        .collect()
}

/// §3 performance types.
pub const CUSTOMER_DEAL_PERSON: i64 = 1;
pub const CUSTOMER_PARTNER: i64 = 2;
pub const PROJECT_SIDE: i64 = 3;
/// Basis points in 100%.
pub const FULL_BP: i64 = 10_000;
/// Lines one split may have.
pub const SHARES_MAX: usize = 10;

/// One line of a performance split as declared.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Share {
    /// A §3 performance type.
    pub kind: i64,
    /// The colleague credited: required for the customer's deal person and partners; the
    /// project side's share names no one.
    pub user_id: Option<i64>,
    /// The share in basis points (12.5% = 1250).
    pub bp: i64,
}

pub const ONE_DEAL_PERSON: &str = "业绩分配须有且只有一位客户成交人";
pub const CHOOSE_PERSON: &str = "请为客户成交人和客户合作人选择员工";
pub const PROJECT_NAMES_NO_ONE: &str = "项目方分成不指定员工";
pub const PERSON_TWICE: &str = "同一员工在业绩分配中只能出现一次";
pub const SHARE_POSITIVE: &str = "每条业绩分配比例须大于0";
pub const TOO_MANY: &str = "业绩分配最多10条";
pub const UNKNOWN_KIND: &str = "请选择业绩类型";

/// `业绩分配合计须为100%（当前为87.5%）`.
pub fn total_message(total_bp: i64) -> String {
    format!(
        "业绩分配合计须为100%（当前为{}%）",
        crate::new_home::hundredths_text(total_bp)
    )
}

/// What is wrong with a split, if anything: one customer deal person, each person named once,
/// the project side naming no one, every share above 0, 100% in all.
pub fn check_shares(shares: &[Share]) -> Result<(), String> {
    if shares.len() > SHARES_MAX {
        return Err(TOO_MANY.to_owned());
    }
    if shares
        .iter()
        .any(|s| PERFORMANCE_TYPE.label_of(s.kind).is_none())
    {
        return Err(UNKNOWN_KIND.to_owned());
    }
    let deal_people = shares
        .iter()
        .filter(|s| s.kind == CUSTOMER_DEAL_PERSON)
        .count();
    if deal_people != 1 {
        return Err(ONE_DEAL_PERSON.to_owned());
    }
    for share in shares {
        match (share.kind, share.user_id) {
            (PROJECT_SIDE, Some(_)) => return Err(PROJECT_NAMES_NO_ONE.to_owned()),
            (PROJECT_SIDE, None) => {}
            (_, None) => return Err(CHOOSE_PERSON.to_owned()),
            _ => {}
        }
        if share.bp <= 0 {
            return Err(SHARE_POSITIVE.to_owned());
        }
    }
    let mut people: Vec<i64> = shares.iter().filter_map(|s| s.user_id).collect();
    people.sort_unstable();
    if people.windows(2).any(|w| w[0] == w[1]) {
        return Err(PERSON_TWICE.to_owned());
    }
    let total: i64 = shares.iter().map(|s| s.bp).sum();
    if total != FULL_BP {
        return Err(total_message(total));
    }
    Ok(())
}

/// The parts of `commission_fen` a checked split gives, in its order: `money::split_fen` (floors,
/// then the remainder fen by largest remainder, ties to the earlier line), so they sum exactly.
pub fn amounts(commission_fen: i64, shares: &[Share]) -> Result<Vec<i64>, String> {
    check_shares(shares)?;
    let bps: Vec<i64> = shares.iter().map(|s| s.bp).collect();
    crate::money::split_fen(commission_fen, &bps).map_err(|_| total_message(bps.iter().sum()))
}

/// What the split editor shows while lines are typed: each line's part in fen (exact, by
/// [`amounts`]'s rule, once the shares total 100%; each share's floor before that), the total in
/// basis points, and what is still wrong (`None` when the split may be sent).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SplitPreview {
    pub parts: Vec<i64>,
    pub total_bp: i64,
    pub error: Option<String>,
}

pub fn preview(commission_fen: i64, shares: &[Share]) -> SplitPreview {
    let commission = commission_fen.max(0);
    let bps: Vec<i64> = shares.iter().map(|s| s.bp.max(0)).collect();
    let total_bp = shares.iter().map(|s| s.bp).sum();
    let parts = crate::money::split_fen(commission, &bps).unwrap_or_else(|_| {
        bps.iter()
            .map(|bp| (i128::from(commission) * i128::from(*bp) / i128::from(FULL_BP)) as i64)
            .collect()
    });
    SplitPreview {
        parts,
        total_bp,
        error: check_shares(shares).err(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Any commission and any valid split: the parts are non-negative and sum exactly.
        #[test]
        fn the_parts_sum_to_the_commission(
            commission in 0i64..10_000_000_000,
            cuts in proptest::collection::vec(1i64..10_000, 0..4),
        ) {
            let mut cuts = cuts;
            cuts.sort_unstable();
            cuts.dedup();
            let mut bps = Vec::new();
            let mut last = 0;
            for cut in cuts.iter().chain([&FULL_BP]) {
                bps.push(cut - last);
                last = *cut;
            }
            let shares: Vec<Share> = bps
                .iter()
                .enumerate()
                .map(|(i, bp)| match i {
                    0 => share(CUSTOMER_DEAL_PERSON, Some(1), *bp),
                    i if i == bps.len() - 1 && i > 0 => share(PROJECT_SIDE, None, *bp),
                    i => share(CUSTOMER_PARTNER, Some(i as i64 + 1), *bp),
                })
                .collect();
            let parts = amounts(commission, &shares).unwrap();
            prop_assert!(parts.iter().all(|p| *p >= 0));
            prop_assert_eq!(parts.iter().sum::<i64>(), commission);
        }
    }

    #[test]
    fn the_remainder_goes_to_the_largest_remainder_then_the_earlier_line() {
        // 100 fen at 1/3 each: 33.33 each, one fen left, to the first line (ties).
        let thirds = [
            share(CUSTOMER_DEAL_PERSON, Some(1), 3334),
            share(CUSTOMER_PARTNER, Some(2), 3333),
            share(PROJECT_SIDE, None, 3333),
        ];
        assert_eq!(amounts(100, &thirds).unwrap(), [34, 33, 33]);
        assert_eq!(amounts(101, &thirds).unwrap(), [34, 34, 33]);
    }

    const REVIEWER: Actor = Actor::Person {
        reviewer: true,
        declarer: false,
    };

    #[test]
    fn the_transition_table() {
        use DealAction as A;
        let expected: &[(A, DealStatus, DealStatus, Actor)] = &[
            (
                A::Approve,
                S::PerformancePending,
                S::CommissionPending,
                REVIEWER,
            ),
            (
                A::SettlePart,
                S::CommissionPending,
                S::PartlySettled,
                Actor::Settlement,
            ),
            (
                A::SettlePart,
                S::PartlySettled,
                S::PartlySettled,
                Actor::Settlement,
            ),
            (
                A::Settle,
                S::CommissionPending,
                S::Settled,
                Actor::Settlement,
            ),
            (A::Settle, S::PartlySettled, S::Settled, Actor::Settlement),
            (A::Close, S::PerformancePending, S::Closed, REVIEWER),
            (A::Close, S::CommissionPending, S::Closed, REVIEWER),
        ];
        for action in A::ALL {
            for from in DealStatus::ALL {
                match expected
                    .iter()
                    .find(|(a, f, _, _)| *a == action && *f == from)
                {
                    Some((_, _, to, actor)) => assert_eq!(next(action, from, *actor), Ok(*to)),
                    None => assert_eq!(
                        next(action, from, REVIEWER).unwrap_err().message,
                        format!(
                            "当前状态为「{}」，不能执行「{}」",
                            from.label(),
                            action.label()
                        )
                    ),
                }
            }
        }
        assert_eq!(
            next(A::Settle, S::CommissionPending, REVIEWER)
                .unwrap_err()
                .message,
            SETTLEMENT_ONLY
        );
        assert_eq!(
            next(
                A::Approve,
                S::PerformancePending,
                Actor::Person {
                    reviewer: false,
                    declarer: false
                }
            )
            .unwrap_err()
            .message,
            REVIEWER_ONLY
        );
        assert_eq!(
            offered_actions(S::PerformancePending, REVIEWER),
            [A::Approve, A::Close]
        );
        assert!(offered_actions(S::PartlySettled, REVIEWER).is_empty());
        assert!(S::PerformancePending.editable() && !S::CommissionPending.editable());
    }

    #[test]
    fn a_declarer_does_not_approve_their_own_deal() {
        use DealAction as A;
        let own = Actor::Person {
            reviewer: true,
            declarer: true,
        };
        assert_eq!(
            next(A::Approve, S::PerformancePending, own)
                .unwrap_err()
                .message,
            "不能审核自己申报的成交，请由其他审核人处理"
        );
        // 关闭 of a deal that fell through stays theirs; the page offers only that.
        assert_eq!(next(A::Close, S::PerformancePending, own), Ok(S::Closed));
        assert_eq!(offered_actions(S::PerformancePending, own), [A::Close]);
        // The status is told first: nothing approves a closed deal, whoever asks.
        assert_eq!(
            next(A::Approve, S::Closed, own).unwrap_err().message,
            "当前状态为「已关闭」，不能执行「业绩审核通过」"
        );
        assert_eq!(A::Approve.done_message(), "业绩审核通过，已生成佣金单");
        assert_eq!(A::Close.done_message(), "成交已关闭");
        // An actor sent without the flag (an older client) is not the declarer.
        let plain: Actor = serde_json::from_str(r#"{"kind":"person","reviewer":true}"#).unwrap();
        assert_eq!(plain, REVIEWER);
    }

    fn share(kind: i64, user_id: Option<i64>, bp: i64) -> Share {
        Share { kind, user_id, bp }
    }

    #[test]
    fn a_split_names_one_deal_person_and_totals_100_percent() {
        let good = [
            share(CUSTOMER_DEAL_PERSON, Some(1), 6000),
            share(CUSTOMER_PARTNER, Some(2), 2500),
            share(PROJECT_SIDE, None, 1500),
        ];
        assert_eq!(check_shares(&good), Ok(()));
        let cases: &[(&[Share], &str)] = &[
            (&[share(CUSTOMER_PARTNER, Some(2), 10_000)], ONE_DEAL_PERSON),
            (
                &[
                    share(CUSTOMER_DEAL_PERSON, Some(1), 5000),
                    share(CUSTOMER_DEAL_PERSON, Some(2), 5000),
                ],
                ONE_DEAL_PERSON,
            ),
            (&[share(CUSTOMER_DEAL_PERSON, None, 10_000)], CHOOSE_PERSON),
            (
                &[
                    share(CUSTOMER_DEAL_PERSON, Some(1), 9000),
                    share(PROJECT_SIDE, Some(3), 1000),
                ],
                PROJECT_NAMES_NO_ONE,
            ),
            (
                &[
                    share(CUSTOMER_DEAL_PERSON, Some(1), 9000),
                    share(CUSTOMER_PARTNER, Some(1), 1000),
                ],
                PERSON_TWICE,
            ),
            (
                &[
                    share(CUSTOMER_DEAL_PERSON, Some(1), 10_000),
                    share(PROJECT_SIDE, None, 0),
                ],
                SHARE_POSITIVE,
            ),
            (&[share(9, Some(1), 10_000)], UNKNOWN_KIND),
            (
                &[
                    share(CUSTOMER_DEAL_PERSON, Some(1), 8000),
                    share(PROJECT_SIDE, None, 750),
                ],
                "业绩分配合计须为100%（当前为87.5%）",
            ),
        ];
        for (shares, message) in cases {
            assert_eq!(
                check_shares(shares),
                Err((*message).to_owned()),
                "{shares:?}"
            );
        }
    }

    #[test]
    fn the_preview_shows_exact_parts_at_100_percent_and_says_what_is_wrong() {
        let lines = [
            share(CUSTOMER_DEAL_PERSON, Some(1), 3334),
            share(CUSTOMER_PARTNER, Some(2), 3333),
            share(PROJECT_SIDE, None, 3333),
        ];
        assert_eq!(
            preview(100, &lines),
            SplitPreview {
                parts: vec![34, 33, 33],
                total_bp: 10_000,
                error: None
            }
        );
        let short = [
            share(CUSTOMER_DEAL_PERSON, Some(1), 8000),
            share(PROJECT_SIDE, None, 750),
        ];
        let shown = preview(1_000_001, &short);
        assert_eq!(shown.parts, [800_000, 75_000]);
        assert_eq!(shown.total_bp, 8750);
        assert_eq!(
            shown.error.as_deref(),
            Some("业绩分配合计须为100%（当前为87.5%）")
        );
    }
}
