//! The knowledge base's rules the browser and the server share: what a test search may ask for
//! (how many hits, from which score), and the extra indexes a question–answer point may carry.
//!
//! Scores are the retrieval's normalised relevance, 0–1: the share of the question's weight
//! (each word weighted by how rare it is in the knowledge base) that a point covers, halved when
//! it lacks the question's weightiest word. The default threshold, 0.25, is the one the evaluation
//! of the demo knowledge base (server/tests/data/retrieval_eval.tsv) answers best with a margin:
//! every question of the base's topics it does not answer scores under 0.2 there.

use crate::org::fields::FieldError;

/// Hits returned when a search does not say.
pub const TOP_K_DEFAULT: i64 = 5;
pub const TOP_K_MAX: i64 = 20;
/// The lowest score kept when a search does not say.
pub const THRESHOLD_DEFAULT: f64 = 0.25;
/// Under this threshold questions the knowledge base does not answer start getting answers from
/// points that share a word with them (the evaluation's sweep): the forms warn.
pub const THRESHOLD_LOW: f64 = 0.20;
pub const TOP_K_RULE: &str = "返回条数须为1-20之间的整数";
/// Said in percent, as every screen shows a threshold: two decimals of a share are whole percents.
pub const THRESHOLD_RULE: &str = "相似度阈值须为0-100%之间的整数";

/// Extra indexes per point, and characters per index.
pub const INDEXES_MAX: usize = 5;
pub const INDEX_LENGTH_MAX: usize = 100;

/// A top-k as given (a number or its text), or [`TOP_K_DEFAULT`] when absent.
pub fn top_k(value: &str) -> Result<i64, String> {
    let value = value.trim();
    if value.is_empty() {
        return Ok(TOP_K_DEFAULT);
    }
    match value.parse::<i64>() {
        Ok(k) if (1..=TOP_K_MAX).contains(&k) => Ok(k),
        _ => Err(TOP_K_RULE.to_owned()),
    }
}

/// What a knowledge base's delete confirmation says of the assistants answering from it (a delete
/// unbinds them): nothing when none does.
pub fn delete_warning(assistant_names: &[String]) -> Option<String> {
    if assistant_names.is_empty() {
        return None;
    }
    let names: Vec<String> = assistant_names
        .iter()
        .map(|name| format!("「{name}」"))
        .collect();
    Some(format!(
        "助手{}正在使用该知识库，删除后它们将不再从中检索答案。{}",
        names.join("、"),
        crate::messages::DELETE_CONFIRM
    ))
}

/// A similarity (a score or a threshold, 0–1) as the screens show it: a percentage, the scale
/// the assistant form's 相似度阈值 is set in, with up to two decimals (0.3 → `30%`,
/// 0.43216 → `43.22%`).
pub fn similarity_percent(ratio: f64) -> String {
    let hundredths = (ratio.clamp(0.0, 1.0) * 10_000.0).round() as u32;
    let (whole, part) = (hundredths / 100, hundredths % 100);
    match part {
        0 => format!("{whole}%"),
        p if p % 10 == 0 => format!("{whole}.{}%", p / 10),
        p => format!("{whole}.{p:02}%"),
    }
}

/// What the assistant form and 检索测试 say under a threshold (0–1) below [`THRESHOLD_LOW`].
pub fn threshold_warning(threshold: f64) -> Option<String> {
    (threshold < THRESHOLD_LOW - 1e-9).then(|| {
        format!(
            "阈值低于{}时，与知识库无关的问题也可能被回答，建议不低于{}",
            similarity_percent(THRESHOLD_LOW),
            similarity_percent(THRESHOLD_DEFAULT)
        )
    })
}

/// A threshold as given, 0–1 with at most two decimals, or [`THRESHOLD_DEFAULT`] when absent.
pub fn threshold(value: &str) -> Result<f64, String> {
    let value = value.trim();
    if value.is_empty() {
        return Ok(THRESHOLD_DEFAULT);
    }
    let decimals = value.split_once('.').map_or(0, |(_, tail)| tail.len());
    let digits_only = value.chars().all(|c| c.is_ascii_digit() || c == '.');
    match value.parse::<f64>() {
        Ok(t) if digits_only && decimals <= 2 && (0.0..=1.0).contains(&t) => Ok(t),
        _ => Err(THRESHOLD_RULE.to_owned()),
    }
}

