//! 建筑类型 (/coc/config/building): the building types a city's listings may use.

use brokerdesk_core::org::fields;

use super::TAKEN;
use crate::crud::prelude::*;
use crate::entity::{building_type, city_site};

views! {
    pub struct BuildingType {
        id: i64,
        site_id: i64,
        site_name: String,
        name: String,
        sort: i32,
        remark: String,
        created_at: i64,
    }
}

bodies! {
    pub struct BuildingTypeForm {
        name: String,
        sort: number,
        remark: String = default,
    }
}

list_query!(BuildingTypeQuery for building_type {
    name: Name; site_id: SiteId
} order [Sort, Id]);

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
        let sort = fields::sort("sort", form.sort)?;
        let row = scoped
            .named::<building_type::Entity>(site, &form.name, except, TAKEN)
            .await?;
        Ok(building_type::ActiveModel {
            sort: Set(sort),
            remark: Set(form.remark.clone()),
            ..row
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
