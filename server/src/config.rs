//! Configuration, read once from the environment into a typed struct with defaults.
//!
//! | variable | default | meaning |
//! | --- | --- | --- |
//! | `BROKERDESK_ADDR` | `127.0.0.1:8080` | address the HTTP server listens on |
//! | `DATABASE_URL` | `sqlite://data/brokerdesk.db?mode=rwc` | `sqlite:` file or `postgres://` server |
//! | `BROKERDESK_WEB_DIR` | `web/dist` | the built SPA, served with history fallback |
//! | `BROKERDESK_TOKEN_TTL_HOURS` | `12` | how long a login token stays valid |
//! | `BROKERDESK_DEMO` | unset | `1`: an empty database gets the demo brokerage, codes go to the log |
//! | `BROKERDESK_ADMIN_PASSWORD` | unset | password of the administrator a production start creates |
//! | `BROKERDESK_SMS_WEBHOOK` | unset | `http(s)://` address verification codes are POSTed to |
//! | `BROKERDESK_AI_BASE_URL` | unset | an OpenAI-compatible chat API (`…/v1`); unset: assistants answer from the knowledge base |
//! | `BROKERDESK_AI_API_KEY` | unset | its key, sent as `Authorization: Bearer` |
//! | `BROKERDESK_AI_MODEL` | `deepseek-chat` | the model asked |
//! | `BROKERDESK_AI_PRICE_FEN` | unset | what a million tokens cost there, in whole fen (`fee/expect`); unset: no fee is estimated |
//! | `BROKERDESK_AI_EMBEDDING_BASE_URL` | unset | an OpenAI-compatible embeddings API (`…/v1`); set: hybrid retrieval (BM25 and vectors); unset: BM25 alone |
//! | `BROKERDESK_AI_EMBEDDING_API_KEY` | `BROKERDESK_AI_API_KEY` | its key, sent as `Authorization: Bearer` |
//! | `BROKERDESK_AI_EMBEDDING_MODEL` | `text-embedding-v3` | the embeddings model asked |
//! | `BROKERDESK_DATA_DIR` | `data` | files the server keeps: listing photos under `photos/` |
//! | `BROKERDESK_WATERMARK_FONT` | `/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc` | the CJK font (`.ttc`/`.otf`/`.ttf`) photo watermarks are drawn in |
//!
//! `DATABASE_URL` may carry a password: it is shown only through [`DatabaseUrl::redacted`].

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use crate::seed::Seeding;

pub const DEFAULT_ADDR: &str = "127.0.0.1:8080";
pub const DEFAULT_DATABASE_URL: &str = "sqlite://data/brokerdesk.db?mode=rwc";
pub const DEFAULT_WEB_DIR: &str = "web/dist";
pub const DEFAULT_TOKEN_TTL_HOURS: u64 = 12;
pub const DEFAULT_AI_MODEL: &str = "deepseek-chat";
pub const DEFAULT_EMBEDDING_MODEL: &str = "text-embedding-v3";
pub const DEFAULT_DATA_DIR: &str = "data";
/// Shortest password accepted for the first administrator.
pub const MIN_ADMIN_PASSWORD_CHARS: usize = 8;

#[derive(Debug, Clone)]
pub struct Config {
    pub addr: SocketAddr,
    pub database: DatabaseUrl,
    pub web_dir: PathBuf,
    pub token_ttl: Duration,
    /// What an empty database gets: the demo brokerage, or one administrator.
    pub seeding: Seeding,
    pub sms: SmsChoice,
    /// The chat model assistants answer with; none: the knowledge base answers.
    pub ai: Option<crate::chat::openai::Provider>,
    /// The embeddings model points and queries are embedded with; none: BM25 alone.
    pub embeddings: Option<crate::knowledge::embedding::EmbeddingProvider>,
    /// Files the server keeps (listing photos).
    pub data_dir: PathBuf,
    /// The font photo watermarks are drawn in.
    pub watermark_font: PathBuf,
}

