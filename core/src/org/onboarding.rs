//! Employee onboarding (办理入职): a manager starts it for a new hire, the hire's details are
//! filled and submitted, an approver accepts or rejects. The transition table below is the one
//! the server enforces and the SPA reads its buttons from.

use serde::{Deserialize, Serialize};

use super::TransitionError;
use super::staff_status::StaffAction;
use crate::enums::{EnumEntry, EnumTable, EnumValue};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum OnboardingStatus {
    #[serde(rename = "DRAFT")]
    Draft,
    #[serde(rename = "SUBMITTED")]
    Submitted,
    #[serde(rename = "APPROVED")]
    Approved,
    #[serde(rename = "REJECTED")]
    Rejected,
    #[serde(rename = "CANCELLED")]
    Cancelled,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum OnboardingAction {
    /// Opens the record (it starts in DRAFT); the history shows it first, no button offers it.
    Start,
    Save,
    Submit,
    Approve,
    Reject,
    Cancel,
}

pub const ONBOARDING_STATUS: EnumTable = EnumTable {
    name: "onboardingStatus",
    entries: &[
        entry("DRAFT", "待完善"),
        entry("SUBMITTED", "待审批"),
        entry("APPROVED", "已入职"),
        entry("REJECTED", "已驳回"),
        entry("CANCELLED", "已取消"),
    ],
};

pub const ONBOARDING_ACTION: EnumTable = EnumTable {
    name: "onboardingAction",
    entries: &[
        entry("start", "发起入职"),
        entry("save", "保存"),
        entry("submit", "提交审批"),
        entry("approve", "通过"),
        entry("reject", "驳回"),
        entry("cancel", "取消入职"),
    ],
};

const fn entry(code: &'static str, label: &'static str) -> EnumEntry {
    EnumEntry {
        value: EnumValue::Code(code),
        label,
    }
}

/// Whoever sent an onboarding for approval does not approve it (separation of duties).
pub const OWN_SUBMISSION: &str = "不能审批自己提交的入职申请，请由其他审批人处理";

use OnboardingAction as A;
use OnboardingStatus as S;

/// `(action, from, to)`: every allowed move; nothing leaves APPROVED or CANCELLED.
const TABLE: [(OnboardingAction, OnboardingStatus, OnboardingStatus); 9] = [
    (A::Save, S::Draft, S::Draft),
    (A::Save, S::Rejected, S::Rejected),
    (A::Submit, S::Draft, S::Submitted),
    (A::Submit, S::Rejected, S::Submitted),
    (A::Approve, S::Submitted, S::Approved),
    (A::Reject, S::Submitted, S::Rejected),
    (A::Cancel, S::Draft, S::Cancelled),
    (A::Cancel, S::Submitted, S::Cancelled),
    (A::Cancel, S::Rejected, S::Cancelled),
];

impl OnboardingStatus {
    pub const ALL: [OnboardingStatus; 5] = [
        S::Draft,
        S::Submitted,
        S::Approved,
        S::Rejected,
        S::Cancelled,
    ];

    pub fn code(self) -> &'static str {
        match self {
            S::Draft => "DRAFT",
            S::Submitted => "SUBMITTED",
            S::Approved => "APPROVED",
            S::Rejected => "REJECTED",
            S::Cancelled => "CANCELLED",
        }
    }

    pub fn from_code(code: &str) -> Option<OnboardingStatus> {
        Self::ALL
            .into_iter()
            .find(|status| status.code() == code.trim())
    }

    pub fn label(self) -> &'static str {
        ONBOARDING_STATUS.label(self.code()).unwrap_or_default()
    }
}

impl OnboardingAction {
    pub const ALL: [OnboardingAction; 6] = [
        A::Start,
        A::Save,
        A::Submit,
        A::Approve,
        A::Reject,
        A::Cancel,
    ];

    pub fn code(self) -> &'static str {
        match self {
            A::Start => "start",
            A::Save => "save",
            A::Submit => "submit",
            A::Approve => "approve",
            A::Reject => "reject",
            A::Cancel => "cancel",
        }
    }

    pub fn from_code(code: &str) -> Option<OnboardingAction> {
        Self::ALL
            .into_iter()
            .find(|action| action.code() == code.trim())
    }

    pub fn label(self) -> &'static str {
        ONBOARDING_ACTION.label(self.code()).unwrap_or_default()
    }

    /// Whether only an approver (the `/enrollment` page's `approve` action) may take it.
    pub fn needs_approver(self) -> bool {
        matches!(self, A::Approve | A::Reject)
    }

    /// What the action does to the hire's staff record. Only approval moves it: a cancelled
    /// hire stays PENDING, never staff (no 离职 record that 复职 could wake without approval).
    pub fn staff_effect(self) -> Option<StaffAction> {
        match self {
            A::Approve => Some(StaffAction::Onboard),
            _ => None,
        }
    }
}

pub fn can(action: OnboardingAction, from: OnboardingStatus) -> bool {
    TABLE.iter().any(|(a, f, _)| *a == action && *f == from)
}

