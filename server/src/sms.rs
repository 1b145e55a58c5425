//! Sending verification codes. The server talks to an [`SmsSender`]; the built-in
//! [`LogSmsSender`] writes the code to the server log, for installations without an SMS gateway
//! (and for trying the product out).

use async_trait::async_trait;

#[derive(Debug, thiserror::Error)]
#[error("SMS not sent: {0}")]
pub struct SmsError(pub String);

#[async_trait]
pub trait SmsSender: Send + Sync {
    /// Delivers `code` to the mainland mobile number `mobile`.
    async fn send_code(&self, mobile: &str, code: &str) -> Result<(), SmsError>;
}

/// Writes each code to the log at INFO level instead of sending it.
pub struct LogSmsSender;

#[async_trait]
impl SmsSender for LogSmsSender {
    async fn send_code(&self, mobile: &str, code: &str) -> Result<(), SmsError> {
        tracing::info!(
            mobile,
            code,
            "verification code (no SMS gateway: written to the log)"
        );
        Ok(())
    }
}
