//! 房源图片 over HTTP: an agent uploads photos to their listing, the same bytes are one file,
//! each viewer's copy carries their own watermark, the gallery is arranged and pruned, bad
//! uploads are refused in Chinese with nothing written, and every photo route answers each demo
//! user as the matrix says (another store never reads or writes a photo).

use std::path::Path;

use base64::Engine;
use image::codecs::jpeg::JpegEncoder;
use image::{Rgb, RgbImage};
use serde_json::{Value, json};

use brokerdesk_server::photo_store::{DEFAULT_FONT, PhotoStore};

use crate::common::{Caller, TestApp};
use crate::fixtures::{Seeded, USERS, assert_no_foreign_rows};
use crate::on_both_backends;

const LIST: &str = "/api/v1/fm/house/old/list";
const PHOTOS: &str = "/api/v1/fm/house/old/photo/list";
const UPLOAD: &str = "/api/v1/fm/house/old/photo/upload";
const ARRANGE: &str = "/api/v1/fm/house/old/photo/arrange";
const DELETE: &str = "/api/v1/fm/house/old/photo/delete";
const FILE: &str = "/api/v1/fm/house/old/photo/file";

/// A JPEG of `width` × `height` whose colours depend on `seed`, so each seed is other bytes.
fn jpeg(width: u32, height: u32, seed: u8) -> Vec<u8> {
    let picture = RgbImage::from_fn(width, height, |x, y| {
        Rgb([
            (x % 200) as u8 + seed % 50,
            (y % 200) as u8,
            90u8.wrapping_add(seed),
        ])
    });
    let mut out = Vec::new();
    JpegEncoder::new_with_quality(&mut out, 75)
        .encode_image(&picture)
        .unwrap();
    out
}

fn base64(bytes: &[u8]) -> String {
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

fn upload(listing: &Value, bytes: &[u8], category: i64) -> Value {
    json!({ "listingId": listing, "category": category, "content": base64(bytes) })
}

/// Files under the data directory's `photos/`.
fn stored_files(dir: &Path) -> Vec<std::path::PathBuf> {
    let root = dir.join("photos");
    let mut found = Vec::new();
    let mut stack = vec![root];
    while let Some(folder) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&folder) else {
            continue;
        };
        for entry in entries {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                found.push(path);
            }
        }
    }
    found
}

/// A valid private listing the agent keeps (and one more, for the same bytes twice).
async fn agents_listings(app: &TestApp, s: &Seeded) -> Vec<Value> {
    let manager = app.as_user("manager").await;
    let rows = manager
        .data(
            LIST,
            json!({ "pageNum": 1, "pageSize": 100, "status": 1, "pool": 1 }),
        )
        .await["list"]
        .as_array()
        .unwrap()
        .clone();
    let mine: Vec<Value> = rows
        .into_iter()
        .filter(|row| row["maintainerId"] == s.users["agent"])
        .map(|row| row["id"].clone())
        .collect();
    assert!(mine.len() >= 2, "the demo agent keeps two valid listings");
    mine
}

async fn picture(caller: &Caller<'_>, photo: &Value, thumb: bool) -> Vec<u8> {
    let (content_type, bytes) = caller
        .download(FILE, json!({ "id": photo, "thumb": thumb }))
        .await
        .unwrap_or_else(|refused| panic!("refused: {}", refused.body));
    assert_eq!(content_type, "image/jpeg");
    bytes
}

