//! 新房报备 (a customer reported to a distributed new-home project): its status (§3 report
//! status) and the one table that says which action moves which status where and who may take
//! it; the phone rule of the project (全号 or 隐号报备) and the key duplicates are found by; the
//! protection period that makes the first valid report win; the visit window after which an
//! approved report expires by itself. Times are epoch milliseconds given by the caller: core
//! has no clock. Design: `docs/deals.md`.

use serde::{Deserialize, Serialize};

use crate::enums::{REPORT_ACTION, REPORT_STATUS};
use crate::format::{MaskLevel, mask_phone};
use crate::org::TransitionError;
use crate::validate;

/// §3 report status, stored as its number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "i16", try_from = "i16")]
pub enum ReportStatus {
    /// 待审核: reported, the project side has not answered.
    Pending = 1,
    /// 审核通过: accepted; the customer must visit within the window.
    Approved = 2,
    /// 审核失败: refused by the project side (a reason is kept).
    Failed = 3,
    /// 有效客户: the visit is confirmed; a deal may be declared on it.
    Valid = 4,
    /// 无效客户: the window passed without a visit, or the project side found it invalid.
    Invalid = 5,
    /// 已关闭: withdrawn by the reporting side.
    Closed = 6,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum ReportAction {
    Approve,
    Reject,
    Visit,
    Invalidate,
    Close,
    Expire,
}

/// Who asks for an action on one report.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum Actor {
    /// The server's expiry job.
    System,
    Person {
        /// The reporting agent, or a manager of theirs holding the report page's 关闭.
        reporter: bool,
        /// The project side: city operations of the project's city holding 审核 / 确认到访.
        reviewer: bool,
        /// Holds 确认到访 (the project side confirming the visit).
        visit_confirmer: bool,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Who {
    Reviewer,
    VisitConfirmer,
    Reporter,
    System,
}

struct Rule {
    action: ReportAction,
    from: &'static [ReportStatus],
    to: ReportStatus,
    who: Who,
    /// Words the action must come with (a refusal says why).
    needs_reason: bool,
}

use ReportStatus as S;

/// Statuses in which a report keeps its customer for its agent (see [`protects`]).
pub const PROTECTING: [ReportStatus; 3] = [S::Pending, S::Approved, S::Valid];

/// Statuses in which a report waits for the project side's next step: 审核 (待审核) or 确认到访
/// (审核通过). 报备审核 opens on them, so an approved report stays in view for its visit.
pub const AWAITING_PROJECT_SIDE: [ReportStatus; 2] = [S::Pending, S::Approved];

const RULES: [Rule; 6] = [
    Rule {
        action: ReportAction::Approve,
        from: &[S::Pending],
        to: S::Approved,
        who: Who::Reviewer,
        needs_reason: false,
    },
    Rule {
        action: ReportAction::Reject,
        from: &[S::Pending],
        to: S::Failed,
        who: Who::Reviewer,
        needs_reason: true,
    },
    // The visit is confirmed by the project side, who met the customer on site.
    Rule {
        action: ReportAction::Visit,
        from: &[S::Approved],
        to: S::Valid,
        who: Who::VisitConfirmer,
        needs_reason: false,
    },
    // The project side may find an accepted customer invalid (already theirs, a peer, a wrong
    // number) before or after the visit.
    Rule {
        action: ReportAction::Invalidate,
        from: &[S::Approved, S::Valid],
        to: S::Invalid,
        who: Who::Reviewer,
        needs_reason: true,
    },
    Rule {
        action: ReportAction::Close,
        from: &[S::Pending, S::Approved, S::Valid],
        to: S::Closed,
        who: Who::Reporter,
        needs_reason: false,
    },
    // The window passed without a confirmed visit.
    Rule {
        action: ReportAction::Expire,
        from: &[S::Approved],
        to: S::Invalid,
        who: Who::System,
        needs_reason: false,
    },
];

pub const REVIEWER_ONLY: &str = "只有项目方（城市运营）可以审核报备";
pub const VISIT_CONFIRMER_ONLY: &str = "只有项目方（城市运营）可以确认到访";
pub const REPORTER_ONLY: &str = "只有报备人或其店长可以关闭报备";
pub const SYSTEM_ONLY: &str = "报备过期由系统按到访有效期自动执行";
pub const GIVE_REASON: &str = "请填写原因";
pub const REASON_MAX: usize = 200;
pub const REASON_TOO_LONG: &str = "原因不能超过200个字符";
/// A visit confirmed after the window: the report is about to expire, not to become valid.
pub const WINDOW_PASSED: &str = "已超过到访有效期，不能确认到访";

impl ReportStatus {
    pub const ALL: [ReportStatus; 6] = [
        S::Pending,
        S::Approved,
        S::Failed,
        S::Valid,
        S::Invalid,
        S::Closed,
    ];

    pub fn code(self) -> i16 {
        self as i16
    }

    pub fn from_code(code: i64) -> Option<ReportStatus> {
        Self::ALL.into_iter().find(|s| i64::from(s.code()) == code)
    }

    pub fn label(self) -> &'static str {
        REPORT_STATUS
            .label_of(i64::from(self.code()))
            .unwrap_or_default()
    }
}

impl From<ReportStatus> for i16 {
    fn from(status: ReportStatus) -> i16 {
        status.code()
    }
}

impl TryFrom<i16> for ReportStatus {
    type Error = String;
    fn try_from(code: i16) -> Result<Self, String> {
        Self::from_code(i64::from(code)).ok_or_else(|| format!("未知的报备状态 {code}"))
    }
}

impl ReportAction {
    pub const ALL: [ReportAction; 6] = [
        ReportAction::Approve,
        ReportAction::Reject,
        ReportAction::Visit,
        ReportAction::Invalidate,
        ReportAction::Close,
        ReportAction::Expire,
    ];

