//! The tool's manual, `docs/tool.md`, kept true: its examples are what the tool prints; so are the
//! pages of a problem of one's own and of sources; and how `check` judges lists every worst-case
//! family as the code names and describes it.

use crate::common;
use common::untimed;

use atcoder_games_tool::build::{CPP_FLAGS, RUST_CRATES};
use atcoder_games_tool::family::Family;
use atcoder_games_tool::process::LEFT_OUT_BY_THE_JUDGE;
use std::fs;
use std::path::Path;
use std::process::Command;

fn manual() -> String {
    fs::read_to_string(common::root().join("docs/tool.md")).unwrap()
}

#[test]
fn the_judging_page_lists_every_family_and_variable_left_out_as_the_code_has_them() {
    let page = fs::read_to_string(common::root().join("docs/judging.md")).unwrap();
    for family in Family::SHIRITORI.iter().chain(&Family::LUCKY7) {
        let row = format!("| {} | {} |\n", family.name(), family.description());
        assert!(page.contains(&row), "docs/judging.md lacks the row {row:?}");
    }
    for variable in LEFT_OUT_BY_THE_JUDGE {
        let named = format!("`{variable}`");
        assert!(page.contains(&named), "docs/judging.md lacks {named}");
    }
}

#[test]
fn the_sources_page_lists_the_flags_and_crates_as_the_code_has_them() {
    let page = fs::read_to_string(common::root().join("docs/sources.md")).unwrap();
    let line = format!("`g++ FILE -o a.out {}`", CPP_FLAGS.join(" "));
    assert!(page.contains(&line), "docs/sources.md lacks {line}");
    let count = format!("has {} of the judge's 67 crates", RUST_CRATES.len());
    assert!(page.contains(&count), "docs/sources.md lacks {count:?}");
    for (name, _) in RUST_CRATES {
        assert!(
            page.contains(name),
            "docs/sources.md lacks the crate {name}"
        );
    }
}

/// The examples of `text` (markdown): each `text` block that starts with `$ atcoder-games`, as the
/// command's arguments and what it printed.
fn examples(text: &str) -> Vec<(Vec<String>, String)> {
    examples_in(text)
        .into_iter()
        .filter(|(folder, _, _)| folder.is_empty())
        .map(|(_, arguments, printed)| (arguments, printed))
        .collect()
}

/// The examples of `text` (markdown): each `text` block that starts with `$ atcoder-games`, or
/// `$ cd FOLDER && atcoder-games`, as the folder it runs in (empty: the repository's root), the
/// command's arguments and what it printed.
fn examples_in(text: &str) -> Vec<(String, Vec<String>, String)> {
    let blocks = text.split("```text\n").skip(1);
    let blocks = blocks.filter_map(|block| block.split("```").next());
    blocks
        .filter_map(|block| {
            let (command, output) = block.split_once('\n')?;
            let command = command.strip_prefix("$ ")?;
            let (folder, command) = match command.strip_prefix("cd ") {
                Some(rest) => rest.split_once(" && ")?,
                None => ("", command),
            };
            let arguments = command.strip_prefix("atcoder-games ")?;
            let arguments = shell_words::split(arguments).ok()?;
            Some((folder.to_string(), arguments, output.to_string()))
        })
        .collect()
}

/// What the tool prints when run with `arguments` in `folder`, with a temporary folder of its
/// own (`tag` tells it from another test's), shown as `/tmp` (where the examples' checks save
/// their cases) and removed after, so that no earlier check's folder is there; and paths under
/// the repository's root as from there. Its lines are wrapped for the folder's longer name:
/// compare its [`flowing`] text. The name is kept short, as a line of the report longer than
/// its width shortens its longest words.
fn printed_as_shown(tag: char, arguments: &[String], folder: &Path) -> String {
    let temporary = std::env::temp_dir().join(format!("ag{}{tag}", std::process::id()));
    let _ = fs::remove_dir_all(&temporary);
    fs::create_dir_all(&temporary).unwrap();
    let run = Command::new(common::TOOL)
        .args(arguments)
        .current_dir(folder)
        .env("TMPDIR", &temporary)
        .output()
        .unwrap();
    let output = String::from_utf8(run.stdout).unwrap();
    let output = output.replace(&format!("{}/", common::root().display()), "");
    let output = output.replace(temporary.to_str().unwrap(), "/tmp");
    fs::remove_dir_all(&temporary).unwrap();
    output
}