/// A point's extra indexes: trimmed, blank and repeated ones dropped, at most
/// [`INDEXES_MAX`] of at most [`INDEX_LENGTH_MAX`] characters.
pub fn indexes(given: &[String]) -> Result<Vec<String>, FieldError> {
    let mut kept: Vec<String> = Vec::new();
    for index in given {
        let index = index.trim();
        if index.is_empty() || kept.iter().any(|k| k == index) {
            continue;
        }
        if index.chars().count() > INDEX_LENGTH_MAX {
            return Err(FieldError::new(
                "indexes",
                format!("每条补充索引不能超过{INDEX_LENGTH_MAX}个字符"),
            ));
        }
        kept.push(index.to_owned());
    }
    if kept.len() > INDEXES_MAX {
        return Err(FieldError::new(
            "indexes",
            format!("补充索引最多{INDEXES_MAX}条"),
        ));
    }
    Ok(kept)
}

/// The text two points are the same by (re-importing a file adds nothing twice): question and
/// answer trimmed, runs of white space made one space.
pub fn identity(question: &str, answer: &str) -> String {
    let squeeze = |text: &str| text.split_whitespace().collect::<Vec<_>>().join(" ");
    format!("{}\n{}", squeeze(question), squeeze(answer))
}

/// Files one batch import takes.
pub const BATCH_FILES_MAX: usize = 20;
pub const BATCH_NO_FILES: &str = "请选择要导入的文件";
pub const BATCH_TOO_MANY: &str = "一次最多导入20个文件";
pub const BATCH_ENDED: &str = "该导入已结束，无法停止";

/// Where a batch import stands (core `knowledgeImportStatus`): it runs until every file is done
/// (已完成) or someone stops it (已停止); both are final.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImportStatus {
    Running = 1,
    Done = 2,
    Stopped = 3,
}

/// What moves a batch import: the server finishing its last file, or a person's 停止.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImportAction {
    Finish,
    Stop,
}

/// The batch import table: every move there is.
const IMPORT_MOVES: [(ImportAction, ImportStatus, ImportStatus); 2] = [
    (
        ImportAction::Finish,
        ImportStatus::Running,
        ImportStatus::Done,
    ),
    (
        ImportAction::Stop,
        ImportStatus::Running,
        ImportStatus::Stopped,
    ),
];

impl ImportStatus {
    pub fn code(self) -> i16 {
        self as i16
    }

    pub fn from_code(code: i16) -> Option<ImportStatus> {
        [Self::Running, Self::Done, Self::Stopped]
            .into_iter()
            .find(|status| status.code() == code)
    }

    /// Where `action` takes a batch in this status, or why not.
    pub fn after(self, action: ImportAction) -> Result<ImportStatus, String> {
        IMPORT_MOVES
            .iter()
            .find(|(a, from, _)| *a == action && *from == self)
            .map(|(_, _, to)| *to)
            .ok_or_else(|| BATCH_ENDED.to_owned())
    }
}

/// One file's stage in a batch import (core `knowledgeFileStage`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileStage {
    Queued = 0,
    Parsing = 1,
    Splitting = 2,
    Indexing = 3,
    Done = 4,
    Failed = 5,
    Stopped = 6,
}

impl FileStage {
    pub fn code(self) -> i16 {
        self as i16
    }

    /// A file not yet finished, which a stop leaves 已停止.
    pub fn is_open(code: i16) -> bool {
        code < FileStage::Done.code()
    }
}

/// Where a point's vector stands while an embeddings endpoint is configured (core
/// `knowledgeVectorStage`): none yet or made from an older text, made, or refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VectorStage {
    Waiting,
    Done,
    Failed,
}

impl VectorStage {
    /// The value the API gives (`waiting`, `done`, `failed`).
    pub fn code(self) -> &'static str {
        match self {
            Self::Waiting => "waiting",
            Self::Done => "done",
            Self::Failed => "failed",
        }
    }

    /// 待向量化, 已向量化, 失败.
    pub fn label(self) -> &'static str {
        crate::enums::KNOWLEDGE_VECTOR_STAGE
            .label(self.code())
            .unwrap_or_default()
    }

    /// A point's stage: `fresh` when it has a vector of the configured model made from its
    /// current text; `failed` when the endpoint refused its latest attempt.
    pub fn of(fresh: bool, failed: bool) -> Self {
        match (fresh, failed) {
            (false, _) => Self::Waiting,
            (true, true) => Self::Failed,
            (true, false) => Self::Done,
        }
    }
}

/// Whole per cent of `done` out of `total` (0 of 0 is 0; never over 100).
pub fn percent(done: i64, total: i64) -> i64 {
    if total <= 0 {
        0
    } else {
        (done.clamp(0, total) * 100) / total
    }
}

/// The columns of the question–answer template, in order; a CSV file's first row naming them
/// says which column is which.
pub const CSV_COLUMNS: [&str; 3] = ["问题", "答案", "补充索引"];

/// The example row of the question–answer template: question, answer and extra indexes. A file
/// that still holds it is read without it ([`is_template_example`]): an import never stores the
/// template's example as knowledge.
pub const TEMPLATE_EXAMPLE: [&str; 3] = [
    "带看前需要做哪些准备？",
    "确认房源状态和钥匙位置，与业主约好时间，准备好带看确认单。",
    "看房前准备|带看准备工作",
];
/// What a preview says of the template's example row.
pub const TEMPLATE_EXAMPLE_SKIPPED: &str = "模板示例行，不导入";

