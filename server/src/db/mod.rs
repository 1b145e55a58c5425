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

/// Connects to the configured database; for SQLite the file and its folder are created,
/// foreign keys are enforced and the journal is WAL.
pub async fn connect(url: &DatabaseUrl) -> Result<DatabaseConnection, DbErr> {
    let mut options = ConnectOptions::new(url.as_str());
    options.sqlx_logging(false);
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
