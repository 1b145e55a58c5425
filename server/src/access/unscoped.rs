//! The one door to reads that ignore the caller's scope, reached as [`super::Scoped::unscoped`].
//! What passes through it is deliberate: a name must be unique across a whole company or city
//! (including rows the caller cannot see), a row may not be removed while anything uses it,
//! lists show the names and counts of what their rows refer to, and a few tables belong to no
//! one (menus, the app catalogue). Everything else reads through the scope.
//!
//! `EntityTrait::find*` is a disallowed method (clippy.toml) everywhere but here and in the
//! modules that run before a caller exists (login, seeding, loading the caller).

use std::collections::HashMap;

use sea_orm::sea_query::IntoCondition;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DbBackend, EntityTrait, FromQueryResult, ModelTrait,
    PaginatorTrait, QueryFilter, QuerySelect, Select, TryGetable, Value,
};

use super::Placed;
use super::placed::Named;
use crate::error::AppError;
use crate::paging::{self, Page, PageQuery};

/// Reads without the scope's condition, over a connection or a transaction.
pub struct Unscoped<'a, C> {
    db: &'a C,
}

impl<'a, C: ConnectionTrait> Unscoped<'a, C> {
    pub(crate) fn new(db: &'a C) -> Self {
        Self { db }
    }

    /// The engine behind the connection, for the few queries shaped for one engine.
    pub fn backend(&self) -> DbBackend {
        self.db.get_database_backend()
    }

    /// Every row of `E`; narrow it with filters and run it through this door or the scoped
    /// handle.
    #[allow(clippy::disallowed_methods)]
    pub fn find<E: EntityTrait>(&self) -> Select<E> {
        E::find()
    }

    pub async fn all<E: EntityTrait>(&self, select: Select<E>) -> Result<Vec<E::Model>, AppError> {
        Ok(select.all(self.db).await?)
    }

    pub async fn one<E: EntityTrait>(
        &self,
        select: Select<E>,
    ) -> Result<Option<E::Model>, AppError> {
        Ok(select.one(self.db).await?)
    }

    /// One page of a select.
    pub async fn page<E>(
        &self,
        select: Select<E>,
        page: PageQuery,
    ) -> Result<Page<E::Model>, AppError>
    where
        E: EntityTrait,
        E::Model: FromQueryResult + Send + Sync,
    {
        paging::fetch(self.db, select, page).await
    }

    /// One page of an ordered select over a big table: its keys chosen first
    /// ([`paging::keys`]), then those rows read by key, in the select's order.
    pub async fn page_by_key<E>(
        &self,
        select: Select<E>,
        key: E::Column,
        page: PageQuery,
    ) -> Result<Page<E::Model>, AppError>
    where
        E: EntityTrait,
        E::Model: FromQueryResult + Send + Sync,
    {
        self.page_by_key_with(select, key, page, false).await
    }

    /// [`Self::page_by_key`], counting the total by its own query on SQLite when `count_apart`
    /// ([`paging::keys_counted_apart`]); PostgreSQL keeps the window.
    pub async fn page_by_key_with<E>(
        &self,
        select: Select<E>,
        key: E::Column,
        page: PageQuery,
        count_apart: bool,
    ) -> Result<Page<E::Model>, AppError>
    where
        E: EntityTrait,
        E::Model: FromQueryResult + Send + Sync,
    {
        let keys = if count_apart && self.db.get_database_backend() == DbBackend::Sqlite {
            paging::keys_counted_apart(self.db, select, key, page).await?
        } else {
            paging::keys(self.db, select, key, page).await?
        };
        if keys.list.is_empty() {
            return Ok(Page {
                list: Vec::new(),
                total: keys.total,
            });
        }
        let mut list = self
            .all(
                self.find::<E>()
                    .filter(key.is_in(keys.list.iter().copied())),
            )
            .await?;
        list.sort_by_key(|row| {
            let value = row.get(key);
            keys.list.iter().position(|k| value == Value::from(*k))
        });
        Ok(Page {
            list,
            total: keys.total,
        })
    }

    /// One column of the rows a select finds.
    pub async fn values<E, T>(
        &self,
        select: Select<E>,
        column: E::Column,
    ) -> Result<Vec<T>, AppError>
    where
        E: EntityTrait,
        T: TryGetable,
    {
        Ok(select
            .select_only()
            .column(column)
            .into_tuple::<T>()
            .all(self.db)
            .await?)
    }

    /// The rows of a select already narrowed to its columns and groups (`select_only`,
    /// `column_as`, `group_by`: sums and counts), as tuples.
    pub async fn tuples<E, T>(&self, select: Select<E>) -> Result<Vec<T>, AppError>
    where
        E: EntityTrait,
        T: sea_orm::TryGetableMany,
    {
        Ok(select.into_tuple::<T>().all(self.db).await?)
    }

