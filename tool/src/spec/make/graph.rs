//! Graphs drawn for a spec: a tree of one of four shapes under every connected graph, then
//! more edges drawn at random, or the pairs left shuffled where the graph is dense.

use super::{MOST_LISTED, Maker, shuffle};
use crate::spec::constraint::Shape;
use rustc_hash::FxHashSet;

/// The shapes of a tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum TreeShape {
    Random,
    Path,
    Star,
    Caterpillar,
}

pub(super) const TREE_SHAPES: [TreeShape; 4] = [
    TreeShape::Random,
    TreeShape::Path,
    TreeShape::Star,
    TreeShape::Caterpillar,
];

impl Maker<'_> {
    /// `count` edges on `vertices` vertices, of `shape`, each `(u, v)` with `u < v` if
    /// `ordered`.
    pub(super) fn edges(
        &mut self,
        vertices: i128,
        count: i128,
        shape: Shape,
        ordered: bool,
    ) -> Vec<(i128, i128)> {
        let n = vertices.max(1) as usize;
        let count = count.max(0) as usize;
        let mut edges: Vec<(usize, usize)> = Vec::with_capacity(count);
        if shape.tree || shape.connected {
            edges.extend(self.tree(n));
        }
        // The pairs taken, once more edges are to be drawn than the tree's.
        let mut seen: FxHashSet<(usize, usize)> = FxHashSet::default();
        if edges.len() < count {
            seen.extend(edges.iter().map(|&(u, v)| (u.min(v), u.max(v))));
        }
        if shape.simple && n <= MOST_LISTED && count > n.pow(2) / 8 {
            // A dense graph: the pairs left, shuffled, rather than drawn until enough are new.
            let mut left: Vec<(usize, usize)> = (1..=n)
                .flat_map(|u| (u + 1..=n).map(move |v| (u, v)))
                .filter(|pair| !seen.contains(pair))
                .collect();
            shuffle(&mut self.rng, &mut left);
            edges.extend(left.into_iter().take(count.saturating_sub(edges.len())));
        }
        let (mut tries, most_tries) = (0, count.saturating_mul(20).max(100));
        while edges.len() < count && tries < most_tries {
            tries += 1;
            let (u, v) = (1 + self.rng.below(n), 1 + self.rng.below(n));
            if shape.simple && (u == v || !seen.insert((u.min(v), u.max(v)))) {
                continue;
            }
            edges.push((u, v));
        }
        edges.truncate(count);
        shuffle(&mut self.rng, &mut edges);
        let mut label: Vec<usize> = (0..=n).collect();
        shuffle(&mut self.rng, &mut label[1..]);
        edges
            .into_iter()
            .map(|(u, v)| {
                let (u, v) = (label[u] as i128, label[v] as i128);
                match ordered || self.rng.pick(&[true, false]) {
                    true => (u.min(v), u.max(v)),
                    false => (u.max(v), u.min(v)),
                }
            })
            .collect()
    }

    /// The `n - 1` edges of a tree of the maker's shape, on vertices 1 to `n`.
    fn tree(&mut self, n: usize) -> Vec<(usize, usize)> {
        let spine = (n / 2).max(1);
        (2..=n)
            .map(|vertex| {
                let parent = match self.tree_shape {
                    TreeShape::Random => 1 + self.rng.below(vertex - 1),
                    TreeShape::Path => vertex - 1,
                    TreeShape::Star => 1,
                    TreeShape::Caterpillar if vertex <= spine => vertex - 1,
                    TreeShape::Caterpillar => 1 + self.rng.below(spine),
                };
                (parent, vertex)
            })
            .collect()
    }
}
