//! Listings for sale (二手房源) and for rent (租房), one machinery with a trade
//! ([`trade::Trade`]): the lifecycle table, the drop rule of the private pool, who sees an
//! owner's phone, prices and rents in fen with the unit price derived, and the list filter
//! shaped from §9's ranges, and the key's
//! loans (钥匙借还), and when it can be viewed (看房时间). The server enforces these; the SPA shows what they allow.

pub mod drop;
pub mod export;
pub mod filter;
pub mod key;
pub mod lifecycle;
pub mod owner_phone;
pub mod price;
pub mod trade;
pub mod viewing;
