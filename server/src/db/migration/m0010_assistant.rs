//! AI assistants and the knowledge bases they answer from, the chat credential and the chat log: an assistant's greeting, suggested
//! questions and retrieval settings; the chat token a session hands to the chat socket (it dies
//! with its session); every question asked over `/ws` with its answer and tokens.

use super::schema::{index, reference};
use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use ForeignKeyAction::{Cascade, SetNull};
        manager
            .create_table(
                Table::create()
                    .table("assistant")
                    .col(big_pk_auto("id"))
                    .col(small_integer("kind"))
                    .col(string_len("name", 50))
                    .col(string_len("description", 200))
                    .col(string_len("welcome_message", 500))
                    // JSON arrays: the questions offered under the greeting, the city sites the
                    // assistant serves (empty: every site).
                    .col(text("suggested_questions"))
                    .col(text("site_ids"))
                    .col(text("prompt"))
                    .col(integer("top_k"))
                    .col(integer("threshold"))
                    .col(boolean("citations"))
                    .col(boolean("published"))
                    .col(big_integer_null("created_by"))
                    .col(timestamp_with_time_zone("created_at"))
                    .col(timestamp_with_time_zone("updated_at"))
                    .foreign_key(&mut reference("assistant", "created_by", "user", SetNull))
                    .to_owned(),
            )
            .await?;
        // The knowledge bases an assistant answers from.
        manager
            .create_table(
                Table::create()
                    .table("assistant_knowledge")
                    .col(big_pk_auto("id"))
                    .col(big_integer("assistant_id"))
                    .col(big_integer("knowledge_id"))
                    .foreign_key(&mut reference(
                        "assistant_knowledge",
                        "assistant_id",
                        "assistant",
                        Cascade,
                    ))
                    .foreign_key(&mut reference(
                        "assistant_knowledge",
                        "knowledge_id",
                        "knowledge",
                        Cascade,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                index("assistant_knowledge", &["assistant_id", "knowledge_id"])
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table("chat_token")
                    .col(big_pk_auto("id"))
                    .col(string_len_uniq("token_hash", 64))
                    .col(big_integer("session_token_id"))
                    .col(timestamp_with_time_zone("created_at"))
                    .foreign_key(&mut reference(
                        "chat_token",
                        "session_token_id",
                        "session_token",
                        Cascade,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table("chat_log")
                    .col(big_pk_auto("id"))
                    .col(big_integer_null("assistant_id"))
                    // Kept as asked: the log outlives a removed assistant.
                    .col(string_len("assistant_name", 50))
                    .col(big_integer("user_id"))
                    .col(big_integer_null("site_id"))
                    .col(string_len("uuid", 64))
                    .col(string_len("msg_id", 64))
                    .col(text("question"))
                    .col(text("answer"))
                    // Chat status codes: 0 done, 2 error, 3 stopped.
                    .col(small_integer("status"))
                    .col(big_integer("tokens"))
                    // The cited documents as JSON.
                    .col(text("docs"))
                    .col(timestamp_with_time_zone("created_at"))
                    .col(timestamp_with_time_zone("finished_at"))
                    .foreign_key(&mut reference(
                        "chat_log",
                        "assistant_id",
                        "assistant",
                        SetNull,
                    ))
                    .foreign_key(&mut reference("chat_log", "user_id", "user", Cascade))
                    .to_owned(),
            )
            .await?;
        for (table, columns) in [
            ("chat_token", &["session_token_id"][..]),
            ("chat_log", &["assistant_id", "created_at"][..]),
            ("chat_log", &["user_id", "uuid"][..]),
        ] {
            manager.create_index(index(table, columns)).await?;
        }
        Ok(())
    }

    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }
}
