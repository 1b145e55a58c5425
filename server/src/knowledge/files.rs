//! The points of an imported file, whatever its kind: txt, md and csv arrive as text and are read
//! by core's `knowledge::parse_import`; xlsx, docx and pdf arrive as bytes (base64) and are opened
//! here — an XLSX's sheets by calamine, a Word document's `word/document.xml` unzipped and its
//! paragraphs taken (heading paragraphs marked `#`, so core reads them like markdown), a PDF's
//! text by lopdf — and then read by core the same way. Every refusal is core's Chinese message for
//! that file: an encrypted or scanned PDF says it cannot be read.

use std::collections::HashSet;
use std::io::{Cursor, Read};

use base64::Engine;
use brokerdesk_core::knowledge::{
    self as rules, DOCX_UNREADABLE, ImportedPoint, NOT_BASE64, PDF_ENCRYPTED, PDF_NO_TEXT,
    PDF_UNREADABLE, XLSX_UNREADABLE, found, import_kind, parse_import, points_of_rows,
};
use calamine::{Reader, Xlsx, open_workbook_from_rs};
use quick_xml::events::Event;

/// The points of a file: `content` its text (txt, md, csv), or `data` its bytes in base64 (any
/// kind; xlsx, docx and pdf need it).
pub fn points_of_file(
    file_name: &str,
    content: &str,
    data: &str,
) -> Result<Vec<ImportedPoint>, String> {
    let kind = import_kind(file_name)?;
    if let Some(refusal) = rules::import_file_too_large(file_name, content.len() as u64) {
        return Err(refusal);
    }
    if data.trim().is_empty() {
        return if rules::BINARY_KINDS.contains(&kind.as_str()) {
            Err(NOT_BASE64.to_owned())
        } else {
            parse_import(file_name, content)
        };
    }
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(data.trim())
        .map_err(|_| NOT_BASE64.to_owned())?;
    if let Some(refusal) = rules::import_file_too_large(file_name, bytes.len() as u64) {
        return Err(refusal);
    }
    match kind.as_str() {
        "xlsx" => found(
            xlsx_rows(bytes)?
                .into_iter()
                .flat_map(points_of_rows)
                .collect(),
        ),
        "docx" => parse_import(file_name, &docx_text(bytes)?),
        "pdf" => parse_import(file_name, &pdf_text(&bytes)?),
        _ => parse_import(file_name, &plain_text(&bytes)),
    }
}

/// A text file's bytes: UTF-8, or GBK as Windows in China saves it.
fn plain_text(bytes: &[u8]) -> String {
    match std::str::from_utf8(bytes) {
        Ok(text) => text.to_owned(),
        Err(_) => encoding_rs::GBK.decode(bytes).0.into_owned(),
    }
}

/// Every sheet of an XLSX workbook as rows of cell texts, one list of rows per sheet.
fn xlsx_rows(bytes: Vec<u8>) -> Result<Vec<Vec<Vec<String>>>, String> {
    let mut book: Xlsx<_> =
        open_workbook_from_rs(Cursor::new(bytes)).map_err(|_| XLSX_UNREADABLE.to_owned())?;
    let mut sheets = Vec::new();
    for name in book.sheet_names() {
        let sheet = book
            .worksheet_range(&name)
            .map_err(|_| XLSX_UNREADABLE.to_owned())?;
        sheets.push(
            sheet
                .rows()
                .map(|row| row.iter().map(ToString::to_string).collect())
                .collect(),
        );
    }
    Ok(sheets)
}

/// A part of a zip archive as text, if it is there.
fn zip_part(archive: &mut zip::ZipArchive<Cursor<Vec<u8>>>, name: &str) -> Option<String> {
    let mut part = archive.by_name(name).ok()?;
    let mut text = String::new();
    part.read_to_string(&mut text).ok()?;
    Some(text)
}

/// The value of an attribute such as `w:val` on an element.
fn attribute(element: &quick_xml::events::BytesStart<'_>, name: &str) -> Option<String> {
    element
        .attributes()
        .flatten()
        .find(|a| a.key.as_ref() == name)
        .map(|a| a.value.into_owned())
}

