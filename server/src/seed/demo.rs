//! Writes the demo brokerage of `demo_data.rs`: city sites, organisations, stores, departments,
//! positions, roles bound to the default menu tree, users, apps and reference data.

use std::collections::HashMap;

use brokerdesk_core::org::staff_status::WorkingStatus;
use chrono::Utc;
use sea_orm::{ActiveModelTrait, ConnectionTrait, DbErr, EntityTrait, Set};

use super::demo_data::*;
use super::menus::{StoredMenu, bind_role, insert_menu_tree};
use crate::entity::{
    app, app_enablement, building_type, business_circle, city_site, department, dictionary,
    district, listing_role, organisation, position, role, store, store_group, user, user_role,
    user_site,
};

/// Ids of the rows written so far, by name.
#[derive(Default)]
struct Ids {
    sites: HashMap<&'static str, i64>,
    organisations: HashMap<&'static str, i64>,
    groups: HashMap<&'static str, i64>,
    stores: HashMap<&'static str, store::Model>,
    departments: HashMap<&'static str, i64>,
    /// By `(name, organisation)`.
    positions: HashMap<(&'static str, Option<&'static str>), i64>,
    roles: HashMap<&'static str, i64>,
}

/// Writes the whole demo brokerage; `password_hash` is every demo account's.
pub(super) async fn write(db: &impl ConnectionTrait, password_hash: &str) -> Result<(), DbErr> {
    let mut ids = Ids::default();
    organisation_tree(db, &mut ids).await?;
    let menus = insert_menu_tree(db).await?;
    roles(db, &mut ids, &menus).await?;
    users(db, &ids, password_hash).await?;
    apps(db, &ids).await?;
    super::knowledge::write(db).await?;
    reference_data(db, &ids).await?;
    super::community::write(db, &ids.sites).await?;
    super::new_home::write(db).await?;
    super::report::write(db).await?;
    let dictionary = super::listing::Dictionary::load(db).await?;
    super::listing::write(db, &dictionary).await?;
    super::rental::write(db, &dictionary).await?;
    super::key::write(db).await?;
    super::lead::write(db).await?;
    super::customer::write(db).await?;
    super::viewing::write(db).await?;
    super::lead::write_converted(db).await?;
    super::deal::write(db).await?;
    super::new_home_deal::write(db).await
}

async fn organisation_tree(db: &impl ConnectionTrait, ids: &mut Ids) -> Result<(), DbErr> {
    let now = Utc::now();
    for (sort, (name, code)) in SITES.into_iter().enumerate() {
        let site = city_site::ActiveModel {
            name: Set(name.into()),
            code: Set(code.into()),
            sort: Set(sort as i32),
            enabled: Set(true),
            created_at: Set(now),
            ..Default::default()
        }
        .insert(db)
        .await?;
        ids.sites.insert(name, site.id);
    }
    for org in &ORGANISATIONS {
        let row = organisation::ActiveModel {
            site_id: Set(ids.sites[org.site]),
            name: Set(org.name.into()),
            scope: Set(org.scope),
            contact_name: Set(org.contact_name.into()),
            contact_mobile: Set(Some(org.contact_mobile.into())),
            address: Set(org.address.into()),
            enabled: Set(true),
            created_at: Set(now),
            ..Default::default()
        }
        .insert(db)
        .await?;
        ids.organisations.insert(org.name, row.id);
    }
    let site_of = |organisation: &str| {
        ORGANISATIONS
            .iter()
            .find(|o| o.name == organisation)
            .map(|o| o.site)
            .unwrap_or_default()
    };
    for (name, org) in STORE_GROUPS {
        let row = store_group::ActiveModel {
            organisation_id: Set(ids.organisations[org]),
            site_id: Set(Some(ids.sites[site_of(org)])),
            name: Set(name.into()),
            created_at: Set(now),
            ..Default::default()
        }
        .insert(db)
        .await?;
        ids.groups.insert(name, row.id);
    }
    for (name, org, group, address) in STORES {
        let row = store::ActiveModel {
            organisation_id: Set(ids.organisations[org]),
            store_group_id: Set(group.map(|g| ids.groups[g])),
            site_id: Set(ids.sites[site_of(org)]),
            name: Set(name.into()),
            address: Set(address.into()),
            created_at: Set(now),
            ..Default::default()
        }
        .insert(db)
        .await?;
        ids.stores.insert(name, row);
    }
    for (sort, (name, org, in_store, parent)) in DEPARTMENTS.into_iter().enumerate() {
        let shop = in_store.map(|s| &ids.stores[s]);
        let row = department::ActiveModel {
            site_id: Set(ids.sites[site_of(org)]),
            organisation_id: Set(ids.organisations[org]),
            store_group_id: Set(shop.and_then(|s| s.store_group_id)),
            store_id: Set(shop.map(|s| s.id)),
            parent_id: Set(parent.map(|p| ids.departments[p])),
            name: Set(name.into()),
            sort: Set(sort as i32),
            created_at: Set(now),
            ..Default::default()
        }
        .insert(db)
        .await?;
        ids.departments.insert(name, row.id);
    }
    for (sort, (name, org)) in POSITIONS.into_iter().enumerate() {
        let row = position::ActiveModel {
            organisation_id: Set(org.map(|o| ids.organisations[o])),
            site_id: Set(org.map(|o| ids.sites[site_of(o)])),
            name: Set(name.into()),
            sort: Set(sort as i32),
            created_at: Set(now),
            ..Default::default()
        }
        .insert(db)
        .await?;
        ids.positions.insert((name, org), row.id);
    }
    Ok(())
}

