//! `getLoginUserInfo`: who the caller is, where they work, and what they may do.

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::auth::Session;
use crate::error::{ApiResult, AppQuery, Envelope, ok};
use crate::menu;

/// The chat service identifies this product by this name (`thirdApplicationId`).
pub const CHAT_APPLICATION_IDENTITY: &str = "brokerdesk";

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct UserInfoQuery {
    /// `1` adds `chatLoginInfo` for the chat connection.
    pub chat_login_info: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserInfo {
    pub user_id: i64,
    pub username: String,
    pub store_id: Option<i64>,
    pub store_group_id: Option<i64>,
    pub organisation_id: Option<i64>,
    /// `超级管理员` marks the super administrator.
    pub position_name: String,
    pub real_name: String,
    pub user_code: String,
    /// Masked (`138****0001`); empty when no number is bound.
    pub mobile: String,
    pub working_status: String,
    /// The city sites the user may switch between, in display order.
    pub sites: Vec<SiteInfo>,
    /// Feature codes: a page's route (`/work/house/old`) and `route:action` for each action it
    /// allows (`/work/house/old:add`).
    pub permissions: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chat_login_info: Option<ChatLoginInfo>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SiteInfo {
    pub id: i64,
    pub name: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatLoginInfo {
    /// The token the chat socket and AI calls present.
    pub token: String,
    pub application_identity: String,
}

/// The logged-in user's profile, sites and permission codes.
#[utoipa::path(
    post,
    path = "/api/v1/fm/login/getLoginUserInfo",
    tag = "session",
    params(UserInfoQuery),
    security(("token" = [])),
    responses((status = 200, description = "User info; code 10010003 when not logged in", body = Envelope<UserInfo>))
)]
pub async fn get_login_user_info(
    session: Session,
    AppQuery(query): AppQuery<UserInfoQuery>,
) -> ApiResult<UserInfo> {
    let known = &session.known;
    let user = &known.user;
    let sites = known
        .sites
        .iter()
        .map(|site| SiteInfo {
            id: site.id,
            name: site.name.clone(),
        })
        .collect();
    let chat_login_info = (query.chat_login_info.as_deref() == Some("1")).then(|| ChatLoginInfo {
        token: session.token.clone(),
        application_identity: CHAT_APPLICATION_IDENTITY.to_owned(),
    });
    ok(UserInfo {
        user_id: user.id,
        username: user.username.clone(),
        store_id: user.store_id,
        store_group_id: user.store_group_id,
        organisation_id: user.organisation_id,
        position_name: known.position_name.clone(),
        real_name: user.real_name.clone(),
        user_code: user.user_code.clone(),
        mobile: user
            .mobile
            .as_deref()
            .map(brokerdesk_core::org::mask::mobile)
            .unwrap_or_default(),
        working_status: user.working_status.0.code().to_owned(),
        sites,
        permissions: menu::permission_codes(&known.menu),
        chat_login_info,
    })
}
