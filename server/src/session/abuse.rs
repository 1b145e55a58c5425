//! Login abuse limits. A wrong password never locks an account for everyone (anyone who knows a
//! username could keep its owner out); instead:
//! - a client address with too many failed logins in the window is refused for a while;
//! - a username with a few failed logins in the window needs an SMS code to its bound mobile
//!   (`prelogin` says so), so guessing stops without keeping the owner out;
//! - a client address may ask for only so many SMS codes in the window;
//! - every failed login is written to the audit log.
//!
//! Counts live in the database (`client_attempt`), so several server processes share them.

use std::net::{IpAddr, SocketAddr};

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use chrono::{DateTime, Duration, Utc};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter,
    QueryOrder, QuerySelect, Set,
};
use serde_json::json;

use crate::audit::Action;
use crate::entity::{audit_log, client_attempt, user};
use crate::error::AppError;

/// How far back failures and sent codes are counted.
pub const WINDOW_MINUTES: i64 = 15;
/// Failed logins of one username in the window after which login needs an SMS code.
pub const CODE_AFTER_FAILURES: u64 = 3;
/// Failed logins from one address in the window after which the address is refused.
pub const ADDRESS_FAILURE_LIMIT: u64 = 10;
/// SMS codes one address may ask for in the window.
pub const ADDRESS_CODE_LIMIT: u64 = 10;
/// Rows older than this are deleted as new ones come.
const KEEP_HOURS: i64 = 24;

const KIND_LOGIN_FAILURE: &str = "loginFailure";
const KIND_CODE_SENT: &str = "codeSent";
/// The audit entity of failed logins.
pub const AUDIT_ENTITY: &str = "session";

/// The IP address the request came from (the TCP peer).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClientAddress(pub IpAddr);

impl<S: Send + Sync> FromRequestParts<S> for ClientAddress {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, AppError> {
        parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|ConnectInfo(peer)| Self(peer.ip()))
            .ok_or_else(|| AppError::internal("no client address: serve the app with connect info"))
    }
}

impl ClientAddress {
    fn key(self) -> String {
        self.0.to_string()
    }
}

/// Why a login failed, as the audit log says it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FailureReason {
    UnknownUser,
    WrongPassword,
    CodeMissing,
    CodeWrong,
    AddressThrottled,
    Locked,
    Left,
    Pending,
}

impl FailureReason {
    fn code(self) -> &'static str {
        match self {
            Self::UnknownUser => "unknownUser",
            Self::WrongPassword => "wrongPassword",
            Self::CodeMissing => "codeMissing",
            Self::CodeWrong => "codeWrong",
            Self::AddressThrottled => "addressThrottled",
            Self::Locked => "locked",
            Self::Left => "left",
            Self::Pending => "pending",
        }
    }

    /// Whether the failure is a guess that counts towards the limits. A refused status (locked,
    /// left, pending) came with the right password; a throttled try was not checked at all.
    fn counts(self) -> bool {
        matches!(
            self,
            Self::UnknownUser | Self::WrongPassword | Self::CodeMissing | Self::CodeWrong
        )
    }
}

fn window_start(now: DateTime<Utc>) -> DateTime<Utc> {
    now - Duration::minutes(WINDOW_MINUTES)
}

/// Seconds until `address` may try to log in again; `None` when it may now.
pub async fn address_throttle(
    db: &impl ConnectionTrait,
    address: ClientAddress,
    now: DateTime<Utc>,
) -> Result<Option<i64>, AppError> {
    wait_for(db, KIND_LOGIN_FAILURE, address, ADDRESS_FAILURE_LIMIT, now).await
}

/// Seconds until `address` may ask for another SMS code; `None` when it may now.
pub async fn code_throttle(
    db: &impl ConnectionTrait,
    address: ClientAddress,
    now: DateTime<Utc>,
) -> Result<Option<i64>, AppError> {
    wait_for(db, KIND_CODE_SENT, address, ADDRESS_CODE_LIMIT, now).await
}

/// When `limit` attempts of `kind` from `address` fall in the window, the seconds until the
/// oldest of them leaves it.
async fn wait_for(
    db: &impl ConnectionTrait,
    kind: &str,
    address: ClientAddress,
    limit: u64,
    now: DateTime<Utc>,
) -> Result<Option<i64>, AppError> {
    let recent = client_attempt::Entity::find()
        .filter(client_attempt::Column::Kind.eq(kind))
        .filter(client_attempt::Column::Address.eq(address.key()))
        .filter(client_attempt::Column::At.gt(window_start(now)))
        .order_by_desc(client_attempt::Column::At)
        .limit(limit)
        .all(db)
        .await?;
    if (recent.len() as u64) < limit {
        return Ok(None);
    }
    let oldest = recent.last().map_or(now, |row| row.at);
    let seconds = (oldest + Duration::minutes(WINDOW_MINUTES) - now).num_seconds();
    Ok((seconds > 0).then_some(seconds))
}

