//! 匹配 (matching), both ways: the listings (二手房 or 租房 by the customer's demand) or new-home
//! projects (demand 2) that fit a customer, and the customers a listing fits — by district,
//! price, area, layout and demand (core `customer::wish::fits`), best fits first (core
//! `customer::viewing::score`). Both read only what the caller reads: their customers and the
//! public pool, the listings of their reach. The database narrows the candidates by the wish's
//! columns (newest [`CANDIDATES`]); core decides the fit and the order. And the picker of the
//! 新增带看 dialog, fitting listings first.

use brokerdesk_core::customer::pool::CustomerStatus;
use brokerdesk_core::customer::viewing::{self, HouseTypeOffer, VIEWABLE, ViewingKind};
use brokerdesk_core::customer::wish::{Offer, ROOMS_OR_MORE, Wish};
use brokerdesk_core::listing::lifecycle::HouseStatus;
use brokerdesk_core::listing::trade::Trade;
use sea_orm::{ColumnTrait, Condition, QueryFilter, QueryOrder, QuerySelect};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::dto::CustomerRow;
use super::{holds, view};
use crate::access::{Caller, Scoped, need};
use crate::entity::{
    community, customer, district, listing, new_home_house_type, new_home_project,
};
use crate::error::{ApiResult, AppError, AppJson, Envelope, ok};
use crate::listing::{self as listings, ListingRow};
use crate::paging::{Page, PageQuery, filter_text};
use crate::shared::{Found, like, name_of};

use super::viewing::{TargetQuery, ViewingTarget};

/// How many candidates the database hands core at most, newest first.
pub const CANDIDATES: u64 = 500;
/// How many choices the picker offers.
const PICKS: usize = 20;
/// 售罄: a sold-out project is not offered.
const SOLD_OUT: i16 = 5;

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomerMatchQuery {
    pub customer_id: i64,
    #[serde(flatten)]
    pub page: PageQuery,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ListingMatchQuery {
    pub listing_id: i64,
    #[serde(flatten)]
    pub page: PageQuery,
}

/// A new-home project as matching shows it: what of it fits.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProjectOffer {
    pub id: i64,
    pub name: String,
    pub district_name: String,
    /// Core `saleStatus`.
    pub sale_status: i16,
    /// Fen per ㎡.
    pub average_price: Option<i64>,
    /// The house types that fit: `3室2厅2卫`, their areas (hundredths of a ㎡) and prices (fen).
    pub layouts: Vec<String>,
    pub area_min: i64,
    pub area_max: i64,
    pub price_min: Option<i64>,
    pub price_max: Option<i64>,
}

/// One offer that fits a customer: a listing or a project, and how well (0-100).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OfferMatch {
    pub score: i64,
    pub listing: Option<ListingRow>,
    pub project: Option<ProjectOffer>,
}

/// What fits a customer: the viewing kind their demand asks for and the offers, best first.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OfferMatches {
    /// Core `viewingKind`: 1 二手房, 2 租房, 3 新房.
    pub kind: i16,
    pub list: Vec<OfferMatch>,
    pub total: u64,
}

/// One customer a listing fits, and how well (0-100).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomerMatch {
    pub score: i64,
    pub customer: CustomerRow,
}

/// A customer's wish as core reads it.
pub fn wish_of(row: &customer::Model) -> Wish {
    Wish {
        demand: row.demand.into(),
        budget_min: row.budget_min,
        budget_max: row.budget_max,
        area_min: row.area_min,
        area_max: row.area_max,
        district_ids: row
            .district_ids
            .split(',')
            .filter_map(|id| id.trim().parse().ok())
            .collect(),
        rooms: row.rooms.map(i64::from),
    }
}

/// A listing as core's matching reads it.
pub fn offer_of(row: &listing::Model) -> Offer {
    let kind =
        Trade::from_code(row.trade.into()).map_or(ViewingKind::SecondHand, ViewingKind::of_trade);
    Offer {
        demand: kind.demand(),
        price: row.price,
        area: row.area,
        district_id: row.district_id,
        rooms: row.rooms.into(),
    }
}

