//! 小区 (the community dictionary, /work/house/community): a city's communities with their
//! aliases, and below them buildings, units and rooms ([`parts`]), which listings refer to.
//!
//! The dictionary is the city's ([`Inherit::KeptBySite`](crate::access::scope::Inherit)):
//! everyone working in the city reads it, and whoever holds a route's permission code writes it
//! (docs/houses.md says who does). A name is unique in its city, and a refusal names the
//! community that holds it. Names and aliases are spelt in pinyin when written (core
//! `rules::spell`), so the suggest query finds `xhjy` by an index range.

pub mod parts;

use brokerdesk_core::community::{self as rules, Query};
use brokerdesk_core::enums::{COMMUNITY_OFFER_STATUS, PROPERTY_TYPE};
use brokerdesk_core::forms::{self, Form};
use brokerdesk_core::listing::lifecycle;
use brokerdesk_core::listing::trade::Trade;
use chrono::Utc;
use sea_orm::sea_query::{Expr, ExprTrait, Func, SimpleExpr, UnionType};
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, DatabaseTransaction, QueryFilter, QueryOrder,
    QuerySelect, Set,
};
use serde::{Deserialize, Serialize};
use std::collections::HashSet;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::AppState;
use crate::access::{Caller, Scoped, Unscoped, need};
use crate::city_config::area::{District, SiteFilter};
use crate::entity::{
    building, business_circle, community, community_alias, district, listing, room,
};
use crate::error::{ApiResult, AppError, AppJson, Empty, Envelope, ok};
use crate::form::{self, CoreForm};
use crate::org::target_site;
use crate::paging::{Page, PageQuery, filter_text, lenient_number};
use crate::resource::Resource;
use crate::shared::{IdRequest, count_of, millis, name_of};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(detail))
        .routes(routes!(suggest))
        .routes(routes!(areas))
        .routes(routes!(add))
        .routes(routes!(edit))
        .routes(routes!(delete))
        .merge(parts::router())
}

/// A community as lists and its detail page show it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Community {
    pub id: i64,
    pub site_id: i64,
    pub name: String,
    pub aliases: Vec<String>,
    pub pinyin: String,
    pub initials: String,
    pub district_id: i64,
    pub district_name: String,
    pub business_circle_id: Option<i64>,
    pub business_circle_name: String,
    pub address: String,
    /// Core `propertyTypeMap`.
    pub property_type: i16,
    pub build_year: Option<i32>,
    pub developer: String,
    pub property_company: String,
    /// Fen per m² per month.
    pub property_fee: Option<i64>,
    /// Hundredths (2.50 is 250).
    pub plot_ratio: Option<i32>,
    /// Hundredths of a percent (35% is 3500).
    pub green_ratio: Option<i32>,
    pub lng: Option<f64>,
    pub lat: Option<f64>,
    /// Core `communityOfferStatus`.
    pub offer_status: i16,
    pub building_count: i64,
    pub room_count: i64,
    pub updated_at: i64,
}

impl Resource for community::Entity {
    const KIND: &'static str = "community";
    const IN_USE: &'static str = "该小区下还有栋座，无法删除";
    type View = Community;

