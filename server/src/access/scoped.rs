//! `Scoped`: the database as a route sees it, limited to the caller's data scope. Queries on
//! [`Placed`] tables start from [`Scoped::read`] or [`Scoped::write`], which AND the scope's
//! condition into the select; single rows come from [`Scoped::get`] / [`Scoped::get_writable`],
//! which tell an unknown id (数据不存在或已被删除) from one outside the scope (无权限访问该数据).
//!
//! Writes go through [`Scoped::insert`], [`Scoped::update`] and [`Scoped::delete`], which exist
//! only inside a transaction: the row as the database stored it is placed by its table's
//! [`Placed`] declaration and must lie inside the scope, or the write fails and the transaction
//! rolls back. No handler builds the place it is checked against.
//!
//! The raw connection stays inside this handle. Reads that deliberately ignore the scope
//! (uniqueness, in-use checks, display names) go through the one door [`Scoped::unscoped`].

use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, DatabaseTransaction,
    EntityTrait, FromQueryResult, QueryFilter, Select, TransactionTrait,
};

use super::caller::Caller;
use super::scope::{Place, Placed, Scope};
use super::unscoped::Unscoped;
use crate::entity::user;
use crate::error::AppError;
use crate::paging::{Page, PageQuery};

/// The caller's view of the database: a connection (or a transaction) and their scope.
pub struct Scoped<'a, C = DatabaseConnection> {
    db: &'a C,
    caller: &'a Caller,
}

impl<'a> Scoped<'a> {
    pub(super) fn new(db: &'a DatabaseConnection, caller: &'a Caller) -> Self {
        Self { db, caller }
    }

    /// Starts a transaction; work inside it through [`Self::on`] and commit it at the end.
    pub async fn begin(&self) -> Result<DatabaseTransaction, AppError> {
        Ok(self.db.begin().await?)
    }

    /// The same view over a transaction.
    pub fn on<'t>(&'t self, txn: &'t DatabaseTransaction) -> Scoped<'t, DatabaseTransaction> {
        Scoped {
            db: txn,
            caller: self.caller,
        }
    }
}

