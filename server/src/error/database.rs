//! What the database refuses, in the user's words: a duplicate (10000409), a row still
//! referred to (10020006, naming what refers to it), a reference to a row that is gone
//! (10020003); anything else is the server's fault (10000500, details only in the log).

use sea_orm::{DbErr, SqlErr};

use super::AppError;
use crate::entity::status::UnknownStatus;

impl From<DbErr> for AppError {
    fn from(err: DbErr) -> Self {
        if let DbErr::TryIntoErr { source, .. } = &err
            && let Some(unknown) = source.downcast_ref::<UnknownStatus>()
        {
            return Self::StatusUnknown(unknown.to_string());
        }
        match err.sql_err() {
            Some(SqlErr::UniqueConstraintViolation(_)) => Self::Duplicate,
            Some(SqlErr::ForeignKeyConstraintViolation(detail)) => foreign_key_refusal(&detail),
            // SQLite runs an ON DELETE RESTRICT as a trigger and reports code 1811, which sea-orm
            // does not classify; the message is the same as for any foreign key.
            _ if err.to_string().contains(SQLITE_FOREIGN_KEY) => {
                foreign_key_refusal(SQLITE_FOREIGN_KEY)
            }
            _ => Self::internal(err),
        }
    }
}

const SQLITE_FOREIGN_KEY: &str = "FOREIGN KEY constraint failed";

/// What is said of a row still used by something this server cannot name (SQLite's foreign
/// keys, a table without a label), and of a resource's rows by default.
pub const USED_BY_SOMETHING: &str = "该数据仍被其他数据使用，无法删除";

/// A foreign key refused a write. PostgreSQL names the table on each side: a row that refers
/// to one that is gone (`insert or update on table ...`) answers 数据不存在或已被删除, a row
/// still referred to answers 10020006 naming what refers to it. SQLite names neither; a
/// [`crate::resource::Resource`] then says what uses its rows.
fn foreign_key_refusal(detail: &str) -> AppError {
    if detail.contains("insert or update on table") {
        return AppError::NotFound;
    }
    let user = detail
        .rsplit_once("on table \"")
        .and_then(|(_, rest)| rest.split('"').next())
        .and_then(table_label);
    AppError::InUse(match user {
        Some(label) => format!("该数据仍被{label}使用，无法删除"),
        None => USED_BY_SOMETHING.to_owned(),
    })
}

/// What users call the rows of a table that can refer to another row.
fn table_label(table: &str) -> Option<&'static str> {
    Some(match table {
        "user" | "user_role" | "user_site" => "员工",
        "organisation" => "公司",
        "store_group" => "门店组",
        "store" => "门店",
        "department" => "部门",
        "position" => "岗位",
        "role" | "role_menu" | "role_action" | "role_scope_department" | "role_scope_store" => {
            "角色"
        }
        "dictionary" => "字典",
        "app_enablement" => "应用设置",
        "listing_role" => "房源角色",
        "district" => "区域",
        "business_circle" => "商圈",
        "building_type" => "建筑类型",
        "enrollment" => "入职办理",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_row_still_referred_to_names_what_refers_to_it() {
        let postgres = "update or delete on table \"store\" violates foreign key constraint \
                        \"fk_user_store_id\" on table \"user\"";
        let err = foreign_key_refusal(postgres);
        assert_eq!(err.code(), 10020006);
        assert_eq!(err.to_string(), "该数据仍被员工使用，无法删除");
        let sqlite = foreign_key_refusal(SQLITE_FOREIGN_KEY);
        assert_eq!(sqlite.code(), 10020006);
        assert_eq!(sqlite.to_string(), "该数据仍被其他数据使用，无法删除");
        let gone = "insert or update on table \"store\" violates foreign key constraint \
                    \"fk_store_organisation_id\"";
        assert_eq!(foreign_key_refusal(gone).code(), 10020003);
    }

    #[test]
    fn other_database_errors_are_internal_and_say_nothing_of_it() {
        let err = AppError::from(DbErr::Custom("boom".into()));
        assert_eq!(err.code(), 10000500);
        assert_eq!(err.to_string(), "服务器内部错误，请稍后再试");
    }
}
