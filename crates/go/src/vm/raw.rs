//! Slices' backing arrays of scalars held as their bytes: Go's own size an element
//! (`[]byte` one byte, `[]int32` four, `[]int64` and `[]float64` eight), not a [`V`]
//! each. A `make` of one is a zeroed allocation (the allocator's `calloc`, the memset
//! `mallocgc` does for `needzero`), a `copy` between two of one kind a `memmove`
//! (`runtime/slice.go: slicecopy`), `[]byte(s)` and `string(b)` a copy of the bytes.
//!
//! Which element types are held so is the compiler's choice ([`RawKind::of`]); it puts
//! the kind in the element code of `make` and `append` ([`RAW_SHIFT`]). A slice of the
//! same type may still have a backing array of values (a composite literal, an array
//! variable sliced): every operation takes either.

use super::*;

/// Bits 27-30 of an element code (`MakeSlice`'s size, `Append`'s element): the
/// [`RawKind`] its arrays are held as, 0 for values. The element's size is below 2^27.
pub const RAW_SHIFT: u32 = 27;
pub const RAW_MASK: u32 = 0xF << RAW_SHIFT;
/// The element size in an element code (without [`ELEM_HAS_PTRS`] and the kind).
pub const ELEM_SIZE_MASK: u32 = (1 << RAW_SHIFT) - 1;

/// How a scalar element is held.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RawKind {
    U8 = 1,
    I8,
    U16,
    I16,
    U32,
    I32,
    /// Any 8-byte integer (`int`, `int64`, `uint64`, `uint`, `uintptr`): a `V::Int`
    /// holds the bits.
    W64,
    F64,
    F32,
    Bool,
}

impl RawKind {
    const ALL: [RawKind; 10] = [
        RawKind::U8,
        RawKind::I8,
        RawKind::U16,
        RawKind::I16,
        RawKind::U32,
        RawKind::I32,
        RawKind::W64,
        RawKind::F64,
        RawKind::F32,
        RawKind::Bool,
    ];

    /// The kind in an element code, if any.
    pub fn from_code(code: u32) -> Option<RawKind> {
        let k = ((code & RAW_MASK) >> RAW_SHIFT) as usize;
        Self::ALL.get(k.wrapping_sub(1)).copied()
    }

    /// How arrays of `ty`'s elements are held (None: as values).
    pub fn of(types: &Types, ty: TyId) -> Option<RawKind> {
        Some(match types.under(ty) {
            Ty::Bool => RawKind::Bool,
            Ty::Float => RawKind::F64,
            Ty::Float32 => RawKind::F32,
            Ty::Int { bits, signed } => match (bits, signed) {
                (8, false) => RawKind::U8,
                (8, true) => RawKind::I8,
                (16, false) => RawKind::U16,
                (16, true) => RawKind::I16,
                (32, false) => RawKind::U32,
                (32, true) => RawKind::I32,
                (64, _) => RawKind::W64,
                _ => return None,
            },
            _ => return None,
        })
    }

    /// The element code of `ty` for `make`/`append`: its size, whether it holds
    /// pointers, and how its arrays are held.
    pub fn elem_code(types: &Types, ty: TyId) -> u32 {
        let size = types.size(ty).min(ELEM_SIZE_MASK as u64) as u32;
        let ptrs = if types.has_pointers(ty) {
            ELEM_HAS_PTRS
        } else {
            0
        };
        let raw = Self::of(types, ty).map_or(0, |k| (k as u32) << RAW_SHIFT);
        size | ptrs | raw
    }

    #[inline(always)]
    pub fn width(self) -> usize {
        match self {
            RawKind::U8 | RawKind::I8 | RawKind::Bool => 1,
            RawKind::U16 | RawKind::I16 => 2,
            RawKind::U32 | RawKind::I32 | RawKind::F32 => 4,
            RawKind::W64 | RawKind::F64 => 8,
        }
    }

    /// Element `i` of `b`.
    #[inline(always)]
    pub(super) fn read(self, b: &[u8], i: usize) -> V {
        macro_rules! at {
            ($t:ty) => {{
                const W: usize = std::mem::size_of::<$t>();
                <$t>::from_ne_bytes(b[i * W..i * W + W].try_into().unwrap())
            }};
        }
        match self {
            RawKind::U8 => V::Int(b[i] as i64),
            RawKind::I8 => V::Int(b[i] as i8 as i64),
            RawKind::U16 => V::Int(at!(u16) as i64),
            RawKind::I16 => V::Int(at!(i16) as i64),
            RawKind::U32 => V::Int(at!(u32) as i64),
            RawKind::I32 => V::Int(at!(i32) as i64),
            RawKind::W64 => V::Int(at!(i64)),
            RawKind::F64 => V::Float(at!(f64)),
            RawKind::F32 => V::Float(at!(f32) as f64),
            RawKind::Bool => V::Bool(b[i] != 0),
        }
    }

