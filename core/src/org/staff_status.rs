//! Staff working status and locking: the transition table (spec §3 workingStatus "plus
//! locked"). Onboarding moves a hire out of PENDING; leaving and locking are reversible admin
//! actions. The server refuses anything this table does not allow; the SPA shows only the
//! actions [`available_actions`] lists.

use serde::{Deserialize, Serialize};

use super::TransitionError;
use crate::enums::{EnumEntry, EnumTable, EnumValue, WORKING_STATUS};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum WorkingStatus {
    #[serde(rename = "PENDING")]
    Pending,
    #[serde(rename = "INCUMBENCY_FORMAL")]
    Formal,
    #[serde(rename = "PART_TIME")]
    PartTime,
    #[serde(rename = "LEAVE")]
    Leave,
    #[serde(rename = "INCUMBENCY_INTERNSHIP")]
    Internship,
}

/// The status code a history entry shows for a locked account.
pub const LOCKED: &str = "LOCKED";

/// The three statuses of someone at work.
pub const WORKING: [WorkingStatus; 3] = [
    WorkingStatus::Formal,
    WorkingStatus::PartTime,
    WorkingStatus::Internship,
];

impl WorkingStatus {
    pub const ALL: [WorkingStatus; 5] = [
        WorkingStatus::Pending,
        WorkingStatus::Formal,
        WorkingStatus::PartTime,
        WorkingStatus::Leave,
        WorkingStatus::Internship,
    ];

    pub fn code(self) -> &'static str {
        match self {
            WorkingStatus::Pending => "PENDING",
            WorkingStatus::Formal => "INCUMBENCY_FORMAL",
            WorkingStatus::PartTime => "PART_TIME",
            WorkingStatus::Leave => "LEAVE",
            WorkingStatus::Internship => "INCUMBENCY_INTERNSHIP",
        }
    }

    pub fn from_code(code: &str) -> Option<WorkingStatus> {
        WorkingStatus::ALL
            .into_iter()
            .find(|status| status.code() == code.trim())
    }

    pub fn label(self) -> &'static str {
        WORKING_STATUS.label(self.code()).unwrap_or_default()
    }

    pub fn is_working(self) -> bool {
        WORKING.contains(&self)
    }

    /// Whether someone in this status may log in (locking is checked apart).
    pub fn may_log_in(self) -> bool {
        self.is_working()
    }
}

/// A staff member's status as the table sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StaffState {
    pub working_status: WorkingStatus,
    pub locked: bool,
}

impl StaffState {
    /// The code a status history shows: `LOCKED` for a locked account, else the status.
    pub fn code(self) -> &'static str {
        if self.locked {
            LOCKED
        } else {
            self.working_status.code()
        }
    }

    pub fn label(self) -> &'static str {
        WORKING_STATUS.label(self.code()).unwrap_or_default()
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum StaffAction {
    /// Between the three working statuses.
    Adjust,
    Leave,
    Restore,
    Lock,
    Unlock,
    /// PENDING → a working status; only an approved onboarding does it. A cancelled onboarding
    /// leaves its hire PENDING for good: never staff, never able to log in, and nothing but
    /// another approved onboarding could make them work.
    Onboard,
}

/// The `staffAction` labels.
pub const STAFF_ACTION: EnumTable = EnumTable {
    name: "staffAction",
    entries: &[
        entry("adjust", "调整状态"),
        entry("leave", "离职"),
        entry("restore", "复职"),
        entry("lock", "锁定"),
        entry("unlock", "解锁"),
        entry("onboard", "入职"),
    ],
};

const fn entry(code: &'static str, label: &'static str) -> EnumEntry {
    EnumEntry {
        value: EnumValue::Code(code),
        label,
    }
}

/// Where an action takes the working status.
enum Target {
    /// Always this status.
    Fixed(WorkingStatus),
    /// One of the working statuses, chosen by the caller; `default` when none is chosen.
    Chosen { default: Option<WorkingStatus> },
    /// The status stays; the lock flag becomes this.
    Lock(bool),
}

struct Rule {
    action: StaffAction,
    from: &'static [WorkingStatus],
    /// The lock flag the action needs, if it cares.
    locked: Option<bool>,
    target: Target,
}

