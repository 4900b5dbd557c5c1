//! Slices, arrays and strings at run time: indexing and slicing with Go's bounds
//! checks and panic texts, `append` as `growslice` grows (size classes), copies.

use super::*;

/// Stores a scalar into a register: when the old value owns nothing (a scalar or
/// nil), it is overwritten without running its destructor.
#[inline(always)]
pub(super) fn put(slot: &mut V, v: V) {
    if matches!(slot, V::Int(_) | V::Bool(_) | V::Float(_) | V::Nil) {
        // Safety: those variants own no heap data, so skipping their drop leaks nothing.
        unsafe { std::ptr::write(slot, v) }
    } else {
        *slot = v;
    }
}

pub const NIL_DEREF: &str = "runtime error: invalid memory address or nil pointer dereference";

/// `panicIndex`'s text (`runtime/error.go: boundsError`): a negative index is shown
/// without the length.
pub(super) fn index_err(i: i64, n: usize) -> String {
    if i < 0 {
        format!("runtime error: index out of range [{i}]")
    } else {
        format!("runtime error: index out of range [{i}] with length {n}")
    }
}

/// The checks gc emits for `x[lo:hi]` and `x[lo:hi:max]`, in its order (the last index
/// against the capacity, then each index against the next), with `boundsError`'s
/// texts; `what` is "length" for strings and arrays, "capacity" for slices. A negative
/// index fails the unsigned comparison that finds it and is shown without the bound.
pub(super) fn slice_bounds(
    lo: i64,
    hi: i64,
    max: Option<i64>,
    cap: usize,
    what: &str,
) -> Result<(), String> {
    let over = |x: i64, y: i64| x < 0 || x > y;
    let e = |s: String| Err(format!("runtime error: slice bounds out of range {s}"));
    let cap = cap as i64;
    match max {
        Some(max) => {
            if over(max, cap) {
                return e(if max < 0 {
                    format!("[::{max}]")
                } else {
                    format!("[::{max}] with {what} {cap}")
                });
            }
            if over(hi, max) {
                return e(if hi < 0 {
                    format!("[:{hi}:]")
                } else {
                    format!("[:{hi}:{max}]")
                });
            }
            if over(lo, hi) {
                return e(if lo < 0 {
                    format!("[{lo}::]")
                } else {
                    format!("[{lo}:{hi}:]")
                });
            }
        }
        None => {
            if over(hi, cap) {
                return e(if hi < 0 {
                    format!("[:{hi}]")
                } else {
                    format!("[:{hi}] with {what} {cap}")
                });
            }
            if over(lo, hi) {
                return e(if lo < 0 {
                    format!("[{lo}:]")
                } else {
                    format!("[{lo}:{hi}]")
                });
            }
        }
    }
    Ok(())
}

pub fn slice_of(v: Vec<V>) -> V {
    let n = v.len();
    V::Slice(Box::new(Slice {
        arr: Arr::new(v),
        off: 0,
        len: n,
        cap: n,
    }))
}

pub fn slice_vals(v: &V) -> Vec<V> {
    match v {
        V::Slice(s) => s.arr.range(s.off, s.off + s.len),
        V::Agg(xs) => xs.to_vec(),
        _ => vec![],
    }
}

/// What a frame with these registers costs the host, about.
pub(super) fn frame_host_bytes(regs: &[V]) -> usize {
    std::mem::size_of::<Frame>() + std::mem::size_of_val(regs)
}

/// `malloc.go: maxAlloc` on 64-bit platforms: a larger `make` or `append` panics
/// "len out of range" (smaller ones meet the heap budget, `crate::heap`).
pub const MAX_ALLOC: u128 = 1 << 48;

/// What `n` elements of a slice's array take of the host's memory.
pub fn host_bytes(n: usize) -> usize {
    n.saturating_mul(std::mem::size_of::<V>())
}

/// The malloc size classes (`internal/runtime/gc/sizeclasses.go`: `SizeClassToSize`),
/// in bytes: a small allocation takes the smallest class that holds it.
pub(super) const SIZE_CLASSES: [u32; 68] = [
    0, 8, 16, 24, 32, 48, 64, 80, 96, 112, 128, 144, 160, 176, 192, 208, 224, 240, 256, 288, 320,
    352, 384, 416, 448, 480, 512, 576, 640, 704, 768, 896, 1024, 1152, 1280, 1408, 1536, 1792,
    2048, 2304, 2688, 3072, 3200, 3456, 4096, 4864, 5376, 6144, 6528, 6784, 6912, 8192, 9472, 9728,
    10240, 10880, 12288, 13568, 14336, 16384, 18432, 19072, 20480, 21760, 24576, 27264, 28672,
    32768,
];