/// Whether a point read from a file is the template's example row (by its question and answer,
/// spacing aside).
pub fn is_template_example(question: &str, answer: &str) -> bool {
    identity(question, answer) == identity(TEMPLATE_EXAMPLE[0], TEMPLATE_EXAMPLE[1])
}

/// The text two questions are the same by: trimmed, runs of white space made one space. An
/// import skips a point whose question the knowledge base already holds (已存在), whatever its
/// answer, so a file never puts a second answer beside a curated one.
pub fn question_key(question: &str) -> String {
    question.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// What the import dialogs say of the shapes a file is read in, kind by kind.
pub const IMPORT_FORMATS: &[(&str, &str)] = &[
    (
        "csv、xlsx",
        "按模板三列：问题、答案、补充索引（多个索引用 | 分隔）；首行为列名时按列名识别。模板中的示例行不会导入。",
    ),
    (
        "txt、md、docx、pdf",
        "“问：”“答：”成对书写（也可写作“问题：”“答案：”或“Q:”“A:”），答案可跨多行，直到下一个“问：”。",
    ),
    ("md、docx", "也可用标题作问题，标题下的正文作答案。"),
];

/// A txt file as an import reads it.
pub const IMPORT_TXT_EXAMPLE: &str = "问：带看前需要做哪些准备？\n答：确认房源状态和钥匙位置，与业主约好时间。\n\n问：钥匙丢失了怎么办？\n答：先报店长，当天换锁。";

/// The question–answer template to download and fill: the header and the example row
/// ([`TEMPLATE_EXAMPLE`]). Extra indexes in one cell are separated by `|`.
pub fn csv_template() -> String {
    let [question, answer, indexes] = TEMPLATE_EXAMPLE;
    format!(
        "{}\r\n{question},\"{answer}\",{indexes}\r\n",
        CSV_COLUMNS.join(","),
    )
}

/// A point read from an imported file, before it is checked and stored.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ImportedPoint {
    pub question: String,
    pub answer: String,
    pub indexes: Vec<String>,
}

/// The file kinds an import reads, by extension.
pub const IMPORT_KINDS: &[&str] = &["txt", "md", "csv", "xlsx", "docx", "pdf"];
/// The kinds the browser sends as bytes (base64), for the server to open; the others as text.
pub const BINARY_KINDS: &[&str] = &["xlsx", "docx", "pdf"];
pub const IMPORT_KIND_RULE: &str = "仅支持导入txt、md、csv、xlsx、docx、pdf文件";
pub const IMPORT_EMPTY: &str = "文件中没有可导入的问答";
/// Per-file refusals of the kinds the server opens.
pub const NOT_BASE64: &str = "文件内容无法读取，请重新选择文件";
pub const XLSX_UNREADABLE: &str = "无法读取该xlsx文件，请确认文件完好且不是加密文件";
pub const DOCX_UNREADABLE: &str = "无法读取该docx文件，请确认是Word 2007及以上格式且文件完好";
pub const PDF_ENCRYPTED: &str = "该PDF文件已加密，无法读取，请解除密码保护后再导入";
pub const PDF_NO_TEXT: &str = "该PDF文件中没有可读取的文字（可能是扫描件或图片），无法导入";
pub const PDF_UNREADABLE: &str = "无法读取该PDF文件，请确认文件完好";

/// The kind of a file by its extension, lower-cased, or [`IMPORT_KIND_RULE`].
pub fn import_kind(file_name: &str) -> Result<String, String> {
    let kind = file_name
        .rsplit_once('.')
        .map(|(_, ext)| ext.trim().to_ascii_lowercase())
        .unwrap_or_default();
    if IMPORT_KINDS.contains(&kind.as_str()) {
        Ok(kind)
    } else {
        Err(IMPORT_KIND_RULE.to_owned())
    }
}

/// Said by `fee/expect` when no price is configured: nothing to multiply, and nothing is paid.
pub const FEE_UNPRICED: &str =
    "未配置大模型计费单价：知识库在本机分词建立检索索引，不调用大模型，导入不产生费用";

/// The tokens a model would count for `text`, estimated without its tokenizer: one per Chinese
/// (or other non-ASCII) character, one per four letters or digits of a Latin word (rounded up),
/// one per punctuation mark; white space counts nothing. Chinese text, what a knowledge base
/// holds, comes out close to what DeepSeek's and Qwen's tokenizers count.
pub fn estimate_tokens(text: &str) -> u64 {
    let mut tokens = 0u64;
    let mut word = 0u64;
    for c in text.chars() {
        if c.is_ascii_alphanumeric() {
            word += 1;
            continue;
        }
        tokens += word.div_ceil(4);
        word = 0;
        if !c.is_whitespace() {
            tokens += 1;
        }
    }
    tokens + word.div_ceil(4)
}