/// The status `action` leads to from `from`, or the message saying why not.
pub fn next(
    action: OnboardingAction,
    from: OnboardingStatus,
) -> Result<OnboardingStatus, TransitionError> {
    TABLE
        .iter()
        .find(|(a, f, _)| *a == action && *f == from)
        .map(|(_, _, to)| *to)
        .ok_or_else(|| TransitionError::not_allowed(from.label(), action.label()))
}

/// The buttons an enrollment in `from` offers, in table order.
pub fn available_actions(from: OnboardingStatus) -> Vec<OnboardingAction> {
    OnboardingAction::ALL
        .into_iter()
        .filter(|action| can(*action, from))
        .collect()
}

/// The buttons an onboarding in `from` offers one caller: 通过 and 驳回 only to an approver, and
/// 通过 not to the one who sent it for approval (the server refuses it with [`OWN_SUBMISSION`]).
/// Their own 驳回 stays: it is how a submitter takes back a record to correct it, where 取消入职
/// would end the whole onboarding.
pub fn offered_actions(
    from: OnboardingStatus,
    approver: bool,
    submitted_it: bool,
) -> Vec<OnboardingAction> {
    available_actions(from)
        .into_iter()
        .filter(|action| approver || !action.needs_approver())
        .filter(|action| !(submitted_it && *action == A::Approve))
        .collect()
}

/// The question 通过 asks: it promises a login only to a hire who has a role (without one the
/// login is refused).
pub fn approve_confirm(real_name: &str, working_status_label: &str, has_role: bool) -> String {
    let after = if has_role {
        "通过后即可登录系统。"
    } else {
        "该员工未分配角色，通过后仍无法登录系统，请先在员工资料中分配角色。"
    };
    format!("确认{real_name}入职为「{working_status_label}」？{after}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_an_approver_is_offered_the_decision_and_never_their_own_approval() {
        let both = vec![A::Approve, A::Reject];
        let decided = |actions: Vec<OnboardingAction>| {
            actions
                .into_iter()
                .filter(|a| a.needs_approver())
                .collect::<Vec<_>>()
        };
        assert_eq!(decided(offered_actions(S::Submitted, true, false)), both);
        assert_eq!(
            decided(offered_actions(S::Submitted, true, true)),
            [A::Reject]
        );
        assert_eq!(decided(offered_actions(S::Submitted, false, false)), []);
        assert!(offered_actions(S::Submitted, true, true).contains(&A::Cancel));
    }

    #[test]
    fn approval_promises_a_login_only_with_a_role() {
        assert_eq!(
            approve_confirm("林新人", "正式", true),
            "确认林新人入职为「正式」？通过后即可登录系统。"
        );
        let without = approve_confirm("林新人", "正式", false);
        assert!(without.contains("未分配角色") && !without.contains("即可登录"));
    }

    #[test]
    fn the_happy_path_and_a_rejection() {
        assert_eq!(next(A::Save, S::Draft), Ok(S::Draft));
        assert_eq!(next(A::Submit, S::Draft), Ok(S::Submitted));
        assert_eq!(next(A::Reject, S::Submitted), Ok(S::Rejected));
        assert_eq!(next(A::Save, S::Rejected), Ok(S::Rejected));
        assert_eq!(next(A::Submit, S::Rejected), Ok(S::Submitted));
        assert_eq!(next(A::Approve, S::Submitted), Ok(S::Approved));
        assert_eq!(A::Approve.staff_effect(), Some(StaffAction::Onboard));
        assert_eq!(A::Cancel.staff_effect(), None);
        assert_eq!(A::Submit.staff_effect(), None);
    }

    #[test]
    fn finished_enrollments_accept_nothing() {
        for status in [S::Approved, S::Cancelled] {
            assert!(available_actions(status).is_empty(), "{status:?}");
        }
        assert_eq!(
            next(A::Approve, S::Draft).unwrap_err().message,
            "当前状态为「待完善」，不能执行「通过」"
        );
        assert_eq!(
            next(A::Save, S::Approved).unwrap_err().message,
            "当前状态为「已入职」，不能执行「保存」"
        );
    }

    #[test]
    fn buttons_per_status() {
        assert_eq!(available_actions(S::Draft), [A::Save, A::Submit, A::Cancel]);
        assert_eq!(
            available_actions(S::Submitted),
            [A::Approve, A::Reject, A::Cancel]
        );
        assert_eq!(
            available_actions(S::Rejected),
            [A::Save, A::Submit, A::Cancel]
        );
        assert!(A::Approve.needs_approver() && A::Reject.needs_approver());
        assert!(!A::Submit.needs_approver());
    }

    #[test]
    fn codes_and_labels() {
        for status in OnboardingStatus::ALL {
            assert_eq!(OnboardingStatus::from_code(status.code()), Some(status));
            assert_eq!(
                serde_json::to_string(&status).unwrap(),
                format!("\"{}\"", status.code())
            );
        }
        for action in OnboardingAction::ALL {
            assert_eq!(OnboardingAction::from_code(action.code()), Some(action));
            assert_eq!(
                serde_json::to_string(&action).unwrap(),
                format!("\"{}\"", action.code())
            );
        }
        assert_eq!(S::Submitted.label(), "待审批");
        assert_eq!(A::Cancel.label(), "取消入职");
        assert_eq!(A::Start.label(), "发起入职");
        assert!(S::ALL.into_iter().all(|s| !can(A::Start, s)));
    }
}
