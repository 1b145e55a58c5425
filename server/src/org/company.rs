//! Organisations of a city (/adminConfig/company, /coc/company/index and their detail pages):
//! brokerage companies (scope 2), independent brokers (3) and partner organisations (4).

use brokerdesk_core::enums::ORGANISATION_SCOPE;
use brokerdesk_core::org::{fields, mask};
use chrono::Utc;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, Set,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::target_site;
use crate::AppState;
use crate::access::{Caller, Placed, Scoped, need};
use crate::audit::{self, Change};
use crate::entity::{city_site, department, organisation, store, store_group, user};
use crate::error::{ApiResult, AppError, AppJson, Empty, Envelope, ok};
use crate::paging::{self, Page, PageQuery, filter_text, lenient_number};
use crate::shared::{
    IdRequest, count_of, counts, millis, name_of, names, refuse_if_taken, refuse_if_used,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(detail))
        .routes(routes!(options))
        .routes(routes!(add))
        .routes(routes!(edit))
        .routes(routes!(delete))
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Company {
    pub id: i64,
    pub site_id: i64,
    pub site_name: String,
    pub name: String,
    /// Core `organisationScope`: 2 brokerage company, 3 independent broker, 4 partner organisation.
    pub scope: i16,
    pub contact_name: String,
    /// Masked, except in the detail for a caller who may edit it.
    pub contact_mobile: String,
    pub address: String,
    pub enabled: bool,
    pub store_group_count: i64,
    pub store_count: i64,
    pub staff_count: i64,
    pub created_at: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompanyOption {
    pub id: i64,
    pub name: String,
    pub scope: i16,
    pub site_id: i64,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompanyQuery {
    #[serde(flatten)]
    pub page: PageQuery,
    pub name: Option<String>,
    #[serde(default, deserialize_with = "lenient_number")]
    pub scope: Option<i64>,
    #[serde(default, deserialize_with = "lenient_number")]
    pub site_id: Option<i64>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompanyOptionsQuery {
    #[serde(default, deserialize_with = "lenient_number")]
    pub site_id: Option<i64>,
    #[serde(default, deserialize_with = "lenient_number")]
    pub scope: Option<i64>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompanyAdd {
    /// Default: the caller's city site.
    #[serde(default, deserialize_with = "lenient_number")]
    pub site_id: Option<i64>,
    pub name: String,
    pub scope: i64,
    #[serde(default)]
    pub contact_name: String,
    #[serde(default)]
    pub contact_mobile: String,
    #[serde(default)]
    pub address: String,
    pub enabled: Option<bool>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompanyEdit {
    pub id: i64,
    pub name: String,
    #[serde(default)]
    pub contact_name: String,
    #[serde(default)]
    pub contact_mobile: String,
    #[serde(default)]
    pub address: String,
    pub enabled: Option<bool>,
}

/// Builds the answers for some rows: site names and counts.
async fn describe(
    db: &impl ConnectionTrait,
    rows: Vec<organisation::Model>,
    unmasked: bool,
) -> Result<Vec<Company>, AppError> {
    let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
    let sites = names::<city_site::Entity, _>(
        db,
        city_site::Column::Id,
        city_site::Column::Name,
        rows.iter().map(|r| r.site_id),
    )
    .await?;
    let groups =
        counts::<store_group::Entity, _>(db, store_group::Column::OrganisationId, ids.clone())
            .await?;
    let stores = counts::<store::Entity, _>(db, store::Column::OrganisationId, ids.clone()).await?;
    let staff = counts::<user::Entity, _>(db, user::Column::OrganisationId, ids).await?;
    Ok(rows
        .into_iter()
        .map(|row| {
            let mobile = row.contact_mobile.clone().unwrap_or_default();
            Company {
                id: row.id,
                site_id: row.site_id,
                site_name: name_of(&sites, Some(row.site_id)),
                name: row.name,
                scope: row.scope,
                contact_name: row.contact_name,
                contact_mobile: if unmasked {
                    mobile
                } else {
                    mask::mobile(&mobile)
                },
                address: row.address,
                enabled: row.enabled,
                store_group_count: count_of(&groups, row.id),
                store_count: count_of(&stores, row.id),
                staff_count: count_of(&staff, row.id),
                created_at: millis(row.created_at),
            }
        })
        .collect())
}

async fn describe_one(
    db: &impl ConnectionTrait,
    row: organisation::Model,
    unmasked: bool,
) -> Result<Company, AppError> {
    describe(db, vec![row], unmasked)
        .await?
        .pop()
        .ok_or(AppError::NotFound)
}

/// Organisations in the caller's scope. Needs `/adminConfig/company` or `/coc/company/index`.
#[utoipa::path(post, path = "/api/v1/fm/org/company/list", tag = "org",
    request_body = CompanyQuery, security(("token" = [])),
    responses((status = 200, description = "A page of organisations", body = Envelope<Page<Company>>)))]
pub async fn list(
    caller: Caller,
    AppJson(query): AppJson<CompanyQuery>,
) -> ApiResult<Page<Company>> {
    let scoped = caller.require(need::COMPANY_LIST)?;
    let mut select = scoped.read::<organisation::Entity>();
    if let Some(name) = filter_text(&query.name) {
        select = select.filter(organisation::Column::Name.contains(name));
    }
    if let Some(scope) = query.scope {
        select = select.filter(organisation::Column::Scope.eq(scope));
    }
    if let Some(site) = query.site_id {
        select = select.filter(organisation::Column::SiteId.eq(site));
    }
    let page = paging::fetch(
        scoped.db(),
        select.order_by_asc(organisation::Column::Id),
        query.page,
    )
    .await?;
    let list = describe(scoped.db(), page.list, false).await?;
    ok(Page {
        list,
        total: page.total,
    })
}

/// One organisation; the contact mobile is shown whole to a caller who may edit it. Needs a
/// company list or detail page.
#[utoipa::path(post, path = "/api/v1/fm/org/company/detail", tag = "org",
    request_body = IdRequest, security(("token" = [])),
    responses((status = 200, description = "The organisation", body = Envelope<Company>)))]
pub async fn detail(caller: Caller, AppJson(request): AppJson<IdRequest>) -> ApiResult<Company> {
    let scoped = caller.require(need::COMPANY_READ)?;
    let row = scoped.get::<organisation::Entity>(request.id).await?;
    let may_edit = caller.allows(need::COMPANY_EDIT)
        && scoped.scope().covers(&organisation::Entity::place(&row));
    ok(describe_one(scoped.db(), row, may_edit).await?)
}

/// Organisations the caller reaches, for selects. Any logged-in caller.
#[utoipa::path(post, path = "/api/v1/fm/org/company/options", tag = "org",
    request_body = CompanyOptionsQuery, security(("token" = [])),
    responses((status = 200, description = "Organisations", body = Envelope<Vec<CompanyOption>>)))]
