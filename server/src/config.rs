//! Configuration, read once from the environment into a typed struct with defaults.
//!
//! | variable | default | meaning |
//! | --- | --- | --- |
//! | `BROKERDESK_ADDR` | `127.0.0.1:8080` | address the HTTP server listens on |
//! | `DATABASE_URL` | `sqlite://data/brokerdesk.db?mode=rwc` | `sqlite:` file or `postgres://` server |
//! | `BROKERDESK_WEB_DIR` | `web/dist` | the built SPA, served with history fallback |
//! | `BROKERDESK_TOKEN_TTL_HOURS` | `12` | how long a login token stays valid |

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

pub const DEFAULT_ADDR: &str = "127.0.0.1:8080";
pub const DEFAULT_DATABASE_URL: &str = "sqlite://data/brokerdesk.db?mode=rwc";
pub const DEFAULT_WEB_DIR: &str = "web/dist";
pub const DEFAULT_TOKEN_TTL_HOURS: u64 = 12;

#[derive(Debug, Clone)]
pub struct Config {
    pub addr: SocketAddr,
    pub database: DatabaseUrl,
    pub web_dir: PathBuf,
    pub token_ttl: Duration,
}

/// The database the URL names; anything else is refused at start.
#[derive(Debug, Clone, PartialEq, Eq)]
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
            Err(ConfigError::UnknownDatabase(url.to_owned()))
        }
    }

    pub fn as_str(&self) -> &str {
        match self {
            Self::Sqlite(url) | Self::Postgres(url) => url,
        }
    }
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ConfigError {
    #[error(
        "DATABASE_URL `{0}` is not supported: use `sqlite://path/to/file.db?mode=rwc` or `postgres://user@host:5432/dbname`"
    )]
    UnknownDatabase(String),
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
        let ttl_text = get(
            "BROKERDESK_TOKEN_TTL_HOURS",
            &DEFAULT_TOKEN_TTL_HOURS.to_string(),
        );
        let hours: u64 = ttl_text
            .trim()
            .parse()
            .map_err(|_| ConfigError::BadTokenTtl(ttl_text.clone()))?;
        Ok(Self {
            addr,
            database,
            web_dir: PathBuf::from(get("BROKERDESK_WEB_DIR", DEFAULT_WEB_DIR)),
            token_ttl: Duration::from_secs(hours * 3600),
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
}
