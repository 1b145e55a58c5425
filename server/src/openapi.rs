//! The OpenAPI document's frame; each route adds its own path through `utoipa-axum`.

use utoipa::openapi::security::{ApiKey, ApiKeyValue, SecurityScheme};
use utoipa::{Modify, OpenApi};

use crate::error::ErrorBody;

/// The security scheme of the `token` header; routes name it as `security(("token" = []))`.
const TOKEN_SCHEME: &str = "token";

#[derive(OpenApi)]
#[openapi(
    info(
        title = "brokerdesk API",
        description = "Every answer is an envelope: `{\"code\":0,\"data\":...}` on success, \
`{\"code\":N,\"message\":\"中文说明\"}` on failure (code table in server/README.md). \
Code 10010003 means the login is missing, expired or revoked. Logged-in calls send the \
`token` header (and may send `userId` and `siteId`)."
    ),
    components(schemas(ErrorBody)),
    modifiers(&TokenHeader),
    tags(
        (name = "session", description = "登录、用户信息、验证码 (spec §7)"),
        (name = "menu", description = "用户菜单 (spec §2)")
    )
)]
struct ApiDoc;

struct TokenHeader;

impl Modify for TokenHeader {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        if let Some(components) = openapi.components.as_mut() {
            components.add_security_scheme(
                TOKEN_SCHEME,
                SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::new("token"))),
            );
        }
    }
}

pub fn document() -> utoipa::openapi::OpenApi {
    ApiDoc::openapi()
}