/// One page of `scored` (score, then the database's newest-first order), best first.
fn page_of<T>(
    mut scored: Vec<(i64, T)>,
    page: PageQuery,
) -> Result<(Vec<(i64, T)>, u64), AppError> {
    let (index, size) = page.resolve()?;
    // A stable sort keeps the newest first among equal scores.
    scored.sort_by_key(|(score, _)| std::cmp::Reverse(*score));
    let total = scored.len() as u64;
    let list = scored
        .into_iter()
        .skip((index * size) as usize)
        .take(size as usize)
        .collect();
    Ok((list, total))
}

/// Listings of `trade` of the customer's company open to viewings, narrowed by the wish.
fn listings_for(
    scoped: &Scoped<'_>,
    row: &customer::Model,
    trade: Trade,
    wish: &Wish,
) -> sea_orm::Select<listing::Entity> {
    let mut select = scoped
        .read::<listing::Entity>()
        .filter(listing::Column::Trade.eq(trade.code()))
        .filter(listing::Column::OrganisationId.eq(row.organisation_id))
        .filter(listing::Column::Status.eq(HouseStatus::Valid.code()));
    if !wish.district_ids.is_empty() {
        select = select.filter(listing::Column::DistrictId.is_in(wish.district_ids.clone()));
    }
    for (column, min, max) in [
        (listing::Column::Price, wish.budget_min, wish.budget_max),
        (listing::Column::Area, wish.area_min, wish.area_max),
    ] {
        if let Some(min) = min {
            select = select.filter(column.gte(min));
        }
        if let Some(max) = max {
            select = select.filter(column.lte(max));
        }
    }
    match wish.rooms {
        Some(rooms) if rooms >= ROOMS_OR_MORE => {
            select.filter(listing::Column::Rooms.gte(ROOMS_OR_MORE))
        }
        Some(rooms) => select.filter(listing::Column::Rooms.eq(rooms)),
        None => select,
    }
}

/// Projects of the customer's city the caller reads (distributed to them), not sold out, with
/// their house types.
async fn projects_for(
    scoped: &Scoped<'_>,
    row: &customer::Model,
    wish: &Wish,
    keyword: Option<&str>,
) -> Result<Vec<(new_home_project::Model, Vec<HouseTypeOffer>, Vec<String>)>, AppError> {
    let mut select = scoped
        .read::<new_home_project::Entity>()
        .filter(new_home_project::Column::SiteId.eq(row.site_id))
        .filter(new_home_project::Column::SaleStatus.ne(SOLD_OUT));
    if keyword.is_none() && !wish.district_ids.is_empty() {
        select =
            select.filter(new_home_project::Column::DistrictId.is_in(wish.district_ids.clone()));
    }
    if let Some(keyword) = keyword {
        select = select.filter(crate::shared::contains(
            new_home_project::Column::Name,
            keyword,
        ));
    }
    let projects = scoped
        .all(
            select
                .order_by_desc(new_home_project::Column::CreatedAt)
                .limit(CANDIDATES),
        )
        .await?;
    let db = scoped.unscoped();
    let types = db
        .all(
            db.find::<new_home_house_type::Entity>()
                .filter(new_home_house_type::Column::ProjectId.is_in(projects.iter().map(|p| p.id)))
                .order_by_asc(new_home_house_type::Column::Sort),
        )
        .await?;
    Ok(projects
        .into_iter()
        .map(|project| {
            let own: Vec<&new_home_house_type::Model> = types
                .iter()
                .filter(|t| t.project_id == project.id)
                .collect();
            let offers = own
                .iter()
                .map(|t| HouseTypeOffer {
                    price_min: t.price_min_fen.unwrap_or(0),
                    price_max: t.price_max_fen.or(t.price_min_fen).unwrap_or(i64::MAX),
                    area_min: t.area_min,
                    area_max: t.area_max,
                    rooms: t.rooms.into(),
                })
                .collect();
            let layouts = own
                .iter()
                .map(|t| format!("{}室{}厅{}卫", t.rooms, t.halls, t.baths))
                .collect();
            (project, offers, layouts)
        })
        .collect())
}