    pub fn code(self) -> &'static str {
        match self {
            ReportAction::Approve => "approve",
            ReportAction::Reject => "reject",
            ReportAction::Visit => "visit",
            ReportAction::Invalidate => "invalidate",
            ReportAction::Close => "close",
            ReportAction::Expire => "expire",
        }
    }

    pub fn from_code(code: &str) -> Option<ReportAction> {
        Self::ALL.into_iter().find(|a| a.code() == code.trim())
    }

    pub fn label(self) -> &'static str {
        REPORT_ACTION.label(self.code()).unwrap_or_default()
    }

    fn rule(self) -> &'static Rule {
        RULES
            .iter()
            .find(|rule| rule.action == self)
            .unwrap_or(&RULES[0])
    }

    /// Whether the action must come with a reason (审核失败, 无效客户).
    pub fn needs_reason(self) -> bool {
        self.rule().needs_reason
    }

    /// What the page tells the person who took the action, naming where the report stands now.
    pub fn done_message(self) -> &'static str {
        match self {
            ReportAction::Approve => "审核通过，客户到访后请确认到访",
            ReportAction::Reject => "已审核失败",
            ReportAction::Visit => "已确认到访，客户为有效客户",
            ReportAction::Invalidate => "已标记为无效客户",
            ReportAction::Close => "报备已关闭",
            ReportAction::Expire => "报备已过期失效",
        }
    }
}

/// Whether `action` may move a report in `from`, whoever asks.
pub fn can(action: ReportAction, from: ReportStatus) -> bool {
    action.rule().from.contains(&from)
}

fn refusal(who: Who) -> &'static str {
    match who {
        Who::Reviewer => REVIEWER_ONLY,
        Who::VisitConfirmer => VISIT_CONFIRMER_ONLY,
        Who::Reporter => REPORTER_ONLY,
        Who::System => SYSTEM_ONLY,
    }
}

fn allowed(who: Who, actor: Actor) -> bool {
    match (who, actor) {
        (Who::System, Actor::System) => true,
        (Who::Reviewer, Actor::Person { reviewer, .. }) => reviewer,
        (
            Who::VisitConfirmer,
            Actor::Person {
                visit_confirmer, ..
            },
        ) => visit_confirmer,
        (Who::Reporter, Actor::Person { reporter, .. }) => reporter,
        _ => false,
    }
}

