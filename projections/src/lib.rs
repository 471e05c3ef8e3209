//! The read side and the event store adapter: commit with inline projections and a hash chain,
//! the async projector runner, replay, audit, history, and the read queries the API uses.

pub mod audit;
pub mod contract;
pub mod db;
pub mod finance;
pub mod fold;
pub mod history;
pub mod invite;
pub mod invoice;
pub mod list;
pub mod order;
pub mod probe;
pub mod projection;
pub mod registry;
pub mod replay;
pub mod runner;
pub mod store;
pub mod subscription;
pub mod testing;
pub mod ticket;
pub mod upcast;
pub mod wake;
