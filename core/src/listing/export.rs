//! 导出: the filtered list of either trade as a spreadsheet. The columns and how each cell reads
//! are here, once: the same words and number formats as the list page, the owner's phone exactly
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

/// The sheet's header, in column order.
pub fn columns(trade: Trade) -> [&'static str; 18] {
    let (price, unit, kind) = match trade {
        Trade::Sale => ("总价", "单价", "标签"),
        Trade::Lease => ("租金", "租金单价", "出租方式"),
    };
    [
        "房源编号",
        "小区",
        "房号",
        "区域",
        "商圈",
        "户型",
        "建筑面积(㎡)",
        "楼层",
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

fn label(table: crate::enums::EnumTable, code: i64) -> String {
    table.label_of(code).unwrap_or_default().to_owned()
}

/// The row's cells, in [`columns`] order.
pub fn cells(trade: Trade, row: &ExportRow<'_>) -> Vec<String> {
    let (price, unit) = match trade {
        Trade::Sale => (
            price::price_text(row.price),
            price::unit_price_text(row.unit_price),
        ),
        Trade::Lease => (
            price::rent_text(row.price),
            price::rent_unit_text(row.unit_price),
        ),
    };
    let kind = match trade {
        Trade::Sale => row
            .tags
            .iter()
            .filter_map(|code| trade.tags().label_of((*code).into()))
            .collect::<Vec<_>>()
            .join("、"),
        Trade::Lease => row
            .rent_type
            .map(|code| label(RENT_TYPE, code.into()))
            .unwrap_or_default(),
    };
    let maintainer = if row.store.is_empty() {
        row.maintainer.to_owned()
    } else if row.maintainer.is_empty() {
        row.store.to_owned()
    } else {
        format!("{}（{}）", row.maintainer, row.store)
    };
    vec![
        row.id.to_string(),
        row.community.to_owned(),
        row.room.to_owned(),
        row.district.to_owned(),
        row.circle.to_owned(),
        format!("{}室{}厅{}卫", row.rooms, row.halls, row.baths),
        price::hundredths_text(row.area),
        format!("{}/{}层", row.floor, row.total_floors),
        label(ORIENTATION, row.orientation.into()),
        label(DECORATION, row.decoration.into()),
        price,
        unit,
        kind,
        label(trade.statuses(), row.status.into()),
        label(HOUSE_POOL, row.pool.into()),
        maintainer,
        row.owner_name.to_owned(),
        row.owner_phone.to_owned(),
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

    #[test]
    fn a_sale_reads_as_on_the_list_page_with_the_phone_as_shown() {
        let cells = cells(Trade::Sale, &row());
        assert_eq!(cells.len(), columns(Trade::Sale).len());
        assert_eq!(cells[0], "42");
        assert_eq!(cells[5], "2室1厅1卫");
        assert_eq!(cells[6], "89.5");
        assert_eq!(cells[7], "15/18层");
        assert_eq!(cells[8], "南北");
        assert_eq!(cells[10], price::price_text(285_000_000));
        assert_eq!(cells[13], "有效");
        assert_eq!(cells[14], "私盘");
        assert_eq!(cells[15], "李晓峰（西湖店）");
        assert_eq!(cells[17], "138 **** 5678", "masked stays masked");
    }

    #[test]
    fn a_rental_says_its_rent_and_how_it_is_let() {
        let lease = ExportRow {
            price: 350_000,
            unit_price: 3_910,
            rent_type: Some(1),
            status: 5,
            ..row()
        };
        let cells = cells(Trade::Lease, &lease);
        assert_eq!(columns(Trade::Lease)[10], "租金");
        assert_eq!(cells[10], price::rent_text(350_000));
        assert_eq!(cells[12], "整租");
        assert_eq!(cells[13], "我司租出");
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
