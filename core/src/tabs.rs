//! Visited-view tabs (spec §2): unique by path, titled by the query title or the route name,
//! capped by the page width with the oldest dropped, and closing a tab frees its session entry.
//! The home tab is pinned (first, never dropped by the cap, never closed), as admin templates
//! do; a record's page names its record first in the tab ("张三 · 员工详情") so two are told
//! apart even when a tab's width cuts the title short ("西湖家园 1幢1单元401 · 二手房详情");
//! a menu refresh renames open tabs.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::constants::{FALLBACK_PAGE_WIDTH_PX, TAB_WIDTH_PX};
use crate::routes::RouteMeta;

/// Between a page's title and the record it shows.
const SUBJECT_SEPARATOR: &str = " · ";

/// A tab. `M` is the route meta it carries; the tab rules never look inside it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct VisitedView<M = RouteMeta> {
    pub path: String,
    pub full_path: String,
    #[serde(default)]
    pub query: BTreeMap<String, String>,
    pub name: String,
    /// What the tab shows: the query title or the name, then the record's name if known.
    pub title: String,
    /// Missing is None.
    pub meta: Option<M>,
    /// The home tab: first, kept past the cap, not closable.
    #[serde(default)]
    pub pinned: bool,
    /// The record a detail page shows (a person's or company's name), once it has loaded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subject: Option<String>,
}

impl<M> VisitedView<M> {
    /// The query title, else the name; the record's name before it when there is one, so the
    /// part that tells two tabs of one page apart is what a narrow tab still shows.
    fn retitle(&mut self) {
        let base = self
            .query
            .get("title")
            .filter(|title| !title.is_empty())
            .cloned()
            .unwrap_or_else(|| name_for(&self.path, &self.name));
        self.title = match self.subject.as_deref().filter(|s| !s.is_empty()) {
            Some(subject) if subject != base => format!("{subject}{SUBJECT_SEPARATOR}{base}"),
            _ => base,
        };
    }
}

/// The route's name for a tab of `path`: an edit page opened on a new record (`…/edit/new`,
/// typed or bookmarked, with no query title) enters one, so 编辑二手房 reads 新增二手房.
fn name_for(path: &str, name: &str) -> String {
    match name.strip_prefix("编辑") {
        Some(thing) if path.ends_with("/new") => format!("新增{thing}"),
        _ => name.to_owned(),
    }
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
    let mut view = VisitedView {
        path: path.into(),
        full_path: full_path.into(),
        query,
        name: name.into(),
        title: String::new(),
        meta,
        pinned: false,
        subject: None,
    };
    view.retitle();
    view
}

/// Adds or refreshes a tab. A tab already open for the path is updated where it stands and keeps
/// its record's name and its pin; a new pinned tab goes after the other pinned ones. Past the
/// cap the oldest unpinned tabs go, never the one just opened.
pub fn add_visited_view<M>(
    mut views: Vec<VisitedView<M>>,
    mut view: VisitedView<M>,
    page_width: Option<f64>,
) -> AddedView<M> {
    match views.iter_mut().find(|open| open.path == view.path) {
        Some(open) => {
            view.pinned |= open.pinned;
            if view.subject.is_none() {
                view.subject = open.subject.take();
            }
            view.retitle();
            *open = view;
        }
        None if view.pinned => {
            let at = views.iter().take_while(|open| open.pinned).count();
            views.insert(at, view);
        }
        None => views.push(view),
    }
    let pinned = views.iter().filter(|view| view.pinned).count();
    let cap = tab_cap(page_width).max(pinned + 1);
    let mut excess = views.len().saturating_sub(cap);
    let mut dropped = Vec::new();
    let mut kept = Vec::with_capacity(views.len());
    for view in views {
        if excess > 0 && !view.pinned {
            excess -= 1;
            dropped.push(view);
        } else {
            kept.push(view);
        }
    }
    AddedView {
        views: kept,
        dropped,
    }
}

/// Closes the tab of a path; a path with no tab, or the pinned home tab, changes nothing.
pub fn remove_visited_view<M>(mut views: Vec<VisitedView<M>>, path: &str) -> RemovedView<M> {
    let before = views.len();
    views.retain(|view| view.path != path || view.pinned);
    let session_key = (views.len() < before).then(|| path.to_string());
    RemovedView { views, session_key }
}

/// Names the record a tab's page shows, so two tabs of the same page read differently.
pub fn name_visited_view<M>(
    mut views: Vec<VisitedView<M>>,
    path: &str,
    subject: &str,
) -> Vec<VisitedView<M>> {
    for view in views.iter_mut().filter(|view| view.path == path) {
        view.subject = Some(subject.trim().to_string()).filter(|s| !s.is_empty());
        view.retitle();
    }
    views
}

