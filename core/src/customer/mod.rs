//! Customers (客户, /work/crm/customer): the pool table (私客 and 公客, claim, transfer, the drop
//! rule), the phone de-duplication rule and its scope, and what a customer wants (budget, area,
//! districts, layout) as the list filters and the matching of listings read it, and what a
//! viewing (带看) may show. The server
//! enforces these; the SPA shows what they allow. Design: `docs/customers.md`.

pub mod phone;
pub mod pool;
pub mod viewing;
pub mod wish;
