//! Empty on purpose: cargo resolves the build dependencies of a package only when it has a build
//! script, and this package's one (`cc` with `parallel`, under `cadical`; see Cargo.toml) makes
//! CaDiCaL's build script compile its C++ files in parallel.

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
}
