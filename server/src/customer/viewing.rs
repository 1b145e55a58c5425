//! 带看 (viewings): a customer the caller reads shown a listing of the kind they want (二手房,
//! 租房) or a new-home project distributed to the caller, by its agent with a colleague along,
//! when, with the customer's feedback. The agent's viewing counts as a follow-up: it restarts
//! the customer's drop clock. A viewing is read on its customer (by those who read the customer)
//! and on its listing (by those who read the listing: the customer then shows as 王先生 unless
//! they read the customer too). Rules: core `customer::viewing`.

use brokerdesk_core::customer::viewing::{self, Refusal, ViewingKind};
use brokerdesk_core::forms::{self, Form};
use chrono::{DateTime, Utc};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseTransaction, QueryFilter, QueryOrder,
    Set,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::state_of;
use crate::access::{Caller, Placed, Scoped, need};
use crate::entity::{customer, customer_viewing, listing, new_home_project, user};
use crate::error::{ApiResult, AppError, AppJson, Envelope, ok};
use crate::form::{self, CoreForm};
use crate::history;
use crate::listing as listings;
use crate::paging::{Page, PageQuery, lenient_number};
use crate::shared::{millis, name_of};
use crate::staff::{self, Among};

pub const COMPANION_OUTSIDE: &str = "请选择本公司在职的同事";
pub const FEEDBACK_NOT_YOURS: &str = "只有带看人、陪同人或客户的店长可以填写反馈";
pub const OTHER_COMPANY: &str = "只能带看本公司的房源";

/// 写带看: the customer, then core's `customerViewing` form.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ViewingAdd {
    #[serde(default)]
    pub customer_id: i64,
    /// Core `viewingKind`: 1 二手房, 2 租房, 3 新房.
    #[serde(default, deserialize_with = "lenient_number")]
    pub kind: Option<i64>,
    #[serde(default, deserialize_with = "lenient_number")]
    pub listing_id: Option<i64>,
    #[serde(default, deserialize_with = "lenient_number")]
    pub project_id: Option<i64>,
    /// `YYYY-MM-DD`, China time.
    #[serde(default)]
    pub view_date: String,
    /// `HH:MM`.
    #[serde(default)]
    pub view_time: String,
    #[serde(default, deserialize_with = "lenient_number")]
    pub companion_id: Option<i64>,
    #[serde(default)]
    pub feedback: String,
}

impl CoreForm for ViewingAdd {
    const FORM: &'static Form = &forms::CUSTOMER_VIEWING;
}

/// The customer's feedback on one viewing.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ViewingFeedback {
    #[serde(default)]
    pub id: i64,
    #[serde(default)]
    pub feedback: String,
}

impl CoreForm for ViewingFeedback {
    const FORM: &'static Form = &forms::CUSTOMER_VIEWING_FEEDBACK;
}

/// The viewings of one customer or of one listing, newest first.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ViewingQuery {
    #[serde(default, deserialize_with = "lenient_number")]
    pub customer_id: Option<i64>,
    #[serde(default, deserialize_with = "lenient_number")]
    pub listing_id: Option<i64>,
    #[serde(flatten)]
    pub page: PageQuery,
}

/// One viewing as the customer's or the listing's page shows it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ViewingRow {
    pub id: i64,
    pub customer_id: i64,
    /// The customer's name when the caller reads the customer, else 王先生.
    pub customer_name: String,
    /// Whether the caller reads the customer (its page may link to it).
    pub customer_readable: bool,
    /// Core `viewingKind`.
    pub kind: i16,
    pub listing_id: Option<i64>,
    pub project_id: Option<i64>,
    /// 西湖家园 3幢2单元1502, or the project's name.
    pub target_name: String,
    pub user_id: Option<i64>,
    pub user_name: String,
    pub companion_id: Option<i64>,
    pub companion_name: String,
    pub at: i64,
    pub feedback: String,
    /// Whether the caller may write the feedback.
    pub may_write_feedback: bool,
}

/// Someone who may go along on a viewing.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Companion {
    pub id: i64,
    pub name: String,
    pub store_name: String,
}

crate::staff::pick::from_pick!(Companion);

/// What a viewing's picker offers.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TargetQuery {
    pub customer_id: i64,
    /// Core `viewingKind`; the customer's demand when absent.
    #[serde(default, deserialize_with = "lenient_number")]
    pub kind: Option<i64>,
    /// A community's name, pinyin or initials, a listing id, or a project's name.
    pub keyword: Option<String>,
}

/// One listing or project the picker offers.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ViewingTarget {
    pub id: i64,
    pub label: String,
    /// Whether it fits the customer's wish (shown first).
    pub fits: bool,
}

