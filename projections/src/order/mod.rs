//! The Order's read side: `order_rows` (one row per live order, for the list, the company page
//! and exports) and `order_lines` (for "is this product on an order?" and ticket counts), written
//! by `project` and read only through `queries`; and the upcasters of the order's older events.

pub mod project;
pub mod queries;

use cqrs_es::persist::EventUpcaster;

use crate::upcast::Renamed;

/// The order's older event shapes, oldest first.
pub fn upcasters() -> Vec<Box<dyn EventUpcaster>> {
    vec![
        // Issue 11: events are past tense.
        Box::new(Renamed {
            from: "Processing",
            to: "ProcessingStarted",
            version: "1",
        }),
    ]
}