/// Where verification codes go.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SmsChoice {
    /// POSTed to a gateway's webhook (`BROKERDESK_SMS_WEBHOOK`).
    Webhook(String),
    /// Written to the log: demo installations only.
    Log,
    /// No gateway: sending a code is refused with a message saying so.
    Disabled,
}

/// The database the URL names; anything else is refused at start.
#[derive(Clone, PartialEq, Eq)]
pub enum DatabaseUrl {
    Sqlite(String),
    Postgres(String),
}

impl DatabaseUrl {
    pub fn parse(url: &str) -> Result<Self, ConfigError> {
        if url.starts_with("sqlite:") {
            Ok(Self::Sqlite(url.to_owned()))
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Ok(Self::Postgres(url.to_owned()))
        } else {
            Err(ConfigError::UnknownDatabase(redact(url)))
        }
    }

    pub fn as_str(&self) -> &str {
        match self {
            Self::Sqlite(url) | Self::Postgres(url) => url,
        }
    }

    /// The URL with its password replaced by `***`, for messages and logs.
    pub fn redacted(&self) -> String {
        redact(self.as_str())
    }

    /// `text` with every occurrence of the URL's password replaced by `***`: for error texts
    /// of the database driver, which may quote what they were given.
    pub fn scrub(&self, text: &str) -> String {
        secrets(self.as_str())
            .into_iter()
            .filter(|secret| !secret.is_empty())
            .fold(text.to_owned(), |text, secret| text.replace(&secret, "***"))
    }
}

// By hand: a derived `Debug` would print the password.
impl std::fmt::Debug for DatabaseUrl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let kind = match self {
            Self::Sqlite(_) => "Sqlite",
            Self::Postgres(_) => "Postgres",
        };
        f.debug_tuple(kind).field(&self.redacted()).finish()
    }
}

/// The password of `user:password@host` and of a `password=` query parameter, as written.
fn secrets(url: &str) -> Vec<String> {
    let mut found = Vec::new();
    if let Some((_, rest)) = url.split_once("://") {
        let authority = rest.split(['/', '?']).next().unwrap_or_default();
        if let Some((user_info, _)) = authority.rsplit_once('@')
            && let Some((_, password)) = user_info.split_once(':')
        {
            found.push(password.to_owned());
        }
    }
    if let Some((_, query)) = url.split_once('?') {
        for pair in query.split('&') {
            if let Some((key, value)) = pair.split_once('=')
                && key.eq_ignore_ascii_case("password")
            {
                found.push(value.to_owned());
            }
        }
    }
    found
}

fn redact(url: &str) -> String {
    secrets(url)
        .into_iter()
        .filter(|secret| !secret.is_empty())
        .fold(url.to_owned(), |text, secret| {
            text.replace(&format!(":{secret}@"), ":***@")
                .replace(&format!("={secret}"), "=***")
        })
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ConfigError {
    #[error(
        "DATABASE_URL `{0}` is not supported: use `sqlite://path/to/file.db?mode=rwc` or `postgres://user@host:5432/dbname`"
    )]
    UnknownDatabase(String),
    #[error("BROKERDESK_DEMO `{0}` is not understood: use 1 (demo data) or leave it unset")]
    BadDemo(String),
    #[error(
        "BROKERDESK_ADMIN_PASSWORD is too short: use at least {MIN_ADMIN_PASSWORD_CHARS} characters, or leave it unset to have one generated"
    )]
    WeakAdminPassword,
    #[error("BROKERDESK_AI_BASE_URL `{0}` is not an http:// or https:// address")]
    BadAiBaseUrl(String),
    #[error(
        "BROKERDESK_AI_PRICE_FEN `{0}` is not a whole number of fen (per million tokens), such as 200"
    )]
    BadAiPrice(String),
    #[error("BROKERDESK_AI_EMBEDDING_BASE_URL `{0}` is not an http:// or https:// address")]
    BadEmbeddingBaseUrl(String),
    #[error("BROKERDESK_SMS_WEBHOOK `{0}` is not an http:// or https:// address")]
    BadSmsWebhook(String),
    #[error("BROKERDESK_ADDR `{0}` is not a socket address such as 127.0.0.1:8080")]
    BadAddr(String),
    #[error("BROKERDESK_TOKEN_TTL_HOURS `{0}` is not a whole number of hours")]
    BadTokenTtl(String),
}