async fn an_agent_uploads_and_each_viewer_sees_their_own_watermark(app: TestApp) {
    let s = Seeded::load(&app).await;
    let listings = agents_listings(&app, &s).await;
    let (first, second) = (&listings[0], &listings[1]);
    let agent = app.as_user("agent").await;
    let manager = app.as_user("manager").await;
    let bytes = jpeg(640, 480, 1);

    let living = agent.data(UPLOAD, upload(first, &bytes, 1)).await;
    assert_eq!(living["cover"], true, "the first photo is the cover");
    assert_eq!(
        (&living["sort"], &living["categoryName"]),
        (&json!(1), &json!("客厅"))
    );
    assert_eq!(
        (&living["width"], &living["height"]),
        (&json!(640), &json!(480))
    );
    assert_eq!(living["uploadedBy"], s.users["agent"]);
    let bedroom = agent
        .data(UPLOAD, upload(first, &jpeg(480, 640, 2), 2))
        .await;
    assert_eq!(
        (&bedroom["cover"], &bedroom["sort"]),
        (&json!(false), &json!(2))
    );

    // The same picture twice on one listing is refused; on another it is the same file.
    agent
        .post(UPLOAD, upload(first, &bytes, 1))
        .await
        .assert_error(10000409, "这张图片已上传过");
    agent.data(UPLOAD, upload(second, &bytes, 7)).await;
    assert_eq!(
        stored_files(app.data_dir()).len(),
        2,
        "same bytes, one file"
    );

    // Each reader gets a copy with their own name; the same viewer gets the same copy.
    let agents_copy = picture(&agent, &living["id"], false).await;
    let again = picture(&agent, &living["id"], false).await;
    let managers_copy = picture(&manager, &living["id"], false).await;
    assert_eq!(agents_copy, again);
    assert_ne!(agents_copy, managers_copy, "the watermark names the viewer");
    let original = image::load_from_memory(&bytes).unwrap().to_rgb8();
    let served = image::load_from_memory(&agents_copy).unwrap().to_rgb8();
    assert_eq!(served.dimensions(), (640, 480));
    let marked = original
        .pixels()
        .zip(served.pixels())
        .filter(|(a, b)| a.0.iter().zip(b.0).any(|(x, y)| x.abs_diff(y) > 40))
        .count();
    assert!(marked > 500, "only {marked} pixels carry the watermark");
    let thumb = picture(&agent, &living["id"], true).await;
    let thumb = image::load_from_memory(&thumb).unwrap();
    assert_eq!((thumb.width(), thumb.height()), (480, 360));

    // The gallery in order, as the colleagues of the store read it.
    let gallery = manager.data(PHOTOS, json!({ "listingId": first })).await;
    let ids: Vec<&Value> = gallery
        .as_array()
        .unwrap()
        .iter()
        .map(|p| &p["id"])
        .collect();
    assert_eq!(ids, [&living["id"], &bedroom["id"]]);

    // Another store reads none of it and writes nothing.
    let other_store = app.as_user("manager2").await;
    for (path, body) in [
        (PHOTOS, json!({ "listingId": first })),
        (UPLOAD, upload(first, &jpeg(64, 64, 9), 1)),
        (DELETE, json!({ "id": living["id"] })),
    ] {
        other_store
            .post(path, body)
            .await
            .assert_error(10020002, "无权限访问该数据");
    }
    let refused = other_store
        .download(FILE, json!({ "id": living["id"] }))
        .await
        .expect_err("another store's photo is not served");
    refused.assert_error(10020002, "无权限访问该数据");
}

async fn the_gallery_is_arranged_and_pruned(app: TestApp) {
    let s = Seeded::load(&app).await;
    let listing = agents_listings(&app, &s).await[0].clone();
    let agent = app.as_user("agent").await;
    let mut ids = Vec::new();
    for seed in 0..3 {
        let photo = agent
            .data(UPLOAD, upload(&listing, &jpeg(320, 240, seed), 9))
            .await;
        ids.push(photo["id"].clone());
    }
    // The last first, relabelled, the middle one the cover.
    let arranged = agent
        .data(
            ARRANGE,
            json!({ "listingId": listing, "coverId": ids[1], "photos": [
                { "id": ids[2], "category": 6 },
                { "id": ids[0], "category": 1 },
                { "id": ids[1], "category": 2 },
            ]}),
        )
        .await;
    let shown: Vec<(Value, Value, Value, Value)> = arranged
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["id"].clone(),
                p["sort"].clone(),
                p["categoryName"].clone(),
                p["cover"].clone(),
            )
        })
        .collect();
    assert_eq!(
        shown,
        [
            (ids[2].clone(), json!(1), json!("户型图"), json!(false)),
            (ids[0].clone(), json!(2), json!("客厅"), json!(false)),
            (ids[1].clone(), json!(3), json!("卧室"), json!(true)),
        ]
    );
    // A list that is not the listing's photos (one left out) asks for a refresh.
    agent
        .post(
            ARRANGE,
            json!({ "listingId": listing, "photos": [{ "id": ids[0], "category": 1 }] }),
        )
        .await
        .assert_error(10020005, "图片列表已变化，请刷新后重试");
    agent
        .post(
            ARRANGE,
            json!({ "listingId": listing, "photos": [
                { "id": ids[2], "category": 42 }, { "id": ids[0], "category": 1 },
                { "id": ids[1], "category": 2 },
            ]}),
        )
        .await
        .assert_error(10000004, "请选择图片类别");
    // Deleting the cover makes the first remaining photo the cover.
    agent.data(DELETE, json!({ "id": ids[1] })).await;
    let left = agent.data(PHOTOS, json!({ "listingId": listing })).await;
    let left = left.as_array().unwrap();
    assert_eq!(left.len(), 2);
    assert_eq!((&left[0]["id"], &left[0]["cover"]), (&ids[2], &json!(true)));
    agent
        .post(FILE, json!({ "id": ids[1] }))
        .await
        .assert_error(10020003, "数据不存在或已被删除");
    // A sale's photo is not the rental family's.
    agent
        .post(
            "/api/v1/fm/house/rental/photo/list",
            json!({ "listingId": listing }),
        )
        .await
        .assert_error(10020003, "数据不存在或已被删除");
}

