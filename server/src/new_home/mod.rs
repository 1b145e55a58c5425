//! New homes (新房): projects city operations create in their city and distribute to companies
//! and stores, which then find them in /work/house/new. A project is placed by its city site;
//! a company or store reads it through its distributions (see `access::placed`), so every read
//! below goes through the scope and a store agent never reaches a project not distributed to
//! them. Design: docs/new-homes.md.

pub mod distribution;
pub mod dto;

use brokerdesk_core::forms::{self, FieldError, Form};
use brokerdesk_core::new_home::{self as core_new_home, ListFilter, hundredths, hundredths_text};
use chrono::{NaiveDate, Utc};
use sea_orm::sea_query::Query;
use sea_orm::{
    ActiveValue, ColumnTrait, Condition, ConnectionTrait, DatabaseTransaction, QueryFilter,
    QueryOrder, Set,
};
use serde_json::{Map, Value};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use self::dto::*;
use crate::AppState;
use crate::access::{Caller, Scoped, Unscoped, need};
use crate::entity::{
    business_circle, district, new_home_commission_rule as rule_entity,
    new_home_house_type as house_type_entity, new_home_project as project,
};
use crate::error::{ApiResult, AppError, AppJson, Empty, Envelope, ok};
use crate::form::{fields_ok, today};
use crate::org::target_site;
use crate::paging::{Page, filter_text};
use crate::resource::Resource;
use crate::shared::{IdRequest, millis, name_of};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(detail))
        .routes(routes!(add))
        .routes(routes!(edit))
        .routes(routes!(delete))
        .merge(distribution::router())
}

/// Most house types and commission rules one project keeps.
const HOUSE_TYPES_MAX: usize = 30;
const RULES_MAX: usize = 20;
const NAME_TAKEN: &str = "该城市已有同名楼盘";

impl Resource for project::Entity {
    const KIND: &'static str = "newHome";
    type View = NewHome;

    async fn describe<C: ConnectionTrait>(
        db: &Unscoped<'_, C>,
        rows: Vec<project::Model>,
    ) -> Result<Vec<NewHome>, AppError> {
        let districts = db
            .names::<district::Entity>(
                district::Column::Id,
                district::Column::Name,
                rows.iter().map(|r| r.district_id),
            )
            .await?;
        let circles = db
            .names::<business_circle::Entity>(
                business_circle::Column::Id,
                business_circle::Column::Name,
                rows.iter().filter_map(|r| r.circle_id),
            )
            .await?;
        let types = db
            .all(
                db.find::<house_type_entity::Entity>()
                    .filter(house_type_entity::Column::ProjectId.is_in(rows.iter().map(|r| r.id))),
            )
            .await?;
        Ok(rows
            .into_iter()
            .map(|row| {
                let own: Vec<&house_type_entity::Model> =
                    types.iter().filter(|t| t.project_id == row.id).collect();
                let mut rooms: Vec<i16> = own.iter().map(|t| t.rooms).collect();
                rooms.sort_unstable();
                rooms.dedup();
                NewHome {
                    id: row.id,
                    site_id: row.site_id,
                    district_name: name_of(&districts, Some(row.district_id)),
                    circle_name: name_of(&circles, row.circle_id),
                    name: row.name,
                    sale_status: row.sale_status,
                    property_type: row.property_type,
                    district_id: row.district_id,
                    circle_id: row.circle_id,
                    address: row.address,
                    lng: row.lng.zip(row.lat).map(|(lng, _)| lng),
                    lat: row.lng.zip(row.lat).map(|(_, lat)| lat),
                    developer: row.developer,
                    opening_date: row.opening_date.map(|d| d.to_string()),
                    average_price_fen: row.average_price_fen,
                    average_price_text: row
                        .average_price_fen
                        .map(hundredths_text)
                        .unwrap_or_default(),
                    property_term: row.property_term,
                    selling_points: row.selling_points,
                    rooms,
                    area_min: own.iter().map(|t| t.area_min).min(),
                    area_max: own.iter().map(|t| t.area_max).max(),
                    updated_at: millis(row.updated_at),
                }
            })
            .collect())
    }
}

