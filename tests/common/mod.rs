//! Helpers shared by the integration tests.

#![allow(
    dead_code,
    reason = "each test binary uses a different part of the helpers"
)]

pub mod simple_hex;
