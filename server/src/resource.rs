//! One pattern for the tables users add, change and remove rows of. A table says once what it
//! is ([`Resource`]: its name in the audit log, what a caller sees of a row, what still uses a
//! row), and [`Scoped::create`], [`Scoped::change`] and [`Scoped::remove`] do the rest the same
//! way for all of them: one transaction, the scope check of the row as stored, the in-use check,
//! and the audit record with the row before and after.
//!
//! A handler is then: its need, the form check, uniqueness, and one call.

use std::collections::HashMap;
use std::future::Future;

use chrono::Utc;
use sea_orm::sea_query::IntoCondition;
use sea_orm::{
    ActiveModelTrait, ActiveValue, ColumnTrait, Condition, ConnectionTrait, DatabaseTransaction,
    EntityTrait, IntoActiveModel, Iterable, QueryFilter, Select,
};
use serde::Serialize;

use crate::access::{Need, Placed, Scoped, Unscoped};
use crate::audit::{self, Action, Change};
use crate::error::{AppError, USED_BY_SOMETHING};
use crate::form;
use crate::org::{target_organisation, target_site};
use crate::paging::{Page, PageQuery};

/// A table of rows that users manage through the API.
pub trait Resource: Placed {
    /// The entity name in the audit log (`store`, `listingRole`, ...).
    const KIND: &'static str;
    /// The entity name of one row in the audit log: [`Resource::KIND`] unless rows of one
    /// table are of several kinds (a listing for sale or for rent).
    fn kind_of(row: &Self::Model) -> &'static str {
        let _ = row;
        Self::KIND
    }

    /// What is said when the row is still used (10020006), by the in-use check or, for a use
    /// it does not know of, by the database's foreign key. Without a text of its own, a use the
    /// database names keeps its name (该数据仍被员工使用).
    const IN_USE: &'static str = USED_BY_SOMETHING;

    /// Rows that belong to no organisation (the catalogue, the city sites): only a caller
    /// reaching everything adds, edits or removes them.
    const GLOBAL: bool = false;

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

    /// Refuses the removal of a row these screens do not remove (the system's own rows), after
    /// the row is found writable and before the in-use check.
    fn removable(row: &Self::Model) -> Result<(), AppError> {
        let _ = row;
        Ok(())
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

/// Where the rows of a [`Formed`] resource are kept: their names are unique there, and a new
/// row goes to the one an add body names, else the caller's own.
#[derive(Debug, Clone, Copy)]
pub enum Within {
    Organisation,
    Site,
    /// Rows of no one ([`Resource::GLOBAL`]): names are unique across them all.
    Nothing,
}

/// A resource whose rows one form sets, within an organisation or a site: what
/// [`Scoped::add`] and [`Scoped::edit`] (and the routes of `crate::crud`) need to know.
pub trait Formed: Resource {
    /// The form's fields, without the id of an edit or the target of an add.
    type Form: Sync;
    const WITHIN: Within;

    /// Where a new row goes, from the organisation or site an add body names: what it is
    /// within, and the columns that place and stamp it.
    fn place_new(
        scoped: &Scoped<'_>,
        target: Option<i64>,
    ) -> impl Future<Output = Result<(i64, Self::ActiveModel), AppError>> + Send {
        async move {
            Ok(match Self::WITHIN {
                Within::Organisation => {
                    let org = target_organisation(scoped, target).await?;
                    (org.id, new_row::<Self>(Some(org.site_id), Some(org.id)))
                }
                Within::Site => {
                    let site = target_site(scoped, target).await?.id;
                    (site, new_row::<Self>(Some(site), None))
                }
                Within::Nothing => (0, new_row::<Self>(None, None)),
            })
        }
    }

    /// The column holding what a row is within (none for rows of no one).
    fn within_column() -> Option<Self::Column> {
        let columns = Self::columns();
        match Self::WITHIN {
            Within::Organisation => columns.organisation,
            Within::Site => columns.site,
            Within::Nothing => None,
        }
    }

    /// What a stored row is within; refused for rows these screens do not change.
    fn within(row: &Self::Model) -> Result<i64, AppError> {
        let place = Self::place(row);
        match Self::WITHIN {
            Within::Organisation => place.organisation,
            Within::Site => place.site,
            Within::Nothing => Some(0),
        }
        .ok_or(AppError::GlobalOnly)
    }

    /// The checked values of a form for a row within `within`, where `except` (the row being
    /// edited) may hold the names the form must not repeat.
    fn check(
        scoped: &Scoped<'_>,
        within: i64,
        form: &Self::Form,
        except: Option<i64>,
    ) -> impl Future<Output = Result<Self::ActiveModel, AppError>> + Send;
}

/// A switch a form may leave out: a new row is on, an edited one keeps what it was.
pub fn enabled(asked: Option<bool>, editing: Option<i64>) -> ActiveValue<bool> {
    match (asked, editing) {
        (Some(on), _) => ActiveValue::Set(on),
        (None, None) => ActiveValue::Set(true),
        (None, Some(_)) => ActiveValue::NotSet,
    }
}

/// A new row in `site` and `organisation`, where the table has them, created now.
pub fn new_row<R: Resource>(site: Option<i64>, organisation: Option<i64>) -> R::ActiveModel {
    let mut row = <R::ActiveModel as ActiveModelTrait>::default();
    let columns = R::columns();
    if let (Some(column), Some(id)) = (columns.site, site) {
        row.set(column, id.into());
    }
    if let (Some(column), Some(id)) = (columns.organisation, organisation) {
        row.set(column, id.into());
    }
    if let Ok(column) = "created_at".parse::<R::Column>() {
        row.set(column, Utc::now().into());
    }
    row
}

impl<C: ConnectionTrait> Unscoped<'_, C> {
    /// The row of `E` with this id, wherever it is kept (a role a person keeps, the hire of an
    /// onboarding the caller acts on).
    pub async fn row<E: Placed>(&self, id: i64) -> Result<Option<E::Model>, AppError> {
        self.one(self.find::<E>().filter(E::id_column().eq(id)))
            .await
    }

    /// The rows a link table ties to one row (a person's roles, a role's menus).
    pub async fn linked<E: Link>(&self, id: i64) -> Result<Vec<i64>, AppError> {
        self.values(self.find::<E>().filter(E::KEY.eq(id)), E::VALUE)
            .await
    }

    /// `id → the rows a link table ties to it`, sorted: the id lists a view shows (a role's
    /// custom departments), for all its rows at once.
    pub async fn lists<E: Link>(
        &self,
        ids: impl IntoIterator<Item = i64>,
    ) -> Result<HashMap<i64, Vec<i64>>, AppError> {
        let select = self.find::<E>().filter(E::KEY.is_in(ids));
        let mut lists: HashMap<i64, Vec<i64>> = HashMap::new();
        for (id, value) in self.pairs::<E, i64, i64>(select, E::KEY, E::VALUE).await? {
            lists.entry(id).or_default().push(value);
        }
        lists.values_mut().for_each(|list| list.sort_unstable());
        Ok(lists)
    }
}

