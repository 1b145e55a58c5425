//! Image upload compression (spec §5, §9): the longest side at most 1920 px, JPEG quality 0.5,
//! or 0.75 for files under 307200 bytes. And the rules of a listing's photos (not in the spec:
//! our design, docs/houses.md): which files the browser takes, what the server stores, how many
//! a listing keeps, and the watermark's text (§6: the viewer's real name and user code).

use serde::{Deserialize, Serialize};

use crate::constants::{
    IMAGE_MAX_SIDE_PX, IMAGE_SMALL_FILE_BYTES, JPEG_QUALITY, JPEG_QUALITY_SMALL_FILE,
};

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct CompressionPlan {
    pub width: u32,
    pub height: u32,
    pub quality: f64,
}

/// The size to draw the image at (aspect kept, never enlarged) and the JPEG quality.
pub fn compression_plan(width: u32, height: u32, file_bytes: u64) -> CompressionPlan {
    let longest = width.max(height);
    let (width, height) = if longest > IMAGE_MAX_SIDE_PX {
        let scale = |side: u32| {
            let scaled = u64::from(side) * u64::from(IMAGE_MAX_SIDE_PX) / u64::from(longest);
            (scaled as u32).max(1)
        };
        (scale(width), scale(height))
    } else {
        (width, height)
    };
    let quality = if file_bytes < u64::from(IMAGE_SMALL_FILE_BYTES) {
        JPEG_QUALITY_SMALL_FILE
    } else {
        JPEG_QUALITY
    };
    CompressionPlan {
        width,
        height,
        quality,
    }
}

/// Largest picture the browser takes before compressing it.
pub const PHOTO_SOURCE_MAX_BYTES: u64 = 20 * 1024 * 1024;
/// Largest (compressed) photo the server stores.
pub const PHOTO_MAX_BYTES: u64 = 5 * 1024 * 1024;
/// Photos one listing keeps at most.
pub const PHOTOS_PER_LISTING: u64 = 30;
/// Picture types the browser's picker takes (each is drawn on a canvas and sent as JPEG).
pub const PHOTO_SOURCE_TYPES: [&str; 3] = ["image/jpeg", "image/png", "image/webp"];

pub const PHOTO_SOURCE_TYPE_MESSAGE: &str = "仅支持JPG、PNG、WEBP格式的图片";
pub const PHOTO_SOURCE_SIZE_MESSAGE: &str = "图片不能超过20MB";
pub const PHOTO_TYPE_MESSAGE: &str = "仅支持JPG、PNG格式的图片";
pub const PHOTO_SIZE_MESSAGE: &str = "图片不能超过5MB，请压缩后再上传";
pub const PHOTO_EMPTY_MESSAGE: &str = "请选择要上传的图片";
pub const PHOTOS_FULL_MESSAGE: &str = "每套房源最多上传30张图片";
pub const PHOTO_DIMENSIONS_MESSAGE: &str = "图片长边不能超过1920像素，请压缩后再上传";
pub const PHOTO_UNREADABLE_MESSAGE: &str = "图片已损坏或无法读取，请换一张图片";

/// What a stored photo is, by its first bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PhotoKind {
    Jpeg,
    Png,
}

impl PhotoKind {
    pub fn mime(self) -> &'static str {
        match self {
            Self::Jpeg => "image/jpeg",
            Self::Png => "image/png",
        }
    }

    pub fn extension(self) -> &'static str {
        match self {
            Self::Jpeg => "jpg",
            Self::Png => "png",
        }
    }
}

/// Whether the browser takes a picked file of `mime` type and `bytes` size for compressing:
/// `Err` with the message to show.
pub fn check_photo_source(mime: &str, bytes: u64) -> Result<(), &'static str> {
    if !PHOTO_SOURCE_TYPES.contains(&mime.trim().to_ascii_lowercase().as_str()) {
        return Err(PHOTO_SOURCE_TYPE_MESSAGE);
    }
    if bytes == 0 {
        return Err(PHOTO_EMPTY_MESSAGE);
    }
    if bytes > PHOTO_SOURCE_MAX_BYTES {
        return Err(PHOTO_SOURCE_SIZE_MESSAGE);
    }
    Ok(())
}

/// Whether the server stores `bytes` as a photo: a JPEG or PNG (by its signature, whatever
/// the name says) of at most [`PHOTO_MAX_BYTES`].
pub fn check_photo(bytes: &[u8]) -> Result<PhotoKind, &'static str> {
    if bytes.is_empty() {
        return Err(PHOTO_EMPTY_MESSAGE);
    }
    if bytes.len() as u64 > PHOTO_MAX_BYTES {
        return Err(PHOTO_SIZE_MESSAGE);
    }
    if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        Ok(PhotoKind::Jpeg)
    } else if bytes.starts_with(&[0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A]) {
        Ok(PhotoKind::Png)
    } else {
        Err(PHOTO_TYPE_MESSAGE)
    }
}

