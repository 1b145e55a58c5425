//! The chat connection policy (spec §4, §8, §9) as a state machine: the SPA reports what the
//! socket and the clock did, and carries out the commands it gets back.

use serde::{Deserialize, Serialize};

use super::wire::{CONNECT, DISCONNECT, PING};
use crate::constants::{
    MAX_UNANSWERED_PINGS, PING_INTERVAL_MS, RECONNECT_LIMIT, WS_NORMAL_CLOSE_CODE,
};
use crate::messages::{CHAT_NETWORK_ERROR, CHAT_QUEUE_BUSY, chat_connect_failed};

/// Close code the SPA uses when it drops a socket that stopped answering pings.
pub const STALE_CLOSE_CODE: u16 = 4000;

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Phase {
    #[default]
    Idle,
    Connecting,
    Open,
    Closed,
    /// Gave up after the reconnect limit.
    Failed,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Connection {
    pub phase: Phase,
    /// Closed on purpose: no reconnect.
    pub deliberate: bool,
    pub reconnect_attempts: u32,
    pub unanswered_pings: u32,
    #[serde(default)]
    pub last_ping_ms: Option<i64>,
    /// When the answer being waited for times out.
    #[serde(default)]
    pub reply_deadline_ms: Option<i64>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(
    tag = "kind",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum ConnectionEvent {
    /// The SPA wants a connection.
    Connect,
    Opened {
        now_ms: i64,
    },
    Pong,
    /// A timer tick; pings go out only while not answering.
    Tick {
        now_ms: i64,
        answering: bool,
    },
    QuestionSent {
        now_ms: i64,
        timeout_ms: i64,
    },
    /// The first reply of the answer arrived.
    ReplyReceived,
    Error {
        detail: String,
    },
    Closed {
        code: u16,
    },
    /// The user leaves or logs out.
    Close,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum ConnectionCommand {
    /// Open a socket at `wsUrl(...)`.
    Open,
    /// Open it again after an unexpected close (attempt 1 to 5).
    Reconnect {
        attempt: u32,
    },
    Send {
        text: String,
    },
    CloseSocket {
        code: u16,
    },
    /// Mark the answer in progress as failed with this text (conversation `fail_answer`).
    FailAnswer {
        message: String,
    },
    /// Show this text in an answer that is thinking or stopping (conversation `socket_error`).
    SocketError {
        message: String,
    },
    Toast {
        message: String,
    },
}

fn send(text: &str) -> ConnectionCommand {
    ConnectionCommand::Send { text: text.into() }
}

fn fail(message: &str) -> ConnectionCommand {
    ConnectionCommand::FailAnswer {
        message: message.into(),
    }
}

/// Advances the connection by one event and says what to do.
pub fn step(connection: &mut Connection, event: ConnectionEvent) -> Vec<ConnectionCommand> {
    match event {
        ConnectionEvent::Connect => match connection.phase {
            Phase::Idle | Phase::Closed | Phase::Failed => {
                *connection = Connection {
                    phase: Phase::Connecting,
                    ..Connection::default()
                };
                vec![ConnectionCommand::Open]
            }
            Phase::Connecting | Phase::Open => Vec::new(),
        },
        ConnectionEvent::Opened { now_ms } => {
            connection.phase = Phase::Open;
            connection.reconnect_attempts = 0;
            connection.unanswered_pings = 0;
            connection.last_ping_ms = Some(now_ms);
            vec![send(CONNECT)]
        }
        ConnectionEvent::Pong => {
            connection.unanswered_pings = connection.unanswered_pings.saturating_sub(1);
            Vec::new()
        }
        ConnectionEvent::Tick { now_ms, answering } => tick(connection, now_ms, answering),
        ConnectionEvent::QuestionSent { now_ms, timeout_ms } => {
            connection.reply_deadline_ms = Some(now_ms.saturating_add(timeout_ms));
            Vec::new()
        }
        ConnectionEvent::ReplyReceived => {
            connection.reply_deadline_ms = None;
            Vec::new()
        }
        ConnectionEvent::Error { detail } => vec![ConnectionCommand::SocketError {
            message: chat_connect_failed(&detail),
        }],
        ConnectionEvent::Closed { .. } if connection.deliberate => {
            connection.phase = Phase::Closed;
            Vec::new()
        }
        ConnectionEvent::Closed { .. } => {
            connection.unanswered_pings = 0;
            if connection.reconnect_attempts < RECONNECT_LIMIT {
                connection.reconnect_attempts += 1;
                connection.phase = Phase::Connecting;
                vec![ConnectionCommand::Reconnect {
                    attempt: connection.reconnect_attempts,
                }]
            } else {
                connection.phase = Phase::Failed;
                connection.reply_deadline_ms = None;
                vec![
                    fail(CHAT_NETWORK_ERROR),
                    ConnectionCommand::Toast {
                        message: CHAT_NETWORK_ERROR.into(),
                    },
                ]
            }
        }
        ConnectionEvent::Close => {
            connection.deliberate = true;
            connection.reply_deadline_ms = None;
            let was_open = connection.phase == Phase::Open;
            connection.phase = Phase::Closed;
            let close = ConnectionCommand::CloseSocket {
                code: WS_NORMAL_CLOSE_CODE as u16,
            };
            if was_open {
                vec![send(DISCONNECT), close]
            } else {
                vec![close]
            }
        }
    }
}

fn tick(connection: &mut Connection, now_ms: i64, answering: bool) -> Vec<ConnectionCommand> {
    let mut commands = Vec::new();
    if connection
        .reply_deadline_ms
        .is_some_and(|deadline| now_ms >= deadline)
    {
        connection.reply_deadline_ms = None;
        commands.push(fail(CHAT_QUEUE_BUSY));
    }
    let ping_due = connection
        .last_ping_ms
        .is_none_or(|last| now_ms.saturating_sub(last) >= i64::from(PING_INTERVAL_MS));
    if connection.phase == Phase::Open && !answering && ping_due {
        if connection.unanswered_pings > MAX_UNANSWERED_PINGS {
            // The server stopped answering: drop this socket; its close event reconnects.
            connection.unanswered_pings = 0;
            commands.push(fail(CHAT_QUEUE_BUSY));
            commands.push(ConnectionCommand::CloseSocket {
                code: STALE_CLOSE_CODE,
            });
        } else {
            connection.unanswered_pings += 1;
            connection.last_ping_ms = Some(now_ms);
            commands.push(send(PING));
        }
    }
    commands
}

#[cfg(test)]
mod tests {
    use super::*;

    fn open() -> Connection {
        let mut connection = Connection::default();
        assert_eq!(
            step(&mut connection, ConnectionEvent::Connect),
            vec![ConnectionCommand::Open]
        );
        // "It sends 'CONNECT' on open"
        assert_eq!(
            step(&mut connection, ConnectionEvent::Opened { now_ms: 0 }),
            vec![send("CONNECT")]
        );
        connection
    }

    fn tick_at(
        connection: &mut Connection,
        now_ms: i64,
        answering: bool,
    ) -> Vec<ConnectionCommand> {
        step(connection, ConnectionEvent::Tick { now_ms, answering })
    }

    #[test]
    fn pings_every_5_seconds_when_not_answering() {
        let mut connection = open();
        assert!(tick_at(&mut connection, 4_999, false).is_empty());
        assert_eq!(tick_at(&mut connection, 5_000, false), vec![send("PING")]);
        step(&mut connection, ConnectionEvent::Pong);
        assert!(tick_at(&mut connection, 20_000, true).is_empty());
        assert_eq!(tick_at(&mut connection, 20_000, false), vec![send("PING")]);
        assert_eq!(connection.unanswered_pings, 1);
    }

    #[test]
    fn more_than_one_unanswered_ping_forces_a_reconnect() {
        let mut connection = open();
        tick_at(&mut connection, 5_000, false);
        tick_at(&mut connection, 10_000, false);
        assert_eq!(connection.unanswered_pings, 2);
        assert_eq!(
            tick_at(&mut connection, 15_000, false),
            vec![
                fail("当前排队用户过多，请稍后重试。"),
                ConnectionCommand::CloseSocket { code: 4000 }
            ]
        );
        assert_eq!(
            step(&mut connection, ConnectionEvent::Closed { code: 4000 }),
            vec![ConnectionCommand::Reconnect { attempt: 1 }]
        );
    }

    #[test]
    fn reconnects_up_to_5_times_then_gives_up() {
        let mut connection = open();
        for attempt in 1..=5 {
            assert_eq!(
                step(&mut connection, ConnectionEvent::Closed { code: 1006 }),
                vec![ConnectionCommand::Reconnect { attempt }]
            );
        }
        assert_eq!(
            step(&mut connection, ConnectionEvent::Closed { code: 1006 }),
            vec![
                fail("对话网络错误，请刷新页面重试"),
                ConnectionCommand::Toast {
                    message: "对话网络错误，请刷新页面重试".into()
                }
            ]
        );
        assert_eq!(connection.phase, Phase::Failed);
    }

    #[test]
    fn a_successful_open_resets_the_attempts() {
        let mut connection = open();
        step(&mut connection, ConnectionEvent::Closed { code: 1006 });
        step(&mut connection, ConnectionEvent::Opened { now_ms: 1 });
        assert_eq!(connection.reconnect_attempts, 0);
    }

    #[test]
    fn a_deliberate_close_disconnects_and_never_reconnects() {
        let mut connection = open();
        assert_eq!(
            step(&mut connection, ConnectionEvent::Close),
            vec![
                send("DISCONNECT"),
                ConnectionCommand::CloseSocket { code: 1000 }
            ]
        );
        assert!(step(&mut connection, ConnectionEvent::Closed { code: 1000 }).is_empty());
        assert_eq!(connection.phase, Phase::Closed);
    }

    #[test]
    fn a_reply_timeout_fails_the_answer() {
        let mut connection = open();
        step(
            &mut connection,
            ConnectionEvent::QuestionSent {
                now_ms: 1_000,
                timeout_ms: 65_000,
            },
        );
        assert!(tick_at(&mut connection, 65_999, true).is_empty());
        assert_eq!(
            tick_at(&mut connection, 66_000, true),
            vec![fail("当前排队用户过多，请稍后重试。")]
        );
        step(
            &mut connection,
            ConnectionEvent::QuestionSent {
                now_ms: 0,
                timeout_ms: 35_000,
            },
        );
        step(&mut connection, ConnectionEvent::ReplyReceived);
        assert!(tick_at(&mut connection, 100_000, true).is_empty());
    }

    #[test]
    fn socket_errors_name_the_failure() {
        let mut connection = open();
        assert_eq!(
            step(
                &mut connection,
                ConnectionEvent::Error {
                    detail: "网络中断".into()
                }
            ),
            vec![ConnectionCommand::SocketError {
                message: "[连接失败] 网络中断".into()
            }]
        );
    }

    #[test]
    fn events_serialise_as_tagged_objects() {
        let event: ConnectionEvent =
            serde_json::from_str(r#"{"kind":"tick","nowMs":5,"answering":false}"#).unwrap();
        assert_eq!(
            event,
            ConnectionEvent::Tick {
                now_ms: 5,
                answering: false
            }
        );
        let command = serde_json::to_value(ConnectionCommand::Reconnect { attempt: 2 }).unwrap();
        assert_eq!(
            command,
            serde_json::json!({"kind": "reconnect", "attempt": 2})
        );
    }
}
