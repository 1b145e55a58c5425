//! Status columns typed with core's vocabularies: a row reads as a core enum or not at all. A
//! code outside the vocabulary (written by hand, or by an older release) fails the read with
//! 10020008 naming the column and the code, instead of a string that every reader has to
//! check again and that ends in an internal error with no code.

use brokerdesk_core::org::onboarding::OnboardingStatus;
use brokerdesk_core::org::staff_status::WorkingStatus;
use sea_orm::DeriveValueType;

/// A stored code that core's vocabulary does not know.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{column}「{code}」无法识别，请联系管理员")]
pub struct UnknownStatus {
    /// What users call the column.
    pub column: &'static str,
    pub code: String,
}

/// A column holding a code of one of core's vocabularies.
pub trait StatusColumn: Sized {
    /// The status a stored code stands for, or which column holds a code it does not know.
    fn parse(code: &str) -> Result<Self, UnknownStatus>;
    fn code(&self) -> &'static str;
}

/// Declares a column type over a core enum with `code()` and `from_code()`.
macro_rules! status_column {
    ($(#[$doc:meta])* $name:ident($core:ty), $column:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, DeriveValueType)]
        #[sea_orm(
            value_type = "String",
            from_str = "StatusColumn::parse",
            to_str = "StatusColumn::code"
        )]
        pub struct $name(pub $core);

        impl StatusColumn for $name {
            fn parse(code: &str) -> Result<Self, UnknownStatus> {
                <$core>::from_code(code).map(Self).ok_or_else(|| UnknownStatus {
                    column: $column,
                    code: code.to_owned(),
                })
            }

            fn code(&self) -> &'static str {
                self.0.code()
            }
        }

        impl From<$core> for $name {
            fn from(status: $core) -> Self {
                Self(status)
            }
        }
    };
}

status_column!(
    /// `enrollment.status`: core `onboardingStatus`.
    OnboardingState(OnboardingStatus),
    "入职状态"
);

status_column!(
    /// `user.working_status` and `enrollment.target_status`: core `workingStatus`.
    WorkingState(WorkingStatus),
    "在职状态"
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_read_back_as_core_statuses_and_strangers_are_named() {
        assert_eq!(
            OnboardingState::parse("SUBMITTED"),
            Ok(OnboardingState(OnboardingStatus::Submitted))
        );
        let unknown = OnboardingState::parse("ARCHIVED").unwrap_err();
        assert_eq!(
            unknown.to_string(),
            "入职状态「ARCHIVED」无法识别，请联系管理员"
        );
    }
}
