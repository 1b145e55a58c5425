//! Ordered schema steps, embedded in the binary and run at start. A released step's schema is
//! never changed; a change is a new step. Steps name their keys and indexes through `schema`.

mod schema;

mod m0001_initial;
mod m0002_organisation;
mod m0003_role_at_hire;
mod m0004_client_attempts;
mod m0005_permission_codes;
mod m0006_community;
mod m0007_listing;
mod m0008_new_home;
mod m0009_knowledge;
mod m0010_assistant;
mod m0011_customer;
mod m0012_lead;
mod m0013_report;
mod m0014_contract;
mod m0015_rental;
mod m0016_ai_logs;
mod m0017_listing_indexes;
mod m0018_menu_known;
mod m0020_customer_indexes;
mod m0022_new_home_orders;
mod m0023_deal_indexes;
mod m0024_listing_photo;
mod m0025_knowledge_import;
mod m0027_report_menu_path;
mod m0028_company_indexes;
mod m0029_listing_key;
mod m0030_listing_viewing_slots;
mod m0031_new_home_location;
mod m0033_knowledge_vector;
mod m0034_performance_month;
mod m0035_order_counts;
mod m0036_assistant_functions;
mod m0037_settled_order_month;
mod m0038_listing_trade_indexes;
mod m0039_lead_budget_min;
mod m0040_listing_bands;
mod m0041_knowledge_revision;
mod m0042_community_place_readings;
mod m0043_chat_log_no_answer;
mod m0044_knowledge_terms_recut;

use sea_orm_migration::{MigrationTrait, MigratorTrait};

pub struct Migrator;

#[sea_orm_migration::async_trait::async_trait]
impl MigratorTrait for Migrator {
    fn migrations() -> Vec<Box<dyn MigrationTrait>> {
        vec![
            Box::new(m0001_initial::Migration),
            Box::new(m0002_organisation::Migration),
            Box::new(m0003_role_at_hire::Migration),
            Box::new(m0004_client_attempts::Migration),
            Box::new(m0005_permission_codes::Migration),
            Box::new(m0006_community::Migration),
            Box::new(m0007_listing::Migration),
            Box::new(m0008_new_home::Migration),
            Box::new(m0009_knowledge::Migration),
            Box::new(m0010_assistant::Migration),
            Box::new(m0011_customer::Migration),
            Box::new(m0012_lead::Migration),
            Box::new(m0013_report::Migration),
            Box::new(m0014_contract::Migration),
            Box::new(m0015_rental::Migration),
            Box::new(m0016_ai_logs::Migration),
            Box::new(m0017_listing_indexes::Migration),
            Box::new(m0018_menu_known::Migration),
            Box::new(m0020_customer_indexes::Migration),
            Box::new(m0022_new_home_orders::Migration),
            Box::new(m0023_deal_indexes::Migration),
            Box::new(m0024_listing_photo::Migration),
            Box::new(m0025_knowledge_import::Migration),
            Box::new(m0027_report_menu_path::Migration),
            Box::new(m0028_company_indexes::Migration),
            Box::new(m0029_listing_key::Migration),
            Box::new(m0030_listing_viewing_slots::Migration),
            Box::new(m0031_new_home_location::Migration),
            Box::new(m0033_knowledge_vector::Migration),
            Box::new(m0034_performance_month::Migration),
            Box::new(m0035_order_counts::Migration),
            Box::new(m0036_assistant_functions::Migration),
            Box::new(m0037_settled_order_month::Migration),
            Box::new(m0038_listing_trade_indexes::Migration),
            Box::new(m0039_lead_budget_min::Migration),
            Box::new(m0040_listing_bands::Migration),
            Box::new(m0041_knowledge_revision::Migration),
            Box::new(m0042_community_place_readings::Migration),
            Box::new(m0043_chat_log_no_answer::Migration),
            Box::new(m0044_knowledge_terms_recut::Migration),
        ]
    }
}
