//! 导出 over HTTP: the filtered second-hand and rental lists as XLSX files with the list's rows
//! (same filters, same scope), owner phones masked exactly as on screen, and the permission and
//! scope of the list.

use std::io::Cursor;

use calamine::{Data, Reader, Xlsx, open_workbook_from_rs};
use serde_json::{Value, json};

use crate::common::{Caller, TestApp};
use crate::on_both_backends;

const XLSX: &str = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/// The sheet's cells as the file holds them.
async fn cells(caller: &Caller<'_>, family: &str, filter: Value) -> Vec<Vec<Data>> {
    let (content_type, bytes) = caller
        .download(&format!("/api/v1/fm/house/{family}/export"), filter)
        .await
        .unwrap_or_else(|refused| panic!("refused: {}", refused.body));
    assert_eq!(content_type, XLSX);
    let mut book: Xlsx<_> = open_workbook_from_rs(Cursor::new(bytes)).expect("an xlsx file");
    let sheet = book.worksheet_range_at(0).expect("one sheet").unwrap();
    sheet.rows().map(<[Data]>::to_vec).collect()
}

/// The sheet's rows as text.
async fn exported(caller: &Caller<'_>, family: &str, filter: Value) -> Vec<Vec<String>> {
    cells(caller, family, filter)
        .await
        .iter()
        .map(|row| row.iter().map(ToString::to_string).collect())
        .collect()
}

fn number(cell: &Data) -> f64 {
    match cell {
        Data::Float(value) => *value,
        Data::Int(value) => *value as f64,
        other => panic!("a number cell was expected, not {other:?}"),
    }
}

async fn listed(caller: &Caller<'_>, family: &str, filter: Value) -> Vec<Value> {
    let mut body = filter;
    body["pageNum"] = json!(1);
    body["pageSize"] = json!(100);
    let page = caller
        .data(&format!("/api/v1/fm/house/{family}/list"), body)
        .await;
    assert!(
        page["total"].as_u64().unwrap() <= 500,
        "one page holds the list"
    );
    page["list"].as_array().unwrap().clone()
}

async fn the_export_is_the_filtered_list_with_phones_as_on_screen(app: TestApp) {
    let manager = app.as_user("manager").await;
    for (family, filter) in [
        ("old", json!({ "status": 1, "pool": 1 })),
        ("rental", json!({ "pool": 1 })),
    ] {
        let rows = listed(&manager, family, filter.clone()).await;
        let sheet = exported(&manager, family, filter).await;
        assert_eq!(sheet[0][0], "房源编号");
        assert_eq!(sheet[0][18], "业主电话");
        assert_eq!(
            sheet.len(),
            rows.len() + 1,
            "{family}: a line per listed row"
        );
        // Each listed row, in the list's order, with the phone exactly as the list shows it.
        for (line, row) in sheet[1..].iter().zip(&rows) {
            assert_eq!(line[0], row["id"].to_string());
            assert_eq!(line[18], row["ownerPhone"].as_str().unwrap());
        }
        // The manager sees an agent's owner masked, their own whole.
        assert!(
            sheet[1..].iter().any(|line| line[18].contains("****")),
            "{family}: a masked phone"
        );
        assert!(
            sheet[1..]
                .iter()
                .any(|line| line[18].chars().filter(char::is_ascii_digit).count() == 11),
            "{family}: a whole phone"
        );
    }
    // Another store's manager gets their own store's rows only.
    let other = app.as_user("manager2").await;
    let theirs = listed(&other, "old", json!({})).await;
    let sheet = exported(&other, "old", json!({})).await;
    assert_eq!(sheet.len(), theirs.len() + 1);
    assert!(
        sheet[1..]
            .iter()
            .all(|line| !line.contains(&"西湖店".to_owned()) && !line[15].contains("西湖店")),
        "no 西湖店 row for another store"
    );
    // A filter of the other trade is refused as on the list; a caller without the page gets
    // the permission error.
    manager
        .post("/api/v1/fm/house/rental/export", json!({ "priceRange": 1 }))
        .await
        .assert_error(10000004, "筛选范围不存在，请重新选择");
    app.as_user("city")
        .await
        .post("/api/v1/fm/house/old/export", json!({}))
        .await
        .assert_error(10020001, "无权限执行该操作");
}

