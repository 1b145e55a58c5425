//! The one database connection, chosen by the `DATABASE_URL` scheme, and its migrations.
//! Backend-specific settings live here and nowhere else.

pub mod migration;

use std::path::PathBuf;
use std::time::Duration;

use sea_orm::sqlx::sqlite::SqliteJournalMode;
use sea_orm::{ConnectOptions, Database, DatabaseConnection, DbErr};
use sea_orm_migration::MigratorTrait;

use crate::config::DatabaseUrl;

/// How long an SQLite statement waits for a competing writer before failing.
const SQLITE_BUSY_TIMEOUT: Duration = Duration::from_secs(5);
/// A pooled connection idle this long is pinged before use (one that was just used is not:
/// a ping per statement doubled every round trip).
const PING_AFTER_IDLE: Duration = Duration::from_secs(30);
/// Read-only SQLite connections beside the one writer (see [`connect_reader`]).
const SQLITE_READERS: u32 = 4;

/// Connects to the configured database; for SQLite the file and its folder are created,
/// foreign keys are enforced and the journal is WAL.
pub async fn connect(url: &DatabaseUrl) -> Result<DatabaseConnection, DbErr> {
    let mut options = ConnectOptions::new(url.as_str());
    options
        .sqlx_logging(false)
        .test_before_acquire_if_idle_for(PING_AFTER_IDLE);
    if let DatabaseUrl::Sqlite(raw) = url {
        if let Some(folder) = sqlite_file(raw).and_then(|file| file.parent().map(PathBuf::from))
            && !folder.as_os_str().is_empty()
        {
            std::fs::create_dir_all(&folder).map_err(|err| {
                DbErr::Custom(format!("cannot create {}: {err}", folder.display()))
            })?;
        }
        options.map_sqlx_sqlite_opts(|opts| {
            opts.create_if_missing(true)
                .foreign_keys(true)
                .busy_timeout(SQLITE_BUSY_TIMEOUT)
                .journal_mode(SqliteJournalMode::Wal)
        });
    }
    Database::connect(options).await
}

/// The connection for reads that need not wait for writes: for an SQLite file, a pool of
/// read-only connections (WAL lets them read while the writer writes). SQLite's main pool is
/// one connection (so no two transactions race to write), and every statement of the server
/// queued on it: 200 chats asking at once each waited for the others' reads of the assistant,
/// its bases and their points before reaching the model (279 ms median). PostgreSQL's pool
/// already reads in parallel, and an in-memory SQLite database exists on its one connection
/// only: both read through `writer`.
pub async fn connect_reader(
    url: &DatabaseUrl,
    writer: &DatabaseConnection,
) -> Result<DatabaseConnection, DbErr> {
    let DatabaseUrl::Sqlite(raw) = url else {
        return Ok(writer.clone());
    };
    if sqlite_file(raw).is_none() || raw.contains("mode=memory") {
        return Ok(writer.clone());
    }
    let mut options = ConnectOptions::new(raw.as_str());
    options
        .sqlx_logging(false)
        .max_connections(SQLITE_READERS)
        .test_before_acquire_if_idle_for(PING_AFTER_IDLE);
    options.map_sqlx_sqlite_opts(|opts| {
        opts.read_only(true)
            .create_if_missing(false)
            .busy_timeout(SQLITE_BUSY_TIMEOUT)
    });
    Database::connect(options).await
}

/// Brings the schema up to date; every step runs in its own transaction.
pub async fn migrate(db: &DatabaseConnection) -> Result<(), DbErr> {
    migration::Migrator::up(db, None).await
}

/// The file an `sqlite:` URL names, or `None` for an in-memory database.
fn sqlite_file(url: &str) -> Option<PathBuf> {
    let rest = url
        .strip_prefix("sqlite://")
        .or_else(|| url.strip_prefix("sqlite:"))?;
    let path = rest.split('?').next().unwrap_or_default();
    (!path.is_empty() && path != ":memory:").then(|| PathBuf::from(path))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sqlite_urls_name_their_file() {
        assert_eq!(
            sqlite_file("sqlite://data/brokerdesk.db?mode=rwc"),
            Some(PathBuf::from("data/brokerdesk.db"))
        );
        assert_eq!(
            sqlite_file("sqlite:///tmp/x/bd.db"),
            Some(PathBuf::from("/tmp/x/bd.db"))
        );
        assert_eq!(sqlite_file("sqlite::memory:"), None);
    }
}
