// Copyright 2022 The Goscript Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.
//
//
// This code is adapted from the offical Go code written in Go
// with license as follows:
// Copyright 2013 The Go Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

#![allow(dead_code)]
use crate::SourceRead;

use super::super::obj::EntityType;
use super::super::objects::{DeclInfoKey, ObjKey, TCObjects};
use super::check::{Checker, Initializer};
use super::resolver::DeclInfo;
use go_parser::Map;
use std::cell::RefCell;
use std::collections::HashSet;
use std::rc::Rc;

#[derive(Debug)]
struct GraphEdges {
    pred: Rc<RefCell<HashSet<ObjKey>>>,
    succ: Rc<RefCell<HashSet<ObjKey>>>,
}

struct GraphNode {
    obj: ObjKey,
    ndeps: usize,
    pos: usize,
}

impl GraphEdges {
    fn new(succ: Rc<RefCell<HashSet<ObjKey>>>) -> GraphEdges {
        GraphEdges {
            pred: Rc::new(RefCell::new(HashSet::new())),
            succ: succ,
        }
    }
}

impl<'a, S: SourceRead> Checker<'a, S> {
    pub fn init_order(&mut self) {
        // gmp: types2's order (and the spec's since Go 1.21): repeatedly take the node
        // with the fewest dependencies left, the earliest declared among equals (a
        // ready variable, earliest in declaration order), one at a time. Go 1.12's
        // batches, with ties left to hash order, initialised variables in a different
        // order from run to run.
        let (mut nodes, edges) = self.dependency_graph();
        let mut order: Vec<ObjKey> = vec![];
        let mut emitted: HashSet<DeclInfoKey> = HashSet::new();
        while !nodes.is_empty() {
            // (types2's nodeQueue.Less: constants before variables, go.dev/issue/66575)
            let i = (0..nodes.len())
                .min_by_key(|&i| {
                    let o = self.lobj(nodes[i].obj);
                    let var = !matches!(o.entity_type(), EntityType::Const(_));
                    (var, nodes[i].ndeps, o.order())
                })
                .unwrap();
            let n = nodes.remove(i);
            if n.ndeps > 0 {
                // a cycle (see findPath in go/types)
                let visited = &mut HashSet::new();
                if let Some(cycle) = find_path(&self.obj_map, n.obj, n.obj, visited, self.tc_objs) {
                    self.report_cycle(&cycle);
                }
            }
            let preds = edges[&n.obj].pred.borrow();
            for m in nodes.iter_mut() {
                if preds.contains(&m.obj) {
                    m.ndeps = m.ndeps.saturating_sub(1);
                }
            }
            order.push(n.obj);
        }

        // record the init order for variables with initializers only
        let init_order = order
            .into_iter()
            .filter_map(|x| {
                let decl_key = self.obj_map[&x];
                match &self.tc_objs.decls[decl_key] {
                    DeclInfo::Var(var) => {
                        if var.init.is_none() {
                            return None;
                        }
                        // n:1 variable declarations such as: a, b = f()
                        // introduce a node for each lhs variable (here: a, b);
                        // but they all have the same initializer - emit only
                        // one, for the first variable seen
                        if emitted.contains(&decl_key) {
                            return None;
                        }
                        emitted.insert(decl_key);
                        let lhs = var.lhs.clone().unwrap_or(vec![x]);
                        Some(Initializer {
                            lhs: lhs,
                            rhs: var.init.clone().unwrap(),
                        })
                    }
                    _ => None,
                }
            })
            .collect();
        self.result.record_init_order(init_order);
    }

    /// dependency_graph returns the object dependency graph from the given obj_map,
    /// with any function nodes removed. The resulting graph contains only constants
    /// and variables.
    fn dependency_graph(&self) -> (Vec<GraphNode>, Map<ObjKey, GraphEdges>) {
        // map is the dependency (Object) -> graphNode mapping
        let map: Map<ObjKey, GraphEdges> = self.obj_map.iter().fold(
            Map::new(),
            |mut init: Map<ObjKey, GraphEdges>, (&x, &decl_key)| {
                if self.lobj(x).entity_type().is_dependency() {
                    let decl = &self.tc_objs.decls[decl_key];
                    let deps: HashSet<ObjKey> = decl.deps().iter().map(|z| *z).collect();
                    init.insert(x, GraphEdges::new(Rc::new(RefCell::new(deps))));
                }
                init
            },
        );

        // add the edges for the other direction
        for (o, node) in map.iter() {
            for s in node.succ.borrow().iter() {
                map[s].pred.borrow_mut().insert(*o);
            }
        }

        // remove function nodes and collect remaining graph nodes in graph
        // (Mutually recursive functions may introduce cycles among themselves
        // which are permitted. Yet such cycles may incorrectly inflate the dependency
        // count for variables which in turn may not get scheduled for initialization
        // in correct order.)
        // gmp: as go/types does, every function node is removed first and only then
        // the remaining nodes' dependencies counted; counting while removing (in the
        // map's hash order) counted a function a variable was still linked to, so the
        // order changed from run to run.
        let funcs: Vec<ObjKey> = map
            .keys()
            .filter(|o| self.lobj(**o).entity_type().is_func())
            .copied()
            .collect();
        for o in &funcs {
            let node = &map[o];
            let preds: Vec<ObjKey> = node.pred.borrow().iter().copied().collect();
            let succs: Vec<ObjKey> = node.succ.borrow().iter().copied().collect();
            for p in &preds {
                if p != o {
                    for s in &succs {
                        if s != o {
                            map[p].succ.borrow_mut().insert(*s);
                            map[s].pred.borrow_mut().insert(*p);
                        }
                    }
                    map[p].succ.borrow_mut().remove(o);
                }
            }
            for s in &succs {
                map[s].pred.borrow_mut().remove(o);
            }
        }
        let mut nodes: Vec<GraphNode> = map
            .iter()
            .filter(|(o, _)| !self.lobj(**o).entity_type().is_func())
            .map(|(o, node)| GraphNode {
                obj: *o,
                ndeps: node.succ.borrow().len(),
                pos: self.lobj(*o).pos(),
            })
            .collect();

        nodes.sort_by(|a, b| a.pos.cmp(&b.pos)); // sort by pos
        (nodes, map)
    }

    fn report_cycle(&self, cycle: &Vec<ObjKey>) {
        let o = self.lobj(cycle[0]);
        self.error(o.pos(), format!("initialization cycle for {}", o.name()));
        self.error(o.pos(), format!("\t{} refers to", o.name()));
        for okey in cycle[1..].iter().rev() {
            let o = self.lobj(*okey);
            self.error(o.pos(), format!("\t{} refers to", o.name()));
        }
        let o = self.lobj(cycle[0]);
        self.error(o.pos(), format!("\t{}", o.name()));
    }
}

/// find_path returns the (reversed) list of objects Vec<ObjKey>{to, ... from}
/// such that there is a path of object dependencies from 'from' to 'to'.
/// If there is no such path, the result is None.
fn find_path(
    map: &Map<ObjKey, DeclInfoKey>,
    from: ObjKey,
    to: ObjKey,
    visited: &mut HashSet<ObjKey>,
    tc_objs: &TCObjects,
) -> Option<Vec<ObjKey>> {
    if visited.contains(&from) {
        return None;
    }
    visited.insert(from);

    let decl = &tc_objs.decls[map[&from]];
    for &d in decl.deps().iter() {
        if d == to {
            return Some(vec![d]);
        }
        if let Some(mut p) = find_path(map, d, to, visited, tc_objs) {
            p.push(d);
            return Some(p);
        }
    }
    None
}
