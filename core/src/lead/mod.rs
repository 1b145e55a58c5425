//! Leads (线索, /work/crm/clue): people who may become customers, from an agent's typing, a
//! batch import or a property portal. The lead table says who may move a lead where
//! ([`states`]); a batch import reads pasted text or a CSV/XLSX file into rows the lead form
//! checks one by one ([`import`]). Design: `docs/leads.md`.

pub mod convert;
pub mod import;
pub mod states;
