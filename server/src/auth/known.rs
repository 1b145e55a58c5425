//! What the server knows about the holder of a login token: their account, position, city
//! sites, menu tree, permission codes, what they may hand on, and their data scope. Loaded in
//! three queries (the token with its account; every fact the account's roles and sites carry, as
//! one tagged union; the menu rows) and kept by [`super::CallerCache`] for a few seconds.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::sync::Arc;

use brokerdesk_core::menu::MenuEntry;
use brokerdesk_core::org::data_scope::DataScope;
use brokerdesk_core::permission::SUPER_ADMIN_POSITION;
use chrono::{DateTime, Utc};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DbErr, EntityTrait, JoinType, QueryFilter, QueryResult,
    QuerySelect, Statement,
};

use super::Grants;
use crate::access::caller::{below, home_of};
use crate::access::scope::Scope;
use crate::entity::{chat_token, menu, menu_action, session_token, user};
use crate::menu::{build_tree, permission_codes};

/// A token's holder, as of the moment it was loaded.
#[derive(Debug)]
pub struct Known {
    pub user: user::Model,
    /// The token's row (logout revokes it) and its end.
    pub token_id: i64,
    pub expires_at: DateTime<Utc>,
    pub super_admin: bool,
    /// Empty when the account has no position.
    pub position_name: String,
    /// The city sites the account may switch between, in display order: those it was given,
    /// every one for the super administrator.
    pub sites: Vec<KnownSite>,
    pub menu: Vec<MenuEntry>,
    /// The permission codes of the menu's pages and actions (`work:store:staff:add`).
    pub permissions: HashSet<String>,
    /// Menu and action ids the account may hand on to a role (those in its own menu).
    pub grantable: Grants,
    /// The union of the roles' data scopes, before any site chosen in the header narrows it.
    pub scope: Scope,
}

/// What a login token turned out to be.
pub enum Token {
    /// Valid: what it opens.
    Open(Arc<Known>),
    /// Revoked or expired: the account it belonged to, as it is now (to say why it ended).
    Closed(Box<user::Model>),
    Unknown,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KnownSite {
    pub id: i64,
    pub name: String,
}

impl Known {
    /// The token stored as `token_hash` and, when it is valid, what it opens. Whether the
    /// account may still work (locked, departed) is the caller's question.
    pub async fn load(db: &impl ConnectionTrait, token_hash: &str) -> Result<Token, DbErr> {
        let found = session_token::Entity::find()
            .filter(session_token::Column::TokenHash.eq(token_hash))
            .join(
                JoinType::InnerJoin,
                session_token::Entity::belongs_to(user::Entity)
                    .from(session_token::Column::UserId)
                    .to(user::Column::Id)
                    .into(),
            )
            .select_also(user::Entity)
            .one(db)
            .await?;
        let Some((token, Some(user))) = found else {
            return Ok(Token::Unknown);
        };
        if token.revoked_at.is_some() || token.expires_at <= Utc::now() {
            return Ok(Token::Closed(Box::new(user)));
        }
        let facts = Facts::load(db, &user).await?;
        let menus = menu::Entity::find().all(db).await?;
        Ok(Token::Open(Arc::new(Self::assemble(
            user, &token, facts, &menus,
        ))))
    }

    /// The chat token stored as `chat_hash`: what its session opens, while that session is open
    /// (logout and expiry end both).
    pub async fn load_chat(db: &impl ConnectionTrait, chat_hash: &str) -> Result<Token, DbErr> {
        let session = chat_token::Entity::find()
            .filter(chat_token::Column::TokenHash.eq(chat_hash))
            .join(
                JoinType::InnerJoin,
                chat_token::Entity::belongs_to(session_token::Entity)
                    .from(chat_token::Column::SessionTokenId)
                    .to(session_token::Column::Id)
                    .into(),
            )
            .select_also(session_token::Entity)
            .one(db)
            .await?;
        match session {
            Some((_, Some(session))) => Self::load(db, &session.token_hash).await,
            _ => Ok(Token::Unknown),
        }
    }

