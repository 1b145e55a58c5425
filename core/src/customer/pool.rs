//! A customer's status and pool. A private customer (私客) is one agent's, their owner; a public
//! one (公客) is the company's, claimable by any colleague allowed to claim, up to the company's
//! limit of private customers per agent. A manager transfers a customer to another agent; the
//! server's job drops a private customer nobody has followed up for N days into the public pool.
//! One table says which action moves which state where and who may take it.

use serde::{Deserialize, Serialize};

use crate::enums::{CUSTOMER_ACTION, CUSTOMER_POOL, CUSTOMER_STATUS};
use crate::forms::Form;
use crate::forms::{CUSTOMER_INVALIDATE, CUSTOMER_RELEASE};
use crate::listing::drop::{days_within, due_at};
use crate::org::TransitionError;

/// The dictionary key of N, the days without a follow-up after which a private customer drops.
pub const DROP_DAYS_KEY: &str = "customer.protectDays";
pub const DEFAULT_DROP_DAYS: i64 = 15;
/// The dictionary key of the most private customers one agent may hold when claiming.
pub const CLAIM_LIMIT_KEY: &str = "customer.claimLimit";
pub const DEFAULT_CLAIM_LIMIT: i64 = 50;
pub const MAX_CLAIM_LIMIT: i64 = 10_000;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "i16", try_from = "i16")]
pub enum CustomerStatus {
    Valid = 1,
    Dealt = 2,
    Invalid = 3,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "i16", try_from = "i16")]
pub enum CustomerPool {
    Private = 1,
    Public = 2,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum CustomerAction {
    Claim,
    Release,
    Transfer,
    Deal,
    Invalidate,
    Restore,
    Drop,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CustomerState {
    pub status: CustomerStatus,
    pub pool: CustomerPool,
}

/// Who asks for an action on one customer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum Actor {
    /// The server's drop job.
    System,
    Person {
        /// The customer is the caller's own (私客).
        owner: bool,
        /// The caller holds 转移 and may write this customer (a manager of its store).
        manager: bool,
        /// The caller holds 认领.
        claimer: bool,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Who {
    /// The owner or a manager.
    Keeper,
    Manager,
    Claimer,
    System,
}

struct Rule {
    action: CustomerAction,
    from: &'static [CustomerStatus],
    pool: Option<CustomerPool>,
    to_status: Option<CustomerStatus>,
    to_pool: Option<CustomerPool>,
    who: Who,
    /// The form that asks why, its reason kept in the history for whoever meets the customer next.
    reason: Option<&'static Form>,
}

use CustomerAction as A;
use CustomerPool as P;
use CustomerStatus as S;

const RULES: [Rule; 7] = [
    Rule {
        action: A::Claim,
        from: &[S::Valid],
        pool: Some(P::Public),
        to_status: None,
        to_pool: Some(P::Private),
        who: Who::Claimer,
        reason: None,
    },
    Rule {
        action: A::Release,
        from: &[S::Valid, S::Invalid],
        pool: Some(P::Private),
        to_status: None,
        to_pool: Some(P::Public),
        who: Who::Keeper,
        reason: Some(&CUSTOMER_RELEASE),
    },
    // A manager hands a customer, private or public, to an agent of their store.
    Rule {
        action: A::Transfer,
        from: &[S::Valid],
        pool: None,
        to_status: None,
        to_pool: Some(P::Private),
        who: Who::Manager,
        reason: None,
    },
    Rule {
        action: A::Deal,
        from: &[S::Valid],
        pool: Some(P::Private),
        to_status: Some(S::Dealt),
        to_pool: None,
        who: Who::Keeper,
        reason: None,
    },
    Rule {
        action: A::Invalidate,
        from: &[S::Valid],
        pool: None,
        to_status: Some(S::Invalid),
        to_pool: None,
        who: Who::Keeper,
        reason: Some(&CUSTOMER_INVALIDATE),
    },
    // An invalid customer comes back only when a manager has checked it, so that marking a
    // customer invalid cannot be used to dodge the drop rule.
    Rule {
        action: A::Restore,
        from: &[S::Invalid],
        pool: None,
        to_status: Some(S::Valid),
        to_pool: None,
        who: Who::Manager,
        reason: None,
    },
    Rule {
        action: A::Drop,
        from: &[S::Valid],
        pool: Some(P::Private),
        to_status: None,
        to_pool: Some(P::Public),
        who: Who::System,
        reason: None,
    },
];

pub const CLAIM_NOT_ALLOWED: &str = "您没有认领公客的权限";
pub const SYSTEM_ONLY: &str = "掉公由系统按跟进规则自动执行";

impl CustomerStatus {
    pub const ALL: [CustomerStatus; 3] = [S::Valid, S::Dealt, S::Invalid];

    pub fn code(self) -> i16 {
        self as i16
    }

    pub fn from_code(code: i64) -> Option<Self> {
        Self::ALL.into_iter().find(|s| i64::from(s.code()) == code)
    }

    pub fn label(self) -> &'static str {
        CUSTOMER_STATUS
            .label_of(self.code().into())
            .unwrap_or_default()
    }
}

impl From<CustomerStatus> for i16 {
    fn from(status: CustomerStatus) -> i16 {
        status.code()
    }
}

impl TryFrom<i16> for CustomerStatus {
    type Error = String;
    fn try_from(code: i16) -> Result<Self, String> {
        Self::from_code(code.into()).ok_or_else(|| format!("未知的客户状态 {code}"))
    }
}

impl CustomerPool {
    pub const ALL: [CustomerPool; 2] = [P::Private, P::Public];

    pub fn code(self) -> i16 {
        self as i16
    }

    pub fn from_code(code: i64) -> Option<Self> {
        Self::ALL.into_iter().find(|p| i64::from(p.code()) == code)
    }

    pub fn label(self) -> &'static str {
        CUSTOMER_POOL
            .label_of(self.code().into())
            .unwrap_or_default()
    }
}

impl From<CustomerPool> for i16 {
    fn from(pool: CustomerPool) -> i16 {
        pool.code()
    }
}

impl TryFrom<i16> for CustomerPool {
    type Error = String;
    fn try_from(code: i16) -> Result<Self, String> {
        Self::from_code(code.into()).ok_or_else(|| format!("未知的客户池 {code}"))
    }
}

impl CustomerAction {
    pub const ALL: [CustomerAction; 7] = [
        A::Claim,
        A::Release,
        A::Transfer,
        A::Deal,
        A::Invalidate,
        A::Restore,
        A::Drop,
    ];

