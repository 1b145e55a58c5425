//! 区域商圈 (/coc/config/areas): a city's districts and the business circles inside them.

use brokerdesk_core::org::fields;

use super::TAKEN;
use crate::crud::prelude::*;
use crate::entity::{business_circle, district};
use crate::org::target_site;
use crate::resource::new_row;

views! {
    pub struct BusinessCircle {
        id: i64,
        district_id: i64,
        name: String,
        sort: i32,
    }

    pub struct District {
        id: i64,
        site_id: i64,
        name: String,
        sort: i32,
        circles: Vec<BusinessCircle>,
    }
}

bodies! {
    pub struct SiteFilter {
        /// Default: the caller's city site.
        site_id: number,
    }

    pub struct AreaForm {
        name: String,
        sort: number,
    }

    pub struct CircleAdd: forms::CIRCLE {
        district_id: i64,
        #[serde(flatten)]
        form: AreaForm,
    }

    pub struct NameEdit {
        id: i64,
        #[serde(flatten)]
        form: AreaForm,
    }
}

add_request!(DistrictAdd { site_id } + AreaForm, forms::DISTRICT);

impl Resource for district::Entity {
    const KIND: &'static str = "district";
    /// Said when the database's key refuses: business circles and communities refer to their
    /// district.
    const IN_USE: &'static str = "该区域下还有商圈或小区，无法删除";
    type View = District;

    describe!(async |db, rows| -> District {
        let circles = db
            .all(
                db.find::<business_circle::Entity>()
                    .filter(business_circle::Column::DistrictId.is_in(rows.iter().map(|r| r.id)))
                    .order_by_asc(business_circle::Column::Sort)
                    .order_by_asc(business_circle::Column::Id),
            )
            .await?;
        let circles = business_circle::Entity::describe(db, circles).await?;
        Ok(rows
            .into_iter()
            .map(|row| District {
                circles: circles
                    .iter()
                    .filter(|circle| circle.district_id == row.id)
                    .cloned()
                    .collect(),
                id: row.id,
                site_id: row.site_id,
                name: row.name,
                sort: row.sort,
            })
            .collect())
    });
}

impl Resource for business_circle::Entity {
    const KIND: &'static str = "businessCircle";
    /// Said when the database's key refuses: communities refer to their business circle.
    const IN_USE: &'static str = "该商圈下还有小区，无法删除";
    type View = BusinessCircle;

    describe!(|_, row| BusinessCircle {
        id,
        district_id,
        name,
        sort
    });
}

formed!(
    district,
    AreaForm,
    Site,
    async |scoped, site, form, except| {
        // The name is unique in its city.
        let row = scoped
            .named::<district::Entity>(site, &form.name, except, TAKEN)
            .await?;
        Ok(district::ActiveModel {
            sort: Set(fields::sort("sort", form.sort)?),
            ..row
        })
    }
);

/// Business circles are kept within their district.
impl Formed for business_circle::Entity {
    type Form = AreaForm;
    const WITHIN: Within = Within::Site;

    /// In the district asked for, which the caller must be able to change.
    async fn place_new(
        scoped: &Scoped<'_>,
        district: Option<i64>,
    ) -> Result<(i64, business_circle::ActiveModel), AppError> {
        let district = district.ok_or(AppError::NotFound)?;
        let parent = scoped.get_writable::<district::Entity>(district).await?;
        let mut row = new_row::<Self>(Some(parent.site_id), None);
        row.district_id = Set(parent.id);
        Ok((parent.id, row))
    }

    fn within(row: &business_circle::Model) -> Result<i64, AppError> {
        Ok(row.district_id)
    }

    fn within_column() -> Option<business_circle::Column> {
        Some(business_circle::Column::DistrictId)
    }

    /// The name is unique in its district.
    async fn check(
        scoped: &Scoped<'_>,
        district_id: i64,
        form: &AreaForm,
        except: Option<i64>,
    ) -> Result<business_circle::ActiveModel, AppError> {
        let row = scoped
            .named::<business_circle::Entity>(district_id, &form.name, except, TAKEN)
            .await?;
        Ok(business_circle::ActiveModel {
            sort: Set(fields::sort("sort", form.sort)?),
            ..row
        })
    }
}

crud_routes!(district, "city-config";
    /// A city's districts with their business circles (default: the caller's city). Needs
    /// `/coc/config/areas` or a new-home page, which filter and place projects by them.
    fn tree(query: SiteFilter) -> Vec<District>,
    need::AREA_READ, "/api/v1/fm/cityConfig/district/tree", "Districts with circles",
    |scoped| {
        let site = target_site(&scoped, query.site_id).await?;
        let rows = scoped
            .all(
                scoped
                    .read::<district::Entity>()
                    .filter(district::Column::SiteId.eq(site.id))
                    .order_by_asc(district::Column::Sort)
                    .order_by_asc(district::Column::Id),
            )
            .await?;
        district::Entity::describe(&scoped.unscoped(), rows).await?
    };
    /// Add a district to a city. Needs `/coc/config/areas:add`.
    add_district = add<district>(need::AREA_ADD, "/api/v1/fm/cityConfig/district/add",
        DistrictAdd.site_id -> District, "The new district");
    /// Rename or reorder a district. Needs `/coc/config/areas:edit`.
    edit_district = edit<district>(need::AREA_EDIT, "/api/v1/fm/cityConfig/district/edit",
        NameEdit(forms::DISTRICT) -> District, "The district as saved");
    /// Delete a district without business circles. Needs `/coc/config/areas:delete`.
    delete_district = delete<district>(need::AREA_DELETE,
        "/api/v1/fm/cityConfig/district/delete", "Deleted; 10020006 while circles remain");
    /// Add a business circle to a district. Needs `/coc/config/areas:add`.
    add_circle = add<business_circle>(need::AREA_ADD,
        "/api/v1/fm/cityConfig/businessCircle/add",
        CircleAdd.district_id -> BusinessCircle, "The new business circle");
    /// Rename or reorder a business circle. Needs `/coc/config/areas:edit`.
    edit_circle = edit<business_circle>(need::AREA_EDIT,
        "/api/v1/fm/cityConfig/businessCircle/edit",
        NameEdit(forms::CIRCLE) -> BusinessCircle, "The business circle as saved");
    /// Delete a business circle. Needs `/coc/config/areas:delete`.
    delete_circle = delete<business_circle>(need::AREA_DELETE,
        "/api/v1/fm/cityConfig/businessCircle/delete", "Deleted");
);