    async fn describe<C: ConnectionTrait>(
        db: &Unscoped<'_, C>,
        rows: Vec<community::Model>,
    ) -> Result<Vec<Community>, AppError> {
        let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
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
                rows.iter().filter_map(|r| r.business_circle_id),
            )
            .await?;
        let aliases = db
            .all(
                db.find::<community_alias::Entity>()
                    .filter(community_alias::Column::CommunityId.is_in(ids.clone()))
                    .order_by_asc(community_alias::Column::Id),
            )
            .await?;
        let buildings = db
            .counts(
                db.find::<building::Entity>(),
                building::Column::CommunityId,
                ids.clone(),
            )
            .await?;
        let rooms = db
            .counts(db.find::<room::Entity>(), room::Column::CommunityId, ids)
            .await?;
        Ok(rows
            .into_iter()
            .map(|row| Community {
                aliases: aliases
                    .iter()
                    .filter(|alias| alias.community_id == row.id)
                    .map(|alias| alias.name.clone())
                    .collect(),
                district_name: name_of(&districts, Some(row.district_id)),
                business_circle_name: name_of(&circles, row.business_circle_id),
                building_count: count_of(&buildings, row.id),
                room_count: count_of(&rooms, row.id),
                updated_at: millis(row.updated_at),
                id: row.id,
                site_id: row.site_id,
                name: row.name,
                pinyin: row.pinyin,
                initials: row.initials,
                district_id: row.district_id,
                business_circle_id: row.business_circle_id,
                address: row.address,
                property_type: row.property_type,
                build_year: row.build_year,
                developer: row.developer,
                property_company: row.property_company,
                property_fee: row.property_fee,
                plot_ratio: row.plot_ratio,
                green_ratio: row.green_ratio,
                lng: row.lng,
                lat: row.lat,
                offer_status: row.offer_status,
            })
            .collect())
    }

    async fn in_use<C: ConnectionTrait>(
        db: &Unscoped<'_, C>,
        row: &community::Model,
    ) -> Result<bool, AppError> {
        db.uses::<building::Entity>(building::Column::CommunityId, row.id)
            .await
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CommunityQuery {
    #[serde(flatten)]
    pub page: PageQuery,
    /// A name or alias part (`西湖`), or the start of its pinyin (`xihu`) or initials (`xhjy`).
    pub keyword: Option<String>,
    #[serde(default, deserialize_with = "lenient_number")]
    pub district_id: Option<i64>,
    #[serde(default, deserialize_with = "lenient_number")]
    pub business_circle_id: Option<i64>,
    /// Core `communityOfferStatus`.
    #[serde(default, deserialize_with = "lenient_number")]
    pub offer_status: Option<i64>,
    /// Core `propertyTypeMap`.
    #[serde(default, deserialize_with = "lenient_number")]
    pub property_type: Option<i64>,
    /// Default: the city the caller works in.
    #[serde(default, deserialize_with = "lenient_number")]
    pub site_id: Option<i64>,
}

/// `LOWER(column) LIKE '%letters%'`: core compares Latin letters in names without case, and
/// PostgreSQL's LIKE, unlike SQLite's, minds it. `letters` are letters and digits only.
fn lower_contains(column: impl sea_orm::sea_query::IntoColumnRef, letters: &str) -> SimpleExpr {
    Func::lower(Expr::col(column)).like(crate::shared::like_pattern(
        letters,
        crate::shared::Found::Anywhere,
    ))
}

/// The condition of core's [`rules::matches`] over the name, the spelling and every
/// alias of the communities of `site`. Where the query is letters, one branch per way of
/// matching, their ids united: each prefix range is then read from its `(site_id, …)` index and
/// the name scanned once, where a single OR walked the whole city in `initials` order
/// (docs/benchmarks.md, the houses bench).
fn keyword_condition(query: &Query, site: i64) -> Condition {
    match query {
        Query::Text(text) => Condition::any()
            .add(crate::shared::contains(community::Column::Name, text))
            .add(
                community::Column::Id.in_subquery(
                    sea_orm::sea_query::Query::select()
                        .column(community_alias::Column::CommunityId)
                        .from(community_alias::Entity)
                        .and_where(crate::shared::contains(community_alias::Column::Name, text))
                        .to_owned(),
                ),
            ),
        Query::Letters(letters) => {
            let end = rules::prefix_end(letters);
            let range = |column: community::Column| {
                Condition::all()
                    .add(column.gte(letters.as_str()))
                    .add(column.lt(end.as_str()))
            };
            let alias_range = |column: community_alias::Column| {
                Condition::all()
                    .add(column.gte(letters.as_str()))
                    .add(column.lt(end.as_str()))
            };
            let in_city = |condition: Condition| {
                sea_orm::sea_query::Query::select()
                    .column(community::Column::Id)
                    .from(community::Entity)
                    .cond_where(
                        Condition::all()
                            .add(community::Column::SiteId.eq(site))
                            .add(condition),
                    )
                    .to_owned()
            };
            let alias_in_city = Condition::all()
                .add(community_alias::Column::SiteId.eq(site))
                .add(
                    Condition::any()
                        .add(alias_range(community_alias::Column::Initials))
                        .add(alias_range(community_alias::Column::Pinyin))
                        .add(lower_contains(community_alias::Column::Name, letters)),
                );
            let mut ids = in_city(range(community::Column::Initials));
            ids.union(
                UnionType::Distinct,
                in_city(range(community::Column::Pinyin)),
            )
            .union(
                UnionType::Distinct,
                in_city(Condition::all().add(lower_contains(community::Column::Name, letters))),
            )
            .union(
                UnionType::Distinct,
                sea_orm::sea_query::Query::select()
                    .column(community_alias::Column::CommunityId)
                    .from(community_alias::Entity)
                    .cond_where(alias_in_city)
                    .to_owned(),
            );
            Condition::all().add(community::Column::Id.in_subquery(ids))
        }
    }
}

/// The city a list or suggestion is about: the one asked for, else the one the caller works in.
async fn city(scoped: &Scoped<'_>, requested: Option<i64>) -> Result<i64, AppError> {
    Ok(target_site(scoped, requested.or(scoped.scope().site()))
        .await?
        .id)
}

/// Communities of a city, filtered. Needs a houses page (小区, 二手房, 租房 and their pages).
#[utoipa::path(post, path = "/api/v1/fm/house/community/list", tag = "community",
    request_body = CommunityQuery, security(("token" = [])),
    responses((status = 200, description = "A page of communities", body = Envelope<Page<Community>>)))]