/// The listings (二手房 or 租房, by the customer's demand) or new-home projects (demand 2) that
/// fit a customer the caller reads, best fits first. Needs `/work/crm/customer` and the page
/// of what is offered (二手房, 租房 or 新房).
#[utoipa::path(post, path = "/api/v1/fm/crm/match/listings", tag = "crm",
    request_body = CustomerMatchQuery, security(("token" = [])),
    responses((status = 200, description = "What fits the customer, best first", body = Envelope<OfferMatches>)))]
pub async fn listings(
    caller: Caller,
    AppJson(query): AppJson<CustomerMatchQuery>,
) -> ApiResult<OfferMatches> {
    let scoped = caller.require(need::CUSTOMER_LIST)?;
    let row = scoped.get::<customer::Entity>(query.customer_id).await?;
    let wish = wish_of(&row);
    let Some(kind) = ViewingKind::for_demand(wish.demand) else {
        return ok(OfferMatches {
            kind: 0,
            list: Vec::new(),
            total: 0,
        });
    };
    let Some(trade) = kind.trade() else {
        caller.require(need::NEW_HOME_LIST)?;
        let found = projects_for(&scoped, &row, &wish, None).await?;
        let db = scoped.unscoped();
        let district_names = db
            .names::<district::Entity>(
                district::Column::Id,
                district::Column::Name,
                found.iter().map(|(project, _, _)| project.district_id),
            )
            .await?;
        let mut scored = Vec::new();
        for (project, offers, layouts) in found {
            let district = Some(project.district_id);
            let score = viewing::project_score(&wish, district, &offers);
            if score == 0 {
                continue;
            }
            let fitting: Vec<usize> = (0..offers.len())
                .filter(|&i| {
                    viewing::project_fits(&wish, district, std::slice::from_ref(&offers[i]))
                })
                .collect();
            let (types, chosen) = (&offers, &fitting);
            let pick = |f: fn(&HouseTypeOffer) -> i64| chosen.iter().map(move |&i| f(&types[i]));
            scored.push((
                score,
                ProjectOffer {
                    id: project.id,
                    district_name: name_of(&district_names, district),
                    name: project.name,
                    sale_status: project.sale_status,
                    average_price: project.average_price_fen,
                    layouts: fitting.iter().map(|&i| layouts[i].clone()).collect(),
                    area_min: pick(|t| t.area_min).min().unwrap_or(0),
                    area_max: pick(|t| t.area_max).max().unwrap_or(0),
                    price_min: pick(|t| t.price_min).min().filter(|p| *p > 0),
                    price_max: pick(|t| t.price_max).max().filter(|p| *p < i64::MAX),
                },
            ));
        }
        let (list, total) = page_of(scored, query.page)?;
        return ok(OfferMatches {
            kind: kind.code(),
            list: list
                .into_iter()
                .map(|(score, project)| OfferMatch {
                    score,
                    listing: None,
                    project: Some(project),
                })
                .collect(),
            total,
        });
    };
    caller.require(listings::needs(trade).read)?;
    let candidates = scoped
        .all(
            listings_for(&scoped, &row, trade, &wish)
                .order_by_desc(listing::Column::CreatedAt)
                .order_by_desc(listing::Column::Id)
                .limit(CANDIDATES),
        )
        .await?;
    let scored: Vec<(i64, listing::Model)> = candidates
        .into_iter()
        .map(|l| (viewing::score(&wish, &offer_of(&l)), l))
        .filter(|(score, _)| *score > 0)
        .collect();
    let (page, total) = page_of(scored, query.page)?;
    let models: Vec<listing::Model> = page.iter().map(|(_, l)| l.clone()).collect();
    let rows = listings::view::rows(&scoped.unscoped(), &caller, &models).await?;
    ok(OfferMatches {
        kind: kind.code(),
        list: page
            .into_iter()
            .zip(rows)
            .map(|((score, _), listing)| OfferMatch {
                score,
                listing: Some(listing),
                project: None,
            })
            .collect(),
        total,
    })
}

