//! Visited-view tabs (spec §2): unique by path, titled by the query title or the route name,
//! capped by the page width with the oldest dropped, and closing a tab frees its session entry.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::constants::{FALLBACK_PAGE_WIDTH_PX, TAB_WIDTH_PX};
use crate::routes::RouteMeta;

/// A tab. `M` is the route meta it carries; the tab rules never look inside it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct VisitedView<M = RouteMeta> {
    pub path: String,
    pub full_path: String,
    #[serde(default)]
    pub query: BTreeMap<String, String>,
    pub name: String,
    pub title: String,
    /// Missing is None.
    pub meta: Option<M>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AddedView<M = RouteMeta> {
    pub views: Vec<VisitedView<M>>,
    /// Tabs pushed out by the cap, oldest first.
    pub dropped: Vec<VisitedView<M>>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RemovedView<M = RouteMeta> {
    pub views: Vec<VisitedView<M>>,
    /// The sessionStorage key of the closed tab, which the caller deletes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub session_key: Option<String>,
}

/// floor((page width, or 1920 if unknown, − 150) / 150), at least 1.
pub fn tab_cap(page_width: Option<f64>) -> usize {
    let width = page_width
        .filter(|w| w.is_finite())
        .unwrap_or(f64::from(FALLBACK_PAGE_WIDTH_PX));
    let tab = f64::from(TAB_WIDTH_PX);
    let cap = ((width - tab) / tab).floor();
    if cap < 1.0 { 1 } else { cap as usize }
}

/// A tab for a route; its title is the query `title` when present, else the route name.
pub fn make_visited_view<M>(
    path: &str,
    full_path: &str,
    query: BTreeMap<String, String>,
    name: &str,
    meta: Option<M>,
) -> VisitedView<M> {
    let title = query
        .get("title")
        .filter(|title| !title.is_empty())
        .cloned()
        .unwrap_or_else(|| name.to_string());
    VisitedView {
        path: path.into(),
        full_path: full_path.into(),
        query,
        name: name.into(),
        title,
        meta,
    }
}

/// Adds or refreshes a tab. A tab already open for the path is updated where it stands.
pub fn add_visited_view<M>(
    mut views: Vec<VisitedView<M>>,
    view: VisitedView<M>,
    page_width: Option<f64>,
) -> AddedView<M> {
    match views.iter_mut().find(|open| open.path == view.path) {
        Some(open) => *open = view,
        None => views.push(view),
    }
    let excess = views.len().saturating_sub(tab_cap(page_width));
    let dropped = views.drain(..excess).collect();
    AddedView { views, dropped }
}

/// Closes the tab of a path; a path with no tab changes nothing.
pub fn remove_visited_view<M>(mut views: Vec<VisitedView<M>>, path: &str) -> RemovedView<M> {
    let before = views.len();
    views.retain(|view| view.path != path);
    let session_key = (views.len() < before).then(|| path.to_string());
    RemovedView { views, session_key }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn view(path: &str) -> VisitedView {
        make_visited_view(path, path, BTreeMap::new(), path, None::<RouteMeta>)
    }

    #[test]
    fn cap_is_page_width_minus_150_over_150() {
        // "The cap is floor((page width, or 1920 if unknown, minus 150) / 150)."
        assert_eq!(tab_cap(None), 11);
        assert_eq!(tab_cap(Some(1920.0)), 11);
        assert_eq!(tab_cap(Some(1799.0)), 10);
        assert_eq!(tab_cap(Some(1800.0)), 11);
        assert_eq!(tab_cap(Some(300.0)), 1);
        assert_eq!(tab_cap(Some(0.0)), 1);
        assert_eq!(tab_cap(Some(f64::NAN)), 11);
    }

    #[test]
    fn title_is_the_query_title_or_else_the_name() {
        let mut query = BTreeMap::new();
        query.insert("title".to_string(), "滨江花园".to_string());
        let titled = make_visited_view("/a", "/a?title=x", query, "小区详情", None::<RouteMeta>);
        assert_eq!(titled.title, "滨江花园");
        assert_eq!(view("/b").title, "/b");
    }

    #[test]
    fn a_tab_is_unique_by_path() {
        let views = add_visited_view(vec![view("/a"), view("/b")], view("/c"), None).views;
        let mut again = view("/a");
        again.full_path = "/a?x=1".into();
        let added = add_visited_view(views, again, None);
        let paths: Vec<&str> = added.views.iter().map(|v| v.path.as_str()).collect();
        assert_eq!(paths, ["/a", "/b", "/c"]);
        assert_eq!(added.views[0].full_path, "/a?x=1");
        assert!(added.dropped.is_empty());
    }

    #[test]
    fn the_oldest_tab_is_dropped_past_the_cap() {
        // width 450 → cap 2
        let views = vec![view("/a"), view("/b")];
        let added = add_visited_view(views, view("/c"), Some(450.0));
        let paths: Vec<&str> = added.views.iter().map(|v| v.path.as_str()).collect();
        assert_eq!(paths, ["/b", "/c"]);
        assert_eq!(added.dropped, vec![view("/a")]);
    }

    #[test]
    fn closing_a_tab_names_its_session_entry() {
        let removed = remove_visited_view(vec![view("/a"), view("/b")], "/a");
        assert_eq!(removed.views, vec![view("/b")]);
        assert_eq!(removed.session_key.as_deref(), Some("/a"));
        let untouched = remove_visited_view(vec![view("/b")], "/zzz");
        assert_eq!(untouched.session_key, None);
        assert_eq!(untouched.views.len(), 1);
    }
}
