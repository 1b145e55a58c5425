//! Data scope: the rows a caller reaches, as sets of ids per level of the organisation (city
//! sites, organisations, store groups, stores, departments, single users), the union over the
//! caller's roles. A table says which of its columns carry which level ([`Placed`]); the scope
//! turns that into a query condition, so every query written against a `Placed` table through
//! [`super::Scoped`] carries the caller's filter.
//!
//! Two conditions per table:
//! - *writable*: a row whose placement lies inside the scope;
//! - *readable*: writable, or configuration placed above the caller's own seat that their level
//!   inherits (their company's positions and roles, their city's districts, their own store).

use std::collections::BTreeSet;

use brokerdesk_core::org::data_scope::DataScope;
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{ColumnTrait, Condition, EntityTrait};

/// Where a row sits (or where a caller sits: their home).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Place {
    pub site: Option<i64>,
    pub organisation: Option<i64>,
    pub store_group: Option<i64>,
    pub store: Option<i64>,
    pub department: Option<i64>,
    /// The person a row is about (for SELF scopes).
    pub owner: Option<i64>,
}

/// Which rows above a caller's seat they read without reaching them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Inherit {
    /// Only rows inside the scope.
    Nothing,
    /// Rows of the caller's city site and above-their-seat rows in it (reference data).
    FromSite,
    /// Rows of the caller's organisation above their seat (company configuration).
    FromOrganisation,
}

/// The columns of a table that carry each level; `None` where the table has no such column.
pub struct Columns<C> {
    pub site: Option<C>,
    pub organisation: Option<C>,
    pub store_group: Option<C>,
    pub store: Option<C>,
    pub department: Option<C>,
    pub owner: Option<C>,
}

impl<C> Default for Columns<C> {
    fn default() -> Self {
        Self {
            site: None,
            organisation: None,
            store_group: None,
            store: None,
            department: None,
            owner: None,
        }
    }
}

/// A table whose rows belong somewhere in the organisation.
pub trait Placed: EntityTrait {
    const INHERIT: Inherit;
    fn id_column() -> Self::Column;
    fn columns() -> Columns<Self::Column>;
    /// Where a row sits.
    fn place(model: &Self::Model) -> Place;
}

/// What a caller reaches.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Scope {
    all: bool,
    pub(crate) sites: BTreeSet<i64>,
    pub(crate) organisations: BTreeSet<i64>,
    pub(crate) store_groups: BTreeSet<i64>,
    pub(crate) stores: BTreeSet<i64>,
    pub(crate) departments: BTreeSet<i64>,
    pub(crate) users: BTreeSet<i64>,
    /// The caller's own seat.
    pub(crate) home: Place,
    /// The widest data scope among the caller's roles.
    pub(crate) widest: Option<DataScope>,
}

/// A condition no row meets.
fn nothing() -> Condition {
    Condition::all().add(Expr::val(1).eq(0))
}

impl Scope {
    /// Reaches everything (the super administrator, or a role with ALL).
    pub fn everything(home: Place) -> Self {
        Self {
            all: true,
            home,
            widest: Some(DataScope::All),
            ..Self::default()
        }
    }

    /// Reaches nothing yet; [`Self::add`] widens it.
    pub fn empty(home: Place) -> Self {
        Self {
            home,
            ..Self::default()
        }
    }

    pub fn is_all(&self) -> bool {
        self.all
    }

    pub fn home(&self) -> &Place {
        &self.home
    }

    pub fn widest(&self) -> Option<DataScope> {
        self.widest
    }

    /// Adds one role's reach. `sites` are the caller's city sites, `departments` the ids the
    /// scope resolves to (own, own and below, or the role's custom set), `stores` a custom
    /// set's stores.
    pub fn add(&mut self, scope: DataScope, sites: &[i64], departments: &[i64], stores: &[i64]) {
        let home = self.home;
        match scope {
            DataScope::All => self.all = true,
            DataScope::CitySite => self.sites.extend(sites),
            DataScope::Company => self.organisations.extend(home.organisation),
            DataScope::StoreGroup => self.store_groups.extend(home.store_group),
            DataScope::Store => self.stores.extend(home.store),
            DataScope::DeptAndBelow | DataScope::Dept => self.departments.extend(departments),
            DataScope::Custom => {
                self.departments.extend(departments);
                self.stores.extend(stores);
            }
            DataScope::OwnRecord => self.users.extend(home.owner),
        }
        self.widest = DataScope::widest(self.widest.into_iter().chain([scope]));
    }

