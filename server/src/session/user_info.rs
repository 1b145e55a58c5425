//! `getLoginUserInfo`: who the caller is, where they work, and what they may do.

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use axum::extract::State;
use chrono::Utc;
use sea_orm::{ActiveModelTrait, Set};

use crate::AppState;
use crate::auth::Session;
use crate::auth::session::CHAT_APPLICATION_IDENTITY;
use crate::auth::token::{digest, new_token};
use crate::entity::chat_token;
use crate::error::{ApiResult, AppError, AppQuery, Envelope, ok};
use crate::menu;

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
    /// The token the chat socket and AI calls present: a credential of its own, opening only
    /// the chat, ending with this session.
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
    State(state): State<AppState>,
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
    let chat_login_info = if query.chat_login_info.as_deref() == Some("1") {
        Some(ChatLoginInfo {
            token: issue_chat_token(&state, session.token_id).await?,
            application_identity: CHAT_APPLICATION_IDENTITY.to_owned(),
        })
    } else {
        None
    };
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

/// A fresh chat token for the session: each tab that loads the user gets its own, and all of
/// them end when the session does.
async fn issue_chat_token(state: &AppState, session_token_id: i64) -> Result<String, AppError> {
    let token = new_token();
    chat_token::ActiveModel {
        token_hash: Set(digest(&token)),
        session_token_id: Set(session_token_id),
        created_at: Set(Utc::now()),
        ..Default::default()
    }
    .insert(&state.db)
    .await?;
    Ok(token)
}