/// The customers a listing the caller reads fits (valid, of its company, the caller's own and
/// the public pool or their reach), best fits first; phones as the customer rule shows them.
/// Needs `/work/crm/customer` and the listing's page.
#[utoipa::path(post, path = "/api/v1/fm/crm/match/customers", tag = "crm",
    request_body = ListingMatchQuery, security(("token" = [])),
    responses((status = 200, description = "Customers the listing fits, best first", body = Envelope<Page<CustomerMatch>>)))]
pub async fn customers(
    caller: Caller,
    AppJson(query): AppJson<ListingMatchQuery>,
) -> ApiResult<Page<CustomerMatch>> {
    let scoped = caller.require(need::CUSTOMER_LIST)?;
    let row = scoped.get::<listing::Entity>(query.listing_id).await?;
    let trade = listings::trade_of(&row)?;
    caller.require(listings::needs(trade).read)?;
    let offer = offer_of(&row);
    let either = |column: customer::Column, condition: Condition| {
        Condition::any().add(column.is_null()).add(condition)
    };
    let rooms = if offer.rooms >= ROOMS_OR_MORE {
        customer::Column::Rooms.gte(ROOMS_OR_MORE)
    } else {
        customer::Column::Rooms.eq(offer.rooms)
    };
    let mut select = scoped
        .read::<customer::Entity>()
        .filter(customer::Column::OrganisationId.eq(row.organisation_id))
        .filter(customer::Column::Status.eq(CustomerStatus::Valid.code()))
        .filter(customer::Column::Demand.eq(offer.demand))
        .filter(either(
            customer::Column::BudgetMin,
            Condition::all().add(customer::Column::BudgetMin.lte(offer.price)),
        ))
        .filter(either(
            customer::Column::BudgetMax,
            Condition::all().add(customer::Column::BudgetMax.gte(offer.price)),
        ))
        .filter(either(
            customer::Column::AreaMin,
            Condition::all().add(customer::Column::AreaMin.lte(offer.area)),
        ))
        .filter(either(
            customer::Column::AreaMax,
            Condition::all().add(customer::Column::AreaMax.gte(offer.area)),
        ))
        .filter(either(customer::Column::Rooms, Condition::all().add(rooms)));
    if let Some(district) = offer.district_id {
        select = select.filter(
            Condition::any()
                .add(customer::Column::DistrictIds.eq(""))
                .add(holds(customer::Column::DistrictIds, district)),
        );
    }
    let candidates = scoped
        .all(
            select
                .order_by_desc(customer::Column::LastActivityAt)
                .order_by_desc(customer::Column::Id)
                .limit(CANDIDATES),
        )
        .await?;
    let scored: Vec<(i64, customer::Model)> = candidates
        .into_iter()
        .map(|c| (viewing::score(&wish_of(&c), &offer), c))
        .filter(|(score, _)| *score > 0)
        .collect();
    let (page, total) = page_of(scored, query.page)?;
    let models: Vec<customer::Model> = page.iter().map(|(_, c)| c.clone()).collect();
    let rows = view::rows(&scoped.unscoped(), &caller, &models).await?;
    ok(Page {
        list: page
            .into_iter()
            .zip(rows)
            .map(|((score, _), customer)| CustomerMatch { score, customer })
            .collect(),
        total,
    })
}

