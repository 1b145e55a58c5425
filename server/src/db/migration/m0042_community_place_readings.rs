//! Community names and aliases holding a character read otherwise in place names (core
//! `community::PLACE_READINGS`: 金都 jindu, 大厦 dasha) were spelt with its most common reading
//! (jindou), so the full pinyin a user types found nothing. Respelt here with core's `spell`;
//! names without such a character keep their spelling.

use brokerdesk_core::community::spell;
use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::{ConnectionTrait, Statement};

#[derive(DeriveMigrationName)]
pub struct Migration;

/// The characters of core's place readings when this step was written.
const RESPELT: [char; 2] = ['都', '厦'];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in ["community", "community_alias"] {
            respell(manager, table).await?;
        }
        Ok(())
    }
}

async fn respell(manager: &SchemaManager<'_>, table: &str) -> Result<(), DbErr> {
    let db = manager.get_connection();
    let like = RESPELT
        .iter()
        .map(|c| format!("name LIKE '%{c}%'"))
        .collect::<Vec<_>>()
        .join(" OR ");
    let rows = db
        .query_all_raw(Statement::from_string(
            db.get_database_backend(),
            format!(r#"SELECT CAST(id AS BIGINT) AS id, name FROM "{table}" WHERE {like}"#),
        ))
        .await?;
    for row in rows {
        let id: i64 = row.try_get("", "id")?;
        let name: String = row.try_get("", "name")?;
        let spelling = spell(&name);
        let statement = Query::update()
            .table(Alias::new(table))
            .value(Alias::new("pinyin"), spelling.pinyin)
            .value(Alias::new("initials"), spelling.initials)
            .and_where(Expr::col(Alias::new("id")).eq(id))
            .to_owned();
        manager.exec_stmt(statement).await?;
    }
    Ok(())
}
