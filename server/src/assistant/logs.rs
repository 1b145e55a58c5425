//! 对话日志 and 使用统计 (/adminConfig/aiHelper/log, /statistics): every chat turn as the socket
//! logged it (question, answer, cited documents, tokens in and out, how long it took, who asked
//! which assistant, the asker's vote), the turns of one conversation, statistics per day,
//! assistant and user, and the export of a filtered log as CSV. The asker's own side: their
//! recent turns with an assistant and their 👍/👎 on an answer.

use std::collections::{BTreeMap, HashMap, HashSet};

use axum::extract::{Path, State};
use brokerdesk_core::chat::functions as functions_info;
use brokerdesk_core::china_time;
use brokerdesk_core::enums::{CHAT_LOG_STATUS, CHAT_VOTE};
use chrono::{DateTime, NaiveDate, Utc};
use sea_orm::{
    ColumnTrait, DatabaseConnection, ExprTrait, QueryFilter, QueryOrder, QuerySelect, Select,
};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::AppState;
use crate::access::{Caller, Need, Unscoped, need};
use crate::assistant::functions::CallRecord;
use crate::chat::Passage;
use crate::entity::{chat_log, user};
use crate::error::{ApiResult, AppError, AppJson, AppQuery, Envelope, ok};
use crate::paging::{Page, PageQuery, filter_text, lenient_number};
use crate::shared::{IdRequest, millis};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(own))
        .routes(routes!(page))
        .routes(routes!(context))
        .routes(routes!(statistics))
        .routes(routes!(summary))
        .routes(routes!(docs))
        .routes(routes!(vote))
        .routes(routes!(super::log_export::export))
}

/// One chat turn as the log pages show it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatLog {
    pub id: i64,
    pub assistant_id: Option<i64>,
    pub assistant_name: String,
    pub user_id: i64,
    pub user_name: String,
    /// The conversation.
    pub uuid: String,
    pub msg_id: String,
    pub question: String,
    pub answer: String,
    /// Core `chatLogStatus`: 0 已回答, 6 未找到答案, 2 出错, 3 已终止.
    pub status: i16,
    pub status_name: String,
    pub tokens: i64,
    pub tokens_in: i64,
    pub tokens_out: i64,
    /// From the question to the answer's end.
    pub latency_ms: i64,
    /// Core `chatVote`: 0 未评价, 1 有用, 2 没用.
    pub vote: i16,
    pub vote_name: String,
    pub doc_count: usize,
    /// The functions over the brokerage's data the turn called, in order.
    pub function_calls: Vec<ChatFunctionCall>,
    pub created_at: i64,
}

/// One function a turn called, as the log pages show it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatFunctionCall {
    /// As the model called it (`listing_search`).
    pub name: String,
    /// Core `assistantFunction`'s label (房源搜索); the name itself for one the catalogue lacks.
    pub title: String,
    /// The arguments as the model gave them (JSON text).
    pub arguments: String,
    pub ok: bool,
    /// Rows the model was given.
    pub rows: usize,
    /// Why it failed, as the model was told.
    pub error: Option<String>,
}

fn calls_of(row: &chat_log::Model) -> Vec<ChatFunctionCall> {
    serde_json::from_str::<Vec<CallRecord>>(&row.function_calls)
        .unwrap_or_default()
        .into_iter()
        .map(|call| ChatFunctionCall {
            title: functions_info::title(&call.name),
            name: call.name,
            arguments: call.arguments,
            ok: call.ok,
            rows: call.rows,
            error: call.error,
        })
        .collect()
}

fn docs_of(row: &chat_log::Model) -> Vec<Passage> {
    serde_json::from_str(&row.docs).unwrap_or_default()
}

