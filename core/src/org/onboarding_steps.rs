//! Where an onboarding stands on the step bar of the 办理入职 pages, by its status: 发起入职 is
//! done once it exists; DRAFT and REJECTED are being filled in (完善资料); SUBMITTED waits for
//! 审批; APPROVED is 完成. A CANCELLED one stopped while its details were open. Which actions a
//! status allows is the transition table's (`onboarding`), not this bar's.

use serde::Serialize;

use super::onboarding::OnboardingStatus;

/// The step titles, in order.
pub const STEPS: [&str; 4] = ["发起入职", "完善资料", "审批", "完成"];

/// Which page of an onboarding opens for its status.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum StepPage {
    /// The hire's details form.
    Info,
    /// The read-only review with the approver's actions.
    Review,
}

/// The step bar's position (1-based: the step in progress) and the page that opens.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct OnboardingStep {
    pub step: u8,
    pub page: StepPage,
}

/// The step of an onboarding in `status`; an unknown status stands at the first step.
pub fn step_of(status: Option<OnboardingStatus>) -> OnboardingStep {
    use OnboardingStatus as S;
    let (step, page) = match status {
        Some(S::Draft | S::Rejected) => (2, StepPage::Info),
        Some(S::Cancelled) => (2, StepPage::Review),
        Some(S::Submitted) => (3, StepPage::Review),
        Some(S::Approved) => (4, StepPage::Review),
        None => (1, StepPage::Review),
    };
    OnboardingStep { step, page }
}

#[cfg(test)]
mod tests {
    use super::*;
    use OnboardingStatus as S;

    fn at(status: S) -> (u8, StepPage) {
        let step = step_of(Some(status));
        (step.step, step.page)
    }

    #[test]
    fn details_are_filled_while_draft_or_rejected() {
        assert_eq!(at(S::Draft), (2, StepPage::Info));
        assert_eq!(at(S::Rejected), (2, StepPage::Info));
    }

    #[test]
    fn submitted_waits_for_approval_and_approved_is_done() {
        assert_eq!(at(S::Submitted), (3, StepPage::Review));
        assert_eq!(at(S::Approved), (4, StepPage::Review));
        assert_eq!(STEPS[usize::from(at(S::Approved).0) - 1], "完成");
    }

    #[test]
    fn a_cancelled_one_is_only_read() {
        assert_eq!(at(S::Cancelled), (2, StepPage::Review));
        assert_eq!(step_of(None).step, 1);
    }
}