on_both_backends!(the_export_is_the_filtered_list_with_phones_as_on_screen);

/// Numbers are number cells a spreadsheet sums and sorts, in the unit the header names: the
/// area in ㎡, the floors, a sale's total in 万元 and unit price in 元/㎡, a rent in 元 a month.
/// Each export is on file: who took it, with which filter, and how many rows.
async fn numbers_are_number_cells_and_each_export_is_audited(app: TestApp) {
    let manager = app.as_user("manager").await;
    for (family, filter) in [
        ("old", json!({ "status": 1, "pool": 1, "rooms": 2 })),
        ("rental", json!({ "pool": 1 })),
    ] {
        let rows = listed(&manager, family, filter.clone()).await;
        assert!(!rows.is_empty(), "{family}: demo rows match");
        let sheet = cells(&manager, family, filter.clone()).await;
        let header: Vec<String> = sheet[0].iter().map(ToString::to_string).collect();
        assert_eq!(
            header[6..9],
            [
                "建筑面积(㎡)".to_owned(),
                "所在楼层".to_owned(),
                "总楼层".to_owned()
            ]
        );
        let (price, unit) = if family == "old" {
            ("总价(万元)", "单价(元/㎡)")
        } else {
            ("租金(元/月)", "租金单价(元/㎡·月)")
        };
        assert_eq!((header[11].as_str(), header[12].as_str()), (price, unit));
        for (line, row) in sheet[1..].iter().zip(&rows) {
            assert_eq!(number(&line[0]), row["id"].as_f64().unwrap());
            assert_eq!(
                (number(&line[6]) * 100.0).round(),
                row["area"].as_f64().unwrap(),
                "area in ㎡"
            );
            assert_eq!(number(&line[7]), row["floor"].as_f64().unwrap());
            assert_eq!(number(&line[8]), row["totalFloors"].as_f64().unwrap());
            let fen = row["price"].as_f64().unwrap();
            let expected = if family == "old" {
                fen / 1_000_000.0
            } else {
                fen / 100.0
            };
            assert!(
                (number(&line[11]) - expected).abs() < 1e-9,
                "{family} price"
            );
            let unit_fen = row["unitPrice"].as_f64().unwrap();
            assert!(
                (number(&line[12]) - unit_fen / 100.0).abs() < 1e-9,
                "{family} unit price"
            );
            assert!(matches!(line[18], Data::String(_)), "the phone stays text");
        }
    }
    let audit = app
        .as_user("admin")
        .await
        .data(
            "/api/v1/fm/audit/list",
            json!({ "pageNum": 1, "pageSize": 10, "action": "export" }),
        )
        .await;
    assert_eq!(audit["total"], 2, "{audit}");
    let entries = audit["list"].as_array().unwrap();
    let sale = entries
        .iter()
        .find(|entry| entry["entity"] == "secondHand")
        .expect("the sale export is on file");
    let rows = listed(
        &manager,
        "old",
        json!({ "status": 1, "pool": 1, "rooms": 2 }),
    )
    .await;
    assert_eq!(sale["actorId"], json!(manager.user_id));
    assert_eq!(
        sale["after"]["filter"],
        json!({ "status": 1, "pool": 1, "rooms": 2 })
    );
    assert_eq!(sale["after"]["rows"], json!(rows.len()));
    assert_eq!(sale["entityName"], "二手房源.xlsx");
    // A refused export (too wide for its permission) leaves nothing on file.
    app.as_user("city")
        .await
        .post("/api/v1/fm/house/old/export", json!({}))
        .await
        .assert_error(10020001, "无权限执行该操作");
    let again = app
        .as_user("admin")
        .await
        .data(
            "/api/v1/fm/audit/list",
            json!({ "pageNum": 1, "pageSize": 10, "action": "export" }),
        )
        .await;
    assert_eq!(again["total"], 2);
}

on_both_backends!(numbers_are_number_cells_and_each_export_is_audited);