/// The rows as views, with the askers' names.
pub(super) async fn describe(
    db: &Unscoped<'_, DatabaseConnection>,
    rows: Vec<chat_log::Model>,
) -> Result<Vec<ChatLog>, AppError> {
    let names = db
        .names::<user::Entity>(
            user::Column::Id,
            user::Column::RealName,
            rows.iter().map(|row| row.user_id),
        )
        .await?;
    Ok(rows
        .into_iter()
        .map(|row| ChatLog {
            doc_count: docs_of(&row).len(),
            function_calls: calls_of(&row),
            latency_ms: (row.finished_at - row.created_at).num_milliseconds(),
            user_name: names.get(&row.user_id).cloned().unwrap_or_default(),
            status_name: CHAT_LOG_STATUS
                .label_of(i64::from(row.status))
                .unwrap_or("未知")
                .to_owned(),
            vote_name: CHAT_VOTE
                .label_of(i64::from(row.vote))
                .unwrap_or_default()
                .to_owned(),
            id: row.id,
            assistant_id: row.assistant_id,
            assistant_name: row.assistant_name,
            user_id: row.user_id,
            uuid: row.uuid,
            msg_id: row.msg_id,
            question: row.question,
            answer: row.answer,
            status: row.status,
            tokens: row.tokens,
            tokens_in: row.tokens_in,
            tokens_out: row.tokens_out,
            vote: row.vote,
            created_at: millis(row.created_at),
        })
        .collect())
}

/// What the log pages filter by; every field optional.
#[derive(Debug, Default, Deserialize, ToSchema, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct LogFilter {
    #[serde(default, deserialize_with = "lenient_number")]
    pub assistant_id: Option<i64>,
    /// Part of the asker's name.
    pub user_name: Option<String>,
    /// Part of the question or the answer.
    pub keyword: Option<String>,
    /// Core `chatVote`.
    #[serde(default, deserialize_with = "lenient_number")]
    pub vote: Option<i64>,
    /// Core `chatLogStatus`: 0 已回答, 6 未找到答案, 2 出错, 3 已终止.
    #[serde(default, deserialize_with = "lenient_number")]
    pub status: Option<i64>,
    /// First day, `YYYY-MM-DD` (China time), included.
    pub start_date: Option<String>,
    /// Last day, `YYYY-MM-DD`, included.
    pub end_date: Option<String>,
}

pub(crate) fn day(
    raw: &Option<String>,
    field: &'static str,
) -> Result<Option<NaiveDate>, AppError> {
    match filter_text(raw) {
        None => Ok(None),
        Some(text) => NaiveDate::parse_from_str(text, "%Y-%m-%d")
            .map(Some)
            .map_err(|_| AppError::invalid(field, "日期格式须为YYYY-MM-DD")),
    }
}

/// The first instant of `day` in China time.
pub(crate) fn day_start(day: NaiveDate) -> DateTime<Utc> {
    china_time::start_of(day)
}

impl LogFilter {
    pub(super) async fn apply(
        &self,
        db: &Unscoped<'_, DatabaseConnection>,
        mut select: Select<chat_log::Entity>,
    ) -> Result<Select<chat_log::Entity>, AppError> {
        if let Some(id) = self.assistant_id {
            select = select.filter(chat_log::Column::AssistantId.eq(id));
        }
        if let Some(name) = filter_text(&self.user_name) {
            let ids = db
                .values::<user::Entity, i64>(
                    db.find::<user::Entity>()
                        .filter(crate::shared::contains(user::Column::RealName, name)),
                    user::Column::Id,
                )
                .await?;
            select = select.filter(chat_log::Column::UserId.is_in(ids));
        }
        if let Some(keyword) = filter_text(&self.keyword) {
            select = select.filter(
                chat_log::Column::Question
                    .contains(keyword)
                    .or(crate::shared::contains(chat_log::Column::Answer, keyword)),
            );
        }
        if let Some(vote) = self.vote {
            select = select.filter(chat_log::Column::Vote.eq(vote));
        }
        if let Some(status) = self.status {
            select = select.filter(chat_log::Column::Status.eq(status));
        }
        if let Some(start) = day(&self.start_date, "startDate")? {
            select = select.filter(chat_log::Column::CreatedAt.gte(day_start(start)));
        }
        if let Some(end) = day(&self.end_date, "endDate")? {
            let next = end.succ_opt().unwrap_or(end);
            select = select.filter(chat_log::Column::CreatedAt.lt(day_start(next)));
        }
        Ok(select)
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LogPageQuery {
    #[serde(flatten)]
    pub page: PageQuery,
    #[serde(flatten)]
    pub filter: LogFilter,
}

/// The log, newest first, filtered. Needs 对话日志.
#[utoipa::path(post, path = "/api/v1/chat/assistant/log/page", tag = "assistant",
    request_body = LogPageQuery, security(("token" = [])),
    responses((status = 200, description = "A page of chat turns", body = Envelope<Page<ChatLog>>)))]
