//! The Order's read tables: `order_rows` (one row per live order, for the list, the company page
//! and exports) and `order_lines` (for "is this product on an order?" and ticket counts).
pub mod project;
