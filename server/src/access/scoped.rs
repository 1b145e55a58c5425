//! `Scoped`: the database as a route sees it, limited to the caller's data scope. Queries on
//! [`Placed`] tables start from [`Scoped::read`] or [`Scoped::write`], which AND the scope's
//! condition into the select; single rows come from [`Scoped::get`] / [`Scoped::get_writable`],
//! which tell an unknown id (数据不存在或已被删除) from one outside the scope (无权限访问该数据).

use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseConnection, DatabaseTransaction, QueryFilter, Select,
    TransactionTrait,
};

use super::caller::Caller;
use super::scope::{Place, Placed, Scope};
use crate::entity::user;
use crate::error::AppError;

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
    /// The connection, for tables that belong to no one (menus, the app catalogue) and for
    /// running the selects this handle builds.
    pub fn db(&self) -> &'a C {
        self.db
    }

    pub fn caller(&self) -> &'a Caller {
        self.caller
    }

    pub fn actor(&self) -> &'a user::Model {
        self.caller.user()
    }

    pub fn scope(&self) -> &'a Scope {
        self.caller.scope()
    }

    /// Rows of `E` the caller may read.
    pub fn read<E: Placed>(&self) -> Select<E> {
        E::find().filter(self.scope().readable::<E>())
    }

    /// Rows of `E` the caller may change.
    pub fn write<E: Placed>(&self) -> Select<E> {
        E::find().filter(self.scope().writable::<E>())
    }

    /// One readable row.
    pub async fn get<E: Placed>(&self, id: i64) -> Result<E::Model, AppError> {
        let found = self
            .read::<E>()
            .filter(E::id_column().eq(id))
            .one(self.db)
            .await?;
        self.found_or_refused::<E>(found, id).await
    }

    /// One row the caller may change.
    pub async fn get_writable<E: Placed>(&self, id: i64) -> Result<E::Model, AppError> {
        let found = self
            .write::<E>()
            .filter(E::id_column().eq(id))
            .one(self.db)
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
        let exists = E::find()
            .filter(E::id_column().eq(id))
            .one(self.db)
            .await?
            .is_some();
        Err(if exists {
            AppError::out_of_scope()
        } else {
            AppError::NotFound
        })
    }

    /// Refuses a write that would put a row outside the caller's scope.
    pub fn ensure_covers(&self, place: &Place) -> Result<(), AppError> {
        if self.scope().covers(place) {
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

    /// Deletes a row the caller may change, returning it.
    pub async fn delete_writable<E: Placed>(&self, id: i64) -> Result<E::Model, AppError> {
        let model = self.get_writable::<E>(id).await?;
        E::delete_many()
            .filter(E::id_column().eq(id))
            .filter(self.scope().writable::<E>())
            .exec(self.db)
            .await?;
        Ok(model)
    }
}