/// The status after `action`, or why not: the status first (it is what changed under a stale
/// page), then who asks.
pub fn next(
    action: ReportAction,
    from: ReportStatus,
    actor: Actor,
) -> Result<ReportStatus, TransitionError> {
    let rule = action.rule();
    if !can(action, from) {
        return Err(TransitionError::not_allowed(from.label(), action.label()));
    }
    if !allowed(rule.who, actor) {
        return Err(TransitionError::new(refusal(rule.who)));
    }
    Ok(rule.to)
}

/// The buttons a report's page offers `actor` (the system's action is never a button).
pub fn offered_actions(from: ReportStatus, actor: Actor) -> Vec<ReportAction> {
    RULES
        .iter()
        .filter(|rule| rule.who != Who::System)
        .filter(|rule| rule.from.contains(&from) && allowed(rule.who, actor))
        .map(|rule| rule.action)
        .collect()
}

/// Whether a deal may be declared on a report: its customer visited (有效客户) and no deal
/// declared on it yet (one deal per report).
pub fn declarable(status: ReportStatus, has_deal: bool) -> bool {
    status == S::Valid && !has_deal
}

/// The reason as kept: required (and at most [`REASON_MAX`] characters) where the action asks
/// for one, trimmed.
pub fn check_reason(action: ReportAction, reason: &str) -> Result<String, TransitionError> {
    let reason = reason.trim();
    if action.needs_reason() && reason.is_empty() {
        return Err(TransitionError::new(GIVE_REASON));
    }
    if reason.chars().count() > REASON_MAX {
        return Err(TransitionError::new(REASON_TOO_LONG));
    }
    Ok(reason.to_owned())
}

/// How a project takes reports: the customer's whole mobile, or only its first three and last
/// four digits (隐号报备, so the agent's customer is not handed over before the visit).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "i16", try_from = "i16")]
pub enum PhoneMode {
    Full = 1,
    Masked = 2,
}

impl PhoneMode {
    pub fn code(self) -> i16 {
        self as i16
    }

    pub fn from_code(code: i64) -> Option<PhoneMode> {
        [PhoneMode::Full, PhoneMode::Masked]
            .into_iter()
            .find(|m| i64::from(m.code()) == code)
    }
}

impl From<PhoneMode> for i16 {
    fn from(mode: PhoneMode) -> i16 {
        mode.code()
    }
}

impl TryFrom<i16> for PhoneMode {
    type Error = String;
    fn try_from(code: i16) -> Result<Self, String> {
        Self::from_code(i64::from(code)).ok_or_else(|| format!("未知的报备号码规则 {code}"))
    }
}

pub const PHONE_FULL: &str = "该楼盘需全号报备，请输入11位手机号码";
pub const PHONE_MASKED: &str = "该楼盘为隐号报备，请输入前三后四位（如138****5678）";

/// The phone as kept for a project of `mode`, by core's phone rules: a whole mobile (core's
/// `mobile` rule), or for a 隐号 project a masked one (core's `tel2` rule with exactly the middle
/// four hidden, `138****5678`); a whole number given to a 隐号 project is masked here by core's
/// masking (the middle level, as customers' phones are masked), so it is never kept whole. The
/// spaces of the product's display format (`138 1234 5678`) are dropped.
pub fn check_phone(mode: PhoneMode, phone: &str) -> Result<String, String> {
    let phone: String = phone.chars().filter(|c| !c.is_whitespace()).collect();
    if phone.is_empty() {
        return Err(validate::Rule::Mobile.required_message().to_owned());
    }
    let whole = validate::Rule::Mobile.accepts(&phone);
    match mode {
        PhoneMode::Full if whole => Ok(phone),
        PhoneMode::Full => Err(PHONE_FULL.to_owned()),
        PhoneMode::Masked if whole => Ok(mask_phone(&phone, MaskLevel::Middle)),
        PhoneMode::Masked => {
            // Masked: core's masking of a whole mobile with these first three and last four.
            let shaped = validate::Rule::Tel2.accepts(&phone) && {
                let whole = format!("{}0000{}", &phone[..3], &phone[7..]);
                validate::Rule::Mobile.accepts(&whole)
                    && mask_phone(&whole, MaskLevel::Middle) == phone
            };
            if shaped {
                Ok(phone)
            } else {
                Err(PHONE_MASKED.to_owned())
            }
        }
    }
}

