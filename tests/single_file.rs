//! Each `src/bin/<name>.rs` is submitted to the judge as it is, so it must stand alone: only
//! `std` and `proconio`, no other source file. The input and output plumbing that every solution
//! needs is therefore one `mod plumbing` at the end of each file, and these tests keep the copies
//! from drifting apart.
//!
//! The copy in [`CANONICAL`] is the one to edit; then `BLESS=1 cargo test --test single_file`
//! copies it into the other solutions.

use std::fs;
use std::path::{Path, PathBuf};

/// The solution whose plumbing the others copy.
const CANONICAL: &str = "shiritori.rs";

/// Where the plumbing starts in every solution file; it runs to the end of the file.
const PLUMBING_MARKER: &str = "// The input and output plumbing, the same in every solution";

fn solutions() -> Vec<(PathBuf, String)> {
    let directory = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/bin");
    let mut files: Vec<(PathBuf, String)> = fs::read_dir(directory)
        .expect("src/bin exists")
        .map(|entry| entry.expect("readable entry").path())
        .filter(|path| path.extension().is_some_and(|extension| extension == "rs"))
        .map(|path| {
            let text = fs::read_to_string(&path).expect("readable solution");
            (path, text)
        })
        .collect();
    files.sort();
    assert_eq!(
        files.len(),
        2,
        "expected shiritori.rs and lucky7.rs: {files:?}"
    );
    files
}

/// The names a solution declares as inline modules (`mod name {` or `pub mod name {`), which its
/// `use` lines may start from.
fn inline_modules(text: &str) -> Vec<&str> {
    text.lines()
        .filter_map(|line| {
            let line = line.trim();
            let declaration = line.strip_prefix("pub ").unwrap_or(line);
            declaration.strip_prefix("mod ")?.strip_suffix(" {")
        })
        .collect()
}

#[test]
fn solutions_use_only_std_and_proconio() {
    for (path, text) in solutions() {
        let modules = inline_modules(&text);
        for line in text.lines().map(str::trim) {
            if let Some(path_used) = line.strip_prefix("use ") {
                let root = path_used.split("::").next().unwrap_or_default();
                assert!(
                    ["std", "proconio", "self", "super", "crate"].contains(&root)
                        || modules.contains(&root),
                    "{}: `{line}` uses a crate the judge may not have",
                    path.display()
                );
            }
            assert!(
                !line.starts_with("extern crate"),
                "{}: `{line}`",
                path.display()
            );
            let declares_file_module =
                (line.starts_with("mod ") || line.starts_with("pub mod ")) && line.ends_with(';');
            assert!(
                !declares_file_module,
                "{}: `{line}` needs another file",
                path.display()
            );
            assert!(
                !line.contains("include!") && !line.contains("#[path"),
                "{}: `{line}` needs another file",
                path.display()
            );
        }
    }
}

/// Where the plumbing starts in `text`.
fn plumbing_start(path: &Path, text: &str) -> usize {
    text.find(PLUMBING_MARKER)
        .unwrap_or_else(|| panic!("{} lacks the line {PLUMBING_MARKER:?}", path.display()))
}

/// The first line at which two copies of the plumbing differ: its number in each file, and the
/// two lines (`None` past the end of a copy).
fn first_difference<'a>(
    canonical: (&'a str, usize),
    copy: (&'a str, usize),
) -> Option<(usize, usize, Option<&'a str>, Option<&'a str>)> {
    let (mut canonical_lines, mut copy_lines) = (canonical.0.lines(), copy.0.lines());
    for offset in 0.. {
        let (expected, found) = (canonical_lines.next(), copy_lines.next());
        if expected.is_none() && found.is_none() {
            return None;
        }
        if expected != found {
            return Some((canonical.1 + offset, copy.1 + offset, expected, found));
        }
    }
    unreachable!("the loop returns at the end of both copies")
}

#[test]
fn every_solution_carries_the_canonical_plumbing() {
    let files = solutions();
    let (canonical_path, canonical_text) = files
        .iter()
        .find(|(path, _)| path.ends_with(CANONICAL))
        .expect("the canonical solution exists");
    let canonical_start = plumbing_start(canonical_path, canonical_text);
    let canonical = &canonical_text[canonical_start..];
    let first_line = |text: &str, start: usize| text[..start].lines().count() + 1;
    let bless = std::env::var_os("BLESS").is_some_and(|value| value == "1");
    let mut drifted = Vec::new();
    for (path, text) in files.iter().filter(|(path, _)| path != canonical_path) {
        let start = plumbing_start(path, text);
        let difference = first_difference(
            (canonical, first_line(canonical_text, canonical_start)),
            (&text[start..], first_line(text, start)),
        );
        let Some((canonical_line, copy_line, expected, found)) = difference else {
            continue;
        };
        if bless {
            fs::write(path, format!("{}{canonical}", &text[..start])).expect("writable solution");
            continue;
        }
        drifted.push(format!(
            "{} line {copy_line} differs from {} line {canonical_line}:\n  canonical: {}\n  copy:      {}",
            path.display(),
            canonical_path.display(),
            expected.map_or("(end of file)".to_string(), |line| format!("{line:?}")),
            found.map_or("(end of file)".to_string(), |line| format!("{line:?}")),
        ));
    }
    assert!(
        drifted.is_empty(),
        "{}\n\nEdit the plumbing in {} and copy it with `BLESS=1 cargo test --test single_file`.",
        drifted.join("\n"),
        canonical_path.display()
    );
}
