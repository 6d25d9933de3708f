//! The command lines of both binaries: `--help`, and mistakes, which are usage errors in the
//! short form of clap-built tools, wherever they stand. The study tools that were once flags of
//! the binaries are now the tool's subcommands, and the binaries say so.

mod common;

use common::binaries::{LUCKY7, SHIRITORI, assert_usage_error, run_binary, success};

/// The binaries and the first line of their help.
const BINARIES: [(&str, &str); 2] = [
    (SHIRITORI, "Usage: shiritori [--depth] < input"),
    (LUCKY7, "Usage: lucky7 < input"),
];

#[test]
fn help_is_printed_on_request() {
    for (binary, usage) in BINARIES {
        for arguments in [&["--help"][..], &["-h"], &["-h", "--help"]] {
            let help = success(&run_binary(binary, arguments, ""));
            assert!(help.starts_with(&format!("{usage}\n")), "{help}");
            assert!(help.contains("atcoder-games"), "names the tool: {help}");
        }
    }
    let help = success(&run_binary(SHIRITORI, &["--depth", "--help"], ""));
    assert!(help.contains("--depth"), "{help}");
}

#[test]
fn a_mistake_is_a_short_usage_error_wherever_it_stands() {
    for (binary, usage) in BINARIES {
        for arguments in [
            &["--bogus"][..],
            &["--bogus", "--help"],
            &["--help", "--bogus"],
            &["-h", "depth"],
            &["--depth=1"],
        ] {
            let output = run_binary(binary, arguments, "1\nabc\n");
            let message = assert_usage_error(&output);
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert!(message.starts_with("error: unknown argument"), "{message}");
            assert_eq!(
                stderr,
                format!("{message}\n\n{usage}\n\nFor more information, try '--help'.\n")
            );
        }
    }
    // Lucky 7 has no --depth: every game lasts N rounds.
    let message = assert_usage_error(&run_binary(LUCKY7, &["--depth"], ""));
    assert_eq!(message, "error: unknown argument \"--depth\"");
}

#[test]
fn the_tools_flags_are_unknown_and_the_help_points_to_the_tool() {
    for (binary, arguments, tool) in [
        (
            SHIRITORI,
            &["--explain", "1"][..],
            "atcoder-games explain shiritori I...",
        ),
        (SHIRITORI, &["--dot"], "atcoder-games dot shiritori"),
        (LUCKY7, &["--explain"], "atcoder-games explain lucky7"),
    ] {
        let message = assert_usage_error(&run_binary(binary, arguments, "1\nabc\n"));
        assert!(
            message.starts_with("error: unknown argument \"--"),
            "{message}"
        );
        let help = run_binary(binary, &["--help"], "");
        assert!(String::from_utf8_lossy(&help.stdout).contains(tool));
    }
}
