//! A lead's life: the pool (待分配) holds it until a manager assigns it or an agent claims it;
//! its agent follows it (跟进中) until it becomes a customer (已转客户) or proves worthless
//! (无效, with a reason); a manager restores an invalid lead to the pool. One table says which
//! action moves which status where and who may take it; the server refuses the rest and the
//! pool page shows only the buttons [`offered_actions`] gives.

use serde::{Deserialize, Serialize};

use crate::enums::{CLUE_ACTION, CLUE_STATUS, EnumTable, INVALID_REASON};
use crate::org::TransitionError;
use crate::org::fields::FieldError;

/// §-less (our design, docs/leads.md), stored as its number: core `clueStatus`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "i16", try_from = "i16")]
pub enum LeadStatus {
    /// In the pool: nobody's yet.
    Unassigned = 1,
    /// An agent's to follow.
    Following = 2,
    /// Became a customer (final).
    Converted = 3,
    Invalid = 4,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum LeadAction {
    Assign,
    Claim,
    Release,
    Invalidate,
    Restore,
    Convert,
}

/// Who asks for an action on one lead.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Actor {
    /// The lead is theirs to follow.
    pub owner: bool,
    /// Holds 分配 and may write the lead (a store manager for their store's, a general manager
    /// for the company's).
    pub manager: bool,
    /// Holds 认领.
    pub claimer: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Who {
    /// The lead's agent or a manager.
    Keeper,
    Manager,
    Claimer,
}

struct Rule {
    action: LeadAction,
    from: &'static [LeadStatus],
    to: LeadStatus,
    who: Who,
    /// The reasons it asks for, one of which must be chosen.
    reasons: Option<EnumTable>,
}

use LeadAction as A;
use LeadStatus as S;

/// The lead table: every move there is.
const RULES: [Rule; 6] = [
    Rule {
        action: A::Assign,
        from: &[S::Unassigned, S::Following],
        to: S::Following,
        who: Who::Manager,
        reasons: None,
    },
    Rule {
        action: A::Claim,
        from: &[S::Unassigned],
        to: S::Following,
        who: Who::Claimer,
        reasons: None,
    },
    Rule {
        action: A::Release,
        from: &[S::Following],
        to: S::Unassigned,
        who: Who::Keeper,
        reasons: None,
    },
    Rule {
        action: A::Invalidate,
        from: &[S::Unassigned, S::Following],
        to: S::Invalid,
        who: Who::Keeper,
        reasons: Some(INVALID_REASON),
    },
    Rule {
        action: A::Restore,
        from: &[S::Invalid],
        to: S::Unassigned,
        who: Who::Manager,
        reasons: None,
    },
    Rule {
        action: A::Convert,
        from: &[S::Following],
        to: S::Converted,
        who: Who::Keeper,
        reasons: None,
    },
];

pub const CLAIM_NOT_ALLOWED: &str = "您没有认领线索的权限";
pub const CHOOSE_REASON: &str = "请选择无效原因";
pub const EXPLAIN_OTHER: &str = "选择「其他」时请填写原因说明";
pub const REMARK_MAX: usize = 200;
pub const REMARK_TOO_LONG: &str = "原因说明不能超过200个字符";
/// 其他 in `invalidReason`: it asks for words.
pub const OTHER_REASON: i64 = 7;

pub fn keeper_only(action: LeadAction) -> String {
    format!("只有跟进人或店长可以执行「{}」", action.label())
}

pub fn manager_only(action: LeadAction) -> String {
    format!("只有店长可以执行「{}」", action.label())
}

impl LeadStatus {
    pub const ALL: [LeadStatus; 4] = [S::Unassigned, S::Following, S::Converted, S::Invalid];

    pub fn code(self) -> i16 {
        self as i16
    }

    pub fn from_code(code: i64) -> Option<LeadStatus> {
        Self::ALL.into_iter().find(|s| i64::from(s.code()) == code)
    }

    pub fn label(self) -> &'static str {
        CLUE_STATUS
            .label_of(i64::from(self.code()))
            .unwrap_or_default()
    }
}

impl From<LeadStatus> for i16 {
    fn from(status: LeadStatus) -> i16 {
        status.code()
    }
}

impl TryFrom<i16> for LeadStatus {
    type Error = String;
    fn try_from(code: i16) -> Result<Self, String> {
        Self::from_code(i64::from(code)).ok_or_else(|| format!("未知的线索状态 {code}"))
    }
}

