//! sea-orm entities, one file per table. Relations are expressed as id columns and joined in
//! queries explicitly, so each query says which rows it reaches.

pub mod app;
pub mod app_enablement;
pub mod audit_log;
pub mod building;
pub mod building_type;
pub mod business_circle;
pub mod city_site;
pub mod client_attempt;
pub mod community;
pub mod community_alias;
pub mod department;
pub mod dictionary;
pub mod district;
pub mod enrollment;
pub mod listing_role;
pub mod menu;
pub mod menu_action;
pub mod organisation;
pub mod position;
pub mod role;
pub mod role_action;
pub mod role_menu;
pub mod role_scope_department;
pub mod role_scope_store;
pub mod room;
pub mod session_token;
pub mod status;
pub mod status_change;
pub mod store;
pub mod store_group;
pub mod unit;
pub mod user;
pub mod user_role;
pub mod user_site;
pub mod verify_code;
