//! The two route families, 二手房 (`/api/v1/fm/house/old/…`) and 租房
//! (`/api/v1/fm/house/rental/…`): the same ten routes declared once and stamped per trade, each
//! a thin door onto the shared handlers with its trade (and so its permission codes and form).

use brokerdesk_core::listing::trade::Trade;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::dto::*;
use super::export::export_in;
use super::flow::{
    add_in, claim_in, edit_in, follow_up_add_in, follow_up_list_in, reveal_in, role_choices_in,
    transition_in,
};
use super::key::{
    KeyLend, KeyQuery, KeyRegister, ListingKey, get_in_trade, lend_in, register_in, return_in,
};
use super::photo::{
    Photo, PhotoArrange, PhotoFileQuery, PhotoListQuery, PhotoUpload, arrange_in, delete_in,
    file_in, list_in, upload_in,
};
use super::{detail_of, list_of};
use crate::AppState;
use crate::access::Caller;
use crate::error::{ApiResult, AppError, AppJson, Empty, Envelope, LimitBody, ok};
use crate::paging::Page;
use crate::shared::IdRequest;
use axum::extract::State;
use axum::response::{IntoResponse, Response};

/// Declares the routes of one trade in module `$module`, at the paths given.
macro_rules! trade_routes {
    ($module:ident, $trade:expr, $list:tt, $detail:tt, $add:tt, $edit:tt, $transition:tt,
     $claim:tt, $follow_up_add:tt, $follow_up_list:tt, $reveal:tt, $role_choices:tt) => {
        mod $module {
            use super::*;

            /// The listings of the trade the caller reads, newest first, filtered by the trade's
            /// ranges, district, circle, community, status, pool and keyword. Needs the list page.
            #[utoipa::path(post, path = $list, tag = "house",
                request_body = ListingQuery, security(("token" = [])),
                responses((status = 200, description = "One page of listings", body = Envelope<Page<ListingRow>>)))]
            pub async fn list(
                caller: Caller,
                AppJson(query): AppJson<ListingQuery>,
            ) -> ApiResult<Page<ListingRow>> {
                ok(list_of($trade, &caller, query).await?)
            }

            /// One listing with its roles, history and the actions offered to the caller. Needs
            /// the list or the detail page.
            #[utoipa::path(post, path = $detail, tag = "house",
                request_body = IdRequest, security(("token" = [])),
                responses((status = 200, description = "The listing", body = Envelope<ListingDetail>)))]
            pub async fn detail(
                caller: Caller,
                AppJson(request): AppJson<IdRequest>,
            ) -> ApiResult<ListingDetail> {
                ok(detail_of($trade, &caller, request.id).await?)
            }

            /// Enter a listing on a room of the dictionary (重盘 refused naming the listing on
            /// the market). Needs 新增.
            #[utoipa::path(post, path = $add, tag = "house",
                request_body = ListingAdd, security(("token" = [])),
                responses((status = 200, description = "The new listing", body = Envelope<ListingDetail>)))]
            pub async fn add(
                caller: Caller,
                AppJson(form): AppJson<ListingAdd>,
            ) -> ApiResult<ListingDetail> {
                ok(add_in($trade, &caller, form).await?)
            }

            /// Edit a listing's details, owner and roles: its maintainer or a manager. Needs 编辑.
            #[utoipa::path(post, path = $edit, tag = "house",
                request_body = ListingEdit, security(("token" = [])),
                responses((status = 200, description = "The listing as saved", body = Envelope<ListingDetail>)))]
            pub async fn edit(
                caller: Caller,
                AppJson(form): AppJson<ListingEdit>,
            ) -> ApiResult<ListingDetail> {
                ok(edit_in($trade, &caller, form).await?)
            }

            /// Move a listing through core's lifecycle table (封盘, 暂缓, 预定, 成交 or 租出, 转公盘,
            /// 重新上架 …); of two people acting at once one wins. Needs the list page.
            #[utoipa::path(post, path = $transition, tag = "house",
                request_body = ListingTransition, security(("token" = [])),
                responses((status = 200, description = "The listing after the move", body = Envelope<ListingDetail>)))]
            pub async fn transition(
                caller: Caller,
                AppJson(request): AppJson<ListingTransition>,
            ) -> ApiResult<ListingDetail> {
                ok(transition_in($trade, &caller, request).await?)
            }

            /// Claim a listing of the public pool; of two claims at once exactly one wins. Needs
            /// 认领.
            #[utoipa::path(post, path = $claim, tag = "house",
                request_body = IdRequest, security(("token" = [])),
                responses((status = 200, description = "The listing, now the caller's", body = Envelope<ListingDetail>)))]
            pub async fn claim(
                caller: Caller,
                AppJson(request): AppJson<IdRequest>,
            ) -> ApiResult<ListingDetail> {
                ok(claim_in($trade, &caller, request.id).await?)
            }

            /// Write a follow-up; the maintainer's restarts the drop rule's clock. Needs 写跟进.
            #[utoipa::path(post, path = $follow_up_add, tag = "house",
                request_body = FollowUpAdd, security(("token" = [])),
                responses((status = 200, description = "The follow-up", body = Envelope<FollowUp>)))]
            pub async fn follow_up_add(
                caller: Caller,
                AppJson(form): AppJson<FollowUpAdd>,
            ) -> ApiResult<FollowUp> {
                ok(follow_up_add_in($trade, &caller, form).await?)
            }

            /// A listing's follow-ups, newest first. Needs the list or the detail page.
            #[utoipa::path(post, path = $follow_up_list, tag = "house",
                request_body = FollowUpQuery, security(("token" = [])),
                responses((status = 200, description = "One page of follow-ups", body = Envelope<Page<FollowUp>>)))]
            pub async fn follow_up_list(
                caller: Caller,
                AppJson(query): AppJson<FollowUpQuery>,
            ) -> ApiResult<Page<FollowUp>> {
                ok(follow_up_list_in($trade, &caller, query).await?)
            }

            /// The owner's phones whole, for the maintainer or a holder of 查看电话; each reveal
            /// is on file. Needs the list or the detail page.
            #[utoipa::path(post, path = $reveal, tag = "house",
                request_body = IdRequest, security(("token" = [])),
                responses((status = 200, description = "The owner's phones", body = Envelope<RevealedPhone>)))]
            pub async fn reveal_phone(
                caller: Caller,
                AppJson(request): AppJson<IdRequest>,
            ) -> ApiResult<RevealedPhone> {
                ok(reveal_in($trade, &caller, request.id).await?)
            }

            /// What the form's 房源角色 offers: the city's roles, the colleagues the caller may
            /// put in them (working, of their store or data scope) and who 录入 and 维护 start
            /// with. With a listing's `id` needs 编辑 of it; without, 新增.
            #[utoipa::path(post, path = $role_choices, tag = "house",
                request_body = RoleChoicesQuery, security(("token" = [])),
                responses((status = 200, description = "Roles and colleagues", body = Envelope<RoleChoices>)))]
            pub async fn role_choices(
                caller: Caller,
                AppJson(query): AppJson<RoleChoicesQuery>,
            ) -> ApiResult<RoleChoices> {
                ok(role_choices_in($trade, &caller, query).await?)
            }

            pub fn router() -> OpenApiRouter<AppState> {
                OpenApiRouter::new()
                    .routes(routes!(list))
                    .routes(routes!(role_choices))
                    .routes(routes!(detail))
                    .routes(routes!(add))
                    .routes(routes!(edit))
                    .routes(routes!(transition))
                    .routes(routes!(claim))
                    .routes(routes!(follow_up_add))
                    .routes(routes!(follow_up_list))
                    .routes(routes!(reveal_phone))
            }
        }
    };
}

