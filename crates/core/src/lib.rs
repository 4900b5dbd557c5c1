//! # gmp-core: Go's GMP scheduler, modelled faithfully
//!
//! - [`runq`]: the per-P lock-free ring and runnext (`runqput`, `runqget`, `runqsteal`).

pub mod runq;
pub(crate) mod sync;
