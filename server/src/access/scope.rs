//! Data scope: the rows a caller reaches, as sets of ids per level of the organisation (city
//! sites, organisations, store groups, stores, departments, single users), the union over the
//! caller's roles. A table says which of its columns carry which level ([`Placed`]); the scope
//! turns that into a query condition, so every query written against a `Placed` table through
//! [`super::Scoped`] carries the caller's filter.
//!
//! Two conditions per table:
//! - *writable*: a row whose placement lies inside the scope;
//! - *readable*: writable, or configuration placed above the caller's own seat that their level
//!   inherits (their company's positions and roles, their city's districts, their own store), or
//!   rows another table opens to them ([`Placed::shared`]: a new-home project distributed to
//!   their company or store).

use std::collections::BTreeSet;

use brokerdesk_core::org::data_scope::DataScope;
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{
    ActiveModelBehavior, ActiveModelTrait, ColumnTrait, Condition, EntityTrait, IntoActiveModel,
    Value,
};

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
    /// Reference data the whole city keeps together (the community dictionary, as 贝壳's 楼盘字典):
    /// read as [`Inherit::FromSite`], and written by anyone working in the row's city whose
    /// route lets them: the permission code is the gate, not the data scope.
    KeptBySite,
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

/// A table whose rows belong somewhere in the organisation. The bounds are what a generic
/// insert or update of its rows needs.
pub trait Placed:
    EntityTrait<
        Model: IntoActiveModel<Self::ActiveModel> + Clone + Send + Sync,
        ActiveModel: ActiveModelBehavior + Send,
    >
{
    const INHERIT: Inherit;
    fn id_column() -> Self::Column;
    fn columns() -> Columns<Self::Column>;
    /// Where a row sits.
    fn place(model: &Self::Model) -> Place;
    fn id_of(model: &Self::Model) -> i64;
    /// The id of a row being updated (`None` for a row not yet stored).
    fn active_id(row: &Self::ActiveModel) -> Option<i64>;
    /// Rows outside the scope that other rows open to the caller for reading: a new-home project
    /// distributed to their company or store. `None` for most tables.
    fn shared(scope: &Scope) -> Option<Condition>;

    /// `changes` that also empty the row's seat below its company (store group, store,
    /// department, owner): where a row dropped to the company's public pool sits.
    fn clear_seat(mut changes: Self::ActiveModel) -> Self::ActiveModel {
        let columns = Self::columns();
        let seat = [
            columns.store_group,
            columns.store,
            columns.department,
            columns.owner,
        ];
        for column in seat.into_iter().flatten() {
            changes.set(column, Value::BigInt(None));
        }
        changes
    }
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
    /// The city site chosen for this request: rows placed in another site are out of reach.
    pub(crate) site: Option<i64>,
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

    /// The same reach within one of the caller's city sites (the `siteId` header): their
    /// city-site reach shrinks to that site, and rows placed in any other site drop out. The
    /// super administrator works above the sites and keeps everything.
    pub fn within_site(&self, site: i64) -> Self {
        if self.all {
            return self.clone();
        }
        let mut narrowed = self.clone();
        narrowed.sites.retain(|id| *id == site);
        narrowed.site = Some(site);
        narrowed
    }

    /// The site chosen for this request, if any.
    pub fn site(&self) -> Option<i64> {
        self.site
    }

    /// The city the caller works in for this request: the chosen site, else their own.
    fn working_site(&self) -> Option<i64> {
        self.site.or(self.home.site)
    }

    /// Whether a row of `E` placed at `place` may be written: inside the scope, or city data
    /// of the caller's city that the city keeps together.
    pub fn covers_row<E: Placed>(&self, place: &Place) -> bool {
        self.covers(place)
            || (E::INHERIT == Inherit::KeptBySite
                && place.site.is_some()
                && place.site == self.working_site())
    }

    /// Whether a row placed at `place` lies inside the scope.
    pub fn covers(&self, place: &Place) -> bool {
        let inside = |id: Option<i64>, set: &BTreeSet<i64>| id.is_some_and(|id| set.contains(&id));
        if let (Some(chosen), Some(site)) = (self.site, place.site)
            && chosen != site
        {
            return false;
        }
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
        if E::INHERIT == Inherit::KeptBySite
            && let (Some(column), Some(site)) = (columns.site, self.working_site())
        {
            any = any.add(column.eq(site));
            parts += 1;
        }
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
        if parts == 0 {
            nothing()
        } else {
            self.in_site::<E>(any)
        }
    }

    /// `condition`, limited to the chosen site where `E` records one (rows of no site stay).
    fn in_site<E: Placed>(&self, condition: Condition) -> Condition {
        match (self.site, E::columns().site) {
            (Some(site), Some(column)) => Condition::all()
                .add(condition)
                .add(Condition::any().add(column.is_null()).add(column.eq(site))),
            _ => condition,
        }
    }

    /// The rows of `E` the caller may read: writable ones and those their seat inherits.
    pub fn readable<E: Placed>(&self) -> Condition {
        if self.all {
            return Condition::all();
        }
        let writable = self.writable::<E>();
        let opened: Vec<Condition> = [self.inherited::<E>(), E::shared(self)]
            .into_iter()
            .flatten()
            .map(|condition| self.in_site::<E>(condition))
            .collect();
        if opened.is_empty() {
            return writable;
        }
        opened
            .into_iter()
            .fold(Condition::any().add(writable), Condition::add)
    }

    /// Rows placed at or above the caller's seat, from the level `E` inherits from: every
    /// placement column is empty or equals the caller's own value.
    fn inherited<E: Placed>(&self) -> Option<Condition> {
        let columns = E::columns();
        let home = self.home;
        let anchor = match E::INHERIT {
            Inherit::Nothing => return None,
            Inherit::FromSite | Inherit::KeptBySite => (columns.site?, home.site?),
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
    fn a_chosen_site_narrows_the_city_reach() {
        let mut scope = Scope::empty(home());
        scope.add(DataScope::CitySite, &[1, 2], &[], &[]);
        let in_two = scope.within_site(2);
        let at = |site| Place {
            site: Some(site),
            ..Place::default()
        };
        assert!(scope.covers(&at(1)) && scope.covers(&at(2)));
        assert!(!in_two.covers(&at(1)));
        assert!(in_two.covers(&at(2)));
        // Rows of the caller's company in another site drop out too.
        let mut company = Scope::empty(home());
        company.add(DataScope::Company, &[1], &[], &[]);
        let elsewhere = Place {
            site: Some(1),
            organisation: Some(10),
            ..Place::default()
        };
        assert!(company.covers(&elsewhere));
        assert!(!company.within_site(2).covers(&elsewhere));
        // The super administrator works above the sites.
        assert!(Scope::everything(home()).within_site(2).covers(&at(1)));
    }

    #[test]
    fn everything_covers_everything() {
        let scope = Scope::everything(Place::default());
        assert!(scope.covers(&Place::default()));
        assert!(scope.is_all());
    }

    /// The SQL each scope level builds, on both engines: a change to a scope condition shows up
    /// here as a diff a reviewer reads.
    mod sql {
        use super::*;
        use crate::entity::{role, user};
        use sea_orm::sea_query::{PostgresQueryBuilder, Query, SqliteQueryBuilder};

        fn render<E: Placed + Default>(condition: Condition) -> (String, String) {
            let mut query = Query::select();
            query
                .expr(Expr::val(1))
                .from(E::default())
                .cond_where(condition);
            (
                query.to_string(SqliteQueryBuilder),
                query.to_string(PostgresQueryBuilder),
            )
        }

        fn scope_of(level: DataScope) -> Scope {
            let mut scope = Scope::empty(home());
            scope.add(level, &[1, 2], &[5, 6], &[2000]);
            scope
        }

        /// `(what, scope)`: every level, a chosen site, and a table that inherits.
        fn cases() -> Vec<(&'static str, String)> {
            let user = |scope: Scope| render::<user::Entity>(scope.readable::<user::Entity>());
            let role = |scope: Scope| render::<role::Entity>(scope.readable::<role::Entity>());
            vec![
                ("user ALL", user(scope_of(DataScope::All))),
                ("user CITY_SITE", user(scope_of(DataScope::CitySite))),
                ("user COMPANY", user(scope_of(DataScope::Company))),
                ("user STORE_GROUP", user(scope_of(DataScope::StoreGroup))),
                ("user STORE", user(scope_of(DataScope::Store))),
                (
                    "user DEPT_AND_BELOW",
                    user(scope_of(DataScope::DeptAndBelow)),
                ),
                ("user CUSTOM", user(scope_of(DataScope::Custom))),
                ("user SELF", user(scope_of(DataScope::OwnRecord))),
                (
                    "user CITY_SITE in site 2",
                    user(scope_of(DataScope::CitySite).within_site(2)),
                ),
                ("role STORE", role(scope_of(DataScope::Store))),
                (
                    "role STORE in site 2",
                    role(scope_of(DataScope::Store).within_site(2)),
                ),
            ]
            .into_iter()
            .map(|(name, (sqlite, postgres))| {
                assert_eq!(sqlite, postgres, "{name}: the engines differ");
                (name, sqlite)
            })
            .collect()
        }

        #[test]
        fn each_scope_level_builds_its_condition_on_both_engines() {
            let expected = [
                r#"SELECT 1 FROM "user" WHERE TRUE"#,
                r#"SELECT 1 FROM "user" WHERE "user"."site_id" IN (1, 2)"#,
                r#"SELECT 1 FROM "user" WHERE "user"."organisation_id" IN (10)"#,
                r#"SELECT 1 FROM "user" WHERE "user"."store_group_id" IN (100)"#,
                r#"SELECT 1 FROM "user" WHERE "user"."store_id" IN (1000)"#,
                r#"SELECT 1 FROM "user" WHERE "user"."department_id" IN (5, 6)"#,
                r#"SELECT 1 FROM "user" WHERE "user"."store_id" IN (2000) OR "user"."department_id" IN (5, 6)"#,
                r#"SELECT 1 FROM "user" WHERE "user"."id" IN (42)"#,
                r#"SELECT 1 FROM "user" WHERE "user"."site_id" IN (2) AND ("user"."site_id" IS NULL OR "user"."site_id" = 2)"#,
                concat!(
                    r#"SELECT 1 FROM "role" WHERE "role"."store_id" IN (1000) OR ("role"."organisation_id" = 10"#,
                    r#" AND ("role"."site_id" IS NULL OR "role"."site_id" = 1)"#,
                    r#" AND ("role"."organisation_id" IS NULL OR "role"."organisation_id" = 10)"#,
                    r#" AND ("role"."store_id" IS NULL OR "role"."store_id" = 1000))"#,
                ),
                concat!(
                    r#"SELECT 1 FROM "role" WHERE ("role"."store_id" IN (1000)"#,
                    r#" AND ("role"."site_id" IS NULL OR "role"."site_id" = 2))"#,
                    r#" OR ("role"."organisation_id" = 10"#,
                    r#" AND ("role"."site_id" IS NULL OR "role"."site_id" = 1)"#,
                    r#" AND ("role"."organisation_id" IS NULL OR "role"."organisation_id" = 10)"#,
                    r#" AND ("role"."store_id" IS NULL OR "role"."store_id" = 1000)"#,
                    r#" AND ("role"."site_id" IS NULL OR "role"."site_id" = 2))"#,
                ),
            ];
            let cases = cases();
            assert_eq!(cases.len(), expected.len());
            for ((name, sql), expected) in cases.iter().zip(expected) {
                assert_eq!(sql, expected, "{name}");
            }
        }
    }
}