    fn assemble(
        user: user::Model,
        token: &session_token::Model,
        facts: Facts,
        menus: &[menu::Model],
    ) -> Self {
        let super_admin = facts.position.as_ref().is_some_and(|(name, organisation)| {
            name == SUPER_ADMIN_POSITION && organisation.is_none()
        });
        let scope = scope_of(&user, super_admin, &facts);
        let grants = Grants {
            menu_ids: facts.menu_ids,
            action_ids: facts.actions.iter().map(|action| action.id).collect(),
        };
        let menu = build_tree(menus, &facts.actions, &grants);
        let in_menu: HashSet<i64> = menu
            .iter()
            .flat_map(MenuEntry::walk)
            .filter_map(|entry| entry.menu_id)
            .collect();
        let grantable = Grants {
            action_ids: facts
                .actions
                .iter()
                .filter(|action| in_menu.contains(&action.menu_id))
                .map(|action| action.id)
                .collect(),
            menu_ids: in_menu,
        };
        Self {
            token_id: token.id,
            expires_at: token.expires_at,
            super_admin,
            position_name: facts.position.map(|(name, _)| name).unwrap_or_default(),
            sites: facts
                .sites
                .into_iter()
                .map(|(_, site)| site)
                .filter(|site| super_admin || facts.user_sites.contains(&site.id))
                .collect(),
            permissions: permission_codes(&menu).into_iter().collect(),
            menu,
            grantable,
            scope,
            user,
        }
    }