pub async fn options(
    caller: Caller,
    AppJson(query): AppJson<CompanyOptionsQuery>,
) -> ApiResult<Vec<CompanyOption>> {
    let scoped = caller.require(need::Need::LOGIN)?;
    let mut select = scoped.read::<organisation::Entity>();
    if let Some(site) = query.site_id {
        select = select.filter(organisation::Column::SiteId.eq(site));
    }
    if let Some(scope) = query.scope {
        select = select.filter(organisation::Column::Scope.eq(scope));
    }
    let rows = select
        .order_by_asc(organisation::Column::Id)
        .all(scoped.db())
        .await?;
    ok(rows
        .into_iter()
        .map(|row| CompanyOption {
            id: row.id,
            name: row.name,
            scope: row.scope,
            site_id: row.site_id,
        })
        .collect())
}

struct Checked {
    name: String,
    contact_name: String,
    contact_mobile: Option<String>,
    address: String,
}

async fn check(
    scoped: &Scoped<'_, impl ConnectionTrait>,
    site_id: i64,
    name: &str,
    contact_name: &str,
    contact_mobile: &str,
    address: &str,
    except: Option<i64>,
) -> Result<Checked, AppError> {
    let name = fields::name("name", "公司名称", name)?;
    let contact_name = fields::text(
        "contactName",
        "联系人",
        contact_name,
        fields::NAME_MAX,
        false,
    )?;
    let contact_mobile = fields::mobile("contactMobile", contact_mobile, false)?;
    let address = fields::remark("address", "地址", address)?;
    let mut same = organisation::Entity::find()
        .filter(organisation::Column::SiteId.eq(site_id))
        .filter(organisation::Column::Name.eq(&name));
    if let Some(id) = except {
        same = same.filter(organisation::Column::Id.ne(id));
    }
    refuse_if_taken(scoped.db(), same, "该城市已存在同名公司").await?;
    Ok(Checked {
        name,
        contact_name,
        contact_mobile,
        address,
    })
}

/// Add an organisation to a city. Needs COMPANY_LIST:add and a scope covering the city.
#[utoipa::path(post, path = "/api/v1/fm/org/company/add", tag = "org",
    request_body = CompanyAdd, security(("token" = [])),
    responses((status = 200, description = "The new organisation", body = Envelope<Company>)))]