pub async fn list(
    caller: Caller,
    AppJson(query): AppJson<CommunityQuery>,
) -> ApiResult<Page<Community>> {
    let scoped = caller.require(need::COMMUNITY_READ)?;
    let site = city(&scoped, query.site_id).await?;
    let mut select = scoped
        .read::<community::Entity>()
        .filter(community::Column::SiteId.eq(site));
    if let Some(keyword) = filter_text(&query.keyword).and_then(rules::parse_query) {
        select = select.filter(keyword_condition(&keyword, site));
    }
    if let Some(id) = query.district_id {
        select = select.filter(community::Column::DistrictId.eq(id));
    }
    if let Some(id) = query.business_circle_id {
        select = select.filter(community::Column::BusinessCircleId.eq(id));
    }
    if let Some(status) = query.offer_status {
        // As shown (core `shown_offer_status`): a listing on the market makes it 在售/在租.
        let stored = community::Column::OfferStatus.eq(status);
        select = select.filter(if status == i64::from(rules::ON_OFFER) {
            Condition::any().add(stored).add(listed_in(&scoped))
        } else {
            Condition::all().add(stored).add(listed_in(&scoped).not())
        });
    }
    if let Some(kind) = query.property_type {
        select = select.filter(community::Column::PropertyType.eq(kind));
    }
    let select = select
        .order_by_asc(community::Column::Initials)
        .order_by_asc(community::Column::Id);
    let mut page = scoped.list(select, query.page).await?;
    show_offer_status(&scoped, &mut page.list).await?;
    ok(page)
}

/// `EXISTS` a listing of the caller's company (of any company in the city, for a caller outside
/// one) on the market in the community: the index on `listing.community_id` answers it.
fn listed_in(scoped: &Scoped<'_>) -> SimpleExpr {
    let active: Vec<i16> = lifecycle::ACTIVE.iter().map(|s| s.code()).collect();
    let mut inner = sea_orm::sea_query::Query::select();
    inner
        .expr(Expr::val(1))
        .from(listing::Entity)
        .and_where(
            Expr::col((listing::Entity, listing::Column::CommunityId))
                .equals((community::Entity, community::Column::Id)),
        )
        .and_where(Expr::col((listing::Entity, listing::Column::Status)).is_in(active));
    if let Some(company) = scoped.caller().user().organisation_id {
        inner.and_where(Expr::col((listing::Entity, listing::Column::OrganisationId)).eq(company));
    }
    Expr::exists(inner.to_owned())
}

/// The 在售状态 the communities show (core `shown_offer_status`): one query for the page.
async fn show_offer_status(scoped: &Scoped<'_>, shown: &mut [Community]) -> Result<(), AppError> {
    if shown.is_empty() {
        return Ok(());
    }
    let db = scoped.unscoped();
    let listed: HashSet<i64> = db
        .all(
            db.find::<community::Entity>()
                .filter(community::Column::Id.is_in(shown.iter().map(|c| c.id)))
                .filter(listed_in(scoped)),
        )
        .await?
        .into_iter()
        .map(|row| row.id)
        .collect();
    for community in shown {
        community.offer_status =
            rules::shown_offer_status(community.offer_status, listed.contains(&community.id));
    }
    Ok(())
}

