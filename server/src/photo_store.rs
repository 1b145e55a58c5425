//! Where listing photos live and how a viewer's copy is made. A photo is stored once by the
//! SHA-256 of its bytes under the data directory (`<data>/photos/ab/abcdef….jpg`): the same
//! bytes uploaded twice, to one listing or to two, are one file. A file is written to a temporary
//! name and renamed, so a reader never meets half a picture. Nobody is handed a stored file as
//! it is: every copy served carries the viewer's real name and user code (spec §6), drawn by the
//! server in a CJK font (`BROKERDESK_WATERMARK_FONT`, by default Noto Sans CJK of Debian's
//! `fonts-noto-cjk`).

use std::collections::HashMap;
use std::io::Cursor;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::SystemTime;

use ab_glyph::{Font, FontVec, PxScale, ScaleFont, point};
use brokerdesk_core::media::{self, PhotoKind};
use image::codecs::jpeg::JpegEncoder;
use image::{ImageReader, RgbImage};
use sha2::{Digest, Sha256};

/// Where `fonts-noto-cjk` puts its sans-serif collection.
pub const DEFAULT_FONT: &str = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc";
/// Longest side of a gallery thumbnail.
pub const THUMB_SIDE_PX: u32 = 480;
/// JPEG quality of a served copy.
const SERVED_QUALITY: u8 = 82;

/// The files of listing photos and the font their watermark is drawn with.
#[derive(Debug, Clone)]
pub struct PhotoStore {
    root: PathBuf,
    font: PathBuf,
}

/// What a stored picture is, read from its bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stored {
    pub hash: String,
    pub kind: PhotoKind,
    pub width: u32,
    pub height: u32,
    pub bytes: u64,
}

/// A file under the photo folder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StoredFile {
    /// A stored picture, named by its hash.
    Picture {
        hash: String,
        kind: PhotoKind,
        path: PathBuf,
    },
    /// The temporary file of a write that never finished (a stopped server).
    Unfinished(PathBuf),
}

/// Why a copy could not be made.
#[derive(Debug, thiserror::Error)]
pub enum PhotoError {
    /// The upload is not a picture the rules take (the message is core's).
    #[error("{0}")]
    Refused(&'static str),
    #[error("图片文件缺失，请重新上传")]
    Missing,
    #[error("水印字体不可用（{0}），请安装fonts-noto-cjk或设置BROKERDESK_WATERMARK_FONT")]
    Font(String),
    #[error("图片处理失败：{0}")]
    Io(String),
}

impl PhotoStore {
    /// Photos under `data_dir/photos`, watermarked with the font file at `font`.
    pub fn new(data_dir: &Path, font: &Path) -> Self {
        Self {
            root: data_dir.join("photos"),
            font: font.to_owned(),
        }
    }

    fn path_of(&self, hash: &str, kind: PhotoKind) -> PathBuf {
        let shard = hash.get(..2).unwrap_or("00");
        self.root
            .join(shard)
            .join(format!("{hash}.{}", kind.extension()))
    }

    /// Checks `bytes` by core's rules (type by signature, size, dimensions, decodable) and
    /// names them by their SHA-256. Blocking: run it off the async threads.
    pub fn inspect(bytes: &[u8]) -> Result<Stored, PhotoError> {
        let kind = media::check_photo(bytes).map_err(PhotoError::Refused)?;
        let unreadable = || PhotoError::Refused(media::PHOTO_UNREADABLE_MESSAGE);
        let reader = ImageReader::new(Cursor::new(bytes))
            .with_guessed_format()
            .map_err(|_| unreadable())?;
        let (width, height) = reader.into_dimensions().map_err(|_| unreadable())?;
        // The size is checked from the header before anything is decoded.
        media::check_photo_dimensions(width, height).map_err(PhotoError::Refused)?;
        image::load_from_memory(bytes).map_err(|_| unreadable())?;
        Ok(Stored {
            hash: hex::encode(Sha256::digest(bytes)),
            kind,
            width,
            height,
            bytes: bytes.len() as u64,
        })
    }

