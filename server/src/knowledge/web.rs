//! 网页解析 (`web/analysis`): a web page read into question–answer points and previewed like a
//! file (`file/import/analysis`), then stored with `analysis/submit` as one data set named after
//! the page's title. The page is fetched with a timeout and a size cap; its HTML becomes text by
//! core's `web_page` rules (headings and the text under them, or 问：/答： pairs).
//!
//! Only the global administrator reaches it (knowledge bases are global configuration), so the
//! server fetching an address it is given — an intranet one too — is that administrator's choice.

use std::time::Duration;

use brokerdesk_core::web_page::{
    PAGE_BYTES_MAX, PAGE_NOT_HTML, PAGE_TIMEOUT, PAGE_TIMEOUT_SECONDS, PAGE_TOO_BIG,
    PAGE_UNREACHABLE, charset_label, checked_url, data_set_name_of_page, page_points, page_text,
    readable_content_type, status_problem,
};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::bases;
use super::import::{FilePreview, preview};
use crate::AppState;
use crate::access::{Caller, need};
use crate::error::{ApiResult, AppError, AppJson, Envelope, ok};

/// Redirects followed before giving up.
const REDIRECTS_MAX: usize = 5;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(web_analysis))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WebAnalysis {
    pub knowledge_id: i64,
    /// An http:// or https:// address.
    pub url: String,
}

/// Reads a web page into points and shows what an import would add (`fileName` is the page's
/// title, the name its data set gets). Needs 知识库:编辑 or 知识库详情:编辑.
#[utoipa::path(post, path = "/api/v1/chat/Knowledge/web/analysis", tag = "knowledge",
    request_body = WebAnalysis, security(("token" = [])),
    responses((status = 200, description = "The points read, marked", body = Envelope<FilePreview>)))]
pub async fn web_analysis(
    caller: Caller,
    AppJson(request): AppJson<WebAnalysis>,
) -> ApiResult<FilePreview> {
    let scoped = caller.require(need::KNOWLEDGE_EDIT)?;
    let db = scoped.unscoped();
    let base = bases::found(&db, request.knowledge_id).await?;
    let refused = |message: String| AppError::invalid("url", message);
    let url = checked_url(&request.url).map_err(refused)?;
    let html = fetch(&url).await.map_err(refused)?;
    let (page, points) = tokio::task::spawn_blocking(move || {
        let page = page_text(&html, &url);
        let points = page_points(&page);
        (page, points)
    })
    .await
    .map_err(AppError::internal)?;
    let points = points.map_err(refused)?;
    ok(preview(&db, base.id, data_set_name_of_page(&page.title), points).await?)
}

/// The page's text, or why it cannot be read, in Chinese.
async fn fetch(url: &str) -> Result<String, String> {
    let failed = |error: reqwest::Error| {
        if error.is_timeout() {
            PAGE_TIMEOUT.to_owned()
        } else {
            PAGE_UNREACHABLE.to_owned()
        }
    };
    let client = reqwest::Client::builder()
        .timeout(Duration::from_secs(PAGE_TIMEOUT_SECONDS))
        .redirect(reqwest::redirect::Policy::limited(REDIRECTS_MAX))
        .user_agent("brokerdesk-knowledge/1")
        .build()
        .map_err(failed)?;
    let mut response = client.get(url).send().await.map_err(failed)?;
    if let Some(problem) = status_problem(response.status().as_u16()) {
        return Err(problem);
    }
    let content_type = response
        .headers()
        .get(reqwest::header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    if !readable_content_type(&content_type) {
        return Err(PAGE_NOT_HTML.to_owned());
    }
    if response
        .content_length()
        .is_some_and(|length| length > PAGE_BYTES_MAX as u64)
    {
        return Err(PAGE_TOO_BIG.to_owned());
    }
    let mut body = Vec::new();
    while let Some(chunk) = response.chunk().await.map_err(failed)? {
        if body.len() + chunk.len() > PAGE_BYTES_MAX {
            return Err(PAGE_TOO_BIG.to_owned());
        }
        body.extend_from_slice(&chunk);
    }
    let named = charset_label(&content_type, &body)
        .and_then(|label| encoding_rs::Encoding::for_label(label.as_bytes()));
    Ok(match named {
        Some(encoding) => encoding.decode(&body).0.into_owned(),
        None => match String::from_utf8(body) {
            Ok(text) => text,
            Err(error) => encoding_rs::GBK.decode(error.as_bytes()).0.into_owned(),
        },
    })
}
