//! Selling (issue 38 §1): the one process table (`process`), the one service with the steps
//! every channel shares (`service`), what an event's sale offers whom (`offers`) and how its
//! lines are checked (`plan`), fulfilment (`fulfil`) and the confirmation mail
//! (`confirmation`). The channels — the public booking (`booking`), the desk (`pos`) and the web
//! shop (`shop`) — are adapters: each parses and checks its own input, states its rules as data
//! (`channel::Rules`) and hands the sale to the service. This area has no routes
//! of its own.

pub mod buyer;
pub mod channel;
pub mod confirmation;
pub mod fulfil;
pub mod offers;
pub mod plan;
pub mod process;
pub mod service;