/// A report without its timed lines ([`untimed`]), each paragraph on one line: what it says, however
/// its lines are wrapped.
fn flowing(report: &str) -> Vec<String> {
    common::paragraphs(&untimed(report).replace(" \\\n    ", " "))
}

#[test]
fn the_own_problem_pages_example_is_what_the_tool_prints() {
    let root = common::root();
    let page = fs::read_to_string(root.join("docs/own-problem.md")).unwrap();
    let examples = examples_in(&page);
    assert_eq!(examples.len(), 1, "the page's example");
    for (folder, arguments, printed) in examples {
        let output = printed_as_shown('p', &arguments, &root.join(&folder));
        assert_eq!(flowing(&output), flowing(&printed), "{arguments:?}");
        // The example is complete: its helpers, a wrong and a right solution, and its samples.
        for file in [
            "gen.py", "ref.py", "chk.py", "val.py", "wrong.py", "right.py", "test",
        ] {
            assert!(root.join(&folder).join(file).exists(), "{folder}/{file}");
        }
    }
}

#[test]
fn the_interactive_pages_example_is_what_the_tool_prints() {
    let root = common::root();
    let page = fs::read_to_string(root.join("docs/interactive.md")).unwrap();
    let examples = examples_in(&page);
    assert_eq!(examples.len(), 1, "the page's example");
    for (folder, arguments, printed) in examples {
        // The command that runs the dialogue again starts as the tool was started: here by its
        // path in the target folder, there as installed.
        let started_as = common::TOOL.replace(&format!("{}/", root.display()), "");
        let output = printed_as_shown('i', &arguments, &root.join(&folder))
            .replace(&started_as, "atcoder-games");
        assert_eq!(flowing(&output), flowing(&printed), "{arguments:?}");
        // The example is complete: its interactor and generator, a right program and the
        // three wrong ones the page names.
        for file in [
            "judge.py",
            "gen.py",
            "right.py",
            "never_last.py",
            "binary_insertion.py",
            "unflushed.py",
        ] {
            assert!(root.join(&folder).join(file).exists(), "{folder}/{file}");
        }
    }
}

/// The paragraphs of a report, each by its first three words: what a report whose figures vary
/// from run to run keeps.
fn skeleton(report: &str) -> Vec<String> {
    let words = |paragraph: &str| {
        let words: Vec<&str> = paragraph.split_whitespace().take(3).collect();
        words.join(" ")
    };
    report.split("\n\n").map(words).collect()
}

#[test]
#[ignore = "second tier: times real programs (cargo test -- --ignored)"]
fn the_manuals_examples_are_what_the_tool_prints() {
    let root = common::root();
    let examples = examples(&manual());
    assert_eq!(examples.len(), 2, "the manual's WA and TLE");
    for ((arguments, printed), tag) in examples.into_iter().zip('a'..) {
        let output = printed_as_shown(tag, &arguments, &root);
        match printed.contains("(TLE)") {
            true => assert_eq!(
                skeleton(&untimed(&output)),
                skeleton(&untimed(&printed)),
                "{output}"
            ),
            false => assert_eq!(flowing(&output), flowing(&printed), "{arguments:?}"),
        }
    }
}

#[test]
fn the_readmes_example_is_the_manuals_first() {
    let readme = fs::read_to_string(common::root().join("README.md")).unwrap();
    let (arguments, printed) = examples(&manual()).remove(0);
    assert!(
        printed.contains("Smallest failing input (4 words)"),
        "{printed}"
    );
    let command = format!("atcoder-games {}", arguments.join(" "));
    assert!(readme.contains(&command), "the README shows {command}");
    assert!(readme.contains("shrinks its failure to four words"));
}
