//! The finance dashboard's read side (issue 13): an async projection over contract and invoice
//! events (`project`) and the widgets' reads (`queries`). Amounts are øre without VAT.

pub mod project;
pub mod queries;
