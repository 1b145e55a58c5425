//! The demo listings' photos: a few rooms drawn at seed time (walls, floor, window, furniture,
//! a floor plan) with a caption, stored through the same content-hash photo store as an upload,
//! so the galleries of `make run` show pictures without a file downloaded. Eight pictures serve
//! every demo listing that has photos (the same bytes are one file); the demo agent's own
//! listings start with an empty gallery, for them to fill.

use brokerdesk_core::enums::PHOTO_CATEGORY;
use brokerdesk_core::listing::lifecycle::ACTIVE;
use brokerdesk_core::listing::trade::Trade;
use chrono::Utc;
use image::codecs::jpeg::JpegEncoder;
use image::{Rgb, RgbImage};
use sea_orm::{ColumnTrait, DatabaseConnection, DbErr, EntityTrait, QueryFilter, QueryOrder, Set};

use crate::entity::{listing, listing_photo, user};
use crate::photo_store::{self, PhotoStore, Stored};

const WIDTH: u32 = 960;
const HEIGHT: u32 = 640;
/// Listings given photos, at most.
const LISTINGS: usize = 60;
/// Whose listings start without photos.
const EMPTY_GALLERY_OF: &str = "agent";

/// A room to draw: what it shows (core `photoCategory`) and its colour scheme.
#[derive(Debug, Clone, Copy)]
struct Room {
    category: i16,
    variant: usize,
}

const ROOMS: [Room; 8] = [
    Room {
        category: 1,
        variant: 0,
    },
    Room {
        category: 1,
        variant: 1,
    },
    Room {
        category: 2,
        variant: 0,
    },
    Room {
        category: 2,
        variant: 1,
    },
    Room {
        category: 3,
        variant: 0,
    },
    Room {
        category: 4,
        variant: 0,
    },
    Room {
        category: 5,
        variant: 0,
    },
    Room {
        category: 6,
        variant: 0,
    },
];

type Colour = [u8; 3];
/// A rectangle on the canvas: left, top, width, height.
type Rect = (u32, u32, u32, u32);

fn fill(canvas: &mut RgbImage, (x, y, w, h): Rect, colour: Colour) {
    for py in y..(y + h).min(canvas.height()) {
        for px in x..(x + w).min(canvas.width()) {
            canvas.put_pixel(px, py, Rgb(colour));
        }
    }
}

/// A vertical gradient from `top` to `bottom` over the band.
fn gradient(
    canvas: &mut RgbImage,
    (x, y, w, h): (u32, u32, u32, u32),
    top: Colour,
    bottom: Colour,
) {
    for py in y..(y + h).min(canvas.height()) {
        let t = (py - y) as f32 / h.max(1) as f32;
        let colour =
            [0, 1, 2].map(|i| (f32::from(top[i]) * (1.0 - t) + f32::from(bottom[i]) * t) as u8);
        for px in x..(x + w).min(canvas.width()) {
            canvas.put_pixel(px, py, Rgb(colour));
        }
    }
}

fn frame(canvas: &mut RgbImage, (x, y, w, h): Rect, line: u32, colour: Colour) {
    fill(canvas, (x, y, w, line), colour);
    fill(canvas, (x, y + h - line, w, line), colour);
    fill(canvas, (x, y, line, h), colour);
    fill(canvas, (x + w - line, y, line, h), colour);
}

fn disc(canvas: &mut RgbImage, (cx, cy, r): (i64, i64, i64), colour: Colour) {
    for py in (cy - r).max(0)..(cy + r).min(i64::from(canvas.height())) {
        for px in (cx - r).max(0)..(cx + r).min(i64::from(canvas.width())) {
            if (px - cx).pow(2) + (py - cy).pow(2) <= r * r {
                canvas.put_pixel(px as u32, py as u32, Rgb(colour));
            }
        }
    }
}

/// A window on the wall, sky and frame.
fn window(canvas: &mut RgbImage, rect: (u32, u32, u32, u32)) {
    gradient(canvas, rect, [126, 178, 226], [198, 226, 245]);
    frame(canvas, rect, 12, [250, 250, 250]);
    fill(
        canvas,
        (rect.0 + rect.2 / 2 - 5, rect.1, 10, rect.3),
        [250, 250, 250],
    );
}

