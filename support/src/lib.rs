//! What the tests and benchmarks of this workspace share and the installed tool does not ship:
//! brute-force oracles written independently of the solutions, the programs' contract as
//! assertions, small proptest strategies for the oracles' patience, and how far apart colours
//! look for every kind of sight.

pub mod colour;
pub mod contract;
pub mod oracle;
pub mod strategy;
