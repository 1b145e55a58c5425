//! Organisation and people rules shared by the SPA and the server: data scopes and what
//! a caller may grant, the staff working-status and onboarding transition tables, the field
//! rules of every organisation form, and typed dictionary values.
//!
//! The server refuses with these messages; the SPA shows only the buttons these tables allow.

pub mod company_kind;
pub mod data_scope;
pub mod dictionary;
pub mod fields;
pub mod mask;
pub mod onboarding;
pub mod onboarding_steps;
pub mod own_record;
pub mod placement;
pub mod staff_status;
pub mod workspace;

use serde::Serialize;

/// A status action that the current status does not allow, with the Chinese message to show.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TransitionError {
    pub message: String,
}

impl TransitionError {
    /// `当前状态为「离职」，不能执行「锁定」`.
    pub fn not_allowed(from_label: &str, action_label: &str) -> Self {
        Self {
            message: format!("当前状态为「{from_label}」，不能执行「{action_label}」"),
        }
    }

    pub fn new(message: impl Into<String>) -> Self {
        Self {
            message: message.into(),
        }
    }
}

impl std::fmt::Display for TransitionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for TransitionError {}