/// What duplicates are found by: the first three and last four digits, so a masked report and a
/// full one of the same customer meet.
pub fn phone_key(phone: &str) -> String {
    if phone.len() == 11 && phone.is_ascii() {
        format!("{}****{}", &phone[..3], &phone[7..])
    } else {
        phone.to_owned()
    }
}

/// Days a project keeps a customer for the first agent who reported them, and days an approved
/// report has to bring the customer on site, unless the project says otherwise.
pub const DEFAULT_PROTECTION_DAYS: i64 = 30;
pub const DEFAULT_VISIT_DAYS: i64 = 7;
/// Bounds of both settings.
pub const DAYS_MIN: i64 = 1;
pub const DAYS_MAX: i64 = 365;
const DAY_MS: i64 = 86_400_000;

/// Whether a report made at `reported_at` still keeps its customer at `now`: while it is
/// pending, approved or a valid customer, for `protection_days` days from the report. A later
/// report of the same phone on the same project is refused meanwhile; a failed, invalid or
/// closed report frees the customer at once.
pub fn protects(status: ReportStatus, reported_at: i64, protection_days: i64, now: i64) -> bool {
    PROTECTING.contains(&status) && now < reported_at.saturating_add(protection_days * DAY_MS)
}

/// The last moment a visit may be confirmed for a report approved at `approved_at`.
pub fn visit_deadline(approved_at: i64, visit_days: i64) -> i64 {
    approved_at.saturating_add(visit_days * DAY_MS)
}

/// Whether the visit window of an approved report has passed at `now` (the expiry job's test).
pub fn window_passed(deadline: i64, now: i64) -> bool {
    now > deadline
}

/// `该客户已被报备（报备人张三，保护期至2026-12-01），不能重复报备`.
pub fn duplicate_message(reporter: &str, protected_until: &str) -> String {
    format!("该客户已被报备（报备人{reporter}，保护期至{protected_until}），不能重复报备")
}

#[cfg(test)]
mod tests {
    use super::*;

    const REVIEWER: Actor = Actor::Person {
        reporter: false,
        reviewer: true,
        visit_confirmer: true,
    };
    const REPORTER: Actor = Actor::Person {
        reporter: true,
        reviewer: false,
        visit_confirmer: false,
    };

