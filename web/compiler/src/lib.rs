//! # gmp-web-compiler: the page's Go front end, as a module of its own
//!
//! The page (`gmp-web`) carries the scheduler, the VM and the programs compiled when
//! it was built, not the parser, checker and compiler: most visits only run those
//! programs. When a learner runs an edit of their own, or a link asks for other
//! parameters, the page fetches this module (index.html: `gmpLoadCompiler`) and calls
//! [`compile`], which gives the page the program or go build's errors as
//! `gmp_go::wire` bytes. The module has no threads and no shared memory, so both of
//! the page's bundles load the same one.

use wasm_bindgen::prelude::*;

/// `main.go`'s program, or its compile errors, as `gmp_go::wire::encode_result` bytes.
#[wasm_bindgen]
pub fn compile(src: &str) -> Vec<u8> {
    gmp_go::wire::encode_result(&gmp_go::compile(src))
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_program_and_its_errors_come_back() {
        let ok = super::compile("package main\n\nfunc main() { println(\"hi\") }\n");
        assert!(matches!(gmp_go::wire::decode_result(&ok), Ok(Ok(_))));
        let bad = super::compile("package main\n\nfunc main() { y }\n");
        match gmp_go::wire::decode_result(&bad) {
            Ok(Err(d)) => assert_eq!(d[0].to_string(), "./main.go:3:15: undefined: y"),
            _ => panic!("go build's errors did not come back"),
        }
    }
}
