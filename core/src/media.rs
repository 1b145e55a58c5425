//! Image upload compression (spec §5, §9): the longest side at most 1920 px, JPEG quality 0.5,
//! or 0.75 for files under 307200 bytes.

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

#[cfg(test)]
mod tests {
    use super::*;

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