trade_routes!(
    sale,
    Trade::Sale,
    "/api/v1/fm/house/old/list",
    "/api/v1/fm/house/old/detail",
    "/api/v1/fm/house/old/add",
    "/api/v1/fm/house/old/edit",
    "/api/v1/fm/house/old/transition",
    "/api/v1/fm/house/old/claim",
    "/api/v1/fm/house/old/followUp/add",
    "/api/v1/fm/house/old/followUp/list",
    "/api/v1/fm/house/old/revealPhone",
    "/api/v1/fm/house/old/roleChoices"
);

trade_routes!(
    lease,
    Trade::Lease,
    "/api/v1/fm/house/rental/list",
    "/api/v1/fm/house/rental/detail",
    "/api/v1/fm/house/rental/add",
    "/api/v1/fm/house/rental/edit",
    "/api/v1/fm/house/rental/transition",
    "/api/v1/fm/house/rental/claim",
    "/api/v1/fm/house/rental/followUp/add",
    "/api/v1/fm/house/rental/followUp/list",
    "/api/v1/fm/house/rental/revealPhone",
    "/api/v1/fm/house/rental/roleChoices"
);

/// Declares the photo routes of one trade in module `$module`, at the paths given.
macro_rules! photo_routes {
    ($module:ident, $trade:expr, $list:tt, $upload:tt, $arrange:tt, $delete:tt, $file:tt) => {
        mod $module {
            use super::*;

            /// A listing's photos in gallery order (cover, category, size, who uploaded).
            /// Needs the list or the detail page and a listing the caller reads.
            #[utoipa::path(post, path = $list, tag = "house",
                request_body = PhotoListQuery, security(("token" = [])),
                responses((status = 200, description = "The photos", body = Envelope<Vec<Photo>>)))]
            pub async fn photo_list(
                caller: Caller,
                AppJson(query): AppJson<PhotoListQuery>,
            ) -> ApiResult<Vec<Photo>> {
                ok(list_in($trade, &caller, query).await?)
            }

            /// Add a photo (compressed by the browser, base64): JPEG or PNG, at most 5 MB and
            /// 1920 px, at most 30 per listing; the same picture twice is refused. Needs 编辑 of
            /// a listing the caller keeps or manages.
            #[utoipa::path(post, path = $upload, tag = "house",
                request_body = PhotoUpload, security(("token" = [])),
                responses((status = 200, description = "The photo", body = Envelope<Photo>)))]
            pub async fn photo_upload(
                State(state): State<AppState>,
                caller: Caller,
                AppJson(request): AppJson<PhotoUpload>,
            ) -> ApiResult<Photo> {
                ok(upload_in($trade, &caller, &state.photos, request).await?)
            }

            /// Order the gallery, label each photo and choose the cover. Needs 编辑.
            #[utoipa::path(post, path = $arrange, tag = "house",
                request_body = PhotoArrange, security(("token" = [])),
                responses((status = 200, description = "The photos as arranged", body = Envelope<Vec<Photo>>)))]
            pub async fn photo_arrange(
                caller: Caller,
                AppJson(request): AppJson<PhotoArrange>,
            ) -> ApiResult<Vec<Photo>> {
                ok(arrange_in($trade, &caller, request).await?)
            }

            /// Remove a photo; the next becomes the cover when it was. Needs 编辑.
            #[utoipa::path(post, path = $delete, tag = "house",
                request_body = IdRequest, security(("token" = [])),
                responses((status = 200, description = "Removed", body = Envelope<Empty>)))]
            pub async fn photo_delete(
                caller: Caller,
                AppJson(request): AppJson<IdRequest>,
            ) -> ApiResult<Empty> {
                delete_in($trade, &caller, request.id).await?;
                ok(Empty {})
            }

            /// The caller's copy of a photo (or its 480 px thumbnail), a JPEG watermarked with
            /// their real name and user code. Needs the list or the detail page and a listing
            /// the caller reads.
            #[utoipa::path(post, path = $file, tag = "house",
                request_body = PhotoFileQuery, security(("token" = [])),
                responses((status = 200, description = "The watermarked picture", content_type = "image/jpeg", body = Vec<u8>)))]
            pub async fn photo_file(
                State(state): State<AppState>,
                caller: Caller,
                AppJson(query): AppJson<PhotoFileQuery>,
            ) -> Result<impl IntoResponse, AppError> {
                file_in($trade, &caller, &state.photos, query).await
            }

            pub fn router() -> OpenApiRouter<AppState> {
                OpenApiRouter::new()
                    .routes(routes!(photo_upload))
                    .limit_body(crate::listing::photo::UPLOAD_BODY_LIMIT)
                    .routes(routes!(photo_list))
                    .routes(routes!(photo_arrange))
                    .routes(routes!(photo_delete))
                    .routes(routes!(photo_file))
            }
        }
    };
}