async fn bad_uploads_are_refused_in_chinese_and_nothing_is_written(app: TestApp) {
    let s = Seeded::load(&app).await;
    let listing = agents_listings(&app, &s).await[0].clone();
    let agent = app.as_user("agent").await;
    let refusals: [(Value, &str); 6] = [
        (
            json!({ "listingId": listing, "content": base64(b"%PDF-1.4 not a picture") }),
            "仅支持JPG、PNG格式的图片",
        ),
        (
            json!({ "listingId": listing, "content": "@@@ not base64 @@@" }),
            "图片内容无法读取，请重新选择图片",
        ),
        (
            json!({ "listingId": listing, "content": "" }),
            "请选择要上传的图片",
        ),
        (
            upload(&listing, &jpeg(2400, 1000, 3), 1),
            "图片长边不能超过1920像素，请压缩后再上传",
        ),
        (
            upload(&listing, &jpeg(640, 480, 3)[..300], 1),
            "图片已损坏或无法读取，请换一张图片",
        ),
        (upload(&listing, &jpeg(64, 64, 4), 12), "请选择图片类别"),
    ];
    for (body, message) in refusals {
        let answer = agent.post(UPLOAD, body).await;
        answer.assert_error(10000004, message);
    }
    let mut big = vec![0xFF, 0xD8, 0xFF];
    big.resize(5 * 1024 * 1024 + 1, 7);
    agent
        .post(UPLOAD, upload(&listing, &big, 1))
        .await
        .assert_error(10000004, "图片不能超过5MB，请压缩后再上传");
    let gallery = agent.data(PHOTOS, json!({ "listingId": listing })).await;
    assert_eq!(gallery, json!([]));
    assert!(stored_files(app.data_dir()).is_empty());
}

