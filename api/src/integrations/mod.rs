//! External services behind traits (ARCHITECTURE §9): a production client and a local stand-in,
//! chosen by configuration.

pub mod cvr;