pub async fn add(caller: Caller, AppJson(form): AppJson<CompanyAdd>) -> ApiResult<Company> {
    let scoped = caller.require(need::COMPANY_ADD)?;
    let site = target_site(&scoped, form.site_id).await?;
    let place = crate::access::Place {
        site: Some(site.id),
        ..Default::default()
    };
    scoped.ensure_covers(&place)?;
    if ORGANISATION_SCOPE.label_of(form.scope).is_none() {
        return Err(AppError::invalid("scope", "请选择公司类型"));
    }
    let checked = check(
        &scoped,
        site.id,
        &form.name,
        &form.contact_name,
        &form.contact_mobile,
        &form.address,
        None,
    )
    .await?;
    let txn = scoped.begin().await?;
    let row = organisation::ActiveModel {
        site_id: Set(site.id),
        name: Set(checked.name),
        scope: Set(form.scope as i16),
        contact_name: Set(checked.contact_name),
        contact_mobile: Set(checked.contact_mobile),
        address: Set(checked.address),
        enabled: Set(form.enabled.unwrap_or(true)),
        created_at: Set(Utc::now()),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    let place = organisation::Entity::place(&row);
    let company = describe_one(&txn, row, true).await?;
    audit::record(
        &txn,
        scoped.actor(),
        Change::created("company", company.id, &company, place),
    )
    .await?;
    txn.commit().await?;
    ok(company)
}

/// Change an organisation (its kind stays). Needs COMPANY_LIST:edit or a detail page's edit.
#[utoipa::path(post, path = "/api/v1/fm/org/company/edit", tag = "org",
    request_body = CompanyEdit, security(("token" = [])),
    responses((status = 200, description = "The organisation as saved", body = Envelope<Company>)))]
pub async fn edit(caller: Caller, AppJson(form): AppJson<CompanyEdit>) -> ApiResult<Company> {
    let scoped = caller.require(need::COMPANY_EDIT)?;
    let before = scoped.get_writable::<organisation::Entity>(form.id).await?;
    let checked = check(
        &scoped,
        before.site_id,
        &form.name,
        &form.contact_name,
        &form.contact_mobile,
        &form.address,
        Some(form.id),
    )
    .await?;
    let txn = scoped.begin().await?;
    let old = describe_one(&txn, before.clone(), true).await?;
    let mut row: organisation::ActiveModel = before.clone().into();
    row.name = Set(checked.name);
    row.contact_name = Set(checked.contact_name);
    row.contact_mobile = Set(checked.contact_mobile);
    row.address = Set(checked.address);
    row.enabled = Set(form.enabled.unwrap_or(before.enabled));
    let row = row.update(&txn).await?;
    let place = organisation::Entity::place(&row);
    let saved = describe_one(&txn, row, true).await?;
    audit::record(
        &txn,
        scoped.actor(),
        Change::updated("company", saved.id, &old, &saved, place),
    )
    .await?;
    txn.commit().await?;
    ok(saved)
}

/// Delete an organisation without stores, staff or departments. Needs COMPANY_LIST:delete.
#[utoipa::path(post, path = "/api/v1/fm/org/company/delete", tag = "org",
    request_body = IdRequest, security(("token" = [])),
    responses((status = 200, description = "Deleted; 10020006 while stores or staff remain", body = Envelope<Empty>)))]
pub async fn delete(caller: Caller, AppJson(request): AppJson<IdRequest>) -> ApiResult<Empty> {
    let scoped = caller.require(need::COMPANY_DELETE)?;
    let row = scoped
        .get_writable::<organisation::Entity>(request.id)
        .await?;
    let txn = scoped.begin().await?;
    let used = "该公司下还有门店或员工，无法删除";
    refuse_if_used(
        &txn,
        store_group::Entity::find().filter(store_group::Column::OrganisationId.eq(row.id)),
        used,
    )
    .await?;
    refuse_if_used(
        &txn,
        store::Entity::find().filter(store::Column::OrganisationId.eq(row.id)),
        used,
    )
    .await?;
    refuse_if_used(
        &txn,
        user::Entity::find().filter(user::Column::OrganisationId.eq(row.id)),
        used,
    )
    .await?;
    refuse_if_used(
        &txn,
        department::Entity::find().filter(department::Column::OrganisationId.eq(row.id)),
        used,
    )
    .await?;
    let place = organisation::Entity::place(&row);
    let old = describe_one(&txn, row.clone(), true).await?;
    scoped
        .on(&txn)
        .delete_writable::<organisation::Entity>(row.id)
        .await?;
    audit::record(
        &txn,
        scoped.actor(),
        Change::deleted("company", row.id, &old, place),
    )
    .await?;
    txn.commit().await?;
    ok(Empty {})
}