fn house_type_view(row: house_type_entity::Model) -> HouseType {
    let wan = |fen: Option<i64>| fen.map(|f| hundredths_text(f / 10_000)).unwrap_or_default();
    HouseType {
        id: row.id,
        area_min_text: hundredths_text(row.area_min),
        area_max_text: hundredths_text(row.area_max),
        price_min_text: wan(row.price_min_fen),
        price_max_text: wan(row.price_max_fen),
        name: row.name,
        rooms: row.rooms,
        halls: row.halls,
        baths: row.baths,
        area_min: row.area_min,
        area_max: row.area_max,
        price_min_fen: row.price_min_fen,
        price_max_fen: row.price_max_fen,
        sale_status: row.sale_status,
    }
}

fn core_rule(row: &rule_entity::Model) -> core_new_home::CommissionRule {
    core_new_home::CommissionRule {
        kind: i64::from(row.kind),
        rate_bp: row.rate_bp,
        amount_fen: row.amount_fen,
        valid_from: row.valid_from,
        valid_to: row.valid_to,
    }
}

fn rule_view(row: rule_entity::Model, today: NaiveDate) -> CommissionRule {
    CommissionRule {
        id: row.id,
        current: core_rule(&row).applies_on(today),
        kind: row.kind,
        rate_bp: row.rate_bp,
        amount_fen: row.amount_fen,
        rate_text: row.rate_bp.map(hundredths_text).unwrap_or_default(),
        amount_text: row.amount_fen.map(hundredths_text).unwrap_or_default(),
        valid_from: row.valid_from.to_string(),
        valid_to: row.valid_to.map(|d| d.to_string()),
    }
}

/// The list's projects: every §9 filter as bounds from core, inside the caller's reach.
#[utoipa::path(post, path = "/api/v1/fm/house/newHouse/list", tag = "new-home",
    request_body = NewHomeQuery, security(("token" = [])),
    responses((status = 200, description = "One page of projects", body = Envelope<Page<NewHome>>)))]
pub async fn list(
    caller: Caller,
    AppJson(query): AppJson<NewHomeQuery>,
) -> ApiResult<Page<NewHome>> {
    let scoped = caller.require(need::NEW_HOME_LIST)?;
    let position = |value: Option<i64>| value.map(|v| usize::try_from(v).unwrap_or(usize::MAX));
    let filter = ListFilter {
        opening_date: position(query.opening_date),
        average_price: position(query.average_price),
        property_term: position(query.property_term),
        commission: position(query.commission),
    };
    if filter.commission.is_some() && !caller.allows(need::NEW_HOME_COMMISSION) {
        return Err(AppError::invalid("commission", "无权按佣金筛选"));
    }
    let today = today();
    let bounds = filter
        .bounds(today)
        .map_err(|unknown| AppError::invalid(unknown.0, "请选择筛选范围"))?;
    let mut select = scoped.read::<project::Entity>();
    if let Some(keyword) = filter_text(&query.keyword) {
        select = select.filter(
            Condition::any()
                .add(crate::shared::contains(project::Column::Name, keyword))
                .add(crate::shared::contains(project::Column::Address, keyword))
                .add(crate::shared::contains(project::Column::Developer, keyword)),
        );
    }
    for (column, value) in [
        (project::Column::SaleStatus, query.sale_status),
        (project::Column::PropertyType, query.property_type),
        (project::Column::DistrictId, query.district_id),
        (project::Column::CircleId, query.circle_id),
        (project::Column::PropertyTerm, bounds.property_term_years),
    ] {
        if let Some(value) = value {
            select = select.filter(column.eq(value));
        }
    }
    if let Some(from) = bounds.opening_from {
        select = select.filter(project::Column::OpeningDate.gte(from));
    }
    if let Some(before) = bounds.opening_before {
        select = select.filter(project::Column::OpeningDate.lt(before));
    }
    if let Some(min) = bounds.average_price_min_fen {
        select = select.filter(project::Column::AveragePriceFen.gte(min));
    }
    if let Some(max) = bounds.average_price_max_fen {
        select = select.filter(project::Column::AveragePriceFen.lt(max));
    }
    if bounds.commission_min_bp.is_some() || bounds.commission_max_bp.is_some() {
        let mut rules = Condition::all()
            .add(rule_entity::Column::Kind.eq(core_new_home::KIND_PERCENT))
            .add(rule_entity::Column::ValidFrom.lte(today))
            .add(
                Condition::any()
                    .add(rule_entity::Column::ValidTo.is_null())
                    .add(rule_entity::Column::ValidTo.gte(today)),
            );
        if let Some(min) = bounds.commission_min_bp {
            rules = rules.add(rule_entity::Column::RateBp.gte(min));
        }
        if let Some(max) = bounds.commission_max_bp {
            rules = rules.add(rule_entity::Column::RateBp.lt(max));
        }
        select = select.filter(
            project::Column::Id.in_subquery(
                Query::select()
                    .column(rule_entity::Column::ProjectId)
                    .from(rule_entity::Entity)
                    .cond_where(rules)
                    .to_owned(),
            ),
        );
    }
    let select = select
        .order_by_desc(project::Column::UpdatedAt)
        .order_by_desc(project::Column::Id);
    ok(scoped.list::<project::Entity>(select, query.page).await?)
}

