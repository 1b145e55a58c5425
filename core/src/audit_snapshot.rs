//! A record as the 操作日志 shows it before and after a change: labelled lines with names, never
//! the raw JSON of ids a reader cannot look up. Lines follow the record's form; a field kept as an
//! id (`storeId`) shows the name the record carries beside it (`storeName`) under the form's
//! label; ids without a name are left out.

use serde::Serialize;
use serde_json::Value;

use crate::forms;

/// One line of a snapshot: `所属门店：西湖店`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SnapshotLine {
    pub label: String,
    pub text: String,
}

/// Labels of what views carry that no form of the entity asks for.
const LABELS: &[(&str, &str)] = &[
    ("siteName", "城市站点"),
    ("organisationName", "所属公司"),
    ("storeGroupName", "门店组"),
    ("storeName", "所属门店"),
    ("departmentName", "所属部门"),
    ("positionName", "岗位"),
    ("roleNames", "角色"),
    ("parentName", "上级"),
    ("districtName", "所属区域"),
    ("businessCircleName", "所属商圈"),
    ("appName", "应用"),
    ("enabled", "状态"),
    ("workingStatus", "在职状态"),
    ("status", "状态"),
    ("storeGroupCount", "门店组数"),
    ("storeCount", "门店数"),
    ("staffCount", "员工数"),
    ("createdAt", "创建时间"),
    ("updatedAt", "更新时间"),
    ("remark", "备注"),
    ("sort", "排序"),
];

/// Times are shown on the log's row; counts and the list's derived fields say nothing about the
/// change.
const SKIPPED: &[&str] = &[
    "createdAt",
    "updatedAt",
    "storeGroupCount",
    "storeCount",
    "staffCount",
    "userCount",
    "menuCount",
    "availableActions",
    "buildingCount",
    "unitCount",
    "roomCount",
    // A community's spelling follows its name.
    "pinyin",
    "initials",
];

fn is_id(key: &str) -> bool {
    key == "id" || key.ends_with("Id") || key.ends_with("Ids")
}

/// `storeId` → `storeName`, `roleIds` → `roleNames`.
fn name_key(id_key: &str) -> Option<String> {
    if let Some(stem) = id_key.strip_suffix("Ids") {
        Some(format!("{stem}Names"))
    } else {
        id_key.strip_suffix("Id").map(|stem| format!("{stem}Name"))
    }
}

fn text_of(value: &Value) -> String {
    match value {
        Value::Null => "—".to_owned(),
        Value::Bool(true) => "是".to_owned(),
        Value::Bool(false) => "否".to_owned(),
        Value::String(text) if text.trim().is_empty() => "—".to_owned(),
        Value::String(text) => text.clone(),
        Value::Array(items) if items.is_empty() => "—".to_owned(),
        Value::Array(items) => items.iter().map(text_of).collect::<Vec<_>>().join("、"),
        other => other.to_string(),
    }
}

/// The lines of `snapshot`, a record of `entity` (an `auditEntity` code); empty for no record.
pub fn lines(entity: &str, snapshot: &Value) -> Vec<SnapshotLine> {
    let Some(record) = snapshot.as_object() else {
        return match snapshot {
            Value::Null => Vec::new(),
            other => vec![SnapshotLine {
                label: String::new(),
                text: text_of(other),
            }],
        };
    };
    let form = forms::form(entity);
    let mut out = Vec::new();
    let mut shown: Vec<String> = Vec::new();
    let push = |key: &str, label: &str, out: &mut Vec<SnapshotLine>| {
        if let Some(value) = record.get(key) {
            out.push(SnapshotLine {
                label: label.to_owned(),
                text: text_of(value),
            });
        }
    };
    // The form's fields first, in its order and with its labels.
    for field in form.map_or(&[][..], |form| form.fields) {
        let key = if is_id(field.name) {
            match name_key(field.name) {
                Some(key) => key,
                None => continue,
            }
        } else {
            field.name.to_owned()
        };
        if record.contains_key(&key) && !shown.contains(&key) {
            push(&key, field.label, &mut out);
            shown.push(key);
        }
    }
    // Then what else the record carries, names for ids and nothing for ids alone.
    for key in record.keys() {
        if shown.contains(key) || is_id(key) || SKIPPED.contains(&key.as_str()) {
            continue;
        }
        let label = LABELS
            .iter()
            .find(|(name, _)| name == key)
            .map_or(key.as_str(), |(_, label)| label);
        push(key, label, &mut out);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn pairs(entity: &str, snapshot: Value) -> Vec<(String, String)> {
        lines(entity, &snapshot)
            .into_iter()
            .map(|line| (line.label, line.text))
            .collect()
    }

    #[test]
    fn a_store_shows_its_company_and_group_by_name_under_the_form_labels() {
        let got = pairs(
            "store",
            json!({
                "id": 3, "name": "西湖店", "organisationId": 1, "organisationName": "安居经纪",
                "storeGroupId": 2, "storeGroupName": "西湖片区", "siteId": 1, "siteName": "杭州",
                "createdAt": 1_700_000_000_000_i64
            }),
        );
        assert!(
            got.contains(&("门店名称".to_owned(), "西湖店".to_owned())),
            "{got:?}"
        );
        assert!(
            got.contains(&("城市站点".to_owned(), "杭州".to_owned())),
            "{got:?}"
        );
        assert!(
            got.iter().any(|(_, text)| text == "安居经纪")
                && got.iter().any(|(_, t)| t == "西湖片区"),
            "{got:?}"
        );
        assert!(
            got.iter()
                .all(|(label, text)| !label.ends_with("Id") && text != "1" && text != "2"),
            "no raw ids: {got:?}"
        );
    }

    #[test]
    fn an_app_setting_names_its_app_and_the_company_or_city_it_is_for() {
        let got = pairs(
            "appEnablement",
            json!({
                "appId": 3, "appName": "电子签约", "siteId": 1, "siteName": "杭州",
                "organisationId": 1, "organisationName": "安居经纪", "enabled": false
            }),
        );
        for line in [
            ("应用", "电子签约"),
            ("城市站点", "杭州"),
            ("所属公司", "安居经纪"),
            ("状态", "否"),
        ] {
            assert!(
                got.contains(&(line.0.to_owned(), line.1.to_owned())),
                "{got:?}"
            );
        }
    }

    #[test]
    fn lists_booleans_and_blanks_read_as_words() {
        let got = pairs(
            "staff",
            json!({ "realName": "王芳", "roleIds": [4, 5], "roleNames": ["店长", "经纪人"], "locked": false, "remark": "" }),
        );
        assert!(
            got.contains(&("角色".to_owned(), "店长、经纪人".to_owned())),
            "{got:?}"
        );
        assert!(
            got.contains(&("locked".to_owned(), "否".to_owned())),
            "{got:?}"
        );
        assert!(
            got.contains(&("备注".to_owned(), "—".to_owned())),
            "{got:?}"
        );
        assert!(pairs("staff", Value::Null).is_empty());
    }

    #[test]
    fn a_role_shows_its_fields_not_its_counts() {
        let got = pairs(
            "role",
            json!({ "name": "总经理", "dataScope": "COMPANY", "userCount": 1, "menuCount": 0, "remark": "" }),
        );
        let labels: Vec<&str> = got.iter().map(|(label, _)| label.as_str()).collect();
        assert_eq!(labels, ["角色名称", "数据权限", "备注"]);
    }
}