photo_routes!(
    sale_photos,
    Trade::Sale,
    "/api/v1/fm/house/old/photo/list",
    "/api/v1/fm/house/old/photo/upload",
    "/api/v1/fm/house/old/photo/arrange",
    "/api/v1/fm/house/old/photo/delete",
    "/api/v1/fm/house/old/photo/file"
);

photo_routes!(
    lease_photos,
    Trade::Lease,
    "/api/v1/fm/house/rental/photo/list",
    "/api/v1/fm/house/rental/photo/upload",
    "/api/v1/fm/house/rental/photo/arrange",
    "/api/v1/fm/house/rental/photo/delete",
    "/api/v1/fm/house/rental/photo/file"
);

/// Declares the key routes of one trade in module `$module`, at the paths given.
macro_rules! key_routes {
    ($module:ident, $trade:expr, $get:tt, $register:tt, $lend:tt, $return:tt) => {
        mod $module {
            use super::*;

            /// A listing's key (type, store and person keeping it, number, whether it is out)
            /// with its loans and the key actions offered to the caller. Needs the list or the
            /// detail page and a listing the caller reads.
            #[utoipa::path(post, path = $get, tag = "house",
                request_body = KeyQuery, security(("token" = [])),
                responses((status = 200, description = "The key and its log", body = Envelope<ListingKey>)))]
            pub async fn key_get(
                caller: Caller,
                AppJson(query): AppJson<KeyQuery>,
            ) -> ApiResult<ListingKey> {
                ok(get_in_trade($trade, &caller, query).await?)
            }

            /// 登记钥匙: register the key or change its registration (not while it is out); the
            /// caller keeps it at their store and becomes a 钥匙人. Needs 编辑 of a listing the
            /// caller keeps or manages.
            #[utoipa::path(post, path = $register, tag = "house",
                request_body = KeyRegister, security(("token" = [])),
                responses((status = 200, description = "The key", body = Envelope<ListingKey>)))]
            pub async fn key_register(
                caller: Caller,
                AppJson(form): AppJson<KeyRegister>,
            ) -> ApiResult<ListingKey> {
                ok(register_in($trade, &caller, form).await?)
            }

            /// 借出: the caller takes a key kept in the store (what for, which customer, when it
            /// comes back); a key already out is not lent twice. Needs 编辑, a listing the
            /// caller reads and to be of the key's holding store (its 钥匙人, or a data scope
            /// covering the store): another store is told where the key is kept.
            #[utoipa::path(post, path = $lend, tag = "house",
                request_body = KeyLend, security(("token" = [])),
                responses((status = 200, description = "The key, now out", body = Envelope<ListingKey>)))]
            pub async fn key_lend(
                caller: Caller,
                AppJson(form): AppJson<KeyLend>,
            ) -> ApiResult<ListingKey> {
                ok(lend_in($trade, &caller, form).await?)
            }

            /// 归还: the key is back. Needs 编辑, a listing the caller reads and to be of the
            /// key's holding store.
            #[utoipa::path(post, path = $return, tag = "house",
                request_body = KeyQuery, security(("token" = [])),
                responses((status = 200, description = "The key, back in place", body = Envelope<ListingKey>)))]
            pub async fn key_return(
                caller: Caller,
                AppJson(query): AppJson<KeyQuery>,
            ) -> ApiResult<ListingKey> {
                ok(return_in($trade, &caller, query).await?)
            }

            pub fn router() -> OpenApiRouter<AppState> {
                OpenApiRouter::new()
                    .routes(routes!(key_get))
                    .routes(routes!(key_register))
                    .routes(routes!(key_lend))
                    .routes(routes!(key_return))
            }
        }
    };
}

