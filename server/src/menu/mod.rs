//! `getMenuListByUser`: the menu tree the caller's roles open (spec §2), which the SPA turns
//! into its routes, sidebar and button permissions.

pub mod admin;
mod kind;
pub(crate) mod rows;
mod tree;

use brokerdesk_core::menu::MenuEntry;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub use kind::{MenuStatus, MenuType};
pub use tree::{build as build_tree, permission_codes};

use crate::AppState;
use crate::auth::Session;
use crate::error::{ApiResult, Envelope, ok};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_menu_list_by_user))
        .merge(admin::router())
}

/// The caller's menu tree: granted pages, their directories, granted actions, in sort order.
#[utoipa::path(
    post,
    path = "/api/v1/fm/login/getMenuListByUser",
    tag = "menu",
    security(("token" = [])),
    responses((status = 200, description = "Menu entries with children; an empty array means 该用户没有访问权限", body = Envelope<Vec<MenuEntryDoc>>))
)]
pub async fn get_menu_list_by_user(session: Session) -> ApiResult<Vec<MenuEntry>> {
    ok(session.known.menu.clone())
}

/// How core's `MenuEntry` looks on the wire, for the OpenAPI document (core stays free of
/// server crates). A test below keeps the two in step.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = MenuEntry)]
pub struct MenuEntryDoc {
    pub menu_id: Option<i64>,
    pub menu_name: String,
    pub menu_icon: String,
    /// 1 directory, 2 page.
    pub menu_type: u8,
    /// 1 directory, 2 visible page, 3 hidden detail page.
    pub status: u8,
    /// Route path; detail pages use `:id`.
    pub menu_page: String,
    /// Permission code (`work:store:staff:list`); it stays when the path changes.
    pub perms: String,
    /// The SPA view that renders the page; empty for directories.
    pub component_path: String,
    pub auth_actions: Vec<AuthActionDoc>,
    #[schema(no_recursion)]
    pub children: Vec<MenuEntryDoc>,
}

/// How core's `AuthAction` looks on the wire.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = AuthAction)]
pub struct AuthActionDoc {
    /// Action code: `add`, `edit`, `delete`, `export`, `approve`.
    pub component_path: String,
    /// Permission code (`work:store:staff:add`); it stays when the action code changes.
    pub perms: String,
    /// Chinese label.
    pub action_name: String,
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;
    use utoipa::PartialSchema;

    fn schema_fields<T: PartialSchema>() -> BTreeSet<String> {
        let schema = serde_json::to_value(T::schema()).unwrap();
        schema["properties"]
            .as_object()
            .unwrap()
            .keys()
            .cloned()
            .collect()
    }

    fn wire_fields(value: serde_json::Value) -> BTreeSet<String> {
        value.as_object().unwrap().keys().cloned().collect()
    }

    #[test]
    fn the_documented_menu_entry_matches_core_on_the_wire() {
        let mut entry = brokerdesk_core::menu::default_menu_tree().remove(0);
        entry.menu_id = Some(1);
        let page = entry
            .walk()
            .into_iter()
            .find(|e| !e.auth_actions.is_empty())
            .cloned()
            .unwrap();
        assert_eq!(
            schema_fields::<MenuEntryDoc>(),
            wire_fields(serde_json::to_value(&entry).unwrap())
        );
        assert_eq!(
            schema_fields::<AuthActionDoc>(),
            wire_fields(serde_json::to_value(&page.auth_actions[0]).unwrap())
        );
    }
}