pub async fn page(
    caller: Caller,
    AppJson(query): AppJson<LogPageQuery>,
) -> ApiResult<Page<ChatLog>> {
    let scoped = caller.require(need::CHAT_LOG_READ)?;
    let db = scoped.unscoped();
    let select = query
        .filter
        .apply(&db, db.find::<chat_log::Entity>())
        .await?
        .order_by_desc(chat_log::Column::Id);
    let found = db.page(select, query.page).await?;
    let list = describe(&db, found.list).await?;
    ok(Page {
        list,
        total: found.total,
    })
}

/// The turns of the conversation a turn belongs to (the same asker and conversation), oldest
/// first. Needs 对话日志.
#[utoipa::path(post, path = "/api/v1/chat/assistant/log/context", tag = "assistant",
    request_body = IdRequest, security(("token" = [])),
    responses((status = 200, description = "The conversation's turns", body = Envelope<Vec<ChatLog>>)))]
pub async fn context(
    caller: Caller,
    AppJson(request): AppJson<IdRequest>,
) -> ApiResult<Vec<ChatLog>> {
    let scoped = caller.require(need::CHAT_LOG_READ)?;
    let db = scoped.unscoped();
    let turn = found(&db, request.id).await?;
    let rows = db
        .all(
            db.find::<chat_log::Entity>()
                .filter(chat_log::Column::UserId.eq(turn.user_id))
                .filter(chat_log::Column::Uuid.eq(turn.uuid))
                .order_by_asc(chat_log::Column::Id),
        )
        .await?;
    ok(describe(&db, rows).await?)
}

async fn found(
    db: &Unscoped<'_, DatabaseConnection>,
    id: i64,
) -> Result<chat_log::Model, AppError> {
    db.one(
        db.find::<chat_log::Entity>()
            .filter(chat_log::Column::Id.eq(id)),
    )
    .await?
    .ok_or(AppError::NotFound)
}

/// The documents a turn's answer cited (`{pointId, knowledgeId, source, question, answer,
/// score}`). Needs 对话日志.
#[utoipa::path(post, path = "/api/v1/chat/assistant/log/refrence/doc", tag = "assistant",
    request_body = IdRequest, security(("token" = [])),
    responses((status = 200, description = "The cited documents", body = Envelope<Vec<Passage>>)))]
pub async fn docs(caller: Caller, AppJson(request): AppJson<IdRequest>) -> ApiResult<Vec<Passage>> {
    let scoped = caller.require(need::CHAT_LOG_READ)?;
    let turn = found(&scoped.unscoped(), request.id).await?;
    ok(docs_of(&turn))
}

/// The caller's own latest turns with an assistant (at most 20), oldest first: what they asked
/// and were answered, with their votes. Any logged-in caller, their own turns only.
#[utoipa::path(get, path = "/api/v1/chat/assistant/log/{toolId}/list", tag = "assistant",
    params(("toolId" = i64, Path, description = "The assistant")), security(("token" = [])),
    responses((status = 200, description = "The caller's turns", body = Envelope<Vec<ChatLog>>)))]
pub async fn own(caller: Caller, Path(tool): Path<String>) -> ApiResult<Vec<ChatLog>> {
    let scoped = caller.require(Need::LOGIN)?;
    let tool: i64 = tool
        .trim()
        .parse()
        .map_err(|_| AppError::invalid("toolId", "路径中的toolId须为整数"))?;
    let db = scoped.unscoped();
    let mut rows = db
        .all(
            db.find::<chat_log::Entity>()
                .filter(chat_log::Column::UserId.eq(scoped.actor().id))
                .filter(chat_log::Column::AssistantId.eq(tool))
                .order_by_desc(chat_log::Column::Id)
                .limit(20),
        )
        .await?;
    rows.reverse();
    ok(describe(&db, rows).await?)
}

/// The asker's verdict on an answer: the turn is named as the chat panel knows it.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VoteRequest {
    /// The conversation.
    pub uuid: String,
    /// The question's msgId.
    pub msg_id: String,
    /// Core `chatVote`: 1 有用, 2 没用, 0 takes the vote back.
    pub vote: i64,
}

/// Votes on an answer the caller was given (👍 有用 / 👎 没用, 0 to take it back). Any
/// logged-in caller, on their own turns only.
#[utoipa::path(post, path = "/api/v1/chat/assistant/log/vote", tag = "assistant",
    request_body = VoteRequest, security(("token" = [])),
    responses((status = 200, description = "The turn as voted", body = Envelope<ChatLog>)))]
