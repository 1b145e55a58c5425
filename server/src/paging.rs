//! Paged lists: `{pageNum, pageSize, ...filters}` in, `{list, total}` out, with the page sizes
//! the SPA's pagination bar offers (spec §9). Also the lenient readers list filters need: the
//! SPA sends an empty string for a cleared filter.

use brokerdesk_core::constants::{DEFAULT_PAGE_SIZE, PAGE_SIZES};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ConnectionTrait, EntityTrait, FromQueryResult, PaginatorTrait, QueryOrder, QuerySelect, Select,
};
use serde::{Deserialize, Deserializer, Serialize};
use utoipa::ToSchema;

use crate::error::AppError;

pub const PAGE_SIZE_RULE: &str = "每页条数只能是5、10、20、30、40、50、100之一";

/// Which page of a list to return.
#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PageQuery {
    /// 1-based; default 1.
    #[serde(default, deserialize_with = "lenient_number")]
    pub page_num: Option<i64>,
    /// 5, 10, 20, 30, 40, 50 or 100; default 10.
    #[serde(default, deserialize_with = "lenient_number")]
    pub page_size: Option<i64>,
}

impl PageQuery {
    /// `(page index from 0, page size)`.
    pub fn resolve(self) -> Result<(u64, u64), AppError> {
        let size = self.page_size.unwrap_or(i64::from(DEFAULT_PAGE_SIZE));
        if !PAGE_SIZES.iter().any(|allowed| i64::from(*allowed) == size) {
            return Err(AppError::invalid("pageSize", PAGE_SIZE_RULE));
        }
        let num = self.page_num.unwrap_or(1);
        if num < 1 {
            return Err(AppError::invalid("pageNum", "页码须为大于0的整数"));
        }
        Ok(((num - 1) as u64, size as u64))
    }
}

/// One page of a list and the count of all matching rows.
#[derive(Debug, Serialize, ToSchema)]
pub struct Page<T> {
    pub list: Vec<T>,
    pub total: u64,
}

impl<T> Page<T> {
    pub fn map<U>(self, f: impl FnMut(T) -> U) -> Page<U> {
        Page {
            list: self.list.into_iter().map(f).collect(),
            total: self.total,
        }
    }
}

/// Runs a select for one page.
pub async fn fetch<C, E>(
    db: &C,
    select: Select<E>,
    page: PageQuery,
) -> Result<Page<E::Model>, AppError>
where
    C: ConnectionTrait,
    E: EntityTrait,
    E::Model: FromQueryResult + Send + Sync,
{
    let (index, size) = page.resolve()?;
    let paginator = select.paginate(db, size);
    let total = paginator.num_items().await?;
    let list = paginator.fetch_page(index).await?;
    Ok(Page { list, total })
}

/// The keys of one page of an ordered select, and the count of all matching rows, in one
/// pass: for a big table, where an index holding the filter's and the order's columns answers
/// alone, and only the page's rows are then read by key
/// ([`crate::access::Unscoped::page_by_key`]). Selecting whole rows instead makes the database
/// read every matching row before sorting them, and a separate count reads the index twice
/// (docs/benchmarks.md, the houses bench).
pub async fn keys<C, E>(
    db: &C,
    select: Select<E>,
    key: E::Column,
    page: PageQuery,
) -> Result<Page<i64>, AppError>
where
    C: ConnectionTrait,
    E: EntityTrait,
    E::Model: FromQueryResult + Send + Sync,
{
    let (index, size) = page.resolve()?;
    let rows: Vec<(i64, i64)> = select
        .clone()
        .select_only()
        .column(key)
        .expr(Expr::cust("COUNT(*) OVER ()"))
        .offset(index * size)
        .limit(size)
        .into_tuple()
        .all(db)
        .await?;
    let total = match rows.first() {
        Some((_, total)) => u64::try_from(*total).unwrap_or_default(),
        // Past the last page the window counts nothing: count apart.
        None if index > 0 => select.paginate(db, size).num_items().await?,
        None => 0,
    };
    Ok(Page {
        list: rows.into_iter().map(|(key, _)| key).collect(),
        total,
    })
}