/// A community with its buildings, their units and rooms.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CommunityDetail {
    #[serde(flatten)]
    pub community: Community,
    pub buildings: Vec<parts::BuildingTree>,
}

/// One community with everything below it. Needs a houses page.
#[utoipa::path(post, path = "/api/v1/fm/house/community/detail", tag = "community",
    request_body = IdRequest, security(("token" = [])),
    responses((status = 200, description = "The community", body = Envelope<CommunityDetail>)))]
pub async fn detail(
    caller: Caller,
    AppJson(request): AppJson<IdRequest>,
) -> ApiResult<CommunityDetail> {
    let scoped = caller.require(need::COMMUNITY_READ)?;
    let row = scoped.get::<community::Entity>(request.id).await?;
    let mut buildings = parts::tree(&scoped.unscoped(), row.id).await?;
    // Its rooms' 录入房源 enters a second-hand listing: mark those already 在售; then those let
    // or to let, 在租, which keep their 录入房源 but, like 在售 ones, are not deleted.
    let rooms = buildings
        .iter_mut()
        .flat_map(|b| b.units.iter_mut())
        .flat_map(|u| u.rooms.iter_mut())
        .collect();
    parts::mark_on_market(&scoped, Trade::Sale, rooms).await?;
    let unmarked = buildings
        .iter_mut()
        .flat_map(|b| b.units.iter_mut())
        .flat_map(|u| u.rooms.iter_mut())
        .filter(|room| room.on_market.is_empty())
        .collect();
    parts::mark_on_market(&scoped, Trade::Lease, unmarked).await?;
    let mut community =
        crate::resource::describe_one::<community::Entity, _>(&scoped.unscoped(), row).await?;
    show_offer_status(&scoped, std::slice::from_mut(&mut community)).await?;
    ok(CommunityDetail {
        community,
        buildings,
    })
}

/// The districts of the caller's city with their business circles, for the dictionary's filters
/// and form (the areas page itself is city operations'). Needs a houses page.
#[utoipa::path(post, path = "/api/v1/fm/house/community/areas", tag = "community",
    request_body = SiteFilter, security(("token" = [])),
    responses((status = 200, description = "Districts with circles", body = Envelope<Vec<District>>)))]
pub async fn areas(
    caller: Caller,
    AppJson(query): AppJson<SiteFilter>,
) -> ApiResult<Vec<District>> {
    let scoped = caller.require(need::COMMUNITY_READ)?;
    let site = city(&scoped, query.site_id).await?;
    let rows = scoped
        .all(
            scoped
                .read::<district::Entity>()
                .filter(district::Column::SiteId.eq(site))
                .order_by_asc(district::Column::Sort)
                .order_by_asc(district::Column::Id),
        )
        .await?;
    ok(district::Entity::describe(&scoped.unscoped(), rows).await?)
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CommunitySuggestQuery {
    /// What was typed: a name part, pinyin or initials.
    pub keyword: Option<String>,
    /// Default: the city the caller works in.
    #[serde(default, deserialize_with = "lenient_number")]
    pub site_id: Option<i64>,
}

/// One community offered while typing.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CommunitySuggestion {
    pub id: i64,
    pub name: String,
    /// The alias the query found it by, when not its name.
    pub alias: Option<String>,
    pub district_name: String,
    pub business_circle_name: String,
    pub address: String,
}

/// At most this many suggestions.
pub const SUGGEST_LIMIT: u64 = 10;

/// Communities of the caller's city that the typed text finds (`xhjy` → 西湖家园), for the
/// pickers of the listing forms. Needs a houses page.
#[utoipa::path(post, path = "/api/v1/fm/house/community/suggest", tag = "community",
    request_body = CommunitySuggestQuery, security(("token" = [])),
    responses((status = 200, description = "Up to 10 communities", body = Envelope<Vec<CommunitySuggestion>>)))]