async fn roles(
    db: &impl ConnectionTrait,
    ids: &mut Ids,
    menus: &[StoredMenu],
) -> Result<(), DbErr> {
    for seed in &ROLES {
        let organisation_id = seed.organisation.map(|o| ids.organisations[o]);
        let site_id = seed.organisation.map(|o| {
            let site = ORGANISATIONS
                .iter()
                .find(|org| org.name == o)
                .map(|org| org.site)
                .unwrap_or_default();
            ids.sites[site]
        });
        let row = role::ActiveModel {
            code: Set(seed.code.into()),
            name: Set(seed.name.into()),
            data_scope: Set(seed.data_scope.code().into()),
            organisation_id: Set(organisation_id),
            site_id: Set(site_id),
            store_id: Set(None),
            remark: Set(String::new()),
            created_at: Set(Utc::now()),
            ..Default::default()
        }
        .insert(db)
        .await?;
        bind_role(db, row.id, menus, seed.grant).await?;
        ids.roles.insert(seed.code, row.id);
    }
    Ok(())
}

async fn users(db: &impl ConnectionTrait, ids: &Ids, password_hash: &str) -> Result<(), DbErr> {
    let now = Utc::now();
    for demo in &DEMO_USERS {
        let shop = demo.store.map(|s| &ids.stores[s]);
        let account = user::ActiveModel {
            username: Set(demo.username.into()),
            password_hash: Set(password_hash.to_owned()),
            real_name: Set(demo.real_name.into()),
            user_code: Set(demo.user_code.into()),
            mobile: Set(Some(demo.mobile.into())),
            position_id: Set(Some(ids.positions[&(demo.position, demo.organisation)])),
            store_id: Set(shop.map(|s| s.id)),
            store_group_id: Set(shop.and_then(|s| s.store_group_id)),
            organisation_id: Set(demo.organisation.map(|o| ids.organisations[o])),
            // The super administrator belongs to no city: no city's operators manage them.
            site_id: Set((demo.role_code != "admin").then(|| ids.sites[demo.site])),
            department_id: Set(demo.department.map(|d| ids.departments[d])),
            working_status: Set(WorkingStatus::Formal.into()),
            locked: Set(false),
            failed_logins: Set(0),
            locked_until: Set(None),
            sex: Set(0),
            entry_date: Set(Some(now.date_naive())),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        }
        .insert(db)
        .await?;
        user_role::Entity::insert(user_role::ActiveModel {
            user_id: Set(account.id),
            role_id: Set(ids.roles[demo.role_code]),
        })
        .exec_without_returning(db)
        .await?;
        // The super administrator may switch to every city; everyone else works in one.
        let sites: Vec<i64> = if demo.role_code == "admin" {
            SITES.iter().map(|(name, _)| ids.sites[name]).collect()
        } else {
            vec![ids.sites[demo.site]]
        };
        for site_id in sites {
            user_site::Entity::insert(user_site::ActiveModel {
                user_id: Set(account.id),
                site_id: Set(site_id),
            })
            .exec_without_returning(db)
            .await?;
        }
    }
    Ok(())
}

