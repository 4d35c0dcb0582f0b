//! The rules of both games in plain Rust: the single source of truth, free of any engine code.

pub mod abaku;
pub mod hex;
