//! 参数配置 (/work/enterprise/dictionary): an organisation's typed parameters. A value is text
//! that must read as its declared type (core `org::dictionary`).

use brokerdesk_core::org::dictionary::{self, ValueType};
use brokerdesk_core::org::fields;
use chrono::Utc;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, EntityTrait, QueryFilter,
    QueryOrder, Set,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::AppState;
use crate::access::{Caller, Place, Placed, need};
use crate::audit::{self, Change};
use crate::entity::{dictionary as entry, organisation};
use crate::error::{ApiResult, AppError, AppJson, Empty, Envelope, ok};
use crate::org::target_organisation;
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
pub struct Dictionary {
    pub id: i64,
    pub organisation_id: i64,
    pub organisation_name: String,
    pub dict_key: String,
    pub label: String,
    /// Core `dictionaryValueType`: string, number, boolean or json.
    pub value_type: String,
    pub value: String,
    pub remark: String,
    pub updated_at: i64,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DictionaryQuery {
    #[serde(flatten)]
    pub page: PageQuery,
    /// Matches the key or the label.
    pub keyword: Option<String>,
    #[serde(default, deserialize_with = "lenient_number")]
    pub organisation_id: Option<i64>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DictionaryForm {
    pub label: String,
    pub value_type: String,
    pub value: String,
    #[serde(default)]
    pub remark: String,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DictionaryAdd {
    /// Default: the caller's organisation.
    #[serde(default, deserialize_with = "lenient_number")]
    pub organisation_id: Option<i64>,
    pub dict_key: String,
    #[serde(flatten)]
    pub form: DictionaryForm,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DictionaryEdit {
    pub id: i64,
    #[serde(flatten)]
    pub form: DictionaryForm,
}

async fn describe(
    db: &impl ConnectionTrait,
    rows: Vec<entry::Model>,
) -> Result<Vec<Dictionary>, AppError> {
    let organisations = names::<organisation::Entity, _>(
        db,
        organisation::Column::Id,
        organisation::Column::Name,
        rows.iter().map(|r| r.organisation_id),
    )
    .await?;
    Ok(rows
        .into_iter()
        .map(|row| Dictionary {
            id: row.id,
            organisation_id: row.organisation_id,
            organisation_name: name_of(&organisations, Some(row.organisation_id)),
            dict_key: row.dict_key,
            label: row.label,
            value_type: row.value_type,
            value: row.value,
            remark: row.remark,
            updated_at: millis(row.updated_at),
        })
        .collect())
}

async fn describe_one(
    db: &impl ConnectionTrait,
    row: entry::Model,
) -> Result<Dictionary, AppError> {
    describe(db, vec![row])
        .await?
        .pop()
        .ok_or(AppError::NotFound)
}

/// Parameters the caller reads. Needs `/work/enterprise/dictionary`.
#[utoipa::path(post, path = "/api/v1/fm/dictionary/list", tag = "dictionary",
    request_body = DictionaryQuery, security(("token" = [])),
    responses((status = 200, description = "A page of parameters", body = Envelope<Page<Dictionary>>)))]
pub async fn list(
    caller: Caller,
    AppJson(query): AppJson<DictionaryQuery>,
) -> ApiResult<Page<Dictionary>> {
    let scoped = caller.require(need::DICTIONARY_LIST)?;
    let mut select = scoped.read::<entry::Entity>();
    if let Some(keyword) = filter_text(&query.keyword) {
        select = select.filter(
            Condition::any()
                .add(entry::Column::DictKey.contains(keyword))
                .add(entry::Column::Label.contains(keyword)),
        );
    }
    if let Some(id) = query.organisation_id {
        select = select.filter(entry::Column::OrganisationId.eq(id));
    }
    let page = paging::fetch(
        scoped.db(),
        select
            .order_by_asc(entry::Column::DictKey)
            .order_by_asc(entry::Column::Id),
        query.page,
    )
    .await?;
    ok(Page {
        list: describe(scoped.db(), page.list).await?,
        total: page.total,
    })
}

struct Checked {
    label: String,
    value_type: ValueType,
    value: String,
    remark: String,
}

fn check(form: &DictionaryForm) -> Result<Checked, AppError> {
    let label = fields::name("label", "参数名称", &form.label)?;
    let value_type = ValueType::from_code(&form.value_type)
        .ok_or_else(|| AppError::invalid("valueType", dictionary::UNKNOWN_TYPE))?;
    let value = dictionary::check_value(value_type, &form.value)
        .map_err(|message| AppError::invalid("value", message))?;
    let remark = fields::remark("remark", "备注", &form.remark)?;
    Ok(Checked {
        label,
        value_type,
        value,
        remark,
    })
}

/// Add a parameter to an organisation. Needs `/work/enterprise/dictionary:add` and a scope
/// covering the organisation.
#[utoipa::path(post, path = "/api/v1/fm/dictionary/add", tag = "dictionary",
    request_body = DictionaryAdd, security(("token" = [])),
    responses((status = 200, description = "The new parameter", body = Envelope<Dictionary>)))]
