//! 对话日志's export: the filtered log as a CSV file spreadsheet programs open (a byte-order
//! mark for its Chinese, no cell read as a formula), with the functions each turn called.

use axum::http::header;
use axum::response::{IntoResponse, Response};
use brokerdesk_core::china_time;
use chrono::DateTime;
use sea_orm::{QueryOrder, QuerySelect};

use super::logs::{ChatFunctionCall, LogFilter, describe};
use crate::access::{Caller, need};
use crate::entity::chat_log;
use crate::error::{AppError, AppQuery};

/// The most turns one export writes.
const EXPORT_MAX: u64 = 10_000;

/// One CSV field: quoted when it holds a comma, quote or line break; a leading `=`, `+`, `-`
/// or `@` is prefixed with `'` so a spreadsheet does not run it as a formula.
fn csv_field(text: &str) -> String {
    let text = if text.starts_with(['=', '+', '-', '@']) {
        format!("'{text}")
    } else {
        text.to_owned()
    };
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text
    }
}

/// The filtered log (newest first, at most 10,000 turns) as a CSV file with a byte-order mark,
/// so spreadsheet programs read its Chinese. Needs 对话日志:导出.
#[utoipa::path(get, path = "/api/v1/chat/assistant/log/export", tag = "assistant",
    params(LogFilter), security(("token" = [])),
    responses((status = 200, description = "对话日志.csv", content_type = "text/csv")))]
pub async fn export(
    caller: Caller,
    AppQuery(filter): AppQuery<LogFilter>,
) -> Result<Response, AppError> {
    let scoped = caller.require(need::CHAT_LOG_EXPORT)?;
    let db = scoped.unscoped();
    let rows = db
        .all(
            filter
                .apply(&db, db.find::<chat_log::Entity>())
                .await?
                .order_by_desc(chat_log::Column::Id)
                .limit(EXPORT_MAX),
        )
        .await?;
    let mut out = String::from(
        "\u{feff}时间,助手,提问人,问题,回答,状态,评价,输入tokens,输出tokens,总tokens,耗时(毫秒),引用文档数,调用业务函数\n",
    );
    for turn in describe(&db, rows).await? {
        let at = DateTime::from_timestamp_millis(turn.created_at)
            .unwrap_or_default()
            .with_timezone(&china_time::offset())
            .format("%Y-%m-%d %H:%M:%S")
            .to_string();
        let fields = [
            at,
            turn.assistant_name,
            turn.user_name,
            turn.question,
            turn.answer,
            turn.status_name,
            turn.vote_name,
            turn.tokens_in.to_string(),
            turn.tokens_out.to_string(),
            turn.tokens.to_string(),
            turn.latency_ms.to_string(),
            turn.doc_count.to_string(),
            calls_cell(&turn.function_calls),
        ];
        let line: Vec<String> = fields.iter().map(|field| csv_field(field)).collect();
        out.push_str(&line.join(","));
        out.push('\n');
    }
    Ok((
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8"),
            (
                header::CONTENT_DISPOSITION,
                "attachment; filename*=UTF-8''%E5%AF%B9%E8%AF%9D%E6%97%A5%E5%BF%97.csv",
            ),
        ],
        out,
    )
        .into_response())
}

/// The 调用业务函数 cell: each call's title, a failed one marked so (房源搜索、客户查询（失败）).
fn calls_cell(calls: &[ChatFunctionCall]) -> String {
    calls
        .iter()
        .map(|call| {
            if call.ok {
                call.title.clone()
            } else {
                format!("{}（失败）", call.title)
            }
        })
        .collect::<Vec<_>>()
        .join("、")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_fields_are_quoted_and_never_formulas() {
        assert_eq!(csv_field("报备"), "报备");
        assert_eq!(csv_field("甲,乙"), "\"甲,乙\"");
        assert_eq!(csv_field("说\"好\""), "\"说\"\"好\"\"\"");
        assert_eq!(csv_field("=1+1"), "'=1+1");
        assert_eq!(csv_field("一\n二"), "\"一\n二\"");
    }

    #[test]
    fn the_calls_cell_names_each_call_and_its_failure() {
        let call = |title: &str, ok: bool| ChatFunctionCall {
            name: String::new(),
            title: title.to_owned(),
            arguments: "{}".to_owned(),
            ok,
            rows: 0,
            error: None,
        };
        assert_eq!(calls_cell(&[]), "");
        assert_eq!(
            calls_cell(&[call("房源搜索", true), call("客户查询", false)]),
            "房源搜索、客户查询（失败）"
        );
    }
}