/// The detail a caller sees: house types always, commission rules with 查看佣金, where it is
/// distributed for those who distribute it.
async fn detail_of(scoped: &Scoped<'_>, row: project::Model) -> Result<NewHomeDetail, AppError> {
    let caller = scoped.caller();
    let db = scoped.unscoped();
    let types = scoped
        .all(
            scoped
                .read::<house_type_entity::Entity>()
                .filter(house_type_entity::Column::ProjectId.eq(row.id))
                .order_by_asc(house_type_entity::Column::Sort)
                .order_by_asc(house_type_entity::Column::Id),
        )
        .await?;
    let commission_rules = if caller.allows(need::NEW_HOME_COMMISSION) {
        let today = today();
        let rules = scoped
            .all(
                scoped
                    .read::<rule_entity::Entity>()
                    .filter(rule_entity::Column::ProjectId.eq(row.id))
                    .order_by_asc(rule_entity::Column::ValidFrom),
            )
            .await?;
        Some(rules.into_iter().map(|r| rule_view(r, today)).collect())
    } else {
        None
    };
    let writable = scoped
        .one(
            scoped
                .write::<project::Entity>()
                .filter(project::Column::Id.eq(row.id)),
        )
        .await?
        .is_some();
    let distribution = if writable && caller.allows(need::NEW_HOME_DISTRIBUTE) {
        Some(distribution::distributed(scoped, row.id).await?)
    } else {
        None
    };
    let project = crate::resource::describe_one::<project::Entity, _>(&db, row).await?;
    Ok(NewHomeDetail {
        project,
        house_types: types.into_iter().map(house_type_view).collect(),
        commission_rules,
        distribution,
    })
}

/// One project with its house types (and commission rules, distribution, as allowed).
#[utoipa::path(post, path = "/api/v1/fm/house/newHouse/detail", tag = "new-home",
    request_body = IdRequest, security(("token" = [])),
    responses((status = 200, description = "The project", body = Envelope<NewHomeDetail>)))]
pub async fn detail(
    caller: Caller,
    AppJson(request): AppJson<IdRequest>,
) -> ApiResult<NewHomeDetail> {
    let scoped = caller.require(need::NEW_HOME_READ)?;
    let row = scoped.get::<project::Entity>(request.id).await?;
    ok(detail_of(&scoped, row).await?)
}

/// A form's values as core checks them.
fn values_of<T: serde::Serialize>(body: &T) -> Result<Map<String, Value>, AppError> {
    match serde_json::to_value(body).map_err(AppError::internal)? {
        Value::Object(values) => Ok(values),
        _ => Err(AppError::internal("a form body is not an object")),
    }
}

