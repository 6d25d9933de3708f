//! The tool's manual, `docs/tool.md`, kept true: it lists every worst-case family as the code
//! names and describes it.

mod common;

use atcoder_games_tool::family::Family;
use std::fs;

#[test]
fn the_manual_lists_every_family_as_the_code_describes_it() {
    let manual = fs::read_to_string(common::root().join("docs/tool.md")).unwrap();
    for family in Family::SHIRITORI.iter().chain(&Family::LUCKY7) {
        let row = format!("| {} | {} |\n", family.name(), family.description());
        assert!(manual.contains(&row), "docs/tool.md lacks the row {row:?}");
    }
}
