//! Role data scopes: which rows a role's holders reach, from everything down to their own
//! record, and which scopes a caller may hand to a role (never wider than their own).

use serde::{Deserialize, Serialize};

use crate::enums::{EnumEntry, EnumTable, EnumValue};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum DataScope {
    #[serde(rename = "ALL")]
    All,
    #[serde(rename = "CITY_SITE")]
    CitySite,
    #[serde(rename = "COMPANY")]
    Company,
    #[serde(rename = "STORE_GROUP")]
    StoreGroup,
    #[serde(rename = "STORE")]
    Store,
    #[serde(rename = "DEPT_AND_BELOW")]
    DeptAndBelow,
    #[serde(rename = "DEPT")]
    Dept,
    /// The role's own set of departments and stores.
    #[serde(rename = "CUSTOM")]
    Custom,
    #[serde(rename = "SELF")]
    OwnRecord,
}

/// The `dataScope` labels, widest first.
pub const DATA_SCOPE: EnumTable = EnumTable {
    name: "dataScope",
    entries: &[
        entry("ALL", "全部数据"),
        entry("CITY_SITE", "本城市站点"),
        entry("COMPANY", "本公司"),
        entry("STORE_GROUP", "本门店组"),
        entry("STORE", "本门店"),
        entry("DEPT_AND_BELOW", "本部门及以下"),
        entry("DEPT", "本部门"),
        entry("CUSTOM", "自定义"),
        entry("SELF", "仅本人"),
    ],
};

const fn entry(code: &'static str, label: &'static str) -> EnumEntry {
    EnumEntry {
        value: EnumValue::Code(code),
        label,
    }
}

/// Shown when a role would get a wider scope than its creator holds.
pub const TOO_WIDE: &str = "不能授予超出自身范围的数据权限";
pub const UNKNOWN: &str = "数据范围不合法";

impl DataScope {
    pub const ALL: [DataScope; 9] = [
        DataScope::All,
        DataScope::CitySite,
        DataScope::Company,
        DataScope::StoreGroup,
        DataScope::Store,
        DataScope::DeptAndBelow,
        DataScope::Dept,
        DataScope::Custom,
        DataScope::OwnRecord,
    ];

    pub fn code(self) -> &'static str {
        match self {
            DataScope::All => "ALL",
            DataScope::CitySite => "CITY_SITE",
            DataScope::Company => "COMPANY",
            DataScope::StoreGroup => "STORE_GROUP",
            DataScope::Store => "STORE",
            DataScope::DeptAndBelow => "DEPT_AND_BELOW",
            DataScope::Dept => "DEPT",
            DataScope::Custom => "CUSTOM",
            DataScope::OwnRecord => "SELF",
        }
    }

    pub fn from_code(code: &str) -> Option<DataScope> {
        DataScope::ALL
            .into_iter()
            .find(|scope| scope.code() == code)
    }

    pub fn label(self) -> &'static str {
        DATA_SCOPE.label(self.code()).unwrap_or_default()
    }

    /// How far a scope reaches in the organisation's hierarchy; a custom set is ranked with a
    /// single department because its reach is whatever ids it lists.
    fn breadth(self) -> u8 {
        match self {
            DataScope::All => 8,
            DataScope::CitySite => 7,
            DataScope::Company => 6,
            DataScope::StoreGroup => 5,
            DataScope::Store => 4,
            DataScope::DeptAndBelow => 3,
            DataScope::Dept | DataScope::Custom => 2,
            DataScope::OwnRecord => 1,
        }
    }

    /// The widest of several scopes (a user's roles), `None` for none.
    pub fn widest(scopes: impl IntoIterator<Item = DataScope>) -> Option<DataScope> {
        scopes.into_iter().max_by_key(|scope| scope.breadth())
    }

    /// Whether a caller whose widest scope is `self` may give `requested` to a role. A custom
    /// set is grantable by anyone reaching at least a department (its ids are checked against
    /// the caller's reach separately); a caller with only a custom set may grant only custom
    /// sets and their own record.
    pub fn may_grant(self, requested: DataScope) -> bool {
        match (self, requested) {
            (DataScope::All, _) => true,
            (_, DataScope::OwnRecord) => true,
            (DataScope::Custom, requested) => requested == DataScope::Custom,
            (_, DataScope::Custom) => self.breadth() >= DataScope::Dept.breadth(),
            (caller, requested) => requested.breadth() <= caller.breadth(),
        }
    }
}

/// Parses a stored or submitted code, with the message a form shows for a bad one.
pub fn parse(code: &str) -> Result<DataScope, &'static str> {
    DataScope::from_code(code.trim()).ok_or(UNKNOWN)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_and_labels_round_trip() {
        for scope in DataScope::ALL {
            assert_eq!(DataScope::from_code(scope.code()), Some(scope));
            assert!(!scope.label().is_empty());
            let json = serde_json::to_string(&scope).unwrap();
            assert_eq!(json, format!("\"{}\"", scope.code()));
        }
        assert_eq!(DataScope::OwnRecord.label(), "仅本人");
        assert_eq!(DataScope::DeptAndBelow.label(), "本部门及以下");
        assert_eq!(parse(" STORE "), Ok(DataScope::Store));
        assert_eq!(parse("store"), Err("数据范围不合法"));
    }

    #[test]
    fn the_widest_of_several_roles_wins() {
        assert_eq!(
            DataScope::widest([DataScope::OwnRecord, DataScope::Store, DataScope::Dept]),
            Some(DataScope::Store)
        );
        assert_eq!(DataScope::widest([]), None);
    }

    #[test]
    fn nobody_grants_wider_than_they_reach() {
        assert!(DataScope::All.may_grant(DataScope::All));
        assert!(DataScope::CitySite.may_grant(DataScope::Company));
        assert!(!DataScope::CitySite.may_grant(DataScope::All));
        assert!(DataScope::Store.may_grant(DataScope::Store));
        assert!(DataScope::Store.may_grant(DataScope::DeptAndBelow));
        assert!(DataScope::Store.may_grant(DataScope::Custom));
        assert!(!DataScope::Store.may_grant(DataScope::StoreGroup));
        assert!(!DataScope::Store.may_grant(DataScope::Company));
        assert!(DataScope::Dept.may_grant(DataScope::Custom));
        assert!(!DataScope::Dept.may_grant(DataScope::DeptAndBelow));
        assert!(DataScope::Custom.may_grant(DataScope::Custom));
        assert!(!DataScope::Custom.may_grant(DataScope::Dept));
        assert!(DataScope::OwnRecord.may_grant(DataScope::OwnRecord));
        assert!(!DataScope::OwnRecord.may_grant(DataScope::Custom));
        assert!(!DataScope::OwnRecord.may_grant(DataScope::Dept));
    }
}
