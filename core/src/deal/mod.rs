//! Second-hand and rental deals (买卖合同, 租赁合同): the contract's status table, the commission
//! order's status table with the spec's codes and the rule that receipts accumulate exactly up
//! to the receivable, and the ACN split of a commission over the listing and customer roles.
//! The server enforces these; the SPA shows what they allow. Design: `docs/deals.md`.

pub mod contract;
pub mod order;
pub mod split;

/// Who may take an action: each is a permission action the server maps to its codes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Duty {
    /// Declare: write a contract, sign it, submit its order (经纪人).
    Declare,
    /// Review an order (店长).
    Review,
    /// Confirm a receipt (财务).
    Confirm,
    /// Close an order or cancel a contract (店长).
    Close,
    /// The server itself, following another move (a settled order settles its contract).
    System,
}