pub async fn suggest(
    caller: Caller,
    AppJson(query): AppJson<CommunitySuggestQuery>,
) -> ApiResult<Vec<CommunitySuggestion>> {
    let scoped = caller.require(need::COMMUNITY_READ)?;
    let Some(keyword) = filter_text(&query.keyword).and_then(rules::parse_query) else {
        return ok(Vec::new());
    };
    let site = city(&scoped, query.site_id).await?;
    let rows = scoped
        .all(
            scoped
                .read::<community::Entity>()
                .filter(community::Column::SiteId.eq(site))
                .filter(keyword_condition(&keyword, site))
                .order_by_asc(community::Column::Initials)
                .order_by_asc(community::Column::Id)
                .limit(SUGGEST_LIMIT),
        )
        .await?;
    let db = scoped.unscoped();
    let aliases = db
        .all(
            db.find::<community_alias::Entity>()
                .filter(community_alias::Column::CommunityId.is_in(rows.iter().map(|r| r.id))),
        )
        .await?;
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
            rows.iter().filter_map(|r| r.business_circle_id),
        )
        .await?;
    ok(rows
        .into_iter()
        .map(|row| {
            let by_name = rules::matches(
                &keyword,
                &rules::Keys {
                    name: &row.name,
                    pinyin: &row.pinyin,
                    initials: &row.initials,
                },
            );
            let alias = (!by_name)
                .then(|| {
                    aliases
                        .iter()
                        .filter(|a| a.community_id == row.id)
                        .find(|a| {
                            rules::matches(
                                &keyword,
                                &rules::Keys {
                                    name: &a.name,
                                    pinyin: &a.pinyin,
                                    initials: &a.initials,
                                },
                            )
                        })
                        .map(|a| a.name.clone())
                })
                .flatten();
            CommunitySuggestion {
                alias,
                district_name: name_of(&districts, Some(row.district_id)),
                business_circle_name: name_of(&circles, row.business_circle_id),
                id: row.id,
                name: row.name,
                address: row.address,
            }
        })
        .collect())
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CommunityForm {
    pub name: String,
    /// Separated by commas.
    #[serde(default)]
    pub aliases: String,
    #[serde(default, deserialize_with = "lenient_number")]
    pub district_id: Option<i64>,
    #[serde(default, deserialize_with = "lenient_number")]
    pub business_circle_id: Option<i64>,
    #[serde(default)]
    pub address: String,
    #[serde(default, deserialize_with = "lenient_number")]
    pub property_type: Option<i64>,
    #[serde(default, deserialize_with = "lenient_number")]
    pub build_year: Option<i64>,
    #[serde(default)]
    pub developer: String,
    #[serde(default)]
    pub property_company: String,
    /// 元 per m² per month, up to two decimals.
    #[serde(default)]
    pub property_fee: String,
    #[serde(default)]
    pub plot_ratio: String,
    /// Percent, up to two decimals.
    #[serde(default)]
    pub green_ratio: String,
    #[serde(default)]
    pub lng: String,
    #[serde(default)]
    pub lat: String,
    #[serde(default, deserialize_with = "lenient_number")]
    pub offer_status: Option<i64>,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CommunityAdd {
    /// Default: the city the caller works in.
    #[serde(default, deserialize_with = "lenient_number")]
    pub site_id: Option<i64>,
    #[serde(flatten)]
    pub form: CommunityForm,
}

impl CoreForm for CommunityAdd {
    const FORM: &'static Form = &forms::COMMUNITY;
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CommunityEdit {
    pub id: i64,
    #[serde(flatten)]
    pub form: CommunityForm,
}

impl CoreForm for CommunityEdit {
    const FORM: &'static Form = &forms::COMMUNITY_EDIT;
}

/// What a name already used in the city answers: the community that holds it, by name or
/// alias, with its district.
async fn refuse_taken(
    scoped: &Scoped<'_>,
    site: i64,
    names: &[String],
    except: Option<i64>,
) -> Result<(), AppError> {
    let db = scoped.unscoped();
    let mut by_alias = db
        .find::<community_alias::Entity>()
        .filter(community_alias::Column::SiteId.eq(site))
        .filter(community_alias::Column::Name.is_in(names.iter().cloned()));
    let mut by_name = db
        .find::<community::Entity>()
        .filter(community::Column::SiteId.eq(site))
        .filter(community::Column::Name.is_in(names.iter().cloned()));
    if let Some(id) = except {
        by_alias = by_alias.filter(community_alias::Column::CommunityId.ne(id));
        by_name = by_name.filter(community::Column::Id.ne(id));
    }
    let holder = match db.one(by_name).await? {
        Some(found) => Some((found.name.clone(), found)),
        None => match db.one(by_alias).await? {
            Some(alias) => db
                .one(
                    db.find::<community::Entity>()
                        .filter(community::Column::Id.eq(alias.community_id)),
                )
                .await?
                .map(|found| (alias.name, found)),
            None => None,
        },
    };
    let Some((taken, found)) = holder else {
        return Ok(());
    };
    let district = db
        .names::<district::Entity>(
            district::Column::Id,
            district::Column::Name,
            [found.district_id],
        )
        .await?;
    let holder = format!(
        "{}小区「{}」（编号{}）",
        name_of(&district, Some(found.district_id)),
        found.name,
        found.id
    );
    Err(AppError::Conflict(if taken == found.name {
        format!("同城小区名称重复：已有{holder}")
    } else {
        format!("同城小区名称重复：「{taken}」是{holder}的别名")
    }))
}

/// The checked values of a community form: district and circle of the city, numbers as
/// stored, the name spelt, and the aliases to keep.
async fn check(
    scoped: &Scoped<'_>,
    site: i64,
    form: &CommunityForm,
    except: Option<i64>,
) -> Result<(community::ActiveModel, Vec<String>), AppError> {
    let name = form.name.clone();
    let aliases =
        rules::aliases(&form.aliases, &name).map_err(|m| AppError::invalid("aliases", m))?;
    let mut names = vec![name.clone()];
    names.extend(aliases.iter().cloned());
    refuse_taken(scoped, site, &names, except)
        .await
        .map_err(form::on_field("name"))?;
    let district_id = form
        .district_id
        .ok_or_else(|| AppError::invalid("districtId", "请选择所属区域"))?;
    let in_city = scoped
        .unscoped()
        .exists(
            scoped
                .unscoped()
                .find::<district::Entity>()
                .filter(district::Column::Id.eq(district_id))
                .filter(district::Column::SiteId.eq(site)),
        )
        .await?;
    if !in_city {
        return Err(AppError::invalid("districtId", "请选择本城市的区域"));
    }
    if let Some(circle) = form.business_circle_id {
        let in_district = scoped
            .unscoped()
            .exists(
                scoped
                    .unscoped()
                    .find::<business_circle::Entity>()
                    .filter(business_circle::Column::Id.eq(circle))
                    .filter(business_circle::Column::DistrictId.eq(district_id)),
            )
            .await?;
        if !in_district {
            return Err(AppError::invalid(
                "businessCircleId",
                "请选择所属区域内的商圈",
            ));
        }
    }
    // The form's rules have bounded every value; these read what passed.
    let code = |value: Option<i64>, table: brokerdesk_core::enums::EnumTable, field, message| {
        value
            .filter(|v| table.label_of(*v).is_some())
            .map(|v| v as i16)
            .ok_or_else(|| AppError::invalid(field, message))
    };
    let number = |text: &str| {
        (!text.trim().is_empty())
            .then(|| rules::hundredths(text))
            .flatten()
    };
    // The form's rule has read them exactly; the column keeps the nearest double.
    let degrees = |text: &str| {
        let text = text.trim();
        (!text.is_empty())
            .then(|| text.parse::<f64>().ok())
            .flatten()
    };
    let spelling = rules::spell(&name);
    Ok((
        community::ActiveModel {
            district_id: Set(district_id),
            business_circle_id: Set(form.business_circle_id),
            name: Set(name),
            pinyin: Set(spelling.pinyin),
            initials: Set(spelling.initials),
            address: Set(form.address.clone()),
            property_type: Set(code(
                form.property_type,
                PROPERTY_TYPE,
                "propertyType",
                "请选择物业类型",
            )?),
            build_year: Set(form.build_year.map(|y| y as i32)),
            developer: Set(form.developer.clone()),
            property_company: Set(form.property_company.clone()),
            property_fee: Set(number(&form.property_fee)),
            plot_ratio: Set(number(&form.plot_ratio).map(|v| v as i32)),
            green_ratio: Set(number(&form.green_ratio).map(|v| v as i32)),
            lng: Set(degrees(&form.lng)),
            lat: Set(degrees(&form.lat)),
            offer_status: Set(code(
                form.offer_status,
                COMMUNITY_OFFER_STATUS,
                "offerStatus",
                "请选择在售状态",
            )?),
            updated_at: Set(Utc::now()),
            ..Default::default()
        },
        aliases,
    ))
}

/// Replaces a community's aliases with `aliases`, spelt.
async fn keep_aliases(
    on: &Scoped<'_, DatabaseTransaction>,
    row: &community::Model,
    aliases: &[String],
) -> Result<(), AppError> {
    let db = on.unscoped();
    let old = db
        .values::<community_alias::Entity, i64>(
            db.find::<community_alias::Entity>()
                .filter(community_alias::Column::CommunityId.eq(row.id)),
            community_alias::Column::Id,
        )
        .await?;
    for id in old {
        on.delete::<community_alias::Entity>(id).await?;
    }
    for alias in aliases {
        let spelling = rules::spell(alias);
        on.insert::<community_alias::Entity>(community_alias::ActiveModel {
            site_id: Set(row.site_id),
            community_id: Set(row.id),
            name: Set(alias.clone()),
            pinyin: Set(spelling.pinyin),
            initials: Set(spelling.initials),
            ..Default::default()
        })
        .await?;
    }
    Ok(())
}

/// Add a community to the caller's city. Needs `/work/house/community:add`.
#[utoipa::path(post, path = "/api/v1/fm/house/community/add", tag = "community",
    request_body = CommunityAdd, security(("token" = [])),
    responses((status = 200, description = "The new community; 10000409 names the one holding the name", body = Envelope<Community>)))]
