fn main() {
    eprintln!("gmp: scenarios arrive with the scheduler core");
    std::process::exit(64);
}
