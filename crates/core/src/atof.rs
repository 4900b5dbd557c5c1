//! Decimal text to the nearest float, with no tables: the way Go's `strconv` falls back
//! to when its fast paths cannot decide (`atof.go: atof64exact`, then `decimal.go`'s
//! multi-precision decimal shifted by powers of two). Every number the explorer reads
//! goes through here (`strconv.ParseFloat` in the VM, the page's speed, durations)
//! instead of Rust's `str::parse::<f64>`, whose Eisel-Lemire path brings a 10 KB table
//! of powers of five into the page's wasm, almost all of it incompressible
//! (docs/ARCHITECTURE.md, "Page size"). The result is the correctly rounded value, as
//! Rust's and Go's parsers give (round half to even); the tests compare it with Rust's
//! on random and halfway inputs.

/// Significant digits kept; a nonzero digit after them only marks the value as above
/// what is kept (`trunc`). 800 is more than the 767 a float64 halfway point can have,
/// so the kept digits decide every rounding.
const MAX_DIGITS: usize = 800;

/// `0.d[0] d[1] ... × 10^dp`, digits 0-9 (not ASCII), the first nonzero.
struct Decimal {
    d: Vec<u8>,
    dp: i64,
    trunc: bool,
}

impl Decimal {
    /// × 2^k, 1 ≤ k ≤ 60 (9 · 2^60 plus the carry fits a u64).
    fn shl(&mut self, k: u32) {
        let mut out = Vec::with_capacity(self.d.len() + 20);
        let mut carry = 0u64;
        for &c in self.d.iter().rev() {
            let n = (u64::from(c) << k) + carry;
            out.push((n % 10) as u8);
            carry = n / 10;
        }
        while carry > 0 {
            out.push((carry % 10) as u8);
            carry /= 10;
        }
        self.dp += (out.len() - self.d.len()) as i64;
        out.reverse();
        self.d = out;
        self.trim();
    }

    /// ÷ 2^k, 1 ≤ k ≤ 60, exactly (dividing by 2^k adds at most k digits).
    fn shr(&mut self, k: u32) {
        let mut r = 0;
        let mut n = 0u64;
        while n >> k == 0 {
            if r < self.d.len() {
                n = n * 10 + u64::from(self.d[r]);
            } else if n == 0 {
                self.d.clear();
                return;
            } else {
                n *= 10;
            }
            r += 1;
        }
        self.dp -= r as i64 - 1;
        let mask = (1u64 << k) - 1;
        let mut out = Vec::with_capacity(self.d.len() + k as usize);
        while r < self.d.len() {
            out.push((n >> k) as u8);
            n = (n & mask) * 10 + u64::from(self.d[r]);
            r += 1;
        }
        while n > 0 {
            out.push((n >> k) as u8);
            n = (n & mask) * 10;
        }
        self.d = out;
        self.trim();
    }

    fn trim(&mut self) {
        while self.d.last() == Some(&0) {
            self.d.pop();
        }
    }

    /// The integer part rounded half to even (`decimal.go: RoundedInteger`); the
    /// value is below 2^62 here.
    fn rounded_integer(&self) -> u64 {
        let mut n = 0u64;
        for i in 0..self.dp.max(0) as usize {
            n = n * 10 + u64::from(self.d.get(i).copied().unwrap_or(0));
        }
        let Ok(at) = usize::try_from(self.dp) else {
            return n; // below 0.1
        };
        let up = match self.d.get(at) {
            None => false,
            Some(&5) if !self.trunc && self.d[at + 1..].iter().all(|&c| c == 0) => n % 2 == 1,
            Some(&c) => c >= 5,
        };
        n + u64::from(up)
    }
}

/// `s` as a float64, or (with `f32`) as the float32 nearest it, widened. The syntax is
/// `[+-]digits[.digits][(e|E)[+-]digits]`, with a digit before or after the point;
/// anything else is `None`. Too large a value is infinite, too small a zero (of the
/// sign given), as `strconv.ParseFloat` returns them (its caller reports the range).
pub fn parse_float(s: &str, f32: bool) -> Option<f64> {
    let b = s.as_bytes();
    let mut i = 0;
    let neg = match b.first() {
        Some(b'-') => {
            i = 1;
            true
        }
        Some(b'+') => {
            i = 1;
            false
        }
        _ => false,
    };
    let mut d = Decimal {
        d: Vec::new(),
        dp: 0,
        trunc: false,
    };
    let (mut digits, mut dot) = (false, false);
    while i < b.len() {
        match b[i] {
            c @ b'0'..=b'9' => {
                digits = true;
                let c = c - b'0';
                if d.d.is_empty() && c == 0 {
                    d.dp -= i64::from(dot);
                } else {
                    if d.d.len() < MAX_DIGITS {
                        d.d.push(c);
                    } else if c != 0 {
                        d.trunc = true;
                    }
                    d.dp += i64::from(!dot);
                }
            }
            b'.' if !dot => dot = true,
            _ => break,
        }
        i += 1;
    }
    if !digits {
        return None;
    }
    if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
        i += 1;
        let eneg = match b.get(i) {
            Some(b'-') => {
                i += 1;
                true
            }
            Some(b'+') => {
                i += 1;
                false
            }
            _ => false,
        };
        let start = i;
        let mut e = 0i64;
        while i < b.len() && b[i].is_ascii_digit() {
            e = (e * 10 + i64::from(b[i] - b'0')).min(1 << 40);
            i += 1;
        }
        if i == start {
            return None;
        }
        d.dp += if eneg { -e } else { e };
    }
    if i != b.len() {
        return None;
    }
    d.trim();
    let sign = if neg { -1.0 } else { 1.0 };
    if d.d.is_empty() {
        return Some(sign * 0.0);
    }
    if let Some(x) = exact(&d, f32) {
        return Some(sign * x);
    }
    let x = if f32 {
        f64::from(f32::from_bits(float_bits(d, 23, 8) as u32))
    } else {
        f64::from_bits(float_bits(d, 52, 11))
    };
    Some(sign * x)
}