/// As [`keys`] with the total counted by a query of its own, where that is cheaper than the
/// window: SQLite answers `COUNT(*) OVER ()` by keeping and sorting every matching row before it
/// takes the page, while a plain count reads its index alone and the page's keys come from an
/// index in the list's order, stopping at the page. At a million listings (the filtered list of
/// `docs/benchmarks.md`, 7,603 matches) 17 ms + 1–8 ms in the `sqlite3` shell against 29–30 ms.
pub async fn keys_counted_apart<C, E>(
    db: &C,
    select: Select<E>,
    key: E::Column,
    page: PageQuery,
) -> Result<Page<i64>, AppError>
where
    C: ConnectionTrait,
    E: EntityTrait,
    E::Model: FromQueryResult + Send + Sync,
{
    let (index, size) = page.resolve()?;
    let list: Vec<i64> = select
        .clone()
        .select_only()
        .column(key)
        .offset(index * size)
        .limit(size)
        .into_tuple()
        .all(db)
        .await?;
    let mut count = select.select_only().expr(Expr::cust("COUNT(*)"));
    QueryOrder::query(&mut count).clear_order_by();
    let total: Option<i64> = count.into_tuple().one(db).await?;
    Ok(Page {
        list,
        total: total
            .and_then(|n| u64::try_from(n).ok())
            .unwrap_or_default(),
    })
}

/// A number given as a number, a numeric string, an empty string or null (the last two:
/// absent).
pub fn lenient_number<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<i64>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Raw {
        Number(i64),
        Text(String),
    }
    match Option::<Raw>::deserialize(deserializer)? {
        None => Ok(None),
        Some(Raw::Number(n)) => Ok(Some(n)),
        Some(Raw::Text(text)) if text.trim().is_empty() => Ok(None),
        Some(Raw::Text(text)) => text
            .trim()
            .parse()
            .map(Some)
            .map_err(|_| serde::de::Error::custom("not a number")),
    }
}

/// A boolean given as a boolean, `"true"`/`"false"`, an empty string or null.
pub fn lenient_bool<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<bool>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Raw {
        Bool(bool),
        Text(String),
    }
    match Option::<Raw>::deserialize(deserializer)? {
        None => Ok(None),
        Some(Raw::Bool(b)) => Ok(Some(b)),
        Some(Raw::Text(text)) => match text.trim() {
            "" => Ok(None),
            "true" => Ok(Some(true)),
            "false" => Ok(Some(false)),
            _ => Err(serde::de::Error::custom("not a boolean")),
        },
    }
}

/// A text filter: trimmed, empty means absent.
pub fn filter_text(value: &Option<String>) -> Option<&str> {
    value
        .as_deref()
        .map(str::trim)
        .filter(|text| !text.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Deserialize)]
    #[serde(rename_all = "camelCase")]
    struct Filters {
        #[serde(flatten)]
        page: PageQuery,
        #[serde(default, deserialize_with = "lenient_number")]
        store_id: Option<i64>,
        #[serde(default, deserialize_with = "lenient_bool")]
        locked: Option<bool>,
    }

    fn parse(json: &str) -> Filters {
        serde_json::from_str(json).unwrap()
    }

    #[test]
    fn empty_filters_are_absent_and_numbers_may_be_text() {
        let f = parse(r#"{"pageNum":"2","pageSize":20,"storeId":"","locked":""}"#);
        assert_eq!(f.page.resolve().unwrap(), (1, 20));
        assert_eq!((f.store_id, f.locked), (None, None));
        let f = parse(r#"{"storeId":"7","locked":"true"}"#);
        assert_eq!((f.store_id, f.locked), (Some(7), Some(true)));
        assert_eq!(f.page.resolve().unwrap(), (0, 10));
    }

    #[test]
    fn only_the_offered_page_sizes_are_accepted() {
        for size in [5, 10, 20, 30, 40, 50, 100] {
            assert!(
                parse(&format!(r#"{{"pageSize":{size}}}"#))
                    .page
                    .resolve()
                    .is_ok()
            );
        }
        let err = parse(r#"{"pageSize":15}"#).page.resolve().unwrap_err();
        assert_eq!(err.to_string(), PAGE_SIZE_RULE);
        let err = parse(r#"{"pageNum":0}"#).page.resolve().unwrap_err();
        assert_eq!(err.to_string(), "页码须为大于0的整数");
    }
}
