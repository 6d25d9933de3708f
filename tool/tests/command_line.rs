//! The tool's command line, built with clap: help and version, and one rule for mistakes, which
//! are short usage errors wherever they stand, `--help` beside them or not.

use crate::common;

use common::tool;
use test_support::contract::{assert_usage_error, success};

#[test]
fn help_and_version_are_printed_on_request() {
    let help = success(&tool(&["--help"], ""));
    assert!(help.contains("Usage: atcoder-games <COMMAND>"), "{help}");
    for subcommand in ["check", "explain", "dot", "solve"] {
        assert!(help.contains(&format!("\n  {subcommand} ")), "{help}");
    }
    let version = success(&tool(&["--version"], ""));
    assert_eq!(
        version,
        format!("atcoder-games {}\n", env!("CARGO_PKG_VERSION"))
    );
    for arguments in [
        &["explain", "shiritori", "-h"][..],
        &["check", "--help", "shiritori"],
    ] {
        let help = success(&tool(arguments, ""));
        assert!(
            help.contains("Usage: atcoder-games "),
            "{arguments:?}: {help}"
        );
    }
}

#[test]
fn a_mistake_is_an_error_before_or_after_help() {
    for arguments in [
        &["explain", "shiritori", "--bogus", "--help"][..],
        &["explain", "shiritori", "--help", "--bogus"],
        &["explain", "shiritori", "-h", "--bogus"],
        &["solve", "chess", "--help"],
        &["--help", "solve", "chess"],
    ] {
        let message = assert_usage_error(&tool(arguments, ""));
        let mistake = ["'--bogus'", "'chess'"].iter().any(|m| message.contains(m));
        assert!(mistake, "{arguments:?}: {message}");
    }
    // The usage of a mistake found beside --help is the subcommand's.
    let run = tool(&["explain", "shiritori", "--help", "x"], "");
    assert_usage_error(&run);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(
        stderr.contains("\nUsage: atcoder-games explain shiritori <I>...\n"),
        "{stderr}"
    );
}

#[test]
fn what_is_missing_beside_help_is_no_mistake() {
    // Help for a subcommand whose arguments are not given yet.
    for arguments in [
        &["check", "--help"][..],
        &["explain", "--help"],
        &["dot", "-h"],
    ] {
        let help = success(&tool(arguments, ""));
        assert!(
            help.contains("Usage: atcoder-games "),
            "{arguments:?}: {help}"
        );
    }
}

#[test]
fn without_a_subcommand_it_is_a_short_usage_error() {
    for arguments in [&[][..], &["explain"]] {
        let message = assert_usage_error(&tool(arguments, ""));
        assert!(message.contains("requires a subcommand"), "{message}");
    }
}