/// Whether logging in as `username` needs an SMS code now.
pub async fn needs_code(
    db: &impl ConnectionTrait,
    username: &str,
    now: DateTime<Utc>,
) -> Result<bool, AppError> {
    let failures = client_attempt::Entity::find()
        .filter(client_attempt::Column::Kind.eq(KIND_LOGIN_FAILURE))
        .filter(client_attempt::Column::Username.eq(username))
        .filter(client_attempt::Column::At.gt(window_start(now)))
        .count(db)
        .await?;
    Ok(failures >= CODE_AFTER_FAILURES)
}

/// Writes down a failed login: counted towards the limits when it was a guess, and always in
/// the audit log, placed where the account works so that its administrators see it.
pub async fn record_failure(
    db: &impl ConnectionTrait,
    address: ClientAddress,
    username: &str,
    account: Option<&user::Model>,
    reason: FailureReason,
    now: DateTime<Utc>,
) -> Result<(), AppError> {
    let username: String = username.chars().take(64).collect();
    if reason.counts() {
        insert(db, KIND_LOGIN_FAILURE, address, Some(username.clone()), now).await?;
    }
    audit_log::ActiveModel {
        actor_id: Set(account.map(|a| a.id)),
        actor_name: Set(account.map_or_else(|| username.clone(), |a| a.real_name.clone())),
        at: Set(now),
        entity: Set(AUDIT_ENTITY.to_owned()),
        entity_id: Set(account.map_or(0, |a| a.id)),
        action: Set(Action::LoginFailure.code().to_owned()),
        before: Set(None),
        after: Set(Some(
            json!({ "username": username, "address": address.key(), "reason": reason.code() })
                .to_string(),
        )),
        site_id: Set(account.and_then(|a| a.site_id)),
        organisation_id: Set(account.and_then(|a| a.organisation_id)),
        store_id: Set(account.and_then(|a| a.store_id)),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(())
}

/// A right password clears the username's failures: its owner no longer needs a code.
pub async fn clear_failures(db: &impl ConnectionTrait, username: &str) -> Result<(), AppError> {
    client_attempt::Entity::delete_many()
        .filter(client_attempt::Column::Kind.eq(KIND_LOGIN_FAILURE))
        .filter(client_attempt::Column::Username.eq(username))
        .exec(db)
        .await?;
    Ok(())
}

/// Counts a code sent at the request of `address`.
pub async fn record_code_sent(
    db: &impl ConnectionTrait,
    address: ClientAddress,
    now: DateTime<Utc>,
) -> Result<(), AppError> {
    insert(db, KIND_CODE_SENT, address, None, now).await
}

async fn insert(
    db: &impl ConnectionTrait,
    kind: &str,
    address: ClientAddress,
    username: Option<String>,
    now: DateTime<Utc>,
) -> Result<(), AppError> {
    client_attempt::ActiveModel {
        kind: Set(kind.to_owned()),
        address: Set(address.key()),
        username: Set(username),
        at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await?;
    // What no limit looks at any more goes, so the table stays small.
    client_attempt::Entity::delete_many()
        .filter(client_attempt::Column::At.lt(now - Duration::hours(KEEP_HOURS)))
        .exec(db)
        .await?;
    Ok(())
}

/// Whole minutes, rounded up, for a message.
pub fn minutes(seconds: i64) -> i64 {
    (seconds + 59) / 60
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn waits_are_told_in_whole_minutes_rounded_up() {
        assert_eq!(minutes(1), 1);
        assert_eq!(minutes(60), 1);
        assert_eq!(minutes(61), 2);
        assert_eq!(minutes(WINDOW_MINUTES * 60), WINDOW_MINUTES);
    }

    #[test]
    fn only_guesses_count_towards_the_limits() {
        assert!(FailureReason::WrongPassword.counts());
        assert!(FailureReason::UnknownUser.counts());
        assert!(FailureReason::CodeWrong.counts());
        assert!(!FailureReason::Locked.counts());
        assert!(!FailureReason::AddressThrottled.counts());
    }
}
