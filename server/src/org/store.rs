//! 门店 (/work/enterprise/store, and a company's detail pages): a store of an organisation,
//! optionally in one of its store groups.

use brokerdesk_core::org::fields;
use chrono::Utc;
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, Set,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::target_organisation;
use crate::AppState;
use crate::access::{Caller, Place, Placed, Scoped, need};
use crate::audit::{self, Change};
use crate::entity::{department, enrollment, organisation, store, store_group, user};
use crate::error::{ApiResult, AppError, AppJson, Empty, Envelope, ok};
use crate::paging::{self, Page, PageQuery, filter_text, lenient_number};
use crate::shared::{
    IdRequest, count_of, counts, millis, name_of, names, refuse_if_taken, refuse_if_used,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(options))
        .routes(routes!(add))
        .routes(routes!(edit))
        .routes(routes!(delete))
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Store {
    pub id: i64,
    pub organisation_id: i64,
    pub organisation_name: String,
    pub store_group_id: Option<i64>,
    pub store_group_name: String,
    pub site_id: i64,
    pub name: String,
    pub address: String,
    pub staff_count: i64,
    pub created_at: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StoreOption {
    pub id: i64,
    pub name: String,
    pub organisation_id: i64,
    pub store_group_id: Option<i64>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StoreQuery {
    #[serde(flatten)]
    pub page: PageQuery,
    pub name: Option<String>,
    #[serde(default, deserialize_with = "lenient_number")]
    pub organisation_id: Option<i64>,
    #[serde(default, deserialize_with = "lenient_number")]
    pub store_group_id: Option<i64>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StoreOptionsQuery {
    #[serde(default, deserialize_with = "lenient_number")]
    pub organisation_id: Option<i64>,
    #[serde(default, deserialize_with = "lenient_number")]
    pub store_group_id: Option<i64>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StoreAdd {
    /// Default: the caller's organisation.
    #[serde(default, deserialize_with = "lenient_number")]
    pub organisation_id: Option<i64>,
    #[serde(default, deserialize_with = "lenient_number")]
    pub store_group_id: Option<i64>,
    pub name: String,
    #[serde(default)]
    pub address: String,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StoreEdit {
    pub id: i64,
    #[serde(default, deserialize_with = "lenient_number")]
    pub store_group_id: Option<i64>,
    pub name: String,
    #[serde(default)]
    pub address: String,
}

async fn describe(
    db: &impl ConnectionTrait,
    rows: Vec<store::Model>,
) -> Result<Vec<Store>, AppError> {
    let organisations = names::<organisation::Entity, _>(
        db,
        organisation::Column::Id,
        organisation::Column::Name,
        rows.iter().map(|r| r.organisation_id),
    )
    .await?;
    let groups = names::<store_group::Entity, _>(
        db,
        store_group::Column::Id,
        store_group::Column::Name,
        rows.iter().filter_map(|r| r.store_group_id),
    )
    .await?;
    let staff =
        counts::<user::Entity, _>(db, user::Column::StoreId, rows.iter().map(|r| r.id)).await?;
    Ok(rows
        .into_iter()
        .map(|row| Store {
            id: row.id,
            organisation_id: row.organisation_id,
            organisation_name: name_of(&organisations, Some(row.organisation_id)),
            store_group_id: row.store_group_id,
            store_group_name: name_of(&groups, row.store_group_id),
            site_id: row.site_id,
            name: row.name,
            address: row.address,
            staff_count: count_of(&staff, row.id),
            created_at: millis(row.created_at),
        })
        .collect())
}

async fn describe_one(db: &impl ConnectionTrait, row: store::Model) -> Result<Store, AppError> {
    describe(db, vec![row])
        .await?
        .pop()
        .ok_or(AppError::NotFound)
}

/// Stores in the caller's scope. Needs `/work/enterprise/store` or a company page.
#[utoipa::path(post, path = "/api/v1/fm/org/store/list", tag = "org",
    request_body = StoreQuery, security(("token" = [])),
    responses((status = 200, description = "A page of stores", body = Envelope<Page<Store>>)))]
pub async fn list(caller: Caller, AppJson(query): AppJson<StoreQuery>) -> ApiResult<Page<Store>> {
    let scoped = caller.require(need::STORE_READ)?;
    let mut select = scoped.read::<store::Entity>();
    if let Some(name) = filter_text(&query.name) {
        select = select.filter(store::Column::Name.contains(name));
    }
    if let Some(id) = query.organisation_id {
        select = select.filter(store::Column::OrganisationId.eq(id));
    }
    if let Some(id) = query.store_group_id {
        select = select.filter(store::Column::StoreGroupId.eq(id));
    }
    let page = paging::fetch(
        scoped.db(),
        select.order_by_asc(store::Column::Id),
        query.page,
    )
    .await?;
    ok(Page {
        list: describe(scoped.db(), page.list).await?,
        total: page.total,
    })
}

/// Stores the caller reaches, for selects. Any logged-in caller.
#[utoipa::path(post, path = "/api/v1/fm/org/store/options", tag = "org",
    request_body = StoreOptionsQuery, security(("token" = [])),
    responses((status = 200, description = "Stores", body = Envelope<Vec<StoreOption>>)))]
pub async fn options(
    caller: Caller,
    AppJson(query): AppJson<StoreOptionsQuery>,
) -> ApiResult<Vec<StoreOption>> {
    let scoped = caller.require(need::Need::LOGIN)?;
    let mut select = scoped.read::<store::Entity>();
    if let Some(id) = query.organisation_id {
        select = select.filter(store::Column::OrganisationId.eq(id));
    }
    if let Some(id) = query.store_group_id {
        select = select.filter(store::Column::StoreGroupId.eq(id));
    }
    let rows = select
        .order_by_asc(store::Column::Id)
        .all(scoped.db())
        .await?;
    ok(rows
        .into_iter()
        .map(|row| StoreOption {
            id: row.id,
            name: row.name,
            organisation_id: row.organisation_id,
            store_group_id: row.store_group_id,
        })
        .collect())
}

struct Checked {
    name: String,
    address: String,
    store_group_id: Option<i64>,
}

async fn check(
    scoped: &Scoped<'_, impl ConnectionTrait>,
    organisation_id: i64,
    name: &str,
    address: &str,
    store_group_id: Option<i64>,
    except: Option<i64>,
) -> Result<Checked, AppError> {
    let name = fields::name("name", "门店名称", name)?;
    let address = fields::remark("address", "门店地址", address)?;
    if let Some(id) = store_group_id {
        let group = scoped.get::<store_group::Entity>(id).await?;
        if group.organisation_id != organisation_id {
            return Err(AppError::invalid("storeGroupId", "门店组不属于该公司"));
        }
    }
    let mut same = store::Entity::find()
        .filter(store::Column::OrganisationId.eq(organisation_id))
        .filter(store::Column::Name.eq(&name));
    if let Some(id) = except {
        same = same.filter(store::Column::Id.ne(id));
    }
    refuse_if_taken(scoped.db(), same, "该公司下已存在同名门店").await?;
    Ok(Checked {
        name,
        address,
        store_group_id,
    })
}

/// Add a store. Needs `/work/enterprise/store:add` or a company detail page's edit, and a
/// scope covering the organisation (or the chosen store group).
#[utoipa::path(post, path = "/api/v1/fm/org/store/add", tag = "org",
    request_body = StoreAdd, security(("token" = [])),
    responses((status = 200, description = "The new store", body = Envelope<Store>)))]