    /// Two columns of the rows a select finds (the retrieval's ids and search terms).
    pub async fn pairs<E, A, B>(
        &self,
        select: Select<E>,
        first: E::Column,
        second: E::Column,
    ) -> Result<Vec<(A, B)>, AppError>
    where
        E: EntityTrait,
        A: TryGetable,
        B: TryGetable,
    {
        Ok(select
            .select_only()
            .column(first)
            .column(second)
            .into_tuple::<(A, B)>()
            .all(self.db)
            .await?)
    }

    /// How many rows the select finds.
    pub async fn count<E>(&self, select: Select<E>) -> Result<u64, AppError>
    where
        E: EntityTrait,
        E::Model: Sync,
    {
        Ok(select.count(self.db).await?)
    }

    /// Has PostgreSQL look at `E`'s table again after a bulk write (a batch import): until
    /// autovacuum does, its planner still thinks the table as small as before and can choose
    /// plans that take seconds. SQLite keeps no such statistics unless asked, so nothing there.
    pub async fn refresh_statistics<E: EntityTrait + Default>(&self) -> Result<(), AppError> {
        if self.db.get_database_backend() == sea_orm::DbBackend::Postgres {
            let table = E::default().table_name().to_owned();
            self.db
                .execute_unprepared(&format!("ANALYZE \"{table}\""))
                .await?;
        }
        Ok(())
    }

    /// Whether the select finds any row.
    pub async fn exists<E>(&self, select: Select<E>) -> Result<bool, AppError>
    where
        E: EntityTrait,
        E::Model: Sync,
    {
        Ok(select.count(self.db).await? > 0)
    }

    /// Refuses with `message` (10000409) when the select finds a row: a name already taken.
    pub async fn refuse_if_taken<E>(&self, select: Select<E>, message: &str) -> Result<(), AppError>
    where
        E: EntityTrait,
        E::Model: Sync,
    {
        if self.exists(select).await? {
            Err(AppError::Conflict(message.to_owned()))
        } else {
            Ok(())
        }
    }

    /// Refuses with `message` (10000409) when a row of `E` other than `except` meets `same`:
    /// a name already taken in its company or city, seen or not.
    pub async fn refuse_duplicate<E: Placed>(
        &self,
        same: impl IntoCondition,
        except: Option<i64>,
        message: &str,
    ) -> Result<(), AppError> {
        let mut select = self.find::<E>().filter(same);
        if let Some(id) = except {
            select = select.filter(E::id_column().ne(id));
        }
        self.refuse_if_taken(select, message).await
    }

    /// Whether any row of `E` holds `id` in `column` (something still uses the record).
    pub async fn uses<E>(&self, column: E::Column, id: i64) -> Result<bool, AppError>
    where
        E: EntityTrait,
        E::Model: Sync,
    {
        self.exists(self.find::<E>().filter(column.eq(id))).await
    }

    /// `id → name` of some rows of `E`, for display next to the rows that refer to them.
    pub async fn names<E: EntityTrait>(
        &self,
        id: E::Column,
        name: E::Column,
        ids: impl IntoIterator<Item = i64>,
    ) -> Result<HashMap<i64, String>, AppError> {
        let ids: Vec<i64> = ids.into_iter().collect();
        if ids.is_empty() {
            return Ok(HashMap::new());
        }
        let rows: Vec<(i64, String)> = self
            .find::<E>()
            .select_only()
            .column(id)
            .column(name)
            .filter(id.is_in(ids))
            .into_tuple()
            .all(self.db)
            .await?;
        Ok(rows.into_iter().collect())
    }

    /// [`Self::names`] of a table that declares its name column.
    pub async fn named<E: Named>(
        &self,
        ids: impl IntoIterator<Item = i64>,
    ) -> Result<HashMap<i64, String>, AppError> {
        self.names::<E>(E::id_column(), E::name_column(), ids).await
    }

    /// `id → number of rows of the select whose column holds it`, for count columns in lists.
    pub async fn counts<E: EntityTrait>(
        &self,
        select: Select<E>,
        column: E::Column,
        ids: impl IntoIterator<Item = i64>,
    ) -> Result<HashMap<i64, i64>, AppError> {
        let ids: Vec<i64> = ids.into_iter().collect();
        if ids.is_empty() {
            return Ok(HashMap::new());
        }
        let rows: Vec<(i64, i64)> = select
            .select_only()
            .column(column)
            .column_as(column.count(), "n")
            .filter(column.is_in(ids))
            .group_by(column)
            .into_tuple()
            .all(self.db)
            .await?;
        Ok(rows.into_iter().collect())
    }

    /// A department and every department below it, whoever may see them.
    pub async fn department_and_below(&self, root: i64) -> Result<Vec<i64>, AppError> {
        Ok(super::caller::department_and_below(self.db, root).await?)
    }
}