impl LeadAction {
    pub const ALL: [LeadAction; 6] = [
        A::Assign,
        A::Claim,
        A::Release,
        A::Invalidate,
        A::Restore,
        A::Convert,
    ];

    pub fn code(self) -> &'static str {
        match self {
            A::Assign => "assign",
            A::Claim => "claim",
            A::Release => "release",
            A::Invalidate => "invalidate",
            A::Restore => "restore",
            A::Convert => "convert",
        }
    }

    pub fn from_code(code: &str) -> Option<LeadAction> {
        Self::ALL.into_iter().find(|a| a.code() == code.trim())
    }

    pub fn label(self) -> &'static str {
        CLUE_ACTION.label(self.code()).unwrap_or_default()
    }

    fn rule(self) -> &'static Rule {
        RULES
            .iter()
            .find(|rule| rule.action == self)
            .unwrap_or(&RULES[0])
    }

    /// The reasons the action asks for (标记无效), one of which must be chosen.
    pub fn reasons(self) -> Option<EnumTable> {
        self.rule().reasons
    }
}

fn allowed(who: Who, actor: Actor) -> bool {
    match who {
        Who::Keeper => actor.owner || actor.manager,
        Who::Manager => actor.manager,
        Who::Claimer => actor.claimer,
    }
}

/// Whether `action` may move a lead in `from`, whoever asks.
pub fn can(action: LeadAction, from: LeadStatus) -> bool {
    action.rule().from.contains(&from)
}

/// The status after `action`, or why not: the status first (it is what changed under a stale
/// page), then who asks.
pub fn next(
    action: LeadAction,
    from: LeadStatus,
    actor: Actor,
) -> Result<LeadStatus, TransitionError> {
    let rule = action.rule();
    if !can(action, from) {
        return Err(TransitionError::not_allowed(from.label(), action.label()));
    }
    if !allowed(rule.who, actor) {
        return Err(TransitionError::new(match rule.who {
            Who::Keeper => keeper_only(action),
            Who::Manager => manager_only(action),
            Who::Claimer => CLAIM_NOT_ALLOWED.to_owned(),
        }));
    }
    Ok(rule.to)
}

/// The buttons a lead in `from` offers this caller, in table order.
pub fn offered_actions(from: LeadStatus, actor: Actor) -> Vec<LeadAction> {
    LeadAction::ALL
        .into_iter()
        .filter(|action| can(*action, from) && allowed(action.rule().who, actor))
        .collect()
}

/// Checks the reason given with `action`: a code of its reason table when it has one, words
/// when that code is 其他, at most [`REMARK_MAX`] characters of them. Answers the remark
/// trimmed, or the fault on its field (`reason` or `remark`), for the dialog to show beside it.
pub fn check_reason(
    action: LeadAction,
    reason: Option<i64>,
    remark: &str,
) -> Result<String, FieldError> {
    let remark = remark.trim();
    if remark.chars().count() > REMARK_MAX {
        return Err(FieldError::new("remark", REMARK_TOO_LONG));
    }
    if let Some(table) = action.reasons() {
        let Some(code) = reason.filter(|code| table.label_of(*code).is_some()) else {
            return Err(FieldError::new("reason", CHOOSE_REASON));
        };
        if code == OTHER_REASON && remark.is_empty() {
            return Err(FieldError::new("remark", EXPLAIN_OTHER));
        }
    }
    Ok(remark.to_owned())
}