    /// Whether the account may use `site` (one of its city sites).
    pub fn has_site(&self, site: i64) -> bool {
        self.sites.iter().any(|known| known.id == site)
    }
}

/// The union of the roles' scopes; everything for the super administrator.
fn scope_of(user: &user::Model, super_admin: bool, facts: &Facts) -> Scope {
    let home = home_of(user);
    if super_admin {
        return Scope::everything(home);
    }
    let mut sites: BTreeSet<i64> = facts.user_sites.iter().copied().collect();
    sites.extend(user.site_id);
    let sites: Vec<i64> = sites.into_iter().collect();
    let mut scope = Scope::empty(home);
    for (role_id, code) in &facts.roles {
        // An unknown stored code reaches nothing rather than failing the request.
        let Some(data_scope) = DataScope::from_code(code) else {
            continue;
        };
        let none = (Vec::new(), Vec::new());
        let (departments, stores) = match data_scope {
            DataScope::Dept => (user.department_id.into_iter().collect(), Vec::new()),
            DataScope::DeptAndBelow => match user.department_id {
                Some(root) => (below(root, &facts.departments), Vec::new()),
                None => none,
            },
            DataScope::Custom => facts.custom.get(role_id).cloned().unwrap_or(none),
            _ => none,
        };
        scope.add(data_scope, &sites, &departments, &stores);
    }
    scope
}

/// Everything an account's roles, position and sites carry, from one query.
#[derive(Default)]
struct Facts {
    /// Role id and its data-scope code.
    roles: Vec<(i64, String)>,
    menu_ids: HashSet<i64>,
    /// The granted page actions.
    actions: Vec<menu_action::Model>,
    /// Every city site, with its display order.
    sites: Vec<(i64, KnownSite)>,
    /// The sites the account was given.
    user_sites: HashSet<i64>,
    /// Position name and organisation.
    position: Option<(String, Option<i64>)>,
    /// Every department of the account's organisation: id and parent.
    departments: Vec<(i64, Option<i64>)>,
    /// A CUSTOM role's departments and stores.
    custom: HashMap<i64, (Vec<i64>, Vec<i64>)>,
}

/// One tagged union over the tables a caller's facts live in. Every branch has the same seven
/// columns (kind, id, ref_id, code, name, sort, perms), cast so both engines agree on their types. The
/// ids inlined are the account's own, read from the database as integers.
fn facts_sql(user: &user::Model) -> String {
    let id = user.id;
    let roles = format!(r#"SELECT ur.role_id FROM "user_role" ur WHERE ur.user_id = {id}"#);
    let mut branches = vec![
        format!(
            r#"SELECT CAST('role' AS TEXT) AS kind, CAST(r.id AS BIGINT) AS id,
                CAST(NULL AS BIGINT) AS ref_id, CAST(r.data_scope AS TEXT) AS code,
                CAST(NULL AS TEXT) AS name, CAST(NULL AS BIGINT) AS sort,
                CAST(NULL AS TEXT) AS perms
            FROM "role" r WHERE r.id IN ({roles})"#
        ),
        format!(
            r#"SELECT 'menu', CAST(rm.menu_id AS BIGINT), NULL, NULL, NULL, NULL, NULL
            FROM "role_menu" rm WHERE rm.role_id IN ({roles})"#
        ),
        format!(
            r#"SELECT 'action', CAST(a.id AS BIGINT), CAST(a.menu_id AS BIGINT), a.code, a.name,
                CAST(a.sort AS BIGINT), a.perms
            FROM "menu_action" a WHERE a.id IN
                (SELECT ra.menu_action_id FROM "role_action" ra WHERE ra.role_id IN ({roles}))"#
        ),
        // Every city (the super administrator switches between all of them, new ones too)
        // and which of them the account was given.
        r#"SELECT 'site', CAST(s.id AS BIGINT), NULL, NULL, s.name, CAST(s.sort AS BIGINT), NULL
            FROM "city_site" s"#
            .to_owned(),
        format!(
            r#"SELECT 'user_site', CAST(us.site_id AS BIGINT), NULL, NULL, NULL, NULL, NULL
            FROM "user_site" us WHERE us.user_id = {id}"#
        ),
        format!(
            r#"SELECT 'custom_department', CAST(d.department_id AS BIGINT),
                CAST(d.role_id AS BIGINT), NULL, NULL, NULL, NULL
            FROM "role_scope_department" d WHERE d.role_id IN ({roles})"#
        ),
        format!(
            r#"SELECT 'custom_store', CAST(s.store_id AS BIGINT), CAST(s.role_id AS BIGINT),
                NULL, NULL, NULL, NULL
            FROM "role_scope_store" s WHERE s.role_id IN ({roles})"#
        ),
    ];
    if let Some(position) = user.position_id {
        branches.push(format!(
            r#"SELECT 'position', CAST(p.id AS BIGINT), CAST(p.organisation_id AS BIGINT), NULL,
                p.name, NULL, NULL
            FROM "position" p WHERE p.id = {position}"#
        ));
    }
    if let Some(department) = user.department_id {
        branches.push(format!(
            r#"SELECT 'department', CAST(d.id AS BIGINT), CAST(d.parent_id AS BIGINT), NULL, NULL,
                NULL, NULL
            FROM "department" d WHERE d.organisation_id =
                (SELECT o.organisation_id FROM "department" o WHERE o.id = {department})"#
        ));
    }
    branches.join("\nUNION ALL\n")
}

impl Facts {
    async fn load(db: &impl ConnectionTrait, user: &user::Model) -> Result<Self, DbErr> {
        let statement = Statement::from_string(db.get_database_backend(), facts_sql(user));
        let mut facts = Self::default();
        for row in db.query_all_raw(statement).await? {
            facts.take(&row)?;
        }
        facts.sites.sort_by_key(|(sort, site)| (*sort, site.id));
        Ok(facts)
    }

    fn take(&mut self, row: &QueryResult) -> Result<(), DbErr> {
        let kind: String = row.try_get("", "kind")?;
        let id: i64 = row.try_get("", "id")?;
        let ref_id: Option<i64> = row.try_get("", "ref_id")?;
        let code: Option<String> = row.try_get("", "code")?;
        let name: Option<String> = row.try_get("", "name")?;
        let sort: Option<i64> = row.try_get("", "sort")?;
        let perms: Option<String> = row.try_get("", "perms")?;
        match kind.as_str() {
            "role" => self.roles.push((id, code.unwrap_or_default())),
            "menu" => {
                self.menu_ids.insert(id);
            }
            "action" => self.actions.push(menu_action::Model {
                id,
                menu_id: ref_id.unwrap_or_default(),
                code: code.unwrap_or_default(),
                name: name.unwrap_or_default(),
                perms: perms.unwrap_or_default(),
                sort: sort.and_then(|s| i32::try_from(s).ok()).unwrap_or_default(),
            }),
            "site" => self.sites.push((
                sort.unwrap_or_default(),
                KnownSite {
                    id,
                    name: name.unwrap_or_default(),
                },
            )),
            "user_site" => {
                self.user_sites.insert(id);
            }
            "custom_department" | "custom_store" => {
                let entry = self.custom.entry(ref_id.unwrap_or_default()).or_default();
                if kind == "custom_department" {
                    entry.0.push(id);
                } else {
                    entry.1.push(id);
                }
            }
            "position" => self.position = Some((name.unwrap_or_default(), ref_id)),
            "department" => self.departments.push((id, ref_id)),
            other => return Err(DbErr::Custom(format!("unknown caller fact {other}"))),
        }
        Ok(())
    }
}
