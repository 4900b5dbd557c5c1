//! Method sets at run time: which dynamic types satisfy an interface (by name and
//! signature, through embedding), finding a method and its receiver, and a failed type
//! assertion's text.

use super::*;

/// How deep the VM looks for a method promoted through embedded fields.
pub(super) const PROMOTE_DEPTH: u32 = 8;

impl Prog {
    /// Is method `m` (of signature `sig`; 0: any) in the method set of `t` (its own, a
    /// pointer type's, or promoted)?
    pub fn has_method(&self, t: TyId, m: &Arc<str>, sig: TyId) -> bool {
        self.own_method(t, m, sig)
            .is_some_and(|ptr| !ptr || matches!(self.types.get(t), Ty::Ptr(_)))
            || self.promotes(t, m, sig, PROMOTE_DEPTH)
    }

    /// `t`'s own method `m` of signature `sig` (0: any): whether its receiver is a pointer.
    pub(super) fn own_method(&self, t: TyId, m: &Arc<str>, sig: TyId) -> Option<bool> {
        let &(f, ptr) = self.methods.get(&(t, m.clone()))?;
        let fs = self.funcs.get(f as usize).map_or(0, |f| f.sig);
        (sig == 0 || fs == 0 || fs == sig).then_some(ptr)
    }

    /// Is method `m` in the method set of `t` with the signature fmt calls it by
    /// (`Error() string`, `String() string`)?
    pub fn implements_method(&self, t: TyId, m: &Arc<str>) -> bool {
        self.has_method(t, m, self.types.string_method)
    }

    /// A failed `x.(T)`'s panic (`runtime/error.go: TypeAssertionError.Error`): the
    /// static interface type is named for a concrete `T` ("interface" for an interface
    /// `T`), and an interface `T` names the first method (by name) the value lacks.
    pub fn assert_err(&self, v: &V, t: TyId, static_ty: TyId) -> String {
        let want = self.types.name(t);
        let to_iface = matches!(self.types.under(t), Ty::Iface(_));
        let inter = if to_iface || static_ty == 0 {
            "interface".to_string()
        } else {
            self.types.name(static_ty)
        };
        let V::Iface(b) = v else {
            return format!("interface conversion: {inter} is nil, not {want}");
        };
        let have = self.types.name(b.0);
        if let Ty::Iface(ms) = self.types.under(t) {
            // The first missing in name order, as Go names it.
            let missing = ms
                .iter()
                .filter(|(m, sig)| !self.has_method(b.0, m, *sig))
                .min_by(|x, y| x.0.cmp(&y.0));
            if let Some((m, _)) = missing {
                return format!("interface conversion: {have} is not {want}: missing method {m}");
            }
        }
        format!("interface conversion: {inter} is {have}, not {want}")
    }

    /// Does dynamic type `t` have every method of interface `iface`?
    pub fn implements(&self, t: TyId, iface: TyId) -> bool {
        if t == crate::types::RUNTIME_ERROR {
            // The VM's own errors have Error (and runtime.Error's RuntimeError).
            return match self.types.under(iface) {
                Ty::Iface(ms) => ms
                    .iter()
                    .all(|(m, _)| matches!(&**m, "Error" | "RuntimeError")),
                _ => false,
            };
        }
        match self.types.under(iface) {
            Ty::Iface(ms) => ms.iter().all(|(m, sig)| self.has_method(t, m, *sig)),
            _ => false,
        }
    }

    /// Does a struct type `t` (or `*t`) get method `m` from an embedded field?
    pub(super) fn promotes(&self, t: TyId, m: &Arc<str>, sig: TyId, depth: u32) -> bool {
        let addressable = matches!(self.types.get(t), Ty::Ptr(_));
        self.promotes_at(t, m, sig, depth, addressable)
    }

    /// [`Prog::promotes`]; `addressable`: the embedded fields are reached through a
    /// pointer, so their pointer-receiver methods are in the set (the spec's method
    /// sets: `S` with an embedded `T` has `*T`'s methods only through `*S`).
    fn promotes_at(&self, t: TyId, m: &Arc<str>, sig: TyId, depth: u32, addressable: bool) -> bool {
        if depth == 0 {
            return false;
        }
        let st = match self.types.under(t) {
            Ty::Ptr(e) => *e,
            _ => t,
        };
        let Ty::Struct(fields) = self.types.under(st) else {
            return false;
        };
        fields.iter().filter(|f| f.2).any(|(_, ft, _)| {
            let field_addr = addressable || matches!(self.types.get(*ft), Ty::Ptr(_));
            self.own_method(*ft, m, sig)
                .is_some_and(|ptr| !ptr || field_addr)
                || matches!(self.types.under(*ft), Ty::Iface(ms)
                    if ms.iter().any(|(n, s)| n == m && (sig == 0 || *s == sig)))
                || self.promotes_at(*ft, m, sig, depth - 1, field_addr)
        })
    }

    /// Method `m` of value `v` of dynamic type `t`: its own, or the shallowest one an
    /// embedded field (a struct, a pointer, an interface) promotes. Gives the function
    /// and the receiver to pass it.
    pub fn method(&self, t: TyId, v: &V, m: &Arc<str>) -> Option<(FuncId, V)> {
        (0..=PROMOTE_DEPTH).find_map(|d| self.method_at(t, v, None, m, d))
    }

    /// [`Prog::method`] at exactly `depth` embeddings; `addr` is where `v` lives, if
    /// known (a pointer-receiver method of an embedded value gets the field's address).
    pub(super) fn method_at(
        &self,
        t: TyId,
        v: &V,
        addr: Option<Ptr>,
        m: &Arc<str>,
        depth: u32,
    ) -> Option<(FuncId, V)> {
        let (t, v, addr) = match (self.types.get(t), v) {
            (Ty::Ptr(e), V::Ptr(p)) => {
                if depth == 0 {
                    if let Some(&(f, ptr)) = self.methods.get(&(t, m.clone())) {
                        return Some((f, if ptr { v.clone() } else { load(p) }));
                    }
                }
                (*e, load(p), Some(p.clone()))
            }
            (Ty::Ptr(_), _) => return None,
            _ => (t, v.clone(), addr),
        };
        if depth == 0 {
            let &(f, ptr) = self.methods.get(&(t, m.clone()))?;
            let recv = match (ptr, addr) {
                (true, Some(p)) => V::Ptr(p),
                (true, None) => V::Ptr(Ptr::Cell(Arc::new(Mutex::new(v)))),
                (false, _) => v,
            };
            return Some((f, recv));
        }
        let Ty::Struct(fields) = self.types.under(t) else {
            return None;
        };
        let V::Agg(xs) = &v else { return None };
        fields
            .iter()
            .enumerate()
            .filter(|(_, f)| f.2)
            .find_map(|(i, (_, ft, _))| {
                let fv = xs.get(i)?;
                match (self.types.under(*ft), fv) {
                    (Ty::Iface(_), V::Iface(b)) => self.method_at(b.0, &b.1, None, m, depth - 1),
                    (Ty::Iface(_), _) => None,
                    _ => {
                        let fa = addr.clone().map(|p| Ptr::Sub(Arc::new(p), i as u32));
                        self.method_at(*ft, fv, fa, m, depth - 1)
                    }
                }
            })
    }
}
