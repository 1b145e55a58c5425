//! 对话日志 gained the status 未找到答案 (core `chat::log_status::NO_ANSWER`, 6): a finished answer
//! that was the knowledge-base answerer's honest "no answer found" was logged as 已回答 (0).
//! Those rows are rewritten here; the values and the words are those of when this step was
//! written, so a later change of either does not change what it did.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

const ANSWERED: i16 = 0;
const NO_ANSWER: i16 = 6;
/// How the knowledge-base answerer's "no answer found" has always begun.
const NOT_FOUND_HEAD: &str = "未找到相关答案";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let statement = Query::update()
            .table(Alias::new("chat_log"))
            .value(Alias::new("status"), NO_ANSWER)
            .and_where(Expr::col(Alias::new("status")).eq(ANSWERED))
            .and_where(Expr::col(Alias::new("answer")).like(format!("{NOT_FOUND_HEAD}%")))
            .to_owned();
        manager.exec_stmt(statement).await
    }
}

#[cfg(test)]
mod tests {
    use sea_orm_migration::MigratorTrait;
    use sea_orm_migration::sea_orm::{ConnectOptions, ConnectionTrait, Database, Statement};

    use super::super::Migrator;

    /// Old rows, as the socket logged them before this step: `(answer, status)`.
    const OLD: [(&str, i16); 4] = [
        ("未找到相关答案。知识库中没有与这个问题足够相近的内容。", 0),
        ("报备有效期为30天。", 0),
        // Stopped before anything was found stays stopped.
        ("未找到相关答案", 3),
        ("大模型服务出错：500", 2),
    ];

    #[tokio::test]
    async fn old_no_answer_rows_become_no_answer_and_the_rest_stay() {
        let folder = tempfile::tempdir().unwrap();
        let url = format!(
            "sqlite://{}?mode=rwc",
            folder.path().join("bd.db").display()
        );
        // One connection, foreign keys off: the rows name an asker no seed has made.
        let mut options = ConnectOptions::new(url);
        options
            .max_connections(1)
            .map_sqlx_sqlite_opts(|opts| opts.foreign_keys(false));
        let db = Database::connect(options).await.unwrap();
        // Every step before this one, however many come after it.
        let before = Migrator::migrations()
            .iter()
            .position(|step| step.name() == "m0043_chat_log_no_answer")
            .unwrap();
        Migrator::up(&db, Some(u32::try_from(before).unwrap()))
            .await
            .unwrap();
        let backend = db.get_database_backend();
        for (index, (answer, status)) in OLD.into_iter().enumerate() {
            db.execute_raw(Statement::from_sql_and_values(
                backend,
                "INSERT INTO chat_log (assistant_name, user_id, uuid, msg_id, question, answer, \
                 status, tokens, docs, created_at, finished_at) \
                 VALUES ('助手', 1, 'u', ?, '问', ?, ?, 0, '[]', '2026-01-01T00:00:00Z', \
                 '2026-01-01T00:00:01Z')",
                [format!("m{index}").into(), answer.into(), status.into()],
            ))
            .await
            .unwrap();
        }
        Migrator::up(&db, None).await.unwrap();
        let rows = db
            .query_all_raw(Statement::from_string(
                backend,
                "SELECT CAST(status AS BIGINT) AS status FROM chat_log ORDER BY id",
            ))
            .await
            .unwrap();
        let statuses: Vec<i64> = rows
            .iter()
            .map(|row| row.try_get("", "status").unwrap())
            .collect();
        assert_eq!(statuses, [6, 0, 3, 2]);
    }
}
