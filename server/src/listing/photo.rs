//! 房源图片: a listing's photos. The browser compresses a picture by core's plan (§5) and sends
//! it base64 in JSON; the server checks it by core's rules (JPEG or PNG by signature, at most
//! 5 MB, at most 1920 px on its longest side, decodable), stores it once by its SHA-256 under the
//! data directory ([`PhotoStore`]) and writes a `listing_photo` row (gallery order, cover, what
//! it shows). Whoever reads the listing reads its photos, each copy watermarked with *their*
//! real name and user code; whoever may edit the listing uploads, arranges and deletes them.

use axum::http::header;
use axum::response::IntoResponse;
use base64::Engine;
use brokerdesk_core::enums::PHOTO_CATEGORY;
use brokerdesk_core::listing::trade::Trade;
use brokerdesk_core::media::{self, PhotoKind};
use chrono::Utc;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseTransaction, EntityTrait, QueryFilter,
    QueryOrder, Set,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::flow::changeable;
use super::{get_in, needs, view};
use crate::access::{Caller, Unscoped};
use crate::audit::{self, Change};
use crate::entity::listing_photo;
use crate::error::AppError;
use crate::history;
use crate::photo_store::{PhotoError, PhotoStore};
use crate::shared::millis;

/// The entity name of a photo in the audit log.
pub const KIND: &str = "listingPhoto";
/// A 5 MB picture, base64 in JSON, with room to spare.
pub const UPLOAD_BODY_LIMIT: usize = 8 * 1024 * 1024;
pub const SAME_PICTURE: &str = "这张图片已上传过";
pub const ARRANGE_STALE: &str = "图片列表已变化，请刷新后重试";
pub const NOT_BASE64: &str = "图片内容无法读取，请重新选择图片";

/// One photo of a listing, as the gallery shows it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Photo {
    pub id: i64,
    pub listing_id: i64,
    /// Core `photoCategory`.
    pub category: i16,
    pub category_name: String,
    /// Place in the gallery, from 1.
    pub sort: i32,
    /// The listing's cover picture.
    pub cover: bool,
    pub width: i32,
    pub height: i32,
    /// Bytes of the stored picture.
    pub byte_size: i64,
    pub uploaded_by: Option<i64>,
    pub uploader_name: String,
    pub created_at: i64,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PhotoListQuery {
    pub listing_id: i64,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PhotoUpload {
    pub listing_id: i64,
    /// Core `photoCategory`; 其他 when left out.
    #[serde(default)]
    pub category: Option<i16>,
    /// The picture (JPEG or PNG), base64.
    #[serde(default)]
    pub content: String,
}

/// One photo's place in the arranged gallery.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PhotoPlace {
    pub id: i64,
    /// Core `photoCategory`.
    pub category: i16,
}

/// The whole gallery in its new order, each photo with what it shows, and the cover.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PhotoArrange {
    pub listing_id: i64,
    /// Every photo of the listing, once each, in gallery order.
    pub photos: Vec<PhotoPlace>,
    /// One of them; the first when left out.
    #[serde(default)]
    pub cover_id: Option<i64>,
}

/// Which copy of a photo: the whole picture or a gallery thumbnail.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PhotoFileQuery {
    pub id: i64,
    /// 480 px on its longest side instead of the whole picture.
    #[serde(default)]
    pub thumb: bool,
}

fn check_category(category: i16) -> Result<i16, AppError> {
    if PHOTO_CATEGORY.label_of(category.into()).is_some() {
        Ok(category)
    } else {
        Err(AppError::invalid("category", "请选择图片类别"))
    }
}

fn photo_error(error: PhotoError) -> AppError {
    match error {
        PhotoError::Refused(message) => AppError::invalid("content", message),
        other => AppError::internal(other),
    }
}

fn kind_of(row: &listing_photo::Model) -> Result<PhotoKind, AppError> {
    match row.kind.as_str() {
        "jpg" => Ok(PhotoKind::Jpeg),
        "png" => Ok(PhotoKind::Png),
        other => Err(AppError::StatusUnknown(format!(
            "图片格式「{other}」无法识别，请联系管理员"
        ))),
    }
}

/// The photos of a listing already checked readable, in gallery order.
async fn photos_of<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    listing_id: i64,
) -> Result<Vec<listing_photo::Model>, AppError> {
    db.all(
        db.find::<listing_photo::Entity>()
            .filter(listing_photo::Column::ListingId.eq(listing_id))
            .order_by_asc(listing_photo::Column::Sort)
            .order_by_asc(listing_photo::Column::Id),
    )
    .await
}

async fn describe<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    rows: Vec<listing_photo::Model>,
) -> Result<Vec<Photo>, AppError> {
    let names = history::names_of(db, rows.iter().filter_map(|row| row.uploaded_by)).await?;
    Ok(rows
        .into_iter()
        .map(|row| Photo {
            id: row.id,
            listing_id: row.listing_id,
            category: row.category,
            category_name: PHOTO_CATEGORY
                .label_of(row.category.into())
                .unwrap_or_default()
                .to_owned(),
            sort: row.sort,
            cover: row.cover,
            width: row.width,
            height: row.height,
            byte_size: row.byte_size,
            uploader_name: row
                .uploaded_by
                .and_then(|id| names.get(&id).cloned())
                .unwrap_or_default(),
            uploaded_by: row.uploaded_by,
            created_at: millis(row.created_at),
        })
        .collect())
}

