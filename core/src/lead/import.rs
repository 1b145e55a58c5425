//! Batch add (批量添加线索): rows pasted from a spreadsheet or read from a CSV/XLSX file (the
//! server reads XLSX into cells; text is read here), mapped to the lead form's fields by the
//! template's header, each checked by the lead form on its own. The same reading and checking
//! runs in the browser (errors beside each pasted row before sending) and on the server (before
//! saving). A row's identity is its cleaned values: the server keeps a hash of it, so importing
//! the same rows twice adds nothing the second time.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::enums::{CUSTOMER_DEMAND, SEX};
use crate::forms::{self, CLUE, Control, FieldError, Rule};
use crate::knowledge::csv_rows;

/// The most rows one import takes.
pub const IMPORT_MAX_ROWS: usize = 10_000;
pub const KIND_RULE: &str = "仅支持导入csv、xlsx文件";
pub const EMPTY: &str = "没有可导入的线索";

pub fn too_many() -> String {
    format!("单次最多导入{IMPORT_MAX_ROWS}行线索，请分批导入")
}

/// What marks the template's example row: its 备注 starts with it, and a row any of whose
/// cells starts with it is never imported.
pub const EXAMPLE_MARK: &str = "示例行";
/// A skipped example row's result.
pub const EXAMPLE_SKIPPED: &str = "示例行，已跳过";

/// The template's example row, under the header: marked in its 备注 ([`EXAMPLE_MARK`]), and
/// recognised by its name and phone as well, so that it is skipped even with the note cleared.
pub const TEMPLATE_EXAMPLE: [&str; 7] = [
    "张先生",
    "13812345678",
    "男",
    "二手房购买",
    "西湖区文三路",
    "300",
    "示例行（导入时跳过，请从下一行填写）：想要两房，近地铁",
];

/// Whether a row of cells is the template's example: a cell starting with [`EXAMPLE_MARK`],
/// or the example's own name and phone.
fn is_example(values: &Map<String, Value>) -> bool {
    let cell = |name: &str| values.get(name).and_then(Value::as_str).unwrap_or_default();
    values
        .values()
        .filter_map(Value::as_str)
        .any(|text| text.trim_start().starts_with(EXAMPLE_MARK))
        || (cell("name") == TEMPLATE_EXAMPLE[0]
            && crate::customer::phone::normalise(cell("phone")) == TEMPLATE_EXAMPLE[1])
}

/// The template's columns: the lead form's labels, in form order.
pub fn template_columns() -> Vec<&'static str> {
    CLUE.fields.iter().map(|field| field.label).collect()
}

/// The CSV template: header and example row (the XLSX template has the same two rows).
pub fn csv_template() -> String {
    format!(
        "{}\r\n{}\r\n",
        template_columns().join(","),
        TEMPLATE_EXAMPLE.join(",")
    )
}

/// The file kinds an import reads, by extension: `csv` (text) or `xlsx` (cells read by the
/// server). Anything else is refused with [`KIND_RULE`].
pub fn file_kind(file_name: &str) -> Result<&'static str, String> {
    let ext = file_name
        .rsplit_once('.')
        .map(|(_, ext)| ext.trim().to_ascii_lowercase())
        .unwrap_or_default();
    match ext.as_str() {
        "csv" => Ok("csv"),
        "xlsx" => Ok("xlsx"),
        _ => Err(KIND_RULE.to_owned()),
    }
}

/// The cells of pasted text: rows copied from a spreadsheet are tab-separated; otherwise the
/// text is read as CSV.
pub fn text_cells(text: &str) -> Vec<Vec<String>> {
    let text = text.trim_start_matches('\u{feff}');
    if text.contains('\t') {
        text.lines()
            .map(|line| {
                line.trim_end_matches('\r')
                    .split('\t')
                    .map(str::to_owned)
                    .collect()
            })
            .collect()
    } else {
        csv_rows(text)
    }
}

