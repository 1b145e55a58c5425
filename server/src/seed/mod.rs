//! What an empty database gets on first start. With `BROKERDESK_DEMO=1` the demo brokerage
//! (`demo_data.rs`), so a new user can log in and see a working brokerage; otherwise, for a
//! production start, only the default menu tree and one administrator (`first_admin.rs`).

mod assistant;
mod community;
mod customer;
mod deal;
mod demo;
mod demo_data;
mod first_admin;
mod key;
mod knowledge;
mod lead;
mod listing;
mod menus;
mod new_home;
mod new_home_deal;
pub mod photos;
mod rental;
mod report;
mod viewing;

use sea_orm::{
    ConnectionTrait, DbErr, EntityTrait, PaginatorTrait, TransactionSession, TransactionTrait,
};

use crate::auth::password::hash_password;
use crate::entity::user;

pub use demo::demo_logins;
pub use demo_data::{DEMO_PASSWORD, DEMO_USERS, DemoUser};
pub use first_admin::{FIRST_ADMIN_USERNAME, generate_password};
pub use menus::add_new_entries;

/// What to write into a database that has no user yet.
#[derive(Clone, PartialEq, Eq)]
pub enum Seeding {
    /// The demo brokerage with its published logins.
    Demo,
    /// One administrator; with no password given, one is generated and reported once.
    FirstAdmin { password: Option<String> },
}

// Written by hand so a configured password never reaches a log through `{:?}`.
impl std::fmt::Debug for Seeding {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Demo => f.write_str("Demo"),
            Self::FirstAdmin { password } => f
                .debug_struct("FirstAdmin")
                .field("password", &password.as_ref().map(|_| "<hidden>"))
                .finish(),
        }
    }
}

/// What the first start wrote.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Seeded {
    /// The database already had users: nothing.
    Nothing,
    Demo,
    /// The administrator; `generated_password` is the only copy of a generated password.
    FirstAdmin {
        generated_password: Option<String>,
    },
}

/// Seeds an empty database (no user) as `seeding` says.
pub async fn seed_if_empty<C>(db: &C, seeding: &Seeding) -> Result<Seeded, DbErr>
where
    C: ConnectionTrait + TransactionTrait,
{
    if user::Entity::find().count(db).await? > 0 {
        return Ok(Seeded::Nothing);
    }
    let (password, generated) = match seeding {
        // The demo accounts share a published password, so one salt among them hides nothing.
        Seeding::Demo => (DEMO_PASSWORD.to_owned(), false),
        Seeding::FirstAdmin { password: Some(p) } => (p.clone(), false),
        Seeding::FirstAdmin { password: None } => (generate_password(), true),
    };
    // Hashed before the transaction: hashing is slow and must not hold the database.
    let password_hash = hash_password(&password)
        .await
        .map_err(|err| DbErr::Custom(err.to_string()))?;
    let txn = db.begin().await?;
    // Checked again inside: two processes may start on one empty database.
    if user::Entity::find().count(&txn).await? > 0 {
        return Ok(Seeded::Nothing);
    }
    let seeded = match seeding {
        Seeding::Demo => {
            demo::write(&txn, &password_hash).await?;
            assistant::write(&txn).await?;
            Seeded::Demo
        }
        Seeding::FirstAdmin { .. } => {
            first_admin::write(&txn, &password_hash).await?;
            Seeded::FirstAdmin {
                generated_password: generated.then_some(password),
            }
        }
    };
    txn.commit().await?;
    tracing::info!(what = kind(&seeded), "seeded an empty database");
    Ok(seeded)
}

fn kind(seeded: &Seeded) -> &'static str {
    match seeded {
        Seeded::Nothing => "nothing",
        Seeded::Demo => "demo brokerage",
        Seeded::FirstAdmin { .. } => "first administrator",
    }
}
