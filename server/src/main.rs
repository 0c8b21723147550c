//! The `shop` binary: see `shop --help`.

fn main() -> std::process::ExitCode {
    shop_server::cli::main()
}