/// A photo and its listing of `trade`, if the caller reads the listing.
async fn readable_photo(
    trade: Trade,
    caller: &Caller,
    id: i64,
) -> Result<listing_photo::Model, AppError> {
    let scoped = caller.require(needs(trade).read)?;
    let db = scoped.unscoped();
    let photo = db
        .one(
            db.find::<listing_photo::Entity>()
                .filter(listing_photo::Column::Id.eq(id)),
        )
        .await?
        .ok_or(AppError::NotFound)?;
    get_in(&scoped, trade, photo.listing_id).await?;
    Ok(photo)
}

/// The listing's photos in gallery order. Needs the list or the detail page.
pub async fn list_in(
    trade: Trade,
    caller: &Caller,
    query: PhotoListQuery,
) -> Result<Vec<Photo>, AppError> {
    let scoped = caller.require(needs(trade).read)?;
    let row = get_in(&scoped, trade, query.listing_id).await?;
    let db = scoped.unscoped();
    describe(&db, photos_of(&db, row.id).await?).await
}

/// Adds a photo at the end of the gallery (the cover when it is the first). The same picture
/// twice on one listing is refused; on two listings it is one file.
pub async fn upload_in(
    trade: Trade,
    caller: &Caller,
    store: &PhotoStore,
    request: PhotoUpload,
) -> Result<Photo, AppError> {
    let scoped = caller.require(needs(trade).edit)?;
    let category = check_category(request.category.unwrap_or(9))?;
    let row = changeable(trade, &scoped, request.listing_id).await?;
    let content = request.content.trim();
    if content.is_empty() {
        return Err(AppError::invalid("content", media::PHOTO_EMPTY_MESSAGE));
    }
    // Checking and naming a picture (decoding it) is work for a blocking thread.
    let content = content.to_owned();
    let (stored, bytes) = tokio::task::spawn_blocking(move || {
        let bytes = base64::engine::general_purpose::STANDARD
            .decode(content.as_bytes())
            .map_err(|_| AppError::invalid("content", NOT_BASE64))?;
        let stored = PhotoStore::inspect(&bytes).map_err(photo_error)?;
        Ok::<_, AppError>((stored, bytes))
    })
    .await
    .map_err(AppError::internal)??;
    let db = scoped.unscoped();
    let existing = photos_of(&db, row.id).await?;
    if existing.iter().any(|photo| photo.hash == stored.hash) {
        return Err(AppError::Conflict(SAME_PICTURE.to_owned()));
    }
    if existing.len() as u64 >= media::PHOTOS_PER_LISTING {
        return Err(AppError::invalid("content", media::PHOTOS_FULL_MESSAGE));
    }
    // The file first: a row never names a picture that is not there. A file whose row then
    // fails is the same bytes the next upload would write.
    let file_store = store.clone();
    let file = stored.clone();
    tokio::task::spawn_blocking(move || file_store.save(&file, &bytes))
        .await
        .map_err(AppError::internal)?
        .map_err(photo_error)?;
    let sort = existing.iter().map(|photo| photo.sort).max().unwrap_or(0) + 1;
    let txn = scoped.begin().await?;
    let saved = insert_photo(
        &txn,
        listing_photo::ActiveModel {
            listing_id: Set(row.id),
            hash: Set(stored.hash.clone()),
            kind: Set(stored.kind.extension().to_owned()),
            byte_size: Set(i64::try_from(stored.bytes).unwrap_or(i64::MAX)),
            width: Set(i32::try_from(stored.width).unwrap_or_default()),
            height: Set(i32::try_from(stored.height).unwrap_or_default()),
            category: Set(category),
            sort: Set(sort),
            cover: Set(existing.is_empty()),
            uploaded_by: Set(Some(scoped.actor().id)),
            created_at: Set(Utc::now()),
            ..Default::default()
        },
    )
    .await?;
    // Inside the transaction: SQLite's one connection is the transaction's until it ends.
    let on = scoped.on(&txn);
    let photo = describe(&on.unscoped(), vec![saved.clone()])
        .await?
        .remove(0);
    audit::record(
        &txn,
        scoped.actor(),
        Change::created(KIND, saved.id, &photo, view::place(&row)),
    )
    .await?;
    txn.commit().await?;
    Ok(photo)
}

