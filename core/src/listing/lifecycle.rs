//! The life of a listing (二手房源 and 租房): its status (§3 houseStatus) and its pool (私盘, the
//! maintainer's store; 公盘, the company's). One table serves both trades: it says which action
//! moves which state where, which reason it asks for, who may take it and, for the one rule a
//! trade has alone (重新上架: a let rental back on the market when its tenant leaves), which
//! trade; the words are the trade's ([`Trade`]). The server refuses the rest and the detail
//! page shows only the buttons [`offered_actions`] gives.
//!
//! Who: the listing's maintainer (维护人) or a manager (a holder of the listing-management action
//! who can write the listing); some actions are a manager's alone; claim is open to any
//! colleague allowed to claim; drop is the server's job only. An action may have one row per
//! group of states when who may take it depends on the state (转公盘: the keeper from 有效, a
//! manager from 封盘 or 暂缓); its rows ask the same reasons and move to the same place.

use serde::{Deserialize, Serialize};

use super::trade::Trade;
use crate::enums::{EnumTable, HOUSE_POOL};
use crate::org::TransitionError;

/// §3 houseStatus, stored as its number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "i16", try_from = "i16")]
pub enum HouseStatus {
    Valid = 1,
    Sealed = 2,
    Deferred = 3,
    Reserved = 4,
    OurDeal = 5,
    OtherDeal = 6,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "i16", try_from = "i16")]
pub enum Pool {
    Private = 1,
    Public = 2,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum HouseAction {
    Seal,
    Unseal,
    Defer,
    Resume,
    Reserve,
    CancelReserve,
    DealOurs,
    DealOthers,
    Release,
    Claim,
    Drop,
    Relist,
    /// A signed contract of ours was cancelled (解约): the listing is back on the market. The
    /// server's move, following the contract's (`docs/deals.md`).
    DealUndone,
}

/// A listing's state as the table reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ListingState {
    pub trade: Trade,
    pub status: HouseStatus,
    pub pool: Pool,
}

/// Who asks for an action on one listing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum Actor {
    /// The server's auto-drop job.
    System,
    Person {
        /// The caller maintains this listing.
        maintainer: bool,
        /// The caller holds the listing-management action and may write this listing.
        manager: bool,
        /// The caller holds the claim action.
        claimer: bool,
    },
}

/// Who a rule lets act.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Who {
    /// The maintainer or a manager.
    Keeper,
    Manager,
    /// A colleague allowed to claim (the public pool has no maintainer).
    Claimer,
    System,
}

/// Which reasons an action asks for, in the listing's trade.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Reasons {
    Seal,
    Unseal,
    Invalid,
    Release,
}

/// Where an action takes the state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Target {
    Status(HouseStatus),
    Pool(Pool),
}

struct Rule {
    action: HouseAction,
    from: &'static [HouseStatus],
    /// The pool the action needs, if it cares.
    pool: Option<Pool>,
    target: Target,
    who: Who,
    /// The reasons one of which must be given.
    reasons: Option<Reasons>,
    /// The trades the rule serves.
    trades: &'static [Trade],
}

const BOTH: &[Trade] = &[Trade::Sale, Trade::Lease];

use HouseStatus as S;

/// A listing's first history line, 录入: not a row of the table (nothing moves a listing into
/// being), but where its history starts.
pub const ENTER: &str = "enter";
pub const ENTER_LABEL: &str = "录入";

/// Where a listing entered in `trade` starts: on offer, in its keeper's private pool.
pub fn entered(trade: Trade) -> ListingState {
    ListingState {
        trade,
        status: S::Valid,
        pool: Pool::Private,
    }
}

/// Statuses of a listing still on the market: one per room and company at most.
pub const ACTIVE: [HouseStatus; 4] = [S::Valid, S::Sealed, S::Deferred, S::Reserved];