pub async fn vote(
    State(state): State<AppState>,
    caller: Caller,
    AppJson(request): AppJson<VoteRequest>,
) -> ApiResult<ChatLog> {
    let scoped = caller.require(Need::LOGIN)?;
    let vote = i16::try_from(request.vote)
        .ok()
        .filter(|vote| CHAT_VOTE.label_of(i64::from(*vote)).is_some())
        .ok_or_else(|| AppError::invalid("vote", "评价须为有用或没用"))?;
    let db = scoped.unscoped();
    let turn = db
        .one(
            db.find::<chat_log::Entity>()
                .filter(chat_log::Column::UserId.eq(scoped.actor().id))
                .filter(chat_log::Column::Uuid.eq(request.uuid))
                .filter(chat_log::Column::MsgId.eq(request.msg_id))
                .order_by_desc(chat_log::Column::Id),
        )
        .await?
        .ok_or(AppError::NotFound)?;
    crate::chat::set_vote(&state.db, turn.id, vote).await?;
    let turn = found(&db, turn.id).await?;
    ok(describe(&db, vec![turn]).await?.remove(0))
}

/// The period statistics cover: both days given, or the last 30 days.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct StatisticsQuery {
    #[serde(default, deserialize_with = "lenient_number")]
    pub assistant_id: Option<i64>,
    /// First day, `YYYY-MM-DD`; default 29 days before the last.
    pub start_date: Option<String>,
    /// Last day, `YYYY-MM-DD`; default today.
    pub end_date: Option<String>,
}

/// The turns of the period, oldest first, and the period's days.
async fn period(
    db: &Unscoped<'_, DatabaseConnection>,
    query: &StatisticsQuery,
) -> Result<(Vec<chat_log::Model>, NaiveDate, NaiveDate), AppError> {
    let end = day(&query.end_date, "endDate")?.unwrap_or_else(crate::form::today);
    let start = day(&query.start_date, "startDate")?.unwrap_or_else(|| end - chrono::Days::new(29));
    if start > end {
        return Err(AppError::invalid("startDate", "开始日期不能晚于结束日期"));
    }
    if (end - start).num_days() > 366 {
        return Err(AppError::invalid("startDate", "统计区间不能超过一年"));
    }
    let filter = LogFilter {
        assistant_id: query.assistant_id,
        start_date: Some(start.to_string()),
        end_date: Some(end.to_string()),
        ..LogFilter::default()
    };
    let rows = db
        .all(
            filter
                .apply(db, db.find::<chat_log::Entity>())
                .await?
                .order_by_asc(chat_log::Column::Id),
        )
        .await?;
    Ok((rows, start, end))
}

/// Counts of a group of turns.
#[derive(Debug, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Tally {
    pub questions: i64,
    /// Different askers.
    pub users: i64,
    pub tokens: i64,
    pub up: i64,
    pub down: i64,
}

#[derive(Default)]
struct Counter {
    questions: i64,
    users: HashSet<i64>,
    tokens: i64,
    up: i64,
    down: i64,
}

impl Counter {
    fn add(&mut self, row: &chat_log::Model) {
        self.questions += 1;
        self.users.insert(row.user_id);
        self.tokens += row.tokens;
        match row.vote {
            1 => self.up += 1,
            2 => self.down += 1,
            _ => {}
        }
    }

