//! Trees and graphs made from a spec: in every shape, simple and connected where it says so,
//! with loops and repeated edges where it does not, and as many edges as a simple graph has pairs.

use super::{TREE, first_number, kept_input, line_values, spec};
use atcoder_games_tool::spec::Spec;

#[test]
fn the_worst_cases_have_every_size_at_its_largest_and_trees_of_every_shape() {
    let spec = spec(TREE);
    let mut shapes = (false, false);
    for seed in Spec::worst_seeds(3) {
        let input = kept_input(&spec, 1000, seed);
        assert_eq!(first_number(&input), 1000);
        let mut degrees = vec![0; 1001];
        for edge in input.lines().skip(1) {
            for end in edge.split(' ') {
                degrees[end.parse::<usize>().unwrap()] += 1;
            }
        }
        let most = *degrees.iter().max().unwrap();
        shapes.0 |= most == 2;
        shapes.1 |= most == 999;
    }
    assert_eq!(
        shapes,
        (true, true),
        "(a path, a star) among the worst cases"
    );
}

#[test]
fn a_graph_is_simple_and_connected_where_the_spec_says() {
    let spec = spec(
        "N M\nu_1 v_1\n\\vdots\nu_M v_M\n- 2 \\leq N \\leq 100\n- N - 1 \\leq M \\leq \\min(100, N(N-1)/2)\n- 1 \\leq u_i < v_i \\leq N\n- The given graph is simple and connected.",
    );
    for seed in 0..30 {
        kept_input(&spec, 100, seed);
    }
    // A complete graph at a small N: M = N(N-1)/2 for N of 3 or more.
    let complete = (0..60)
        .map(|seed| spec.generate(6, seed).unwrap())
        .any(|input| {
            let mut sizes = input
                .split_ascii_whitespace()
                .map(|token| token.parse::<usize>().unwrap());
            let (n, m) = (sizes.next().unwrap(), sizes.next().unwrap());
            n >= 3 && m == n * (n - 1) / 2
        });
    assert!(complete, "no complete graph in 60 seeds");
}

#[test]
fn a_worst_case_of_a_simple_graph_at_its_most_edges_is_the_complete_graph() {
    for shape in ["simple and connected", "simple"] {
        let spec = spec(&format!(
            "N M\nu_1 v_1\n\\vdots\nu_M v_M\n- 2 \\leq N \\leq 8\n- 1 \\leq M \\leq N(N-1)/2\n- 1 \\leq u_i, v_i \\leq N\n- The given graph is {shape}."
        ));
        for seed in Spec::worst_seeds(8) {
            let input = kept_input(&spec, 100, seed);
            assert!(input.starts_with("8 28\n"), "{shape}: {input}");
        }
    }
}

/// The leaves and the diameter (in edges) of the tree on vertices 1 to `n` whose edges are the
/// lines of `input` after the first.
fn leaves_and_diameter(input: &str, n: usize) -> (usize, usize) {
    let mut next = vec![Vec::new(); n + 1];
    for line in input.lines().skip(1) {
        let ends = line_values(line, 0);
        let (u, v) = (ends[0] as usize, ends[1] as usize);
        next[u].push(v);
        next[v].push(u);
    }
    let farthest = |from: usize| {
        let mut depth = vec![usize::MAX; n + 1];
        depth[from] = 0;
        let mut queue = std::collections::VecDeque::from([from]);
        let mut last = from;
        while let Some(vertex) = queue.pop_front() {
            last = vertex;
            for &other in &next[vertex] {
                if depth[other] == usize::MAX {
                    depth[other] = depth[vertex] + 1;
                    queue.push_back(other);
                }
            }
        }
        (last, depth[last])
    };
    let leaves = next.iter().filter(|ends| ends.len() == 1).count();
    (leaves, farthest(farthest(1).0).1)
}

#[test]
fn a_caterpillar_is_among_the_worst_trees() {
    // A spine of half the vertices, the other half hung on it: a path would have two leaves, a
    // star a diameter of two, a random tree of 1,000 vertices a diameter far below 500.
    let spec = spec(TREE);
    let caterpillar = Spec::worst_seeds(10).into_iter().any(|seed| {
        let (leaves, diameter) = leaves_and_diameter(&spec.generate(1000, seed).unwrap(), 1000);
        leaves >= 450 && diameter >= 499
    });
    assert!(caterpillar, "no caterpillar among the worst trees");
}

#[test]
fn a_graph_the_spec_does_not_call_simple_has_loops_and_repeated_edges() {
    // Six edges on four vertices: as many as there are pairs, which a simple graph would take
    // from a list of them.
    let spec = spec(
        "N M\nu_1 v_1\n\\vdots\nu_M v_M\n- 4 \\leq N \\leq 4\n- 6 \\leq M \\leq 6\n- 1 \\leq u_i, v_i \\leq N\n- The given graph is connected.",
    );
    let (mut looped, mut repeated) = (false, false);
    for seed in 0..30 {
        let input = kept_input(&spec, 6, seed);
        let mut pairs: Vec<(i64, i64)> = (1..=6)
            .map(|line| {
                let ends = line_values(&input, line);
                (ends[0].min(ends[1]), ends[0].max(ends[1]))
            })
            .collect();
        looped |= pairs.iter().any(|(u, v)| u == v);
        pairs.sort_unstable();
        repeated |= pairs
            .windows(2)
            .any(|pair| pair[0] == pair[1] && pair[0].0 != pair[0].1);
    }
    assert!(
        looped && repeated,
        "(a loop, a repeated edge): {:?}",
        (looped, repeated)
    );
}

#[test]
fn a_simple_graph_gets_every_edge_it_can_and_no_more_is_tried_for_ever() {
    // A quarter of the pairs, just short of what is drawn from a list of them: drawn pair by
    // pair, about one draw in four is taken already.
    let quarter = spec(
        "N M\nu_1 v_1\n\\vdots\nu_M v_M\n- 2 \\leq N \\leq 200\n- N - 1 \\leq M \\leq 4975\n- 1 \\leq u_i < v_i \\leq N\n- The given graph is simple and connected.",
    );
    for seed in Spec::worst_seeds(11) {
        let input = kept_input(&quarter, 5000, seed);
        assert!(input.starts_with("200 4975\n"), "{}", first_number(&input));
    }
    // More edges than pairs where N is 2: those inputs are drawn again, not waited on.
    let crowded = spec(
        "N M\nu_1 v_1\n\\vdots\nu_M v_M\n- 2 \\leq N \\leq 3\n- 1 \\leq M \\leq 3\n- 1 \\leq u_i, v_i \\leq N\n- The given graph is simple.",
    );
    for seed in 0..20 {
        kept_input(&crowded, 3, seed);
    }
}
