//! Permission codes: every menu entry and page action gets a stable code (`work:store:staff:list`,
//! `work:store:staff:add`) in its own `perms` column, which the server's routes name instead of
//! the editable route path. Existing rows are given the default tree's code for their path, or
//! one spelt after their path when the tree does not know it (entries added in route config), so
//! everyone keeps the access they had.

use std::collections::{HashMap, HashSet};

use brokerdesk_core::menu::{MENU_TYPE_DIRECTORY, MenuEntry, STATUS_HIDDEN, default_menu_tree};
use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;
use sea_orm_migration::sea_orm::{ConnectionTrait, Statement};

#[derive(DeriveMigrationName)]
pub struct Migration;

/// Longest code: six parts of thirty characters and their colons fit.
const PERMS_MAX: u32 = 200;
/// Parts of a code (core's rule allows six); a fallback keeps one free for its suffix.
const PARTS_MAX: usize = 6;
const PART_MAX: usize = 30;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in ["menu", "menu_action"] {
            manager
                .alter_table(
                    Table::alter()
                        .table(table)
                        .add_column(string_len("perms", PERMS_MAX).default(""))
                        .to_owned(),
                )
                .await?;
        }
        fill(manager).await?;
        for table in ["menu", "menu_action"] {
            manager
                .create_index(
                    Index::create()
                        .name(format!("idx_{table}_perms"))
                        .table(table)
                        .col("perms")
                        .unique()
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }

    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }
}

/// A stored menu row as this step reads it.
struct MenuRow {
    id: i64,
    menu_type: i64,
    status: i64,
    page: String,
}

/// A stored action row as this step reads it.
struct ActionRow {
    id: i64,
    menu_id: i64,
    code: String,
}

async fn fill(manager: &SchemaManager<'_>) -> Result<(), DbErr> {
    let db = manager.get_connection();
    let backend = db.get_database_backend();
    let menus: Vec<MenuRow> = db
        .query_all_raw(Statement::from_string(
            backend,
            r#"SELECT CAST(id AS BIGINT) AS id, CAST(menu_type AS BIGINT) AS menu_type,
                CAST(status AS BIGINT) AS status, menu_page FROM "menu" ORDER BY id"#,
        ))
        .await?
        .iter()
        .map(|row| {
            Ok(MenuRow {
                id: row.try_get("", "id")?,
                menu_type: row.try_get("", "menu_type")?,
                status: row.try_get("", "status")?,
                page: row.try_get("", "menu_page")?,
            })
        })
        .collect::<Result<_, DbErr>>()?;
    let actions: Vec<ActionRow> = db
        .query_all_raw(Statement::from_string(
            backend,
            r#"SELECT CAST(id AS BIGINT) AS id, CAST(menu_id AS BIGINT) AS menu_id, code
                FROM "menu_action" ORDER BY id"#,
        ))
        .await?
        .iter()
        .map(|row| {
            Ok(ActionRow {
                id: row.try_get("", "id")?,
                menu_id: row.try_get("", "menu_id")?,
                code: row.try_get("", "code")?,
            })
        })
        .collect::<Result<_, DbErr>>()?;
    let codes = Codes::assign(&menus, &actions);
    for (table, assigned) in [("menu", &codes.menus), ("menu_action", &codes.actions)] {
        for (id, code) in assigned {
            let statement = Query::update()
                .table(table)
                .value("perms", code.clone())
                .and_where(Expr::col("id").eq(*id))
                .to_owned();
            manager.exec_stmt(statement).await?;
        }
    }
    Ok(())
}

/// The codes given to every row, unique across menus and actions together.
#[derive(Debug, Default)]
struct Codes {
    menus: Vec<(i64, String)>,
    actions: Vec<(i64, String)>,
    taken: HashSet<String>,
}