/// `A` allowed, `P` 无权限执行该操作, `S` 无权限访问该数据; users in fixtures' order. The photos
/// are of a listing the agent of 西湖店 keeps: the store, its company and the administrator
/// read them; its keeper, the store's manager, the boss and the administrator change them.
async fn the_photo_routes_answer_each_demo_user_as_the_matrix_says(app: TestApp) {
    const ONE_LISTING: &str = "APAAASSPS";
    let s = Seeded::load(&app).await;
    let listing = agents_listings(&app, &s).await[0].clone();
    let agent = app.as_user("agent").await;
    let admin = app.as_user("admin").await;
    let photo = agent
        .data(UPLOAD, upload(&listing, &jpeg(200, 150, 200), 1))
        .await;
    let code = |wanted: char| match wanted {
        'A' => 0,
        'P' => 10020001,
        _ => 10020002,
    };
    for (index, (user, wanted)) in USERS.iter().zip(ONE_LISTING.chars()).enumerate() {
        let caller = app.as_user(user).await;
        let seed = u8::try_from(index).unwrap();
        // Reads.
        let answer = caller.post(PHOTOS, json!({ "listingId": listing })).await;
        assert_eq!(
            answer.code(),
            code(wanted),
            "{PHOTOS} as {user}: {}",
            answer.body
        );
        if wanted == 'A' {
            assert_no_foreign_rows(user, PHOTOS, &answer.body);
        }
        match caller.download(FILE, json!({ "id": photo["id"] })).await {
            Ok(_) => assert_eq!(wanted, 'A', "{FILE} served to {user}"),
            Err(refused) => {
                assert_eq!(
                    refused.code(),
                    code(wanted),
                    "{FILE} as {user}: {}",
                    refused.body
                );
                assert!(refused.message().starts_with("无权限"), "{}", refused.body);
            }
        }
        // Writes: each caller on a photo of their own.
        let answer = caller
            .post(UPLOAD, upload(&listing, &jpeg(96, 64, seed), 3))
            .await;
        assert_eq!(
            answer.code(),
            code(wanted),
            "{UPLOAD} as {user}: {}",
            answer.body
        );
        let gallery = admin.data(PHOTOS, json!({ "listingId": listing })).await;
        let places: Vec<Value> = gallery
            .as_array()
            .unwrap()
            .iter()
            .map(|p| json!({ "id": p["id"], "category": p["category"] }))
            .collect();
        let answer = caller
            .post(ARRANGE, json!({ "listingId": listing, "photos": places }))
            .await;
        assert_eq!(
            answer.code(),
            code(wanted),
            "{ARRANGE} as {user}: {}",
            answer.body
        );
        let doomed = admin
            .data(
                UPLOAD,
                upload(&listing, &jpeg(64, 96, seed.wrapping_add(100)), 9),
            )
            .await;
        let answer = caller.post(DELETE, json!({ "id": doomed["id"] })).await;
        assert_eq!(
            answer.code(),
            code(wanted),
            "{DELETE} as {user}: {}",
            answer.body
        );
        if wanted != 'A' {
            admin.data(DELETE, json!({ "id": doomed["id"] })).await;
        }
    }
}

/// The server's photo store over the test's data directory.
fn store_of(app: &TestApp) -> PhotoStore {
    PhotoStore::new(app.data_dir(), Path::new(DEFAULT_FONT))
}

/// A deleted photo's file goes once no photo shows its picture and it has been left alone an
/// hour; a picture another listing still shows stays, and so does one just uploaded.
async fn a_picture_no_photo_shows_is_removed_from_disk(app: TestApp) {
    let s = Seeded::load(&app).await;
    let listings = agents_listings(&app, &s).await;
    let (first, second) = (&listings[0], &listings[1]);
    let agent = app.as_user("agent").await;
    let store = store_of(&app);
    let sweep = |hours: i64| {
        brokerdesk_server::listing::photo_files::run(
            &app.db,
            &store,
            chrono::Utc::now() + chrono::Duration::hours(hours),
        )
    };
    let (alone, shared) = (jpeg(320, 240, 31), jpeg(320, 240, 32));
    let lonely = agent.data(UPLOAD, upload(first, &alone, 1)).await;
    let shared_here = agent.data(UPLOAD, upload(first, &shared, 2)).await;
    let shared_there = agent.data(UPLOAD, upload(second, &shared, 2)).await;
    assert_eq!(stored_files(app.data_dir()).len(), 2);
    // A file nobody names but written a moment ago is left alone (an upload may be naming it).
    agent.data(DELETE, json!({ "id": lonely["id"] })).await;
    agent.data(DELETE, json!({ "id": shared_here["id"] })).await;
    assert_eq!(sweep(0).await.unwrap(), 0);
    assert_eq!(stored_files(app.data_dir()).len(), 2);
    // An hour on, the picture no photo shows goes; the one the second listing shows stays.
    assert_eq!(sweep(2).await.unwrap(), 1);
    let left = stored_files(app.data_dir());
    assert_eq!(left.len(), 1, "{left:?}");
    let shared_hash = hex_sha256(&shared);
    assert!(left[0].to_string_lossy().contains(&shared_hash), "{left:?}");
    let copy = picture(&agent, &shared_there["id"], true).await;
    assert!(
        image::load_from_memory(&copy).is_ok(),
        "the shared photo is still served"
    );
    assert_eq!(sweep(2).await.unwrap(), 0, "a second sweep finds nothing");
    // The lonely picture uploaded again is written again and served.
    let back = agent.data(UPLOAD, upload(first, &alone, 1)).await;
    picture(&agent, &back["id"], true).await;
    // A write a stopped server left half done goes too.
    let leftover = app.data_dir().join("photos/00/.dead.1.tmp");
    std::fs::create_dir_all(leftover.parent().unwrap()).unwrap();
    std::fs::write(&leftover, b"half").unwrap();
    assert_eq!(sweep(2).await.unwrap(), 1);
    assert!(!leftover.exists());
    assert_eq!(stored_files(app.data_dir()).len(), 2);
    // Deleting the last photo of a picture lets the sweep take it.
    agent
        .data(DELETE, json!({ "id": shared_there["id"] }))
        .await;
    assert_eq!(sweep(2).await.unwrap(), 1);
    let left = stored_files(app.data_dir());
    assert_eq!(left.len(), 1);
    assert!(!left[0].to_string_lossy().contains(&shared_hash));
}