/// The tokens of one point as indexed: its question, answer and extra indexes.
pub fn point_tokens(question: &str, answer: &str, indexes: &[String]) -> u64 {
    estimate_tokens(question)
        + estimate_tokens(answer)
        + indexes
            .iter()
            .map(|index| estimate_tokens(index))
            .sum::<u64>()
}

/// What `tokens` cost at `fen_per_million` fen per million tokens, in whole fen rounded up (a
/// started fen is charged).
pub fn fee_fen(tokens: u64, fen_per_million: i64) -> i64 {
    let price = u128::try_from(fen_per_million.max(0)).unwrap_or(0);
    let fen = (u128::from(tokens) * price).div_ceil(1_000_000);
    i64::try_from(fen).unwrap_or(i64::MAX)
}

/// The data set a chat turn made a point (`dialogue/create`, 对话标注) goes to.
pub const DIALOGUE_DATA_SET: &str = "对话标注";

/// The longest name of a data set.
pub const DATA_SET_NAME_MAX: usize = 50;

/// The name of the data set a file's points go to: the file's name without its folder and
/// without the extension an import reads (规则.docx → 规则), at most [`DATA_SET_NAME_MAX`]
/// characters; a name that is nothing but the extension keeps it.
pub fn data_set_name_of_file(file_name: &str) -> String {
    let name = file_name.trim();
    let name = name.rsplit(['/', '\\']).next().unwrap_or(name);
    let stem = match name.rsplit_once('.') {
        Some((stem, ext))
            if !stem.trim().is_empty()
                && IMPORT_KINDS.contains(&ext.trim().to_ascii_lowercase().as_str()) =>
        {
            stem.trim()
        }
        _ => name,
    };
    stem.chars().take(DATA_SET_NAME_MAX).collect()
}

/// The largest file an import takes (文件导入, 网页解析's preview aside): 20 MB. The dialog refuses
/// a larger one before sending it, the server refuses it too ([`import_file_too_large`]).
pub const IMPORT_FILE_MAX_BYTES: usize = 20 * 1024 * 1024;

/// The request body of an import's preview, its 确认导入 and its 费用预估: a file of
/// [`IMPORT_FILE_MAX_BYTES`] in base64 (4/3 of it) inside JSON, or its points as JSON, with room.
pub const IMPORT_BODY_MAX_BYTES: usize = 32 * 1024 * 1024;

/// Why a file of `size` bytes cannot be imported, if it is too large:
/// 文件「规则.pdf」超过20MB，无法导入，请拆分后再导入.
pub fn import_file_too_large(file_name: &str, size: u64) -> Option<String> {
    (size > IMPORT_FILE_MAX_BYTES as u64).then(|| {
        format!(
            "文件「{file_name}」超过{}MB，无法导入，请拆分后再导入",
            IMPORT_FILE_MAX_BYTES / (1024 * 1024)
        )
    })
}

/// Whether the browser sends this file as bytes (base64) rather than as text.
pub fn is_binary_import(file_name: &str) -> bool {
    import_kind(file_name).is_ok_and(|kind| BINARY_KINDS.contains(&kind.as_str()))
}

/// The points of a file's text, by its extension: a CSV of question, answer and extra indexes
/// (the template), or text and markdown written as 问：/答： pairs (Q:/A: too), or in markdown,
/// each heading a question and the text below it the answer. The server gives a Word
/// document's text here as markdown (its heading paragraphs marked `#`), and a PDF's as text.
/// An XLSX sheet is read by [`points_of_rows`].
pub fn parse_import(file_name: &str, text: &str) -> Result<Vec<ImportedPoint>, String> {
    let kind = import_kind(file_name)?;
    let text = text.trim_start_matches('\u{feff}');
    let points = match kind.as_str() {
        "csv" => points_of_rows(csv_rows(text)),
        "md" | "txt" | "docx" | "pdf" => {
            let text = if kind == "pdf" {
                lines_at_marks(text)
            } else {
                text.to_owned()
            };
            let pairs = parse_pairs(&text);
            if pairs.is_empty() && matches!(kind.as_str(), "md" | "docx") {
                parse_headings(&text)
            } else {
                pairs
            }
        }
        _ => return Err(IMPORT_KIND_RULE.to_owned()),
    };
    found(points)
}

