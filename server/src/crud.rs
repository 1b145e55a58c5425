//! The bodies and routes every managed table repeats, written once (docs/server-patterns.md
//! shows a whole resource). Each route keeps its own OpenAPI texts: path, tag, the handler's
//! doc and the answer's description. A module of routes starts with `use crate::crud::prelude::*`
//! ([`prelude`]: the names every such module uses) and declares its routes and router in one
//! [`crud_routes!`] block.

/// The names a module of managed tables uses, imported at once.
pub mod prelude {
    pub use brokerdesk_core::forms;
    pub use chrono::Utc;
    pub use sea_orm::{ColumnTrait, ConnectionTrait, QueryFilter, QueryOrder, Set};
    pub use serde::Serialize;
    pub use utoipa::ToSchema;

    pub(crate) use super::{
        add_request, bodies, crud_routes, describe, edit_request, formed, in_use_by, list_query,
        router, views,
    };
    pub use crate::access::{Caller, Scoped, Unscoped, need};
    pub use crate::error::{AppError, Empty, Envelope};
    pub use crate::form;
    pub use crate::paging::{Page, PageQuery, filter_text};
    pub use crate::resource::{Formed, Resource, Within};
    pub use crate::shared::{IdRequest, millis};
}

/// `pub fn router()` of a module of submodules only: their routers merged.
macro_rules! router {
    ($($module:ident),+) => {
        pub fn router() -> utoipa_axum::router::OpenApiRouter<$crate::AppState> {
            utoipa_axum::router::OpenApiRouter::new()$(.merge($module::router()))+
        }
    };
}

