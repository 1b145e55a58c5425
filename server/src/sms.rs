//! Sending verification codes. The server talks to an [`SmsSender`] chosen by configuration
//! ([`sender_for`]): a gateway's HTTP webhook ([`WebhookSmsSender`]), the server log for demo
//! installations ([`LogSmsSender`]), or none ([`NoSmsGateway`]), which refuses to send.

use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;
use serde::Serialize;

use crate::config::SmsChoice;

/// How long the gateway may take to accept a message.
const WEBHOOK_TIMEOUT: Duration = Duration::from_secs(10);

#[derive(Debug, thiserror::Error)]
pub enum SmsError {
    /// No gateway is configured: codes cannot be sent at all.
    #[error("no SMS gateway is configured")]
    NotConfigured,
    /// The gateway did not take the message.
    #[error("SMS not sent: {0}")]
    Failed(String),
}

#[async_trait]
pub trait SmsSender: Send + Sync {
    /// Delivers `code` to the mainland mobile number `mobile`.
    async fn send_code(&self, mobile: &str, code: &str) -> Result<(), SmsError>;
}

/// The sender the configuration asks for.
pub fn sender_for(choice: &SmsChoice) -> Arc<dyn SmsSender> {
    match choice {
        SmsChoice::Webhook(url) => Arc::new(WebhookSmsSender::new(url.clone())),
        SmsChoice::Log => Arc::new(LogSmsSender),
        SmsChoice::Disabled => Arc::new(NoSmsGateway),
    }
}

/// The text the person receives.
pub fn message_text(code: &str) -> String {
    format!("【房产经纪管理平台】您的验证码是{code}，5分钟内有效，请勿告诉他人。")
}

/// Writes each code to the log at INFO level instead of sending it: demo installations only.
pub struct LogSmsSender;

#[async_trait]
impl SmsSender for LogSmsSender {
    async fn send_code(&self, mobile: &str, code: &str) -> Result<(), SmsError> {
        tracing::info!(
            mobile,
            code,
            "verification code (demo: written to the log, not sent)"
        );
        Ok(())
    }
}

/// Refuses every code: a production start without a gateway must not pretend to send.
pub struct NoSmsGateway;

#[async_trait]
impl SmsSender for NoSmsGateway {
    async fn send_code(&self, _mobile: &str, _code: &str) -> Result<(), SmsError> {
        Err(SmsError::NotConfigured)
    }
}

/// What the webhook receives, as JSON.
#[derive(Debug, Serialize)]
struct WebhookMessage<'a> {
    mobile: &'a str,
    code: &'a str,
    text: String,
}

/// POSTs `{mobile, code, text}` as JSON to the gateway's address; any 2xx answer means sent.
pub struct WebhookSmsSender {
    url: String,
    client: reqwest::Client,
}

impl WebhookSmsSender {
    pub fn new(url: String) -> Self {
        let client = reqwest::Client::builder()
            .timeout(WEBHOOK_TIMEOUT)
            .build()
            .unwrap_or_default();
        Self { url, client }
    }
}

#[async_trait]
impl SmsSender for WebhookSmsSender {
    async fn send_code(&self, mobile: &str, code: &str) -> Result<(), SmsError> {
        let message = WebhookMessage {
            mobile,
            code,
            text: message_text(code),
        };
        // `without_url`: the address may carry the gateway's key, which logs must not show.
        let response = self
            .client
            .post(&self.url)
            .json(&message)
            .send()
            .await
            .map_err(|err| SmsError::Failed(err.without_url().to_string()))?;
        let status = response.status();
        if status.is_success() {
            Ok(())
        } else {
            Err(SmsError::Failed(format!(
                "the gateway answered HTTP {status}"
            )))
        }
    }
}
