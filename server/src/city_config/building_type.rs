//! 建筑类型 (/coc/config/building): the building types a city's listings may use.

use brokerdesk_core::org::fields;
use sea_orm::sea_query::ExprTrait;

use super::TAKEN;
use crate::crud::prelude::*;
use crate::entity::{building_type, city_site};

router!(list, add, edit, delete);

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

crud_routes!(building_type, "city-config";
    /// A city's building types. Needs `/coc/config/building`.
    list(need::BUILDING_TYPE_LIST, "/api/v1/fm/cityConfig/buildingType/list",
        BuildingTypeQuery -> BuildingType, "A page of building types");
    /// Add a building type to a city. Needs `/coc/config/building:add`.
    add(need::BUILDING_TYPE_ADD, "/api/v1/fm/cityConfig/buildingType/add",
        BuildingTypeAdd.site_id -> BuildingType, "The new building type");
    /// Change a building type. Needs `/coc/config/building:edit`.
    edit(need::BUILDING_TYPE_EDIT, "/api/v1/fm/cityConfig/buildingType/edit",
        BuildingTypeEdit -> BuildingType, "The building type as saved");
    /// Delete a building type. Needs `/coc/config/building:delete`.
    delete(need::BUILDING_TYPE_DELETE, "/api/v1/fm/cityConfig/buildingType/delete", "Deleted");
);