pub async fn add(caller: Caller, AppJson(request): AppJson<CommunityAdd>) -> ApiResult<Community> {
    let scoped = caller.require(need::COMMUNITY_ADD)?;
    let request = form::checked(&request)?;
    let site = city(&scoped, request.site_id).await?;
    let (checked, aliases) = check(&scoped, site, &request.form, None).await?;
    let txn = scoped.begin().await?;
    let on = scoped.on(&txn);
    let row = on
        .insert::<community::Entity>(community::ActiveModel {
            site_id: Set(site),
            created_by: Set(Some(scoped.actor().id)),
            created_at: checked.updated_at.clone(),
            ..checked
        })
        .await?;
    keep_aliases(&on, &row, &aliases).await?;
    let view = on.record_created::<community::Entity>(&row).await?;
    txn.commit().await?;
    ok(view)
}

/// Change a community (it stays in its city). Needs `/work/house/community:edit` or the
/// detail page's 编辑.
#[utoipa::path(post, path = "/api/v1/fm/house/community/edit", tag = "community",
    request_body = CommunityEdit, security(("token" = [])),
    responses((status = 200, description = "The community as saved", body = Envelope<Community>)))]
pub async fn edit(
    caller: Caller,
    AppJson(request): AppJson<CommunityEdit>,
) -> ApiResult<Community> {
    let scoped = caller.require(need::COMMUNITY_EDIT)?;
    let request = form::checked(&request)?;
    let before = scoped.get_writable::<community::Entity>(request.id).await?;
    let (checked, aliases) = check(&scoped, before.site_id, &request.form, Some(before.id)).await?;
    let txn = scoped.begin().await?;
    let on = scoped.on(&txn);
    let old = on.view::<community::Entity>(before.clone()).await?;
    let mut row: community::ActiveModel = checked;
    row.id = Set(before.id);
    row.site_id = Set(before.site_id);
    row.created_by = Set(before.created_by);
    row.created_at = Set(before.created_at);
    let after = on.update::<community::Entity>(row).await?;
    keep_aliases(&on, &after, &aliases).await?;
    let view = on.record_changed::<community::Entity>(&old, &after).await?;
    txn.commit().await?;
    ok(view)
}

/// Delete a community without buildings. Needs `/work/house/community:delete`.
#[utoipa::path(post, path = "/api/v1/fm/house/community/delete", tag = "community",
    request_body = IdRequest, security(("token" = [])),
    responses((status = 200, description = "Deleted; 10020006 while buildings remain", body = Envelope<Empty>)))]
pub async fn delete(caller: Caller, AppJson(request): AppJson<IdRequest>) -> ApiResult<Empty> {
    let scoped = caller.require(need::COMMUNITY_DELETE)?;
    scoped.remove::<community::Entity>(request.id).await?;
    ok(Empty {})
}