impl Codes {
    fn assign(menus: &[MenuRow], actions: &[ActionRow]) -> Self {
        let shipped = shipped_codes();
        let mut codes = Self::default();
        let mut of_menu: HashMap<i64, (String, String)> = HashMap::new();
        for row in menus {
            let wanted = shipped
                .get(&row.page)
                .map(|(code, _)| code.clone())
                .unwrap_or_else(|| spelt_after(row));
            let code = codes.take(wanted, row.id);
            of_menu.insert(row.id, (row.page.clone(), code.clone()));
            codes.menus.push((row.id, code));
        }
        for action in actions {
            let Some((page, page_code)) = of_menu.get(&action.menu_id) else {
                continue;
            };
            let wanted = shipped
                .get(page)
                .and_then(|(_, actions)| actions.get(&action.code).cloned())
                .unwrap_or_else(|| {
                    let stem = page_code.rsplit_once(':').map_or(&**page_code, |(s, _)| s);
                    let parts = stem.split(':').take(PARTS_MAX - 1);
                    let mut parts: Vec<String> = parts.map(str::to_owned).collect();
                    parts.push(part(&action.code));
                    parts.join(":")
                });
            let code = codes.take(wanted, action.id);
            codes.actions.push((action.id, code));
        }
        codes
    }

    /// `wanted`, or when another row has it, `wanted` with the row's id on its last part.
    fn take(&mut self, wanted: String, id: i64) -> String {
        let code = if self.taken.contains(&wanted) {
            let (stem, last) = wanted.rsplit_once(':').unwrap_or(("", &wanted));
            let suffix = format!("_{id}");
            let last: String = last.chars().take(PART_MAX - suffix.len()).collect();
            match stem {
                "" => format!("{last}{suffix}"),
                stem => format!("{stem}:{last}{suffix}"),
            }
        } else {
            wanted
        };
        self.taken.insert(code.clone());
        code
    }
}

/// The default tree's codes by path: each entry's code and its actions' codes by action code.
fn shipped_codes() -> HashMap<String, (String, HashMap<String, String>)> {
    default_menu_tree()
        .iter()
        .flat_map(MenuEntry::walk)
        .map(|entry| {
            let actions = entry
                .auth_actions
                .iter()
                .map(|action| (action.component_path.clone(), action.perms.clone()))
                .collect();
            (entry.menu_page.clone(), (entry.perms.clone(), actions))
        })
        .collect()
}

/// One part of a code from any text: letters, digits and `_`, starting with a letter.
fn part(text: &str) -> String {
    let cleaned: String = text
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    let cleaned = if cleaned.starts_with(|c: char| c.is_ascii_alphabetic()) {
        cleaned
    } else {
        format!("p{cleaned}")
    };
    cleaned.chars().take(PART_MAX).collect()
}

/// A code spelt after a row's path, as the default tree's were: its parts without parameters,
/// and `list` for a shown page or `view` for a hidden one.
fn spelt_after(row: &MenuRow) -> String {
    let mut parts: Vec<String> = row
        .page
        .split('/')
        .filter(|segment| !segment.is_empty() && !segment.starts_with(':'))
        .map(part)
        .collect();
    if parts.is_empty() {
        parts.push("menu".to_owned());
    }
    let directory = row.menu_type == i64::from(MENU_TYPE_DIRECTORY);
    let keep = if directory { PARTS_MAX } else { PARTS_MAX - 1 };
    parts.truncate(keep);
    if !directory {
        let hidden = row.status == i64::from(STATUS_HIDDEN);
        parts.push(if hidden { "view" } else { "list" }.to_owned());
    }
    parts.join(":")
}

#[cfg(test)]
mod tests {
    use super::*;
    use brokerdesk_core::menu::{MENU_TYPE_PAGE, STATUS_VISIBLE};
    use brokerdesk_core::org::fields::permission_code;

    fn menu(id: i64, menu_type: u8, status: u8, page: &str) -> MenuRow {
        MenuRow {
            id,
            menu_type: menu_type.into(),
            status: status.into(),
            page: page.into(),
        }
    }

    fn action(id: i64, menu_id: i64, code: &str) -> ActionRow {
        ActionRow {
            id,
            menu_id,
            code: code.into(),
        }
    }