    /// The whole table: every action from every status, for the actor its rule names.
    #[test]
    fn the_transition_table() {
        use ReportAction as A;
        let expected: &[(A, ReportStatus, ReportStatus, Actor)] = &[
            (A::Approve, S::Pending, S::Approved, REVIEWER),
            (A::Reject, S::Pending, S::Failed, REVIEWER),
            (A::Visit, S::Approved, S::Valid, REVIEWER),
            (A::Invalidate, S::Approved, S::Invalid, REVIEWER),
            (A::Invalidate, S::Valid, S::Invalid, REVIEWER),
            (A::Close, S::Pending, S::Closed, REPORTER),
            (A::Close, S::Approved, S::Closed, REPORTER),
            (A::Close, S::Valid, S::Closed, REPORTER),
            (A::Expire, S::Approved, S::Invalid, Actor::System),
        ];
        for action in A::ALL {
            for from in ReportStatus::ALL {
                let allowed = expected
                    .iter()
                    .find(|(a, f, _, _)| *a == action && *f == from);
                match allowed {
                    Some((_, _, to, actor)) => {
                        assert_eq!(next(action, from, *actor), Ok(*to), "{action:?} {from:?}")
                    }
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
    }

    /// 报备审核's default view holds exactly the statuses in which the project side has its next
    /// step (审核通过 or 确认到访), so approving a report leaves it in view for its visit.
    #[test]
    fn the_project_side_waits_on_pending_and_approved_reports() {
        use ReportAction as A;
        let forward = [A::Approve, A::Visit];
        for from in ReportStatus::ALL {
            let next_step = offered_actions(from, REVIEWER)
                .into_iter()
                .any(|action| forward.contains(&action));
            assert_eq!(AWAITING_PROJECT_SIDE.contains(&from), next_step, "{from:?}");
        }
        assert_eq!(next(A::Approve, S::Pending, REVIEWER), Ok(S::Approved));
        assert!(AWAITING_PROJECT_SIDE.contains(&S::Approved));
    }

    #[test]
    fn every_person_action_says_what_it_did() {
        assert_eq!(
            ReportAction::Approve.done_message(),
            "审核通过，客户到访后请确认到访"
        );
        assert_eq!(
            ReportAction::Visit.done_message(),
            "已确认到访，客户为有效客户"
        );
        for action in ReportAction::ALL {
            assert!(!action.done_message().is_empty(), "{action:?}");
        }
    }

    #[test]
    fn each_side_takes_only_its_own_actions() {
        use ReportAction as A;
        assert_eq!(
            next(A::Approve, S::Pending, REPORTER).unwrap_err().message,
            REVIEWER_ONLY
        );
        assert_eq!(
            next(A::Close, S::Pending, REVIEWER).unwrap_err().message,
            REPORTER_ONLY
        );
        assert_eq!(
            next(A::Expire, S::Approved, REVIEWER).unwrap_err().message,
            SYSTEM_ONLY
        );
        assert_eq!(
            next(A::Approve, S::Pending, Actor::System)
                .unwrap_err()
                .message,
            REVIEWER_ONLY
        );
        assert_eq!(
            offered_actions(S::Pending, REVIEWER),
            [A::Approve, A::Reject]
        );
        assert_eq!(offered_actions(S::Approved, REPORTER), [A::Close]);
        assert_eq!(
            offered_actions(S::Approved, REVIEWER),
            [A::Visit, A::Invalidate]
        );
        assert!(offered_actions(S::Failed, REVIEWER).is_empty());
    }

    #[test]
    fn a_refusal_or_an_invalid_customer_says_why() {
        assert_eq!(
            check_reason(ReportAction::Reject, "  "),
            Err(TransitionError::new(GIVE_REASON))
        );
        assert_eq!(
            check_reason(ReportAction::Reject, " 客户已在案场登记 ").unwrap(),
            "客户已在案场登记"
        );
        assert_eq!(check_reason(ReportAction::Approve, "").unwrap(), "");
        assert_eq!(
            check_reason(ReportAction::Invalidate, &"字".repeat(201)),
            Err(TransitionError::new(REASON_TOO_LONG))
        );
    }

    #[test]
    fn the_phone_follows_the_project_rule() {
        assert_eq!(
            check_phone(PhoneMode::Full, "138 0013 8000").unwrap(),
            "13800138000"
        );
        assert_eq!(
            check_phone(PhoneMode::Full, "138****8000").unwrap_err(),
            PHONE_FULL
        );
        assert_eq!(
            check_phone(PhoneMode::Full, "").unwrap_err(),
            "请输入手机号码"
        );
        assert_eq!(
            check_phone(PhoneMode::Masked, "138****8000").unwrap(),
            "138****8000"
        );
        // A whole number given to a 隐号 project is kept masked.
        assert_eq!(
            check_phone(PhoneMode::Masked, "13800138000").unwrap(),
            "138****8000"
        );
        for bad in [
            "138***8000",
            "1380***8000",
            "238****8000",
            "13a****8000",
            "1**********",
            "1*38**8000*",
        ] {
            assert_eq!(
                check_phone(PhoneMode::Masked, bad).unwrap_err(),
                PHONE_MASKED
            );
        }
        assert_eq!(phone_key("13800138000"), phone_key("138****8000"));
    }

    #[test]
    fn the_first_report_keeps_its_customer_for_the_protection_period() {
        let at = 1_700_000_000_000;
        assert!(protects(S::Pending, at, 30, at + 29 * DAY_MS));
        assert!(protects(S::Valid, at, 30, at + 30 * DAY_MS - 1));
        assert!(!protects(S::Valid, at, 30, at + 30 * DAY_MS));
        for freed in [S::Failed, S::Invalid, S::Closed] {
            assert!(!protects(freed, at, 30, at + 1));
        }
    }

    #[test]
    fn an_approved_report_expires_after_its_visit_window() {
        let approved = 1_700_000_000_000;
        let deadline = visit_deadline(approved, 7);
        assert_eq!(deadline, approved + 7 * DAY_MS);
        assert!(!window_passed(deadline, deadline));
        assert!(window_passed(deadline, deadline + 1));
    }
}
