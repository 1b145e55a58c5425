//! A city's reference data, kept by city operations (/coc/config): listing roles, districts
//! with their business circles, and building types. Everyone in the city reads them (the houses
//! capability will); writes need the page action and a scope covering the city.

pub mod area;
pub mod building_type;
pub mod listing_role;

use crate::crud::prelude::*;

/// What a name already used in its city (or district) answers.
const TAKEN: &str = "名称已存在";

router!(listing_role, area, building_type);
