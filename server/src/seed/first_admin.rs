//! A production start: the default menu tree and one super administrator, nothing else. The
//! administrator then creates the city sites, companies and people through the product.

use brokerdesk_core::org::data_scope::DataScope;
use brokerdesk_core::org::staff_status::WorkingStatus;
use brokerdesk_core::permission::SUPER_ADMIN_POSITION;
use chrono::Utc;
use rand::seq::IndexedRandom;
use sea_orm::{ActiveModelTrait, ConnectionTrait, DbErr, EntityTrait, Set};

use super::menus::{Grant, bind_role, insert_menu_tree};
use crate::entity::{position, role, user, user_role};

/// The login of the first administrator.
pub const FIRST_ADMIN_USERNAME: &str = "admin";

/// Letters and digits that cannot be mistaken for one another when read off a terminal.
const PASSWORD_ALPHABET: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789";
const PASSWORD_LENGTH: usize = 16;

/// A random password of upper- and lower-case letters and digits (each at least once).
pub fn generate_password() -> String {
    let mut rng = rand::rng();
    loop {
        let password: String = (0..PASSWORD_LENGTH)
            .map(|_| char::from(*PASSWORD_ALPHABET.choose(&mut rng).unwrap_or(&b'x')))
            .collect();
        let has = |class: fn(&char) -> bool| password.chars().any(|c| class(&c));
        if has(char::is_ascii_uppercase)
            && has(char::is_ascii_lowercase)
            && has(char::is_ascii_digit)
        {
            return password;
        }
        // Rarely a class is missing: draw again rather than bend the distribution.
    }
}

pub(super) async fn write(db: &impl ConnectionTrait, password_hash: &str) -> Result<(), DbErr> {
    let now = Utc::now();
    let menus = insert_menu_tree(db).await?;
    let position = position::ActiveModel {
        organisation_id: Set(None),
        site_id: Set(None),
        name: Set(SUPER_ADMIN_POSITION.into()),
        sort: Set(0),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await?;
    let role = role::ActiveModel {
        code: Set("admin".into()),
        name: Set(SUPER_ADMIN_POSITION.into()),
        data_scope: Set(DataScope::All.code().into()),
        organisation_id: Set(None),
        site_id: Set(None),
        store_id: Set(None),
        remark: Set(String::new()),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await?;
    bind_role(db, role.id, &menus, Grant::Workspace("/adminConfig")).await?;
    let account = user::ActiveModel {
        username: Set(FIRST_ADMIN_USERNAME.into()),
        password_hash: Set(password_hash.to_owned()),
        real_name: Set("系统管理员".into()),
        user_code: Set("ADMIN".into()),
        mobile: Set(None),
        position_id: Set(Some(position.id)),
        store_id: Set(None),
        store_group_id: Set(None),
        organisation_id: Set(None),
        // The super administrator belongs to no city: no city's operators manage them.
        site_id: Set(None),
        department_id: Set(None),
        working_status: Set(WorkingStatus::Formal.into()),
        locked: Set(false),
        failed_logins: Set(0),
        locked_until: Set(None),
        sex: Set(0),
        entry_date: Set(Some(now.date_naive())),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await?;
    user_role::Entity::insert(user_role::ActiveModel {
        user_id: Set(account.id),
        role_id: Set(role.id),
    })
    .exec_without_returning(db)
    .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_passwords_are_long_mixed_and_different() {
        let first = generate_password();
        assert_eq!(first.len(), PASSWORD_LENGTH);
        assert!(first.chars().any(|c| c.is_ascii_uppercase()), "{first}");
        assert!(first.chars().any(|c| c.is_ascii_lowercase()), "{first}");
        assert!(first.chars().any(|c| c.is_ascii_digit()), "{first}");
        assert_ne!(first, generate_password());
    }
}
