//! The session calls of spec §7, at exactly the spec's paths: login, prelogin, user info,
//! logout, and the SMS verification codes.

pub mod abuse;
mod login;
mod user_info;
mod verify_code;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(login::login))
        .routes(routes!(login::prelogin))
        .routes(routes!(login::logout))
        .routes(routes!(user_info::get_login_user_info))
        .routes(routes!(verify_code::send_verify_code))
        .routes(routes!(verify_code::check_code))
        .routes(routes!(verify_code::edit_cellphone))
        .routes(routes!(verify_code::check_verify_code))
}