const RULES: [Rule; 17] = [
    Rule {
        action: HouseAction::Seal,
        from: &[S::Valid],
        pool: None,
        target: Target::Status(S::Sealed),
        who: Who::Keeper,
        reasons: Some(Reasons::Seal),
        trades: BOTH,
    },
    // A seal holds as a deferral does: only a manager lifts it, and says why.
    Rule {
        action: HouseAction::Unseal,
        from: &[S::Sealed],
        pool: None,
        target: Target::Status(S::Valid),
        who: Who::Manager,
        reasons: Some(Reasons::Unseal),
        trades: BOTH,
    },
    Rule {
        action: HouseAction::Defer,
        from: &[S::Valid],
        pool: None,
        target: Target::Status(S::Deferred),
        who: Who::Keeper,
        reasons: Some(Reasons::Invalid),
        trades: BOTH,
    },
    // Deferring a sealed listing would lift the seal, which only a manager may do.
    Rule {
        action: HouseAction::Defer,
        from: &[S::Sealed],
        pool: None,
        target: Target::Status(S::Deferred),
        who: Who::Manager,
        reasons: Some(Reasons::Invalid),
        trades: BOTH,
    },
    // A set-aside listing comes back only when a manager has checked it, so that parking a
    // listing cannot be used to dodge the drop rule and revive it at will.
    Rule {
        action: HouseAction::Resume,
        from: &[S::Deferred],
        pool: None,
        target: Target::Status(S::Valid),
        who: Who::Manager,
        reasons: None,
        trades: BOTH,
    },
    // 他司成交 is one click away from any keeper: a mistaken one is undone by a manager, who
    // answers for it (the history names them). A lease comes back by 重新上架 instead.
    Rule {
        action: HouseAction::Resume,
        from: &[S::OtherDeal],
        pool: None,
        target: Target::Status(S::Valid),
        who: Who::Manager,
        reasons: None,
        trades: &[Trade::Sale],
    },
    Rule {
        action: HouseAction::Reserve,
        from: &[S::Valid],
        pool: Some(Pool::Private),
        target: Target::Status(S::Reserved),
        who: Who::Keeper,
        reasons: None,
        trades: BOTH,
    },
    Rule {
        action: HouseAction::CancelReserve,
        from: &[S::Reserved],
        pool: None,
        target: Target::Status(S::Valid),
        who: Who::Keeper,
        reasons: None,
        trades: BOTH,
    },
    // Our own deal decides commissions: a manager confirms it.
    Rule {
        action: HouseAction::DealOurs,
        from: &[S::Valid, S::Reserved],
        pool: Some(Pool::Private),
        target: Target::Status(S::OurDeal),
        who: Who::Manager,
        reasons: None,
        trades: BOTH,
    },
    Rule {
        action: HouseAction::DealOthers,
        from: &[S::Valid, S::Reserved],
        pool: None,
        target: Target::Status(S::OtherDeal),
        who: Who::Keeper,
        reasons: None,
        trades: BOTH,
    },
    // Closing a listing a manager has set aside is final and lifts the hold: the manager's call.
    Rule {
        action: HouseAction::DealOthers,
        from: &[S::Sealed, S::Deferred],
        pool: None,
        target: Target::Status(S::OtherDeal),
        who: Who::Manager,
        reasons: None,
        trades: BOTH,
    },
    Rule {
        action: HouseAction::Release,
        from: &[S::Valid],
        pool: Some(Pool::Private),
        target: Target::Pool(Pool::Public),
        who: Who::Keeper,
        reasons: Some(Reasons::Release),
        trades: BOTH,
    },
    // A listing set aside on purpose goes public only when a manager says so: its keeper cannot
    // hand a paused listing to whoever claims it first.
    Rule {
        action: HouseAction::Release,
        from: &[S::Sealed, S::Deferred],
        pool: Some(Pool::Private),
        target: Target::Pool(Pool::Public),
        who: Who::Manager,
        reasons: Some(Reasons::Release),
        trades: BOTH,
    },
    Rule {
        action: HouseAction::Claim,
        from: &[S::Valid, S::Sealed, S::Deferred],
        pool: Some(Pool::Public),
        target: Target::Pool(Pool::Private),
        who: Who::Claimer,
        reasons: None,
        trades: BOTH,
    },
    // Only a listing on offer drops: a reserved one is mid-deal, a sealed or deferred one is off
    // the market on purpose (its owner paused it), so nobody else may claim it for being quiet.
    Rule {
        action: HouseAction::Drop,
        from: &[S::Valid],
        pool: Some(Pool::Private),
        target: Target::Pool(Pool::Public),
        who: Who::System,
        reasons: None,
        trades: BOTH,
    },
    // A sale is final; a lease ends, and the home is let again.
    Rule {
        action: HouseAction::Relist,
        from: &[S::OurDeal, S::OtherDeal],
        pool: None,
        target: Target::Status(S::Valid),
        who: Who::Keeper,
        reasons: None,
        trades: &[Trade::Lease],
    },
    // Our deal fell through: its contract was cancelled before any commission came in.
    Rule {
        action: HouseAction::DealUndone,
        from: &[S::OurDeal],
        pool: None,
        target: Target::Status(S::Valid),
        who: Who::System,
        reasons: None,
        trades: BOTH,
    },
];

/// `只有维护人或店长可以执行「封盘」`.
pub fn keeper_only(label: &str) -> String {
    format!("只有维护人或店长可以执行「{label}」")
}

pub fn manager_only(label: &str) -> String {
    format!("只有店长可以执行「{label}」")
}

pub const CLAIM_NOT_ALLOWED: &str = "您没有认领公盘房源的权限";
pub const SYSTEM_ONLY: &str = "掉公由系统按跟进规则自动执行";
pub const DEAL_UNDONE_SYSTEM_ONLY: &str = "成交房源在合同解约时由系统自动恢复有效";
pub const CHOOSE_REASON: &str = "请选择原因";
pub const EXPLAIN_OTHER: &str = "选择「其他」时请填写原因说明";
/// Longest reason remark.
pub const REMARK_MAX: usize = 200;
pub const REMARK_TOO_LONG: &str = "原因说明不能超过200个字符";
/// The reason code meaning 其他 in every reason table: it asks for words.
pub const OTHER_REASON: i64 = 9;

