//! Which catalogue apps are on: per city site, and per organisation where it differs from its
//! city (恢复城市设置 drops the difference).

use crate::access::Place;
use crate::crud::prelude::*;
use crate::entity::{app, app_enablement, city_site, organisation};
use crate::org::target_site;
use crate::shared::{name_of, same_or_none};

views! {
    pub struct AppEnablement {
        app_id: i64,
        app_name: String,
        app_type: i16,
        icon: String,
        description: String,
        enabled: bool,
        /// True when an organisation follows its city's setting.
        inherited: bool,
        /// True when an organisation has a setting of its own that 恢复城市设置 can drop.
        restorable: bool,
        /// Whether the caller may switch it at this level (their scope covers the company or city).
        editable: bool,
    }
}

bodies! {
    pub struct EnablementQuery {
        site_id: number,
        organisation_id: number,
    }

    /// Which app goes back to its city's setting, for which organisation (default: the caller's).
    pub struct InheritCity {
        app_id: i64,
        organisation_id: number,
    }

    pub struct SetEnabled {
        app_id: i64,
        site_id: number,
        organisation_id: number,
        enabled: bool,
    }
}

/// The city site or organisation whose settings a call is about.
struct Target {
    site: i64,
    organisation: Option<i64>,
}

impl Target {
    /// Where its settings are kept.
    fn place(&self) -> Place {
        Place {
            site: Some(self.site),
            organisation: self.organisation,
            ..Place::default()
        }
    }
}

/// Whose settings a call is about: the organisation asked for; else the caller's own
/// organisation (someone who works in a company sees and switches their company's apps, and
/// the `siteId` the SPA merges into every body does not turn that into their city's); else,
/// for callers above any organisation (city operations, the administrator), the city asked
/// for or their own.
async fn target(
    scoped: &Scoped<'_>,
    site_id: Option<i64>,
    organisation_id: Option<i64>,
) -> Result<Target, AppError> {
    if let Some(id) = organisation_id.or(scoped.actor().organisation_id) {
        let org = scoped.get::<organisation::Entity>(id).await?;
        return Ok(Target {
            site: org.site_id,
            organisation: Some(org.id),
        });
    }
    let site = target_site(scoped, site_id).await?;
    Ok(Target {
        site: site.id,
        organisation: None,
    })
}

/// Every catalogue app with its setting at the target's level.
async fn settings(scoped: &Scoped<'_>, target: &Target) -> Result<Vec<AppEnablement>, AppError> {
    let db = scoped.unscoped();
    let apps = db
        .find::<app::Entity>()
        .filter(app::Column::Enabled.eq(true))
        .order_by_asc(app::Column::Sort)
        .order_by_asc(app::Column::Id);
    let apps = db.all(apps).await?;
    let rows = scoped
        .all(
            scoped
                .read::<app_enablement::Entity>()
                .filter(app_enablement::Column::SiteId.eq(target.site)),
        )
        .await?;
    let editable = scoped.scope().covers(&target.place());
    Ok(apps
        .into_iter()
        .map(|a| {
            let of_site = rows
                .iter()
                .find(|r| r.app_id == a.id && r.organisation_id.is_none());
            let of_org = target.organisation.and_then(|org| {
                rows.iter()
                    .find(|r| r.app_id == a.id && r.organisation_id == Some(org))
            });
            let setting = of_org.or(of_site);
            AppEnablement {
                app_id: a.id,
                app_name: a.name,
                app_type: a.app_type,
                icon: a.icon,
                description: a.description,
                enabled: setting.is_some_and(|s| s.enabled),
                inherited: target.organisation.is_some() && of_org.is_none(),
                restorable: of_org.is_some(),
                editable,
            }
        })
        .collect())
}

/// The setting stored at the target's own level, if any.
async fn own_setting(
    scoped: &Scoped<'_>,
    target: &Target,
    app_id: i64,
) -> Result<Option<app_enablement::Model>, AppError> {
    let own = scoped
        .write::<app_enablement::Entity>()
        .filter(app_enablement::Column::AppId.eq(app_id))
        .filter(app_enablement::Column::SiteId.eq(target.site))
        .filter(same_or_none(
            app_enablement::Column::OrganisationId,
            target.organisation,
        ));
    scoped.one(own).await
}

