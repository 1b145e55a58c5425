//! 分销: which companies (every store of them) and which single stores of the project's city may
//! sell a project. City operations choose them; each company's and store's people then read the
//! project through the distribution rows (the scope's `shared` reach of `new_home_project`).

use std::collections::BTreeMap;

use chrono::Utc;
use sea_orm::{ColumnTrait, ConnectionTrait, QueryFilter, QueryOrder, Set};
use serde::Serialize;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::dto::*;
use crate::AppState;
use crate::access::{Caller, Placed, Scoped, need};
use crate::audit::{self, Change};
use crate::entity::{
    new_home_distribution as row_entity, new_home_project as project, organisation, store,
};
use crate::error::{ApiResult, AppError, AppJson, Envelope, ok};
use crate::shared::{IdRequest, name_of};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(targets))
        .routes(routes!(distribute))
}

/// Where a project is distributed, by company, as the caller reads the rows.
pub async fn distributed<C: ConnectionTrait>(
    scoped: &Scoped<'_, C>,
    project_id: i64,
) -> Result<Vec<Distributed>, AppError> {
    let rows = scoped
        .all(
            scoped
                .read::<row_entity::Entity>()
                .filter(row_entity::Column::ProjectId.eq(project_id))
                .order_by_asc(row_entity::Column::Id),
        )
        .await?;
    let db = scoped.unscoped();
    let companies = db
        .named::<organisation::Entity>(rows.iter().map(|r| r.organisation_id))
        .await?;
    let stores = db
        .named::<store::Entity>(rows.iter().filter_map(|r| r.store_id))
        .await?;
    let mut by_company: BTreeMap<i64, Distributed> = BTreeMap::new();
    for row in rows {
        let entry = by_company
            .entry(row.organisation_id)
            .or_insert_with(|| Distributed {
                organisation_id: row.organisation_id,
                organisation_name: name_of(&companies, Some(row.organisation_id)),
                whole: false,
                stores: Vec::new(),
            });
        match row.store_id {
            None => entry.whole = true,
            Some(id) => entry.stores.push(Named {
                id,
                name: name_of(&stores, Some(id)),
            }),
        }
    }
    Ok(by_company.into_values().collect())
}

/// The companies and stores of the project's city, each marked when chosen. Needs
/// `/coc/newHouse:distribute`.
#[utoipa::path(post, path = "/api/v1/fm/house/newHouse/distribution", tag = "new-home",
    request_body = IdRequest, security(("token" = [])),
    responses((status = 200, description = "Companies with their stores", body = Envelope<Vec<DistributionTarget>>)))]
pub async fn targets(
    caller: Caller,
    AppJson(request): AppJson<IdRequest>,
) -> ApiResult<Vec<DistributionTarget>> {
    let scoped = caller.require(need::NEW_HOME_DISTRIBUTE)?;
    let project = scoped.get_writable::<project::Entity>(request.id).await?;
    let chosen = distributed(&scoped, project.id).await?;
    let companies = scoped
        .all(
            scoped
                .read::<organisation::Entity>()
                .filter(organisation::Column::SiteId.eq(project.site_id))
                .order_by_asc(organisation::Column::Id),
        )
        .await?;
    let stores = scoped
        .all(
            scoped
                .read::<store::Entity>()
                .filter(store::Column::SiteId.eq(project.site_id))
                .order_by_asc(store::Column::Id),
        )
        .await?;
    ok(companies
        .into_iter()
        .map(|company| {
            let mine = chosen.iter().find(|d| d.organisation_id == company.id);
            DistributionTarget {
                chosen: mine.is_some_and(|d| d.whole),
                stores: stores
                    .iter()
                    .filter(|s| s.organisation_id == company.id)
                    .map(|s| DistributionStore {
                        id: s.id,
                        name: s.name.clone(),
                        chosen: mine.is_some_and(|d| d.stores.iter().any(|c| c.id == s.id)),
                    })
                    .collect(),
                id: company.id,
                name: company.name,
            }
        })
        .collect())
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Snapshot<'a> {
    name: &'a str,
    distribution: &'a [Distributed],
}

/// Distribute a project to whole companies and to single stores of its city; what was
/// distributed before and is not named any more is withdrawn. A store of a company chosen whole
/// is covered by it. Needs `/coc/newHouse:distribute`.
#[utoipa::path(post, path = "/api/v1/fm/house/newHouse/distribute", tag = "new-home",
    request_body = DistributeRequest, security(("token" = [])),
    responses((status = 200, description = "Where it is distributed now", body = Envelope<Vec<Distributed>>)))]
pub async fn distribute(
    caller: Caller,
    AppJson(request): AppJson<DistributeRequest>,
) -> ApiResult<Vec<Distributed>> {
    let scoped = caller.require(need::NEW_HOME_DISTRIBUTE)?;
    let project = scoped.get_writable::<project::Entity>(request.id).await?;
    let db = scoped.unscoped();
    let mut whole = request.organisation_ids.clone();
    whole.sort_unstable();
    whole.dedup();
    let companies = db
        .all(
            db.find::<organisation::Entity>()
                .filter(organisation::Column::Id.is_in(whole.clone()))
                .filter(organisation::Column::SiteId.eq(project.site_id)),
        )
        .await?;
    if companies.len() != whole.len() {
        return Err(AppError::invalid(
            "organisationIds",
            "只能分销给本城市的公司",
        ));
    }
    let mut store_ids = request.store_ids.clone();
    store_ids.sort_unstable();
    store_ids.dedup();
    let stores = db
        .all(
            db.find::<store::Entity>()
                .filter(store::Column::Id.is_in(store_ids.clone()))
                .filter(store::Column::SiteId.eq(project.site_id)),
        )
        .await?;
    if stores.len() != store_ids.len() {
        return Err(AppError::invalid("storeIds", "只能分销给本城市的门店"));
    }
    let before = distributed(&scoped, project.id).await?;
    let txn = scoped.begin().await?;
    let on = scoped.on(&txn);
    let old_ids = on
        .unscoped()
        .values::<row_entity::Entity, i64>(
            on.unscoped()
                .find::<row_entity::Entity>()
                .filter(row_entity::Column::ProjectId.eq(project.id)),
            row_entity::Column::Id,
        )
        .await?;
    for id in old_ids {
        on.delete::<row_entity::Entity>(id).await?;
    }
    let now = Utc::now();
    let rows = whole.iter().map(|company| (*company, None)).chain(
        stores
            .iter()
            .filter(|s| !whole.contains(&s.organisation_id))
            .map(|s| (s.organisation_id, Some(s.id))),
    );
    for (organisation_id, store_id) in rows {
        on.insert::<row_entity::Entity>(row_entity::ActiveModel {
            site_id: Set(project.site_id),
            project_id: Set(project.id),
            organisation_id: Set(organisation_id),
            store_id: Set(store_id),
            created_at: Set(now),
            ..Default::default()
        })
        .await?;
    }
    let after = distributed(&on, project.id).await?;
    let change = Change::updated(
        "newHomeDistribution",
        project.id,
        &Snapshot {
            name: &project.name,
            distribution: &before,
        },
        &Snapshot {
            name: &project.name,
            distribution: &after,
        },
        project::Entity::place(&project),
    );
    audit::record(on.transaction(), scoped.actor(), change).await?;
    txn.commit().await?;
    ok(after)
}