    /// Element `i` of `b` = `v` (a value of the element's type).
    #[inline(always)]
    fn write(self, b: &mut [u8], i: usize, v: &V) {
        macro_rules! put {
            ($x:expr) => {{
                let x = $x.to_ne_bytes();
                b[i * x.len()..(i + 1) * x.len()].copy_from_slice(&x);
            }};
        }
        match self {
            RawKind::U8 | RawKind::I8 => b[i] = as_int(v) as u8,
            RawKind::U16 | RawKind::I16 => put!(as_int(v) as u16),
            RawKind::U32 | RawKind::I32 => put!(as_int(v) as u32),
            RawKind::W64 => put!(as_int(v)),
            RawKind::F64 => put!(as_f(v)),
            RawKind::F32 => put!(as_f(v) as f32),
            RawKind::Bool => b[i] = matches!(v, V::Bool(true)) as u8,
        }
    }
}

/// A backing array of scalars: `bytes` holds `len()` elements of `kind`.
#[derive(Clone, Debug)]
pub struct RawArr {
    pub kind: RawKind,
    pub bytes: Vec<u8>,
}

impl Default for RawArr {
    fn default() -> RawArr {
        RawArr {
            kind: RawKind::U8,
            bytes: Vec::new(),
        }
    }
}

pub type RawRef = Arc<Mutex<RawArr>>;

impl RawArr {
    /// `n` zero elements, or None when the host cannot give the memory.
    pub fn zeroed(kind: RawKind, n: usize) -> Option<RawArr> {
        let size = n.checked_mul(kind.width())?;
        let mut bytes = Vec::new();
        bytes.try_reserve_exact(size).ok()?;
        bytes.resize(size, 0);
        Some(RawArr { kind, bytes })
    }

    pub fn len(&self) -> usize {
        self.bytes.len() / self.kind.width()
    }

    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    #[inline(always)]
    pub fn get(&self, i: usize) -> V {
        if i < self.len() {
            self.kind.read(&self.bytes, i)
        } else {
            V::Nil
        }
    }

    #[inline(always)]
    pub fn set(&mut self, i: usize, v: &V) {
        if i < self.len() {
            self.kind.write(&mut self.bytes, i, v)
        }
    }

    /// Elements `lo..hi` as values.
    pub fn decode(&self, lo: usize, hi: usize) -> Vec<V> {
        let hi = hi.min(self.len());
        (lo..hi).map(|i| self.kind.read(&self.bytes, i)).collect()
    }

    /// Elements from `at` on = `vs`.
    pub fn encode(&mut self, at: usize, vs: &[V]) {
        for (i, v) in vs.iter().enumerate() {
            self.set(at + i, v);
        }
    }

    /// The bytes of elements `lo..hi`.
    pub fn span(&self, lo: usize, hi: usize) -> &[u8] {
        let w = self.kind.width();
        &self.bytes[lo * w..hi * w]
    }

    pub fn span_mut(&mut self, lo: usize, hi: usize) -> &mut [u8] {
        let w = self.kind.width();
        &mut self.bytes[lo * w..hi * w]
    }
}

/// What an `append` adds: values, or elements held as `kind` given as their bytes (a
/// string's, or a raw slice's).
pub(super) enum Add<'a> {
    Vals(Vec<V>),
    Raw(RawKind, &'a [u8]),
}

impl Add<'_> {
    pub(super) fn len(&self) -> usize {
        match self {
            Add::Vals(v) => v.len(),
            Add::Raw(k, b) => b.len() / k.width(),
        }
    }

    pub(super) fn into_vals(self) -> Vec<V> {
        match self {
            Add::Vals(v) => v,
            Add::Raw(k, b) => (0..b.len() / k.width()).map(|i| k.read(b, i)).collect(),
        }
    }
}

impl RawArr {
    /// Elements from `at` on = `add`: a `memmove` when it is bytes of this kind.
    pub(super) fn put(&mut self, at: usize, add: Add) {
        match add {
            Add::Raw(k, b) if k == self.kind => self
                .span_mut(at, at + b.len() / k.width())
                .copy_from_slice(b),
            add => self.encode(at, &add.into_vals()),
        }
    }
}

/// `n` zero elements of `kind`, within the heap budget (`crate::heap`).
pub(super) fn alloc_raw(kind: RawKind, n: usize) -> Result<RawArr, Stop> {
    let bytes = n.saturating_mul(kind.width());
    if crate::heap::would_exceed(bytes) {
        return Err(out_of_memory(bytes));
    }
    RawArr::zeroed(kind, n).ok_or_else(|| out_of_memory(bytes))
}

