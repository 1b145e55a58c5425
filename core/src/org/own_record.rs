//! What nobody changes about themselves: their seat (roles, store, department, position) and
//! the roles they hold. A manager who removes their own 店长 tag, or a general manager who
//! unticks their own role's permissions, locks themselves (or the whole company) out; someone
//! above them makes such changes instead.

use serde::Serialize;

use super::fields::FieldError;

/// Shown under 角色 on one's own staff record, where the seat is read-only.
pub const OWN_SEAT_HINT: &str = "不能修改自己的角色、门店、部门和岗位，请联系上级处理";
/// The refusal of a change to a role the caller holds.
pub const OWN_ROLE: &str = "不能修改自己所属的角色";

/// Where a person sits and what they hold, as stored or as a form asks for it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SeatIds {
    pub store: Option<i64>,
    pub department: Option<i64>,
    pub position: Option<i64>,
    pub roles: Vec<i64>,
}

/// The fields of one's own seat that are read-only to them, with the word each refusal uses.
pub const OWN_SEAT_FIELDS: [(&str, &str); 4] = [
    ("storeId", "所属门店"),
    ("departmentId", "部门"),
    ("positionId", "岗位"),
    ("roleIds", "角色"),
];

fn refusal(field: &'static str) -> FieldError {
    let word = OWN_SEAT_FIELDS
        .iter()
        .find(|(name, _)| *name == field)
        .map_or("信息", |(_, word)| *word);
    FieldError::new(field, format!("不能修改自己的{word}"))
}

/// Refuses every seat field a person's edit of their own record changes, each on its field.
/// Roles compare as a set: the same roles in another order are no change.
pub fn check_own_seat(held: &SeatIds, asked: &SeatIds) -> Result<(), Vec<FieldError>> {
    let mut errors = Vec::new();
    if held.store != asked.store {
        errors.push(refusal("storeId"));
    }
    if held.department != asked.department {
        errors.push(refusal("departmentId"));
    }
    if held.position != asked.position {
        errors.push(refusal("positionId"));
    }
    let set = |roles: &[i64]| {
        let mut roles = roles.to_vec();
        roles.sort_unstable();
        roles.dedup();
        roles
    };
    if set(&held.roles) != set(&asked.roles) {
        errors.push(refusal("roleIds"));
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// Whether a caller may edit, delete or set the permissions of a role: never one they hold
/// (the super administrator, who reaches everything anyway, excepted).
pub fn may_change_role(holds_it: bool, super_admin: bool) -> bool {
    super_admin || !holds_it
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seat(store: Option<i64>, roles: &[i64]) -> SeatIds {
        SeatIds {
            store,
            department: Some(7),
            position: Some(3),
            roles: roles.to_vec(),
        }
    }

    #[test]
    fn ones_own_details_may_change_but_not_the_seat() {
        let held = seat(Some(1), &[4, 5]);
        assert_eq!(check_own_seat(&held, &seat(Some(1), &[5, 4, 5])), Ok(()));
        let errors = check_own_seat(&held, &seat(Some(1), &[5])).unwrap_err();
        assert_eq!(errors, [FieldError::new("roleIds", "不能修改自己的角色")]);
        let moved = SeatIds {
            store: Some(2),
            department: None,
            position: None,
            roles: vec![],
        };
        let fields: Vec<&str> = check_own_seat(&held, &moved)
            .unwrap_err()
            .iter()
            .map(|error| error.field)
            .collect();
        assert_eq!(fields, ["storeId", "departmentId", "positionId", "roleIds"]);
        assert_eq!(
            check_own_seat(&held, &moved).unwrap_err()[0].message,
            "不能修改自己的所属门店"
        );
    }

    #[test]
    fn a_held_role_is_read_only_to_its_holder() {
        assert!(!may_change_role(true, false));
        assert!(may_change_role(false, false));
        assert!(may_change_role(true, true));
    }
}