impl<'a, C: ConnectionTrait> Scoped<'a, C> {
    pub fn caller(&self) -> &'a Caller {
        self.caller
    }

    pub fn actor(&self) -> &'a user::Model {
        self.caller.user()
    }

    pub fn scope(&self) -> &'a Scope {
        self.caller.scope()
    }

    /// The one door to reads that ignore the caller's scope: uniqueness over a whole company or
    /// city, whether anything still uses a row, names and counts shown beside rows, and tables
    /// that belong to no one (menus, the app catalogue). Grep for `unscoped()` to audit them.
    pub fn unscoped(&self) -> Unscoped<'a, C> {
        Unscoped::new(self.db)
    }

    /// Rows of `E` the caller may read.
    pub fn read<E: Placed>(&self) -> Select<E> {
        self.unscoped()
            .find::<E>()
            .filter(self.scope().readable::<E>())
    }

    /// Rows of `E` the caller may change.
    pub fn write<E: Placed>(&self) -> Select<E> {
        self.unscoped()
            .find::<E>()
            .filter(self.scope().writable::<E>())
    }

    /// Runs a select built from [`Self::read`], [`Self::write`] or the unscoped door.
    pub async fn all<E: EntityTrait>(&self, select: Select<E>) -> Result<Vec<E::Model>, AppError> {
        self.unscoped().all(select).await
    }

    /// The first row of a select.
    pub async fn one<E: EntityTrait>(
        &self,
        select: Select<E>,
    ) -> Result<Option<E::Model>, AppError> {
        self.unscoped().one(select).await
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
        self.unscoped().page(select, page).await
    }

    /// One page of an ordered select over a big table, its rows read by key once chosen.
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
        self.unscoped().page_by_key(select, key, page).await
    }

    /// One readable row.
    pub async fn get<E: Placed>(&self, id: i64) -> Result<E::Model, AppError> {
        let found = self
            .one(self.read::<E>().filter(E::id_column().eq(id)))
            .await?;
        self.found_or_refused::<E>(found, id).await
    }

    /// The readable row an optional id names (a form's store or parent), none without one.
    pub async fn get_some<E: Placed>(&self, id: Option<i64>) -> Result<Option<E::Model>, AppError> {
        match id {
            Some(id) => self.get::<E>(id).await.map(Some),
            None => Ok(None),
        }
    }

    /// One row the caller may change.
    pub async fn get_writable<E: Placed>(&self, id: i64) -> Result<E::Model, AppError> {
        let found = self
            .one(self.write::<E>().filter(E::id_column().eq(id)))
            .await?;
        self.found_or_refused::<E>(found, id).await
    }

    async fn found_or_refused<E: Placed>(
        &self,
        found: Option<E::Model>,
        id: i64,
    ) -> Result<E::Model, AppError> {
        if let Some(model) = found {
            return Ok(model);
        }
        let exists = self
            .unscoped()
            .exists(self.unscoped().find::<E>().filter(E::id_column().eq(id)))
            .await?;
        Err(if exists {
            AppError::out_of_scope()
        } else {
            AppError::NotFound
        })
    }

    /// Refuses a write that would put a row outside the caller's scope. Private: writes reach
    /// it only through [`Scoped::insert`] / [`Scoped::update`], with the place the table's
    /// [`Placed`] declaration reads off the row as stored.
    fn ensure_covers<E: Placed>(&self, place: &Place) -> Result<(), AppError> {
        if self.scope().covers_row::<E>(place) {
            Ok(())
        } else {
            Err(AppError::out_of_scope())
        }
    }

    /// Refuses a write to data that belongs to no organisation unless the caller reaches
    /// everything.
    pub fn ensure_global_writer(&self) -> Result<(), AppError> {
        if self.scope().is_all() {
            Ok(())
        } else {
            Err(AppError::GlobalOnly)
        }
    }
}

impl<'a> Scoped<'a, DatabaseTransaction> {
    /// The transaction itself, for the rows that belong to no scope and follow a scoped write
    /// (the audit record, status history, a person's roles). It is the handler's own anyway.
    pub fn transaction(&self) -> &'a DatabaseTransaction {
        self.db
    }

    /// Inserts a row; the row as stored must lie inside the caller's scope, else 10020002 and
    /// the transaction (dropped uncommitted) leaves nothing behind.
    // The checked door to writes (clippy.toml): the row is checked here.
    #[allow(clippy::disallowed_methods)]
    pub async fn insert<E: Placed>(&self, row: E::ActiveModel) -> Result<E::Model, AppError> {
        let model = row.insert(self.db).await?;
        self.ensure_covers::<E>(&E::place(&model))?;
        Ok(model)
    }

    /// Updates a row the caller may change; where it sits afterwards must be inside the scope
    /// too, so no edit moves a row out of the caller's reach.
    #[allow(clippy::disallowed_methods)]
    pub async fn update<E: Placed>(&self, row: E::ActiveModel) -> Result<E::Model, AppError> {
        let id = E::active_id(&row).ok_or(AppError::NotFound)?;
        self.get_writable::<E>(id).await?;
        let model = row.update(self.db).await?;
        self.ensure_covers::<E>(&E::place(&model))?;
        Ok(model)
    }

    /// Deletes a row the caller may change, returning it.
    #[allow(clippy::disallowed_methods)]
    pub async fn delete<E: Placed>(&self, id: i64) -> Result<E::Model, AppError> {
        let model = self.get_writable::<E>(id).await?;
        E::delete_many()
            .filter(E::id_column().eq(id))
            .filter(self.scope().writable::<E>())
            .exec(self.db)
            .await?;
        Ok(model)
    }
}