/// How a history line says why: the reason's label, and the words after it.
pub fn reason_text(action: LeadAction, reason: Option<i64>, remark: &str) -> String {
    match reason.and_then(|code| action.reasons()?.label_of(code)) {
        Some(label) if remark.is_empty() => label.to_owned(),
        Some(label) => format!("{label}：{remark}"),
        None => remark.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const AGENT: Actor = Actor {
        owner: true,
        manager: false,
        claimer: true,
    };
    const MANAGER: Actor = Actor {
        owner: false,
        manager: true,
        claimer: true,
    };
    const COLLEAGUE: Actor = Actor {
        owner: false,
        manager: false,
        claimer: true,
    };
    const VIEWER: Actor = Actor {
        owner: false,
        manager: false,
        claimer: false,
    };

    #[test]
    fn codes_and_labels() {
        let labels: Vec<_> = LeadStatus::ALL.iter().map(|s| s.label()).collect();
        assert_eq!(labels, ["待分配", "跟进中", "已转客户", "无效"]);
        for status in LeadStatus::ALL {
            assert_eq!(LeadStatus::from_code(status.code().into()), Some(status));
            assert_eq!(
                serde_json::to_string(&status).unwrap(),
                status.code().to_string()
            );
        }
        for action in LeadAction::ALL {
            assert_eq!(LeadAction::from_code(action.code()), Some(action));
            assert!(!action.label().is_empty(), "{action:?}");
        }
        assert_eq!(A::Invalidate.label(), "标记无效");
        assert!(LeadStatus::from_code(5).is_none());
    }

    #[test]
    fn the_whole_table() {
        let everyone = Actor {
            owner: true,
            manager: true,
            claimer: true,
        };
        let offered = |status| offered_actions(status, everyone);
        assert_eq!(offered(S::Unassigned), [A::Assign, A::Claim, A::Invalidate]);
        assert_eq!(
            offered(S::Following),
            [A::Assign, A::Release, A::Invalidate, A::Convert]
        );
        assert_eq!(offered(S::Invalid), [A::Restore]);
        assert_eq!(offered(S::Converted), [], "a customer now: final");
    }

    #[test]
    fn who_may_take_each_move() {
        assert_eq!(offered_actions(S::Unassigned, COLLEAGUE), [A::Claim]);
        assert_eq!(offered_actions(S::Unassigned, VIEWER), []);
        assert_eq!(
            offered_actions(S::Following, AGENT),
            [A::Release, A::Invalidate, A::Convert]
        );
        assert_eq!(offered_actions(S::Following, COLLEAGUE), []);
        assert_eq!(
            next(A::Claim, S::Unassigned, COLLEAGUE).unwrap(),
            S::Following
        );
        assert_eq!(
            next(A::Claim, S::Unassigned, VIEWER).unwrap_err().message,
            CLAIM_NOT_ALLOWED
        );
        // The loser of a race reads the status the winner left.
        assert_eq!(
            next(A::Claim, S::Following, COLLEAGUE).unwrap_err().message,
            "当前状态为「跟进中」，不能执行「认领」"
        );
        assert_eq!(
            next(A::Assign, S::Unassigned, AGENT).unwrap_err().message,
            "只有店长可以执行「分配」"
        );
        assert_eq!(
            next(A::Convert, S::Following, COLLEAGUE)
                .unwrap_err()
                .message,
            "只有跟进人或店长可以执行「转为客户」"
        );
        assert_eq!(
            next(A::Restore, S::Invalid, AGENT).unwrap_err().message,
            "只有店长可以执行「恢复」"
        );
        assert_eq!(
            next(A::Restore, S::Invalid, MANAGER).unwrap(),
            S::Unassigned
        );
        assert_eq!(
            next(A::Invalidate, S::Converted, MANAGER)
                .unwrap_err()
                .message,
            "当前状态为「已转客户」，不能执行「标记无效」"
        );
    }

    #[test]
    fn marking_invalid_asks_for_a_reason() {
        assert_eq!(
            A::Invalidate.reasons().map(|t| t.name),
            Some("invalidReason")
        );
        assert!(A::Claim.reasons().is_none());
        assert_eq!(
            check_reason(A::Invalidate, None, "").unwrap_err(),
            FieldError::new("reason", CHOOSE_REASON),
            "on the field that is wrong"
        );
        assert_eq!(
            check_reason(A::Invalidate, Some(42), "")
                .unwrap_err()
                .message,
            CHOOSE_REASON
        );
        assert_eq!(
            check_reason(A::Invalidate, Some(OTHER_REASON), " ").unwrap_err(),
            FieldError::new("remark", EXPLAIN_OTHER)
        );
        assert_eq!(
            check_reason(A::Invalidate, Some(1), " 停机 ").unwrap(),
            "停机"
        );
        assert_eq!(
            check_reason(A::Release, None, &"长".repeat(201))
                .unwrap_err()
                .message,
            REMARK_TOO_LONG
        );
        assert_eq!(INVALID_REASON.label_of(OTHER_REASON), Some("其他"));
        assert_eq!(reason_text(A::Invalidate, Some(1), ""), "空号/停机");
        assert_eq!(
            reason_text(A::Invalidate, Some(7), "同行试探"),
            "其他：同行试探"
        );
        assert_eq!(reason_text(A::Release, None, "换人跟"), "换人跟");
    }
}
