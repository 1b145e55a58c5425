//! The second-hand and rental lists filter price (or rent) and area only by core's §9 ranges,
//! given by index (`core::listing::filter::bounds`); at a million listings SQLite's total still
//! visited the whole price range in the filtered-list index (55,471 entries for 7,603 matches,
//! 41–49 ms p95, issue 9's goal is 30), because two ranges cannot both be index keys. Here, on
//! SQLite, each listing keeps the index of its range, its band (`core::listing::filter::band`),
//! in columns the database keeps itself, so every writer (the server, the demo seed, the bench's
//! SQL) fills them unchanged:
//!
//! - `price_band`: the band of `price` among the price ranges for a sale, the rent ranges for a
//!   lease; `area_band`: among the area ranges. NULL for a value in no range (§9 has no 40-60万)
//!   or a trade core does not know.
//! - SQLite: plain columns kept by triggers on `listing` (after an insert, and after an update
//!   of `trade`, `price` or `area`), filled here, and `idx_listing_band_list`
//!   `(trade, district_id, status, price_band, area_band, created_at, id, …scope)`: the count
//!   reads exactly its matches from the index alone, the page walks them newest first and
//!   stops. Not generated columns: SQLite counts a reference to a generated column as a use of
//!   every column of the table, so no index of it is ever covering (`EXPLAIN QUERY PLAN` showed
//!   `USING INDEX`, a row looked up per match, where a plain column gives `USING COVERING INDEX`).
//! - PostgreSQL: nothing. Its list keeps filtering by the value ranges on m0038's indexes
//!   (21–24 ms p95, met). Adding the columns there (`GENERATED … STORED`) would rewrite the
//!   table, and a rewritten table has no page marked all-visible until the next VACUUM, so
//!   m0038's index-only scans would read the heap for every entry meanwhile: worse plans for
//!   columns its list does not read.
//!
//! The expressions are written out here, as core's tables read when this step was written: a
//! released step never changes. If core's ranges change, the test below fails: a new step then
//! redefines the columns.

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::{ConnectionTrait, DbBackend};

#[derive(DeriveMigrationName)]
pub struct Migration;

/// `price_band`: the sale's price ranges in fen (40万以下, [40-60万 none], 60-80万, 80-100万,
/// 100-150万, 150-200万, 200-300万, 300万以上), the lease's rent ranges in fen (1000元以下,
/// 1000-2000元, 2000-3000元, 3000-5000元, 5000-8000元, 8000-12000元, 12000元以上).
pub const PRICE_BAND: &str = "CASE trade \
     WHEN 1 THEN CASE \
     WHEN price < 40000000 THEN 0 \
     WHEN price >= 60000000 AND price < 80000000 THEN 1 \
     WHEN price >= 80000000 AND price < 100000000 THEN 2 \
     WHEN price >= 100000000 AND price < 150000000 THEN 3 \
     WHEN price >= 150000000 AND price < 200000000 THEN 4 \
     WHEN price >= 200000000 AND price < 300000000 THEN 5 \
     WHEN price >= 300000000 THEN 6 END \
     WHEN 2 THEN CASE \
     WHEN price < 100000 THEN 0 \
     WHEN price >= 100000 AND price < 200000 THEN 1 \
     WHEN price >= 200000 AND price < 300000 THEN 2 \
     WHEN price >= 300000 AND price < 500000 THEN 3 \
     WHEN price >= 500000 AND price < 800000 THEN 4 \
     WHEN price >= 800000 AND price < 1200000 THEN 5 \
     WHEN price >= 1200000 THEN 6 END \
     END";

/// `area_band`: the area ranges in hundredths of a ㎡ (50㎡以下, 50-70, 70-90, 90-110, 110-130,
/// 130-150, 150-200, 200㎡以上), the same for both trades.
pub const AREA_BAND: &str = "CASE WHEN trade IN (1, 2) THEN CASE \
     WHEN area < 5000 THEN 0 \
     WHEN area >= 5000 AND area < 7000 THEN 1 \
     WHEN area >= 7000 AND area < 9000 THEN 2 \
     WHEN area >= 9000 AND area < 11000 THEN 3 \
     WHEN area >= 11000 AND area < 13000 THEN 4 \
     WHEN area >= 13000 AND area < 15000 THEN 5 \
     WHEN area >= 15000 AND area < 20000 THEN 6 \
     WHEN area >= 20000 THEN 7 END \
     END";