    /// Whether a row placed at `place` lies inside the scope.
    pub fn covers(&self, place: &Place) -> bool {
        let inside = |id: Option<i64>, set: &BTreeSet<i64>| id.is_some_and(|id| set.contains(&id));
        self.all
            || inside(place.site, &self.sites)
            || inside(place.organisation, &self.organisations)
            || inside(place.store_group, &self.store_groups)
            || inside(place.store, &self.stores)
            || inside(place.department, &self.departments)
            || inside(place.owner, &self.users)
    }

    /// The rows of `E` inside the scope.
    pub fn writable<E: Placed>(&self) -> Condition {
        if self.all {
            return Condition::all();
        }
        let columns = E::columns();
        let mut any = Condition::any();
        let mut parts = 0;
        for (column, set) in [
            (columns.site, &self.sites),
            (columns.organisation, &self.organisations),
            (columns.store_group, &self.store_groups),
            (columns.store, &self.stores),
            (columns.department, &self.departments),
            (columns.owner, &self.users),
        ] {
            if let Some(column) = column
                && !set.is_empty()
            {
                any = any.add(column.is_in(set.iter().copied()));
                parts += 1;
            }
        }
        if parts == 0 { nothing() } else { any }
    }

    /// The rows of `E` the caller may read: writable ones and those their seat inherits.
    pub fn readable<E: Placed>(&self) -> Condition {
        if self.all {
            return Condition::all();
        }
        let writable = self.writable::<E>();
        match self.inherited::<E>() {
            Some(inherited) => Condition::any().add(writable).add(inherited),
            None => writable,
        }
    }

    /// Rows placed at or above the caller's seat, from the level `E` inherits from: every
    /// placement column is empty or equals the caller's own value.
    fn inherited<E: Placed>(&self) -> Option<Condition> {
        let columns = E::columns();
        let home = self.home;
        let anchor = match E::INHERIT {
            Inherit::Nothing => return None,
            Inherit::FromSite => (columns.site?, home.site?),
            Inherit::FromOrganisation => (columns.organisation?, home.organisation?),
        };
        let mut all = Condition::all().add(anchor.0.eq(anchor.1));
        for (column, mine) in [
            (columns.site, home.site),
            (columns.organisation, home.organisation),
            (columns.store_group, home.store_group),
            (columns.store, home.store),
        ] {
            if let Some(column) = column {
                all = all.add(match mine {
                    Some(id) => Condition::any().add(column.is_null()).add(column.eq(id)),
                    None => Condition::all().add(column.is_null()),
                });
            }
        }
        Some(all)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn home() -> Place {
        Place {
            site: Some(1),
            organisation: Some(10),
            store_group: Some(100),
            store: Some(1000),
            department: Some(5),
            owner: Some(42),
        }
    }

    #[test]
    fn a_store_scope_covers_its_store_only() {
        let mut scope = Scope::empty(home());
        scope.add(DataScope::Store, &[1], &[], &[]);
        assert!(scope.covers(&Place {
            store: Some(1000),
            ..Place::default()
        }));
        assert!(!scope.covers(&Place {
            site: Some(1),
            organisation: Some(10),
            store: Some(1001),
            ..Place::default()
        }));
        assert_eq!(scope.widest(), Some(DataScope::Store));
    }

    #[test]
    fn roles_add_up() {
        let mut scope = Scope::empty(home());
        scope.add(DataScope::OwnRecord, &[1], &[], &[]);
        scope.add(DataScope::Custom, &[1], &[7, 8], &[2000]);
        assert!(scope.covers(&Place {
            owner: Some(42),
            ..Place::default()
        }));
        assert!(scope.covers(&Place {
            department: Some(8),
            ..Place::default()
        }));
        assert!(scope.covers(&Place {
            store: Some(2000),
            ..Place::default()
        }));
        assert!(!scope.covers(&Place {
            department: Some(9),
            ..Place::default()
        }));
        assert_eq!(scope.widest(), Some(DataScope::Custom));
        scope.add(DataScope::CitySite, &[1, 2], &[], &[]);
        assert!(scope.covers(&Place {
            site: Some(2),
            ..Place::default()
        }));
        assert_eq!(scope.widest(), Some(DataScope::CitySite));
    }

    #[test]
    fn everything_covers_everything() {
        let scope = Scope::everything(Place::default());
        assert!(scope.covers(&Place::default()));
        assert!(scope.is_all());
    }
}