/// One row to import: its line as the person counts it (the file's row number, header
/// included) and its values by field name.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ImportRow {
    pub line: u32,
    pub values: Map<String, Value>,
    /// The template's example row: shown, never checked or imported.
    #[serde(default)]
    pub example: bool,
}

/// A row after the lead form's check: values cleaned, every field at fault.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CheckedRow {
    pub line: u32,
    pub values: Map<String, Value>,
    pub errors: Vec<FieldError>,
    /// The template's example row, skipped ([`EXAMPLE_SKIPPED`]): no errors, not imported.
    pub example: bool,
}

/// The field a header cell names: a label of the template, the field's own name, or a common
/// heading people write instead.
fn field_of(heading: &str) -> Option<&'static str> {
    let heading = heading.trim();
    let alias = match heading {
        "手机号码" | "手机号" | "手机" | "电话" | "电话号码" => Some("phone"),
        "客户姓名" | "名字" => Some("name"),
        "预算" | "预算(万元)" | "预算（万元）" => Some("budget"),
        "需求" => Some("demand"),
        _ => None,
    };
    alias.or_else(|| {
        CLUE.fields
            .iter()
            .find(|field| field.label == heading || field.name == heading)
            .map(|field| field.name)
    })
}

/// A choice cell as the form takes it: a label (男, 二手房购买) or 先生/女士 becomes its code;
/// anything else is left for the form to refuse.
fn choice_value(field: &forms::Field, cell: &str) -> String {
    let Some(table) = field.choices else {
        return cell.to_owned();
    };
    if table.contains(cell) {
        return cell.to_owned();
    }
    let by_label = table
        .entries
        .iter()
        .find(|entry| entry.label == cell)
        .map(|entry| match entry.value {
            crate::enums::EnumValue::Number(n) => n.to_string(),
            crate::enums::EnumValue::Code(c) => c.to_owned(),
        });
    let by_title = (table.name == SEX.name)
        .then(|| match cell {
            "先生" => Some("1".to_owned()),
            "女士" => Some("2".to_owned()),
            _ => None,
        })
        .flatten();
    // What people write for the two purchases.
    let by_short_name = (table.name == CUSTOMER_DEMAND.name)
        .then(|| match cell {
            "二手房" | "买二手房" => Some("1".to_owned()),
            "新房" | "买新房" => Some("2".to_owned()),
            _ => None,
        })
        .flatten();
    by_label
        .or(by_title)
        .or(by_short_name)
        .unwrap_or_else(|| cell.to_owned())
}

/// The rows of a sheet's cells: a first row naming the template's columns says which column is
/// which (others are ignored); without one, columns are taken in template order. Empty rows are
/// skipped; more than [`IMPORT_MAX_ROWS`] rows, or none, are refused.
pub fn rows_of(cells: Vec<Vec<String>>) -> Result<Vec<ImportRow>, String> {
    let blank = |row: &[String]| row.iter().all(|cell| cell.trim().is_empty());
    let first = cells.iter().position(|row| !blank(row));
    let header: Option<Vec<Option<&'static str>>> = first.and_then(|at| {
        let named: Vec<_> = cells[at].iter().map(|cell| field_of(cell)).collect();
        named.contains(&Some("phone")).then_some(named)
    });
    let columns: Vec<Option<&'static str>> = header
        .clone()
        .unwrap_or_else(|| CLUE.fields.iter().map(|field| Some(field.name)).collect());
    let skip = if header.is_some() {
        first.map_or(0, |at| at + 1)
    } else {
        0
    };
    let mut rows = Vec::new();
    for (index, row) in cells.iter().enumerate().skip(skip) {
        if blank(row) {
            continue;
        }
        if rows.len() == IMPORT_MAX_ROWS {
            return Err(too_many());
        }
        let mut values = Map::new();
        for (cell, column) in row.iter().zip(&columns) {
            let Some(name) = column else { continue };
            let Some(field) = CLUE.fields.iter().find(|field| field.name == *name) else {
                continue;
            };
            let cell = cell.trim();
            let value = if field.control == Control::Select && field.rule == Rule::Choice {
                choice_value(field, cell)
            } else {
                cell.to_owned()
            };
            values.insert((*name).to_owned(), Value::String(value));
        }
        let example = is_example(&values);
        rows.push(ImportRow {
            line: u32::try_from(index + 1).unwrap_or(u32::MAX),
            values,
            example,
        });
    }
    if rows.is_empty() {
        return Err(EMPTY.to_owned());
    }
    Ok(rows)
}

