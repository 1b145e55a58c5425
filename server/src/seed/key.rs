//! The demo keys (钥匙): about a third of the private listings on the market, of both trades,
//! have a key registered by their maintainer — most kept in the store, some with the owner,
//! the property office or a code lock — with past loans returned and a few out right now, so
//! the detail pages show a key box in use. Deterministic: each key follows from its listing's
//! place in the list.

use brokerdesk_core::listing::key::{KeyStatus, KeyType};
use brokerdesk_core::listing::lifecycle::{HouseStatus, Pool};
use chrono::{Duration, Utc};
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder, Set};

use crate::entity::{listing, listing_key, listing_key_loan};

const TYPES: [KeyType; 5] = [
    KeyType::InStore,
    KeyType::InStore,
    KeyType::Owner,
    KeyType::CodeLock,
    KeyType::Property,
];
const PURPOSES: [(&str, &str); 3] = [("带看", "张先生"), ("实勘拍照", ""), ("带看", "李女士")];

pub(super) async fn write(db: &impl ConnectionTrait) -> Result<(), DbErr> {
    let active: Vec<i16> = [
        HouseStatus::Valid,
        HouseStatus::Sealed,
        HouseStatus::Deferred,
        HouseStatus::Reserved,
    ]
    .into_iter()
    .map(|status| status.code())
    .collect();
    let listings = listing::Entity::find()
        .filter(listing::Column::Pool.eq(Pool::Private.code()))
        .filter(listing::Column::Status.is_in(active))
        .filter(listing::Column::MaintainerId.is_not_null())
        .order_by_asc(listing::Column::Id)
        .all(db)
        .await?;
    let now = Utc::now();
    for (i, row) in listings.iter().enumerate().filter(|(i, _)| i % 3 == 1) {
        let turn = i / 3;
        let key_type = TYPES[turn % TYPES.len()];
        let in_store = key_type == KeyType::InStore;
        let out = in_store && turn % 4 == 0;
        let registered = now - Duration::days(20 + (turn % 10) as i64);
        let key = listing_key::Entity::insert(listing_key::ActiveModel {
            listing_id: Set(row.id),
            key_type: Set(key_type.code()),
            key_no: Set(if in_store {
                format!("A-{:03}", turn + 1)
            } else {
                String::new()
            }),
            remark: Set(match key_type {
                KeyType::CodeLock => "密码联系维护人获取".to_owned(),
                KeyType::Property => "物业前台登记后领取".to_owned(),
                _ => String::new(),
            }),
            store_id: Set(if in_store { row.store_id } else { None }),
            holder_id: Set(row.maintainer_id),
            status: Set(if out {
                KeyStatus::Lent.code()
            } else {
                KeyStatus::Kept.code()
            }),
            created_at: Set(registered),
            updated_at: Set(registered),
            ..Default::default()
        })
        .exec(db)
        .await?;
        if !in_store {
            continue;
        }
        let (purpose, customer) = PURPOSES[turn % PURPOSES.len()];
        let earlier = now - Duration::days(3 + (turn % 5) as i64);
        let mut loans = vec![listing_key_loan::ActiveModel {
            key_id: Set(key.last_insert_id),
            listing_id: Set(row.id),
            borrower_id: Set(row.maintainer_id),
            purpose: Set(purpose.to_owned()),
            customer_name: Set(customer.to_owned()),
            expected_return: Set(earlier.date_naive()),
            lent_at: Set(earlier),
            returned_at: Set(Some(earlier + Duration::hours(2))),
            returned_by: Set(row.maintainer_id),
            ..Default::default()
        }];
        if out {
            let lent = now - Duration::hours(1);
            loans.push(listing_key_loan::ActiveModel {
                key_id: Set(key.last_insert_id),
                listing_id: Set(row.id),
                borrower_id: Set(row.maintainer_id),
                purpose: Set("带看".to_owned()),
                customer_name: Set("王女士".to_owned()),
                expected_return: Set((now + Duration::days(1)).date_naive()),
                lent_at: Set(lent),
                ..Default::default()
            });
        }
        listing_key_loan::Entity::insert_many(loans)
            .exec_without_returning(db)
            .await?;
    }
    Ok(())
}
