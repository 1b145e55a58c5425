//! 岗位 (/work/enterprise/station, /coc/hr/station): the job titles of an organisation. The
//! global position 超级管理员 belongs to the system and is neither created nor changed here.

use brokerdesk_core::org::fields;
use brokerdesk_core::permission::SUPER_ADMIN_POSITION;

use super::current_staff;
use super::store_group::OrganisationFilter;
use crate::crud::prelude::*;
use crate::entity::{organisation, position, user};
use crate::staff::seat::{may_give_position, position_rank};

views! {
    pub struct Position {
        id: i64,
        organisation_id: Option<i64>,
        organisation_name: String,
        name: String,
        sort: i32,
        staff_count: i64,
        created_at: i64,
    }

    pub struct PositionOption {
        id: i64,
        name: String,
        organisation_id: Option<i64>,
    }
}

bodies! {
    pub struct PositionForm {
        name: String,
        sort: number,
    }
}

list_query!(PositionQuery for position {
    name: Name; organisation_id: OrganisationId
} order [Sort, Id]);

add_request!(
    PositionAdd {
        /// Default: the caller's organisation.
        organisation_id
    } + PositionForm,
    forms::POSITION
);
edit_request!(PositionEdit + PositionForm, forms::POSITION);

impl Resource for position::Entity {
    const KIND: &'static str = "position";
    const IN_USE: &'static str = "该岗位下还有员工，无法删除";
    type View = Position;

    describe!(|db, row| Position { id, organisation_id, name, sort }
        named { organisation_name: organisation(organisation_id) }
        counted { staff_count: (current_staff(db), user::PositionId) }
        with { created_at: millis(row.created_at) });

    in_use_by!(
        /// Anyone holding it, departed staff included (they would silently lose it).
        user::PositionId
    );

    fn removable(row: &position::Model) -> Result<(), AppError> {
        refuse_system_position(row).map(|_| ())
    }
}

impl Formed for position::Entity {
    type Form = PositionForm;
    const WITHIN: Within = Within::Organisation;

    fn within(row: &position::Model) -> Result<i64, AppError> {
        refuse_system_position(row)
    }

    /// The name is unique in its company.
    async fn check(
        scoped: &Scoped<'_>,
        organisation_id: i64,
        form: &PositionForm,
        except: Option<i64>,
    ) -> Result<position::ActiveModel, AppError> {
        let taken = "该公司下已存在同名岗位";
        let row = scoped.named::<position::Entity>(organisation_id, &form.name, except, taken);
        let row = row.await?;
        Ok(position::ActiveModel {
            sort: Set(fields::sort("sort", form.sort)?),
            ..row
        })
    }
}

/// The system's own positions (no organisation) are not edited through these screens.
fn refuse_system_position(row: &position::Model) -> Result<i64, AppError> {
    match row.organisation_id {
        Some(id) if row.name != SUPER_ADMIN_POSITION => Ok(id),
        _ => Err(AppError::GlobalOnly),
    }
}

crud_routes!(position, "org";
    /// Positions for selects (staff and onboarding forms): those the caller may give. Needs a
    /// station, staff or onboarding page.
    fn options(query: OrganisationFilter) -> Vec<PositionOption>,
    need::POSITION_OPTIONS, "/api/v1/fm/org/position/options", "Positions", |scoped| {
        let mut select = scoped.read::<position::Entity>();
        if let Some(id) = query.organisation_id {
            select = select.filter(position::Column::OrganisationId.eq(id));
        }
        let rows = scoped
            .all(
                select
                    .order_by_asc(position::Column::Sort)
                    .order_by_asc(position::Column::Id),
            )
            .await?;
        let rank = position_rank(&scoped).await?;
        rows
            .into_iter()
            .filter(|row| may_give_position(rank, row))
            .map(|row| PositionOption {
                id: row.id,
                name: row.name,
                organisation_id: row.organisation_id,
            })
            .collect()
    };
    /// Positions the caller reads. Needs a station page.
    list(need::POSITION_LIST, "/api/v1/fm/org/position/list",
        PositionQuery -> Position, "A page of positions");
    /// Add a position. Needs a station page's `add` and a scope covering the organisation.
    add(need::POSITION_ADD, "/api/v1/fm/org/position/add",
        PositionAdd.organisation_id -> Position, "The new position");
    /// Rename or reorder a position. Needs a station page's `edit`.
    edit(need::POSITION_EDIT, "/api/v1/fm/org/position/edit",
        PositionEdit -> Position, "The position as saved");
    /// Delete a position nobody holds. Needs a station page's `delete`.
    delete(need::POSITION_DELETE, "/api/v1/fm/org/position/delete",
        "Deleted; 10020006 while staff hold it");
);