/// Wooden boards on the floor band.
fn floor(canvas: &mut RgbImage, top: u32, wood: Colour) {
    fill(canvas, (0, top, WIDTH, HEIGHT - top), wood);
    let seam = wood.map(|c| c.saturating_sub(28));
    let mut y = top + 30;
    while y < HEIGHT {
        fill(canvas, (0, y, WIDTH, 3), seam);
        y += 42;
    }
}

/// Square tiles over a band.
fn tiles(canvas: &mut RgbImage, rect: (u32, u32, u32, u32), tile: Colour, grout: Colour) {
    fill(canvas, rect, tile);
    let (x, y, w, h) = rect;
    for gx in (x..x + w).step_by(64) {
        fill(canvas, (gx, y, 2, h), grout);
    }
    for gy in (y..y + h).step_by(64) {
        fill(canvas, (x, gy, w, 2), grout);
    }
}

fn living_room(canvas: &mut RgbImage, variant: usize) {
    let (wall_top, wall_bottom, sofa) = if variant == 0 {
        ([236, 229, 216], [218, 206, 188], [92, 108, 122])
    } else {
        ([226, 234, 228], [200, 214, 204], [156, 98, 72])
    };
    gradient(canvas, (0, 0, WIDTH, 420), wall_top, wall_bottom);
    floor(canvas, 420, [170, 122, 80]);
    window(canvas, (600, 70, 280, 250));
    fill(canvas, (120, 110, 200, 130), [120, 140, 120]);
    frame(canvas, (120, 110, 200, 130), 8, [60, 50, 40]);
    fill(canvas, (90, 330, 420, 150), sofa);
    fill(
        canvas,
        (90, 290, 60, 190),
        sofa.map(|c| c.saturating_sub(20)),
    );
    fill(
        canvas,
        (450, 290, 60, 190),
        sofa.map(|c| c.saturating_sub(20)),
    );
    fill(canvas, (560, 470, 240, 30), [120, 84, 56]);
    fill(canvas, (580, 500, 16, 60), [90, 62, 40]);
    fill(canvas, (764, 500, 16, 60), [90, 62, 40]);
}

fn bedroom(canvas: &mut RgbImage, variant: usize) {
    let (wall, sheet) = if variant == 0 {
        ([214, 224, 236], [248, 248, 244])
    } else {
        ([240, 226, 222], [236, 240, 250])
    };
    gradient(
        canvas,
        (0, 0, WIDTH, 430),
        wall,
        wall.map(|c| c.saturating_sub(18)),
    );
    floor(canvas, 430, [186, 146, 104]);
    window(canvas, (70, 80, 240, 230));
    fill(canvas, (380, 200, 440, 140), [128, 90, 62]);
    fill(canvas, (380, 330, 440, 200), sheet);
    fill(canvas, (380, 430, 440, 100), [120, 150, 190]);
    fill(canvas, (420, 300, 150, 60), [255, 255, 255]);
    fill(canvas, (630, 300, 150, 60), [255, 255, 255]);
    fill(canvas, (850, 380, 70, 120), [150, 110, 80]);
    disc(canvas, (885, 330, 34), [250, 220, 150]);
}

fn kitchen(canvas: &mut RgbImage) {
    tiles(canvas, (0, 0, WIDTH, 460), [244, 244, 240], [214, 214, 210]);
    fill(canvas, (0, 40, WIDTH, 150), [196, 170, 140]);
    for x in (0..WIDTH).step_by(160) {
        fill(canvas, (x, 40, 4, 150), [150, 126, 100]);
    }
    window(canvas, (560, 220, 260, 160));
    fill(canvas, (0, 400, WIDTH, 40), [70, 72, 76]);
    fill(canvas, (0, 440, WIDTH, 200), [210, 190, 160]);
    for x in (0..WIDTH).step_by(160) {
        fill(canvas, (x, 440, 4, 200), [150, 126, 100]);
    }
    fill(canvas, (140, 380, 200, 20), [40, 40, 44]);
    disc(canvas, (200, 390, 26), [30, 30, 30]);
    disc(canvas, (280, 390, 26), [30, 30, 30]);
}

