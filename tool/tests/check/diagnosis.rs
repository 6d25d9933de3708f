//! The diagnosis of a wrong answer: each catalogued mistake named, and no other.

use super::*;

#[test]
fn a_mistakes_other_ways_are_named_as_it() {
    for (problem, bug, id) in OTHER_WAYS {
        let output = check_wrong(&["--seed", "1", problem], &format!("{problem}-{bug}"));
        let report = stdout(&output);
        assert_eq!(
            diagnosis(&report),
            (vec![id.to_string()], false),
            "{report}"
        );
    }
}

#[test]
fn every_catalogued_mistake_is_named_and_no_other() {
    assert_eq!(
        MISTAKES.len(),
        atcoder_games_tool::mistake::of(atcoder_games_tool::input::Builtin::Shiritori).len()
            + atcoder_games_tool::mistake::of(atcoder_games_tool::input::Builtin::Lucky7).len()
    );
    for (problem, id) in MISTAKES {
        let output = check_wrong(&["--seed", "1", problem], &format!("{problem}-{id}"));
        let report = stdout(&output);
        assert_eq!(output.status.code(), Some(1), "{report}");
        assert_eq!(
            diagnosis(&report),
            (vec![id.to_string()], false),
            "{report}"
        );
        // With the input where it shows most plainly, and the editorial's section.
        let prose = paragraphs(&report).join("\n");
        assert!(prose.contains("; it shows most plainly on "), "{report}");
        assert!(
            prose.contains(&format!("(atcoder-games editorial {problem} ")),
            "{report}"
        );
    }
}

#[test]
fn a_crash_or_an_arbitrary_bug_gets_no_mistake_named() {
    // A crash is no mistake of the catalogue; nor is a right solution's pass.
    let report = stdout(&check_wrong(
        &["--seed", "1", "lucky7"],
        "lucky7-crashes-on-8",
    ));
    assert_eq!(diagnosis(&report), (Vec::new(), false), "{report}");
    let right = stdout(&check(&[
        "--cases", "20", "--seed", "1", "lucky7", TOOL, "solve", "lucky7",
    ]));
    assert!(!right.contains("mistake"), "{right}");
    // An arbitrary bug is wrong as none of them is.
    for seed in ["1", "2"] {
        let report = stdout(&check_wrong(
            &["--seed", seed, "shiritori"],
            "shiritori-off-by-one",
        ));
        assert_eq!(diagnosis(&report), (Vec::new(), true), "{report}");
    }
}