    #[test]
    fn shipped_rows_get_the_default_trees_codes_and_others_one_after_their_path() {
        let menus = [
            menu(1, MENU_TYPE_PAGE, STATUS_VISIBLE, "/work/store/staff"),
            menu(2, MENU_TYPE_PAGE, STATUS_VISIBLE, "/work/store/shift"),
            menu(3, MENU_TYPE_PAGE, STATUS_HIDDEN, "/work/store/shift/:id"),
            menu(4, MENU_TYPE_DIRECTORY, 1, "/crm-2/客户"),
            // Spelt like a shipped code: it gets its id appended.
            menu(5, MENU_TYPE_DIRECTORY, 1, "/work/store/staff/list"),
            menu(6, MENU_TYPE_PAGE, STATUS_VISIBLE, "/a/b/c/d/e/f/g"),
        ];
        let actions = [
            action(10, 1, "add"),
            action(11, 1, "stamp"),
            action(12, 2, "create"),
        ];
        let codes = Codes::assign(&menus, &actions);
        let menus: Vec<&str> = codes.menus.iter().map(|(_, c)| c.as_str()).collect();
        assert_eq!(
            menus,
            [
                "work:store:staff:list",
                "work:store:shift:list",
                "work:store:shift:view",
                "crm_2:p__",
                "work:store:staff:list_5",
                "a:b:c:d:e:list",
            ]
        );
        let actions: Vec<&str> = codes.actions.iter().map(|(_, c)| c.as_str()).collect();
        assert_eq!(
            actions,
            [
                "work:store:staff:add",
                "work:store:staff:stamp",
                "work:store:shift:create"
            ]
        );
        for code in menus.iter().chain(&actions) {
            assert!(permission_code(code).is_ok(), "{code}");
        }
    }

    /// A database as the previous release left it, with a shipped page and one added in route
    /// config, comes out of the upgrade with every row coded.
    #[tokio::test]
    async fn an_upgrade_codes_every_stored_row() {
        use sea_orm_migration::MigratorTrait;
        use sea_orm_migration::sea_orm::Database;

        use crate::db::migration::Migrator;

        let folder = tempfile::tempdir().unwrap();
        let url = format!(
            "sqlite://{}?mode=rwc",
            folder.path().join("old.db").display()
        );
        let db = Database::connect(url).await.unwrap();
        Migrator::up(&db, Some(4)).await.unwrap();
        for rows in [
            r#"INSERT INTO "menu" (id, parent_id, menu_name, menu_type, status, menu_page)
                VALUES (1, NULL, '门店工作台', 1, 1, '/work'),
                    (2, 1, '门店员工', 2, 2, '/work/store/staff'),
                    (3, 1, '排班', 2, 2, '/work/store/shift')"#,
            r#"INSERT INTO "menu_action" (id, menu_id, code, name)
                VALUES (10, 2, 'add', '新增'), (11, 3, 'create', '新建')"#,
        ] {
            db.execute_unprepared(rows).await.unwrap();
        }
        Migrator::up(&db, None).await.unwrap();
        let codes = |table: &str| {
            let sql = format!(r#"SELECT perms FROM "{table}" ORDER BY id"#);
            let db = &db;
            async move {
                let rows = db
                    .query_all_raw(Statement::from_string(db.get_database_backend(), sql))
                    .await
                    .unwrap();
                rows.iter()
                    .map(|row| row.try_get::<String>("", "perms").unwrap())
                    .collect::<Vec<_>>()
            }
        };
        assert_eq!(
            codes("menu").await,
            ["work", "work:store:staff:list", "work:store:shift:list"]
        );
        assert_eq!(
            codes("menu_action").await,
            ["work:store:staff:add", "work:store:shift:create"]
        );
        // The codes are unique from now on.
        let taken = db
            .execute_unprepared(r#"UPDATE "menu" SET perms = 'work' WHERE id = 2"#)
            .await;
        assert!(taken.is_err());
    }
}
