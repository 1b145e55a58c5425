//! The HTTP API over real sockets: every test starts the application on 127.0.0.1:0 over a
//! fresh database, once on SQLite and once on PostgreSQL (skipped, saying why, when no
//! PostgreSQL is reachable at 127.0.0.1:5432).

mod ai_logs;
mod apps;
mod assistant_functions;
mod callers;
mod chat;
mod chat_sites;
mod common;
mod community;
mod companies;
mod config;
mod customer;
mod deal;
mod demo_template;
mod enrollment;
mod export;
#[path = "../support/fake_openai.rs"]
mod fake_openai;
mod fixtures;
mod forms;
mod keys;
mod knowledge;
mod knowledge_dialogue;
mod knowledge_fee;
mod knowledge_files;
mod knowledge_hybrid;
mod knowledge_upkeep;
mod knowledge_web;
mod lead;
mod listing;
mod listing_bands;
mod listing_phone;
mod login_abuse;
mod matrix;
mod menu;
mod new_home;
mod new_home_deal;
mod perms;
mod photo;
mod protocol;
mod rental;
mod report;
mod roles;
mod serving;
mod session;
mod staff;
mod start;
mod verify_code;
mod viewing;