fn bathroom(canvas: &mut RgbImage) {
    tiles(
        canvas,
        (0, 0, WIDTH, HEIGHT),
        [226, 232, 236],
        [190, 198, 204],
    );
    fill(canvas, (560, 90, 240, 200), [200, 220, 232]);
    frame(canvas, (560, 90, 240, 200), 10, [170, 176, 180]);
    fill(canvas, (560, 330, 240, 40), [252, 252, 252]);
    fill(canvas, (620, 370, 120, 200), [236, 238, 240]);
    fill(canvas, (60, 360, 420, 200), [252, 252, 252]);
    frame(canvas, (60, 360, 420, 200), 8, [210, 214, 218]);
    fill(canvas, (80, 120, 8, 240), [180, 184, 188]);
    disc(canvas, (84, 120, 24), [180, 184, 188]);
}

fn balcony(canvas: &mut RgbImage) {
    gradient(canvas, (0, 0, WIDTH, 460), [110, 168, 224], [206, 230, 246]);
    fill(canvas, (0, 300, WIDTH, 160), [150, 170, 160]);
    for x in (0..WIDTH).step_by(120) {
        fill(canvas, (x, 260 - (x % 240) / 4, 70, 200), [176, 186, 196]);
    }
    fill(canvas, (0, 460, WIDTH, 180), [200, 196, 188]);
    fill(canvas, (0, 360, WIDTH, 12), [90, 90, 96]);
    for x in (20..WIDTH).step_by(60) {
        fill(canvas, (x, 360, 8, 100), [90, 90, 96]);
    }
    for (x, r) in [(120, 60), (260, 44), (820, 70)] {
        fill(canvas, (x - 30, 520, 60, 80), [150, 96, 60]);
        disc(canvas, (i64::from(x), 480, r), [64, 140, 72]);
    }
}

/// A floor plan: walls as thick lines, each room named in the font.
fn floor_plan(canvas: &mut RgbImage, font: &std::path::Path) {
    fill(canvas, (0, 0, WIDTH, HEIGHT), [252, 252, 250]);
    let ink = [40, 44, 52];
    let rooms: [(&str, Rect); 5] = [
        ("客厅", (80, 90, 460, 300)),
        ("主卧", (540, 90, 340, 260)),
        ("次卧", (540, 350, 340, 200)),
        ("厨房", (80, 390, 240, 160)),
        ("卫生间", (320, 390, 220, 160)),
    ];
    for (name, rect) in rooms {
        fill(canvas, rect, [236, 242, 250]);
        frame(canvas, rect, 8, ink);
        let mut label = RgbImage::from_pixel(rect.2 - 16, 60, Rgb([236, 242, 250]));
        if photo_store::caption(&mut label, font, name) {
            for (x, y, pixel) in label.enumerate_pixels() {
                let (tx, ty) = (rect.0 + 8 + x, rect.1 + rect.3 / 2 - 30 + y);
                if tx < WIDTH && ty < HEIGHT {
                    canvas.put_pixel(tx, ty, *pixel);
                }
            }
        }
    }
    // Doors: gaps in the walls.
    fill(canvas, (540, 180, 8, 70), [236, 242, 250]);
    fill(canvas, (540, 420, 8, 70), [236, 242, 250]);
    fill(canvas, (160, 390, 80, 8), [236, 242, 250]);
}

/// The picture of `room` as JPEG bytes, captioned 客厅 · 示例图片 when the font is there.
fn draw(room: Room, font: &std::path::Path) -> Vec<u8> {
    let mut canvas = RgbImage::new(WIDTH, HEIGHT);
    match room.category {
        1 => living_room(&mut canvas, room.variant),
        2 => bedroom(&mut canvas, room.variant),
        3 => kitchen(&mut canvas),
        4 => bathroom(&mut canvas),
        5 => balcony(&mut canvas),
        _ => floor_plan(&mut canvas, font),
    }
    let name = PHOTO_CATEGORY
        .label_of(room.category.into())
        .unwrap_or_default();
    photo_store::caption(&mut canvas, font, &format!("{name} · 示例图片"));
    let mut out = Vec::new();
    JpegEncoder::new_with_quality(&mut out, 78)
        .encode_image(&canvas)
        .expect("a drawn picture encodes");
    out
}

