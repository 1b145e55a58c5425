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
        (name = "menu", description = "用户菜单 (spec §2)"),
        (name = "org", description = "城市站点、公司、门店组、门店、部门、岗位；每个接口注明所需页面或操作，数据按调用者的数据范围过滤"),
        (name = "staff", description = "员工：列表、详情、新增、编辑、状态（调整/离职/复职/锁定/解锁）"),
        (name = "role", description = "角色、数据范围与权限设置（菜单与操作）"),
        (name = "menu-admin", description = "路由配置 (/adminConfig/menu)"),
        (name = "app", description = "应用目录及按城市、公司启用"),
        (name = "dictionary", description = "参数配置"),
        (name = "city-config", description = "房源角色、区域商圈、建筑类型"),
        (name = "community", description = "小区字典：小区、别名与拼音检索、栋座、单元、房号；同城共用"),
        (name = "audit", description = "操作日志"),
        (name = "enrollment", description = "办理入职"),
        (name = "knowledge", description = "AI助手知识库：知识库、数据集、知识点、手动录入、检索测试及其历史"),
        (name = "new-home", description = "新房楼盘：户型、佣金规则、按公司与门店分销；门店只读到分销给它的楼盘"),
        (name = "house", description = "二手房源：列表、详情、录入、编辑、状态流转、公盘认领、跟进、查看业主电话")
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