impl Config {
    /// Reads the process environment.
    pub fn from_env() -> Result<Self, ConfigError> {
        Self::from_lookup(|name| std::env::var(name).ok())
    }

    /// Reads variables through `lookup`, so tests need not touch the process environment.
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        let get = |name: &str, default: &str| {
            lookup(name)
                .filter(|value| !value.trim().is_empty())
                .unwrap_or_else(|| default.to_owned())
        };
        let addr_text = get("BROKERDESK_ADDR", DEFAULT_ADDR);
        let addr = addr_text
            .parse()
            .map_err(|_| ConfigError::BadAddr(addr_text.clone()))?;
        let database = DatabaseUrl::parse(&get("DATABASE_URL", DEFAULT_DATABASE_URL))?;
        let demo = match get("BROKERDESK_DEMO", "0").trim() {
            "1" | "true" => true,
            "0" | "false" => false,
            other => return Err(ConfigError::BadDemo(other.to_owned())),
        };
        let seeding = if demo {
            Seeding::Demo
        } else {
            let password = lookup("BROKERDESK_ADMIN_PASSWORD").filter(|p| !p.is_empty());
            if password
                .as_ref()
                .is_some_and(|p| p.chars().count() < MIN_ADMIN_PASSWORD_CHARS)
            {
                return Err(ConfigError::WeakAdminPassword);
            }
            Seeding::FirstAdmin { password }
        };
        let webhook = get("BROKERDESK_SMS_WEBHOOK", "");
        let sms = if !webhook.is_empty() {
            let webhook = webhook.trim().to_owned();
            if !(webhook.starts_with("http://") || webhook.starts_with("https://")) {
                return Err(ConfigError::BadSmsWebhook(webhook));
            }
            SmsChoice::Webhook(webhook)
        } else if demo {
            SmsChoice::Log
        } else {
            SmsChoice::Disabled
        };
        let ttl_text = get(
            "BROKERDESK_TOKEN_TTL_HOURS",
            &DEFAULT_TOKEN_TTL_HOURS.to_string(),
        );
        let hours: u64 = ttl_text
            .trim()
            .parse()
            .map_err(|_| ConfigError::BadTokenTtl(ttl_text.clone()))?;
        let ai_base = get("BROKERDESK_AI_BASE_URL", "").trim().to_owned();
        let ai = if ai_base.is_empty() {
            None
        } else if ai_base.starts_with("http://") || ai_base.starts_with("https://") {
            Some(crate::chat::openai::Provider {
                base_url: ai_base,
                api_key: lookup("BROKERDESK_AI_API_KEY").filter(|key| !key.trim().is_empty()),
                model: get("BROKERDESK_AI_MODEL", DEFAULT_AI_MODEL)
                    .trim()
                    .to_owned(),
                price_per_million_fen: match lookup("BROKERDESK_AI_PRICE_FEN") {
                    Some(text) if !text.trim().is_empty() => Some(
                        text.trim()
                            .parse::<i64>()
                            .ok()
                            .filter(|fen| *fen >= 0)
                            .ok_or(ConfigError::BadAiPrice(text))?,
                    ),
                    _ => None,
                },
            })
        } else {
            return Err(ConfigError::BadAiBaseUrl(ai_base));
        };
        let embedding_base = get("BROKERDESK_AI_EMBEDDING_BASE_URL", "")
            .trim()
            .to_owned();
        let embeddings = if embedding_base.is_empty() {
            None
        } else if embedding_base.starts_with("http://") || embedding_base.starts_with("https://") {
            Some(crate::knowledge::embedding::EmbeddingProvider {
                base_url: embedding_base,
                api_key: lookup("BROKERDESK_AI_EMBEDDING_API_KEY")
                    .or_else(|| lookup("BROKERDESK_AI_API_KEY"))
                    .map(|key| key.trim().to_owned())
                    .filter(|key| !key.is_empty()),
                model: get("BROKERDESK_AI_EMBEDDING_MODEL", DEFAULT_EMBEDDING_MODEL)
                    .trim()
                    .to_owned(),
            })
        } else {
            return Err(ConfigError::BadEmbeddingBaseUrl(embedding_base));
        };
        Ok(Self {
            addr,
            database,
            web_dir: PathBuf::from(get("BROKERDESK_WEB_DIR", DEFAULT_WEB_DIR)),
            token_ttl: Duration::from_secs(hours * 3600),
            seeding,
            sms,
            ai,
            embeddings,
            data_dir: PathBuf::from(get("BROKERDESK_DATA_DIR", DEFAULT_DATA_DIR)),
            watermark_font: PathBuf::from(get(
                "BROKERDESK_WATERMARK_FONT",
                crate::photo_store::DEFAULT_FONT,
            )),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn config(vars: &[(&str, &str)]) -> Result<Config, ConfigError> {
        let map: HashMap<String, String> = vars
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        Config::from_lookup(|name| map.get(name).cloned())
    }

    #[test]
    fn defaults_serve_locally_from_an_sqlite_file() {
        let c = config(&[]).unwrap();
        assert_eq!(c.addr.to_string(), "127.0.0.1:8080");
        assert_eq!(c.database, DatabaseUrl::Sqlite(DEFAULT_DATABASE_URL.into()));
        assert_eq!(c.web_dir, PathBuf::from("web/dist"));
        assert_eq!(c.token_ttl, Duration::from_secs(12 * 3600));
        assert_eq!(c.data_dir, PathBuf::from("data"));
        assert_eq!(
            c.watermark_font,
            PathBuf::from("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
        );
        let c = config(&[
            ("BROKERDESK_DATA_DIR", "/srv/brokerdesk"),
            ("BROKERDESK_WATERMARK_FONT", "/opt/fonts/wqy.ttc"),
        ])
        .unwrap();
        assert_eq!(c.data_dir, PathBuf::from("/srv/brokerdesk"));
        assert_eq!(c.watermark_font, PathBuf::from("/opt/fonts/wqy.ttc"));
    }

    #[test]
    fn postgres_urls_select_postgres() {
        let c = config(&[("DATABASE_URL", "postgres://postgres@127.0.0.1/bd")]).unwrap();
        assert!(matches!(c.database, DatabaseUrl::Postgres(_)));
        let c = config(&[("DATABASE_URL", "postgresql://postgres@127.0.0.1/bd")]).unwrap();
        assert!(matches!(c.database, DatabaseUrl::Postgres(_)));
    }

    #[test]
    fn an_unknown_database_scheme_fails_with_a_fix() {
        let err = config(&[("DATABASE_URL", "mysql://root@localhost/bd")]).unwrap_err();
        assert!(err.to_string().contains("postgres://"), "{err}");
    }

    #[test]
    fn bad_numbers_and_addresses_are_refused() {
        assert!(matches!(
            config(&[("BROKERDESK_ADDR", "localhost")]),
            Err(ConfigError::BadAddr(_))
        ));
        assert!(matches!(
            config(&[("BROKERDESK_TOKEN_TTL_HOURS", "twelve")]),
            Err(ConfigError::BadTokenTtl(_))
        ));
    }

    #[test]
    fn a_plain_start_creates_an_administrator_and_sends_no_codes() {
        let c = config(&[]).unwrap();
        assert_eq!(c.seeding, Seeding::FirstAdmin { password: None });
        assert_eq!(c.sms, SmsChoice::Disabled);
        let c = config(&[("BROKERDESK_ADMIN_PASSWORD", "Strong#2026")]).unwrap();
        assert_eq!(
            c.seeding,
            Seeding::FirstAdmin {
                password: Some("Strong#2026".into())
            }
        );
        assert!(matches!(
            config(&[("BROKERDESK_ADMIN_PASSWORD", "short")]),
            Err(ConfigError::WeakAdminPassword)
        ));
    }

    #[test]
    fn demo_mode_seeds_the_brokerage_and_logs_codes_unless_a_webhook_is_set() {
        let c = config(&[("BROKERDESK_DEMO", "1")]).unwrap();
        assert_eq!((c.seeding, c.sms), (Seeding::Demo, SmsChoice::Log));
        let c = config(&[
            ("BROKERDESK_DEMO", "1"),
            ("BROKERDESK_SMS_WEBHOOK", "https://sms.example.com/send"),
        ])
        .unwrap();
        assert_eq!(
            c.sms,
            SmsChoice::Webhook("https://sms.example.com/send".into())
        );
        assert!(matches!(
            config(&[("BROKERDESK_DEMO", "yes please")]),
            Err(ConfigError::BadDemo(_))
        ));
        assert!(matches!(
            config(&[("BROKERDESK_SMS_WEBHOOK", "sms.example.com")]),
            Err(ConfigError::BadSmsWebhook(_))
        ));
    }

    #[test]
    fn database_passwords_are_never_shown() {
        let url = DatabaseUrl::parse("postgres://bd:Pa55word@db.internal:5432/bd").unwrap();
        assert_eq!(url.redacted(), "postgres://bd:***@db.internal:5432/bd");
        assert!(!format!("{url:?}").contains("Pa55word"));
        assert_eq!(
            url.scrub("connecting with Pa55word failed"),
            "connecting with *** failed"
        );
        let url =
            DatabaseUrl::parse("postgres://db.internal/bd?user=bd&password=Pa55word").unwrap();
        assert_eq!(
            url.redacted(),
            "postgres://db.internal/bd?user=bd&password=***"
        );
        let err = config(&[("DATABASE_URL", "mysql://root:Pa55word@localhost/bd")]).unwrap_err();
        assert!(!err.to_string().contains("Pa55word"), "{err}");
        let c = config(&[
            ("DATABASE_URL", "postgres://bd:Pa55word@db/bd"),
            ("BROKERDESK_ADMIN_PASSWORD", "Admin#Secret1"),
        ])
        .unwrap();
        let shown = format!("{c:?}");
        assert!(
            !shown.contains("Pa55word") && !shown.contains("Admin#Secret1"),
            "{shown}"
        );
    }

    #[test]
    fn an_embeddings_endpoint_turns_on_hybrid_retrieval_and_shares_the_chat_key() {
        assert!(config(&[]).unwrap().embeddings.is_none());
        let c = config(&[
            ("BROKERDESK_AI_API_KEY", "sk-chat"),
            (
                "BROKERDESK_AI_EMBEDDING_BASE_URL",
                "http://127.0.0.1:9000/v1",
            ),
        ])
        .unwrap();
        let e = c.embeddings.unwrap();
        assert_eq!(e.base_url, "http://127.0.0.1:9000/v1");
        assert_eq!(e.model, DEFAULT_EMBEDDING_MODEL);
        assert_eq!(e.api_key.as_deref(), Some("sk-chat"));
        let c = config(&[
            ("BROKERDESK_AI_API_KEY", "sk-chat"),
            ("BROKERDESK_AI_EMBEDDING_BASE_URL", "https://x/v1"),
            ("BROKERDESK_AI_EMBEDDING_API_KEY", "sk-embed"),
            ("BROKERDESK_AI_EMBEDDING_MODEL", "bge-m3"),
        ])
        .unwrap();
        let e = c.embeddings.unwrap();
        assert_eq!(
            (e.api_key.as_deref(), e.model.as_str()),
            (Some("sk-embed"), "bge-m3")
        );
        assert!(
            !format!("{e:?}").contains("sk-embed"),
            "the key stays out of logs"
        );
        assert_eq!(
            config(&[("BROKERDESK_AI_EMBEDDING_BASE_URL", "ftp://x")]).unwrap_err(),
            ConfigError::BadEmbeddingBaseUrl("ftp://x".into())
        );
    }
}