/// Whether a stored photo's size is what the compression plan gives: neither side empty, the
/// longest at most [`IMAGE_MAX_SIDE_PX`].
pub fn check_photo_dimensions(width: u32, height: u32) -> Result<(), &'static str> {
    if width == 0 || height == 0 {
        return Err(PHOTO_UNREADABLE_MESSAGE);
    }
    if width.max(height) > IMAGE_MAX_SIDE_PX {
        return Err(PHOTO_DIMENSIONS_MESSAGE);
    }
    Ok(())
}

/// The watermark a viewer's copy of a photo carries (§6): `张三 A1001`, or the name alone
/// for a user without a code.
pub fn watermark_text(real_name: &str, user_code: &str) -> String {
    let (name, code) = (real_name.trim(), user_code.trim());
    match (name.is_empty(), code.is_empty()) {
        (false, false) => format!("{name} {code}"),
        (false, true) => name.to_owned(),
        (true, false) => code.to_owned(),
        (true, true) => "内部资料".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_browser_takes_pictures_up_to_20mb() {
        assert_eq!(check_photo_source("image/jpeg", 1_000), Ok(()));
        assert_eq!(check_photo_source("IMAGE/PNG", 1_000), Ok(()));
        assert_eq!(check_photo_source("image/webp", 20 * 1024 * 1024), Ok(()));
        assert_eq!(
            check_photo_source("image/gif", 1_000),
            Err("仅支持JPG、PNG、WEBP格式的图片")
        );
        assert_eq!(
            check_photo_source("application/pdf", 1_000),
            Err("仅支持JPG、PNG、WEBP格式的图片")
        );
        assert_eq!(
            check_photo_source("image/png", 20 * 1024 * 1024 + 1),
            Err("图片不能超过20MB")
        );
        assert_eq!(
            check_photo_source("image/png", 0),
            Err("请选择要上传的图片")
        );
    }

    #[test]
    fn the_server_stores_jpeg_and_png_up_to_5mb_by_their_signature() {
        assert_eq!(
            check_photo(&[0xFF, 0xD8, 0xFF, 0xE0, 0]),
            Ok(PhotoKind::Jpeg)
        );
        let png = [0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A, 0];
        assert_eq!(check_photo(&png), Ok(PhotoKind::Png));
        assert_eq!(check_photo(b"GIF89a"), Err("仅支持JPG、PNG格式的图片"));
        assert_eq!(check_photo(b"%PDF-1.4"), Err("仅支持JPG、PNG格式的图片"));
        assert_eq!(check_photo(&[]), Err("请选择要上传的图片"));
        let mut big = vec![0xFF, 0xD8, 0xFF];
        big.resize(5 * 1024 * 1024, 0);
        assert_eq!(check_photo(&big), Ok(PhotoKind::Jpeg));
        big.push(0);
        assert_eq!(check_photo(&big), Err("图片不能超过5MB，请压缩后再上传"));
    }

    #[test]
    fn a_stored_photo_is_at_most_1920_on_its_longest_side() {
        assert_eq!(check_photo_dimensions(1920, 1440), Ok(()));
        assert_eq!(check_photo_dimensions(1080, 1920), Ok(()));
        assert_eq!(
            check_photo_dimensions(1921, 1000),
            Err("图片长边不能超过1920像素，请压缩后再上传")
        );
        assert_eq!(
            check_photo_dimensions(0, 10),
            Err("图片已损坏或无法读取，请换一张图片")
        );
        // What the plan gives always passes.
        let plan = compression_plan(8000, 6000, 9_000_000);
        assert_eq!(check_photo_dimensions(plan.width, plan.height), Ok(()));
    }

    #[test]
    fn the_watermark_names_the_viewer() {
        assert_eq!(watermark_text("张三", "A1001"), "张三 A1001");
        assert_eq!(watermark_text(" 张三 ", ""), "张三");
        assert_eq!(watermark_text("", "A1001"), "A1001");
        assert_eq!(watermark_text("", ""), "内部资料");
    }

    #[test]
    fn caps_the_longest_side_at_1920() {
        let plan = compression_plan(4000, 3000, 2_000_000);
        assert_eq!((plan.width, plan.height, plan.quality), (1920, 1440, 0.5));
        let tall = compression_plan(1000, 3840, 2_000_000);
        assert_eq!((tall.width, tall.height), (500, 1920));
        let small = compression_plan(800, 600, 2_000_000);
        assert_eq!((small.width, small.height), (800, 600));
        let sliver = compression_plan(10_000, 1, 2_000_000);
        assert_eq!((sliver.width, sliver.height), (1920, 1));
    }

    #[test]
    fn files_under_307200_bytes_get_quality_075() {
        assert_eq!(compression_plan(100, 100, 307_199).quality, 0.75);
        assert_eq!(compression_plan(100, 100, 307_200).quality, 0.5);
    }
}