pub async fn add(caller: Caller, AppJson(form): AppJson<StoreAdd>) -> ApiResult<Store> {
    let scoped = caller.require(need::STORE_ADD)?;
    let org = target_organisation(&scoped, form.organisation_id).await?;
    let checked = check(
        &scoped,
        org.id,
        &form.name,
        &form.address,
        form.store_group_id,
        None,
    )
    .await?;
    scoped.ensure_covers(&Place {
        site: Some(org.site_id),
        organisation: Some(org.id),
        store_group: checked.store_group_id,
        ..Place::default()
    })?;
    let txn = scoped.begin().await?;
    let row = store::ActiveModel {
        organisation_id: Set(org.id),
        store_group_id: Set(checked.store_group_id),
        site_id: Set(org.site_id),
        name: Set(checked.name),
        address: Set(checked.address),
        created_at: Set(Utc::now()),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    let place = store::Entity::place(&row);
    let saved = describe_one(&txn, row).await?;
    audit::record(
        &txn,
        scoped.actor(),
        Change::created("store", saved.id, &saved, place),
    )
    .await?;
    txn.commit().await?;
    ok(saved)
}

/// Change a store; moving it to another group moves its staff and departments with it. Needs
/// `/work/enterprise/store:edit` or a company detail page's edit.
#[utoipa::path(post, path = "/api/v1/fm/org/store/edit", tag = "org",
    request_body = StoreEdit, security(("token" = [])),
    responses((status = 200, description = "The store as saved", body = Envelope<Store>)))]