/// The table: which action moves which status to which.
const RULES: [Rule; 6] = [
    Rule {
        action: StaffAction::Adjust,
        from: &WORKING,
        locked: None,
        target: Target::Chosen { default: None },
    },
    Rule {
        action: StaffAction::Leave,
        from: &WORKING,
        locked: None,
        target: Target::Fixed(WorkingStatus::Leave),
    },
    Rule {
        action: StaffAction::Restore,
        from: &[WorkingStatus::Leave],
        locked: None,
        target: Target::Chosen {
            default: Some(WorkingStatus::Formal),
        },
    },
    Rule {
        action: StaffAction::Lock,
        from: &WORKING,
        locked: Some(false),
        target: Target::Lock(true),
    },
    Rule {
        action: StaffAction::Unlock,
        from: &WorkingStatus::ALL,
        locked: Some(true),
        target: Target::Lock(false),
    },
    Rule {
        action: StaffAction::Onboard,
        from: &[WorkingStatus::Pending],
        locked: None,
        target: Target::Chosen {
            default: Some(WorkingStatus::Formal),
        },
    },
];

pub const CHOOSE_STATUS: &str = "请选择调整后的状态";
pub const NOT_A_WORKING_STATUS: &str = "只能调整为正式、兼职或实习";
pub const SAME_STATUS: &str = "调整后的状态不能与当前状态相同";

impl StaffAction {
    pub const ALL: [StaffAction; 6] = [
        StaffAction::Adjust,
        StaffAction::Leave,
        StaffAction::Restore,
        StaffAction::Lock,
        StaffAction::Unlock,
        StaffAction::Onboard,
    ];

    pub fn code(self) -> &'static str {
        match self {
            StaffAction::Adjust => "adjust",
            StaffAction::Leave => "leave",
            StaffAction::Restore => "restore",
            StaffAction::Lock => "lock",
            StaffAction::Unlock => "unlock",
            StaffAction::Onboard => "onboard",
        }
    }

    pub fn from_code(code: &str) -> Option<StaffAction> {
        StaffAction::ALL
            .into_iter()
            .find(|action| action.code() == code.trim())
    }

    pub fn label(self) -> &'static str {
        STAFF_ACTION.label(self.code()).unwrap_or_default()
    }

    /// Whether the staff screens offer it; onboarding happens through an approved enrollment.
    pub fn is_direct(self) -> bool {
        self != StaffAction::Onboard
    }

    /// Whether the action ends the person's sessions at once.
    pub fn ends_sessions(self) -> bool {
        matches!(self, StaffAction::Leave | StaffAction::Lock)
    }

    fn rule(self) -> &'static Rule {
        RULES
            .iter()
            .find(|rule| rule.action == self)
            .unwrap_or(&RULES[0])
    }
}

/// Whether `action` is allowed from `from` (before any target is chosen).
pub fn can(action: StaffAction, from: StaffState) -> bool {
    let rule = action.rule();
    rule.from.contains(&from.working_status) && rule.locked.is_none_or(|l| l == from.locked)
}

/// The actions the staff screens may offer in this state.
pub fn available_actions(from: StaffState) -> Vec<StaffAction> {
    StaffAction::ALL
        .into_iter()
        .filter(|action| action.is_direct() && can(*action, from))
        .collect()
}