/// Checks each row with the lead form, cleaning its values; the template's example row is
/// passed over as it is.
pub fn check_rows(rows: Vec<ImportRow>, today: NaiveDate) -> Vec<CheckedRow> {
    rows.into_iter()
        .map(|mut row| {
            let errors = if row.example {
                Vec::new()
            } else {
                forms::check(&CLUE, &mut row.values, today)
                    .into_iter()
                    .map(choices_named)
                    .collect()
            };
            CheckedRow {
                line: row.line,
                values: row.values,
                errors,
                example: row.example,
            }
        })
        .collect()
}

/// A cell of a choice no table holds: a pasted row has nothing to pick from, so its error
/// names what the column takes (性别须为男、女、先生或女士) instead of the form's 请选择性别.
fn choices_named(error: FieldError) -> FieldError {
    let field = CLUE.fields.iter().find(|field| field.name == error.field);
    let Some((field, table)) = field.and_then(|field| Some((field, field.choices?))) else {
        return error;
    };
    let mut names: Vec<&str> = table.entries.iter().map(|entry| entry.label).collect();
    if table.name == SEX.name {
        names.extend(["先生", "女士"]);
    }
    let Some((last, rest)) = names.split_last() else {
        return error;
    };
    FieldError::new(
        field.name,
        format!("{}须为{}或{last}", field.label, rest.join("、")),
    )
}

/// The rows an import saves: checked without a fault, and not the example.
pub fn importable(row: &CheckedRow) -> bool {
    !row.example && row.errors.is_empty()
}

