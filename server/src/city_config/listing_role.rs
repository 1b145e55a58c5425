//! 房源角色 (/coc/config/role): the parts staff play on a listing, with their share.

use brokerdesk_core::org::fields;
use chrono::Utc;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, Set,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::{site_place, writable_site};
use crate::AppState;
use crate::access::{Caller, need};
use crate::audit::{self, Change};
use crate::entity::{city_site, listing_role};
use crate::error::{ApiResult, AppError, AppJson, Empty, Envelope, ok};
use crate::paging::{self, Page, PageQuery, filter_text, lenient_number};
use crate::shared::{IdRequest, millis, name_of, names, refuse_if_taken};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(add))
        .routes(routes!(edit))
        .routes(routes!(delete))
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ListingRole {
    pub id: i64,
    pub site_id: i64,
    pub site_name: String,
    pub name: String,
    /// Share in percent with two decimals, as text: `12.50`.
    pub ratio: String,
    pub sort: i32,
    pub remark: String,
    pub created_at: i64,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ListingRoleQuery {
    #[serde(flatten)]
    pub page: PageQuery,
    pub name: Option<String>,
    #[serde(default, deserialize_with = "lenient_number")]
    pub site_id: Option<i64>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ListingRoleForm {
    pub name: String,
    /// 0-100, up to two decimals.
    #[serde(default)]
    pub ratio: String,
    #[serde(default, deserialize_with = "lenient_number")]
    pub sort: Option<i64>,
    #[serde(default)]
    pub remark: String,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ListingRoleAdd {
    #[serde(default, deserialize_with = "lenient_number")]
    pub site_id: Option<i64>,
    #[serde(flatten)]
    pub form: ListingRoleForm,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ListingRoleEdit {
    pub id: i64,
    #[serde(flatten)]
    pub form: ListingRoleForm,
}

async fn describe(
    db: &impl ConnectionTrait,
    rows: Vec<listing_role::Model>,
) -> Result<Vec<ListingRole>, AppError> {
    let sites = names::<city_site::Entity, _>(
        db,
        city_site::Column::Id,
        city_site::Column::Name,
        rows.iter().map(|r| r.site_id),
    )
    .await?;
    Ok(rows
        .into_iter()
        .map(|row| ListingRole {
            id: row.id,
            site_id: row.site_id,
            site_name: name_of(&sites, Some(row.site_id)),
            name: row.name,
            ratio: fields::hundredths_text(row.ratio),
            sort: row.sort,
            remark: row.remark,
            created_at: millis(row.created_at),
        })
        .collect())
}

async fn describe_one(
    db: &impl ConnectionTrait,
    row: listing_role::Model,
) -> Result<ListingRole, AppError> {
    describe(db, vec![row])
        .await?
        .pop()
        .ok_or(AppError::NotFound)
}

struct Checked {
    name: String,
    ratio: i32,
    sort: i32,
    remark: String,
}

async fn check(
    db: &impl ConnectionTrait,
    site: i64,
    form: &ListingRoleForm,
    except: Option<i64>,
) -> Result<Checked, AppError> {
    let name = fields::name("name", "角色名称", &form.name)?;
    let ratio = fields::percent_hundredths("ratio", &form.ratio)?;
    let sort = fields::sort("sort", form.sort)?;
    let remark = fields::remark("remark", "备注", &form.remark)?;
    let mut same = listing_role::Entity::find()
        .filter(listing_role::Column::SiteId.eq(site))
        .filter(listing_role::Column::Name.eq(&name));
    if let Some(id) = except {
        same = same.filter(listing_role::Column::Id.ne(id));
    }
    refuse_if_taken(db, same, "名称已存在").await?;
    Ok(Checked {
        name,
        ratio,
        sort,
        remark,
    })
}

/// A city's listing roles. Needs `/coc/config/role`.
#[utoipa::path(post, path = "/api/v1/fm/cityConfig/listingRole/list", tag = "city-config",
    request_body = ListingRoleQuery, security(("token" = [])),
    responses((status = 200, description = "A page of listing roles", body = Envelope<Page<ListingRole>>)))]
pub async fn list(
    caller: Caller,
    AppJson(query): AppJson<ListingRoleQuery>,
) -> ApiResult<Page<ListingRole>> {
    let scoped = caller.require(need::LISTING_ROLE_LIST)?;
    let mut select = scoped.read::<listing_role::Entity>();
    if let Some(name) = filter_text(&query.name) {
        select = select.filter(listing_role::Column::Name.contains(name));
    }
    if let Some(site) = query.site_id {
        select = select.filter(listing_role::Column::SiteId.eq(site));
    }
    let select = select
        .order_by_asc(listing_role::Column::Sort)
        .order_by_asc(listing_role::Column::Id);
    let page = paging::fetch(scoped.db(), select, query.page).await?;
    ok(Page {
        list: describe(scoped.db(), page.list).await?,
        total: page.total,
    })
}

/// Add a listing role to a city. Needs `/coc/config/role:add`.
#[utoipa::path(post, path = "/api/v1/fm/cityConfig/listingRole/add", tag = "city-config",
    request_body = ListingRoleAdd, security(("token" = [])),
    responses((status = 200, description = "The new listing role", body = Envelope<ListingRole>)))]
