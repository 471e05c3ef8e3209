//! Tribune's business rules: aggregates (commands, events, state machines) and the rules they share.
//! Pure: no I/O, no clock (time arrives in commands), no SQL.

pub mod booking;
pub mod contract;
pub mod danish;
pub mod invite;
pub mod invoice;
pub mod lines;
pub mod money;
pub mod order;
pub mod probe;
pub mod seats;
pub mod selling;
pub mod subscription;
pub mod table_plan;
pub mod tenancy;
pub mod ticket;
