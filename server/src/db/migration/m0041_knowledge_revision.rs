//! Retrieval over 100,000 points (issue 12): the in-memory indexes of a knowledge base were
//! checked against a signature counted at every search (`COUNT(*)` and `MAX(updated_at)` over
//! the base's points and vectors, an index scan of 100,000 entries: 20–100 ms). Now
//! `knowledge_revision` keeps, per knowledge base, a number that grows at every write of its
//! points (`points`) and of its vectors (`vectors`), kept by triggers in the writing
//! transaction — every writer (routes, the import, the embeddings worker, a foreign key's
//! cascade, a bulk load) moves it alike — so a search reads one row per base.
//!
//! PostgreSQL counts once per statement (transition tables): a row trigger would update the
//! same row once per point, and a bulk load of 100,000 points in one transaction would walk
//! an ever longer chain of that row's versions.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;
use sea_orm_migration::sea_orm::{ConnectionTrait, DbBackend};

#[derive(DeriveMigrationName)]
pub struct Migration;

/// The tables counted: `(table, revision column)`.
const COUNTED: [(&str, &str); 2] = [
    ("knowledge_point", "points"),
    ("knowledge_vector", "vectors"),
];

/// Moves `column` of the bases `rows` names (`(knowledge_id, 1, 1)` each: a base's first row
/// starts at 1).
fn bump(column: &str, rows: &str) -> String {
    format!(
        "INSERT INTO knowledge_revision (knowledge_id, points, vectors) {rows} \
         ON CONFLICT (knowledge_id) DO UPDATE SET {column} = knowledge_revision.{column} + 1"
    )
}

fn triggers(backend: DbBackend) -> Vec<String> {
    let mut statements = Vec::new();
    for (table, column) in COUNTED {
        match backend {
            DbBackend::Sqlite => {
                let new = bump(column, "VALUES (NEW.knowledge_id, 1, 1)");
                let old = bump(column, "VALUES (OLD.knowledge_id, 1, 1)");
                statements.extend([
                    format!("CREATE TRIGGER {table}_revised_in AFTER INSERT ON {table} BEGIN {new}; END"),
                    format!("CREATE TRIGGER {table}_revised_out AFTER DELETE ON {table} BEGIN {old}; END"),
                    format!(
                        "CREATE TRIGGER {table}_revised AFTER UPDATE ON {table} BEGIN {old}; {new}; END"
                    ),
                ]);
            }
            _ => {
                // DISTINCT: one statement may move a row once only.
                let added = bump(column, "SELECT DISTINCT knowledge_id, 1, 1 FROM added");
                let removed = bump(column, "SELECT DISTINCT knowledge_id, 1, 1 FROM removed");
                statements.extend([
                    format!(
                        "CREATE FUNCTION {table}_revised() RETURNS trigger AS $$ BEGIN \
                         IF TG_OP IN ('UPDATE', 'DELETE') THEN {removed}; END IF; \
                         IF TG_OP IN ('UPDATE', 'INSERT') THEN {added}; END IF; \
                         RETURN NULL; END $$ LANGUAGE plpgsql"
                    ),
                    // A trigger with transition tables takes one kind of statement.
                    format!(
                        "CREATE TRIGGER {table}_revised_in AFTER INSERT ON {table} \
                         REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION {table}_revised()"
                    ),
                    format!(
                        "CREATE TRIGGER {table}_revised_out AFTER DELETE ON {table} \
                         REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION {table}_revised()"
                    ),
                    format!(
                        "CREATE TRIGGER {table}_revised AFTER UPDATE ON {table} \
                         REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT \
                         EXECUTE FUNCTION {table}_revised()"
                    ),
                ]);
            }
        }
    }
    statements
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table("knowledge_revision")
                    .col(big_integer("knowledge_id").primary_key())
                    .col(big_integer("points"))
                    .col(big_integer("vectors"))
                    .to_owned(),
            )
            .await?;
        let db = manager.get_connection();
        // Every base there is starts counted, so a base with no row has never held a point.
        db.execute_unprepared(
            "INSERT INTO knowledge_revision (knowledge_id, points, vectors) \
             SELECT id, 1, 1 FROM knowledge",
        )
        .await?;
        for statement in triggers(manager.get_database_backend()) {
            db.execute_unprepared(&statement).await?;
        }
        Ok(())
    }
}