/// A link table: each of its rows ties the row `KEY` holds to the one `VALUE` holds.
pub trait Link: EntityTrait {
    const KEY: Self::Column;
    const VALUE: Self::Column;
}

/// [`Link`] for tables written `table: KeyColumn -> ValueColumn`.
macro_rules! links {
    ($($table:ident: $key:ident -> $value:ident),+ $(,)?) => {
        $(impl Link for crate::entity::$table::Entity {
            const KEY: Self::Column = crate::entity::$table::Column::$key;
            const VALUE: Self::Column = crate::entity::$table::Column::$value;
        })+
    };
}

links!(
    user_role: UserId -> RoleId,
    user_site: UserId -> SiteId,
    role_menu: RoleId -> MenuId,
    role_action: RoleId -> MenuActionId,
    role_scope_department: RoleId -> DepartmentId,
    role_scope_store: RoleId -> StoreId,
);

/// Makes the rows link table `E` ties to `id` exactly `values` (a person's roles, a role's
/// grants and custom set), the inverse of [`Unscoped::linked`]: the rows of something the
/// caller was found to change.
// A child-row helper (clippy.toml): the row they belong to is one the caller may change.
#[allow(clippy::disallowed_methods)]
pub async fn relink<E: Link>(
    db: &impl ConnectionTrait,
    id: i64,
    values: impl IntoIterator<Item = i64>,
) -> Result<(), AppError>
where
    E::ActiveModel: ActiveModelTrait<Entity = E> + Send,
{
    E::delete_many().filter(E::KEY.eq(id)).exec(db).await?;
    let link = |to: i64| {
        let mut row = <E::ActiveModel as ActiveModelTrait>::default();
        row.set(E::KEY, id.into());
        row.set(E::VALUE, to.into());
        row
    };
    let rows: Vec<E::ActiveModel> = values.into_iter().map(link).collect();
    if !rows.is_empty() {
        E::insert_many(rows).exec_without_returning(db).await?;
    }
    Ok(())
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

    /// Refuses (10000409, on `field`) a value a row of `E` other than `except` holds where
    /// `same` says: a name already taken in its company, city or district, seen or not.
    pub async fn refuse_same<E: Placed>(
        &self,
        field: &'static str,
        same: impl IntoCondition,
        except: Option<i64>,
        message: &str,
    ) -> Result<(), AppError> {
        self.unscoped()
            .refuse_duplicate::<E>(same, except, message)
            .await
            .map_err(form::on_field(field))
    }

    /// The values of a row of `R` named `name`, refused (10000409, on `name`) while another row
    /// within `within` holds it: names are unique in their company, city or district, or across
    /// rows of no one.
    pub async fn named<R: Formed>(
        &self,
        within: i64,
        name: &str,
        except: Option<i64>,
        message: &str,
    ) -> Result<R::ActiveModel, AppError> {
        let named = "name".parse::<R::Column>();
        let named = named.map_err(|_| AppError::internal(format!("{} has no name", R::KIND)))?;
        let same = Condition::all().add(named.eq(name));
        let same = same.add_option(R::within_column().map(|column| column.eq(within)));
        self.refuse_same::<R>("name", same, except, message).await?;
        let mut row = <R::ActiveModel as ActiveModelTrait>::default();
        row.set(named, name.into());
        Ok(row)
    }
}