/// Checks each item of a list with its form; a fault lands on the list's field, naming the item
/// (第2个户型：建面上限(㎡)不能小于建面下限).
fn check_items<T: serde::Serialize>(
    form: &Form,
    items: &[T],
    field: &'static str,
    noun: &str,
    max: usize,
    errors: &mut Vec<FieldError>,
) -> Result<Vec<Map<String, Value>>, AppError> {
    if items.len() > max {
        errors.push(FieldError::new(field, format!("{noun}最多{max}个")));
    }
    let mut checked = Vec::new();
    for (index, item) in items.iter().enumerate() {
        let mut values = values_of(item)?;
        if let Some(first) = forms::check(form, &mut values, today()).into_iter().next() {
            errors.push(FieldError::new(
                field,
                format!("第{}个{noun}：{}", index + 1, first.message),
            ));
        }
        checked.push(values);
    }
    Ok(checked)
}

fn text(values: &Map<String, Value>, name: &str) -> Option<String> {
    match values.get(name) {
        Some(Value::String(s)) if !s.trim().is_empty() => Some(s.trim().to_owned()),
        Some(Value::Number(n)) => Some(n.to_string()),
        _ => None,
    }
}

fn number<T: std::str::FromStr>(values: &Map<String, Value>, name: &str) -> Option<T> {
    text(values, name).and_then(|t| t.parse().ok())
}

fn date(values: &Map<String, Value>, name: &str) -> Option<NaiveDate> {
    text(values, name).and_then(|t| NaiveDate::parse_from_str(&t, "%Y-%m-%d").ok())
}

fn amount(values: &Map<String, Value>, name: &str) -> Option<i64> {
    text(values, name).and_then(|t| hundredths(&t))
}

/// A project form, checked: the project's row (without site and times), its house types and
/// commission rules (without project), every fault at once.
struct Checked {
    project: project::ActiveModel,
    house_types: Vec<house_type_entity::ActiveModel>,
    rules: Vec<rule_entity::ActiveModel>,
}

