//! Link-time settings of the game's binaries.

fn main() {
    // Relative relocations packed (DT_RELR): the dynamic loader reads every relocation
    // of a position-independent executable at start-up, and the game's 14 MB table of
    // them (one 24-byte entry per pointer) stayed resident for nothing. Packed, it is a
    // few hundred kilobytes. Needs GNU ld 2.38 and glibc 2.36 or newer.
    let target = std::env::var("TARGET").unwrap_or_default();
    if target.ends_with("-linux-gnu") {
        println!("cargo:rustc-link-arg=-Wl,-z,pack-relative-relocs");
    }
}
