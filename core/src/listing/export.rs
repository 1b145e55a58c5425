//! 导出: the filtered list of either trade as a spreadsheet. The columns and how each cell reads
//! are here, once: the same words as the list page, numbers (id, area, floors, price, unit price)
//! as number cells in the unit their header names, so a spreadsheet sums and sorts them, the
//! owner's phone exactly
//! as the caller sees it on screen (the server passes it in already masked by
//! [`super::owner_phone::shown`]). An export is capped at [`EXPORT_MAX`] rows: past it the caller
//! is told to narrow the filter rather than handed a silently cut file.

use super::price;
use super::trade::Trade;
use crate::enums::{DECORATION, HOUSE_POOL, ORIENTATION, RENT_TYPE};

/// Most rows one export writes.
pub const EXPORT_MAX: u64 = 5000;

/// What a caller whose filter matches more than [`EXPORT_MAX`] rows is told.
pub fn too_many(total: u64) -> String {
    format!("符合条件的房源共{total}条，超过单次导出上限{EXPORT_MAX}条，请缩小筛选范围后再导出")
}

/// The file's name: 二手房源.xlsx, 租房房源.xlsx.
pub fn file_name(trade: Trade) -> &'static str {
    match trade {
        Trade::Sale => "二手房源.xlsx",
        Trade::Lease => "租房房源.xlsx",
    }
}

/// One cell of the sheet: words as the list page shows them, or a number a spreadsheet sums,
/// sorts and filters, with the Excel number format it is shown in.
#[derive(Debug, Clone, PartialEq)]
pub enum Cell {
    Text(String),
    Number { value: f64, format: &'static str },
}

impl Cell {
    fn number(value: f64, format: &'static str) -> Self {
        Self::Number { value, format }
    }

    /// The cell as a spreadsheet shows it (a number in its format's decimals).
    pub fn shown(&self) -> String {
        match self {
            Cell::Text(text) => text.clone(),
            Cell::Number { value, format } => {
                let decimals = format.rsplit_once('.').map_or(0, |(_, tail)| tail.len());
                format!("{value:.decimals$}")
            }
        }
    }
}

/// A whole number, as `42`.
pub const WHOLE: &str = "0";
/// Two decimals, as `89.50`.
pub const TWO_DECIMALS: &str = "0.00";
/// Money in thousands, as `3,500`.
pub const THOUSANDS: &str = "#,##0";
/// Money in thousands with two decimals, as `1,285.50`.
pub const THOUSANDS_TWO_DECIMALS: &str = "#,##0.00";

/// The sheet's header, in column order. A column of numbers says its unit in its header, so
/// its cells can be bare numbers.
pub fn columns(trade: Trade) -> [&'static str; 19] {
    let (price, unit, kind) = match trade {
        Trade::Sale => ("总价(万元)", "单价(元/㎡)", "标签"),
        Trade::Lease => ("租金(元/月)", "租金单价(元/㎡·月)", "出租方式"),
    };
    [
        "房源编号",
        "小区",
        "房号",
        "区域",
        "商圈",
        "户型",
        "建筑面积(㎡)",
        "所在楼层",
        "总楼层",
        "朝向",
        "装修",
        price,
        unit,
        kind,
        "状态",
        "公私盘",
        "维护人",
        "业主",
        "业主电话",
    ]
}

/// Columns whose cells are numbers (房源编号, area, floors, price, unit price).
pub const NUMBER_COLUMNS: [usize; 6] = [0, 6, 7, 8, 11, 12];

/// One listing as the list page shows it; `owner_phone` is already as the caller may see it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExportRow<'a> {
    pub id: i64,
    pub community: &'a str,
    pub room: &'a str,
    pub district: &'a str,
    pub circle: &'a str,
    pub rooms: i16,
    pub halls: i16,
    pub baths: i16,
    pub area: i64,
    pub floor: i16,
    pub total_floors: i16,
    pub orientation: i16,
    pub decoration: i16,
    pub price: i64,
    pub unit_price: i64,
    pub rent_type: Option<i16>,
    pub tags: &'a [i16],
    pub status: i16,
    pub pool: i16,
    pub maintainer: &'a str,
    pub store: &'a str,
    pub owner_name: &'a str,
    pub owner_phone: &'a str,
}

fn label(table: crate::enums::EnumTable, code: i64) -> Cell {
    Cell::Text(table.label_of(code).unwrap_or_default().to_owned())
}

/// Hundredths (of a ㎡, of a yuan) as the number they stand for.
fn from_hundredths(value: i64) -> f64 {
    value as f64 / 100.0
}