/// A PDF's text with a line break before each 问：/答： (问题：/答案：) mark: a PDF often
/// places a page's lines by moving the pen, not by line breaks, so its text runs together.
fn lines_at_marks(text: &str) -> String {
    const MARKS: [&str; 4] = ["问题：", "答案：", "问：", "答："];
    let mut out = String::with_capacity(text.len() + 16);
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if MARKS.iter().any(|mark| rest.starts_with(mark))
            && !out.is_empty()
            && !out.ends_with('\n')
        {
            out.push('\n');
        }
        // A mark's own 问 or 答 is passed whole, so 问题： is not cut again at 题.
        let mark = MARKS.iter().find(|mark| rest.starts_with(**mark));
        let step = mark.map_or(c.len_utf8(), |mark| mark.len());
        out.push_str(&rest[..step]);
        rest = &rest[step..];
    }
    out
}

/// [`IMPORT_EMPTY`] for a file without a point.
pub fn found(points: Vec<ImportedPoint>) -> Result<Vec<ImportedPoint>, String> {
    if points.is_empty() {
        Err(IMPORT_EMPTY.to_owned())
    } else {
        Ok(points)
    }
}

/// The rows of a CSV text: fields separated by commas, quoted with `"` where they hold commas,
/// quotes (doubled) or line breaks.
pub fn csv_rows(text: &str) -> Vec<Vec<String>> {
    let mut rows = Vec::new();
    let (mut row, mut field) = (Vec::new(), String::new());
    let mut quoted = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                field.push('"');
                chars.next();
            }
            (true, '"') => quoted = false,
            (true, c) => field.push(c),
            (false, '"') if field.is_empty() => quoted = true,
            (false, ',') => row.push(std::mem::take(&mut field)),
            (false, '\r') => {}
            (false, '\n') => {
                row.push(std::mem::take(&mut field));
                rows.push(std::mem::take(&mut row));
            }
            (false, c) => field.push(c),
        }
    }
    if !field.is_empty() || !row.is_empty() {
        row.push(field);
        rows.push(row);
    }
    rows
}

fn split_indexes(cell: &str) -> Vec<String> {
    cell.split(['|', '；', ';'])
        .map(str::trim)
        .filter(|index| !index.is_empty())
        .map(str::to_owned)
        .collect()
}

/// The points of a table's rows (a CSV file or an XLSX sheet): the template's columns, in the
/// order a first row naming them says, else the first three; rows without question or answer
/// are skipped.
pub fn points_of_rows(rows: Vec<Vec<String>>) -> Vec<ImportedPoint> {
    let mut rows = rows.into_iter();
    let mut columns = [0usize, 1, 2];
    let mut first = rows.next();
    if let Some(header) = &first {
        let at = |name: &str| header.iter().position(|cell| cell.trim() == name);
        if let (Some(q), Some(a)) = (at(CSV_COLUMNS[0]), at(CSV_COLUMNS[1])) {
            columns = [q, a, at(CSV_COLUMNS[2]).unwrap_or(usize::MAX)];
            first = None;
        }
    }
    first
        .into_iter()
        .chain(rows)
        .filter_map(|row| {
            let cell = |i: usize| row.get(i).map_or("", |c| c.trim());
            let (question, answer) = (cell(columns[0]), cell(columns[1]));
            (!question.is_empty() && !answer.is_empty()).then(|| ImportedPoint {
                question: question.to_owned(),
                answer: answer.to_owned(),
                indexes: split_indexes(cell(columns[2])),
            })
        })
        .collect()
}

/// `问：…` / `答：…` pairs (also `问题：`, `答案：`, `Q:`, `A:`), an answer running on to the
/// next question.
fn parse_pairs(text: &str) -> Vec<ImportedPoint> {
    fn after<'a>(line: &'a str, marks: &[&str]) -> Option<&'a str> {
        marks.iter().find_map(|mark| {
            line.strip_prefix(mark)
                .map(|rest| rest.trim_start_matches([':', '：', ' ']).trim())
        })
    }
    const ASKED: &[&str] = &["问题", "问", "Q", "q"];
    const ANSWERED: &[&str] = &["答案", "答", "A", "a"];
    let mut points = Vec::new();
    let mut current: Option<(String, String)> = None;
    let mut answering = false;
    let mut finish = |current: &mut Option<(String, String)>| {
        if let Some((question, answer)) = current.take()
            && !question.trim().is_empty()
            && !answer.trim().is_empty()
        {
            points.push(ImportedPoint {
                question: question.trim().to_owned(),
                answer: answer.trim().to_owned(),
                indexes: Vec::new(),
            });
        }
    };
    for line in text.lines() {
        let line = line.trim();
        let marked = |marks: &[&str]| {
            marks.iter().any(|mark| {
                line.strip_prefix(mark)
                    .is_some_and(|rest| rest.starts_with([':', '：']))
            })
        };
        if marked(ASKED) {
            finish(&mut current);
            current = Some((
                after(line, ASKED).unwrap_or_default().to_owned(),
                String::new(),
            ));
            answering = false;
        } else if marked(ANSWERED) {
            if let Some((_, answer)) = current.as_mut() {
                answer.push_str(after(line, ANSWERED).unwrap_or_default());
                answering = true;
            }
        } else if let Some((question, answer)) = current.as_mut() {
            let target = if answering { answer } else { question };
            if !line.is_empty() {
                if !target.is_empty() {
                    target.push('\n');
                }
                target.push_str(line);
            }
        }
    }
    finish(&mut current);
    points
}