pub const BAND_LIST: &str = "idx_listing_band_list";

const BAND_LIST_COLUMNS: &str = "trade, district_id, status, price_band, area_band, created_at, \
     id, site_id, organisation_id, store_group_id, store_id, department_id, maintainer_id";

/// The statement that sets the bands of the listing `id` from its own columns (SQLite).
fn set_bands(which: &str) -> String {
    format!("UPDATE listing SET price_band = ({PRICE_BAND}), area_band = ({AREA_BAND}){which}")
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        if manager.get_database_backend() != DbBackend::Sqlite {
            return Ok(());
        }
        for column in ["price_band", "area_band"] {
            db.execute_unprepared(&format!("ALTER TABLE listing ADD COLUMN {column} INTEGER"))
                .await?;
        }
        db.execute_unprepared(&set_bands("")).await?;
        let this_row = " WHERE id = NEW.id";
        for statement in [
            format!(
                "CREATE TRIGGER listing_bands_in AFTER INSERT ON listing BEGIN {}; END",
                set_bands(this_row)
            ),
            format!(
                "CREATE TRIGGER listing_bands_moved AFTER UPDATE OF trade, price, area ON listing \
                 BEGIN {}; END",
                set_bands(this_row)
            ),
            format!("CREATE INDEX {BAND_LIST} ON listing ({BAND_LIST_COLUMNS})"),
        ] {
            db.execute_unprepared(&statement).await?;
        }
        Ok(())
    }

    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }
}

#[cfg(test)]
mod tests {
    use brokerdesk_core::listing::filter::{banded, bounds};
    use brokerdesk_core::listing::trade::Trade;

    use super::*;

    /// The band expression of `column` core's tables give for the name at `position` of
    /// [`banded`], in the shape written out above.
    fn from_core(column: &str, name_of: impl Fn(Trade) -> &'static str) -> Vec<(i16, String)> {
        Trade::ALL
            .into_iter()
            .map(|trade| {
                let name = name_of(trade);
                let whens: Vec<String> = (0..)
                    .map_while(|index| bounds(name, index).map(|b| (index, b)))
                    .map(|(index, b)| {
                        let test = match (b.min, b.max) {
                            (None, Some(max)) => format!("{column} < {max}"),
                            (Some(min), None) => format!("{column} >= {min}"),
                            (Some(min), Some(max)) => {
                                format!("{column} >= {min} AND {column} < {max}")
                            }
                            (None, None) => "1 = 1".to_owned(),
                        };
                        format!("WHEN {test} THEN {index}")
                    })
                    .collect();
                (trade.code(), format!("CASE {} END", whens.join(" ")))
            })
            .collect()
    }

    fn squeeze(sql: &str) -> String {
        sql.split_whitespace().collect::<Vec<_>>().join(" ")
    }

    #[test]
    fn the_written_out_bands_are_cores() {
        let price = from_core("price", |trade| banded(trade)[0]);
        let expected = format!(
            "CASE trade {} END",
            price
                .iter()
                .map(|(code, case)| format!("WHEN {code} THEN {case}"))
                .collect::<Vec<_>>()
                .join(" ")
        );
        assert_eq!(
            squeeze(PRICE_BAND),
            expected,
            "core's price or rent ranges changed: add a migration that redefines price_band"
        );
        let area = from_core("area", |trade| banded(trade)[1]);
        assert!(area.iter().all(|(_, case)| *case == area[0].1));
        let codes: Vec<String> = area.iter().map(|(code, _)| code.to_string()).collect();
        let expected = format!(
            "CASE WHEN trade IN ({}) THEN {} END",
            codes.join(", "),
            area[0].1
        );
        assert_eq!(
            squeeze(AREA_BAND),
            expected,
            "core's area ranges changed: add a migration that redefines area_band"
        );
    }
}
