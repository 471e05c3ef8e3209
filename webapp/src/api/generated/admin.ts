// Generated from the Rust types by api/src/generated_types.rs; do not edit.