fn refusal(refusal: Refusal) -> AppError {
    AppError::invalid(refusal.field, refusal.message)
}

/// How a customer shows to a caller who does not read them: 王先生, 李女士.
pub fn addressed(name: &str, sex: i16) -> String {
    let surname: String = name.chars().take(1).collect();
    let title = brokerdesk_core::enums::CUSTOMER_SEX
        .label_of(sex.into())
        .unwrap_or("客户");
    format!("{surname}{title}")
}

/// The rows of `viewings` as `caller` sees them.
async fn rows_of<C: ConnectionTrait>(
    scoped: &Scoped<'_, C>,
    viewings: Vec<customer_viewing::Model>,
) -> Result<Vec<ViewingRow>, AppError> {
    let caller = scoped.caller();
    let db = scoped.unscoped();
    let customer_ids: Vec<i64> = viewings.iter().map(|v| v.customer_id).collect();
    let customers = db
        .all(
            db.find::<customer::Entity>()
                .filter(customer::Column::Id.is_in(customer_ids.clone())),
        )
        .await?;
    let readable: Vec<i64> = scoped
        .unscoped()
        .values(
            scoped
                .read::<customer::Entity>()
                .filter(customer::Column::Id.is_in(customer_ids)),
            customer::Column::Id,
        )
        .await?;
    let listing_ids: Vec<i64> = viewings.iter().filter_map(|v| v.listing_id).collect();
    let project_ids: Vec<i64> = viewings.iter().filter_map(|v| v.project_id).collect();
    let listing_rows = db
        .all(
            db.find::<listing::Entity>()
                .filter(listing::Column::Id.is_in(listing_ids)),
        )
        .await?;
    let community_ids: Vec<i64> = listing_rows.iter().map(|l| l.community_id).collect();
    let room_ids: Vec<i64> = listing_rows.iter().map(|l| l.room_id).collect();
    let communities = db
        .names::<crate::entity::community::Entity>(
            crate::entity::community::Column::Id,
            crate::entity::community::Column::Name,
            community_ids,
        )
        .await?;
    let rooms = listings::view::room_labels(&db, room_ids).await?;
    let projects = db
        .names::<new_home_project::Entity>(
            new_home_project::Column::Id,
            new_home_project::Column::Name,
            project_ids,
        )
        .await?;
    let people_ids: Vec<i64> = viewings
        .iter()
        .flat_map(|v| [v.user_id, v.companion_id])
        .flatten()
        .collect();
    let people = history::names_of(&db, people_ids).await?;
    let me = caller.user().id;
    let manages = |row: &customer::Model| {
        caller.allows(need::CUSTOMER_TRANSFER)
            && caller.scope().covers(&customer::Entity::place(row))
    };
    Ok(viewings
        .into_iter()
        .map(|v| {
            let customer = customers.iter().find(|c| c.id == v.customer_id);
            let customer_readable = readable.contains(&v.customer_id);
            let customer_name = match customer {
                Some(c) if customer_readable => c.name.clone(),
                Some(c) => addressed(&c.name, c.sex),
                None => String::new(),
            };
            let target_name = match (v.listing_id, v.project_id) {
                (Some(id), _) => listing_rows
                    .iter()
                    .find(|l| l.id == id)
                    .map(|l| {
                        format!(
                            "{} {}",
                            name_of(&communities, Some(l.community_id)),
                            name_of(&rooms, Some(l.room_id))
                        )
                    })
                    .unwrap_or_default(),
                (None, project) => name_of(&projects, project),
            };
            ViewingRow {
                id: v.id,
                customer_id: v.customer_id,
                customer_name,
                customer_readable,
                kind: v.kind,
                listing_id: v.listing_id,
                project_id: v.project_id,
                target_name,
                user_id: v.user_id,
                user_name: name_of(&people, v.user_id),
                companion_id: v.companion_id,
                companion_name: name_of(&people, v.companion_id),
                at: millis(v.at),
                feedback: v.feedback,
                may_write_feedback: caller.allows(need::CUSTOMER_VIEWING)
                    && customer_readable
                    && viewing::may_write_feedback(
                        me,
                        v.user_id,
                        v.companion_id,
                        customer.is_some_and(manages),
                    ),
            }
        })
        .collect())
}

/// The viewings of a customer the caller reads (needs `/work/crm/customer`), or of a listing
/// the caller reads (needs its 二手房 or 租房 page), newest first.
#[utoipa::path(post, path = "/api/v1/fm/crm/viewing/list", tag = "crm",
    request_body = ViewingQuery, security(("token" = [])),
    responses((status = 200, description = "One page of viewings", body = Envelope<Page<ViewingRow>>)))]
