//! What travels over the chat socket (spec §3, §7): text frames for the session and JSON
//! questions. The server speaks the same protocol through these types.

use serde::{Deserialize, Serialize};

use crate::constants::{STORE_CHAT_REPLY_TIMEOUT_MS, TOOL_CHAT_REPLY_TIMEOUT_MS};
use crate::request::encode_component;

/// Sent as text frames.
pub const CONNECT: &str = "CONNECT";
pub const DISCONNECT: &str = "DISCONNECT";
pub const PING: &str = "PING";
/// The server's answer to PING.
pub const PONG: &str = "PONG";

/// A question (or other command) to the server: `code` is the chat type.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SocketMessage {
    pub code: i64,
    pub msg: SocketPayload,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SocketPayload {
    #[serde(default)]
    pub msg: String,
    #[serde(default)]
    pub uuid: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cmd: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub assistant_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub msg_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retry_msg_id: Option<String>,
}

/// `{base}/ws?thirdApplicationId=…&token=…&siteId=…`: the city site chosen in the header
/// switcher (as HTTP calls carry it in their `siteId` header), so the functions an assistant
/// calls see that site's rows only. No site chosen (`NO_SITE_ID`, or below) leaves it out.
pub fn ws_url(base: &str, application_identity: &str, token: &str, site_id: i64) -> String {
    let mut url = format!(
        "{}/ws?thirdApplicationId={}&token={}",
        base.trim_end_matches('/'),
        encode_component(application_identity),
        encode_component(token)
    );
    if site_id > crate::constants::NO_SITE_ID {
        url.push_str(&format!("&siteId={site_id}"));
    }
    url
}

/// 65 s for the store-based chat, 35 s for a single-tool chat.
pub fn reply_timeout_ms(single_tool: bool) -> u32 {
    if single_tool {
        TOOL_CHAT_REPLY_TIMEOUT_MS
    } else {
        STORE_CHAT_REPLY_TIMEOUT_MS
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_socket_url_carries_application_and_token() {
        assert_eq!(
            ws_url("wss://chat.example.com/", "app 1", "t/k", 0),
            "wss://chat.example.com/ws?thirdApplicationId=app+1&token=t%2Fk"
        );
        assert_eq!(
            ws_url("ws://localhost:8080", "brokerdesk", "abc", 3),
            "ws://localhost:8080/ws?thirdApplicationId=brokerdesk&token=abc&siteId=3"
        );
    }

    #[test]
    fn reply_timeouts() {
        assert_eq!(reply_timeout_ms(false), 65_000);
        assert_eq!(reply_timeout_ms(true), 35_000);
    }

    #[test]
    fn questions_serialise_with_the_spec_field_names() {
        let message = SocketMessage {
            code: 2,
            msg: SocketPayload {
                msg: "附近有学区房吗".into(),
                uuid: "u1".into(),
                assistant_id: Some("9".into()),
                ..SocketPayload::default()
            },
        };
        let json = serde_json::to_value(&message).unwrap();
        assert_eq!(
            json,
            serde_json::json!({"code": 2, "msg": {"msg": "附近有学区房吗", "uuid": "u1", "assistantId": "9"}})
        );
    }
}