/// `atof.go: atof64exact` / `atof32exact`: a mantissa and a power of ten both exact
/// in the float type make the result one correctly rounded multiply or divide.
fn exact(d: &Decimal, f32: bool) -> Option<f64> {
    if d.trunc || d.d.len() > 15 {
        return None;
    }
    let m = d.d.iter().fold(0u64, |m, &c| m * 10 + u64::from(c));
    let e = d.dp - d.d.len() as i64;
    if f32 {
        if m >= 1 << 24 || !(-10..=10).contains(&e) {
            return None;
        }
        let p = (0..e.unsigned_abs()).fold(1f32, |p, _| p * 10.0);
        let m = m as f32;
        return Some(f64::from(if e < 0 { m / p } else { m * p }));
    }
    if !(-22..=22).contains(&e) {
        return None;
    }
    let p = (0..e.unsigned_abs()).fold(1f64, |p, _| p * 10.0);
    let m = m as f64;
    Some(if e < 0 { m / p } else { m * p })
}

/// `decimal.go: floatBits`: the bits of the float nearest `d` (positive, nonzero),
/// with `mant` fraction bits and `exp` exponent bits; infinity when too large.
fn float_bits(mut d: Decimal, mant: u32, exp: u32) -> u64 {
    let bias = (1i64 << (exp - 1)) - 1;
    let inf = ((1u64 << exp) - 1) << mant;
    if d.dp > 310 {
        return inf;
    }
    if d.dp < -330 {
        return 0;
    }
    // Scale by powers of two into [0.5, 1), counting them: the value is d · 2^e2.
    // A right shift by k ≤ 3·(dp-1) keeps it at least 0.5 while dp > 0; a left shift
    // by k ≤ 3·(-dp) (1 at dp = 0) keeps it below 1, so neither loop overshoots.
    let mut e2 = 0i64;
    while d.dp > 0 {
        let k = ((d.dp - 1) * 3).clamp(1, 60) as u32;
        d.shr(k);
        e2 += i64::from(k);
    }
    while d.dp < 0 || d.dp == 0 && d.d[0] < 5 {
        let k = (-d.dp * 3).clamp(1, 60) as u32;
        d.shl(k);
        e2 -= i64::from(k);
    }
    // value = (2·d) · 2^e with 2·d in [1, 2); below the smallest normal exponent the
    // fraction loses bits (a denormal).
    let mut e = e2 - 1;
    let emin = 1 - bias;
    let mut below = emin - e;
    while below > 0 {
        let k = below.min(60);
        d.shr(k as u32);
        below -= k;
        e += k;
        if d.d.is_empty() {
            return 0;
        }
    }
    d.shl(mant + 1);
    let mut m = d.rounded_integer();
    if m == 2 << mant {
        m >>= 1;
        e += 1;
    }
    if e > bias {
        return inf;
    }
    let biased = if m & (1 << mant) == 0 { 0 } else { e + bias };
    ((biased as u64) << mant) | (m & ((1 << mant) - 1))
}

#[cfg(test)]
mod tests {
    use super::parse_float;

