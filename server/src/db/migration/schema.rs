//! What every step builds its tables with: foreign keys and indexes named after their table and
//! columns (`fk_listing_room_id`, `idx_listing_store_id_created_at`), so a later step can name
//! them to drop or replace.

use sea_orm_migration::prelude::*;

/// `table.column` refers to `target.id`.
pub fn reference(
    table: &str,
    column: &str,
    target: &str,
    on_delete: ForeignKeyAction,
) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .name(format!("fk_{table}_{column}"))
        .from(table.to_owned(), column.to_owned())
        .to(target.to_owned(), "id")
        .on_delete(on_delete)
        .to_owned()
}

/// An index on `columns` of `table`, in that order.
pub fn index(table: &str, columns: &[&str]) -> IndexCreateStatement {
    let mut statement = Index::create();
    statement
        .name(format!("idx_{table}_{}", columns.join("_")))
        .table(table.to_owned());
    for column in columns {
        statement.col((*column).to_owned());
    }
    statement.to_owned()
}

/// [`index`], refusing two rows with the same values.
pub fn unique_index(table: &str, columns: &[&str]) -> IndexCreateStatement {
    index(table, columns).unique().to_owned()
}