pub async fn add(
    caller: Caller,
    AppJson(request): AppJson<ListingRoleAdd>,
) -> ApiResult<ListingRole> {
    let scoped = caller.require(need::LISTING_ROLE_ADD)?;
    let site = writable_site(&scoped, request.site_id).await?;
    let checked = check(scoped.db(), site, &request.form, None).await?;
    let txn = scoped.begin().await?;
    let row = listing_role::ActiveModel {
        site_id: Set(site),
        name: Set(checked.name),
        ratio: Set(checked.ratio),
        sort: Set(checked.sort),
        remark: Set(checked.remark),
        created_at: Set(Utc::now()),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    let saved = describe_one(&txn, row).await?;
    audit::record(
        &txn,
        scoped.actor(),
        Change::created("listingRole", saved.id, &saved, site_place(site)),
    )
    .await?;
    txn.commit().await?;
    ok(saved)
}

/// Change a listing role. Needs `/coc/config/role:edit`.
#[utoipa::path(post, path = "/api/v1/fm/cityConfig/listingRole/edit", tag = "city-config",
    request_body = ListingRoleEdit, security(("token" = [])),
    responses((status = 200, description = "The listing role as saved", body = Envelope<ListingRole>)))]
pub async fn edit(
    caller: Caller,
    AppJson(request): AppJson<ListingRoleEdit>,
) -> ApiResult<ListingRole> {
    let scoped = caller.require(need::LISTING_ROLE_EDIT)?;
    let before = scoped
        .get_writable::<listing_role::Entity>(request.id)
        .await?;
    let checked = check(scoped.db(), before.site_id, &request.form, Some(before.id)).await?;
    let txn = scoped.begin().await?;
    let old = describe_one(&txn, before.clone()).await?;
    let mut row: listing_role::ActiveModel = before.into();
    row.name = Set(checked.name);
    row.ratio = Set(checked.ratio);
    row.sort = Set(checked.sort);
    row.remark = Set(checked.remark);
    let saved = describe_one(&txn, row.update(&txn).await?).await?;
    audit::record(
        &txn,
        scoped.actor(),
        Change::updated(
            "listingRole",
            saved.id,
            &old,
            &saved,
            site_place(saved.site_id),
        ),
    )
    .await?;
    txn.commit().await?;
    ok(saved)
}

/// Delete a listing role. Needs `/coc/config/role:delete`.
#[utoipa::path(post, path = "/api/v1/fm/cityConfig/listingRole/delete", tag = "city-config",
    request_body = IdRequest, security(("token" = [])),
    responses((status = 200, description = "Deleted", body = Envelope<Empty>)))]
pub async fn delete(caller: Caller, AppJson(request): AppJson<IdRequest>) -> ApiResult<Empty> {
    let scoped = caller.require(need::LISTING_ROLE_DELETE)?;
    let txn = scoped.begin().await?;
    let row = scoped
        .on(&txn)
        .delete_writable::<listing_role::Entity>(request.id)
        .await?;
    let old = describe_one(&txn, row).await?;
    audit::record(
        &txn,
        scoped.actor(),
        Change::deleted("listingRole", old.id, &old, site_place(old.site_id)),
    )
    .await?;
    txn.commit().await?;
    ok(Empty {})
}