/// The demo photos are drawn at seed time and stored like uploads: listings of both trades show
/// galleries whose pictures are served watermarked, a few shared files serve them all, and the
/// demo agent's own listings start empty.
async fn the_demo_listings_show_drawn_photos(app: TestApp) {
    let s = Seeded::load(&app).await;
    let store = store_of(&app);
    let written = brokerdesk_server::seed::photos::write(&app.db, &store, Path::new(DEFAULT_FONT))
        .await
        .unwrap();
    assert!(written >= 100, "{written} photos");
    assert_eq!(
        stored_files(app.data_dir()).len(),
        8,
        "one file per drawn picture"
    );
    let manager = app.as_user("manager").await;
    for family in ["old", "rental"] {
        let rows = manager
            .data(
                &format!("/api/v1/fm/house/{family}/list"),
                json!({ "pageNum": 1, "pageSize": 100 }),
            )
            .await["list"]
            .as_array()
            .unwrap()
            .clone();
        let mut shown = 0;
        for row in &rows {
            let gallery = manager
                .data(
                    &format!("/api/v1/fm/house/{family}/photo/list"),
                    json!({ "listingId": row["id"] }),
                )
                .await;
            let gallery = gallery.as_array().unwrap();
            if row["maintainerId"] == s.users["agent"] {
                assert!(
                    gallery.is_empty(),
                    "the demo agent's own listings start empty"
                );
            }
            if let Some(cover) = gallery.first() {
                shown += 1;
                assert_eq!(
                    (&cover["cover"], &cover["categoryName"]),
                    (&json!(true), &json!("客厅"))
                );
                assert!(gallery.len() >= 3);
                if shown == 1 {
                    let (_, bytes) = manager
                        .download(
                            &format!("/api/v1/fm/house/{family}/photo/file"),
                            json!({ "id": cover["id"] }),
                        )
                        .await
                        .unwrap_or_else(|refused| panic!("refused: {}", refused.body));
                    let served = image::load_from_memory(&bytes).unwrap();
                    assert_eq!((served.width(), served.height()), (960, 640));
                }
            }
        }
        assert!(shown >= 3, "{family}: {shown} listings with photos");
    }
    // Nothing the sweep would take: every drawn picture is shown.
    let later = chrono::Utc::now() + chrono::Duration::hours(2);
    assert_eq!(
        brokerdesk_server::listing::photo_files::run(&app.db, &store, later)
            .await
            .unwrap(),
        0
    );
}

fn hex_sha256(bytes: &[u8]) -> String {
    use sha2::Digest;
    hex::encode(sha2::Sha256::digest(bytes))
}

on_both_backends!(
    a_picture_no_photo_shows_is_removed_from_disk,
    the_demo_listings_show_drawn_photos,
    an_agent_uploads_and_each_viewer_sees_their_own_watermark,
    the_gallery_is_arranged_and_pruned,
    bad_uploads_are_refused_in_chinese_and_nothing_is_written,
    the_photo_routes_answer_each_demo_user_as_the_matrix_says,
);
