//! Every `tests/samples/<binary>/<name>.in` run through `<binary>` must print `<name>.out`: the
//! layout of online-judge-tools, so `oj t -c target/release/<binary> -d tests/samples/<binary>`
//! checks the same pairs. A new file pair is a new case.

mod common;

use common::binaries::{binary, run_binary, success};
use std::fs;
use std::path::Path;

#[test]
fn every_sample_pair_matches_its_binary() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/samples");
    let mut checked = Vec::new();
    for directory in fs::read_dir(&root).expect("tests/samples exists") {
        let directory = directory.expect("readable directory entry").path();
        let name = directory
            .file_name()
            .unwrap()
            .to_string_lossy()
            .into_owned();
        let binary = binary(&name).unwrap_or_else(|| panic!("no binary named {name}"));
        for file in fs::read_dir(&directory).expect("readable sample directory") {
            let input_path = file.expect("readable sample entry").path();
            if input_path
                .extension()
                .is_none_or(|extension| extension != "in")
            {
                continue;
            }
            let expected_path = input_path.with_extension("out");
            let expected = fs::read_to_string(&expected_path)
                .unwrap_or_else(|_| panic!("{} has no .out beside it", input_path.display()));
            let input = fs::read(&input_path).expect("readable .in file");
            let actual = success(&run_binary(binary, &[], input));
            assert_eq!(actual, expected, "{}", input_path.display());
            checked.push(input_path);
        }
    }
    // The official samples: three for Shiritori, four for Lucky 7 Battle.
    assert!(checked.len() >= 7, "only found {checked:?}");
}
