//! Package unicode's answers, as Go gives them: the class of a rune (`IsLetter` ...
//! `IsPrint`), its cases (`ToUpper`, `ToLower`, `ToTitle`) and `SimpleFold`, looked
//! up in [`crate::unicode_tables`], which `tools/unicode-tables` writes from the Go
//! toolchain's own unicode package.

use crate::unicode_tables::*;

/// The class bits of [`CLASS_SETS`], in the generator's order.
pub const LETTER: u16 = 1 << 0;
pub const UPPER: u16 = 1 << 1;
pub const LOWER: u16 = 1 << 2;
pub const TITLE: u16 = 1 << 3;
pub const MARK: u16 = 1 << 4;
pub const DIGIT: u16 = 1 << 5;
pub const NUMBER: u16 = 1 << 6;
pub const PUNCT: u16 = 1 << 7;
pub const SYMBOL: u16 = 1 << 8;
pub const GRAPHIC: u16 = 1 << 9;
pub const SPACE: u16 = 1 << 10;
pub const CONTROL: u16 = 1 << 11;
pub const PRINT: u16 = 1 << 12;

/// Go's `unicode.MaxRune`.
const MAX_RUNE: i64 = 0x10FFFF;

/// The first rune of each class range ([`CLASS_DELTAS`] summed: the tables keep
/// 16-bit distances, half the page's bytes of 32-bit starts).
fn class_starts() -> &'static [u32] {
    static STARTS: std::sync::OnceLock<Vec<u32>> = std::sync::OnceLock::new();
    STARTS.get_or_init(|| {
        let mut at = 0u32;
        CLASS_DELTAS
            .iter()
            .map(|&d| {
                at += d as u32;
                at
            })
            .collect()
    })
}

/// Does rune `r` have class `bit` (none for a value that is no rune)?
pub fn is(bit: u16, r: i64) -> bool {
    if !(0..=MAX_RUNE).contains(&r) {
        return false;
    }
    let i = class_starts().partition_point(|&s| s as i64 <= r) - 1;
    CLASS_SETS[CLASS_KINDS[i] as usize] & bit != 0
}

/// Which case [`to`] maps to (Go's `unicode.UpperCase`, `LowerCase`, `TitleCase`).
#[derive(Clone, Copy, PartialEq)]
pub enum Case {
    Upper = 0,
    Lower = 1,
    Title = 2,
}

/// `unicode.To(case, r)`: r itself when it has no such case or is no rune.
pub fn to(case: Case, r: i64) -> i64 {
    if !(0..=MAX_RUNE).contains(&r) {
        return r;
    }
    let i = CASE_RANGES.partition_point(|c| c.0 as i64 <= r);
    let Some(&(lo, hi, up, low, title)) = i.checked_sub(1).map(|i| &CASE_RANGES[i]) else {
        return r;
    };
    if r > hi as i64 {
        return r;
    }
    let d = [up, low, title][case as usize];
    if d == ALTERNATING {
        // Upper at even offsets from lo, its lower case right after it.
        let upper = (r - lo as i64) % 2 == 0;
        return match (case, upper) {
            (Case::Lower, true) => r + 1,
            (Case::Lower, false) | (_, true) => r,
            (_, false) => r - 1,
        };
    }
    r + d as i64
}

/// `unicode.SimpleFold(r)`: the next rune, upwards and round, of those that are
/// equal to r under simple case folding.
pub fn simple_fold(r: i64) -> i64 {
    if !(0..=MAX_RUNE).contains(&r) {
        return r;
    }
    if let Ok(i) = FOLD_ORBITS.binary_search_by_key(&(r as u32), |f| f.0) {
        return FOLD_ORBITS[i].1 as i64;
    }
    let l = to(Case::Lower, r);
    if l != r {
        l
    } else {
        to(Case::Upper, r)
    }
}

/// `strings.ToUpper`/`ToLower` of a string: each rune's simple mapping (Go maps rune
/// by rune: "ß" stays "ß", "ΣΑΣ" lowers to "σασ").
pub fn map_string(case: Case, s: &str) -> String {
    s.chars()
        .map(|c| char::from_u32(to(case, c as i64) as u32).unwrap_or(c))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_as_go_does() {
        // Facts of Go 1.27.3's unicode package.
        assert!(is(LETTER, 'é' as i64) && is(LOWER, 'é' as i64) && !is(UPPER, 'é' as i64));
        assert!(is(DIGIT, '٣' as i64) && is(NUMBER, 'Ⅻ' as i64) && !is(DIGIT, 'Ⅻ' as i64));
        assert!(is(SPACE, 0x85) && is(SPACE, 0xA0) && !is(PRINT, 0xA0) && is(GRAPHIC, 0xA0));
        assert!(is(TITLE, 'ǅ' as i64) && is(PUNCT, '!' as i64) && is(SYMBOL, '+' as i64));
        assert!(!is(LETTER, -1) && !is(LETTER, 0x110000));
        assert_eq!(to(Case::Upper, 'ß' as i64), 'ß' as i64);
        assert_eq!(to(Case::Upper, 'ǆ' as i64), 'Ǆ' as i64);
        assert_eq!(to(Case::Title, 'ǆ' as i64), 'ǅ' as i64);
        assert_eq!(to(Case::Lower, 'Ā' as i64), 'ā' as i64);
        assert_eq!(to(Case::Upper, 'ā' as i64), 'Ā' as i64);
        assert_eq!(simple_fold('K' as i64), 'k' as i64);
        assert_eq!(simple_fold('k' as i64), 0x212A); // KELVIN SIGN
        assert_eq!(simple_fold(0x212A), 'K' as i64);
        assert_eq!(simple_fold('1' as i64), '1' as i64);
        assert_eq!(map_string(Case::Lower, "ΣΑΣ"), "σασ");
    }
}