/// A slice of `len` elements (capacity `cap`) over the array `a`.
pub(super) fn raw_slice_from(a: RawArr, len: usize, cap: usize) -> V {
    V::Slice(Box::new(Slice {
        arr: Arr::Raw(Arc::new(Mutex::new(a))),
        off: 0,
        len,
        cap,
    }))
}

/// A new slice of `len` (capacity `cap`) zero elements held as `kind`.
pub(super) fn raw_slice(kind: RawKind, len: usize, cap: usize) -> Result<V, Stop> {
    Ok(raw_slice_from(alloc_raw(kind, cap)?, len, cap))
}

/// A slice holding `b` as `[]byte`.
pub fn byte_slice(b: Vec<u8>) -> V {
    let n = b.len();
    raw_slice_from(
        RawArr {
            kind: RawKind::U8,
            bytes: b,
        },
        n,
        n,
    )
}

/// A slice of `xs` held as `kind`.
pub fn raw_slice_of(kind: RawKind, xs: &[V]) -> V {
    let mut a = RawArr {
        kind,
        bytes: vec![0; xs.len() * kind.width()],
    };
    a.encode(0, xs);
    raw_slice_from(a, xs.len(), xs.len())
}

/// The bytes of a `[]byte` (or of any slice of integers, each taken as a byte).
pub fn slice_bytes(v: &V) -> Vec<u8> {
    if let V::Slice(sl) = v {
        if let Arr::Raw(a) = &sl.arr {
            let a = lock(a);
            if a.kind == RawKind::U8 || a.kind == RawKind::I8 {
                return a.span(sl.off, sl.off + sl.len).to_vec();
            }
        }
    }
    slice_vals(v).iter().map(|b| as_int(b) as u8).collect()
}

/// `copy(dst, src)` of `n` elements from `src`'s array at `so` to `dst`'s at `d_off`:
/// a `memmove` when both hold the same kind (overlapping or the same array too).
pub(super) fn copy_raw(d: &RawRef, d_off: usize, s: &RawRef, so: usize, n: usize) {
    if Arc::ptr_eq(d, s) {
        let mut a = lock(d);
        let w = a.kind.width();
        a.bytes.copy_within(so * w..(so + n) * w, d_off * w);
        return;
    }
    // Two locks, always taken in address order (another goroutine may copy the other
    // way at the same time under the live driver).
    let (first, second) = if Arc::as_ptr(d) < Arc::as_ptr(s) {
        (d, s)
    } else {
        (s, d)
    };
    let g1 = lock(first);
    let g2 = lock(second);
    let (mut dg, sg) = if Arc::ptr_eq(first, d) {
        (g1, g2)
    } else {
        (g2, g1)
    };
    let src = sg.span(so, so + n);
    let kind = sg.kind;
    dg.put(d_off, Add::Raw(kind, src));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the memory figures of docs/GO-FRONT-END.md ("Values in memory") assume.
    #[test]
    fn a_value_is_24_bytes_and_raw_elements_are_go_sized() {
        assert_eq!(std::mem::size_of::<V>(), 24);
        let widths: Vec<usize> = RawKind::ALL.iter().map(|k| k.width()).collect();
        assert_eq!(widths, [1, 1, 2, 2, 4, 4, 8, 8, 4, 1]);
        let a = RawArr::zeroed(RawKind::I16, 3).unwrap();
        assert_eq!(a.bytes.len(), 6);
    }

    #[test]
    fn each_kind_reads_back_what_was_written_as_go_converts_it() {
        let cases: [(RawKind, V, V); 10] = [
            (RawKind::U8, V::Int(255), V::Int(255)),
            (RawKind::I8, V::Int(-128), V::Int(-128)),
            (RawKind::U16, V::Int(65535), V::Int(65535)),
            (RawKind::I16, V::Int(-2), V::Int(-2)),
            (RawKind::U32, V::Int(4294967295), V::Int(4294967295)),
            (RawKind::I32, V::Int(-1 << 31), V::Int(-1 << 31)),
            (RawKind::W64, V::Int(i64::MIN), V::Int(i64::MIN)),
            (RawKind::F64, V::Float(0.1), V::Float(0.1)),
            (
                RawKind::F32,
                V::Float(0.1f32 as f64),
                V::Float(0.1f32 as f64),
            ),
            (RawKind::Bool, V::Bool(true), V::Bool(true)),
        ];
        for (k, v, want) in cases {
            let mut a = RawArr::zeroed(k, 2).unwrap();
            a.set(1, &v);
            assert_eq!(format!("{:?}", a.get(1)), format!("{want:?}"), "{k:?}");
            assert_eq!(
                format!("{:?}", a.get(0)),
                format!("{:?}", zero_like(&want)),
                "{k:?}"
            );
        }
    }
}
