//! The audit log's vocabulary: which kinds of record it names and what happened to them, with
//! their Chinese labels, and the name a record goes by in the log. The server writes these codes
//! and names; the 操作日志 page filters and labels by the same tables.

use serde_json::Value;

use crate::enums::{EnumEntry, EnumTable, EnumValue};

const fn c(code: &'static str, label: &'static str) -> EnumEntry {
    EnumEntry {
        value: EnumValue::Code(code),
        label,
    }
}

/// The kinds of record a change is written down for.
pub const AUDIT_ENTITY: EnumTable = EnumTable {
    name: "auditEntity",
    entries: &[
        c("citySite", "城市站点"),
        c("company", "公司"),
        c("storeGroup", "门店组"),
        c("store", "门店"),
        c("department", "部门"),
        c("position", "岗位"),
        c("staff", "员工"),
        c("role", "角色"),
        c("rolePermission", "角色权限"),
        c("menu", "菜单"),
        c("app", "应用"),
        c("appEnablement", "应用启用"),
        c("dictionary", "参数配置"),
        c("listingRole", "房源角色"),
        c("district", "区域"),
        c("businessCircle", "商圈"),
        c("buildingType", "建筑类型"),
        c("community", "小区"),
        c("building", "栋座"),
        c("unit", "单元"),
        c("room", "房号"),
        c("enrollment", "入职"),
        c("secondHand", "二手房源"),
        c("customer", "客户"),
        c("rental", "租房房源"),
        c("listingPhoto", "房源图片"),
        c("listingKey", "房源钥匙"),
        c("session", "登录"),
        c("knowledge", "知识库"),
        c("knowledgeDataSet", "知识库数据集"),
        c("knowledgePoint", "知识点"),
        c("knowledgeImport", "知识库批量导入"),
        c("newHome", "新房楼盘"),
        c("newHomeReport", "新房报备"),
        c("newHomeDeal", "新房成交"),
        c("newHomeDistribution", "新房分销"),
        c("assistant", "AI助手"),
        c("dealContract", "交易合同"),
        c("commissionOrder", "佣金单"),
        c("splitTemplate", "分佣模板"),
        c("clue", "线索"),
        c("clueImport", "线索导入"),
    ],
};

/// What happened to the record.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AuditAction {
    Create,
    Update,
    Delete,
    Status,
    Permissions,
    /// Someone was shown a record's personal numbers whole (查看完整信息).
    Reveal,
    /// A refused login (entity `session`), with the username, client address and reason.
    LoginFailure,
    /// Someone took rows away as a file (导出): the filter and how many rows.
    Export,
}

pub const AUDIT_ACTION: EnumTable = EnumTable {
    name: "auditAction",
    entries: &[
        c("create", "新增"),
        c("update", "修改"),
        c("delete", "删除"),
        c("status", "状态变更"),
        c("permissions", "权限变更"),
        c("reveal", "查看完整信息"),
        c("loginFailure", "登录失败"),
        c("export", "导出"),
    ],
};

impl AuditAction {
    /// The code stored and filtered by (`create`, ...), as in [`AUDIT_ACTION`].
    pub fn code(self) -> &'static str {
        match self {
            AuditAction::Create => "create",
            AuditAction::Update => "update",
            AuditAction::Delete => "delete",
            AuditAction::Status => "status",
            AuditAction::Permissions => "permissions",
            AuditAction::Reveal => "reveal",
            AuditAction::LoginFailure => "loginFailure",
            AuditAction::Export => "export",
        }
    }
}

/// The fields that name a record, most telling first: a person by their name, a menu by its
/// menu name, an app's setting by its app, everything else by `name`.
const NAME_FIELDS: [&str; 5] = ["realName", "name", "menuName", "roleName", "appName"];

/// The name a record goes by in the log, read from its snapshot; `None` when it has none.
pub fn record_name(snapshot: &Value) -> Option<String> {
    NAME_FIELDS.iter().find_map(|field| {
        snapshot
            .get(field)
            .and_then(Value::as_str)
            .map(str::trim)
            .filter(|name| !name.is_empty())
            .map(str::to_owned)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn every_action_code_has_a_label() {
        for action in [
            AuditAction::Create,
            AuditAction::Update,
            AuditAction::Delete,
            AuditAction::Status,
            AuditAction::Permissions,
            AuditAction::Reveal,
            AuditAction::LoginFailure,
            AuditAction::Export,
        ] {
            assert!(AUDIT_ACTION.contains(action.code()), "{action:?}");
        }
        assert_eq!(AUDIT_ACTION.label("permissions"), Some("权限变更"));
        assert_eq!(AUDIT_ACTION.label("export"), Some("导出"));
    }

    #[test]
    fn entities_read_in_chinese() {
        assert_eq!(AUDIT_ENTITY.label("storeGroup"), Some("门店组"));
        assert_eq!(AUDIT_ENTITY.label("rolePermission"), Some("角色权限"));
        assert_eq!(AUDIT_ENTITY.label("nothing"), None);
    }

    #[test]
    fn a_record_is_named_by_its_name_not_its_id() {
        assert_eq!(
            record_name(&json!({"id": 8, "realName": "王芳", "storeId": 3})).as_deref(),
            Some("王芳")
        );
        assert_eq!(
            record_name(&json!({"id": 3, "name": "西湖店"})).as_deref(),
            Some("西湖店")
        );
        assert_eq!(
            record_name(&json!({"menuId": 5, "menuName": "员工管理"})).as_deref(),
            Some("员工管理")
        );
        assert_eq!(record_name(&json!({"id": 8, "name": "  "})), None);
        assert_eq!(record_name(&json!({"menuIds": [1, 2]})), None);
        assert_eq!(
            record_name(
                &json!({"appId": 3, "appName": "电子签约", "organisationName": "安居经纪"})
            )
            .as_deref(),
            Some("电子签约"),
            "an app's setting goes by its app"
        );
    }
}
