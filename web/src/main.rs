fn main() {
    gmp_web::start();
}
