//! One pattern for the tables users add, change and remove rows of. A table says once what it
//! is ([`Resource`]: its name in the audit log, what a caller sees of a row, what still uses a
//! row), and [`Scoped::create`], [`Scoped::change`] and [`Scoped::remove`] do the rest the same
//! way for all of them: one transaction, the scope check of the row as stored, the in-use check,
//! and the audit record with the row before and after.
//!
//! A handler is then: its need, the form check, uniqueness, and one call.

use std::future::Future;

use sea_orm::{
    ActiveModelTrait, ActiveValue, ConnectionTrait, DatabaseTransaction, IntoActiveModel, Iterable,
    Select,
};
use serde::Serialize;

use crate::access::{Placed, Scoped, Unscoped};
use crate::audit::{self, Action, Change};
use crate::error::{AppError, USED_BY_SOMETHING};
use crate::paging::{Page, PageQuery};

/// A table of rows that users manage through the API.
pub trait Resource: Placed {
    /// The entity name in the audit log (`store`, `listingRole`, ...).
    const KIND: &'static str;
    /// What is said when the row is still used (10020006), by the in-use check or, for a use
    /// it does not know of, by the database's foreign key. Without a text of its own, a use the
    /// database names keeps its name (该数据仍被员工使用).
    const IN_USE: &'static str = USED_BY_SOMETHING;

    /// What a caller sees of a row; also what the audit log keeps.
    type View: Serialize + Send + Sync;

    /// The views of some rows, with the names and counts they show looked up together.
    fn describe<C: ConnectionTrait>(
        db: &Unscoped<'_, C>,
        rows: Vec<Self::Model>,
    ) -> impl Future<Output = Result<Vec<Self::View>, AppError>> + Send;

    /// Whether anything still uses the row (then it cannot be removed).
    fn in_use<C: ConnectionTrait>(
        db: &Unscoped<'_, C>,
        row: &Self::Model,
    ) -> impl Future<Output = Result<bool, AppError>> + Send {
        let _ = (db, row);
        async { Ok(false) }
    }

    /// Work that follows a change in the same transaction: columns the rows below keep a copy
    /// of, so scope filters need no join.
    fn changed(
        txn: &DatabaseTransaction,
        before: &Self::Model,
        after: &Self::Model,
    ) -> impl Future<Output = Result<(), AppError>> + Send {
        let _ = (txn, before, after);
        async { Ok(()) }
    }
}

/// The view of one row.
pub async fn describe_one<R: Resource, C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    row: R::Model,
) -> Result<R::View, AppError> {
    R::describe(db, vec![row])
        .await?
        .pop()
        .ok_or(AppError::NotFound)
}

impl<C: ConnectionTrait> Scoped<'_, C> {
    /// One page of a select, as callers see the rows.
    pub async fn list<R: Resource>(
        &self,
        select: Select<R>,
        page: PageQuery,
    ) -> Result<Page<R::View>, AppError> {
        let page = self.page(select, page).await?;
        Ok(Page {
            list: R::describe(&self.unscoped(), page.list).await?,
            total: page.total,
        })
    }
}

impl Scoped<'_> {
    /// Stores a new row inside the caller's scope and records its creation.
    pub async fn create<R: Resource>(&self, row: R::ActiveModel) -> Result<R::View, AppError> {
        let txn = self.begin().await?;
        let on = self.on(&txn);
        let row = on.insert::<R>(row).await?;
        let view = on.record_created::<R>(&row).await?;
        txn.commit().await?;
        Ok(view)
    }

    /// Changes a row the caller may change to the values `changes` sets (the others stay);
    /// where the row sits afterwards must still be inside the scope. Records the row before and
    /// after.
    pub async fn change<R: Resource>(
        &self,
        before: R::Model,
        changes: R::ActiveModel,
    ) -> Result<R::View, AppError> {
        let txn = self.begin().await?;
        let on = self.on(&txn);
        let old = on.view::<R>(before.clone()).await?;
        let after = on.update::<R>(changed_row::<R>(&before, changes)).await?;
        R::changed(&txn, &before, &after).await?;
        let new = on.record_changed::<R>(&old, &after).await?;
        txn.commit().await?;
        Ok(new)
    }

    /// Removes a row the caller may change once nothing uses it (10020006 with
    /// [`Resource::IN_USE`] otherwise), and records it as it was.
    pub async fn remove<R: Resource>(&self, id: i64) -> Result<R::View, AppError> {
        let txn = self.begin().await?;
        let old = self.on(&txn).remove::<R>(id).await?;
        txn.commit().await?;
        Ok(old)
    }

    /// Records that the caller was shown a row's personal numbers whole: every reveal is on
    /// file.
    pub async fn reveal<R: Resource>(&self, row: &R::Model) -> Result<(), AppError> {
        let txn = self.begin().await?;
        let change = Change::new(
            R::KIND,
            R::id_of(row),
            Action::Reveal,
            None,
            None,
            R::place(row),
        );
        audit::record(&txn, self.actor(), change).await?;
        txn.commit().await?;
        Ok(())
    }
}

