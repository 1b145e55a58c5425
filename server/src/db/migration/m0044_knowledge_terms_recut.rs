//! Every stored point's search terms cut again with today's words: 到账 became one word (jieba had
//! cut it 到 + 账, and 到 is a stop word) and jieba's guesses glued to 要 are cut back, so a
//! question is split as the points it should find. Unlike other steps this one reads the server's
//! own [`terms_of`], on purpose: stored terms are only right when they are cut as questions are.

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::{ConnectionTrait, FromQueryResult};

use crate::knowledge::retrieval::terms_of;

#[derive(DeriveMigrationName)]
pub struct Migration;

/// Points read and written per round, so a large base is never held whole.
const BATCH: u64 = 1_000;

#[derive(FromQueryResult)]
struct Point {
    id: i64,
    question: String,
    answer: String,
    indexes: String,
    terms: String,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        let backend = db.get_database_backend();
        let table = Alias::new("knowledge_point");
        let mut after = 0_i64;
        loop {
            let page = Query::select()
                .columns(["id", "question", "answer", "indexes", "terms"].map(Alias::new))
                .from(table.clone())
                .and_where(Expr::col(Alias::new("id")).gt(after))
                .order_by(Alias::new("id"), Order::Asc)
                .limit(BATCH)
                .to_owned();
            let points = Point::find_by_statement(backend.build(&page))
                .all(db)
                .await?;
            let Some(last) = points.last() else {
                return Ok(());
            };
            after = last.id;
            for point in points {
                let indexes: Vec<String> = serde_json::from_str(&point.indexes).unwrap_or_default();
                let terms = terms_of(&point.question, &indexes, &point.answer);
                if terms != point.terms {
                    let update = Query::update()
                        .table(table.clone())
                        .value(Alias::new("terms"), terms)
                        .and_where(Expr::col(Alias::new("id")).eq(point.id))
                        .to_owned();
                    db.execute(&update).await?;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use sea_orm_migration::MigratorTrait;
    use sea_orm_migration::sea_orm::{ConnectOptions, ConnectionTrait, Database, Statement};

    use super::super::Migrator;
    use crate::knowledge::retrieval::terms_of;

    #[tokio::test]
    async fn stored_terms_are_cut_as_questions_are() {
        let folder = tempfile::tempdir().unwrap();
        let url = format!(
            "sqlite://{}?mode=rwc",
            folder.path().join("bd.db").display()
        );
        // One connection, foreign keys off: the points name a base no seed has made.
        let mut options = ConnectOptions::new(url);
        options
            .max_connections(1)
            .map_sqlx_sqlite_opts(|opts| opts.foreign_keys(false));
        let db = Database::connect(options).await.unwrap();
        // Every step before this one, however many come after it.
        let before = Migrator::migrations()
            .iter()
            .position(|step| step.name() == "m0044_knowledge_terms_recut")
            .unwrap();
        Migrator::up(&db, Some(u32::try_from(before).unwrap()))
            .await
            .unwrap();
        let backend = db.get_database_backend();
        // As stored before: 到账 cut into 到 (dropped) and 账.
        let old = [
            ("佣金什么时候到账", "[]", "佣金 什么 时候 账"),
            ("带看前需要做哪些准备", "[\"带看准备\"]", "stale"),
        ];
        for (index, (question, indexes, terms)) in old.into_iter().enumerate() {
            db.execute_raw(Statement::from_sql_and_values(
                backend,
                "INSERT INTO knowledge_point (knowledge_id, data_set_id, question, answer, \
                 indexes, terms, content_hash, created_at, updated_at) \
                 VALUES (1, 1, ?, '次月10日到账', ?, ?, ?, '2026-01-01T00:00:00Z', \
                 '2026-01-01T00:00:00Z')",
                [
                    question.into(),
                    indexes.into(),
                    terms.into(),
                    format!("h{index}").into(),
                ],
            ))
            .await
            .unwrap();
        }
        Migrator::up(&db, None).await.unwrap();
        let rows = db
            .query_all_raw(Statement::from_string(
                backend,
                "SELECT terms FROM knowledge_point ORDER BY id",
            ))
            .await
            .unwrap();
        let terms: Vec<String> = rows
            .iter()
            .map(|row| row.try_get("", "terms").unwrap())
            .collect();
        assert_eq!(
            terms,
            [
                terms_of("佣金什么时候到账", &[], "次月10日到账"),
                terms_of(
                    "带看前需要做哪些准备",
                    &["带看准备".to_owned()],
                    "次月10日到账"
                ),
            ]
        );
        assert!(
            terms[0].split(' ').any(|term| term == "到账"),
            "{}",
            terms[0]
        );
    }
}