    pub fn code(self) -> &'static str {
        match self {
            A::Claim => "claim",
            A::Release => "release",
            A::Transfer => "transfer",
            A::Deal => "deal",
            A::Invalidate => "invalidate",
            A::Restore => "restore",
            A::Drop => "drop",
        }
    }

    pub fn from_code(code: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|a| a.code() == code.trim())
    }

    pub fn label(self) -> &'static str {
        CUSTOMER_ACTION.label(self.code()).unwrap_or_default()
    }

    /// The form a move asks its reason with (转公客, 设为无效), or none.
    pub fn reason_form(self) -> Option<&'static Form> {
        self.rule().reason
    }

    fn rule(self) -> &'static Rule {
        RULES
            .iter()
            .find(|rule| rule.action == self)
            .unwrap_or(&RULES[0])
    }
}

impl CustomerState {
    /// `有效（私客）`: how a history line and a refusal name the state.
    pub fn label(self) -> String {
        format!("{}（{}）", self.status.label(), self.pool.label())
    }
}

/// Whether `action` may move a customer in `from`, whoever asks.
pub fn can(action: CustomerAction, from: CustomerState) -> bool {
    let rule = action.rule();
    rule.from.contains(&from.status) && rule.pool.is_none_or(|pool| pool == from.pool)
}

fn allowed(who: Who, actor: Actor) -> bool {
    match (who, actor) {
        (Who::System, Actor::System) => true,
        (Who::Keeper, Actor::Person { owner, manager, .. }) => owner || manager,
        (Who::Manager, Actor::Person { manager, .. }) => manager,
        (Who::Claimer, Actor::Person { claimer, .. }) => claimer,
        _ => false,
    }
}

/// The state after `action`, or why not: the state first (it is what changed under a stale
/// page), then who asks.
pub fn next(
    action: CustomerAction,
    from: CustomerState,
    actor: Actor,
) -> Result<CustomerState, TransitionError> {
    let rule = action.rule();
    if !can(action, from) {
        let shown = if rule.from.contains(&from.status) {
            from.pool.label()
        } else {
            from.status.label()
        };
        return Err(TransitionError::not_allowed(shown, action.label()));
    }
    if !allowed(rule.who, actor) {
        return Err(TransitionError::new(match rule.who {
            Who::Keeper => format!("只有客户的经纪人或店长可以执行「{}」", action.label()),
            Who::Manager => format!("只有店长可以执行「{}」", action.label()),
            Who::Claimer => CLAIM_NOT_ALLOWED.to_owned(),
            Who::System => SYSTEM_ONLY.to_owned(),
        }));
    }
    Ok(CustomerState {
        status: rule.to_status.unwrap_or(from.status),
        pool: rule.to_pool.unwrap_or(from.pool),
    })
}