impl HouseStatus {
    pub const ALL: [HouseStatus; 6] = [
        S::Valid,
        S::Sealed,
        S::Deferred,
        S::Reserved,
        S::OurDeal,
        S::OtherDeal,
    ];

    pub fn code(self) -> i16 {
        self as i16
    }

    pub fn from_code(code: i64) -> Option<HouseStatus> {
        Self::ALL.into_iter().find(|s| i64::from(s.code()) == code)
    }

    /// `我司成交`, `我司租出`.
    pub fn label_in(self, trade: Trade) -> &'static str {
        trade
            .statuses()
            .label_of(i64::from(self.code()))
            .unwrap_or_default()
    }

    /// Still on the market (counts against one listing per room).
    pub fn is_active(self) -> bool {
        ACTIVE.contains(&self)
    }
}

impl From<HouseStatus> for i16 {
    fn from(status: HouseStatus) -> i16 {
        status.code()
    }
}

impl TryFrom<i16> for HouseStatus {
    type Error = String;
    fn try_from(code: i16) -> Result<Self, String> {
        Self::from_code(i64::from(code)).ok_or_else(|| format!("未知的房源状态 {code}"))
    }
}

impl Pool {
    pub const ALL: [Pool; 2] = [Pool::Private, Pool::Public];

    pub fn code(self) -> i16 {
        self as i16
    }

    pub fn from_code(code: i64) -> Option<Pool> {
        Self::ALL.into_iter().find(|p| i64::from(p.code()) == code)
    }

    pub fn label(self) -> &'static str {
        HOUSE_POOL
            .label_of(i64::from(self.code()))
            .unwrap_or_default()
    }
}

impl From<Pool> for i16 {
    fn from(pool: Pool) -> i16 {
        pool.code()
    }
}

impl TryFrom<i16> for Pool {
    type Error = String;
    fn try_from(code: i16) -> Result<Self, String> {
        Self::from_code(i64::from(code)).ok_or_else(|| format!("未知的房源盘别 {code}"))
    }
}

impl HouseAction {
    pub const ALL: [HouseAction; 13] = [
        HouseAction::Seal,
        HouseAction::Unseal,
        HouseAction::Defer,
        HouseAction::Resume,
        HouseAction::Reserve,
        HouseAction::CancelReserve,
        HouseAction::DealOurs,
        HouseAction::DealOthers,
        HouseAction::Release,
        HouseAction::Claim,
        HouseAction::Drop,
        HouseAction::Relist,
        HouseAction::DealUndone,
    ];

    pub fn code(self) -> &'static str {
        match self {
            HouseAction::Seal => "seal",
            HouseAction::Unseal => "unseal",
            HouseAction::Defer => "defer",
            HouseAction::Resume => "resume",
            HouseAction::Reserve => "reserve",
            HouseAction::CancelReserve => "cancelReserve",
            HouseAction::DealOurs => "dealOurs",
            HouseAction::DealOthers => "dealOthers",
            HouseAction::Release => "release",
            HouseAction::Claim => "claim",
            HouseAction::Drop => "drop",
            HouseAction::Relist => "relist",
            HouseAction::DealUndone => "dealUndone",
        }
    }

    pub fn from_code(code: &str) -> Option<HouseAction> {
        Self::ALL.into_iter().find(|a| a.code() == code.trim())
    }

    /// `我司成交`, `我司租出`.
    pub fn label_in(self, trade: Trade) -> &'static str {
        trade.actions().label(self.code()).unwrap_or_default()
    }

    /// The action's rows of the table (one, or one per group of states it starts from).
    fn rules(self) -> impl Iterator<Item = &'static Rule> {
        RULES.iter().filter(move |rule| rule.action == self)
    }

    /// The action's first row: its rows agree on reasons and target (tested).
    fn rule(self) -> &'static Rule {
        self.rules().next().unwrap_or(&RULES[0])
    }

    /// The row that moves a listing in `from`, if any.
    fn rule_from(self, from: ListingState) -> Option<&'static Rule> {
        self.rules().find(|rule| {
            rule.trades.contains(&from.trade)
                && rule.from.contains(&from.status)
                && rule.pool.is_none_or(|pool| pool == from.pool)
        })
    }

    /// The statuses the action starts from, in any pool or trade (the drop job reads only these).
    pub fn from_statuses(self) -> Vec<HouseStatus> {
        HouseStatus::ALL
            .into_iter()
            .filter(|status| self.rules().any(|rule| rule.from.contains(status)))
            .collect()
    }

    /// The reasons the action asks for in `trade` (封盘, 解封, 暂缓, 转公盘), one of which must be
    /// chosen.
    pub fn reasons(self, trade: Trade) -> Option<EnumTable> {
        self.rule().reasons.map(|reasons| match reasons {
            Reasons::Seal => trade.seal_reasons(),
            Reasons::Unseal => trade.unseal_reasons(),
            Reasons::Invalid => trade.invalid_reasons(),
            Reasons::Release => trade.release_reasons(),
        })
    }

    /// Whether the action moves the pool rather than the status.
    pub fn moves_pool(self) -> bool {
        matches!(self.rule().target, Target::Pool(_))
    }
}

