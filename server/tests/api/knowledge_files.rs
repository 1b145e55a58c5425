//! Knowledge-base import of the files the browser sends as bytes: an XLSX workbook, a Word
//! document and a text PDF, each made here as the programs that write them do, read into points
//! like the txt/md/csv files; and the files that cannot be read, each refused in Chinese.

use std::io::Write;

use base64::Engine;
use lopdf::content::{Content, Operation};
use lopdf::{Document, Object, Stream, dictionary};
use serde_json::{Value, json};

use crate::common::{Caller, TestApp};
use crate::on_both_backends;

const K: &str = "/api/v1/chat/Knowledge";

pub fn base64(bytes: &[u8]) -> String {
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

/// A workbook of two sheets: the template's columns in another order, then a headless sheet.
pub fn workbook(rows: &[[&str; 3]]) -> Vec<u8> {
    let mut book = rust_xlsxwriter::Workbook::new();
    let sheet = book.add_worksheet();
    for (r, row) in [["补充索引", "问题", "答案"]]
        .iter()
        .chain(rows)
        .enumerate()
    {
        for (c, cell) in row.iter().enumerate() {
            sheet.write_string(r as u32, c as u16, *cell).unwrap();
        }
    }
    let second = book.add_worksheet();
    second.write_string(0, 0, "钥匙可以过夜外借吗？").unwrap();
    second.write_string(0, 1, "不可以，当天归还。").unwrap();
    book.save_to_buffer().unwrap()
}

/// A Word document whose paragraphs are given as (style id, text); `styles` names the heading
/// styles as Word does (a Chinese Word calls its 标题 1 style "1", named "heading 1").
pub fn word(paragraphs: &[(&str, &str)]) -> Vec<u8> {
    let body: String = paragraphs
        .iter()
        .map(|(style, text)| {
            let style = if style.is_empty() {
                String::new()
            } else {
                format!(r#"<w:pPr><w:pStyle w:val="{style}"/></w:pPr>"#)
            };
            let text = text.replace('&', "&amp;").replace('<', "&lt;");
            format!(r#"<w:p>{style}<w:r><w:t xml:space="preserve">{text}</w:t></w:r></w:p>"#)
        })
        .collect();
    let document = format!(
        r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>{body}</w:body></w:document>"#
    );
    let styles = r#"<?xml version="1.0" encoding="UTF-8"?><w:styles xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:style w:type="paragraph" w:styleId="a"><w:name w:val="Normal"/></w:style><w:style w:type="paragraph" w:styleId="1"><w:name w:val="heading 1"/><w:pPr><w:outlineLvl w:val="0"/></w:pPr></w:style><w:style w:type="paragraph" w:styleId="2"><w:name w:val="heading 2"/></w:style></w:styles>"#;
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let stored =
        zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
    for (name, text) in [
        ("[Content_Types].xml", "<Types/>"),
        ("word/document.xml", document.as_str()),
        ("word/styles.xml", styles),
    ] {
        zip.start_file(name, stored).unwrap();
        zip.write_all(text.as_bytes()).unwrap();
    }
    zip.finish().unwrap().into_inner()
}

/// A PDF whose one page shows `lines` in a CID font with a ToUnicode map (as Chinese PDFs are
/// written), placed line by line by moving the pen: its text comes out run together.
pub fn pdf(lines: &[&str]) -> Vec<u8> {
    pdf_of(lines, false)
}

/// [`pdf`], declaring (when `locked`) an encryption no empty password opens.
fn pdf_of(lines: &[&str], locked: bool) -> Vec<u8> {
    let mut doc = Document::with_version("1.5");
    let pages_id = doc.new_object_id();
    let mut chars: Vec<char> = lines.iter().flat_map(|l| l.chars()).collect();
    chars.sort_unstable();
    chars.dedup();
    let map: String = chars
        .iter()
        .map(|c| format!("<{:04X}> <{:04X}>\n", *c as u32, *c as u32))
        .collect();
    let cmap = format!(
        "/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n{} beginbfchar\n{map}endbfchar\nendcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n",
        chars.len()
    );
    let to_unicode = doc.add_object(Stream::new(dictionary! {}, cmap.into_bytes()));
    let descendant = doc.add_object(dictionary! {
        "Type" => "Font", "Subtype" => "CIDFontType2", "BaseFont" => "SimSun",
        "CIDSystemInfo" => dictionary! {
            "Registry" => Object::string_literal("Adobe"),
            "Ordering" => Object::string_literal("Identity"), "Supplement" => 0,
        },
    });
    let font = doc.add_object(dictionary! {
        "Type" => "Font", "Subtype" => "Type0", "BaseFont" => "SimSun",
        "Encoding" => "Identity-H", "DescendantFonts" => vec![descendant.into()],
        "ToUnicode" => to_unicode,
    });
    let resources = doc.add_object(dictionary! { "Font" => dictionary! { "F1" => font } });
    let mut operations = vec![
        Operation::new("BT", vec![]),
        Operation::new("Tf", vec!["F1".into(), 12.into()]),
    ];
    for line in lines {
        let code: Vec<u8> = line
            .chars()
            .flat_map(|c| (c as u16).to_be_bytes())
            .collect();
        operations.push(Operation::new("Td", vec![0.into(), (-16).into()]));
        operations.push(Operation::new(
            "Tj",
            vec![Object::String(code, lopdf::StringFormat::Hexadecimal)],
        ));
    }
    operations.push(Operation::new("ET", vec![]));
    let content = doc.add_object(Stream::new(
        dictionary! {},
        Content { operations }.encode().unwrap(),
    ));
    let page = doc.add_object(dictionary! {
        "Type" => "Page", "Parent" => pages_id, "Contents" => content,
    });
    doc.objects.insert(
        pages_id,
        Object::Dictionary(dictionary! {
            "Type" => "Pages", "Kids" => vec![page.into()], "Count" => 1,
            "Resources" => resources,
            "MediaBox" => vec![0.into(), 0.into(), 595.into(), 842.into()],
        }),
    );
    let catalog = doc.add_object(dictionary! { "Type" => "Catalog", "Pages" => pages_id });
    doc.trailer.set("Root", catalog);
    if locked {
        let encrypt = doc.add_object(dictionary! {
            "Filter" => "Standard", "V" => 2, "R" => 3, "Length" => 128, "P" => -4,
            "O" => Object::String(vec![7; 32], lopdf::StringFormat::Hexadecimal),
            "U" => Object::String(vec![9; 32], lopdf::StringFormat::Hexadecimal),
        });
        doc.trailer.set("Encrypt", encrypt);
        doc.trailer.set(
            "ID",
            Object::Array(vec![
                Object::string_literal(b"ABC".to_vec()),
                Object::string_literal(b"ABC".to_vec()),
            ]),
        );
    }
    let mut bytes = Vec::new();
    doc.save_to(&mut bytes).unwrap();
    bytes
}

/// A PDF of one page holding no text at all, as a scanner writes one (a drawn shape here).
fn scanned_pdf() -> Vec<u8> {
    let mut doc = Document::with_version("1.5");
    let pages_id = doc.new_object_id();
    let content = doc.add_object(Stream::new(
        dictionary! {},
        b"0 0 1 rg 10 10 200 200 re f".to_vec(),
    ));
    let page = doc.add_object(dictionary! {
        "Type" => "Page", "Parent" => pages_id, "Contents" => content,
    });
    doc.objects.insert(
        pages_id,
        Object::Dictionary(dictionary! {
            "Type" => "Pages", "Kids" => vec![page.into()], "Count" => 1,
            "MediaBox" => vec![0.into(), 0.into(), 595.into(), 842.into()],
        }),
    );
    let catalog = doc.add_object(dictionary! { "Type" => "Catalog", "Pages" => pages_id });
    doc.trailer.set("Root", catalog);
    let mut bytes = Vec::new();
    doc.save_to(&mut bytes).unwrap();
    bytes
}

/// An empty knowledge base for one test.
pub async fn new_base(admin: &Caller<'_>, name: &str) -> i64 {
    admin
        .data(
            &format!("{K}/config"),
            json!({ "name": name, "description": "" }),
        )
        .await["id"]
        .as_i64()
        .unwrap()
}

async fn preview(admin: &Caller<'_>, base: i64, file_name: &str, bytes: &[u8]) -> Value {
    admin
        .data(
            &format!("{K}/file/import/analysis"),
            json!({ "knowledgeId": base, "fileName": file_name, "data": base64(bytes) }),
        )
        .await
}

fn pairs(preview: &Value) -> Vec<(String, String)> {
    preview["points"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["question"].as_str().unwrap().to_owned(),
                p["answer"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

fn qa(question: &str, answer: &str) -> (String, String) {
    (question.to_owned(), answer.to_owned())
}

async fn xlsx_docx_and_pdf_files_are_read_into_points(app: TestApp) {
    let admin = app.as_user("admin").await;
    let base = new_base(&admin, "文件导入测试").await;

    let sheet = preview(
        &admin,
        base,
        "钥匙制度.xlsx",
        &workbook(&[
            [
                "借钥匙|钥匙借用",
                "钥匙怎么借？",
                "在系统登记后找店长借出。",
            ],
            ["", "没有答案的问题", ""],
        ]),
    )
    .await;
    assert_eq!(
        pairs(&sheet),
        [
            qa("钥匙怎么借？", "在系统登记后找店长借出。"),
            qa("钥匙可以过夜外借吗？", "不可以，当天归还。"),
        ]
    );
    assert_eq!(sheet["points"][0]["indexes"], json!(["借钥匙", "钥匙借用"]));
    assert_eq!(sheet["fresh"], 2);

    let document = preview(
        &admin,
        base,
        "带看规范.DOCX",
        &word(&[
            ("1", "带看规范"),
            ("2", "带看前要准备什么？"),
            ("", "确认房源状态 & 钥匙位置。"),
            ("", "与业主约好时间。"),
            ("2", "带看后要做什么？"),
            ("", "当天写跟进。"),
        ]),
    )
    .await;
    assert_eq!(
        pairs(&document),
        [
            qa(
                "带看前要准备什么？",
                "确认房源状态 & 钥匙位置。\n与业主约好时间。"
            ),
            qa("带看后要做什么？", "当天写跟进。"),
        ]
    );
    // 问/答 paragraphs are read as pairs, whatever the styles.
    let document = preview(
        &admin,
        base,
        "问答.docx",
        &word(&[("", "问：周末谁值班？"), ("", "答：店长排班。")]),
    )
    .await;
    assert_eq!(pairs(&document), [qa("周末谁值班？", "店长排班。")]);

    let paper = preview(
        &admin,
        base,
        "门店制度.pdf",
        &pdf(&[
            "门店制度",
            "问：几点开门？",
            "答：每天8:30开门。",
            "问：钥匙丢了怎么办？",
            "答：1小时内报告店长。",
        ]),
    )
    .await;
    assert_eq!(
        pairs(&paper),
        [
            qa("几点开门？", "每天8:30开门。"),
            qa("钥匙丢了怎么办？", "1小时内报告店长。"),
        ]
    );

    // Submitted like any preview: the PDF's points become a data set named after the file.
    let points: Vec<Value> = paper["points"].as_array().unwrap().clone();
    let added = admin
        .data(
            &format!("{K}/analysis/submit"),
            json!({ "knowledgeId": base, "fileName": "门店制度.pdf", "points": points }),
        )
        .await;
    assert_eq!(added["added"], 2);
    let again = preview(
        &admin,
        base,
        "门店制度.pdf",
        &pdf(&["问：几点开门？", "答：每天8:30开门。"]),
    )
    .await;
    assert_eq!(again["points"][0]["duplicate"], true);
    assert_eq!(again["fresh"], 0);
}

async fn unreadable_files_are_refused_each_in_chinese(app: TestApp) {
    let admin = app.as_user("admin").await;
    let base = new_base(&admin, "坏文件测试").await;
    let refused = |file_name: &'static str, body: Value| {
        let admin = &admin;
        async move {
            let mut body = body;
            body["knowledgeId"] = json!(base);
            body["fileName"] = json!(file_name);
            admin
                .post(&format!("{K}/file/import/analysis"), body)
                .await
                .message()
                .to_owned()
        }
    };
    assert_eq!(
        refused("扫描件.pdf", json!({ "data": base64(&scanned_pdf()) })).await,
        "该PDF文件中没有可读取的文字（可能是扫描件或图片），无法导入"
    );
    // An encrypted PDF: its trailer names an /Encrypt dictionary no empty password opens.
    let locked = pdf_of(&["问：密码？", "答：没有。"], true);
    assert_eq!(
        refused("加密.pdf", json!({ "data": base64(&locked) })).await,
        "该PDF文件已加密，无法读取，请解除密码保护后再导入"
    );
    assert_eq!(
        refused("坏.pdf", json!({ "data": base64(b"%PDF-1.4 not really") })).await,
        "无法读取该PDF文件，请确认文件完好"
    );
    assert_eq!(
        refused("坏.docx", json!({ "data": base64(b"PK not a zip") })).await,
        "无法读取该docx文件，请确认是Word 2007及以上格式且文件完好"
    );
    assert_eq!(
        refused("坏.xlsx", json!({ "data": base64(b"not a workbook") })).await,
        "无法读取该xlsx文件，请确认文件完好且不是加密文件"
    );
    assert_eq!(
        refused("表.xlsx", json!({ "content": "问题,答案" })).await,
        "文件内容无法读取，请重新选择文件"
    );
    assert_eq!(
        refused(
            "空.docx",
            json!({ "data": base64(&word(&[("", "只是一段话")])) })
        )
        .await,
        "文件中没有可导入的问答"
    );
    assert_eq!(
        refused("旧.doc", json!({ "data": base64(b"x") })).await,
        "仅支持导入txt、md、csv、xlsx、docx、pdf文件"
    );
    // A text file may come as bytes too (GBK, as Windows in China saves it).
    let (gbk, _, _) = encoding_rs::GBK.encode("问：几点开门？\n答：8点。\n");
    let read = admin
        .data(
            &format!("{K}/file/import/analysis"),
            json!({ "knowledgeId": base, "fileName": "旧系统.txt", "data": base64(&gbk) }),
        )
        .await;
    assert_eq!(pairs(&read), [qa("几点开门？", "8点。")]);
}

/// A txt of 1.5 MB (past the 1 MB every other route takes): its preview, 费用预估 and 确认导入 all
/// take it; a file over 20 MB is refused by name with the limit.
async fn a_file_over_one_mb_is_previewed_estimated_and_imported(app: TestApp) {
    let admin = app.as_user("admin").await;
    let base = new_base(&admin, "大文件导入").await;
    let sentence = "看房前与业主确认时间，带好钥匙和带看确认单，进门换鞋套，离开前关好门窗水电。";
    let text: String = (0..3000)
        .map(|i| {
            format!(
                "问：第{i}号房源的看房须知是什么？\n答：{}\n\n",
                sentence.repeat(4)
            )
        })
        .collect();
    assert!(text.len() > 1_500_000, "{}", text.len());
    let read = admin
        .data(
            &format!("{K}/file/import/analysis"),
            json!({ "knowledgeId": base, "fileName": "看房须知.txt", "content": text }),
        )
        .await;
    assert_eq!(read["fresh"], 3000);
    let points: Vec<Value> = read["points"].as_array().unwrap().clone();
    let fee = admin
        .data(
            &format!("{K}/fee/expect"),
            json!({ "knowledgeId": base, "points": points }),
        )
        .await;
    assert_eq!(fee["points"], 3000);
    let added = admin
        .data(
            &format!("{K}/analysis/submit"),
            json!({ "knowledgeId": base, "fileName": "看房须知.txt", "points": points }),
        )
        .await;
    assert_eq!(added["added"], 3000);

    let huge = "问：大吗？\n答：大。\n".repeat(20 * 1024 * 1024 / 20 + 1);
    assert!(huge.len() > 20 * 1024 * 1024);
    let refused = admin
        .post(
            &format!("{K}/file/import/analysis"),
            json!({ "knowledgeId": base, "fileName": "太大.txt", "content": huge }),
        )
        .await;
    assert_eq!(
        refused.message(),
        "文件「太大.txt」超过20MB，无法导入，请拆分后再导入"
    );
}

on_both_backends!(
    xlsx_docx_and_pdf_files_are_read_into_points,
    unreadable_files_are_refused_each_in_chinese,
    a_file_over_one_mb_is_previewed_estimated_and_imported,
);

/// Polls a batch until it has ended (at most a minute).
async fn ended(admin: &Caller<'_>, id: i64) -> Value {
    for _ in 0..600 {
        let batch = admin
            .data(&format!("{K}/batch/import/progress/{id}"), json!({}))
            .await;
        let open = batch["files"]
            .as_array()
            .unwrap()
            .iter()
            .any(|f| f["stage"].as_i64().unwrap() < 4);
        if batch["status"] != 1 && !open {
            return batch;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("batch {id} still running after a minute");
}

async fn points_in(admin: &Caller<'_>, base: i64) -> i64 {
    admin
        .data(
            &format!("{K}/data/set/list/count"),
            json!({ "knowledgeId": base }),
        )
        .await["points"]
        .as_i64()
        .unwrap()
}

async fn a_batch_imports_every_file_and_shows_how_far_it_is(app: TestApp) {
    let admin = app.as_user("admin").await;
    let base = new_base(&admin, "批量导入测试").await;
    let files = json!([
        { "fileName": "带看.csv", "content": "问题,答案\n带看要带什么？,带看确认单。\n带看迟到怎么办？,提前告知客户。\n" },
        { "fileName": "钥匙.xlsx", "data": base64(&workbook(&[["", "钥匙放哪？", "放钥匙柜。"]])) },
        { "fileName": "制度.pdf", "data": base64(&pdf(&["问：几点开门？", "答：8:30。"])) },
        { "fileName": "坏.docx", "data": base64(b"PK broken") },
        { "fileName": "重复.txt", "content": "问：带看要带什么？\n答：带看确认单。\n" },
    ]);
    let started = admin
        .data(
            &format!("{K}/batch/import"),
            json!({ "knowledgeId": base, "files": files.clone() }),
        )
        .await;
    assert_eq!(started["status"], 1, "{started}");
    assert_eq!(started["statusName"], "导入中");
    assert_eq!(started["filesTotal"], 5);
    assert_eq!(started["files"][0]["fileName"], "带看.csv");
    let id = started["id"].as_i64().unwrap();

    let batch = ended(&admin, id).await;
    assert_eq!(batch["status"], 2, "{batch}");
    assert_eq!(batch["statusName"], "已完成");
    assert_eq!(
        (&batch["filesDone"], &batch["failed"], &batch["percent"]),
        (&json!(5), &json!(1), &json!(100))
    );
    // 2 + 2 (the second sheet of the workbook) + 1 + 1 read; the repeated one skipped.
    assert_eq!(
        (
            &batch["rowsTotal"],
            &batch["rowsDone"],
            &batch["added"],
            &batch["skipped"]
        ),
        (&json!(6), &json!(6), &json!(5), &json!(1)),
        "{batch}"
    );
    let stages: Vec<(&str, &str)> = batch["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["stageName"].as_str().unwrap(),
                f["error"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        stages,
        [
            ("已完成", ""),
            ("已完成", ""),
            ("已完成", ""),
            (
                "失败",
                "无法读取该docx文件，请确认是Word 2007及以上格式且文件完好"
            ),
            ("已完成", ""),
        ]
    );
    assert!(batch["files"][0]["dataSetId"].is_i64());
    let set = admin
        .data(
            &format!(
                "{K}/data/set/detail/{}",
                batch["files"][0]["dataSetId"].as_i64().unwrap()
            ),
            json!({}),
        )
        .await;
    assert_eq!(set["name"], "带看", "named after the file, without .csv");
    assert_eq!(
        batch["files"][4]["dataSetId"],
        Value::Null,
        "nothing new, no data set"
    );
    assert_eq!(points_in(&admin, base).await, 5);
    let found = admin
        .data(
            &format!("{K}/vector/search/{base}"),
            json!({ "query": "钥匙放在哪里" }),
        )
        .await;
    assert_eq!(found["list"][0]["question"], "钥匙放哪？");

    // The same files again: nothing twice.
    let again = admin
        .data(
            &format!("{K}/batch/import"),
            json!({ "knowledgeId": base, "files": files }),
        )
        .await;
    let again = ended(&admin, again["id"].as_i64().unwrap()).await;
    assert_eq!((&again["added"], &again["skipped"]), (&json!(0), &json!(6)));
    assert_eq!(points_in(&admin, base).await, 5);

    // Refusals before anything starts.
    let refused = |body: Value| {
        let admin = &admin;
        async move {
            admin
                .post(&format!("{K}/batch/import"), body)
                .await
                .message()
                .to_owned()
        }
    };
    assert_eq!(
        refused(json!({ "knowledgeId": base, "files": [] })).await,
        "请选择要导入的文件"
    );
    let many: Vec<Value> = (0..21)
        .map(|n| json!({ "fileName": format!("{n}.txt"), "content": "问：甲\n答：乙" }))
        .collect();
    assert_eq!(
        refused(json!({ "knowledgeId": base, "files": many })).await,
        "一次最多导入20个文件"
    );
    assert_eq!(
        refused(json!({ "knowledgeId": base, "files": [{ "fileName": "程序.exe", "data": "" }] }))
            .await,
        "程序.exe：仅支持导入txt、md、csv、xlsx、docx、pdf文件"
    );
    let missing = admin
        .post(&format!("{K}/batch/import/progress/987654"), json!({}))
        .await;
    assert_ne!(missing.code(), 0);
}

async fn a_batch_stops_when_asked_and_a_second_import_adds_the_rest(app: TestApp) {
    let admin = app.as_user("admin").await;
    let base = new_base(&admin, "停止导入测试").await;
    let csv: String = std::iter::once("问题,答案\n".to_owned())
        .chain((1..=3000).map(|n| format!("第{n}号房源的钥匙在哪里？,在{n}号钥匙柜。\n")))
        .collect();
    let files = json!([
        { "fileName": "大量钥匙.csv", "content": csv },
        { "fileName": "其后.txt", "content": "问：周末谁值班？\n答：店长排班。\n" },
    ]);
    let started = admin
        .data(
            &format!("{K}/batch/import"),
            json!({ "knowledgeId": base, "files": files.clone() }),
        )
        .await;
    let id = started["id"].as_i64().unwrap();
    let stopped = admin
        .data(&format!("{K}/stop/batch/import/{id}"), json!({}))
        .await;
    assert_eq!(stopped["status"], 3, "{stopped}");
    assert_eq!(stopped["statusName"], "已停止");
    assert!(stopped["finishedAt"].is_i64());

    let batch = ended(&admin, id).await;
    assert_eq!(batch["status"], 3, "a stop stands: {batch}");
    let done = batch["rowsDone"].as_i64().unwrap();
    assert!(done < 3001, "stopped before the end: {batch}");
    assert_eq!(batch["files"][1]["stageName"], "已停止");
    let kept = points_in(&admin, base).await;
    assert_eq!(kept, batch["added"].as_i64().unwrap());

    let again = admin
        .post(&format!("{K}/stop/batch/import/{id}"), json!({}))
        .await;
    assert_eq!(again.message(), "该导入已结束，无法停止");

    // Importing the same files again adds only what the stop left out.
    let rest = admin
        .data(
            &format!("{K}/batch/import"),
            json!({ "knowledgeId": base, "files": files }),
        )
        .await;
    let rest = ended(&admin, rest["id"].as_i64().unwrap()).await;
    assert_eq!(rest["status"], 2, "{rest}");
    assert_eq!(rest["added"].as_i64().unwrap(), 3001 - kept);
    assert_eq!(points_in(&admin, base).await, 3001);
}

/// A server that stopped mid-import (a restart): the batch it left 导入中 is ended at the next
/// start's sweep, its unfinished file 失败 with the reason; importing the same files again adds
/// only what was not stored.
async fn a_batch_left_running_by_a_stopped_server_is_ended_and_can_be_imported_again(app: TestApp) {
    let admin = app.as_user("admin").await;
    let base = new_base(&admin, "中断导入测试").await;
    let files = json!([
        { "fileName": "门禁.txt", "content": "问：门禁卡丢了怎么办？\n答：找行政补办。\n" },
        { "fileName": "车位.csv", "content": "问题,答案\n车位怎么租？,找物业登记。\n车位月租多少？,三百元。\n" },
    ]);
    let started = admin
        .data(
            &format!("{K}/batch/import"),
            json!({ "knowledgeId": base, "files": files.clone() }),
        )
        .await;
    let id = started["id"].as_i64().unwrap();
    ended(&admin, id).await;
    // As a server stopped while storing 车位.csv leaves it: running, the file half-stored.
    app.sql(&format!(
        "UPDATE knowledge_import SET status = 1, files_done = 1, rows_done = 2, added = 2, \
         finished_at = NULL WHERE id = {id}"
    ))
    .await;
    app.sql(&format!(
        "UPDATE knowledge_import_file SET stage = 3, rows_done = 1, added = 1 \
         WHERE import_id = {id} AND seq = 2"
    ))
    .await;
    app.sql("DELETE FROM knowledge_point WHERE question = '车位月租多少？'")
        .await;
    let now = chrono::Utc::now();
    let sweep = brokerdesk_server::knowledge::abandoned::run;
    assert_eq!(
        sweep(&app.db, now).await.unwrap(),
        0,
        "a batch that wrote a moment ago may still be alive"
    );
    let running = admin
        .data(&format!("{K}/batch/import/progress/{id}"), json!({}))
        .await;
    assert_eq!(running["statusName"], "导入中");

    let later = now + chrono::Duration::minutes(3);
    assert_eq!(sweep(&app.db, later).await.unwrap(), 1);
    assert_eq!(sweep(&app.db, later).await.unwrap(), 0, "ended once");
    let batch = admin
        .data(&format!("{K}/batch/import/progress/{id}"), json!({}))
        .await;
    assert_eq!(batch["statusName"], "已完成", "{batch}");
    assert!(batch["finishedAt"].is_i64());
    assert_eq!(
        (&batch["filesDone"], &batch["failed"]),
        (&json!(2), &json!(1))
    );
    assert_eq!(batch["files"][0]["stageName"], "已完成");
    assert_eq!(batch["files"][1]["stageName"], "失败");
    assert_eq!(
        batch["files"][1]["error"],
        "服务重启，导入中断，请重新导入该文件"
    );
    let stop = admin
        .post(&format!("{K}/stop/batch/import/{id}"), json!({}))
        .await;
    assert_eq!(stop.message(), "该导入已结束，无法停止");

    // The retry: the same files again store only the point the stop left out.
    let again = admin
        .data(
            &format!("{K}/batch/import"),
            json!({ "knowledgeId": base, "files": files }),
        )
        .await;
    let again = ended(&admin, again["id"].as_i64().unwrap()).await;
    assert_eq!(
        (&again["statusName"], &again["added"], &again["skipped"]),
        (&json!("已完成"), &json!(1), &json!(2)),
        "{again}"
    );
    assert_eq!(points_in(&admin, base).await, 3);
}

on_both_backends!(
    a_batch_imports_every_file_and_shows_how_far_it_is,
    a_batch_stops_when_asked_and_a_second_import_adds_the_rest,
    a_batch_left_running_by_a_stopped_server_is_ended_and_can_be_imported_again,
);
