//! The one writer of a deal's split lines, for a contract's ACN split (`deal_split`) and a
//! new-home deal's performance split (`new_home_deal_share`): the lines of the deal are replaced
//! in the caller's transaction, each placed at its person's seat — which may lie outside the
//! caller's scope (a colleague of another store), so a store reads its own people's performance —
//! or at the deal's own seat for a line naming no one (项目方分成). Lines replaced after they
//! settled leave the kept performance (`deal::performance`) first.

use brokerdesk_core::deal::split::CHOOSE_PERSON;
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set};

use super::performance;
use crate::entity::{deal_contract, deal_split, new_home_deal, new_home_deal_share, user};
use crate::error::AppError;

/// The deal the lines belong to: its id and its seat.
pub struct Owner {
    pub id: i64,
    pub site_id: i64,
    pub organisation_id: i64,
    pub store_group_id: Option<i64>,
    pub store_id: Option<i64>,
    pub department_id: Option<i64>,
}

impl From<&deal_contract::Model> for Owner {
    fn from(row: &deal_contract::Model) -> Owner {
        Owner {
            id: row.id,
            site_id: row.site_id,
            organisation_id: row.organisation_id,
            store_group_id: row.store_group_id,
            store_id: row.store_id,
            department_id: row.department_id,
        }
    }
}

impl From<&new_home_deal::Model> for Owner {
    fn from(row: &new_home_deal::Model) -> Owner {
        Owner {
            id: row.id,
            site_id: row.site_id,
            organisation_id: row.organisation_id,
            store_group_id: row.store_group_id,
            store_id: row.store_id,
            department_id: row.department_id,
        }
    }
}

/// One line as written: its role (core `DealRole`) or performance type (§3), its share in basis
/// points, its part in fen and the person it credits.
pub struct Line<'a> {
    pub code: i16,
    pub bp: i64,
    pub amount: i64,
    pub person: Option<&'a user::Model>,
}

/// Where a line sits below its company: its person's store group, store and department, or the
/// deal's own for a line naming no one.
pub struct Seat {
    pub store_group_id: Option<i64>,
    pub store_id: Option<i64>,
    pub department_id: Option<i64>,
}

impl Seat {
    fn of(line: &Line<'_>, owner: &Owner) -> Seat {
        match line.person {
            Some(person) => Seat {
                store_group_id: person.store_group_id,
                store_id: person.store_id,
                department_id: person.department_id,
            },
            None => Seat {
                store_group_id: owner.store_group_id,
                store_id: owner.store_id,
                department_id: owner.department_id,
            },
        }
    }
}

/// A table of split lines: the column naming their deal and the row of one line.
pub trait SplitTable: EntityTrait {
    /// Whose lines these are in the kept performance.
    const KIND: performance::Kind;
    fn owner_column() -> Self::Column;
    fn row(
        owner: &Owner,
        line: &Line<'_>,
        seat: Seat,
        sort: i32,
    ) -> Result<Self::ActiveModel, AppError>;
}

impl SplitTable for deal_split::Entity {
    const KIND: performance::Kind = performance::Kind::Contract;

    fn owner_column() -> deal_split::Column {
        deal_split::Column::ContractId
    }

    fn row(
        owner: &Owner,
        line: &Line<'_>,
        seat: Seat,
        _sort: i32,
    ) -> Result<deal_split::ActiveModel, AppError> {
        let person = line
            .person
            .ok_or_else(|| AppError::invalid("splits", CHOOSE_PERSON))?;
        Ok(deal_split::ActiveModel {
            site_id: Set(owner.site_id),
            organisation_id: Set(owner.organisation_id),
            store_group_id: Set(seat.store_group_id),
            store_id: Set(seat.store_id),
            department_id: Set(seat.department_id),
            user_id: Set(person.id),
            contract_id: Set(owner.id),
            role: Set(line.code),
            share_bp: Set(line.bp),
            amount: Set(line.amount),
            settled_at: Set(None),
            ..Default::default()
        })
    }
}

impl SplitTable for new_home_deal_share::Entity {
    const KIND: performance::Kind = performance::Kind::NewHome;

    fn owner_column() -> new_home_deal_share::Column {
        new_home_deal_share::Column::DealId
    }

    fn row(
        owner: &Owner,
        line: &Line<'_>,
        seat: Seat,
        sort: i32,
    ) -> Result<new_home_deal_share::ActiveModel, AppError> {
        Ok(new_home_deal_share::ActiveModel {
            site_id: Set(owner.site_id),
            deal_id: Set(owner.id),
            kind: Set(line.code),
            user_id: Set(line.person.map(|p| p.id)),
            bp: Set(line.bp),
            amount_fen: Set(line.amount),
            sort: Set(sort),
            organisation_id: Set(Some(owner.organisation_id)),
            store_group_id: Set(seat.store_group_id),
            store_id: Set(seat.store_id),
            department_id: Set(seat.department_id),
            settled_at: Set(None),
            ..Default::default()
        })
    }
}

/// Replaces the split lines of `owner` in `T` by `lines`, in their order (inside the caller's
/// transaction).
#[allow(clippy::disallowed_methods)]
pub async fn replace<T, C>(db: &C, owner: &Owner, lines: &[Line<'_>]) -> Result<(), AppError>
where
    C: ConnectionTrait,
    T: SplitTable,
    T::ActiveModel: ActiveModelTrait<Entity = T> + Send,
{
    // Lines already settled leave the kept performance with them.
    performance::remove(db, T::KIND, owner.id).await?;
    T::delete_many()
        .filter(T::owner_column().eq(owner.id))
        .exec(db)
        .await?;
    if lines.is_empty() {
        return Ok(());
    }
    let rows = lines
        .iter()
        .enumerate()
        .map(|(sort, line)| {
            T::row(
                owner,
                line,
                Seat::of(line, owner),
                i32::try_from(sort).unwrap_or_default(),
            )
        })
        .collect::<Result<Vec<_>, AppError>>()?;
    T::insert_many(rows).exec_without_returning(db).await?;
    Ok(())
}