impl ListingState {
    /// `有效（私盘）`: how a history line and a refusal name the state.
    pub fn label(self) -> String {
        format!(
            "{}（{}）",
            self.status.label_in(self.trade),
            self.pool.label()
        )
    }
}

/// Whether `action` may move a listing in `from`, whoever asks.
pub fn can(action: HouseAction, from: ListingState) -> bool {
    action.rule_from(from).is_some()
}

/// Whether `actor` is one the action's rule lets act.
fn allowed(who: Who, actor: Actor) -> bool {
    match (who, actor) {
        (Who::System, Actor::System) => true,
        (
            Who::Keeper,
            Actor::Person {
                maintainer,
                manager,
                ..
            },
        ) => maintainer || manager,
        (Who::Manager, Actor::Person { manager, .. }) => manager,
        (Who::Claimer, Actor::Person { claimer, .. }) => claimer,
        _ => false,
    }
}

/// The state after `action`, or why not: the state first (it is what changed under a stale
/// page), then who asks.
pub fn next(
    action: HouseAction,
    from: ListingState,
    actor: Actor,
) -> Result<ListingState, TransitionError> {
    let label = action.label_in(from.trade);
    let Some(rule) = action.rule_from(from) else {
        // The state names what stands in the way: the pool only when status and trade fit.
        let fits = action
            .rules()
            .any(|rule| rule.from.contains(&from.status) && rule.trades.contains(&from.trade));
        let shown = if fits {
            from.pool.label().to_owned()
        } else {
            from.status.label_in(from.trade).to_owned()
        };
        return Err(TransitionError::not_allowed(&shown, label));
    };
    if !allowed(rule.who, actor) {
        return Err(TransitionError::new(match rule.who {
            Who::Keeper => keeper_only(label),
            Who::Manager => manager_only(label),
            Who::Claimer => CLAIM_NOT_ALLOWED.to_owned(),
            Who::System if action == HouseAction::DealUndone => DEAL_UNDONE_SYSTEM_ONLY.to_owned(),
            Who::System => SYSTEM_ONLY.to_owned(),
        }));
    }
    Ok(match rule.target {
        Target::Status(status) => ListingState { status, ..from },
        Target::Pool(pool) => ListingState { pool, ..from },
    })
}

pub const EDIT_NOT_YOURS: &str = "只有维护人或店长可以编辑房源";

/// Why `actor` may not change a listing in `state` (its details, roles, photos), if they may:
/// its keeper or a manager, while it is on the market; a sealed or deferred one is held as its
/// moves are, so only a manager changes it then.
pub fn edit_refusal(state: ListingState, actor: Actor) -> Option<String> {
    let Actor::Person {
        maintainer,
        manager,
        ..
    } = actor
    else {
        return Some(EDIT_NOT_YOURS.to_owned());
    };
    if !state.status.is_active() {
        return Some(state.trade.closed_message().to_owned());
    }
    if !(maintainer || manager) {
        return Some(EDIT_NOT_YOURS.to_owned());
    }
    let held = matches!(state.status, S::Sealed | S::Deferred);
    (held && !manager).then(|| {
        let status = state.status.label_in(state.trade);
        format!("{status}中的房源只有店长可以编辑")
    })
}

/// What the confirm of an action that takes a listing off the market says about coming back,
/// read from the table: who may bring it back in `trade`, and by which action; none for an
/// action that leaves the listing on the market.
pub fn closing_notice(action: HouseAction, trade: Trade) -> Option<String> {
    let Target::Status(to) = action.rule().target else {
        return None;
    };
    if to.is_active() {
        return None;
    }
    let back = |who: Who| {
        RULES
            .iter()
            .find(|rule| rule.who == who && rule.from.contains(&to) && rule.trades.contains(&trade))
    };
    let line = if let Some(rule) = back(Who::Keeper) {
        format!(
            "执行后房源将下架，维护人或店长可以「{}」",
            rule.action.label_in(trade)
        )
    } else if let Some(rule) = back(Who::Manager) {
        format!(
            "执行后房源将下架，只有店长可以「{}」",
            rule.action.label_in(trade)
        )
    } else if back(Who::System).is_some() {
        "执行后房源将下架，合同解约时由系统自动恢复有效".to_owned()
    } else {
        "执行后房源将下架，且不能恢复".to_owned()
    };
    Some(line)
}

