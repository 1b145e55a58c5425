//! m0013 gave 报备审核 (`/coc/newHouse/report`) to existing databases with an empty component
//! path, so the page opened nothing there. The start-up menu sync (`seed::add_new_entries`) adds
//! only codes a database never had, and this one it has: the row is repaired here, once, where
//! its path is still empty (a path an administrator set in 路由配置 is left as it is).

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::ConnectionTrait;

#[derive(DeriveMigrationName)]
pub struct Migration;

/// The view core's default tree gives the page (`core::menu::default_tree`).
pub const VIEW: &str = "coc/newHouse/report";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .get_connection()
            .execute_unprepared(&format!(
                "UPDATE menu SET component_path = '{VIEW}' \
                 WHERE perms = 'coc:newHouse:report:list' AND component_path = ''"
            ))
            .await?;
        Ok(())
    }

    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }
}

#[cfg(test)]
mod tests {
    use brokerdesk_core::menu::{MenuEntry, default_menu_tree};
    use sea_orm_migration::MigratorTrait;
    use sea_orm_migration::sea_orm::{Database, Statement};

    use super::*;
    use crate::db::migration::Migrator;

    fn find(entries: &[MenuEntry], perms: &str) -> Option<String> {
        entries.iter().find_map(|entry| {
            if entry.perms == perms {
                Some(entry.component_path.clone())
            } else {
                find(&entry.children, perms)
            }
        })
    }

    /// A database that got 报备审核 from m0013 (empty path) comes out of the upgrade with the
    /// path core's tree gives the page; running the repair again changes nothing.
    #[tokio::test]
    async fn an_old_database_gets_the_report_review_path() {
        let folder = tempfile::tempdir().unwrap();
        let url = format!(
            "sqlite://{}?mode=rwc",
            folder.path().join("old.db").display()
        );
        let db = Database::connect(url).await.unwrap();
        // Up to m0012: the city workspace with 新房分销, as the seed of that release wrote it.
        Migrator::up(&db, Some(12)).await.unwrap();
        db.execute_unprepared(
            r#"INSERT INTO "menu" (id, parent_id, menu_name, menu_type, status, menu_page, perms, component_path, sort)
                VALUES (1, NULL, '城市运营中心', 1, 1, '/coc', 'coc', '', 0),
                    (2, 1, '新房分销', 2, 2, '/coc/newHouse', 'coc:newHouse:list', 'coc/newHouse', 3)"#,
        )
        .await
        .unwrap();
        let path = || async {
            let row = db
                .query_one_raw(Statement::from_string(
                    db.get_database_backend(),
                    "SELECT component_path FROM menu WHERE perms = 'coc:newHouse:report:list'",
                ))
                .await
                .unwrap()
                .expect("the 报备审核 row");
            row.try_get::<String>("", "component_path").unwrap()
        };
        Migrator::up(&db, Some(1)).await.unwrap();
        assert_eq!(path().await, "", "m0013 left the path empty");
        Migrator::up(&db, None).await.unwrap();
        let expected = find(&default_menu_tree(), "coc:newHouse:report:list").unwrap();
        assert_eq!(expected, VIEW);
        assert_eq!(path().await, VIEW);
        Migration.up(&SchemaManager::new(&db)).await.unwrap();
        assert_eq!(path().await, VIEW);
    }
}