pub async fn edit(caller: Caller, AppJson(form): AppJson<StoreEdit>) -> ApiResult<Store> {
    let scoped = caller.require(need::STORE_EDIT)?;
    let before = scoped.get_writable::<store::Entity>(form.id).await?;
    let checked = check(
        &scoped,
        before.organisation_id,
        &form.name,
        &form.address,
        form.store_group_id,
        Some(before.id),
    )
    .await?;
    let moved = checked.store_group_id != before.store_group_id;
    if moved {
        scoped.ensure_covers(&Place {
            store_group: checked.store_group_id,
            ..store::Entity::place(&before)
        })?;
    }
    let txn = scoped.begin().await?;
    let old = describe_one(&txn, before.clone()).await?;
    let mut row: store::ActiveModel = before.clone().into();
    row.name = Set(checked.name);
    row.address = Set(checked.address);
    row.store_group_id = Set(checked.store_group_id);
    let row = row.update(&txn).await?;
    if moved {
        // The group is kept on the rows below the store, so scope filters need no join.
        let group = Expr::value(checked.store_group_id);
        user::Entity::update_many()
            .col_expr(user::Column::StoreGroupId, group.clone())
            .filter(user::Column::StoreId.eq(row.id))
            .exec(&txn)
            .await?;
        department::Entity::update_many()
            .col_expr(department::Column::StoreGroupId, group.clone())
            .filter(department::Column::StoreId.eq(row.id))
            .exec(&txn)
            .await?;
        enrollment::Entity::update_many()
            .col_expr(enrollment::Column::StoreGroupId, group)
            .filter(enrollment::Column::StoreId.eq(row.id))
            .exec(&txn)
            .await?;
    }
    let place = store::Entity::place(&row);
    let saved = describe_one(&txn, row).await?;
    audit::record(
        &txn,
        scoped.actor(),
        Change::updated("store", saved.id, &old, &saved, place),
    )
    .await?;
    txn.commit().await?;
    ok(saved)
}

/// Delete a store without staff or departments. Needs `/work/enterprise/store:delete` or a
/// company detail page's edit.
#[utoipa::path(post, path = "/api/v1/fm/org/store/delete", tag = "org",
    request_body = IdRequest, security(("token" = [])),
    responses((status = 200, description = "Deleted; 10020006 while staff or departments remain", body = Envelope<Empty>)))]
pub async fn delete(caller: Caller, AppJson(request): AppJson<IdRequest>) -> ApiResult<Empty> {
    let scoped = caller.require(need::STORE_DELETE)?;
    let row = scoped.get_writable::<store::Entity>(request.id).await?;
    let txn = scoped.begin().await?;
    let used = "该门店下还有员工或部门，无法删除";
    refuse_if_used(
        &txn,
        user::Entity::find().filter(user::Column::StoreId.eq(row.id)),
        used,
    )
    .await?;
    refuse_if_used(
        &txn,
        department::Entity::find().filter(department::Column::StoreId.eq(row.id)),
        used,
    )
    .await?;
    let place = store::Entity::place(&row);
    let old = describe_one(&txn, row.clone()).await?;
    scoped
        .on(&txn)
        .delete_writable::<store::Entity>(row.id)
        .await?;
    audit::record(
        &txn,
        scoped.actor(),
        Change::deleted("store", row.id, &old, place),
    )
    .await?;
    txn.commit().await?;
    ok(Empty {})
}