/// The buttons a listing in `from` offers this caller, in table order (never drop: the job's).
pub fn offered_actions(from: ListingState, actor: Actor) -> Vec<HouseAction> {
    HouseAction::ALL
        .into_iter()
        .filter(|action| {
            action
                .rule_from(from)
                .is_some_and(|rule| allowed(rule.who, actor))
        })
        .collect()
}

/// Checks the reason given with `action`: a code of its reason table when it has one (none
/// otherwise), words when that code is 其他, and at most [`REMARK_MAX`] characters of them.
/// Answers the remark as kept (trimmed).
pub fn check_reason(
    trade: Trade,
    action: HouseAction,
    reason: Option<i64>,
    remark: &str,
) -> Result<String, TransitionError> {
    let remark = remark.trim();
    if remark.chars().count() > REMARK_MAX {
        return Err(TransitionError::new(REMARK_TOO_LONG));
    }
    if let Some(table) = action.reasons(trade) {
        let Some(code) = reason.filter(|code| table.label_of(*code).is_some()) else {
            return Err(TransitionError::new(CHOOSE_REASON));
        };
        if code == OTHER_REASON && remark.is_empty() {
            return Err(TransitionError::new(EXPLAIN_OTHER));
        }
    }
    Ok(remark.to_owned())
}

/// The label of a reason code given with `action`, for history lines.
pub fn reason_label(trade: Trade, action: HouseAction, reason: i64) -> Option<&'static str> {
    action.reasons(trade)?.label_of(reason)
}

#[cfg(test)]
mod tests {
    use super::*;
    use HouseAction as A;

    const fn state(status: HouseStatus, pool: Pool) -> ListingState {
        ListingState {
            trade: Trade::Sale,
            status,
            pool,
        }
    }
    const fn lease(status: HouseStatus, pool: Pool) -> ListingState {
        ListingState {
            trade: Trade::Lease,
            status,
            pool,
        }
    }
    const MAINTAINER: Actor = Actor::Person {
        maintainer: true,
        manager: false,
        claimer: true,
    };
    const MANAGER: Actor = Actor::Person {
        maintainer: false,
        manager: true,
        claimer: true,
    };
    const COLLEAGUE: Actor = Actor::Person {
        maintainer: false,
        manager: false,
        claimer: true,
    };
    const VIEWER: Actor = Actor::Person {
        maintainer: false,
        manager: false,
        claimer: false,
    };
    const PRIVATE_VALID: ListingState = state(S::Valid, Pool::Private);

    #[test]
    fn codes_and_labels_are_the_specs() {
        // "House status: valid, sealed, deferred, reserved, internal deal, external deal."
        let labels: Vec<_> = HouseStatus::ALL
            .iter()
            .map(|s| s.label_in(Trade::Sale))
            .collect();
        assert_eq!(
            labels,
            ["有效", "封盘", "暂缓", "预定", "我司成交", "他司成交"]
        );
        for status in HouseStatus::ALL {
            assert_eq!(HouseStatus::from_code(status.code().into()), Some(status));
            assert_eq!(
                serde_json::to_string(&status).unwrap(),
                status.code().to_string()
            );
        }
        for action in HouseAction::ALL {
            assert_eq!(HouseAction::from_code(action.code()), Some(action));
            assert!(!action.label_in(Trade::Lease).is_empty(), "{action:?}");
            assert_eq!(
                serde_json::to_string(&action).unwrap(),
                format!("\"{}\"", action.code())
            );
        }
        assert_eq!(Pool::Public.label(), "公盘");
        assert_eq!(PRIVATE_VALID.label(), "有效（私盘）");
        assert!(HouseStatus::from_code(7).is_none());
    }

    #[test]
    fn the_maintainer_works_a_valid_private_listing() {
        assert_eq!(
            offered_actions(PRIVATE_VALID, MAINTAINER),
            [A::Seal, A::Defer, A::Reserve, A::DealOthers, A::Release]
        );
        assert_eq!(
            offered_actions(PRIVATE_VALID, MANAGER),
            [
                A::Seal,
                A::Defer,
                A::Reserve,
                A::DealOurs,
                A::DealOthers,
                A::Release
            ]
        );
        assert_eq!(offered_actions(PRIVATE_VALID, COLLEAGUE), []);
        assert_eq!(offered_actions(PRIVATE_VALID, VIEWER), []);
    }

    #[test]
    fn seal_reserve_and_deal() {
        let sealed = next(A::Seal, PRIVATE_VALID, MAINTAINER).unwrap();
        assert_eq!(sealed, state(S::Sealed, Pool::Private));
        assert_eq!(
            next(A::Reserve, sealed, MAINTAINER).unwrap_err().message,
            "当前状态为「封盘」，不能执行「预定」"
        );
        let valid = next(A::Unseal, sealed, MANAGER).unwrap();
        let reserved = next(A::Reserve, valid, MAINTAINER).unwrap();
        assert_eq!(
            next(A::DealOurs, reserved, MAINTAINER).unwrap_err().message,
            "只有店长可以执行「我司成交」"
        );
        let done = next(A::DealOurs, reserved, MANAGER).unwrap();
        assert_eq!(done, state(S::OurDeal, Pool::Private));
        assert!(!done.status.is_active());
        assert_eq!(offered_actions(done, MANAGER), []);
        assert_eq!(
            offered_actions(state(S::OtherDeal, Pool::Public), MAINTAINER),
            []
        );
    }

