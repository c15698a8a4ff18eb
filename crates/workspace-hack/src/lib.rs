//! Empty on purpose: this crate exists for its dependency list (see its Cargo.toml).
