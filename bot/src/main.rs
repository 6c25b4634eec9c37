//! The `turnpost` command: a thin entry point over the library (see `lib.rs`).

fn main() -> std::process::ExitCode {
    turnpost_bot::cli::main()
}