    #[test]
    fn a_manager_undoes_a_mistaken_other_deal() {
        for pool in Pool::ALL {
            let closed = next(A::DealOthers, state(S::Valid, pool), MANAGER).unwrap();
            assert_eq!(closed.status, S::OtherDeal);
            assert_eq!(offered_actions(closed, MAINTAINER), []);
            assert_eq!(
                next(A::Resume, closed, MAINTAINER).unwrap_err().message,
                "只有店长可以执行「恢复有效」"
            );
            assert_eq!(offered_actions(closed, MANAGER), [A::Resume]);
            assert_eq!(
                next(A::Resume, closed, MANAGER).unwrap(),
                state(S::Valid, pool)
            );
        }
        // Our own deal comes back only when its contract is cancelled.
        assert!(!can(A::Resume, state(S::OurDeal, Pool::Private)));
        // The confirm says so before it is too late.
        assert_eq!(
            closing_notice(A::DealOthers, Trade::Sale).as_deref(),
            Some("执行后房源将下架，只有店长可以「恢复有效」")
        );
        assert_eq!(
            closing_notice(A::DealOthers, Trade::Lease).as_deref(),
            Some("执行后房源将下架，维护人或店长可以「重新上架」")
        );
        assert_eq!(
            closing_notice(A::DealOurs, Trade::Sale).as_deref(),
            Some("执行后房源将下架，合同解约时由系统自动恢复有效")
        );
        assert_eq!(closing_notice(A::Reserve, Trade::Sale), None);
        assert_eq!(closing_notice(A::Release, Trade::Sale), None);
    }

    #[test]
    fn a_held_listing_is_changed_by_a_manager_only() {
        assert_eq!(edit_refusal(PRIVATE_VALID, MAINTAINER), None);
        assert_eq!(edit_refusal(PRIVATE_VALID, MANAGER), None);
        assert_eq!(
            edit_refusal(PRIVATE_VALID, COLLEAGUE).as_deref(),
            Some(EDIT_NOT_YOURS)
        );
        let sealed = state(S::Sealed, Pool::Private);
        assert_eq!(
            edit_refusal(sealed, MAINTAINER).as_deref(),
            Some("封盘中的房源只有店长可以编辑")
        );
        assert_eq!(edit_refusal(sealed, MANAGER), None);
        assert_eq!(
            edit_refusal(state(S::Deferred, Pool::Private), MAINTAINER).as_deref(),
            Some("暂缓中的房源只有店长可以编辑")
        );
        assert_eq!(
            edit_refusal(state(S::OurDeal, Pool::Private), MANAGER).as_deref(),
            Some("已成交的房源不能编辑")
        );
    }

    #[test]
    fn only_a_manager_brings_back_a_deferred_listing() {
        let deferred = next(A::Defer, PRIVATE_VALID, MAINTAINER).unwrap();
        assert_eq!(
            next(A::Resume, deferred, MAINTAINER).unwrap_err().message,
            "只有店长可以执行「恢复有效」"
        );
        assert_eq!(next(A::Resume, deferred, MANAGER).unwrap(), PRIVATE_VALID);
        assert_eq!(
            next(A::Seal, PRIVATE_VALID, COLLEAGUE).unwrap_err().message,
            "只有维护人或店长可以执行「封盘」"
        );
    }

    #[test]
    fn a_seal_holds_as_a_deferral_does() {
        // The manager seals; the agent keeping the listing may neither lift the seal (nor defer
        // it, which lifts it too) nor hand the listing to the public pool, as with a deferral.
        for trade_state in [state, lease] {
            let sealed = trade_state(S::Sealed, Pool::Private);
            let deferred = trade_state(S::Deferred, Pool::Private);
            assert_eq!(offered_actions(sealed, MAINTAINER), []);
            assert_eq!(offered_actions(deferred, MAINTAINER), []);
            assert_eq!(
                offered_actions(sealed, MANAGER),
                [A::Unseal, A::Defer, A::DealOthers, A::Release]
            );
            assert_eq!(
                offered_actions(deferred, MANAGER),
                [A::Resume, A::DealOthers, A::Release]
            );
            for (action, from) in [
                (A::Unseal, sealed),
                (A::Defer, sealed),
                (A::DealOthers, sealed),
                (A::Release, sealed),
                (A::DealOthers, deferred),
                (A::Resume, deferred),
                (A::Release, deferred),
            ] {
                let label = action.label_in(from.trade);
                assert_eq!(
                    next(action, from, MAINTAINER).unwrap_err().message,
                    format!("只有店长可以执行「{label}」")
                );
                assert!(next(action, from, MANAGER).is_ok(), "{action:?} {from:?}");
                assert_eq!(
                    next(action, from, COLLEAGUE).unwrap_err().message,
                    manager_only(label)
                );
            }
            // From 有效 the keeper still gives a listing up.
            let valid = trade_state(S::Valid, Pool::Private);
            assert_eq!(
                next(A::Release, valid, MAINTAINER).unwrap(),
                trade_state(S::Valid, Pool::Public)
            );
            assert_eq!(
                next(A::Release, valid, COLLEAGUE).unwrap_err().message,
                keeper_only("转公盘")
            );
            // A public listing is not released whoever asks: the pool stands in the way.
            assert_eq!(
                next(A::Release, trade_state(S::Sealed, Pool::Public), MANAGER)
                    .unwrap_err()
                    .message,
                "当前状态为「公盘」，不能执行「转公盘」"
            );
        }
    }