/// Markdown without 问/答 marks: each heading a question, the text up to the next heading its
/// answer.
fn parse_headings(text: &str) -> Vec<ImportedPoint> {
    let mut points = Vec::new();
    let mut current: Option<(String, Vec<&str>)> = None;
    let push = |current: Option<(String, Vec<&str>)>, points: &mut Vec<ImportedPoint>| {
        if let Some((question, lines)) = current {
            let answer = lines.join("\n").trim().to_owned();
            if !question.is_empty() && !answer.is_empty() {
                points.push(ImportedPoint {
                    question,
                    answer,
                    indexes: Vec::new(),
                });
            }
        }
    };
    for line in text.lines() {
        if line.starts_with('#') {
            push(current.take(), &mut points);
            current = Some((line.trim_start_matches('#').trim().to_owned(), Vec::new()));
        } else if let Some((_, lines)) = current.as_mut() {
            lines.push(line.trim_end());
        }
    }
    push(current, &mut points);
    points
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_import_file_may_be_20_mb_and_the_refusal_says_so() {
        assert_eq!(import_file_too_large("规则.txt", 20 * 1024 * 1024), None);
        assert_eq!(
            import_file_too_large("规则.txt", 20 * 1024 * 1024 + 1).as_deref(),
            Some("文件「规则.txt」超过20MB，无法导入，请拆分后再导入")
        );
        // A file at the limit, base64 in JSON, fits the body the import routes take.
        assert!(IMPORT_FILE_MAX_BYTES.div_ceil(3) * 4 + 64 * 1024 < IMPORT_BODY_MAX_BYTES);
    }

    #[test]
    fn vector_stages_have_their_labels() {
        assert_eq!(VectorStage::of(false, false).label(), "待向量化");
        assert_eq!(
            VectorStage::of(false, true),
            VectorStage::Waiting,
            "edited since it failed"
        );
        assert_eq!(VectorStage::of(true, false).label(), "已向量化");
        assert_eq!(VectorStage::of(true, true).code(), "failed");
        assert_eq!(VectorStage::Failed.label(), "失败");
    }

    #[test]
    fn top_k_defaults_to_five_and_stays_within_one_to_twenty() {
        assert_eq!(top_k(""), Ok(5));
        assert_eq!(top_k("1"), Ok(1));
        assert_eq!(top_k(" 20 "), Ok(20));
        for bad in ["0", "21", "-3", "2.5", "五"] {
            assert_eq!(top_k(bad), Err(TOP_K_RULE.to_owned()), "{bad}");
        }
    }

    #[test]
    fn a_delete_names_the_assistants_answering_from_the_base() {
        assert_eq!(delete_warning(&[]), None);
        assert_eq!(
            delete_warning(&["门店业务助手".to_owned(), "新人培训助手".to_owned()]).as_deref(),
            Some(
                "助手「门店业务助手」、「新人培训助手」正在使用该知识库，删除后它们将不再从中检索答案。此操作将永久删除该数据，是否继续？"
            )
        );
    }

    #[test]
    fn similarities_read_as_percentages() {
        for (ratio, expected) in [
            (0.3, "30%"),
            (0.0, "0%"),
            (1.0, "100%"),
            (0.43216, "43.22%"),
            (0.405, "40.5%"),
            (0.0001, "0.01%"),
            (1.7, "100%"),
        ] {
            assert_eq!(similarity_percent(ratio), expected, "{ratio}");
        }
    }

    #[test]
    fn threshold_defaults_and_takes_two_decimals_between_zero_and_one() {
        assert_eq!(threshold(""), Ok(0.25));
        assert_eq!(
            threshold_warning(0.15).as_deref(),
            Some("阈值低于20%时，与知识库无关的问题也可能被回答，建议不低于25%")
        );
        assert!(threshold_warning(0.1).is_some());
        assert_eq!(threshold_warning(0.2), None);
        assert_eq!(threshold_warning(THRESHOLD_DEFAULT), None);
        assert_eq!(threshold("0"), Ok(0.0));
        assert_eq!(threshold("0.55"), Ok(0.55));
        assert_eq!(threshold("1"), Ok(1.0));
        for bad in ["1.01", "-0.1", "0.555", "abc", "1e-1"] {
            assert_eq!(threshold(bad), Err(THRESHOLD_RULE.to_owned()), "{bad}");
        }
    }

    #[test]
    fn indexes_are_cleaned_and_limited() {
        let given = |items: &[&str]| items.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            indexes(&given(&[" 带看 ", "", "带看", "看房"])).unwrap(),
            ["带看", "看房"]
        );
        let six = given(&["一", "二", "三", "四", "五", "六"]);
        assert_eq!(indexes(&six).unwrap_err().message, "补充索引最多5条");
        let long = given(&[&"长".repeat(101)]);
        assert_eq!(
            indexes(&long).unwrap_err().message,
            "每条补充索引不能超过100个字符"
        );
    }

    fn qa(question: &str, answer: &str, indexes: &[&str]) -> ImportedPoint {
        ImportedPoint {
            question: question.into(),
            answer: answer.into(),
            indexes: indexes.iter().map(|i| i.to_string()).collect(),
        }
    }

    #[test]
    fn the_template_reads_back_as_its_example() {
        assert!(csv_template().starts_with("问题,答案,补充索引\r\n"));
        assert_eq!(
            parse_import("模板.csv", &csv_template()).unwrap(),
            [qa(
                "带看前需要做哪些准备？",
                "确认房源状态和钥匙位置，与业主约好时间，准备好带看确认单。",
                &["看房前准备", "带看准备工作"]
            )]
        );
        // Read back, it is known as the example, so an import leaves it out.
        let read = &parse_import("模板.csv", &csv_template()).unwrap()[0];
        assert!(is_template_example(&read.question, &read.answer));
        assert!(is_template_example(
            " 带看前需要做哪些准备？",
            "确认房源状态和钥匙位置，与业主约好时间，准备好带看确认单。 "
        ));
        // The same question with an answer of one's own is not the example.
        assert!(!is_template_example(
            "带看前需要做哪些准备？",
            "提前半小时到小区门口。"
        ));
    }

    #[test]
    fn questions_are_the_same_whatever_their_spacing() {
        assert_eq!(
            question_key(" 钥匙  怎么借？\n"),
            question_key("钥匙 怎么借？")
        );
        assert_ne!(question_key("钥匙怎么借？"), question_key("钥匙怎么还？"));
    }

    #[test]
    fn the_txt_example_of_the_import_dialog_is_read_as_it_shows() {
        let points = parse_import("例.txt", IMPORT_TXT_EXAMPLE).unwrap();
        assert_eq!(points.len(), 2);
        assert_eq!(
            points[1],
            qa("钥匙丢失了怎么办？", "先报店长，当天换锁。", &[])
        );
        assert!(
            IMPORT_FORMATS
                .iter()
                .any(|(kinds, _)| kinds.contains("txt"))
        );
    }

    #[test]
    fn a_csv_takes_quoted_cells_its_header_order_and_skips_incomplete_rows() {
        let text =
            "\u{feff}答案,问题\n\"按成交价的2%，\"\"买方\"\"支付\",佣金多少？\n,没有答案的问题\n";
        assert_eq!(
            parse_import("佣金.CSV", text).unwrap(),
            [qa("佣金多少？", "按成交价的2%，\"买方\"支付", &[])]
        );
        let headless = "钥匙怎么借？,登记后借出,借钥匙；钥匙借用\r\n";
        assert_eq!(
            parse_import("a.csv", headless).unwrap(),
            [qa("钥匙怎么借？", "登记后借出", &["借钥匙", "钥匙借用"])]
        );
    }

    #[test]
    fn text_is_read_as_question_and_answer_pairs() {
        let text = "门店制度\n问：几点开门？\n答：8:30开门。\n值班人员8:15到岗。\n\nQ: 周末谁值班?\nA: 轮值。\n问：只有问题\n";
        assert_eq!(
            parse_import("制度.txt", text).unwrap(),
            [
                qa("几点开门？", "8:30开门。\n值班人员8:15到岗。", &[]),
                qa("周末谁值班?", "轮值。", &[]),
            ]
        );
    }

    #[test]
    fn markdown_headings_are_questions_when_there_are_no_pairs() {
        let text = "# 钥匙管理\n\n## 钥匙丢了怎么办？\n1小时内报告店长。\n\n## 空标题\n\n## 钥匙怎么借？\n登记借出。\n";
        assert_eq!(
            parse_import("钥匙.md", text).unwrap(),
            [
                qa("钥匙丢了怎么办？", "1小时内报告店长。", &[]),
                qa("钥匙怎么借？", "登记借出。", &[]),
            ]
        );
    }

    #[test]
    fn other_files_and_files_without_points_are_refused() {
        assert_eq!(
            parse_import("规则.doc", "x"),
            Err(IMPORT_KIND_RULE.to_owned())
        );
        assert_eq!(
            parse_import("无扩展名", "x"),
            Err(IMPORT_KIND_RULE.to_owned())
        );
        assert_eq!(
            parse_import("空.txt", "只是一段话"),
            Err(IMPORT_EMPTY.to_owned())
        );
    }

    #[test]
    fn word_and_pdf_texts_are_read_like_markdown_and_text() {
        let word = "# 钥匙管理\n## 钥匙丢了怎么办？\n1小时内报告店长。\n";
        assert_eq!(
            parse_import("制度.DOCX", word).unwrap(),
            [qa("钥匙丢了怎么办？", "1小时内报告店长。", &[])]
        );
        let pdf = "问：几点开门？答：8:30开门。问题：谁值班？答案：店长。";
        assert_eq!(
            parse_import("制度.pdf", pdf).unwrap(),
            [
                qa("几点开门？", "8:30开门。", &[]),
                qa("谁值班？", "店长。", &[])
            ]
        );
        // A PDF has no headings to go by: prose alone is not a point.
        assert_eq!(
            parse_import("制度.pdf", "# 不是标题\n一段话"),
            Err(IMPORT_EMPTY.to_owned())
        );
    }

    #[test]
    fn sheet_rows_are_read_like_csv_rows() {
        let row = |cells: &[&str]| cells.iter().map(|c| c.to_string()).collect::<Vec<_>>();
        assert_eq!(
            points_of_rows(vec![
                row(&["补充索引", "问题", "答案"]),
                row(&["借钥匙", "钥匙怎么借？", "登记借出"]),
                row(&["", "", ""]),
            ]),
            [qa("钥匙怎么借？", "登记借出", &["借钥匙"])]
        );
        assert!(is_binary_import("a.XLSX") && is_binary_import("b.pdf"));
        assert!(!is_binary_import("c.csv") && !is_binary_import("d"));
        assert_eq!(import_kind("e.exe"), Err(IMPORT_KIND_RULE.to_owned()));
    }

    #[test]
    fn tokens_are_estimated_per_chinese_character_and_per_four_latin_letters() {
        assert_eq!(estimate_tokens(""), 0);
        assert_eq!(estimate_tokens("钥匙丢了怎么办？"), 8);
        assert_eq!(estimate_tokens("VR 看房"), 3);
        assert_eq!(estimate_tokens("deepseek"), 2);
        assert_eq!(estimate_tokens("2026年"), 2);
        assert_eq!(
            point_tokens("钥匙放哪？", "放钥匙柜。", &["借钥匙".to_owned()]),
            13
        );
    }

    #[test]
    fn a_fee_is_whole_fen_rounded_up() {
        assert_eq!(fee_fen(0, 200), 0);
        assert_eq!(fee_fen(1, 200), 1);
        assert_eq!(fee_fen(5_000, 200), 1);
        assert_eq!(fee_fen(1_000_000, 200), 200);
        assert_eq!(fee_fen(2_500_001, 200), 501);
        assert_eq!(fee_fen(1_000, -5), 0);
    }

    #[test]
    fn a_file_names_its_data_set_without_its_extension() {
        assert_eq!(data_set_name_of_file("规则.docx"), "规则");
        assert_eq!(
            data_set_name_of_file(" 门店制度.2026.PDF "),
            "门店制度.2026"
        );
        assert_eq!(data_set_name_of_file("C:\\资料\\值班.txt"), "值班");
        assert_eq!(data_set_name_of_file("说明.exe"), "说明.exe");
        assert_eq!(data_set_name_of_file(".md"), ".md");
        assert_eq!(
            data_set_name_of_file(&format!("{}.csv", "长".repeat(60))),
            "长".repeat(50)
        );
    }

    #[test]
    fn a_batch_import_finishes_or_stops_once() {
        use ImportAction::*;
        use ImportStatus::*;
        assert_eq!(Running.after(Finish), Ok(Done));
        assert_eq!(Running.after(Stop), Ok(Stopped));
        for ended in [Done, Stopped] {
            assert_eq!(ended.after(Stop), Err(BATCH_ENDED.to_owned()));
            assert_eq!(ended.after(Finish), Err(BATCH_ENDED.to_owned()));
        }
        assert_eq!(ImportStatus::from_code(3), Some(Stopped));
        assert_eq!(ImportStatus::from_code(9), None);
        assert!(FileStage::is_open(FileStage::Indexing.code()));
        assert!(!FileStage::is_open(FileStage::Failed.code()));
        assert_eq!(percent(1, 3), 33);
        assert_eq!(percent(0, 0), 0);
        assert_eq!(percent(5, 4), 100);
    }

    #[test]
    fn the_same_point_is_the_same_whatever_its_white_space() {
        assert_eq!(
            identity(" 怎么报备？\n", "登录系统  后\t点击报备"),
            identity("怎么报备？", "登录系统 后 点击报备")
        );
        assert_ne!(identity("怎么报备？", "甲"), identity("怎么报备？", "乙"));
    }
}