pub async fn list(
    caller: Caller,
    AppJson(query): AppJson<ViewingQuery>,
) -> ApiResult<Page<ViewingRow>> {
    let scoped = caller.require(need::VIEWING_READ)?;
    let db = scoped.unscoped();
    let select = match (query.customer_id, query.listing_id) {
        (Some(id), None) => {
            let scoped = caller.require(need::CUSTOMER_LIST)?;
            let row = scoped.get::<customer::Entity>(id).await?;
            db.find::<customer_viewing::Entity>()
                .filter(customer_viewing::Column::CustomerId.eq(row.id))
        }
        (None, Some(id)) => {
            let row = scoped.get::<listing::Entity>(id).await?;
            caller.require(listings::needs(listings::trade_of(&row)?).read)?;
            db.find::<customer_viewing::Entity>()
                .filter(customer_viewing::Column::ListingId.eq(row.id))
        }
        _ => return Err(AppError::invalid("customerId", "请指定客户或房源")),
    };
    let page = db
        .page(
            select
                .order_by_desc(customer_viewing::Column::At)
                .order_by_desc(customer_viewing::Column::Id),
            query.page,
        )
        .await?;
    let total = page.total;
    ok(Page {
        list: rows_of(&scoped, page.list).await?,
        total,
    })
}

/// A viewing of a customer already checked readable.
#[allow(clippy::disallowed_methods)]
async fn insert_viewing(
    txn: &DatabaseTransaction,
    row: customer_viewing::ActiveModel,
) -> Result<customer_viewing::Model, AppError> {
    Ok(row.insert(txn).await?)
}

/// Who may go along on the caller's viewings: working colleagues of their company in their own
/// store or within their data scope (a store never learns another store's people).
fn colleagues<C: ConnectionTrait>(scoped: &Scoped<'_, C>) -> Option<sea_orm::Select<user::Entity>> {
    staff::pick::colleagues(scoped, Among::Near).map(|select| select.filter(staff::at_work()))
}

/// A colleague who may go along (see [`colleagues`]).
async fn companion_of<C: ConnectionTrait>(
    scoped: &Scoped<'_, C>,
    id: i64,
) -> Result<user::Model, AppError> {
    let Some(select) = colleagues(scoped) else {
        return Err(AppError::invalid("companionId", COMPANION_OUTSIDE));
    };
    scoped
        .one(select.filter(user::Column::Id.eq(id)))
        .await?
        .ok_or_else(|| AppError::invalid("companionId", COMPANION_OUTSIDE))
}

/// Record a viewing of a customer the caller reads: a listing of the customer's company open to
/// viewings (有效, 预定) of the kind chosen, or a new-home project distributed to the caller, on
/// a day within the last 30 (core `customer::viewing`). The customer's agent's viewing restarts
/// the drop clock like a follow-up. Needs 写带看.
#[utoipa::path(post, path = "/api/v1/fm/crm/viewing/add", tag = "crm",
    request_body = ViewingAdd, security(("token" = [])),
    responses((status = 200, description = "The viewing", body = Envelope<ViewingRow>)))]