/// The steps of [`Scoped::create`], [`Scoped::change`] and [`Scoped::remove`], for a request
/// that writes more than one row in its transaction (a person and their roles, an onboarding
/// and its hire): write through [`Scoped::insert`] / [`Scoped::update`], then record.
impl Scoped<'_, DatabaseTransaction> {
    /// The view of a row as it is now (before a change, for [`Self::record_changed`]).
    pub async fn view<R: Resource>(&self, row: R::Model) -> Result<R::View, AppError> {
        describe_one::<R, _>(&self.unscoped(), row).await
    }

    /// Records the creation of a row written in this transaction, as its view shows it now.
    pub async fn record_created<R: Resource>(&self, row: &R::Model) -> Result<R::View, AppError> {
        let view = self.view::<R>(row.clone()).await?;
        let change = Change::created(R::KIND, R::id_of(row), &view, R::place(row));
        audit::record(self.transaction(), self.actor(), change).await?;
        Ok(view)
    }

    /// Records a change of a row written in this transaction: `before` as it was viewed, and
    /// the row as it is now.
    pub async fn record_changed<R: Resource>(
        &self,
        before: &R::View,
        after: &R::Model,
    ) -> Result<R::View, AppError> {
        let new = self.view::<R>(after.clone()).await?;
        let change = Change::updated(R::KIND, R::id_of(after), before, &new, R::place(after));
        audit::record(self.transaction(), self.actor(), change).await?;
        Ok(new)
    }

    /// [`Scoped::remove`] inside this transaction.
    pub async fn remove<R: Resource>(&self, id: i64) -> Result<R::View, AppError> {
        let row = self.get_writable::<R>(id).await?;
        if R::in_use(&self.unscoped(), &row).await? {
            return Err(AppError::InUse(R::IN_USE.to_owned()));
        }
        let old = self.view::<R>(row.clone()).await?;
        self.delete::<R>(id).await.map_err(|err| match err {
            // A use the in-use check does not know of: the foreign key refused.
            AppError::InUse(said) => AppError::InUse(refused_by_foreign_key(R::IN_USE, said)),
            other => other,
        })?;
        let change = Change::deleted(R::KIND, id, &old, R::place(&row));
        audit::record(self.transaction(), self.actor(), change).await?;
        Ok(old)
    }
}

/// What a removal the database refused says: the resource's own text when it has one, else the
/// database's, which names what still uses the row where PostgreSQL says (该数据仍被员工使用).
fn refused_by_foreign_key(own: &'static str, database: String) -> String {
    if own == USED_BY_SOMETHING {
        database
    } else {
        own.to_owned()
    }
}

/// `before` with the columns `changes` sets.
fn changed_row<R: Resource>(before: &R::Model, changes: R::ActiveModel) -> R::ActiveModel {
    let mut row: R::ActiveModel = before.clone().into_active_model();
    for column in R::Column::iter() {
        if let ActiveValue::Set(value) = changes.get(column) {
            row.set(column, value);
        }
    }
    row
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_foreign_key_refusal_keeps_what_the_database_names_unless_the_resource_says_more() {
        let postgres = "该数据仍被员工使用，无法删除".to_owned();
        assert_eq!(
            refused_by_foreign_key(USED_BY_SOMETHING, postgres.clone()),
            "该数据仍被员工使用，无法删除"
        );
        assert_eq!(
            refused_by_foreign_key("该门店下还有员工或部门，无法删除", postgres),
            "该门店下还有员工或部门，无法删除"
        );
        assert_eq!(
            refused_by_foreign_key(USED_BY_SOMETHING, USED_BY_SOMETHING.to_owned()),
            USED_BY_SOMETHING
        );
    }
}
