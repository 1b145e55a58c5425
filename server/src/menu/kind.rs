//! A menu entry's kind as the menu trees answer it (路由配置's tree and 权限设置's), in core's
//! vocabularies (`brokerdesk_core::menu::MENU_TYPE` and `MENU_STATUS`): the numbers are
//! described here once, and the browser labels them with core's tables.

use serde::Serialize;
use utoipa::ToSchema;

/// A menu entry's type, core's `menuType` vocabulary: 1 directory, 2 page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(transparent)]
pub struct MenuType(pub i16);

/// Where a menu entry shows, core's `menuStatus` vocabulary: 1 directory, 2 visible page,
/// 3 hidden detail page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(transparent)]
pub struct MenuStatus(pub i16);

#[cfg(test)]
mod tests {
    use brokerdesk_core::menu::{MENU_STATUS, MENU_TYPE, MENU_TYPE_PAGE, STATUS_HIDDEN};
    use serde_json::json;

    use super::*;

    #[test]
    fn the_trees_send_core_codes_as_bare_numbers() {
        let (kind, shows) = (
            MenuType(i16::from(MENU_TYPE_PAGE)),
            MenuStatus(i16::from(STATUS_HIDDEN)),
        );
        assert_eq!(serde_json::to_value(kind).unwrap(), json!(2));
        assert_eq!(serde_json::to_value(shows).unwrap(), json!(3));
        assert_eq!(MENU_TYPE.label_of(i64::from(kind.0)), Some("页面"));
        assert_eq!(MENU_STATUS.label_of(i64::from(shows.0)), Some("隐藏详情页"));
    }
}
