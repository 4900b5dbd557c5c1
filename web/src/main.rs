/// The bytes the program's values take, counted for the heap budget (`gmp_go::heap`):
/// a program past it ends with Go's out-of-memory error instead of ending the tab.
#[global_allocator]
static ALLOC: gmp_go::heap::Counting = gmp_go::heap::Counting;

fn main() {
    gmp_web::start();
}