    /// Rust's parser is the oracle (natively its tables cost nothing).
    fn same(s: &str) {
        let want64: f64 = s.parse().unwrap();
        let want32: f32 = s.parse().unwrap();
        let got64 = parse_float(s, false).unwrap();
        let got32 = parse_float(s, true).unwrap();
        assert_eq!(got64.to_bits(), want64.to_bits(), "{s} as float64");
        assert_eq!((got32 as f32).to_bits(), want32.to_bits(), "{s} as float32");
    }

    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
        fn below(&mut self, n: u64) -> u64 {
            self.next() % n
        }
    }

    #[test]
    fn what_go_programs_write() {
        for s in [
            "0",
            "-0",
            "+0",
            "0.0",
            "1",
            "-1",
            "3.14159",
            "1e10",
            "1E-10",
            ".5",
            "5.",
            "-.5e3",
            "0.1",
            "0.2",
            "0.3",
            "123456789012345678",
            "1.7976931348623157e308",
            "1.7976931348623158e308",
            "1.7976931348623159e308",
            "2e308",
            "4.9e-324",
            "2.4703282292062328e-324",
            "2.4703282292062327e-324",
            "5e-324",
            "1e-400",
            "2.2250738585072011e-308",
            "2.2250738585072014e-308",
            "3.4028235e38",
            "3.4028236e38",
            "1.4e-45",
            "7e-46",
            "7.006492321624085e-46",
            "1.17549435e-38",
            "9007199254740993",
            "9007199254740992.5",
            "0.000000000000000000000000001234",
            "000123.4560000",
            "1e0000000000000000000000000000001",
            "1e-99999999999999",
            "1e99999999999999",
        ] {
            same(s);
        }
    }

    #[test]
    fn bad_syntax_is_none() {
        for s in [
            "", "+", "-", ".", "e5", "1e", "1e+", "1.2.3", "1x", "inf", "NaN", " 1",
        ] {
            assert_eq!(parse_float(s, false), None, "{s:?}");
        }
    }

    #[test]
    fn random_decimals_match_rusts_parser() {
        let mut r = Rng(0x9e37_79b9_7f4a_7c15);
        for _ in 0..200_000 {
            let long = r.below(8) == 0;
            let n = 1 + r.below(if long { 60 } else { 20 });
            let mut s: String = (0..n)
                .map(|_| char::from(b'0' + r.below(10) as u8))
                .collect();
            if r.below(3) == 0 {
                let at = r.below(n + 1) as usize;
                s.insert(at, '.');
            }
            if r.below(2) == 0 {
                let e = r.below(700) as i64 - 350;
                s += &format!("e{e}");
            }
            same(&s);
        }
    }

    /// The exact decimal of (2m + 1) · 2^(q - 1), a point halfway between two floats.
    fn halfway(m: u64, q: i32) -> String {
        // Little-endian base-10^9 limbs.
        let mut limbs = vec![2 * m + 1];
        let mul = |limbs: &mut Vec<u64>, f: u64| {
            let mut carry = 0;
            for l in limbs.iter_mut() {
                let v = *l * f + carry;
                *l = v % 1_000_000_000;
                carry = v / 1_000_000_000;
            }
            while carry > 0 {
                limbs.push(carry % 1_000_000_000);
                carry /= 1_000_000_000;
            }
        };
        // Normalise the first limb (2m+1 may exceed 10^9).
        mul(&mut limbs, 1);
        let e = q - 1;
        let frac = if e >= 0 {
            for _ in 0..e {
                mul(&mut limbs, 2);
            }
            0
        } else {
            for _ in 0..-e {
                mul(&mut limbs, 5);
            }
            -e as usize
        };
        let mut s = limbs.last().unwrap().to_string();
        for l in limbs.iter().rev().skip(1) {
            s += &format!("{l:09}");
        }
        if frac == 0 {
            return s;
        }
        if s.len() <= frac {
            s = "0".repeat(frac - s.len() + 1) + &s;
        }
        s.insert(s.len() - frac, '.');
        s
    }

    #[test]
    fn halfway_points_round_to_even_and_a_hair_decides() {
        let mut r = Rng(0x2545_f491_4f6c_dd1d);
        for i in 0..3_000 {
            // float64: mantissa m of 53 bits (or a denormal's), exponent q.
            let (m, q) = if i % 10 == 0 {
                (r.below(1 << 52), -1074)
            } else {
                ((1 << 52) | r.below(1 << 52), r.below(2000) as i32 - 1074)
            };
            let h = halfway(m, q);
            same(&h);
            // A hair above it rounds up.
            let above = if h.contains('.') {
                h.clone() + "0000001"
            } else {
                h.clone() + ".0001"
            };
            same(&above);
            // float32 halfway points, through Rust's exact f64 printing.
            let f = f32::from_bits(r.below(0x7f7f_ffff) as u32 + 1);
            let next = f32::from_bits(f.to_bits() + 1);
            if next.is_finite() {
                let mid = (f64::from(f) + f64::from(next)) / 2.0;
                let exact = format!("{mid:.200e}");
                same(&exact);
                let (digits, exp) = exact.split_once('e').unwrap();
                let digits = digits.trim_end_matches('0');
                same(&format!("{digits}1e{exp}"));
                // one unit lower in the last kept digit
                let mut low: Vec<u8> = digits.bytes().collect();
                let mut k = low.len() - 1;
                while low[k] == b'0' || low[k] == b'.' {
                    if low[k] == b'0' {
                        low[k] = b'9';
                    }
                    k -= 1;
                }
                low[k] -= 1;
                low.extend_from_slice(b"9999");
                same(&format!("{}e{exp}", String::from_utf8(low).unwrap()));
            }
        }
    }

    #[test]
    fn long_inputs_past_800_digits() {
        let h = halfway(1 << 52, -1074);
        same(&(h.clone() + &"0".repeat(2000)));
        same(&(h.clone() + &"0".repeat(2000) + "1"));
        same(&("1".repeat(5000)));
        same(&format!("0.{}1e-300", "0".repeat(900)));
    }
}