pub async fn add(
    caller: Caller,
    AppJson(request): AppJson<DictionaryAdd>,
) -> ApiResult<Dictionary> {
    let scoped = caller.require(need::DICTIONARY_ADD)?;
    let org = target_organisation(&scoped, request.organisation_id).await?;
    scoped.ensure_covers(&Place {
        site: Some(org.site_id),
        organisation: Some(org.id),
        ..Place::default()
    })?;
    let key = fields::dict_key(&request.dict_key)?;
    let checked = check(&request.form)?;
    refuse_if_taken(
        scoped.db(),
        entry::Entity::find()
            .filter(entry::Column::OrganisationId.eq(org.id))
            .filter(entry::Column::DictKey.eq(&key)),
        "参数键名已存在",
    )
    .await?;
    let now = Utc::now();
    let txn = scoped.begin().await?;
    let row = entry::ActiveModel {
        site_id: Set(org.site_id),
        organisation_id: Set(org.id),
        dict_key: Set(key),
        label: Set(checked.label),
        value_type: Set(checked.value_type.code().to_owned()),
        value: Set(checked.value),
        remark: Set(checked.remark),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    let place = entry::Entity::place(&row);
    let saved = describe_one(&txn, row).await?;
    audit::record(
        &txn,
        scoped.actor(),
        Change::created("dictionary", saved.id, &saved, place),
    )
    .await?;
    txn.commit().await?;
    ok(saved)
}

/// Change a parameter (its key stays). Needs `/work/enterprise/dictionary:edit`.
#[utoipa::path(post, path = "/api/v1/fm/dictionary/edit", tag = "dictionary",
    request_body = DictionaryEdit, security(("token" = [])),
    responses((status = 200, description = "The parameter as saved", body = Envelope<Dictionary>)))]
pub async fn edit(
    caller: Caller,
    AppJson(request): AppJson<DictionaryEdit>,
) -> ApiResult<Dictionary> {
    let scoped = caller.require(need::DICTIONARY_EDIT)?;
    let before = scoped.get_writable::<entry::Entity>(request.id).await?;
    let checked = check(&request.form)?;
    let txn = scoped.begin().await?;
    let old = describe_one(&txn, before.clone()).await?;
    let mut row: entry::ActiveModel = before.into();
    row.label = Set(checked.label);
    row.value_type = Set(checked.value_type.code().to_owned());
    row.value = Set(checked.value);
    row.remark = Set(checked.remark);
    row.updated_at = Set(Utc::now());
    let row = row.update(&txn).await?;
    let place = entry::Entity::place(&row);
    let saved = describe_one(&txn, row).await?;
    audit::record(
        &txn,
        scoped.actor(),
        Change::updated("dictionary", saved.id, &old, &saved, place),
    )
    .await?;
    txn.commit().await?;
    ok(saved)
}

/// Delete a parameter. Needs `/work/enterprise/dictionary:delete`.
#[utoipa::path(post, path = "/api/v1/fm/dictionary/delete", tag = "dictionary",
    request_body = IdRequest, security(("token" = [])),
    responses((status = 200, description = "Deleted", body = Envelope<Empty>)))]
pub async fn delete(caller: Caller, AppJson(request): AppJson<IdRequest>) -> ApiResult<Empty> {
    let scoped = caller.require(need::DICTIONARY_DELETE)?;
    let txn = scoped.begin().await?;
    let row = scoped
        .on(&txn)
        .delete_writable::<entry::Entity>(request.id)
        .await?;
    let place = entry::Entity::place(&row);
    let old = describe_one(&txn, row).await?;
    audit::record(
        &txn,
        scoped.actor(),
        Change::deleted("dictionary", old.id, &old, place),
    )
    .await?;
    txn.commit().await?;
    ok(Empty {})
}
