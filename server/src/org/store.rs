//! 门店 (/work/enterprise/store, and a company's detail pages): a store of an organisation,
//! optionally in one of its store groups.

use brokerdesk_core::forms::{self, Form};
use brokerdesk_core::org::company_kind;
use chrono::Utc;
use sea_orm::sea_query::Expr;
use sea_orm::sea_query::ExprTrait;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseTransaction, EntityTrait, QueryFilter, QueryOrder, Set,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::{current_staff, target_organisation};
use crate::AppState;
use crate::access::{Caller, Scoped, Unscoped, need};
use crate::entity::{department, enrollment, organisation, store, store_group, user};
use crate::error::{ApiResult, AppError, AppJson, Empty, Envelope, ok};
use crate::form::{self, CoreForm};
use crate::paging::{Page, PageQuery, filter_text, lenient_number};
use crate::resource::Resource;
use crate::shared::{IdRequest, count_of, millis, name_of};

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

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StoreForm {
    #[serde(default, deserialize_with = "lenient_number")]
    pub store_group_id: Option<i64>,
    pub name: String,
    #[serde(default)]
    pub address: String,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StoreAdd {
    /// Default: the caller's organisation.
    #[serde(default, deserialize_with = "lenient_number")]
    pub organisation_id: Option<i64>,
    #[serde(flatten)]
    pub form: StoreForm,
}

impl CoreForm for StoreAdd {
    const FORM: &'static Form = &forms::STORE;
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StoreEdit {
    pub id: i64,
    #[serde(flatten)]
    pub form: StoreForm,
}

impl CoreForm for StoreEdit {
    const FORM: &'static Form = &forms::STORE;
}

impl Resource for store::Entity {
    const KIND: &'static str = "store";
    const IN_USE: &'static str = "该门店下还有员工或部门，无法删除";
    type View = Store;

    async fn describe<C: ConnectionTrait>(
        db: &Unscoped<'_, C>,
        rows: Vec<store::Model>,
    ) -> Result<Vec<Store>, AppError> {
        let organisations = db
            .named::<organisation::Entity>(rows.iter().map(|r| r.organisation_id))
            .await?;
        let groups = db
            .named::<store_group::Entity>(rows.iter().filter_map(|r| r.store_group_id))
            .await?;
        let staff = db
            .counts(
                current_staff(db),
                user::Column::StoreId,
                rows.iter().map(|r| r.id),
            )
            .await?;
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

    async fn in_use<C: ConnectionTrait>(
        db: &Unscoped<'_, C>,
        row: &store::Model,
    ) -> Result<bool, AppError> {
        Ok(db
            .uses::<user::Entity>(user::Column::StoreId, row.id)
            .await?
            || db
                .uses::<department::Entity>(department::Column::StoreId, row.id)
                .await?)
    }

    /// Moving a store to another group moves its staff, departments and onboardings with it:
    /// the group is kept on the rows below the store, so scope filters need no join.
    // A child-row helper (clippy.toml): the rows below follow the store the caller may change.
    #[allow(clippy::disallowed_methods)]
    async fn changed(
        txn: &DatabaseTransaction,
        before: &store::Model,
        after: &store::Model,
    ) -> Result<(), AppError> {
        if before.store_group_id == after.store_group_id {
            return Ok(());
        }
        let group = Expr::value(after.store_group_id);
        user::Entity::update_many()
            .col_expr(user::Column::StoreGroupId, group.clone())
            .filter(user::Column::StoreId.eq(after.id))
            .exec(txn)
            .await?;
        department::Entity::update_many()
            .col_expr(department::Column::StoreGroupId, group.clone())
            .filter(department::Column::StoreId.eq(after.id))
            .exec(txn)
            .await?;
        enrollment::Entity::update_many()
            .col_expr(enrollment::Column::StoreGroupId, group)
            .filter(enrollment::Column::StoreId.eq(after.id))
            .exec(txn)
            .await?;
        Ok(())
    }
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
    ok(scoped
        .list(select.order_by_asc(store::Column::Id), query.page)
        .await?)
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
    let rows = scoped.all(select.order_by_asc(store::Column::Id)).await?;
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

/// The checked values of a store form.
async fn check(
    scoped: &Scoped<'_>,
    organisation_id: i64,
    form: &StoreForm,
    except: Option<i64>,
) -> Result<store::ActiveModel, AppError> {
    // The fields have passed core's store form; here only what needs the database.
    let (name, address) = (form.name.clone(), form.address.clone());
    if let Some(id) = form.store_group_id {
        let group = scoped.get::<store_group::Entity>(id).await?;
        if group.organisation_id != organisation_id {
            return Err(AppError::invalid("storeGroupId", "门店组不属于该公司"));
        }
    }
    let same = store::Column::OrganisationId
        .eq(organisation_id)
        .and(store::Column::Name.eq(&name));
    scoped
        .unscoped()
        .refuse_duplicate::<store::Entity>(same, except, "该公司下已存在同名门店")
        .await
        .map_err(form::on_field("name"))?;
    Ok(store::ActiveModel {
        name: Set(name),
        address: Set(address),
        store_group_id: Set(form.store_group_id),
        ..Default::default()
    })
}

/// Add a store. Needs `/work/enterprise/store:add` or a company detail page's edit, and a
/// scope covering the organisation (or the chosen store group).
#[utoipa::path(post, path = "/api/v1/fm/org/store/add", tag = "org",
    request_body = StoreAdd, security(("token" = [])),
    responses((status = 200, description = "The new store", body = Envelope<Store>)))]
pub async fn add(caller: Caller, AppJson(form): AppJson<StoreAdd>) -> ApiResult<Store> {
    let scoped = caller.require(need::STORE_ADD)?;
    let form = form::checked(&form)?;
    let org = target_organisation(&scoped, form.organisation_id).await?;
    let door = scoped.unscoped();
    let stores = door
        .counts(
            door.find::<store::Entity>(),
            store::Column::OrganisationId,
            [org.id],
        )
        .await?;
    let stores = u64::try_from(count_of(&stores, org.id)).unwrap_or_default();
    company_kind::check_new_store(i64::from(org.scope), stores)
        .map_err(|message| AppError::invalid("organisationId", message))?;
    let checked = check(&scoped, org.id, &form.form, None).await?;
    ok(scoped
        .create::<store::Entity>(store::ActiveModel {
            organisation_id: Set(org.id),
            site_id: Set(org.site_id),
            created_at: Set(Utc::now()),
            ..checked
        })
        .await?)
}

/// Change a store; moving it to another group moves its staff and departments with it. Needs
/// `/work/enterprise/store:edit` or a company detail page's edit.
#[utoipa::path(post, path = "/api/v1/fm/org/store/edit", tag = "org",
    request_body = StoreEdit, security(("token" = [])),
    responses((status = 200, description = "The store as saved", body = Envelope<Store>)))]
pub async fn edit(caller: Caller, AppJson(form): AppJson<StoreEdit>) -> ApiResult<Store> {
    let scoped = caller.require(need::STORE_EDIT)?;
    let form = form::checked(&form)?;
    let before = scoped.get_writable::<store::Entity>(form.id).await?;
    let checked = check(&scoped, before.organisation_id, &form.form, Some(before.id)).await?;
    ok(scoped.change::<store::Entity>(before, checked).await?)
}

/// Delete a store without staff or departments. Needs `/work/enterprise/store:delete` or a
/// company detail page's edit.
#[utoipa::path(post, path = "/api/v1/fm/org/store/delete", tag = "org",
    request_body = IdRequest, security(("token" = [])),
    responses((status = 200, description = "Deleted; 10020006 while staff or departments remain", body = Envelope<Empty>)))]
pub async fn delete(caller: Caller, AppJson(request): AppJson<IdRequest>) -> ApiResult<Empty> {
    let scoped = caller.require(need::STORE_DELETE)?;
    scoped.remove::<store::Entity>(request.id).await?;
    ok(Empty {})
}
