//! Which stores, departments, posts and roles fit a person placed in a chosen company and store:
//! what the staff and onboarding forms offer once the company (and store) is chosen, and what
//! the server accepts. Nothing chosen yet constrains nothing.

use serde::{Deserialize, Serialize};

/// What is being chosen for the person.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Choice {
    Store,
    Department,
    Position,
    Role,
}

impl Choice {
    pub fn from_code(code: &str) -> Option<Self> {
        match code {
            "store" => Some(Self::Store),
            "department" => Some(Self::Department),
            "position" => Some(Self::Position),
            "role" => Some(Self::Role),
            _ => None,
        }
    }
}

/// Where a choice (or the person) sits: its company and store, either possibly unknown.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Spot {
    pub organisation: Option<i64>,
    pub store: Option<i64>,
}

/// Whether `choice`, sitting at `at`, fits a person placed at `chosen`:
/// - a store, post or department belongs to the chosen company;
/// - a department also to the chosen store (with a store chosen, the company's own
///   departments are for company staff and do not fit);
/// - a role belongs to the chosen company, or to no company (a global role).
pub fn fits(choice: Choice, at: Spot, chosen: Spot) -> bool {
    let same_company = chosen
        .organisation
        .is_none_or(|company| at.organisation == Some(company));
    match choice {
        Choice::Store | Choice::Position => same_company,
        Choice::Department => same_company && chosen.store.is_none_or(|s| at.store == Some(s)),
        Choice::Role => at.organisation.is_none() || same_company,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ANJU: Option<i64> = Some(1);
    const OTHER: Option<i64> = Some(2);

    fn at(organisation: Option<i64>, store: Option<i64>) -> Spot {
        Spot {
            organisation,
            store,
        }
    }

    #[test]
    fn nothing_chosen_constrains_nothing() {
        for choice in [
            Choice::Store,
            Choice::Department,
            Choice::Position,
            Choice::Role,
        ] {
            assert!(fits(choice, at(OTHER, Some(9)), Spot::default()));
        }
    }

    #[test]
    fn another_companys_choices_do_not_fit() {
        let chosen = at(ANJU, None);
        assert!(fits(Choice::Position, at(ANJU, None), chosen));
        assert!(!fits(Choice::Position, at(OTHER, None), chosen));
        assert!(!fits(Choice::Position, at(None, None), chosen));
        assert!(!fits(Choice::Store, at(OTHER, Some(5)), chosen));
        assert!(!fits(Choice::Role, at(OTHER, None), chosen));
        assert!(fits(Choice::Role, at(ANJU, Some(5)), chosen));
    }

    #[test]
    fn a_global_role_fits_any_company() {
        assert!(fits(Choice::Role, at(None, None), at(ANJU, None)));
    }

    #[test]
    fn departments_follow_the_chosen_store() {
        let west_lake = at(ANJU, Some(5));
        assert!(fits(Choice::Department, at(ANJU, Some(5)), west_lake));
        assert!(!fits(Choice::Department, at(ANJU, Some(6)), west_lake));
        assert!(
            !fits(Choice::Department, at(ANJU, None), west_lake),
            "the company's own departments hold company staff"
        );
        assert!(fits(Choice::Department, at(ANJU, Some(6)), at(ANJU, None)));
    }
}