/// What the server answers: each struct (its fields public, named in camelCase) derives
/// `Debug, Clone, Serialize, ToSchema`. Fields are written as in [`bodies!`].
macro_rules! views {
    ($($(#[$meta:meta])* pub struct $name:ident $(: $core:path)? { $($fields:tt)* })*) => {
        $($crate::crud::wire!(@struct [Debug, Clone, serde::Serialize, utoipa::ToSchema]
            [$(#[$meta])*] $name [$($core)?] {} [] $($fields)*);)*
    };
}

/// What the server takes (and anything that goes both ways): each struct (its fields public,
/// named in camelCase) derives `Debug, Clone, Default, Serialize, Deserialize, ToSchema`; one
/// written `pub struct StaffAdd: forms::STAFF { .. }` is checked with that core form
/// ([`CoreForm`](crate::form::CoreForm)). A field `id: number` is an `Option<i64>` that may come
/// as a number, as its text or empty ([`lenient_number`](crate::paging::lenient_number)), one
/// `locked: flag` the same for an `Option<bool>`, one `remark: String = default` takes its type's
/// default when absent; any other field is written `name: Type`, after its docs and attributes.
macro_rules! bodies {
    ($($(#[$meta:meta])* pub struct $name:ident $(: $core:path)? { $($fields:tt)* })*) => {
        $($crate::crud::wire!(@struct
            [Debug, Clone, Default, serde::Serialize, serde::Deserialize, utoipa::ToSchema]
            [$(#[$meta])*] $name [$($core)?] {} [] $($fields)*);)*
    };
}

/// The fields of [`views!`] and [`bodies!`], one at a time: `{..}` holds the attributes of the
/// field being read, `[..]` the fields written so far.
macro_rules! wire {
    (@struct [$($derive:path),*] [$($meta:tt)*] $name:ident [$($core:path)?] {} [$($out:tt)*]) => {
        #[derive($($derive),*)]
        #[serde(rename_all = "camelCase")]
        $($meta)*
        pub struct $name { $($out)* }

        $(impl $crate::form::CoreForm for $name {
            const FORM: &'static brokerdesk_core::forms::Form = &$core;
        })?
    };
    (@struct $derive:tt $meta:tt $name:ident $core:tt {$($attr:tt)*} [$($out:tt)*]
     #[$field_meta:meta] $($rest:tt)*) => {
        $crate::crud::wire!(@struct $derive $meta $name $core {$($attr)* #[$field_meta]}
            [$($out)*] $($rest)*);
    };
    (@struct $derive:tt $meta:tt $name:ident $core:tt {$($attr:tt)*} [$($out:tt)*]
     $field:ident: number $(, $($rest:tt)*)?) => {
        $crate::crud::wire!(@struct $derive $meta $name $core {} [$($out)* $($attr)*
            #[serde(default, deserialize_with = "crate::paging::lenient_number")]
            pub $field: Option<i64>,] $($($rest)*)?);
    };
    (@struct $derive:tt $meta:tt $name:ident $core:tt {$($attr:tt)*} [$($out:tt)*]
     $field:ident: flag $(, $($rest:tt)*)?) => {
        $crate::crud::wire!(@struct $derive $meta $name $core {} [$($out)* $($attr)*
            #[serde(default, deserialize_with = "crate::paging::lenient_bool")]
            pub $field: Option<bool>,] $($($rest)*)?);
    };
    (@struct $derive:tt $meta:tt $name:ident $core:tt {$($attr:tt)*} [$($out:tt)*]
     $field:ident: $type:ty = default $(, $($rest:tt)*)?) => {
        $crate::crud::wire!(@struct $derive $meta $name $core {} [$($out)* $($attr)*
            #[serde(default)]
            pub $field: $type,] $($($rest)*)?);
    };
    (@struct $derive:tt $meta:tt $name:ident $core:tt {$($attr:tt)*} [$($out:tt)*]
     $field:ident: $type:ty $(, $($rest:tt)*)?) => {
        $crate::crud::wire!(@struct $derive $meta $name $core {} [$($out)* $($attr)*
            pub $field: $type,] $($($rest)*)?);
    };
}

/// A list body `$query`: the page, texts matched anywhere (`name: Name`), numbers matched
/// exactly (`organisation_id: OrganisationId`), then texts matched whole (`exactly { .. }`) and
/// switches (`flags { .. }`). `$query::select` is the caller's readable
/// rows so filtered, in `order`.
macro_rules! list_query {
    ($query:ident for $entity:ident {
        $($text:ident: $text_column:ident),* ; $($number:ident: $number_column:ident),*
    } $(exactly { $($exact:ident: $exact_column:ident),* })?
      $(flags { $($flag:ident: $flag_column:ident),* })? order [$($order:ident),+]) => {
        #[derive(Debug, serde::Deserialize, utoipa::ToSchema)]
        #[serde(rename_all = "camelCase")]
        pub struct $query {
            #[serde(flatten)]
            pub page: $crate::paging::PageQuery,
            $(pub $text: Option<String>,)*
            $(#[serde(default, deserialize_with = "crate::paging::lenient_number")]
            pub $number: Option<i64>,)*
            $($(pub $exact: Option<String>,)*)?
            $($(#[serde(default, deserialize_with = "crate::paging::lenient_bool")]
            pub $flag: Option<bool>,)*)?
        }

        impl $query {
            /// The rows the caller reads that match, in the list's order.
            pub fn select(
                &self,
                scoped: &$crate::access::Scoped<'_>,
            ) -> sea_orm::Select<$entity::Entity> {
                // A query of texts only compares no column by `eq`.
                #[allow(unused_imports)]
                use sea_orm::{ColumnTrait as _, QueryFilter as _, QueryOrder as _};
                let mut select = scoped.read::<$entity::Entity>();
                $(if let Some(text) = $crate::paging::filter_text(&self.$text) {
                    select = select.filter($crate::shared::contains($entity::Column::$text_column, text));
                })*
                $(if let Some(number) = self.$number {
                    select = select.filter($entity::Column::$number_column.eq(number));
                })*
                $($(if let Some(text) = $crate::paging::filter_text(&self.$exact) {
                    select = select.filter($entity::Column::$exact_column.eq(text));
                })*)?
                $($(if let Some(flag) = self.$flag {
                    select = select.filter($entity::Column::$flag_column.eq(flag));
                })*)?
                select$(.order_by_asc($entity::Column::$order))+
            }
        }
    };
}

/// `Resource::in_use` (inside the `impl`): the row is in use while any of these columns of
/// other tables holds its id.
macro_rules! in_use_by {
    ($(#[$doc:meta])* $($entity:ident::$column:ident),+) => {
        $(#[$doc])*
        async fn in_use<C: sea_orm::ConnectionTrait>(
            db: &$crate::access::Unscoped<'_, C>,
            row: &Self::Model,
        ) -> Result<bool, $crate::error::AppError> {
            $(if db.uses::<$entity::Entity>($entity::Column::$column, row.id).await? {
                return Ok(true);
            })+
            Ok(false)
        }
    };
}

/// `Resource::describe` (inside the `impl`) of a view made of the row's own fields (`copied`), the
/// names it shows (`named`: the view's field, then the table and the row's column holding its
/// id), the counts it shows (`counted`: the view's field, then the rows counted and their column
/// holding the row's id), the ids it lists (`listed`: the view's field, then the
/// [`Link`](crate::resource::Link) table tying them to the row, sorted), and fields worked out
/// from the row (`with`); each is looked up for all the rows at once. `db` and `row` name the handle and the
/// row for `counted` and `with`. A view with more than these writes the body itself:
/// `describe!(async |db, rows| -> View { .. })`. A view of the row alone names no handle: `|_, row|`.
macro_rules! describe {
    (async |$db:pat_param, $rows:ident| -> $view:ty $body:block) => {
        async fn describe<C: sea_orm::ConnectionTrait>(
            $db: &$crate::access::Unscoped<'_, C>,
            $rows: Vec<Self::Model>,
        ) -> Result<Vec<$view>, $crate::error::AppError> $body
    };
    (|$db:tt, $row:ident| $view:ident { $($copy:ident),* $(,)? }
     $(named { $($name:ident: $named:ident($id:ident)),* $(,)? })?
     $(counted { $($count:ident: ($select:expr, $counted:ident::$column:ident)),* $(,)? })?
     $(listed { $($list:ident: $listed:ident),* $(,)? })?
     $(with { $($field:ident: $value_of:expr),* $(,)? })?) => {
        async fn describe<C: sea_orm::ConnectionTrait>(
            $db: &$crate::access::Unscoped<'_, C>,
            rows: Vec<Self::Model>,
        ) -> Result<Vec<$view>, $crate::error::AppError> {
            $($(let $name = $db
                .named::<$named::Entity>(rows.iter().filter_map(|r| Option::<i64>::from(r.$id)))
                .await?;)*)?
            $($(let $count = $db
                .counts($select, $counted::Column::$column, rows.iter().map(|r| r.id))
                .await?;)*)?
            $($(let $list = $db.lists::<$listed::Entity>(rows.iter().map(|r| r.id)).await?;)*)?
            Ok(rows
                .into_iter()
                .map(|$row| $view {
                    $($($field: $value_of,)*)?
                    $($($name: $crate::shared::name_of(&$name, $row.$id.into()),)*)?
                    $($($count: $crate::shared::count_of(&$count, $row.id),)*)?
                    $($($list: $list.get(&$row.id).cloned().unwrap_or_default(),)*)?
                    $($copy: $row.$copy,)*
                })
                .collect())
        }
    };
}

/// `impl Formed` for a table whose new rows go where [`Within`](crate::resource::Within) says
/// (`Organisation`, `Site` or `Nothing`): its form, and the check as an async closure over
/// `(scoped, within, form, except)`. A table that overrides `place_new` or `within` writes the
/// `impl` itself.
macro_rules! formed {
    ($entity:ident, $form:ident, $within:ident,
     async |$scoped:pat_param, $in:pat_param, $f:pat_param, $except:pat_param| $body:block) => {
        impl $crate::resource::Formed for $entity::Entity {
            type Form = $form;
            const WITHIN: $crate::resource::Within = $crate::resource::Within::$within;

            async fn check(
                $scoped: &$crate::access::Scoped<'_>,
                $in: i64,
                $f: &$form,
                $except: Option<i64>,
            ) -> Result<$entity::ActiveModel, $crate::error::AppError> $body
        }
    };
}

/// An add body: the optional organisation or site a new row goes to, then the form's fields,
/// checked with core's form `$core`.
macro_rules! add_request {
    ($name:ident { $(#[$doc:meta])* $target:ident } + $form:ident, $core:path) => {
        $crate::crud::bodies! {
            pub struct $name: $core {
                $(#[$doc])*
                $target: number,
                #[serde(flatten)]
                form: $form,
            }
        }
    };
}

/// An edit body: the row's id, then the form's fields, checked with core's form `$core`.
macro_rules! edit_request {
    ($name:ident + $form:ident, $core:path) => {
        $crate::crud::bodies! {
            pub struct $name: $core {
                id: i64,
                #[serde(flatten)]
                form: $form,
            }
        }
    };
}

/// One POST route and its OpenAPI entry: the handler `$handler` takes the body `$request` as
/// `$body` (a route without one names none: `fn tree()`) and answers `$answer` (`Store`,
/// `Page<Store>`, `Vec<StoreOption>`); `$block` runs once the caller meets `$need`, with their
/// handle as `$scoped` (and, named second, the caller, for a further need).
macro_rules! route {
    ($(#[$doc:meta])* fn $handler:ident($($body:ident: $request:ident)?)
     -> $answer:ident $(<$inner:ident>)?,
     $need:path, $path:literal, $tag:literal, $said:literal,
     |$scoped:ident $(, $caller:ident)?| $block:block) => {
        $(#[$doc])*
        #[utoipa::path(post, path = $path, tag = $tag, $(request_body = $request,)?
            security(("token" = [])),
            responses((status = 200, description = $said, body = Envelope<$answer $(<$inner>)?>)))]
        pub async fn $handler(
            caller: $crate::access::Caller,
            $($crate::error::AppJson($body): $crate::error::AppJson<$request>,)?
        ) -> $crate::error::ApiResult<$answer $(<$inner>)?> {
            let $scoped = caller.require($need)?;
            $(let $caller = &caller;)?
            $crate::error::ok($block)
        }
    };
}

/// The routes of a module in one block, its table and tag given once, and its router
/// (`pub fn router()`). Each route is its doc, then one of:
/// - `list(need, path, Query -> View, said)`: one page of [`list_query!`]'s select;
/// - `options(need, path, Query { number filters } order [..] -> Option { fields }, said)`: the
///   rows the caller reads that match the body's numbers, for selects, with their answer type;
/// - `add(need, path, Add.target -> View, said)`: core's form check, then `Scoped::add` to the
///   body's organisation or site (`Form -> View`: the body is the form, no target);
/// - `edit(need, path, Edit -> View, said)`: core's form check, then `Scoped::edit` (a body two
///   tables share names the core form it is checked with: `NameEdit(forms::DISTRICT)`);
/// - `delete(need, path, said)`: `Scoped::remove`, whose are the in-use check and
///   `Resource::removable`;
///
/// each a handler named as its kind. A route of another table (or a second of one kind) is named,
/// with its table: `add_circle = add<business_circle>(..)`. Any other POST route is written as
/// [`route!`] takes it without the tag: `fn detail(request: IdRequest) -> Role, need, path,
/// said, |scoped| { .. };`. The block may end with `merge(module, ..);` (the routers of
/// submodules).
macro_rules! crud_routes {
    (@one $entity:ident $tag:literal [$($doc:tt)*] $handler:ident
     list($need:path, $path:literal, $query:ident -> $view:ident, $said:literal)) => {
        $crate::crud::route!($($doc)* fn list(query: $query) -> Page<$view>,
            $need, $path, $tag, $said, |scoped| {
                scoped.list(query.select(&scoped), query.page).await?
            });
    };
    (@one $entity:ident $tag:literal [$($doc:tt)*] $handler:ident
     options($need:path, $path:literal,
     $query:ident { $($filter:ident: $column:ident),* } order [$($order:ident),+]
     -> $option:ident { $($field:ident: $type:ty),+ $(,)? }, $said:literal)) => {
        #[derive(Debug, serde::Serialize, utoipa::ToSchema)]
        #[serde(rename_all = "camelCase")]
        pub struct $option {
            $(pub $field: $type,)+
        }

        $crate::crud::route!($($doc)* fn options(query: $query) -> Vec<$option>,
            $need, $path, $tag, $said, |scoped| {
                // A query of texts only compares no column by `eq`.
                #[allow(unused_imports)]
                use sea_orm::{ColumnTrait as _, QueryFilter as _, QueryOrder as _};
                let mut select = scoped.read::<$entity::Entity>();
                $(if let Some(value) = query.$filter {
                    select = select.filter($entity::Column::$column.eq(value));
                })*
                let rows = scoped.all(select$(.order_by_asc($entity::Column::$order))+).await?;
                rows.into_iter().map(|row| $option { $($field: row.$field,)+ }).collect::<Vec<_>>()
            });
    };
    (@one $entity:ident $tag:literal [$($doc:tt)*] $handler:ident
     add($need:path, $path:literal, $request:ident $(. $target:ident)? -> $view:ident,
     $said:literal)) => {
        $crate::crud::route!($($doc)* fn $handler(request: $request) -> $view,
            $need, $path, $tag, $said, |scoped| {
                let request = $crate::form::checked(&request)?;
                let (target, form) = $crate::crud::crud_routes!(@parts request $($target)?);
                scoped.add::<$entity::Entity>(target, form).await?
            });
    };
    (@parts $request:ident $target:ident) => { ($request.$target.into(), &$request.form) };
    (@parts $request:ident) => { (None, &$request) };
    (@one $entity:ident $tag:literal [$($doc:tt)*] $handler:ident
     edit($need:path, $path:literal, $request:ident $(($core:path))? -> $view:ident,
     $said:literal)) => {
        $crate::crud::route!($($doc)* fn $handler(request: $request) -> $view,
            $need, $path, $tag, $said, |scoped| {
                let request = $crate::crud::crud_routes!(@checked request $($core)?)?;
                scoped.edit::<$entity::Entity>(request.id, &request.form).await?
            });
    };
    (@checked $request:ident) => { $crate::form::checked(&$request) };
    (@checked $request:ident $core:path) => { $crate::form::checked_with(&$core, &$request) };
    (@one $entity:ident $tag:literal [$($doc:tt)*] $handler:ident
     delete($need:path, $path:literal, $said:literal)) => {
        $crate::crud::route!($($doc)* fn $handler(request: IdRequest) -> Empty,
            $need, $path, $tag, $said, |scoped| {
                scoped.remove::<$entity::Entity>(request.id).await?;
                $crate::error::Empty {}
            });
    };
    (@go $entity:ident $tag:literal [$($route:tt)*] [$($merge:ident)*]) => {
        pub fn router() -> utoipa_axum::router::OpenApiRouter<$crate::AppState> {
            utoipa_axum::router::OpenApiRouter::new()
                $(.routes(utoipa_axum::routes!($route)))*
                $(.merge($merge::router()))*
        }
    };
    (@go $entity:ident $tag:literal [$($route:tt)*] [$($merge:ident)*]
     merge($($module:ident),+ $(,)?); $($rest:tt)*) => {
        $crate::crud::crud_routes!(@go $entity $tag [$($route)*] [$($merge)* $($module)+]
            $($rest)*);
    };
    (@go $entity:ident $tag:literal [$($route:tt)*] [$($merge:ident)*]
     $(#[$doc:meta])* fn $handler:ident($($body:ident: $request:ident)?)
     -> $answer:ident $(<$inner:ident>)?, $need:path, $path:literal, $said:literal,
     |$scoped:ident $(, $caller:ident)?| $block:block; $($rest:tt)*) => {
        $crate::crud::route!($(#[$doc])* fn $handler($($body: $request)?)
            -> $answer $(<$inner>)?, $need, $path, $tag, $said, |$scoped $(, $caller)?| $block);
        $crate::crud::crud_routes!(@go $entity $tag [$($route)* $handler] [$($merge)*]
            $($rest)*);
    };
    (@go $entity:ident $tag:literal [$($route:tt)*] [$($merge:ident)*]
     $(#[$doc:meta])* $handler:ident = $kind:ident<$table:ident>($($args:tt)*); $($rest:tt)*) => {
        $crate::crud::crud_routes!(@one $table $tag [$(#[$doc])*] $handler $kind($($args)*));
        $crate::crud::crud_routes!(@go $entity $tag [$($route)* $handler] [$($merge)*]
            $($rest)*);
    };
    (@go $entity:ident $tag:literal [$($route:tt)*] [$($merge:ident)*]
     $(#[$doc:meta])* $kind:ident($($args:tt)*); $($rest:tt)*) => {
        $crate::crud::crud_routes!(@one $entity $tag [$(#[$doc])*] $kind $kind($($args)*));
        $crate::crud::crud_routes!(@go $entity $tag [$($route)* $kind] [$($merge)*]
            $($rest)*);
    };
    ($entity:ident, $tag:literal; $($items:tt)*) => {
        $crate::crud::crud_routes!(@go $entity $tag [] [] $($items)*);
    };
}

pub(crate) use {add_request, bodies, crud_routes, describe, edit_request, formed};
pub(crate) use {in_use_by, list_query, route, router, views, wire};