async fn check(
    scoped: &Scoped<'_>,
    site: i64,
    form: &NewHomeForm,
    except: Option<i64>,
) -> Result<Checked, AppError> {
    let mut values = values_of(form)?;
    let mut errors = forms::check(&forms::NEW_HOME, &mut values, today());
    let types = check_items(
        &forms::HOUSE_TYPE,
        &form.house_types,
        "houseTypes",
        "户型",
        HOUSE_TYPES_MAX,
        &mut errors,
    )?;
    let rules = check_items(
        &forms::COMMISSION_RULE,
        &form.commission_rules,
        "commissionRules",
        "佣金规则",
        RULES_MAX,
        &mut errors,
    )?;
    let rule_rows: Vec<rule_entity::ActiveModel> = rules
        .iter()
        .enumerate()
        .map(|(sort, r)| {
            let kind: i64 = number(r, "kind").unwrap_or_default();
            rule_entity::ActiveModel {
                kind: Set(kind as i16),
                rate_bp: Set((kind == core_new_home::KIND_PERCENT)
                    .then(|| amount(r, "rate"))
                    .flatten()),
                amount_fen: Set((kind == core_new_home::KIND_FIXED)
                    .then(|| amount(r, "amount"))
                    .flatten()),
                valid_from: Set(date(r, "validFrom").unwrap_or_default()),
                valid_to: Set(date(r, "validTo")),
                sort: Set(sort as i32),
                ..Default::default()
            }
        })
        .collect();
    if errors.iter().all(|e| e.field != "commissionRules") {
        let periods: Vec<core_new_home::CommissionRule> = rules
            .iter()
            .map(|r| core_new_home::CommissionRule {
                kind: number(r, "kind").unwrap_or_default(),
                rate_bp: amount(r, "rate"),
                amount_fen: amount(r, "amount"),
                valid_from: date(r, "validFrom").unwrap_or_default(),
                valid_to: date(r, "validTo"),
            })
            .collect();
        if let Some((_, message)) = core_new_home::overlapping(&periods) {
            errors.push(FieldError::new("commissionRules", message));
        }
    }
    // Where it lies: a district of the project's city, a circle of that district.
    let district_id: Option<i64> = number(&values, "districtId");
    let circle_id: Option<i64> = number(&values, "circleId");
    let db = scoped.unscoped();
    if let Some(id) = district_id {
        let found = db
            .one(
                db.find::<district::Entity>()
                    .filter(district::Column::Id.eq(id))
                    .filter(district::Column::SiteId.eq(site)),
            )
            .await?;
        if found.is_none() {
            errors.push(FieldError::new("districtId", "请选择本城市的区域"));
        }
    }
    if let Some(id) = circle_id {
        let found = db
            .one(
                db.find::<business_circle::Entity>()
                    .filter(business_circle::Column::Id.eq(id))
                    .filter(business_circle::Column::DistrictId.eq(district_id.unwrap_or(-1))),
            )
            .await?;
        if found.is_none() {
            errors.push(FieldError::new("circleId", "请选择所选区域下的商圈"));
        }
    }
    if district_id.is_none() && errors.iter().all(|e| e.field != "districtId") {
        errors.push(FieldError::new("districtId", "请选择区域"));
    }
    // The form's rule has read each exactly; the column keeps the nearest double. A point
    // needs both.
    let degrees = |name| text(&values, name).and_then(|text| text.trim().parse::<f64>().ok());
    let (lng, lat) = (degrees("lng"), degrees("lat"));
    if lng.is_some() != lat.is_some() {
        let missing = if lng.is_none() {
            ("lng", "请填写经度")
        } else {
            ("lat", "请填写纬度")
        };
        errors.push(FieldError::new(missing.0, missing.1));
    }
    fields_ok(errors)?;
    let name = text(&values, "name").unwrap_or_default();
    let mut same = db
        .find::<project::Entity>()
        .filter(project::Column::SiteId.eq(site))
        .filter(project::Column::Name.eq(&name));
    if let Some(id) = except {
        same = same.filter(project::Column::Id.ne(id));
    }
    crate::form::refuse_taken(&db, same, "name", NAME_TAKEN).await?;
    let house_types = types
        .iter()
        .enumerate()
        .map(|(sort, t)| {
            let fen_of_wan = |name| amount(t, name).map(|wan_hundredths| wan_hundredths * 10_000);
            house_type_entity::ActiveModel {
                site_id: Set(site),
                name: Set(text(t, "name").unwrap_or_default()),
                rooms: Set(number(t, "rooms").unwrap_or_default()),
                halls: Set(number(t, "halls").unwrap_or_default()),
                baths: Set(number(t, "baths").unwrap_or_default()),
                area_min: Set(amount(t, "areaMin").unwrap_or_default()),
                area_max: Set(amount(t, "areaMax").unwrap_or_default()),
                price_min_fen: Set(fen_of_wan("priceMin")),
                price_max_fen: Set(fen_of_wan("priceMax")),
                sale_status: Set(number(t, "saleStatus").unwrap_or_default()),
                sort: Set(sort as i32),
                ..Default::default()
            }
        })
        .collect();
    Ok(Checked {
        project: project::ActiveModel {
            name: Set(name),
            sale_status: Set(number(&values, "saleStatus").unwrap_or_default()),
            property_type: Set(number(&values, "propertyType").unwrap_or_default()),
            district_id: Set(district_id.unwrap_or_default()),
            circle_id: Set(circle_id),
            address: Set(text(&values, "address").unwrap_or_default()),
            lng: Set(lng),
            lat: Set(lat),
            developer: Set(text(&values, "developer").unwrap_or_default()),
            opening_date: Set(date(&values, "openingDate")),
            average_price_fen: Set(amount(&values, "averagePrice")),
            property_term: Set(number(&values, "propertyTerm")),
            selling_points: Set(text(&values, "sellingPoints").unwrap_or_default()),
            updated_at: Set(Utc::now()),
            ..Default::default()
        },
        house_types,
        rules: rule_rows
            .into_iter()
            .map(|row| rule_entity::ActiveModel {
                site_id: Set(site),
                ..row
            })
            .collect(),
    })
}