/// The 新增带看 dialog's picker: listings of the customer's company open to viewings (of the kind
/// chosen, else the customer's demand) or projects distributed to the caller, found by
/// community, pinyin, initials or number, those fitting the customer first. Needs 写带看.
#[utoipa::path(post, path = "/api/v1/fm/crm/viewing/targets", tag = "crm",
    request_body = TargetQuery, security(("token" = [])),
    responses((status = 200, description = "Listings or projects to choose from", body = Envelope<Vec<ViewingTarget>>)))]
pub async fn viewing_targets(
    caller: Caller,
    AppJson(query): AppJson<TargetQuery>,
) -> ApiResult<Vec<ViewingTarget>> {
    let scoped = caller.require(need::CUSTOMER_VIEWING)?;
    let row = scoped.get::<customer::Entity>(query.customer_id).await?;
    let wish = wish_of(&row);
    let kind = query
        .kind
        .and_then(ViewingKind::from_code)
        .or_else(|| ViewingKind::for_demand(wish.demand))
        .unwrap_or(ViewingKind::SecondHand);
    let keyword = filter_text(&query.keyword);
    let mut picks: Vec<(bool, ViewingTarget)> = match kind.trade() {
        None => {
            caller.require(need::NEW_HOME_LIST)?;
            projects_for(&scoped, &row, &wish, keyword)
                .await?
                .into_iter()
                .map(|(project, offers, _)| {
                    let fits = viewing::project_fits(&wish, Some(project.district_id), &offers);
                    (
                        fits,
                        ViewingTarget {
                            id: project.id,
                            label: project.name,
                            fits,
                        },
                    )
                })
                .collect()
        }
        Some(trade) => {
            caller.require(listings::needs(trade).read)?;
            let db = scoped.unscoped();
            let mut select = scoped
                .read::<listing::Entity>()
                .filter(listing::Column::Trade.eq(trade.code()))
                .filter(listing::Column::OrganisationId.eq(row.organisation_id))
                .filter(listing::Column::Status.is_in(VIEWABLE.map(HouseStatus::code)));
            if let Some(keyword) = keyword {
                let lower = keyword.to_lowercase();
                let communities: Vec<i64> = db
                    .values(
                        db.find::<community::Entity>().filter(
                            Condition::any()
                                .add(crate::shared::contains(community::Column::Name, keyword))
                                .add(like(community::Column::Pinyin, &lower, Found::AtStart))
                                .add(like(community::Column::Initials, &lower, Found::AtStart)),
                        ),
                        community::Column::Id,
                    )
                    .await?;
                let mut any = Condition::any().add(listing::Column::CommunityId.is_in(communities));
                if let Ok(id) = keyword.parse::<i64>() {
                    any = any.add(listing::Column::Id.eq(id));
                }
                select = select.filter(any);
            }
            let found = scoped
                .all(
                    select
                        .order_by_desc(listing::Column::CreatedAt)
                        .order_by_desc(listing::Column::Id)
                        .limit(CANDIDATES),
                )
                .await?;
            let names = db
                .names::<community::Entity>(
                    community::Column::Id,
                    community::Column::Name,
                    found.iter().map(|l| l.community_id),
                )
                .await?;
            let rooms = listings::view::room_labels(&db, found.iter().map(|l| l.room_id)).await?;
            found
                .into_iter()
                .map(|l| {
                    let fits = viewing::score(&wish, &offer_of(&l)) > 0;
                    let label = format!(
                        "{} {}（{}室{}厅，编号{}）",
                        name_of(&names, Some(l.community_id)),
                        name_of(&rooms, Some(l.room_id)),
                        l.rooms,
                        l.halls,
                        l.id
                    );
                    (
                        fits,
                        ViewingTarget {
                            id: l.id,
                            label,
                            fits,
                        },
                    )
                })
                .collect()
        }
    };
    // Fitting ones first, each group in the database's newest-first order.
    picks.sort_by_key(|(fits, _)| !*fits);
    ok(picks
        .into_iter()
        .take(PICKS)
        .map(|(_, target)| target)
        .collect())
}