/// The buttons a customer in `from` offers this caller, in table order (never drop: the job's).
pub fn offered_actions(from: CustomerState, actor: Actor) -> Vec<CustomerAction> {
    CustomerAction::ALL
        .into_iter()
        .filter(|action| can(*action, from) && allowed(action.rule().who, actor))
        .collect()
}

/// N from the company dictionary's text value (1 to 365 days).
pub fn drop_days(value: Option<&str>) -> i64 {
    days_within(value, DEFAULT_DROP_DAYS)
}

/// Whether the job drops this customer now: private, still valid, and quiet since
/// `last_activity_ms` (the latest follow-up, or when it came into its owner's hands) for N days.
pub fn is_due(state: CustomerState, last_activity_ms: i64, now_ms: i64, days: i64) -> bool {
    can(CustomerAction::Drop, state) && now_ms >= due_at(last_activity_ms, days)
}

const DAY_MS: i64 = 86_400_000;

/// What the detail page says about the rule: `12天后未跟进将转入公客池`.
pub fn drop_notice(
    state: CustomerState,
    last_activity_ms: i64,
    now_ms: i64,
    days: i64,
) -> Option<String> {
    if !can(CustomerAction::Drop, state) {
        return None;
    }
    let left_ms = due_at(last_activity_ms, days) - now_ms;
    if left_ms <= 0 {
        return Some("已超过跟进期限，即将转入公客池".to_owned());
    }
    let days_left = (left_ms + DAY_MS - 1) / DAY_MS;
    Some(format!("{days_left}天后未跟进将转入公客池"))
}

/// Whether a follow-up planned for `next_on` is due on `today` (both `YYYY-MM-DD`): planned for
/// today or a day already past (待跟进, the home page's reminder).
pub fn follow_up_due(next_on: Option<&str>, today: &str) -> bool {
    next_on.is_some_and(|day| !day.is_empty() && day <= today)
}

/// The most private customers one agent may hold, from the dictionary's text value.
pub fn claim_limit(value: Option<&str>) -> i64 {
    value
        .and_then(|text| text.trim().parse::<i64>().ok())
        .map_or(DEFAULT_CLAIM_LIMIT, |limit| limit.clamp(1, MAX_CLAIM_LIMIT))
}

