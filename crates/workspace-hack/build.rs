//! Empty on purpose: cargo resolves the build dependencies of a package only when it has a build
//! script, and this one's (`cc` with `parallel`, as the library's; see Cargo.toml) must be resolved.

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
}