impl Scoped<'_> {
    /// Stores a new row inside the caller's scope and records its creation.
    pub async fn create<R: Resource>(&self, row: R::ActiveModel) -> Result<R::View, AppError> {
        self.create_with::<R>(row, async |_, _| Ok(())).await
    }

    /// [`Self::create`] of a row with rows below it (a role's custom set, a menu entry's
    /// actions): `below` writes them in the same transaction once the row has its id, and the
    /// record shows the row with them.
    pub async fn create_with<R: Resource>(
        &self,
        row: R::ActiveModel,
        below: impl AsyncFnOnce(&Scoped<'_, DatabaseTransaction>, &R::Model) -> Result<(), AppError>,
    ) -> Result<R::View, AppError> {
        self.in_transaction(async |on| {
            let row = on.insert::<R>(row).await?;
            below(on, &row).await?;
            on.record_created::<R>(&row).await
        })
        .await
    }

    /// Runs `work` in one transaction on the caller's handle, committed once it succeeds: for
    /// a request that writes more than one row ([`Scoped::change_with`] and the steps below).
    pub async fn in_transaction<T>(
        &self,
        work: impl AsyncFnOnce(&Scoped<'_, DatabaseTransaction>) -> Result<T, AppError>,
    ) -> Result<T, AppError> {
        let txn = self.begin().await?;
        let value = work(&self.on(&txn)).await?;
        txn.commit().await?;
        Ok(value)
    }

    /// Adds a row from a checked form: placed by [`Formed::place_new`], its values by
    /// [`Formed::check`], then [`Self::create`].
    pub async fn add<R: Formed>(
        &self,
        target: Option<i64>,
        form: &R::Form,
    ) -> Result<R::View, AppError> {
        if R::GLOBAL {
            self.ensure_global_writer()?;
        }
        let (within, placed) = R::place_new(self, target).await?;
        let checked = R::check(self, within, form, None).await?;
        self.create::<R>(with_changes::<R>(placed, checked)).await
    }

    /// Edits a row the caller may change with a checked form ([`Formed::check`] within what
    /// the row is within), then [`Self::change`].
    pub async fn edit<R: Formed>(&self, id: i64, form: &R::Form) -> Result<R::View, AppError> {
        if R::GLOBAL {
            self.ensure_global_writer()?;
        }
        let before = self.get_writable::<R>(id).await?;
        let within = R::within(&before)?;
        let checked = R::check(self, within, form, Some(id)).await?;
        self.change::<R>(before, checked).await
    }

    /// Changes a row the caller may change to the values `changes` sets (the others stay);
    /// where the row sits afterwards must still be inside the scope. Records the row before and
    /// after.
    pub async fn change<R: Resource>(
        &self,
        before: R::Model,
        changes: R::ActiveModel,
    ) -> Result<R::View, AppError> {
        self.change_with::<R>(before, changes, async |_, _| Ok(()))
            .await
    }

    /// [`Self::change`] of a row with rows below it: `below` rewrites them in the same
    /// transaction, and the record shows the row with them before and after.
    pub async fn change_with<R: Resource>(
        &self,
        before: R::Model,
        changes: R::ActiveModel,
        below: impl AsyncFnOnce(&Scoped<'_, DatabaseTransaction>, &R::Model) -> Result<(), AppError>,
    ) -> Result<R::View, AppError> {
        self.in_transaction(async |on| on.change_with::<R>(before, changes, below).await)
            .await
    }

    /// Removes a row the caller may change once nothing uses it (10020006 with
    /// [`Resource::IN_USE`] otherwise), and records it as it was.
    pub async fn remove<R: Resource>(&self, id: i64) -> Result<R::View, AppError> {
        if R::GLOBAL {
            self.ensure_global_writer()?;
        }
        self.in_transaction(async |on| on.remove::<R>(id).await)
            .await
    }

    /// A row for a detail: `unmasked` (the need of seeing its numbers whole), one the caller
    /// may change, and the reveal is on file ([`Self::reveal`]); else one they read.
    pub async fn shown<R: Resource>(
        &self,
        id: i64,
        unmasked: Option<Need>,
    ) -> Result<R::Model, AppError> {
        let Some(need) = unmasked else {
            return self.get::<R>(id).await;
        };
        self.caller().require(need)?;
        let row = self.get_writable::<R>(id).await?;
        self.reveal::<R>(&row).await?;
        Ok(row)
    }

    /// Records that the caller was shown a row's personal numbers whole: every reveal is on
    /// file.
    pub async fn reveal<R: Resource>(&self, row: &R::Model) -> Result<(), AppError> {
        let (kind, id, place) = (R::kind_of(row), R::id_of(row), R::place(row));
        let change = Change::new(kind, id, Action::Reveal, None, None, place);
        self.in_transaction(async |on| audit::record(on.transaction(), on.actor(), change).await)
            .await
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
        let change = Change::created(R::kind_of(row), R::id_of(row), &view, R::place(row));
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
        let change = Change::updated(
            R::kind_of(after),
            R::id_of(after),
            before,
            &new,
            R::place(after),
        );
        audit::record(self.transaction(), self.actor(), change).await?;
        Ok(new)
    }

    /// [`Scoped::change_with`] inside this transaction.
    pub async fn change_with<R: Resource>(
        &self,
        before: R::Model,
        changes: R::ActiveModel,
        below: impl AsyncFnOnce(&Scoped<'_, DatabaseTransaction>, &R::Model) -> Result<(), AppError>,
    ) -> Result<R::View, AppError> {
        let old = self.view::<R>(before.clone()).await?;
        let after = self.update::<R>(changed_row::<R>(&before, changes)).await?;
        R::changed(self.transaction(), &before, &after).await?;
        below(self, &after).await?;
        self.record_changed::<R>(&old, &after).await
    }

    /// [`Scoped::remove`] inside this transaction.
    pub async fn remove<R: Resource>(&self, id: i64) -> Result<R::View, AppError> {
        let row = self.get_writable::<R>(id).await?;
        R::removable(&row)?;
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
    with_changes::<R>(before.clone().into_active_model(), changes)
}

/// `row` with the columns `changes` sets (the others as `row` has them).
fn with_changes<R: Resource>(mut row: R::ActiveModel, changes: R::ActiveModel) -> R::ActiveModel {
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
