//! 建筑类型 (/coc/config/building): the building types a city's listings may use.

use brokerdesk_core::forms::{self};
use brokerdesk_core::org::fields;
use sea_orm::sea_query::ExprTrait;
use sea_orm::{ColumnTrait, Set};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::TAKEN;
use crate::AppState;
use crate::access::need;
use crate::crud::{
    add_request, add_route, delete_route, describe, edit_request, edit_route, formed, list_query,
    list_route,
};
use crate::entity::{building_type, city_site};
use crate::error::{Empty, Envelope};
use crate::form;
use crate::paging::{Page, lenient_number};
use crate::resource::Resource;
use crate::shared::{IdRequest, millis};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(add))
        .routes(routes!(edit))
        .routes(routes!(delete))
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BuildingType {
    pub id: i64,
    pub site_id: i64,
    pub site_name: String,
    pub name: String,
    pub sort: i32,
    pub remark: String,
    pub created_at: i64,
}

list_query!(BuildingTypeQuery for building_type {
    name: Name; site_id: SiteId
} order [Sort, Id]);

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BuildingTypeForm {
    pub name: String,
    #[serde(default, deserialize_with = "lenient_number")]
    pub sort: Option<i64>,
    #[serde(default)]
    pub remark: String,
}

add_request!(
    BuildingTypeAdd { site_id } + BuildingTypeForm,
    forms::BUILDING_TYPE
);
edit_request!(BuildingTypeEdit + BuildingTypeForm, forms::BUILDING_TYPE);

impl Resource for building_type::Entity {
    const KIND: &'static str = "buildingType";
    type View = BuildingType;

    describe!(|db, row| BuildingType { id, site_id, name, sort, remark }
        named { site_name: city_site(site_id) }
        with { created_at: millis(row.created_at) });
}

formed!(
    building_type,
    BuildingTypeForm,
    Site,
    async |scoped, site, form, except| {
        let name = form.name.clone();
        let sort = fields::sort("sort", form.sort)?;
        let remark = form.remark.clone();
        let same = building_type::Column::SiteId
            .eq(site)
            .and(building_type::Column::Name.eq(&name));
        scoped
            .unscoped()
            .refuse_duplicate::<building_type::Entity>(same, except, TAKEN)
            .await
            .map_err(form::on_field("name"))?;
        Ok(building_type::ActiveModel {
            name: Set(name),
            sort: Set(sort),
            remark: Set(remark),
            ..Default::default()
        })
    }
);

list_route!(
    /// A city's building types. Needs `/coc/config/building`.
    need::BUILDING_TYPE_LIST, "/api/v1/fm/cityConfig/buildingType/list", "city-config",
    BuildingTypeQuery -> BuildingType, "A page of building types"
);

add_route!(
    /// Add a building type to a city. Needs `/coc/config/building:add`.
    building_type, need::BUILDING_TYPE_ADD, "/api/v1/fm/cityConfig/buildingType/add", "city-config",
    BuildingTypeAdd.site_id -> BuildingType, "The new building type"
);

edit_route!(
    /// Change a building type. Needs `/coc/config/building:edit`.
    building_type, need::BUILDING_TYPE_EDIT, "/api/v1/fm/cityConfig/buildingType/edit", "city-config",
    BuildingTypeEdit -> BuildingType, "The building type as saved"
);

delete_route!(
    /// Delete a building type. Needs `/coc/config/building:delete`.
    building_type, need::BUILDING_TYPE_DELETE, "/api/v1/fm/cityConfig/buildingType/delete", "city-config",
    "Deleted"
);
