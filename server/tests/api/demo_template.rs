//! The demo brokerage is migrated and seeded once per test run and engine, then copied for each
//! test that starts on it: an SQLite file copy, or PostgreSQL's `CREATE DATABASE … TEMPLATE`.
//! Forty migrations and the whole demo seed took 0.7 s per test on SQLite and 2 s on PostgreSQL,
//! most of the suite's time. Each copy still goes through `prepare_database`, which finds it
//! migrated and seeded, so the start-up path under test is the binary's own.

use std::path::{Path, PathBuf};

use brokerdesk_server::config::DatabaseUrl;
use brokerdesk_server::prepare_database;
use brokerdesk_server::seed::Seeding;
use sea_orm::{ConnectionTrait, Database};
use tokio::sync::OnceCell;

/// Templates are named by the test process; those of processes gone are removed.
const SQLITE_PREFIX: &str = "bd-demo-template-";
pub const POSTGRES_PREFIX: &str = "bd_demo_template_";

static SQLITE: OnceCell<PathBuf> = OnceCell::const_new();
static POSTGRES: OnceCell<String> = OnceCell::const_new();

fn gone(pid: &str) -> bool {
    pid.parse::<u32>().is_ok() && !Path::new(&format!("/proc/{pid}")).exists()
}

/// Copies the seeded demo database to `file`.
pub async fn sqlite_copy(file: &Path) {
    let template = SQLITE
        .get_or_init(|| async {
            let root = std::env::temp_dir();
            for entry in std::fs::read_dir(&root).into_iter().flatten().flatten() {
                let name = entry.file_name().to_string_lossy().into_owned();
                if name.strip_prefix(SQLITE_PREFIX).is_some_and(gone) {
                    std::fs::remove_dir_all(entry.path()).ok();
                }
            }
            let dir = root.join(format!("{SQLITE_PREFIX}{}", std::process::id()));
            std::fs::create_dir_all(&dir).expect("template folder");
            let file = dir.join("demo.db");
            std::fs::remove_file(&file).ok();
            let url = DatabaseUrl::Sqlite(format!("sqlite://{}?mode=rwc", file.display()));
            let (db, _) = prepare_database(&url, &Seeding::Demo)
                .await
                .expect("demo template prepared");
            // Everything into the main file, so a copy of that file alone is whole.
            db.execute_unprepared("PRAGMA wal_checkpoint(TRUNCATE)")
                .await
                .expect("checkpoint");
            db.close().await.expect("template closed");
            file
        })
        .await;
    std::fs::copy(template, file).expect("demo template copied");
}

/// The name of the seeded demo database to clone, made on first use through `admin_url`.
pub async fn postgres_template(admin_url: &str, user: &str, host: &str) -> String {
    POSTGRES
        .get_or_init(|| async {
            let admin = Database::connect(admin_url)
                .await
                .expect("PostgreSQL admin");
            let stale = admin
                .query_all_raw(sea_orm::Statement::from_string(
                    admin.get_database_backend(),
                    format!(
                        "SELECT datname FROM pg_database WHERE datname LIKE '{POSTGRES_PREFIX}%'"
                    ),
                ))
                .await
                .expect("databases listed");
            for row in stale {
                let name: String = row.try_get("", "datname").unwrap();
                if name.strip_prefix(POSTGRES_PREFIX).is_some_and(gone) {
                    admin
                        .execute_unprepared(&format!(
                            "DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)"
                        ))
                        .await
                        .ok();
                }
            }
            let name = format!("{POSTGRES_PREFIX}{}", std::process::id());
            admin
                .execute_unprepared(&format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)"))
                .await
                .expect("old template dropped");
            admin
                .execute_unprepared(&format!("CREATE DATABASE \"{name}\""))
                .await
                .expect("template created");
            admin.close().await.ok();
            let url = DatabaseUrl::Postgres(format!("postgres://{user}@{host}/{name}"));
            let (db, _) = prepare_database(&url, &Seeding::Demo)
                .await
                .expect("demo template prepared");
            // A template is copied only while nobody is connected to it.
            db.close().await.expect("template closed");
            name
        })
        .await
        .clone()
}