/// After a menu refresh: each tab takes its route's current name and meta (`route_of` gives
/// them for a path); a tab whose page left the menu stays as it was until closed.
pub fn refresh_visited_views<M>(
    mut views: Vec<VisitedView<M>>,
    route_of: impl Fn(&str) -> Option<(String, M)>,
) -> Vec<VisitedView<M>> {
    for view in &mut views {
        if let Some((name, meta)) = route_of(&view.path) {
            view.name = name;
            view.meta = Some(meta);
            view.retitle();
        }
    }
    views
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
    fn an_edit_page_on_a_new_record_is_titled_new() {
        let typed = make_visited_view(
            "/work/house/old/edit/new",
            "/work/house/old/edit/new",
            BTreeMap::new(),
            "编辑二手房",
            None::<RouteMeta>,
        );
        assert_eq!(typed.title, "新增二手房");
        let editing = make_visited_view(
            "/work/house/old/edit/12",
            "/work/house/old/edit/12",
            BTreeMap::new(),
            "编辑二手房",
            None::<RouteMeta>,
        );
        assert_eq!(editing.title, "编辑二手房");
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

    fn home() -> VisitedView {
        VisitedView {
            pinned: true,
            ..view("/home")
        }
    }

    fn paths(views: &[VisitedView]) -> Vec<&str> {
        views.iter().map(|v| v.path.as_str()).collect()
    }

    #[test]
    fn the_pinned_home_tab_stays_first_past_the_cap_and_cannot_be_closed() {
        // width 450 → cap 2: home and the newest page.
        let views = add_visited_view(vec![view("/a")], home(), Some(450.0)).views;
        assert_eq!(paths(&views), ["/home", "/a"]);
        let added = add_visited_view(views, view("/b"), Some(450.0));
        assert_eq!(paths(&added.views), ["/home", "/b"]);
        assert_eq!(paths(&added.dropped), ["/a"]);
        // Even at cap 1 the page just opened stays beside home.
        let narrow = add_visited_view(added.views, view("/c"), Some(0.0)).views;
        assert_eq!(paths(&narrow), ["/home", "/c"]);
        // Visiting home again keeps its pin; closing it changes nothing.
        let again = add_visited_view(narrow, view("/home"), None).views;
        assert!(again[0].pinned);
        let removed = remove_visited_view(again, "/home");
        assert_eq!(paths(&removed.views), ["/home", "/c"]);
        assert_eq!(removed.session_key, None);
    }

    #[test]
    fn two_tabs_of_one_page_read_differently_once_their_records_are_named() {
        let detail = |path: &str| {
            make_visited_view(path, path, BTreeMap::new(), "员工详情", None::<RouteMeta>)
        };
        let views = add_visited_view(vec![detail("/u/1")], detail("/u/2"), None).views;
        let views = name_visited_view(views, "/u/1", "张三");
        let views = name_visited_view(views, "/u/2", "李四");
        let titles: Vec<&str> = views.iter().map(|v| v.title.as_str()).collect();
        assert_eq!(titles, ["张三 · 员工详情", "李四 · 员工详情"]);
        // Coming back to the page (a new `cached` stamp) keeps the name until it loads again.
        let mut back = detail("/u/1");
        back.full_path = "/u/1?cached=1".into();
        let views = add_visited_view(views, back, None).views;
        assert_eq!(views[0].title, "张三 · 员工详情");
    }

    #[test]
    fn a_renamed_menu_renames_its_open_tabs() {
        let mut query = BTreeMap::new();
        query.insert("title".to_string(), "滨江花园".to_string());
        let titled = make_visited_view("/c/1", "/c/1", query, "小区详情", None::<RouteMeta>);
        let views = vec![view("/staff"), titled, view("/gone")];
        let views = name_visited_view(views, "/staff", "");
        let renamed = refresh_visited_views(views, |path| match path {
            "/staff" => Some(("员工列表".to_string(), RouteMeta::default())),
            "/c/1" => Some(("楼盘详情".to_string(), RouteMeta::default())),
            _ => None,
        });
        let titles: Vec<&str> = renamed.iter().map(|v| v.title.as_str()).collect();
        // The query title still wins over the name; a page no longer in the menu keeps its tab.
        assert_eq!(titles, ["员工列表", "滨江花园", "/gone"]);
        assert_eq!(renamed[1].name, "楼盘详情");
    }
}