key_routes!(
    sale_keys,
    Trade::Sale,
    "/api/v1/fm/house/old/key/get",
    "/api/v1/fm/house/old/key/register",
    "/api/v1/fm/house/old/key/lend",
    "/api/v1/fm/house/old/key/return"
);

key_routes!(
    lease_keys,
    Trade::Lease,
    "/api/v1/fm/house/rental/key/get",
    "/api/v1/fm/house/rental/key/register",
    "/api/v1/fm/house/rental/key/lend",
    "/api/v1/fm/house/rental/key/return"
);

/// Declares the 导出 route of one trade in module `$module`, at the path given.
macro_rules! export_routes {
    ($module:ident, $trade:expr, $export:tt) => {
        mod $module {
            use super::*;

            /// The filtered list (the list's filters and scope) as an XLSX file, newest first,
            /// owner phones as the caller sees them on screen, at most 5,000 rows (past that the
            /// caller is told to narrow the filter). Needs 导出.
            #[utoipa::path(post, path = $export, tag = "house",
                request_body = ListingQuery, security(("token" = [])),
                responses((status = 200, description = "The listings as XLSX", content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", body = Vec<u8>)))]
            pub async fn export(
                caller: Caller,
                AppJson(query): AppJson<ListingQuery>,
            ) -> Result<Response, AppError> {
                export_in($trade, &caller, query).await
            }

            pub fn router() -> OpenApiRouter<AppState> {
                OpenApiRouter::new().routes(routes!(export))
            }
        }
    };
}

export_routes!(sale_export, Trade::Sale, "/api/v1/fm/house/old/export");
export_routes!(lease_export, Trade::Lease, "/api/v1/fm/house/rental/export");

pub fn router() -> OpenApiRouter<AppState> {
    sale::router()
        .merge(lease::router())
        .merge(sale_photos::router())
        .merge(lease_photos::router())
        .merge(sale_keys::router())
        .merge(lease_keys::router())
        .merge(sale_export::router())
        .merge(lease_export::router())
}