/// A claim by an agent already holding `held` private customers, or why not.
pub fn check_claim_limit(held: u64, limit: i64) -> Result<(), TransitionError> {
    if i64::try_from(held).unwrap_or(i64::MAX) >= limit {
        return Err(TransitionError::new(format!(
            "您的私客已达上限{limit}个，请先释放或成交部分客户后再认领"
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const fn state(status: CustomerStatus, pool: CustomerPool) -> CustomerState {
        CustomerState { status, pool }
    }
    const OWNER: Actor = Actor::Person {
        owner: true,
        manager: false,
        claimer: true,
    };
    const MANAGER: Actor = Actor::Person {
        owner: false,
        manager: true,
        claimer: true,
    };
    const COLLEAGUE: Actor = Actor::Person {
        owner: false,
        manager: false,
        claimer: true,
    };
    const PRIVATE: CustomerState = state(S::Valid, P::Private);
    const PUBLIC: CustomerState = state(S::Valid, P::Public);

    #[test]
    fn codes_and_labels() {
        assert_eq!(PRIVATE.label(), "有效（私客）");
        assert_eq!(state(S::Dealt, P::Private).label(), "已成交（私客）");
        for action in CustomerAction::ALL {
            assert_eq!(CustomerAction::from_code(action.code()), Some(action));
            assert!(!action.label().is_empty(), "{action:?}");
        }
        assert_eq!(serde_json::to_string(&P::Public).unwrap(), "2");
    }

    #[test]
    fn a_colleague_claims_a_public_customer_and_it_becomes_theirs() {
        assert_eq!(next(A::Claim, PUBLIC, COLLEAGUE), Ok(PRIVATE));
        let refused = next(A::Claim, PRIVATE, COLLEAGUE).unwrap_err();
        assert_eq!(refused.message, "当前状态为「私客」，不能执行「认领」");
        let viewer = Actor::Person {
            owner: false,
            manager: false,
            claimer: false,
        };
        assert_eq!(
            next(A::Claim, PUBLIC, viewer).unwrap_err().message,
            CLAIM_NOT_ALLOWED
        );
    }

    #[test]
    fn only_a_manager_transfers_and_restores() {
        assert_eq!(next(A::Transfer, PRIVATE, MANAGER), Ok(PRIVATE));
        assert_eq!(next(A::Transfer, PUBLIC, MANAGER), Ok(PRIVATE));
        assert_eq!(
            next(A::Transfer, PRIVATE, OWNER).unwrap_err().message,
            "只有店长可以执行「转移」"
        );
        let invalid = state(S::Invalid, P::Private);
        assert_eq!(next(A::Invalidate, PRIVATE, OWNER), Ok(invalid));
        assert!(next(A::Restore, invalid, OWNER).is_err());
        assert_eq!(next(A::Restore, invalid, MANAGER), Ok(PRIVATE));
        assert_eq!(
            next(A::Release, PRIVATE, COLLEAGUE).unwrap_err().message,
            "只有客户的经纪人或店长可以执行「转公客」"
        );
    }

    #[test]
    fn only_the_job_drops() {
        assert_eq!(next(A::Drop, PRIVATE, Actor::System), Ok(PUBLIC));
        assert_eq!(
            next(A::Drop, PRIVATE, MANAGER).unwrap_err().message,
            SYSTEM_ONLY
        );
        assert_eq!(
            offered_actions(PRIVATE, OWNER),
            [A::Release, A::Deal, A::Invalidate]
        );
        assert_eq!(offered_actions(PUBLIC, COLLEAGUE), [A::Claim]);
    }

    #[test]
    fn a_quiet_private_customer_drops_after_n_days() {
        let start = 1_700_000_000_000;
        assert_eq!(drop_days(None), 15);
        assert_eq!(drop_days(Some("30")), 30);
        assert_eq!(drop_days(Some("0")), 1);
        assert!(!is_due(PRIVATE, start, start + 15 * DAY_MS - 1, 15));
        assert!(is_due(PRIVATE, start, start + 15 * DAY_MS, 15));
        assert!(!is_due(PUBLIC, start, start + 99 * DAY_MS, 15));
        // A dealt customer is nobody's to lose.
        assert!(!is_due(
            state(S::Dealt, P::Private),
            start,
            start + 99 * DAY_MS,
            15
        ));
        assert_eq!(
            drop_notice(PRIVATE, start, start + 3 * DAY_MS, 15).as_deref(),
            Some("12天后未跟进将转入公客池")
        );
        assert_eq!(
            drop_notice(PRIVATE, start, start + 16 * DAY_MS, 15).as_deref(),
            Some("已超过跟进期限，即将转入公客池")
        );
        assert_eq!(drop_notice(PUBLIC, start, start, 15), None);
    }

    #[test]
    fn a_follow_up_is_due_on_its_day_and_after() {
        assert!(follow_up_due(Some("2026-11-25"), "2026-11-25"));
        assert!(follow_up_due(Some("2026-10-31"), "2026-11-25"));
        assert!(!follow_up_due(Some("2026-11-26"), "2026-11-25"));
        assert!(!follow_up_due(None, "2026-11-25"));
        assert!(!follow_up_due(Some(""), "2026-11-25"));
    }

    #[test]
    fn the_claim_limit_counts_private_customers() {
        assert_eq!(claim_limit(None), 50);
        assert_eq!(claim_limit(Some(" 3 ")), 3);
        assert_eq!(claim_limit(Some("0")), 1);
        assert!(check_claim_limit(2, 3).is_ok());
        assert_eq!(
            check_claim_limit(3, 3).unwrap_err().message,
            "您的私客已达上限3个，请先释放或成交部分客户后再认领"
        );
    }

    #[test]
    fn releasing_and_invalidating_ask_why_and_nothing_else_does() {
        let asking: Vec<_> = CustomerAction::ALL
            .into_iter()
            .filter_map(|action| Some((action.code(), action.reason_form()?.kind)))
            .collect();
        assert_eq!(
            asking,
            [
                ("release", "customerRelease"),
                ("invalidate", "customerInvalidate")
            ]
        );
    }
}