/// What makes two rows the same lead for the import's idempotence: every field's cleaned
/// value, in form order.
pub fn identity(values: &Map<String, Value>) -> String {
    CLUE.fields
        .iter()
        .map(|field| match values.get(field.name) {
            Some(Value::String(text)) => text.split_whitespace().collect::<Vec<_>>().join(" "),
            Some(Value::Null) | None => String::new(),
            Some(other) => other.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\u{1f}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn today() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, 25).unwrap()
    }

    fn cells(text: &str) -> Vec<Vec<String>> {
        text_cells(text)
    }

    #[test]
    fn the_template_reads_back_as_its_example() {
        assert_eq!(
            template_columns(),
            [
                "姓名",
                "联系电话",
                "性别",
                "需求类型",
                "意向区域",
                "预算(万元，租房为月租元)",
                "备注"
            ]
        );
        let rows = rows_of(cells(&csv_template())).unwrap();
        assert_eq!(rows.len(), 1);
        assert_eq!(rows[0].line, 2, "the header is line 1");
        let checked = check_rows(rows, today());
        assert!(checked[0].example, "the example row is marked");
        assert!(!importable(&checked[0]), "and never imported");
        assert_eq!(checked[0].errors, []);
        assert_eq!(checked[0].values["name"], "张先生", "shown as written");
    }

    #[test]
    fn the_example_row_is_skipped_by_its_mark_or_its_name_and_phone() {
        let with_rows = format!(
            "{}\r\n{}\r\n李女士,13900001111,女,租房,,,\r\n",
            template_columns().join(","),
            TEMPLATE_EXAMPLE.join(",")
        );
        let checked = check_rows(rows_of(cells(&with_rows)).unwrap(), today());
        assert_eq!(
            checked.iter().map(importable).collect::<Vec<_>>(),
            [false, true]
        );
        assert_eq!(checked[1].values["sex"], "2", "女 becomes its code");
        // The note cleared: the example's name and phone still mark it.
        let cleared = check_rows(
            rows_of(cells("姓名,联系电话,备注\n张先生,138 1234 5678,\n")).unwrap(),
            today(),
        );
        assert!(cleared[0].example);
        // The mark in any cell, even with the row's own values.
        let marked = check_rows(
            rows_of(cells(
                "姓名,联系电话\n示例行,13900002222\n王五,13900003333\n",
            ))
            .unwrap(),
            today(),
        );
        assert_eq!(
            marked.iter().map(|row| row.example).collect::<Vec<_>>(),
            [true, false]
        );
        // 张先生 with another phone is a lead like any other.
        let real = check_rows(rows_of(cells("张先生,13900004444")).unwrap(), today());
        assert!(importable(&real[0]));
    }

    #[test]
    fn pasted_rows_are_tab_separated_and_a_header_orders_the_columns() {
        let pasted = "手机号码\t姓名\t其他列\n13900001111\t李女士\tx\n\n 13900002222 \t王五\t\n";
        let rows = rows_of(cells(pasted)).unwrap();
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0].values["phone"], "13900001111");
        assert_eq!(rows[0].values["name"], "李女士");
        assert_eq!(rows[1].line, 4, "the blank line still counts");
        assert_eq!(rows[1].values["phone"], "13900002222");
        // Without a header the columns are the template's.
        let headless = rows_of(cells("赵六,13900003333,女士")).unwrap();
        assert_eq!(headless[0].line, 1);
        assert_eq!(headless[0].values["sex"], "2");
    }

    #[test]
    fn a_row_phone_follows_the_customer_rule() {
        let rows = rows_of(cells("姓名\t联系电话\n短号\t1380000\n座机\t88886666\n")).unwrap();
        let checked = check_rows(rows, today());
        let phone_errors = |i: usize| -> Vec<String> {
            checked[i]
                .errors
                .iter()
                .map(|e| format!("{}:{}", e.field, e.message))
                .collect()
        };
        assert_eq!(
            phone_errors(0),
            ["phone:请输入正确的固话号码或手机号码"],
            "a mobile cut short is no landline"
        );
        assert_eq!(phone_errors(1), Vec::<String>::new());
    }

    #[test]
    fn each_field_answers_its_own_error() {
        let rows = rows_of(cells(
            "姓名,联系电话,性别,需求类型,意向区域,预算(万元),备注\n\
             ,12345,不详,买铺子,,-5,\n\
             张三,,男,租房,,abc,\n\
             李四,010-87654321,,,西湖区,,\n",
        ))
        .unwrap();
        let checked = check_rows(rows, today());
        let errors = |i: usize| -> Vec<(&str, String)> {
            checked[i]
                .errors
                .iter()
                .map(|e| (e.field, e.message.clone()))
                .collect()
        };
        assert_eq!(
            errors(0),
            [
                ("name", "姓名不能为空".to_owned()),
                ("phone", "请输入正确的固话号码或手机号码".to_owned()),
                ("sex", "性别须为未知、男、女、先生或女士".to_owned()),
                (
                    "demand",
                    "需求类型须为二手房购买、新房购买或租房".to_owned()
                ),
                (
                    "budget",
                    "预算(万元)须为大于0且不超过100000的数字，最多两位小数".to_owned()
                ),
            ]
        );
        assert_eq!(
            errors(1),
            [
                ("phone", "请输入固话号码或手机号码".to_owned()),
                (
                    "budget",
                    "月租(元)须为大于0且不超过100000的数字，最多两位小数".to_owned()
                ),
            ]
        );
        assert_eq!(errors(2), [], "a landline is a phone too");
        let long = rows_of(cells(&format!(
            "{},13900001111,,,{},,{}",
            "名".repeat(51),
            "区".repeat(51),
            "备".repeat(201)
        )))
        .unwrap();
        let checked = check_rows(long, today());
        let fields: Vec<_> = checked[0].errors.iter().map(|e| e.field).collect();
        assert_eq!(fields, ["name", "area", "remark"]);
    }

    #[test]
    fn a_rental_budget_is_a_monthly_rent_in_yuan() {
        let checked = check_rows(
            rows_of(cells(
                "姓名,联系电话,需求类型,预算(万元)\n甲,13900001111,租房,0.35\n\
                 乙,13900002222,租房,4500\n丙,13900003333,租房,50-4000\n\
                 丁,13900004444,二手房,0.35\n",
            ))
            .unwrap(),
            today(),
        );
        let errors = |i: usize| -> Vec<String> {
            checked[i]
                .errors
                .iter()
                .map(|e| e.message.clone())
                .collect()
        };
        let too_low = "月租(元)不能低于100元：租房的预算按每月租金填写，如 4500";
        assert_eq!(errors(0), [too_low], "0.35 typed in 万 under a rental");
        assert_eq!(errors(1), Vec::<String>::new());
        assert_eq!(errors(2), [too_low], "each side of a range");
        assert_eq!(
            errors(3),
            Vec::<String>::new(),
            "二手房 is 二手房购买, in 万"
        );
        assert_eq!(checked[3].values["demand"], "1");
    }

    #[test]
    fn a_budget_is_one_figure_or_a_range() {
        let rows = rows_of(cells(
            "姓名,联系电话,预算(万元)\n甲,13900001111,300\n乙,13900002222, 200 - 300 \n\
             丙,13900003333,200~300.5\n丁,13900004444,300-200\n戊,13900005555,200-\n",
        ))
        .unwrap();
        let checked = check_rows(rows, today());
        let budget = |i: usize| checked[i].values["budget"].clone();
        assert_eq!(budget(0), "300");
        assert_eq!(budget(1), "200-300", "kept in one spelling");
        assert_eq!(budget(2), "200-300.5");
        let errors = |i: usize| -> Vec<String> {
            checked[i]
                .errors
                .iter()
                .map(|e| e.message.clone())
                .collect()
        };
        assert_eq!(errors(3), ["预算(万元)的下限不能大于上限"]);
        assert_eq!(
            errors(4),
            ["预算(万元)须为大于0且不超过100000的数字，最多两位小数"]
        );
    }

    #[test]
    fn files_are_csv_or_xlsx_and_imports_have_bounds() {
        assert_eq!(file_kind("线索.CSV"), Ok("csv"));
        assert_eq!(file_kind("线索.xlsx"), Ok("xlsx"));
        assert_eq!(file_kind("线索.xls").unwrap_err(), KIND_RULE);
        assert_eq!(rows_of(cells("\n \n")).unwrap_err(), EMPTY);
        assert_eq!(
            rows_of(cells("姓名,联系电话\n")).unwrap_err(),
            EMPTY,
            "a header alone"
        );
        let many = "王五,13900001111\n".repeat(IMPORT_MAX_ROWS + 1);
        assert_eq!(rows_of(cells(&many)).unwrap_err(), too_many());
        let most = "王五,13900001111\n".repeat(IMPORT_MAX_ROWS);
        assert_eq!(rows_of(cells(&most)).unwrap().len(), IMPORT_MAX_ROWS);
    }

    #[test]
    fn the_same_row_is_the_same_whatever_its_spacing() {
        let a = check_rows(rows_of(cells("张三 ,13900001111,男")).unwrap(), today());
        let b = check_rows(rows_of(cells("张三,13900001111 ,1,")).unwrap(), today());
        assert_eq!(identity(&a[0].values), identity(&b[0].values));
        let c = check_rows(rows_of(cells("张三,13900001111,女")).unwrap(), today());
        assert_ne!(identity(&a[0].values), identity(&c[0].values));
    }
}