pub async fn add(caller: Caller, AppJson(form): AppJson<ViewingAdd>) -> ApiResult<ViewingRow> {
    let scoped = caller.require(need::CUSTOMER_VIEWING)?;
    let form = form::checked(&form)?;
    if form.customer_id == 0 {
        return Err(AppError::invalid("customerId", "请选择客户"));
    }
    let customer = scoped.get::<customer::Entity>(form.customer_id).await?;
    viewing::check_customer(state_of(&customer)?.status).map_err(refusal)?;
    let kind = form
        .kind
        .and_then(ViewingKind::from_code)
        .ok_or_else(|| AppError::invalid("kind", "请选择带看类型"))?;
    let (listing_id, project_id) = match kind.trade() {
        Some(_) => {
            let id = form
                .listing_id
                .ok_or_else(|| AppError::invalid("listingId", "请选择带看房源"))?;
            let row = scoped.get::<listing::Entity>(id).await?;
            let state = listings::state_of(&row)?;
            caller.require(listings::needs(state.trade).read)?;
            if row.organisation_id != customer.organisation_id {
                return Err(AppError::invalid("listingId", OTHER_COMPANY));
            }
            viewing::check_listing(kind, state.trade, state.status).map_err(refusal)?;
            (Some(row.id), None)
        }
        None => {
            let id = form
                .project_id
                .ok_or_else(|| AppError::invalid("projectId", "请选择带看楼盘"))?;
            let row = scoped.get::<new_home_project::Entity>(id).await?;
            if row.site_id != customer.site_id {
                return Err(AppError::invalid("projectId", "请选择客户所在城市的楼盘"));
            }
            (None, Some(row.id))
        }
    };
    let me = scoped.actor().clone();
    viewing::check_companion(me.id, form.companion_id).map_err(refusal)?;
    let companion = match form.companion_id {
        Some(id) => Some(companion_of(&scoped, id).await?),
        None => None,
    };
    let now = Utc::now();
    let at = viewing::at_millis(&form.view_date, &form.view_time)
        .ok_or_else(|| AppError::invalid("viewTime", "请输入正确的带看时间，如14:30"))?;
    viewing::check_time(at, now.timestamp_millis()).map_err(refusal)?;
    let at = DateTime::<Utc>::from_timestamp_millis(at)
        .ok_or_else(|| AppError::invalid("viewDate", "请输入正确的日期"))?;
    let txn = scoped.begin().await?;
    let on = scoped.on(&txn);
    // The agent's own viewing (leading it or along) is a follow-up of their customer.
    let owner = customer.owner_id;
    if owner.is_some() && (owner == Some(me.id) || owner == form.companion_id) {
        on.update::<customer::Entity>(customer::ActiveModel {
            id: Set(customer.id),
            last_activity_at: Set(now),
            last_follow_up_at: Set(Some(now)),
            ..Default::default()
        })
        .await?;
    }
    let saved = insert_viewing(
        &txn,
        customer_viewing::ActiveModel {
            customer_id: Set(customer.id),
            kind: Set(kind.code()),
            listing_id: Set(listing_id),
            project_id: Set(project_id),
            user_id: Set(Some(me.id)),
            companion_id: Set(companion.map(|c| c.id)),
            at: Set(at),
            feedback: Set(form.feedback.trim().to_owned()),
            created_at: Set(now),
            ..Default::default()
        },
    )
    .await?;
    txn.commit().await?;
    let mut rows = rows_of(&scoped, vec![saved]).await?;
    ok(rows.remove(0))
}

/// Write the customer's feedback on a viewing: the agent who led it, the colleague along, or a
/// manager of the customer. Needs 写带看.
#[utoipa::path(post, path = "/api/v1/fm/crm/viewing/feedback", tag = "crm",
    request_body = ViewingFeedback, security(("token" = [])),
    responses((status = 200, description = "The viewing with its feedback", body = Envelope<ViewingRow>)))]
pub async fn feedback(
    caller: Caller,
    AppJson(form): AppJson<ViewingFeedback>,
) -> ApiResult<ViewingRow> {
    let scoped = caller.require(need::CUSTOMER_VIEWING)?;
    let form = form::checked(&form)?;
    let db = scoped.unscoped();
    let row = db
        .one(
            db.find::<customer_viewing::Entity>()
                .filter(customer_viewing::Column::Id.eq(form.id)),
        )
        .await?
        .ok_or(AppError::NotFound)?;
    let customer = scoped.get::<customer::Entity>(row.customer_id).await?;
    let manages = caller.allows(need::CUSTOMER_TRANSFER)
        && caller.scope().covers(&customer::Entity::place(&customer));
    if !viewing::may_write_feedback(scoped.actor().id, row.user_id, row.companion_id, manages) {
        return Err(AppError::TransitionRefused(FEEDBACK_NOT_YOURS.to_owned()));
    }
    let txn = scoped.begin().await?;
    let saved = write_feedback(&txn, row, form.feedback.trim()).await?;
    txn.commit().await?;
    let mut rows = rows_of(&scoped, vec![saved]).await?;
    ok(rows.remove(0))
}

/// The feedback of a viewing whose customer was checked readable.
#[allow(clippy::disallowed_methods)]
async fn write_feedback(
    txn: &DatabaseTransaction,
    row: customer_viewing::Model,
    feedback: &str,
) -> Result<customer_viewing::Model, AppError> {
    let mut changes: customer_viewing::ActiveModel = row.into();
    changes.feedback = Set(feedback.to_owned());
    Ok(changes.update(txn).await?)
}

/// Colleagues who may go along on the caller's viewings (陪同人): of their store or within their
/// data scope. Needs 写带看.
#[utoipa::path(post, path = "/api/v1/fm/crm/viewing/companions", tag = "crm",
    security(("token" = [])),
    responses((status = 200, description = "Who may go along", body = Envelope<Vec<Companion>>)))]
pub async fn companions(caller: Caller) -> ApiResult<Vec<Companion>> {
    let scoped = caller.require(need::CUSTOMER_VIEWING)?;
    let others = staff::at_work().add(user::Column::Id.ne(scoped.actor().id));
    ok(staff::pickable(&scoped, Among::Near, others).await?)
}