/// The state after `action`; `target` is the working status chosen where the action asks for
/// one (adjust, restore, onboard).
pub fn next(
    action: StaffAction,
    from: StaffState,
    target: Option<WorkingStatus>,
) -> Result<StaffState, TransitionError> {
    if !can(action, from) {
        return Err(TransitionError::not_allowed(from.label(), action.label()));
    }
    match action.rule().target {
        Target::Fixed(status) => Ok(StaffState {
            working_status: status,
            locked: from.locked,
        }),
        Target::Lock(locked) => Ok(StaffState {
            working_status: from.working_status,
            locked,
        }),
        Target::Chosen { default } => {
            let status = target
                .or(default)
                .ok_or_else(|| TransitionError::new(CHOOSE_STATUS))?;
            if !status.is_working() {
                return Err(TransitionError::new(NOT_A_WORKING_STATUS));
            }
            if status == from.working_status {
                return Err(TransitionError::new(SAME_STATUS));
            }
            Ok(StaffState {
                working_status: status,
                locked: from.locked,
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use WorkingStatus::*;

    fn state(working_status: WorkingStatus, locked: bool) -> StaffState {
        StaffState {
            working_status,
            locked,
        }
    }

    #[test]
    fn codes_are_the_specs_working_statuses() {
        // "workingStatus: PENDING, INCUMBENCY_FORMAL, PART_TIME, LEAVE, INCUMBENCY_INTERNSHIP, plus locked."
        let codes: Vec<&str> = WorkingStatus::ALL.iter().map(|s| s.code()).collect();
        assert_eq!(
            codes,
            [
                "PENDING",
                "INCUMBENCY_FORMAL",
                "PART_TIME",
                "LEAVE",
                "INCUMBENCY_INTERNSHIP"
            ]
        );
        assert_eq!(Leave.label(), "离职");
        assert_eq!(state(Formal, true).code(), "LOCKED");
        assert_eq!(state(Formal, true).label(), "已锁定");
        for action in StaffAction::ALL {
            assert_eq!(StaffAction::from_code(action.code()), Some(action));
            assert!(!action.label().is_empty());
        }
    }

    #[test]
    fn leaving_and_coming_back() {
        let left = next(StaffAction::Leave, state(PartTime, false), None).unwrap();
        assert_eq!(left, state(Leave, false));
        let back = next(StaffAction::Restore, left, None).unwrap();
        assert_eq!(back, state(Formal, false), "restore defaults to 正式");
        let back = next(StaffAction::Restore, left, Some(Internship)).unwrap();
        assert_eq!(back.working_status, Internship);
        assert_eq!(
            next(StaffAction::Restore, left, Some(Pending))
                .unwrap_err()
                .message,
            NOT_A_WORKING_STATUS
        );
        assert_eq!(
            next(StaffAction::Leave, left, None).unwrap_err().message,
            "当前状态为「离职」，不能执行「离职」"
        );
    }

    #[test]
    fn locking_is_a_reversible_flag() {
        let locked = next(StaffAction::Lock, state(Formal, false), None).unwrap();
        assert_eq!(locked, state(Formal, true));
        assert_eq!(
            next(StaffAction::Lock, locked, None).unwrap_err().message,
            "当前状态为「已锁定」，不能执行「锁定」"
        );
        assert_eq!(
            next(StaffAction::Unlock, locked, None).unwrap(),
            state(Formal, false)
        );
        assert!(!can(StaffAction::Unlock, state(Formal, false)));
        assert_eq!(
            next(StaffAction::Lock, state(Leave, false), None)
                .unwrap_err()
                .message,
            "当前状态为「离职」，不能执行「锁定」"
        );
    }

    #[test]
    fn adjusting_needs_a_different_working_status() {
        assert_eq!(
            next(StaffAction::Adjust, state(Internship, false), Some(Formal)).unwrap(),
            state(Formal, false)
        );
        assert_eq!(
            next(StaffAction::Adjust, state(Formal, false), None)
                .unwrap_err()
                .message,
            CHOOSE_STATUS
        );
        assert_eq!(
            next(StaffAction::Adjust, state(Formal, false), Some(Formal))
                .unwrap_err()
                .message,
            SAME_STATUS
        );
        assert!(!can(StaffAction::Adjust, state(Pending, false)));
    }

    #[test]
    fn only_onboarding_leaves_pending() {
        let hire = state(Pending, false);
        assert_eq!(available_actions(hire), []);
        assert_eq!(
            next(StaffAction::Onboard, hire, Some(PartTime)).unwrap(),
            state(PartTime, false)
        );
        assert!(!can(StaffAction::Onboard, state(Formal, false)));
        for action in StaffAction::ALL {
            if action != StaffAction::Onboard {
                assert!(!can(action, hire), "{action:?} must not move a hire");
            }
        }
    }

    #[test]
    fn the_screens_offer_what_the_table_allows() {
        assert_eq!(
            available_actions(state(Formal, false)),
            [StaffAction::Adjust, StaffAction::Leave, StaffAction::Lock]
        );
        assert_eq!(
            available_actions(state(Formal, true)),
            [StaffAction::Adjust, StaffAction::Leave, StaffAction::Unlock]
        );
        assert_eq!(
            available_actions(state(Leave, false)),
            [StaffAction::Restore]
        );
        assert!(StaffAction::Leave.ends_sessions() && StaffAction::Lock.ends_sessions());
        assert!(!StaffAction::Unlock.ends_sessions());
    }
}
