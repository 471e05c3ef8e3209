//! The Contract's read side: `contract_rows` (one row per live contract, for the list, the
//! pipeline, the dashboard and the company page) and `contract_lines` (for "is this product on a
//! contract?"), written by `project` and read only through `queries`.

pub mod project;
pub mod queries;