    /// Writes the picture unless its file is there already (same bytes, same name). A file
    /// already there is marked fresh, so [`Self::unused_files`] leaves it to the upload that is
    /// about to name it. Blocking.
    pub fn save(&self, stored: &Stored, bytes: &[u8]) -> Result<(), PhotoError> {
        let path = self.path_of(&stored.hash, stored.kind);
        if path.exists() {
            let fresh = std::fs::File::options()
                .append(true)
                .open(&path)
                .and_then(|file| file.set_modified(SystemTime::now()));
            if fresh.is_ok() {
                return Ok(());
            }
            // Removed meanwhile: written again below.
        }
        let io = |error: std::io::Error| PhotoError::Io(error.to_string());
        let folder = path.parent().unwrap_or(&self.root);
        std::fs::create_dir_all(folder).map_err(io)?;
        let temporary = folder.join(format!(".{}.{}.tmp", stored.hash, rand::random::<u64>()));
        std::fs::write(&temporary, bytes).map_err(io)?;
        std::fs::rename(&temporary, &path).map_err(|error| {
            let _ = std::fs::remove_file(&temporary);
            io(error)
        })
    }

    /// Every file under the photo folder last written before `before`: the pictures (by hash
    /// and kind) and the leftovers of writes that never finished. Blocking.
    pub fn files_older_than(&self, before: SystemTime) -> Vec<StoredFile> {
        let mut found = Vec::new();
        let Ok(shards) = std::fs::read_dir(&self.root) else {
            return found;
        };
        for shard in shards.flatten() {
            let Ok(entries) = std::fs::read_dir(shard.path()) else {
                continue;
            };
            for entry in entries.flatten() {
                let path = entry.path();
                let Ok(meta) = entry.metadata() else {
                    continue;
                };
                if !meta.is_file() || meta.modified().map_or(true, |at| at >= before) {
                    continue;
                }
                let name = entry.file_name().to_string_lossy().into_owned();
                let picture = name.split_once('.').and_then(|(hash, extension)| {
                    let kind = match extension {
                        "jpg" => PhotoKind::Jpeg,
                        "png" => PhotoKind::Png,
                        _ => return None,
                    };
                    let hex = hash.len() == 64 && hash.bytes().all(|b| b.is_ascii_hexdigit());
                    hex.then(|| (hash.to_owned(), kind))
                });
                match picture {
                    Some((hash, kind)) => found.push(StoredFile::Picture { hash, kind, path }),
                    None if name.starts_with('.') && name.ends_with(".tmp") => {
                        found.push(StoredFile::Unfinished(path));
                    }
                    None => {}
                }
            }
        }
        found
    }

    /// Removes a file [`Self::files_older_than`] found; one already gone is no error.
    /// Blocking.
    pub fn remove(&self, file: &StoredFile) -> Result<(), PhotoError> {
        let path = match file {
            StoredFile::Picture { path, .. } | StoredFile::Unfinished(path) => path,
        };
        match std::fs::remove_file(path) {
            Err(error) if error.kind() != std::io::ErrorKind::NotFound => {
                Err(PhotoError::Io(error.to_string()))
            }
            _ => Ok(()),
        }
    }

    /// Whether the file of a stored picture is there.
    pub fn has(&self, hash: &str, kind: PhotoKind) -> bool {
        self.path_of(hash, kind).exists()
    }

