//! 导出 over HTTP: the filtered second-hand and rental lists as XLSX files with the list's rows
//! (same filters, same scope), owner phones masked exactly as on screen, and the permission and
//! scope of the list.

use std::io::Cursor;

use calamine::{Reader, Xlsx, open_workbook_from_rs};
use serde_json::{Value, json};

use crate::common::{Caller, TestApp};
use crate::on_both_backends;

const XLSX: &str = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/// The sheet's rows as text.
async fn exported(caller: &Caller<'_>, family: &str, filter: Value) -> Vec<Vec<String>> {
    let (content_type, bytes) = caller
        .download(&format!("/api/v1/fm/house/{family}/export"), filter)
        .await
        .unwrap_or_else(|refused| panic!("refused: {}", refused.body));
    assert_eq!(content_type, XLSX);
    let mut book: Xlsx<_> = open_workbook_from_rs(Cursor::new(bytes)).expect("an xlsx file");
    let sheet = book.worksheet_range_at(0).expect("one sheet").unwrap();
    sheet
        .rows()
        .map(|row| row.iter().map(ToString::to_string).collect())
        .collect()
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
        assert_eq!(sheet[0][17], "业主电话");
        assert_eq!(
            sheet.len(),
            rows.len() + 1,
            "{family}: a line per listed row"
        );
        // Each listed row, in the list's order, with the phone exactly as the list shows it.
        for (line, row) in sheet[1..].iter().zip(&rows) {
            assert_eq!(line[0], row["id"].to_string());
            assert_eq!(line[17], row["ownerPhone"].as_str().unwrap());
        }
        // The manager sees an agent's owner masked, their own whole.
        assert!(
            sheet[1..].iter().any(|line| line[17].contains("****")),
            "{family}: a masked phone"
        );
        assert!(
            sheet[1..]
                .iter()
                .any(|line| line[17].chars().filter(char::is_ascii_digit).count() == 11),
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