/// The style ids of a Word document's headings: a style named `heading N` or `Title` (Word
/// keeps these English names whatever the language shown), or carrying an outline level.
fn heading_styles(styles: &str) -> HashSet<String> {
    let mut reader = quick_xml::Reader::from_str(styles);
    let mut headings = HashSet::new();
    let mut current: Option<String> = None;
    loop {
        match reader.read_event() {
            Ok(Event::Start(e)) if e.name().as_ref() == "w:style" => {
                current = attribute(&e, "w:styleId");
            }
            Ok(Event::Empty(e)) | Ok(Event::Start(e)) => {
                let Some(id) = &current else { continue };
                let named_heading = e.name().as_ref() == "w:name"
                    && attribute(&e, "w:val").is_some_and(|name| {
                        let name = name.to_ascii_lowercase();
                        name.starts_with("heading") || name == "title"
                    });
                if named_heading || e.name().as_ref() == "w:outlineLvl" {
                    headings.insert(id.clone());
                }
            }
            Ok(Event::End(e)) if e.name().as_ref() == "w:style" => current = None,
            Ok(Event::Eof) | Err(_) => break,
            _ => {}
        }
    }
    headings
}

/// A Word document's text: one line per paragraph, heading paragraphs marked `# `.
fn docx_text(bytes: Vec<u8>) -> Result<String, String> {
    let mut archive =
        zip::ZipArchive::new(Cursor::new(bytes)).map_err(|_| DOCX_UNREADABLE.to_owned())?;
    let document =
        zip_part(&mut archive, "word/document.xml").ok_or_else(|| DOCX_UNREADABLE.to_owned())?;
    let headings = zip_part(&mut archive, "word/styles.xml")
        .map(|styles| heading_styles(&styles))
        .unwrap_or_default();
    let mut reader = quick_xml::Reader::from_str(&document);
    let mut text = String::new();
    let mut paragraph = String::new();
    let mut heading = false;
    let mut in_text = false;
    loop {
        match reader.read_event() {
            Ok(Event::Start(e)) if e.name().as_ref() == "w:p" => {
                paragraph.clear();
                heading = false;
            }
            Ok(Event::Start(e)) if e.name().as_ref() == "w:t" => in_text = true,
            Ok(Event::End(e)) if e.name().as_ref() == "w:t" => in_text = false,
            Ok(Event::Empty(e)) | Ok(Event::Start(e)) => match e.name().as_ref() {
                "w:pStyle" => {
                    heading |= attribute(&e, "w:val").is_some_and(|id| headings.contains(&id));
                }
                "w:outlineLvl" => heading = true,
                "w:tab" => paragraph.push('\t'),
                "w:br" | "w:cr" => paragraph.push('\n'),
                _ => {}
            },
            Ok(Event::Text(e)) if in_text => {
                paragraph.push_str(&e.xml10_content());
            }
            Ok(Event::GeneralRef(e)) if in_text => {
                let name = e.xml10_content();
                let resolved = match name.as_ref() {
                    "amp" => Some('&'),
                    "lt" => Some('<'),
                    "gt" => Some('>'),
                    "quot" => Some('"'),
                    "apos" => Some('\''),
                    _ => e.resolve_char_ref().ok().flatten(),
                };
                paragraph.extend(resolved);
            }
            Ok(Event::End(e)) if e.name().as_ref() == "w:p" => {
                let line = paragraph.trim();
                if !line.is_empty() {
                    if heading {
                        text.push_str("# ");
                    }
                    text.push_str(line);
                }
                text.push('\n');
            }
            Ok(Event::Eof) => break,
            Err(_) => return Err(DOCX_UNREADABLE.to_owned()),
            _ => {}
        }
    }
    Ok(text)
}

/// A PDF's text, page after page. An encrypted file (no way in without its password) or one
/// with no text at all (a scan) is refused as such.
fn pdf_text(bytes: &[u8]) -> Result<String, String> {
    let declares_encryption = bytes.windows(8).any(|w| w == b"/Encrypt");
    let document = lopdf::Document::load_mem(bytes).map_err(|_| {
        if declares_encryption {
            PDF_ENCRYPTED.to_owned()
        } else {
            PDF_UNREADABLE.to_owned()
        }
    })?;
    let pages: Vec<u32> = document.get_pages().keys().copied().collect();
    let text: String = document
        .extract_text_chunks(&pages)
        .into_iter()
        .flatten()
        .collect();
    if text.trim().is_empty() {
        return Err(if declares_encryption {
            PDF_ENCRYPTED
        } else {
            PDF_NO_TEXT
        }
        .to_owned());
    }
    Ok(text)
}
