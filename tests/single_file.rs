//! Each `src/bin/<name>.rs` is submitted to the judge as it is, so it must stand alone: only
//! `std` and `proconio`, no other source file. The input plumbing that every solution needs is
//! therefore copied into each; these tests keep the copies from drifting apart.

use std::fs;
use std::path::{Path, PathBuf};

/// Where the shared plumbing starts in every solution file; it runs to the end of the file.
const PLUMBING_MARKER: &str = "// Input and output plumbing, the same in every solution";

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

#[test]
fn solutions_use_only_std_and_proconio() {
    for (path, text) in solutions() {
        for line in text.lines().map(str::trim) {
            if let Some(path_used) = line.strip_prefix("use ") {
                let root = path_used.split("::").next().unwrap_or_default();
                assert!(
                    ["std", "proconio"].contains(&root),
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
        }
    }
}

#[test]
fn every_solution_carries_the_same_plumbing() {
    let plumbing: Vec<(PathBuf, String)> = solutions()
        .into_iter()
        .map(|(path, text)| {
            let start = text
                .find(PLUMBING_MARKER)
                .unwrap_or_else(|| panic!("{} lacks the plumbing marker", path.display()));
            (path, text[start..].to_string())
        })
        .collect();
    let (first_path, first) = &plumbing[0];
    for (path, copy) in &plumbing[1..] {
        assert!(
            copy == first,
            "the plumbing of {} differs from that of {}",
            path.display(),
            first_path.display()
        );
    }
}