    fn tally(&self) -> Tally {
        Tally {
            questions: self.questions,
            users: self.users.len() as i64,
            tokens: self.tokens,
            up: self.up,
            down: self.down,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DayTally {
    /// `YYYY-MM-DD`.
    pub date: String,
    #[serde(flatten)]
    pub tally: Tally,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AssistantTally {
    pub assistant_id: Option<i64>,
    pub assistant_name: String,
    #[serde(flatten)]
    pub tally: Tally,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserTally {
    pub user_id: i64,
    pub user_name: String,
    #[serde(flatten)]
    pub tally: Tally,
}

/// Statistics of a period: every day (none left out), each assistant and each asker (most
/// questions first).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Statistics {
    pub days: Vec<DayTally>,
    pub assistants: Vec<AssistantTally>,
    pub users: Vec<UserTally>,
}

/// Questions, askers, tokens and votes per day, assistant and user. Needs 使用统计.
#[utoipa::path(get, path = "/api/v1/chat/assistant/log/statistics", tag = "assistant",
    params(StatisticsQuery), security(("token" = [])),
    responses((status = 200, description = "The period's statistics", body = Envelope<Statistics>)))]
pub async fn statistics(
    caller: Caller,
    AppQuery(query): AppQuery<StatisticsQuery>,
) -> ApiResult<Statistics> {
    let scoped = caller.require(need::CHAT_STATISTICS)?;
    let db = scoped.unscoped();
    let (rows, start, end) = period(&db, &query).await?;
    let mut days: BTreeMap<NaiveDate, Counter> = start
        .iter_days()
        .take_while(|day| *day <= end)
        .map(|day| (day, Counter::default()))
        .collect();
    let mut assistants: BTreeMap<(Option<i64>, String), Counter> = BTreeMap::new();
    let mut users: HashMap<i64, Counter> = HashMap::new();
    for row in &rows {
        let on = china_time::day_of(row.created_at);
        days.entry(on).or_default().add(row);
        assistants
            .entry((row.assistant_id, row.assistant_name.clone()))
            .or_default()
            .add(row);
        users.entry(row.user_id).or_default().add(row);
    }
    let names = db
        .names::<user::Entity>(
            user::Column::Id,
            user::Column::RealName,
            users.keys().copied(),
        )
        .await?;
    let mut assistants: Vec<AssistantTally> = assistants
        .into_iter()
        .map(|((assistant_id, assistant_name), counter)| AssistantTally {
            assistant_id,
            assistant_name,
            tally: counter.tally(),
        })
        .collect();
    assistants.sort_by_key(|a| std::cmp::Reverse(a.tally.questions));
    let mut users: Vec<UserTally> = users
        .into_iter()
        .map(|(user_id, counter)| UserTally {
            user_id,
            user_name: names.get(&user_id).cloned().unwrap_or_default(),
            tally: counter.tally(),
        })
        .collect();
    users.sort_by(|a, b| (b.tally.questions, a.user_id).cmp(&(a.tally.questions, b.user_id)));
    ok(Statistics {
        days: days
            .into_iter()
            .map(|(date, counter)| DayTally {
                date: date.to_string(),
                tally: counter.tally(),
            })
            .collect(),
        assistants,
        users,
    })
}

/// The period's totals.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Summary {
    #[serde(flatten)]
    pub tally: Tally,
    pub conversations: i64,
    pub tokens_in: i64,
    pub tokens_out: i64,
    /// Mean time from question to the answer's end; 0 without turns.
    pub average_latency_ms: i64,
    pub start_date: String,
    pub end_date: String,
}

/// Totals of a period: questions, askers, conversations, tokens in and out, votes, the mean
/// answer time. Its parameters are query parameters although it is a POST (spec §7). Needs
/// 使用统计.
#[utoipa::path(post, path = "/api/v1/chat/assistant/log/statistics/summary", tag = "assistant",
    params(StatisticsQuery), security(("token" = [])),
    responses((status = 200, description = "The period's totals", body = Envelope<Summary>)))]
pub async fn summary(
    caller: Caller,
    AppQuery(query): AppQuery<StatisticsQuery>,
) -> ApiResult<Summary> {
    let scoped = caller.require(need::CHAT_STATISTICS)?;
    let db = scoped.unscoped();
    let (rows, start, end) = period(&db, &query).await?;
    let mut counter = Counter::default();
    let mut conversations = HashSet::new();
    let (mut tokens_in, mut tokens_out, mut latency) = (0, 0, 0);
    for row in &rows {
        counter.add(row);
        conversations.insert((row.user_id, row.uuid.clone()));
        tokens_in += row.tokens_in;
        tokens_out += row.tokens_out;
        latency += (row.finished_at - row.created_at).num_milliseconds();
    }
    ok(Summary {
        tally: counter.tally(),
        conversations: conversations.len() as i64,
        tokens_in,
        tokens_out,
        average_latency_ms: if rows.is_empty() {
            0
        } else {
            latency / rows.len() as i64
        },
        start_date: start.to_string(),
        end_date: end.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_day_starts_at_midnight_in_china() {
        let day = NaiveDate::from_ymd_opt(2026, 11, 25).unwrap();
        assert_eq!(day_start(day).to_rfc3339(), "2026-11-24T16:00:00+00:00");
    }
}