/// Puts the gallery in the order given, with each photo's category and the cover. The list
/// must be exactly the listing's photos: one added or removed meanwhile asks for a refresh.
pub async fn arrange_in(
    trade: Trade,
    caller: &Caller,
    request: PhotoArrange,
) -> Result<Vec<Photo>, AppError> {
    let scoped = caller.require(needs(trade).edit)?;
    let row = changeable(trade, &scoped, request.listing_id).await?;
    let db = scoped.unscoped();
    let before = photos_of(&db, row.id).await?;
    let mut asked: Vec<i64> = request.photos.iter().map(|p| p.id).collect();
    let mut held: Vec<i64> = before.iter().map(|p| p.id).collect();
    asked.sort_unstable();
    held.sort_unstable();
    if asked != held {
        return Err(AppError::TransitionRefused(ARRANGE_STALE.to_owned()));
    }
    let cover = match request.cover_id {
        Some(id) if held.contains(&id) => Some(id),
        Some(_) => return Err(AppError::invalid("coverId", "封面必须是该房源的图片")),
        None => request.photos.first().map(|p| p.id),
    };
    for place in &request.photos {
        check_category(place.category)?;
    }
    let old = describe(&db, before.clone()).await?;
    let txn = scoped.begin().await?;
    for (index, place) in request.photos.iter().enumerate() {
        let sort = i32::try_from(index + 1).unwrap_or(i32::MAX);
        update_photo(
            &txn,
            listing_photo::ActiveModel {
                id: Set(place.id),
                sort: Set(sort),
                category: Set(place.category),
                cover: Set(Some(place.id) == cover),
                ..Default::default()
            },
        )
        .await?;
    }
    let on = scoped.on(&txn);
    let inside = on.unscoped();
    let after = describe(&inside, photos_of(&inside, row.id).await?).await?;
    audit::record(
        &txn,
        scoped.actor(),
        Change::updated(
            trade.kind(),
            row.id,
            &Gallery(&old),
            &Gallery(&after),
            view::place(&row),
        ),
    )
    .await?;
    txn.commit().await?;
    Ok(after)
}

/// A listing's gallery as the audit log keeps it.
#[derive(Serialize)]
struct Gallery<'a>(&'a [Photo]);

/// Removes a photo from its listing; the next one becomes the cover when it was. The file
/// stays while another photo shows the same picture; once none does, the photo-file sweep
/// ([`super::photo_files`]) removes it.
pub async fn delete_in(trade: Trade, caller: &Caller, id: i64) -> Result<(), AppError> {
    let scoped = caller.require(needs(trade).edit)?;
    let photo = readable_photo(trade, caller, id).await?;
    let row = changeable(trade, &scoped, photo.listing_id).await?;
    let db = scoped.unscoped();
    let gone = describe(&db, vec![photo.clone()]).await?.remove(0);
    let txn = scoped.begin().await?;
    delete_photo(&txn, photo.id).await?;
    if photo.cover {
        let on = scoped.on(&txn);
        let next = photos_of(&on.unscoped(), row.id).await?;
        if let Some(first) = next.first() {
            update_photo(
                &txn,
                listing_photo::ActiveModel {
                    id: Set(first.id),
                    cover: Set(true),
                    ..Default::default()
                },
            )
            .await?;
        }
    }
    audit::record(
        &txn,
        scoped.actor(),
        Change::deleted(KIND, photo.id, &gone, view::place(&row)),
    )
    .await?;
    txn.commit().await?;
    Ok(())
}

/// The caller's copy of a photo, watermarked with their real name and user code.
pub async fn file_in(
    trade: Trade,
    caller: &Caller,
    store: &PhotoStore,
    query: PhotoFileQuery,
) -> Result<impl IntoResponse + use<>, AppError> {
    let photo = readable_photo(trade, caller, query.id).await?;
    let kind = kind_of(&photo)?;
    let me = caller.user();
    let text = media::watermark_text(&me.real_name, &me.user_code);
    let store = store.clone();
    let bytes = tokio::task::spawn_blocking(move || {
        store.watermarked(&photo.hash, kind, &text, query.thumb)
    })
    .await
    .map_err(AppError::internal)?
    .map_err(photo_error)?;
    Ok((
        [
            (header::CONTENT_TYPE, "image/jpeg"),
            // A viewer's own copy: kept by their browser, never by a shared cache.
            (header::CACHE_CONTROL, "private, max-age=3600"),
        ],
        bytes,
    ))
}

/// A photo of a listing already checked changeable.
#[allow(clippy::disallowed_methods)]
async fn insert_photo(
    txn: &DatabaseTransaction,
    row: listing_photo::ActiveModel,
) -> Result<listing_photo::Model, AppError> {
    Ok(row.insert(txn).await?)
}

/// A photo of a listing already checked changeable.
#[allow(clippy::disallowed_methods)]
async fn update_photo(
    txn: &DatabaseTransaction,
    row: listing_photo::ActiveModel,
) -> Result<(), AppError> {
    row.update(txn).await?;
    Ok(())
}

/// A photo of a listing already checked changeable.
#[allow(clippy::disallowed_methods)]
async fn delete_photo(txn: &DatabaseTransaction, id: i64) -> Result<(), AppError> {
    listing_photo::Entity::delete_by_id(id).exec(txn).await?;
    Ok(())
}