    #[test]
    fn only_a_listing_on_offer_drops() {
        for status in HouseStatus::ALL {
            assert_eq!(
                can(A::Drop, state(status, Pool::Private)),
                status == S::Valid,
                "{status:?}"
            );
        }
        assert_eq!(A::Drop.from_statuses(), [S::Valid]);
        assert_eq!(
            A::Release.from_statuses(),
            [S::Valid, S::Sealed, S::Deferred]
        );
        assert_eq!(
            next(A::Drop, state(S::Sealed, Pool::Private), Actor::System)
                .unwrap_err()
                .message,
            "当前状态为「封盘」，不能执行「掉公」"
        );
    }

    #[test]
    fn pools_release_claim_and_drop() {
        let public = next(A::Release, PRIVATE_VALID, MAINTAINER).unwrap();
        assert_eq!(public, state(S::Valid, Pool::Public));
        assert_eq!(offered_actions(public, COLLEAGUE), [A::Claim]);
        assert_eq!(
            next(A::Claim, public, VIEWER).unwrap_err().message,
            CLAIM_NOT_ALLOWED
        );
        assert_eq!(next(A::Claim, public, COLLEAGUE).unwrap(), PRIVATE_VALID);
        // The loser of a race reads the pool the winner left.
        assert_eq!(
            next(A::Claim, PRIVATE_VALID, COLLEAGUE)
                .unwrap_err()
                .message,
            "当前状态为「私盘」，不能执行「认领」"
        );
        assert_eq!(next(A::Drop, PRIVATE_VALID, Actor::System).unwrap(), public);
        assert_eq!(
            next(A::Drop, PRIVATE_VALID, MANAGER).unwrap_err().message,
            SYSTEM_ONLY
        );
        let reserved = state(S::Reserved, Pool::Private);
        assert!(!can(A::Drop, reserved), "a reserved listing is mid-deal");
        assert!(!offered_actions(PRIVATE_VALID, MANAGER).contains(&A::Drop));
        // A public listing has no maintainer: a manager still tends it.
        assert_eq!(
            offered_actions(public, MANAGER),
            [A::Seal, A::Defer, A::DealOthers, A::Claim]
        );
    }

    #[test]
    fn seal_and_defer_ask_for_a_reason() {
        let sale = Trade::Sale;
        assert_eq!(
            A::Seal.reasons(sale).map(|t| t.name),
            Some("houseSealReason")
        );
        assert_eq!(
            A::Defer.reasons(sale).map(|t| t.name),
            Some("houseInvalidReason")
        );
        assert_eq!(
            A::Defer.reasons(Trade::Lease).map(|t| t.name),
            Some("rentalInvalidReason")
        );
        assert_eq!(
            A::Unseal.reasons(sale).map(|t| t.name),
            Some("houseUnsealReason")
        );
        assert_eq!(
            A::Unseal.reasons(Trade::Lease).map(|t| t.name),
            Some("rentalUnsealReason")
        );
        for trade in Trade::ALL {
            assert_eq!(
                A::Release.reasons(trade).map(|t| t.name),
                Some("houseReleaseReason")
            );
        }
        // 认领 keeps its plain confirm.
        assert!(A::Claim.reasons(sale).is_none());
        assert!(A::Reserve.reasons(sale).is_none());
        assert_eq!(
            check_reason(sale, A::Release, None, "")
                .unwrap_err()
                .message,
            CHOOSE_REASON
        );
        assert_eq!(check_reason(sale, A::Unseal, Some(1), "").unwrap(), "");
        // An action's rows agree on what they ask and where they go.
        for action in HouseAction::ALL {
            let first = action.rule();
            for rule in action.rules() {
                assert_eq!(rule.reasons, first.reasons, "{action:?}");
                assert_eq!(rule.target, first.target, "{action:?}");
            }
        }
        assert_eq!(
            check_reason(sale, A::Seal, None, "").unwrap_err().message,
            CHOOSE_REASON
        );
        assert_eq!(
            check_reason(sale, A::Seal, Some(42), "")
                .unwrap_err()
                .message,
            CHOOSE_REASON
        );
        assert_eq!(
            check_reason(sale, A::Seal, Some(2), " 独家 ").unwrap(),
            "独家"
        );
        assert_eq!(
            check_reason(sale, A::Defer, Some(OTHER_REASON), " ")
                .unwrap_err()
                .message,
            EXPLAIN_OTHER
        );
        assert_eq!(
            check_reason(sale, A::Unseal, None, &"长".repeat(201))
                .unwrap_err()
                .message,
            REMARK_TOO_LONG
        );
        assert_eq!(reason_label(sale, A::Defer, 2), Some("联系不上业主"));
        // Every reason table keeps 其他 at the code that asks for words.
        for action in HouseAction::ALL {
            for trade in Trade::ALL {
                if let Some(table) = action.reasons(trade) {
                    assert_eq!(table.label_of(OTHER_REASON), Some("其他"), "{}", table.name);
                }
            }
        }
    }