    /// The viewer's copy of a stored picture: `text` drawn across it, at most
    /// [`THUMB_SIDE_PX`] on its longest side when `thumb`, as JPEG. Blocking.
    pub fn watermarked(
        &self,
        hash: &str,
        kind: PhotoKind,
        text: &str,
        thumb: bool,
    ) -> Result<Vec<u8>, PhotoError> {
        let bytes = std::fs::read(self.path_of(hash, kind)).map_err(|_| PhotoError::Missing)?;
        let font = font_at(&self.font)?;
        let picture =
            image::load_from_memory(&bytes).map_err(|error| PhotoError::Io(error.to_string()))?;
        let picture = if thumb && picture.width().max(picture.height()) > THUMB_SIDE_PX {
            picture.thumbnail(THUMB_SIDE_PX, THUMB_SIDE_PX)
        } else {
            picture
        };
        let mut canvas = picture.to_rgb8();
        draw_watermark(&mut canvas, &font, text);
        let mut out = Vec::new();
        JpegEncoder::new_with_quality(&mut out, SERVED_QUALITY)
            .encode_image(&canvas)
            .map_err(|error| PhotoError::Io(error.to_string()))?;
        Ok(out)
    }
}

/// The font at `path`, read once per process: of a collection, its Simplified Chinese face.
fn font_at(path: &Path) -> Result<Arc<FontVec>, PhotoError> {
    static FONTS: OnceLock<Mutex<HashMap<PathBuf, Arc<FontVec>>>> = OnceLock::new();
    let fonts = FONTS.get_or_init(Default::default);
    if let Some(font) = fonts.lock().map_err(|_| font_error(path))?.get(path) {
        return Ok(Arc::clone(font));
    }
    let data = std::fs::read(path).map_err(|_| font_error(path))?;
    let index = simplified_face(&data);
    let font =
        Arc::new(FontVec::try_from_vec_and_index(data, index).map_err(|_| font_error(path))?);
    fonts
        .lock()
        .map_err(|_| font_error(path))?
        .insert(path.to_owned(), Arc::clone(&font));
    Ok(font)
}

fn font_error(path: &Path) -> PhotoError {
    PhotoError::Font(path.display().to_string())
}

/// The face of a collection whose family is Simplified Chinese (`Noto Sans CJK SC`), else
/// the first.
fn simplified_face(data: &[u8]) -> u32 {
    let count = ttf_parser::fonts_in_collection(data).unwrap_or(1);
    (0..count)
        .find(|&index| {
            ttf_parser::Face::parse(data, index).is_ok_and(|face| {
                face.names().into_iter().any(|name| {
                    name.name_id == ttf_parser::name_id::FAMILY
                        && name.to_string().is_some_and(|family| {
                            family.ends_with(" SC") && !family.contains("Mono")
                        })
                })
            })
        })
        .unwrap_or(0)
}

/// Whether the watermark font can be read, for the start-up log.
pub fn font_available(path: &Path) -> bool {
    font_at(path).is_ok()
}

/// Writes `text` on a dark band across the top left of `canvas` in the watermark font (a
/// caption of the demo pictures); answers false, leaving the picture as it was, without the
/// font.
pub fn caption(canvas: &mut RgbImage, font: &Path, text: &str) -> bool {
    let Ok(font) = font_at(font) else {
        return false;
    };
    let size = (canvas.height() as f32 / 14.0).clamp(14.0, 48.0);
    let (width, height, mask) = text_mask(&font, size, text);
    let pad = (size / 2.0) as u32;
    let band_width = (width + pad * 2).min(canvas.width());
    let band_height = (height + pad).min(canvas.height());
    let (canvas_width, canvas_height) = canvas.dimensions();
    for y in pad..(pad + band_height).min(canvas_height) {
        for x in pad..(pad + band_width).min(canvas_width) {
            for channel in &mut canvas.get_pixel_mut(x, y).0 {
                *channel = (f32::from(*channel) * 0.45) as u8;
            }
        }
    }
    blend(
        canvas,
        (width, height, mask.as_slice()),
        i64::from(pad * 2),
        i64::from(pad + pad / 2),
        [255, 255, 255],
        1.0,
    );
    true
}

/// `text` as a coverage mask: width, height and one value in 0..=1 per pixel.
fn text_mask(font: &FontVec, size: f32, text: &str) -> (u32, u32, Vec<f32>) {
    let scaled = font.as_scaled(PxScale::from(size));
    let mut glyphs = Vec::new();
    let mut x = 0.0f32;
    let mut previous = None;
    for c in text.chars() {
        let id = scaled.glyph_id(c);
        if let Some(before) = previous {
            x += scaled.kern(before, id);
        }
        glyphs.push(id.with_scale_and_position(size, point(x, scaled.ascent())));
        x += scaled.h_advance(id);
        previous = Some(id);
    }
    let width = x.ceil().max(1.0) as u32;
    let height = scaled.height().ceil().max(1.0) as u32;
    let mut mask = vec![0.0f32; (width * height) as usize];
    for glyph in glyphs {
        let Some(outlined) = scaled.outline_glyph(glyph) else {
            continue;
        };
        let bounds = outlined.px_bounds();
        outlined.draw(|gx, gy, coverage| {
            let px = bounds.min.x as i64 + i64::from(gx);
            let py = bounds.min.y as i64 + i64::from(gy);
            if px >= 0 && py >= 0 && (px as u32) < width && (py as u32) < height {
                let cell = &mut mask[(py as u32 * width + px as u32) as usize];
                *cell = (*cell + coverage).min(1.0);
            }
        });
    }
    (width, height, mask)
}

/// Blends `colour` into `canvas` through `mask` placed at (`left`, `top`), at `opacity`.
fn blend(
    canvas: &mut RgbImage,
    (mask_width, mask_height, mask): (u32, u32, &[f32]),
    left: i64,
    top: i64,
    colour: [u8; 3],
    opacity: f32,
) {
    let (width, height) = canvas.dimensions();
    for my in 0..mask_height {
        let y = top + i64::from(my);
        if y < 0 || y >= i64::from(height) {
            continue;
        }
        for mx in 0..mask_width {
            let x = left + i64::from(mx);
            if x < 0 || x >= i64::from(width) {
                continue;
            }
            let alpha = mask[(my * mask_width + mx) as usize] * opacity;
            if alpha <= 0.0 {
                continue;
            }
            let pixel = canvas.get_pixel_mut(x as u32, y as u32);
            for (channel, target) in pixel.0.iter_mut().zip(colour) {
                let mixed = f32::from(*channel) * (1.0 - alpha) + f32::from(target) * alpha;
                *channel = mixed.round().clamp(0.0, 255.0) as u8;
            }
        }
    }
}

/// Draws `text` over the whole picture in staggered rows (a crop keeps some of it), light with
/// a dark edge so it reads on white walls and dark floors alike, and once more, stronger, in
/// the lower right corner.
fn draw_watermark(canvas: &mut RgbImage, font: &FontVec, text: &str) {
    let (width, height) = canvas.dimensions();
    let size = (width.min(height) as f32 / 16.0).clamp(12.0, 64.0);
    let (mask_width, mask_height, mask) = text_mask(font, size, text);
    let shape = (mask_width, mask_height, mask.as_slice());
    let shadow = (size / 16.0).max(1.0) as i64;
    let step_x = i64::from(mask_width) * 2 + size as i64 * 2;
    let step_y = i64::from(mask_height) * 3;
    let mut row = 0i64;
    let mut top = i64::from(mask_height) / 2;
    while top < i64::from(height) {
        let mut left = if row % 2 == 0 { 0 } else { -step_x / 2 };
        while left < i64::from(width) {
            blend(canvas, shape, left + shadow, top + shadow, [0, 0, 0], 0.18);
            blend(canvas, shape, left, top, [255, 255, 255], 0.32);
            left += step_x;
        }
        top += step_y;
        row += 1;
    }
    let margin = size as i64 / 2;
    let left = i64::from(width) - i64::from(mask_width) - margin;
    let top = i64::from(height) - i64::from(mask_height) - margin;
    blend(canvas, shape, left + shadow, top + shadow, [0, 0, 0], 0.5);
    blend(canvas, shape, left, top, [255, 255, 255], 0.85);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn jpeg(width: u32, height: u32) -> Vec<u8> {
        let picture = RgbImage::from_fn(width, height, |x, y| {
            image::Rgb([(x % 256) as u8, (y % 256) as u8, 120])
        });
        let mut out = Vec::new();
        JpegEncoder::new_with_quality(&mut out, 75)
            .encode_image(&picture)
            .unwrap();
        out
    }

    #[test]
    fn a_picture_is_named_by_its_bytes_and_checked_by_cores_rules() {
        let bytes = jpeg(64, 48);
        let stored = PhotoStore::inspect(&bytes).unwrap();
        assert_eq!(
            (stored.width, stored.height, stored.kind),
            (64, 48, PhotoKind::Jpeg)
        );
        assert_eq!(stored.hash, hex::encode(Sha256::digest(&bytes)));
        assert_eq!(stored.hash.len(), 64);
        assert!(matches!(
            PhotoStore::inspect(&jpeg(1921, 10)),
            Err(PhotoError::Refused(
                "图片长边不能超过1920像素，请压缩后再上传"
            ))
        ));
        let mut broken = bytes.clone();
        broken.truncate(20);
        assert!(matches!(
            PhotoStore::inspect(&broken),
            Err(PhotoError::Refused("图片已损坏或无法读取，请换一张图片"))
        ));
        assert!(matches!(
            PhotoStore::inspect(b"GIF89a......"),
            Err(PhotoError::Refused("仅支持JPG、PNG格式的图片"))
        ));
    }

    #[test]
    fn same_bytes_are_one_file_and_each_viewer_gets_their_own_copy() {
        let dir = tempfile::tempdir().unwrap();
        let store = PhotoStore::new(dir.path(), Path::new(DEFAULT_FONT));
        let bytes = jpeg(320, 240);
        let stored = PhotoStore::inspect(&bytes).unwrap();
        store.save(&stored, &bytes).unwrap();
        store.save(&stored, &bytes).unwrap();
        let files: Vec<_> = walk(&dir.path().join("photos"));
        assert_eq!(files.len(), 1, "{files:?}");
        assert!(store.has(&stored.hash, stored.kind));
        // fonts-noto-cjk comes with scripts/install.sh.
        assert!(font_available(Path::new(DEFAULT_FONT)), "{DEFAULT_FONT}");
        let first = store
            .watermarked(&stored.hash, stored.kind, "张三 A1001", false)
            .unwrap();
        let again = store
            .watermarked(&stored.hash, stored.kind, "张三 A1001", false)
            .unwrap();
        let other = store
            .watermarked(&stored.hash, stored.kind, "李四 A1002", false)
            .unwrap();
        assert_eq!(first, again, "a viewer's copy is the same each time");
        assert_ne!(first, other, "another viewer's copy differs");
        // The text is really drawn: the copy differs from the picture re-encoded plainly.
        let plain = image::load_from_memory(&bytes).unwrap().to_rgb8();
        let marked = image::load_from_memory(&first).unwrap().to_rgb8();
        let changed = plain
            .pixels()
            .zip(marked.pixels())
            .filter(|(a, b)| a.0.iter().zip(b.0).any(|(x, y)| x.abs_diff(y) > 40))
            .count();
        assert!(changed > 200, "only {changed} pixels show the watermark");
        let thumb = store
            .watermarked(&stored.hash, stored.kind, "张三 A1001", true)
            .unwrap();
        let thumb = image::load_from_memory(&thumb).unwrap();
        assert_eq!(
            (thumb.width(), thumb.height()),
            (320, 240),
            "small pictures stay as they are"
        );
    }

    #[test]
    fn a_missing_font_is_said_plainly() {
        let dir = tempfile::tempdir().unwrap();
        let store = PhotoStore::new(dir.path(), Path::new("/nonexistent/font.ttc"));
        let bytes = jpeg(32, 32);
        let stored = PhotoStore::inspect(&bytes).unwrap();
        store.save(&stored, &bytes).unwrap();
        let error = store
            .watermarked(&stored.hash, stored.kind, "张三", false)
            .unwrap_err();
        assert!(
            error.to_string().contains("BROKERDESK_WATERMARK_FONT"),
            "{error}"
        );
    }

    fn walk(dir: &Path) -> Vec<PathBuf> {
        let mut found = Vec::new();
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                found.extend(walk(&path));
            } else {
                found.push(path);
            }
        }
        found
    }
}