/// Draws the demo pictures and stores them; blocking.
fn stored_pictures(
    store: &PhotoStore,
    font: &std::path::Path,
) -> Result<Vec<(Room, Stored)>, DbErr> {
    ROOMS
        .iter()
        .map(|&room| {
            let bytes = draw(room, font);
            let stored =
                PhotoStore::inspect(&bytes).map_err(|error| DbErr::Custom(error.to_string()))?;
            store
                .save(&stored, &bytes)
                .map_err(|error| DbErr::Custom(error.to_string()))?;
            Ok((room, stored))
        })
        .collect()
}

/// Gives about [`LISTINGS`] active demo listings (both trades) three or four photos each: a
/// living room and a bedroom in one of two schemes, a kitchen, bathroom or balcony, and every
/// other one the floor plan. Answers how many photos were written.
pub async fn write(
    db: &DatabaseConnection,
    store: &PhotoStore,
    font: &std::path::Path,
) -> Result<usize, DbErr> {
    let keeper = user::Entity::find()
        .filter(user::Column::Username.eq(EMPTY_GALLERY_OF))
        .one(db)
        .await?
        .map(|row| row.id);
    let active: Vec<listing::Model> = listing::Entity::find()
        .filter(listing::Column::Status.is_in(ACTIVE.map(|status| status.code())))
        .order_by_asc(listing::Column::Id)
        .all(db)
        .await?;
    // Each trade gets its share: sales first in id order would leave the rentals bare.
    let mut listings: Vec<listing::Model> = Vec::new();
    for trade in [Trade::Sale, Trade::Lease] {
        listings.extend(
            active
                .iter()
                .filter(|row| row.trade == trade.code())
                .filter(|row| row.maintainer_id.is_none() || row.maintainer_id != keeper)
                .enumerate()
                .filter(|(i, _)| i % 2 == 0)
                .map(|(_, row)| row.clone())
                .take(LISTINGS / 2),
        );
    }
    if listings.is_empty() {
        return Ok(0);
    }
    let (drawer, font) = (store.clone(), font.to_owned());
    let pictures = tokio::task::spawn_blocking(move || stored_pictures(&drawer, &font))
        .await
        .map_err(|error| DbErr::Custom(error.to_string()))??;
    let picture = |category: i16, variant: usize| {
        pictures
            .iter()
            .find(|(room, _)| room.category == category && room.variant == variant)
            .or_else(|| pictures.iter().find(|(room, _)| room.category == category))
            .map(|(room, stored)| (*room, stored.clone()))
    };
    let now = Utc::now();
    let mut rows = Vec::new();
    for (i, row) in listings.iter().enumerate() {
        let variant = i % 2;
        let third = [3, 4, 5][i % 3];
        let mut gallery = vec![picture(1, variant), picture(2, variant), picture(third, 0)];
        if i % 2 == 0 {
            gallery.push(picture(6, 0));
        }
        for (sort, (room, stored)) in gallery.into_iter().flatten().enumerate() {
            rows.push(listing_photo::ActiveModel {
                listing_id: Set(row.id),
                hash: Set(stored.hash.clone()),
                kind: Set(stored.kind.extension().to_owned()),
                byte_size: Set(i64::try_from(stored.bytes).unwrap_or(i64::MAX)),
                width: Set(i32::try_from(stored.width).unwrap_or_default()),
                height: Set(i32::try_from(stored.height).unwrap_or_default()),
                category: Set(room.category),
                sort: Set(i32::try_from(sort + 1).unwrap_or(i32::MAX)),
                cover: Set(sort == 0),
                uploaded_by: Set(row.maintainer_id.or(row.entered_by)),
                created_at: Set(now),
                ..Default::default()
            });
        }
    }
    let written = rows.len();
    listing_photo::Entity::insert_many(rows).exec(db).await?;
    Ok(written)
}