/// A setting as the audit log keeps it: which app, for which company or city, by name (the
/// 操作日志 names the app and shows the level the setting is for).
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct EnablementRecord {
    pub app_id: i64,
    pub app_name: String,
    pub site_id: i64,
    pub site_name: String,
    pub organisation_id: Option<i64>,
    /// Absent for a city's own setting.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub organisation_name: Option<String>,
    pub enabled: bool,
}

impl Resource for app_enablement::Entity {
    const KIND: &'static str = "appEnablement";
    type View = EnablementRecord;

    describe!(async |db, rows| -> EnablementRecord {
        let apps = db
            .named::<app::Entity>(rows.iter().map(|r| r.app_id))
            .await?;
        let sites = db
            .named::<city_site::Entity>(rows.iter().map(|r| r.site_id))
            .await?;
        let companies = db
            .named::<organisation::Entity>(rows.iter().filter_map(|r| r.organisation_id))
            .await?;
        Ok(rows
            .into_iter()
            .map(|row| EnablementRecord {
                app_id: row.app_id,
                app_name: name_of(&apps, Some(row.app_id)),
                site_id: row.site_id,
                site_name: name_of(&sites, Some(row.site_id)),
                organisation_id: row.organisation_id,
                organisation_name: row.organisation_id.map(|id| name_of(&companies, Some(id))),
                enabled: row.enabled,
            })
            .collect())
    });
}

crud_routes!(app_enablement, "app";
    /// Which catalogue apps are on for a city site or an organisation (default: the caller's
    /// organisation, else their site). Needs an app page.
    fn enablement(query: EnablementQuery) -> Vec<AppEnablement>,
    need::APP_READ, "/api/v1/fm/app/enablement", "Apps with their setting", |scoped| {
        let target = target(&scoped, query.site_id, query.organisation_id).await?;
        settings(&scoped, &target).await?
    };
    /// Switch an app on or off for a city site or an organisation (default: as
    /// [`enablement`]). Needs an app page's `edit` and a scope covering the site or organisation.
    fn set_enabled(request: SetEnabled) -> Vec<AppEnablement>,
    need::APP_ENABLE, "/api/v1/fm/app/setEnabled", "Apps with their setting after the change", |scoped| {
        let target = target(&scoped, request.site_id, request.organisation_id).await?;
        let door = scoped.unscoped();
        door.row::<app::Entity>(request.app_id)
            .await?
            .filter(|app| app.enabled)
            .ok_or_else(|| AppError::invalid("appId", "应用不存在或已停用"))?;
        let existing = own_setting(&scoped, &target, request.app_id).await?;
        let now = Utc::now();
        match existing {
            Some(row) => {
                let changes = app_enablement::ActiveModel {
                    enabled: Set(request.enabled),
                    updated_at: Set(now),
                    ..Default::default()
                };
                scoped
                    .change::<app_enablement::Entity>(row, changes)
                    .await?
            }
            None => {
                scoped
                    .create::<app_enablement::Entity>(app_enablement::ActiveModel {
                        app_id: Set(request.app_id),
                        site_id: Set(target.site),
                        organisation_id: Set(target.organisation),
                        enabled: Set(request.enabled),
                        updated_at: Set(now),
                        ..Default::default()
                    })
                    .await?
            }
        };
        settings(&scoped, &target).await?
    };
    /// 恢复城市设置: an organisation drops its own setting of an app and follows its city's again
    /// (removed and audited like any setting). Already following it changes nothing. Needs an app
    /// page's `edit` and a scope covering the organisation.
    fn inherit_city(request: InheritCity) -> Vec<AppEnablement>,
    need::APP_ENABLE, "/api/v1/fm/app/inheritCity", "Apps with their setting after the change", |scoped| {
        let target = target(&scoped, None, request.organisation_id).await?;
        if target.organisation.is_none() {
            return Err(AppError::invalid(
                "organisationId",
                "城市的应用设置没有上级设置可恢复",
            ));
        }
        // With no row to drop the removal would check nothing: whoever may not switch the
        // company's apps is refused all the same.
        if !scoped.scope().covers(&target.place()) {
            return Err(AppError::out_of_scope());
        }
        if let Some(row) = own_setting(&scoped, &target, request.app_id).await? {
            scoped.remove::<app_enablement::Entity>(row.id).await?;
        }
        settings(&scoped, &target).await?
    };
);