    #[test]
    fn the_whole_table_by_status() {
        // Every (status, pool) × action the table allows to the strongest person asking.
        let everyone = Actor::Person {
            maintainer: true,
            manager: true,
            claimer: true,
        };
        let private = |status| offered_actions(state(status, Pool::Private), everyone);
        assert_eq!(
            private(S::Sealed),
            [A::Unseal, A::Defer, A::DealOthers, A::Release]
        );
        assert_eq!(private(S::Deferred), [A::Resume, A::DealOthers, A::Release]);
        assert_eq!(
            private(S::Reserved),
            [A::CancelReserve, A::DealOurs, A::DealOthers]
        );
        let public = |status| offered_actions(state(status, Pool::Public), everyone);
        assert_eq!(
            public(S::Sealed),
            [A::Unseal, A::Defer, A::DealOthers, A::Claim]
        );
        assert_eq!(public(S::Deferred), [A::Resume, A::DealOthers, A::Claim]);
        for action in HouseAction::ALL {
            assert!(action.moves_pool() == matches!(action, A::Release | A::Claim | A::Drop));
        }
    }

    #[test]
    fn a_let_rental_comes_back_and_a_sold_house_does_not() {
        let let_out = lease(S::OurDeal, Pool::Private);
        assert_eq!(offered_actions(let_out, MAINTAINER), [A::Relist]);
        assert_eq!(offered_actions(let_out, VIEWER), []);
        assert_eq!(
            next(A::Relist, let_out, MAINTAINER).unwrap(),
            lease(S::Valid, Pool::Private)
        );
        assert_eq!(
            next(A::Relist, let_out, COLLEAGUE).unwrap_err().message,
            "只有维护人或店长可以执行「重新上架」"
        );
        assert_eq!(
            offered_actions(state(S::OurDeal, Pool::Private), MAINTAINER),
            []
        );
        assert_eq!(
            next(A::Relist, state(S::OurDeal, Pool::Private), MANAGER)
                .unwrap_err()
                .message,
            "当前状态为「我司成交」，不能执行「重新上架」"
        );
        // The rental's words in refusals and history.
        assert_eq!(
            next(A::Reserve, lease(S::OtherDeal, Pool::Public), MANAGER)
                .unwrap_err()
                .message,
            "当前状态为「他司租出」，不能执行「预定」"
        );
        assert_eq!(
            next(A::DealOurs, lease(S::Valid, Pool::Private), MAINTAINER)
                .unwrap_err()
                .message,
            "只有店长可以执行「我司租出」"
        );
        assert_eq!(let_out.label(), "我司租出（私盘）");
        // Otherwise the lease follows the sale's table move for move.
        let everyone = Actor::Person {
            maintainer: true,
            manager: true,
            claimer: true,
        };
        for status in HouseStatus::ALL {
            for pool in Pool::ALL {
                let mut sold: Vec<_> = offered_actions(state(status, pool), everyone);
                // A let rental comes back by 重新上架, not by a sale's 恢复有效.
                sold.retain(|action| status.is_active() || *action != A::Resume);
                if !status.is_active() {
                    sold.push(A::Relist);
                }
                assert_eq!(offered_actions(lease(status, pool), everyone), sold);
            }
        }
    }

    #[test]
    fn a_cancelled_contract_puts_its_listing_back_on_the_market() {
        for dealt in [
            state(S::OurDeal, Pool::Private),
            lease(S::OurDeal, Pool::Private),
        ] {
            assert_eq!(
                next(A::DealUndone, dealt, Actor::System).unwrap().status,
                S::Valid
            );
            assert_eq!(
                next(A::DealUndone, dealt, MANAGER).unwrap_err().message,
                DEAL_UNDONE_SYSTEM_ONLY
            );
            assert!(!offered_actions(dealt, MANAGER).contains(&A::DealUndone));
        }
        assert!(!can(A::DealUndone, state(S::OtherDeal, Pool::Private)));
        assert_eq!(A::DealUndone.label_in(Trade::Sale), "合同解约");
    }
}