/// `msize.go: roundupsize`: the bytes an allocation of `size` really gets. An object
/// with pointers over 512 bytes (`MinSizeForMallocHeader`) carries an 8-byte header
/// in its span, which the caller does not see; large objects take whole 8 KiB pages.
pub fn roundupsize(size: u64, noscan: bool) -> u64 {
    const MAX_SMALL: u64 = 32768;
    const HEADER: u64 = 8;
    if size <= MAX_SMALL - HEADER {
        let req = if !noscan && size > 512 {
            size + HEADER
        } else {
            size
        };
        let class = SIZE_CLASSES
            .iter()
            .map(|&c| c as u64)
            .find(|&c| c >= req)
            .unwrap_or(MAX_SMALL);
        return class - (req - size);
    }
    const PAGE: u64 = 8192;
    size.checked_add(PAGE - 1).map_or(size, |s| s & !(PAGE - 1))
}

/// `slice.go: nextslicecap` then `growslice`'s rounding to the size class: the new
/// capacity for `need` elements of `esize` bytes (`noscan`: no pointers in them).
pub fn growslice_cap(need: usize, old_cap: usize, esize: u64, noscan: bool) -> usize {
    let mut newcap = old_cap;
    let double = newcap + newcap;
    if need > double {
        newcap = need;
    } else if old_cap < 256 {
        newcap = double;
    } else {
        while newcap < need {
            newcap += (newcap + 3 * 256) >> 2;
        }
    }
    if esize == 0 {
        return need;
    }
    let mem = roundupsize(newcap as u64 * esize, noscan);
    (mem / esize) as usize
}

/// The zero value of `v`'s type, read from its shape (values are always of their
/// type's shape: an int is never nil, a struct is its fields).
pub(super) fn zero_like(v: &V) -> V {
    match v {
        V::Bool(_) => V::Bool(false),
        V::Int(_) => V::Int(0),
        V::Float(_) => V::Float(0.0),
        V::Str(_) => V::Str(Arc::from("")),
        V::Agg(xs) => V::Agg(xs.iter().map(zero_like).collect()),
        _ => V::Nil,
    }
}

/// `copy` of values into `ds`'s elements: how many it copied.
pub(super) fn copy_vals(ds: &Slice, from: Vec<V>) -> usize {
    let n = from.len().min(ds.len);
    ds.arr.with_range(ds.off, ds.off + n, |a| {
        for (slot, v) in a.iter_mut().zip(from) {
            *slot = v;
        }
    });
    n
}

/// An `append`'s element type as the instruction carries it: its size in bytes, the
/// top bit set when it holds pointers (`growslice`'s `noscan` is its absence).
pub const ELEM_HAS_PTRS: u32 = 1 << 31;

/// `append`: in place while capacity lasts, else a new array of `growslice`'s capacity
/// (of bytes when the element type is held raw, `raw.rs`).
pub(super) fn append(s: &V, add: Add, elem: u32, ps: &mut u64) -> Result<V, Stop> {
    let (arr, off, len, cap) = match s {
        V::Slice(sl) => (Some(sl.arr.clone()), sl.off, sl.len, sl.cap),
        _ => (None, 0, 0, 0),
    };
    let n = add.len();
    let need = len + n;
    let esize = (elem & ELEM_SIZE_MASK) as u64;
    if need as u128 * esize as u128 > MAX_ALLOC {
        return Err(Stop::Err(RtErr(
            "runtime error: growslice: len out of range".into(),
        )));
    }
    *ps += cost::APPEND + cost::MEM * n as u64;
    if n == 0 {
        return Ok(s.clone());
    }
    if let Some(arr) = &arr {
        if need <= cap {
            match arr {
                Arr::Raw(a) => lock(a).put(off + len, add),
                _ => arr.with_range(off + len, off + need, |a| {
                    for (slot, v) in a.iter_mut().zip(add.into_vals()) {
                        *slot = v;
                    }
                }),
            }
            return Ok(V::Slice(Box::new(Slice {
                arr: arr.clone(),
                off,
                len: need,
                cap,
            })));
        }
    }
    let newcap = growslice_cap(need, cap, esize, elem & ELEM_HAS_PTRS == 0).max(need);
    *ps += cost::ALLOC + newcap as u64 * 50;
    if let Some(kind) = RawKind::from_code(elem) {
        let mut na = alloc_raw(kind, newcap)?;
        match &arr {
            Some(Arr::Raw(a)) => {
                let a = lock(a);
                na.put(0, Add::Raw(a.kind, a.span(off, off + len)));
            }
            Some(a) => na.encode(0, &a.range(off, off + len)),
            None => {}
        }
        na.put(len, add);
        return Ok(raw_slice_from(na, need, newcap));
    }
    let mut v: Vec<V> = match &arr {
        Some(a) => a.range(off, off + len),
        None => Vec::new(),
    };
    if crate::heap::would_exceed(host_bytes(newcap)) {
        return Err(out_of_memory(host_bytes(newcap)));
    }
    // The elements past the length are the element type's zero value: a later
    // `s[:cap(s)]` reads them (the zero of a scalar is not nil).
    let add = add.into_vals();
    let zero = add.first().map_or(V::Nil, zero_like);
    v.extend(add);
    v.resize(newcap, zero);
    Ok(V::Slice(Box::new(Slice {
        arr: Arr::new(v),
        off: 0,
        len: need,
        cap: newcap,
    })))
}
