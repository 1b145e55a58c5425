//! Who says where a new record belongs. A workbench (`/work`) user's records go to their own
//! company; callers above one company (city operations in `/coc`, the global admin in
//! `/adminConfig`) choose the company, and only the global admin, who works across city sites,
//! also chooses the site.

/// The store workbench.
pub const WORKBENCH: &str = "/work";
/// The global admin area.
pub const ADMIN: &str = "/adminConfig";

/// The workspace a caller acts in: the one of the page they are on, or, on a page outside the
/// workspaces (`/enrollment`), the workbench when they have it, else the first they have.
pub fn acting_workspace<'a>(page_workspace: Option<&'a str>, callers: &[&'a str]) -> &'a str {
    match page_workspace.filter(|workspace| !workspace.is_empty()) {
        Some(workspace) => workspace,
        None if callers.contains(&WORKBENCH) => WORKBENCH,
        None => callers.first().copied().unwrap_or(WORKBENCH),
    }
}

/// Whether a caller acting in `workspace` names the company of a new record.
pub fn chooses_company(workspace: &str) -> bool {
    workspace != WORKBENCH
}

/// Whether a caller acting in `workspace` names the city site of a new record.
pub fn chooses_site(workspace: &str) -> bool {
    workspace == ADMIN
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_workbench_user_adds_to_their_own_company() {
        assert!(!chooses_company("/work"));
        assert!(!chooses_site("/work"));
    }

    #[test]
    fn city_operations_choose_the_company_and_the_admin_also_the_site() {
        assert!(chooses_company("/coc"));
        assert!(!chooses_site("/coc"));
        assert!(chooses_company("/adminConfig"));
        assert!(chooses_site("/adminConfig"));
    }

    #[test]
    fn outside_a_workspace_the_callers_workbench_comes_first() {
        assert_eq!(acting_workspace(None, &["/coc", "/work"]), "/work");
        assert_eq!(acting_workspace(None, &["/coc"]), "/coc");
        assert_eq!(
            acting_workspace(Some(""), &["/adminConfig"]),
            "/adminConfig"
        );
        assert_eq!(acting_workspace(Some("/coc"), &["/work", "/coc"]), "/coc");
        assert_eq!(acting_workspace(None, &[]), "/work");
    }
}
