//! What each kind of organisation (core `organisationScope`) has. A 经纪公司 is a brokerage with
//! regional 门店组, stores and staff. A 独立经纪人 is one person working alone: no 门店组, at
//! most one store of their own. A 合作机构 is a partner that lists with the city: its own stores
//! and people, and the contact a brokerage calls, but no regional groups to manage. The detail
//! page shows only what the kind has; the server refuses the rest with these messages.

/// 经纪公司, 独立经纪人, 合作机构 (`organisationScope` 2, 3, 4).
pub const BROKERAGE: i64 = 2;
pub const INDEPENDENT: i64 = 3;
pub const PARTNER: i64 = 4;

pub const NO_STORE_GROUPS: &str = "独立经纪人和合作机构没有门店组";
pub const ONE_STORE: &str = "独立经纪人只能有一个门店";

/// Whether an organisation of this kind manages 门店组.
pub fn has_store_groups(scope: i64) -> bool {
    scope == BROKERAGE
}

/// How many stores an organisation of this kind may have; `None` for no limit.
pub fn store_limit(scope: i64) -> Option<u64> {
    (scope == INDEPENDENT).then_some(1)
}

/// Refuses a new store group for a kind without them.
pub fn check_new_store_group(scope: i64) -> Result<(), &'static str> {
    if has_store_groups(scope) {
        Ok(())
    } else {
        Err(NO_STORE_GROUPS)
    }
}

/// Refuses a new store past the kind's limit, given how many stores it has.
pub fn check_new_store(scope: i64, stores: u64) -> Result<(), &'static str> {
    match store_limit(scope) {
        Some(limit) if stores >= limit => Err(ONE_STORE),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_brokerage_has_store_groups() {
        assert_eq!(check_new_store_group(BROKERAGE), Ok(()));
        assert_eq!(check_new_store_group(INDEPENDENT), Err(NO_STORE_GROUPS));
        assert_eq!(check_new_store_group(PARTNER), Err(NO_STORE_GROUPS));
    }

    #[test]
    fn an_independent_broker_has_one_store_at_most() {
        assert_eq!(check_new_store(INDEPENDENT, 0), Ok(()));
        assert_eq!(check_new_store(INDEPENDENT, 1), Err(ONE_STORE));
        assert_eq!(check_new_store(BROKERAGE, 40), Ok(()));
        assert_eq!(check_new_store(PARTNER, 3), Ok(()));
    }
}