async fn apps(db: &impl ConnectionTrait, ids: &Ids) -> Result<(), DbErr> {
    let now = Utc::now();
    for (sort, (code, name, app_type, icon, description)) in APPS.into_iter().enumerate() {
        let row = app::ActiveModel {
            code: Set(code.into()),
            name: Set(name.into()),
            app_type: Set(app_type),
            icon: Set(icon.into()),
            description: Set(description.into()),
            sort: Set(sort as i32),
            enabled: Set(true),
            created_at: Set(now),
            ..Default::default()
        }
        .insert(db)
        .await?;
        // Cities run the first four; 安居经纪 adds the dashboard for itself.
        let mut settings = Vec::new();
        if app_type <= 4 {
            settings.push((ids.sites["杭州"], None));
            settings.push((ids.sites["宁波"], None));
        }
        if app_type == 5 {
            settings.push((ids.sites["杭州"], Some(ids.organisations["安居经纪"])));
        }
        for (site_id, organisation_id) in settings {
            app_enablement::ActiveModel {
                app_id: Set(row.id),
                site_id: Set(site_id),
                organisation_id: Set(organisation_id),
                enabled: Set(true),
                updated_at: Set(now),
                ..Default::default()
            }
            .insert(db)
            .await?;
        }
    }
    Ok(())
}

async fn reference_data(db: &impl ConnectionTrait, ids: &Ids) -> Result<(), DbErr> {
    let now = Utc::now();
    for (org, key, label, value_type, value, remark) in DICTIONARY {
        let site = ORGANISATIONS
            .iter()
            .find(|o| o.name == org)
            .map(|o| o.site)
            .unwrap_or_default();
        dictionary::ActiveModel {
            site_id: Set(ids.sites[site]),
            organisation_id: Set(ids.organisations[org]),
            dict_key: Set(key.into()),
            label: Set(label.into()),
            value_type: Set(value_type.into()),
            value: Set(value.into()),
            remark: Set(remark.into()),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        }
        .insert(db)
        .await?;
    }
    for (sort, (site, name, ratio)) in LISTING_ROLES.into_iter().enumerate() {
        listing_role::ActiveModel {
            site_id: Set(ids.sites[site]),
            name: Set(name.into()),
            ratio: Set(ratio),
            sort: Set(sort as i32),
            remark: Set(String::new()),
            created_at: Set(now),
            ..Default::default()
        }
        .insert(db)
        .await?;
    }
    for (sort, (site, name, circles)) in DISTRICTS.into_iter().enumerate() {
        let row = district::ActiveModel {
            site_id: Set(ids.sites[site]),
            name: Set(name.into()),
            sort: Set(sort as i32),
            created_at: Set(now),
            ..Default::default()
        }
        .insert(db)
        .await?;
        for (circle_sort, circle) in circles.iter().enumerate() {
            business_circle::ActiveModel {
                site_id: Set(ids.sites[site]),
                district_id: Set(row.id),
                name: Set((*circle).into()),
                sort: Set(circle_sort as i32),
                created_at: Set(now),
                ..Default::default()
            }
            .insert(db)
            .await?;
        }
    }
    for (sort, (site, name)) in BUILDING_TYPES.into_iter().enumerate() {
        building_type::ActiveModel {
            site_id: Set(ids.sites[site]),
            name: Set(name.into()),
            sort: Set(sort as i32),
            remark: Set(String::new()),
            created_at: Set(now),
            ..Default::default()
        }
        .insert(db)
        .await?;
    }
    Ok(())
}

/// The demo logins, as `main` prints them.
pub fn demo_logins() -> String {
    let mut text = format!("演示账号（密码均为 {DEMO_PASSWORD}）：\n");
    for demo in &DEMO_USERS {
        text.push_str(&format!(
            "  {:<8} {} {:<6} → {}\n",
            demo.username, demo.real_name, demo.position, demo.workspace
        ));
    }
    text
}
