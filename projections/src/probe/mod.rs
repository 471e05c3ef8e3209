pub mod project;
pub mod queries;