/// Writes a project's house types and rules afresh, in the caller's scope.
async fn write_children(
    on: &Scoped<'_, DatabaseTransaction>,
    project_id: i64,
    checked: Checked,
) -> Result<(), AppError> {
    let db = on.unscoped();
    for old in db
        .values::<house_type_entity::Entity, i64>(
            db.find::<house_type_entity::Entity>()
                .filter(house_type_entity::Column::ProjectId.eq(project_id)),
            house_type_entity::Column::Id,
        )
        .await?
    {
        on.delete::<house_type_entity::Entity>(old).await?;
    }
    for old in db
        .values::<rule_entity::Entity, i64>(
            db.find::<rule_entity::Entity>()
                .filter(rule_entity::Column::ProjectId.eq(project_id)),
            rule_entity::Column::Id,
        )
        .await?
    {
        on.delete::<rule_entity::Entity>(old).await?;
    }
    for row in checked.house_types {
        on.insert::<house_type_entity::Entity>(house_type_entity::ActiveModel {
            project_id: Set(project_id),
            ..row
        })
        .await?;
    }
    for row in checked.rules {
        on.insert::<rule_entity::Entity>(rule_entity::ActiveModel {
            project_id: Set(project_id),
            ..row
        })
        .await?;
    }
    Ok(())
}

/// Create a project in the caller's city with its house types and commission rules. Needs
/// `/coc/newHouse:add`.
#[utoipa::path(post, path = "/api/v1/fm/house/newHouse/add", tag = "new-home",
    request_body = NewHomeAdd, security(("token" = [])),
    responses((status = 200, description = "The new project", body = Envelope<NewHomeDetail>)))]
pub async fn add(
    caller: Caller,
    AppJson(request): AppJson<NewHomeAdd>,
) -> ApiResult<NewHomeDetail> {
    let scoped = caller.require(need::NEW_HOME_ADD)?;
    let site = target_site(&scoped, request.site_id).await?.id;
    let checked = check(&scoped, site, &request.form, None).await?;
    let txn = scoped.begin().await?;
    let on = scoped.on(&txn);
    let now = Utc::now();
    let row = on
        .insert::<project::Entity>(project::ActiveModel {
            site_id: Set(site),
            created_at: Set(now),
            ..checked.project.clone()
        })
        .await?;
    write_children(&on, row.id, checked).await?;
    on.record_created::<project::Entity>(&row).await?;
    txn.commit().await?;
    ok(detail_of(&scoped, row).await?)
}

/// Change a project, its house types and commission rules. Needs `/coc/newHouse:edit`.
#[utoipa::path(post, path = "/api/v1/fm/house/newHouse/edit", tag = "new-home",
    request_body = NewHomeEdit, security(("token" = [])),
    responses((status = 200, description = "The project as saved", body = Envelope<NewHomeDetail>)))]
pub async fn edit(
    caller: Caller,
    AppJson(request): AppJson<NewHomeEdit>,
) -> ApiResult<NewHomeDetail> {
    let scoped = caller.require(need::NEW_HOME_EDIT)?;
    let before = scoped.get_writable::<project::Entity>(request.id).await?;
    let checked = check(&scoped, before.site_id, &request.form, Some(before.id)).await?;
    let txn = scoped.begin().await?;
    let on = scoped.on(&txn);
    let old = on.view::<project::Entity>(before.clone()).await?;
    let after = on
        .update::<project::Entity>(project::ActiveModel {
            id: ActiveValue::Unchanged(before.id),
            ..checked.project.clone()
        })
        .await?;
    write_children(&on, after.id, checked).await?;
    on.record_changed::<project::Entity>(&old, &after).await?;
    txn.commit().await?;
    ok(detail_of(&scoped, after).await?)
}

/// Delete a project with its house types, rules and distributions. Needs `/coc/newHouse:delete`.
#[utoipa::path(post, path = "/api/v1/fm/house/newHouse/delete", tag = "new-home",
    request_body = IdRequest, security(("token" = [])),
    responses((status = 200, description = "Deleted", body = Envelope<Empty>)))]
pub async fn delete(caller: Caller, AppJson(request): AppJson<IdRequest>) -> ApiResult<Empty> {
    let scoped = caller.require(need::NEW_HOME_DELETE)?;
    scoped.remove::<project::Entity>(request.id).await?;
    ok(Empty {})
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_and_numbers_read_as_forms_send_them() {
        let values: Map<String, Value> =
            serde_json::from_value(serde_json::json!({"a": " 12.5 ", "b": 3, "c": ""})).unwrap();
        assert_eq!(amount(&values, "a"), Some(1250));
        assert_eq!(number::<i16>(&values, "b"), Some(3));
        assert_eq!(text(&values, "c"), None);
    }
}