/// The row's cells, in [`columns`] order.
pub fn cells(trade: Trade, row: &ExportRow<'_>) -> Vec<Cell> {
    let (price, unit) = match trade {
        // 总价 in 万元, 单价 in 元/㎡.
        Trade::Sale => (
            Cell::number(
                row.price as f64 / price::FEN_PER_WAN as f64,
                THOUSANDS_TWO_DECIMALS,
            ),
            Cell::number(from_hundredths(row.unit_price), THOUSANDS),
        ),
        // 租金 in 元 a month, per ㎡ in 元 a month.
        Trade::Lease => (
            Cell::number(from_hundredths(row.price), THOUSANDS),
            Cell::number(from_hundredths(row.unit_price), TWO_DECIMALS),
        ),
    };
    let kind = match trade {
        Trade::Sale => Cell::Text(
            row.tags
                .iter()
                .filter_map(|code| trade.tags().label_of((*code).into()))
                .collect::<Vec<_>>()
                .join("、"),
        ),
        Trade::Lease => row
            .rent_type
            .map(|code| label(RENT_TYPE, code.into()))
            .unwrap_or(Cell::Text(String::new())),
    };
    let maintainer = if row.store.is_empty() {
        row.maintainer.to_owned()
    } else if row.maintainer.is_empty() {
        row.store.to_owned()
    } else {
        format!("{}（{}）", row.maintainer, row.store)
    };
    let text = |value: &str| Cell::Text(value.to_owned());
    vec![
        Cell::number(row.id as f64, WHOLE),
        text(row.community),
        text(row.room),
        text(row.district),
        text(row.circle),
        Cell::Text(format!("{}室{}厅{}卫", row.rooms, row.halls, row.baths)),
        Cell::number(from_hundredths(row.area), TWO_DECIMALS),
        Cell::number(f64::from(row.floor), WHOLE),
        Cell::number(f64::from(row.total_floors), WHOLE),
        label(ORIENTATION, row.orientation.into()),
        label(DECORATION, row.decoration.into()),
        price,
        unit,
        kind,
        label(trade.statuses(), row.status.into()),
        label(HOUSE_POOL, row.pool.into()),
        Cell::Text(maintainer),
        text(row.owner_name),
        text(row.owner_phone),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row() -> ExportRow<'static> {
        ExportRow {
            id: 42,
            community: "西湖家园",
            room: "3幢2单元1502",
            district: "西湖区",
            circle: "文三路",
            rooms: 2,
            halls: 1,
            baths: 1,
            area: 8950,
            floor: 15,
            total_floors: 18,
            orientation: 9,
            decoration: 4,
            price: 285_000_000,
            unit_price: 3_184_358,
            rent_type: None,
            tags: &[1, 3],
            status: 1,
            pool: 1,
            maintainer: "李晓峰",
            store: "西湖店",
            owner_name: "王志强",
            owner_phone: "138 **** 5678",
        }
    }

    fn number(cell: &Cell) -> f64 {
        match cell {
            Cell::Number { value, .. } => *value,
            Cell::Text(text) => panic!("a number was expected, not the text {text:?}"),
        }
    }

    fn text(cell: &Cell) -> &str {
        match cell {
            Cell::Text(text) => text,
            Cell::Number { value, .. } => panic!("text was expected, not the number {value}"),
        }
    }

    #[test]
    fn a_sale_reads_as_on_the_list_page_with_numbers_as_numbers_and_the_phone_as_shown() {
        let cells = cells(Trade::Sale, &row());
        assert_eq!(cells.len(), columns(Trade::Sale).len());
        assert_eq!(number(&cells[0]), 42.0);
        assert_eq!(text(&cells[5]), "2室1厅1卫");
        assert_eq!(columns(Trade::Sale)[6], "建筑面积(㎡)");
        assert_eq!(number(&cells[6]), 89.5);
        assert_eq!(cells[6].shown(), "89.50");
        assert_eq!((number(&cells[7]), number(&cells[8])), (15.0, 18.0));
        assert_eq!(text(&cells[9]), "南北");
        assert_eq!(columns(Trade::Sale)[11], "总价(万元)");
        assert_eq!(number(&cells[11]), 285.0);
        assert_eq!(columns(Trade::Sale)[12], "单价(元/㎡)");
        assert_eq!(number(&cells[12]), 31_843.58);
        assert_eq!(text(&cells[14]), "有效");
        assert_eq!(text(&cells[15]), "私盘");
        assert_eq!(text(&cells[16]), "李晓峰（西湖店）");
        assert_eq!(text(&cells[18]), "138 **** 5678", "masked stays masked");
        for (index, cell) in cells.iter().enumerate() {
            assert_eq!(
                matches!(cell, Cell::Number { .. }),
                NUMBER_COLUMNS.contains(&index),
                "column {index}"
            );
        }
    }

    #[test]
    fn a_rental_says_its_rent_in_yuan_and_how_it_is_let() {
        let lease = ExportRow {
            price: 350_000,
            unit_price: 3_910,
            rent_type: Some(1),
            status: 5,
            ..row()
        };
        let cells = cells(Trade::Lease, &lease);
        assert_eq!(columns(Trade::Lease)[11], "租金(元/月)");
        assert_eq!(number(&cells[11]), 3500.0);
        assert_eq!(number(&cells[12]), 39.1);
        assert_eq!(cells[12].shown(), "39.10");
        assert_eq!(text(&cells[13]), "整租");
        assert_eq!(text(&cells[14]), "我司租出");
    }

    #[test]
    fn past_the_cap_the_caller_is_told_to_narrow_the_filter() {
        assert_eq!(
            too_many(6200),
            "符合条件的房源共6200条，超过单次导出上限5000条，请缩小筛选范围后再导出"
        );
        assert_eq!(file_name(Trade::Lease), "租房房源.xlsx");
    }
}
