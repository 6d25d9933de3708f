//! A problem of one's own's samples, from where contestants keep them, and its usage errors.

use super::*;

#[test]
fn a_sample_of_each_kind_is_read_with_its_answer() {
    let folder = scratch("own-samples");
    let _ = fs::remove_dir_all(&folder);
    let read = |path: &Path| samples::read(path).unwrap();
    let text = |input: &Input| match input {
        Input::Text(Text { text, .. }) => text.clone(),
        _ => unreachable!("a user's input"),
    };
    // oj's folder: NAME.in, NAME.out, by name.
    let oj = folder.join("test");
    fs::create_dir_all(&oj).unwrap();
    fs::write(oj.join("sample-2.in"), "2\n").unwrap();
    fs::write(oj.join("sample-1.in"), "1\n").unwrap();
    fs::write(oj.join("sample-1.out"), "one\n").unwrap();
    let found = read(&oj);
    let names: Vec<&str> = found
        .samples
        .iter()
        .map(|sample| sample.name.as_str())
        .collect();
    assert_eq!(names, ["sample \"sample-1\"", "sample \"sample-2\""]);
    assert_eq!(found.samples[0].answer.as_deref(), Some("one\n"));
    assert_eq!(found.samples[1].answer, None);
    // Saved as sample-1, not sample-sample-1.
    assert_eq!(found.samples[0].file, "sample-1");
    // cargo-compete: its cases, the files its `extend` names, and its match.
    let suite = folder.join("testcases");
    fs::create_dir_all(suite.join("a/in")).unwrap();
    fs::create_dir_all(suite.join("a/out")).unwrap();
    fs::write(suite.join("a/in/extra.txt"), "3\n").unwrap();
    fs::write(suite.join("a/out/extra.txt"), "three\n").unwrap();
    let yml = "---\ntype: Batch\ntimelimit: 2s\nmatch:\n  Float:\n    relative_error: 1e-6\n    absolute_error: 1e-6\n\ncases:\n  - name: sample1\n    in: |\n      1\n    out: |\n      1.0\n\nextend:\n  - type: Text\n    path: \"./a\"\n    in: /in/*.txt\n    out: /out/*.txt\n";
    fs::write(suite.join("a.yml"), yml).unwrap();
    let found = read(&suite.join("a.yml"));
    let cases: Vec<(String, String, Option<String>)> = (found.samples.iter())
        .map(|sample| {
            (
                sample.name.clone(),
                text(&sample.input),
                sample.answer.clone(),
            )
        })
        .collect();
    assert_eq!(
        cases,
        [
            (
                "sample \"sample1\"".into(),
                "1\n".into(),
                Some("1.0\n".into())
            ),
            (
                "sample \"extra\"".into(),
                "3\n".into(),
                Some("three\n".into())
            ),
        ]
    );
    assert_eq!(
        found.comparison,
        Some(Comparison::Float {
            absolute: 1e-6,
            relative: 1e-6
        })
    );
    // Competitive Companion's JSON, and CPH's .prob, which has the same tests.
    let companion = r#"{"name":"A","group":"AtCoder","tests":[{"input":"5\n","output":"25\n"},{"input":"6\n","output":"36\n"}],"timeLimit":2000}"#;
    for file in ["problem.json", "problem.prob"] {
        fs::write(folder.join(file), companion).unwrap();
        let found = read(&folder.join(file));
        assert_eq!(found.samples.len(), 2);
        assert_eq!(text(&found.samples[1].input), "6\n");
        assert_eq!(found.samples[1].answer.as_deref(), Some("36\n"));
    }
    // Anything else is a usage error that says what it could not read.
    fs::write(folder.join("notes.txt"), "").unwrap();
    let error = samples::read(&folder.join("notes.txt")).unwrap_err();
    assert!(
        error.to_string().contains("not a folder, a .yml"),
        "{error}"
    );
    fs::remove_dir_all(&folder).unwrap();
}

#[test]
fn a_failing_sample_is_named_and_the_samples_match_is_used() {
    // A cargo-compete suite whose answers are compared as floats, within 1.5: a program that
    // doubles the sum is right on the first sample (2 for 1.0000001), not on the second.
    let scripts = Scripts::new("own-sample-fails");
    scripts.write(
        "suite.yml",
        "match:\n  Float:\n    absolute_error: 1.5\ncases:\n  - name: close\n    in: \"1\\n1\\n\"\n    out: \"1.0000001\\n\"\n  - name: far\n    in: \"2\\n1 2\\n\"\n    out: \"3\\n\"\n",
    );
    scripts.write(
        "twice.sh",
        "read n; read line; s=0; for x in $line; do s=$((s + x)); done; echo $((s * 2))\n",
    );
    let options = [
        "--samples",
        "suite.yml",
        "--generator",
        "sh gen.sh",
        "--reference",
        "sh sum.sh",
    ];
    let (code, report) = scripts.check_program(&options, &["sh", "twice.sh"]);
    assert_eq!(code, Some(1), "{report}");
    assert!(report.contains(": it fails sample \"far\"."), "{report}");
    // What it is held against is the sample's answer, not the reference's.
    assert!(
        report.contains("Where the answers differ (expected: the answer of sample \"far\"):"),
        "{report}"
    );
}

#[test]
fn a_reference_that_contradicts_a_samples_answer_is_blamed_not_the_program() {
    // The reference forgets the last number: all three samples' answers say otherwise, and the
    // right program is not blamed for the reference's mistake.
    let scripts = Scripts::new("own-wrong-reference");
    scripts.write(
        "forgets.sh",
        "read n; read line; s=0; for x in ${line% *}; do s=$((s + x)); done; echo $s\n",
    );
    fs::create_dir_all(scripts.0.join("test")).unwrap();
    for (name, input, answer) in [("a", "1\n5\n", "5\n"), ("b", "2\n1 2\n", "3\n")] {
        scripts.write(&format!("test/{name}.in"), input);
        scripts.write(&format!("test/{name}.out"), answer);
    }
    let options = ["--generator", "sh gen.sh", "--reference", "sh forgets.sh"];
    let (code, report) = scripts.check(&options);
    assert_eq!(code, Some(3), "{report}");
    assert!(
        report.starts_with(
            "check: the reference contradicts the answer of sample \"b\" (on line 1, it printed 1 where the sample says 3); nothing is said of sh sum.sh"
        ),
        "{report}"
    );
    // With a checker, the checker judges it: what it says is said.
    scripts.write(
        "same.sh",
        "if [ \"$(cat \"$2\")\" = \"$(cat \"$3\")\" ]; then exit 0; fi; echo \"not $(cat \"$3\")\"; exit 1\n",
    );
    let with_checker = [&options[..], &["--checker", "sh same.sh"]].concat();
    let (code, report) = scripts.check(&with_checker);
    assert_eq!(code, Some(3), "{report}");
    assert!(
        report.contains("contradicts the answer of sample \"b\" (the checker says: not 3)"),
        "{report}"
    );
}

#[test]
fn a_problem_of_ones_own_has_its_usage_errors() {
    for (arguments, expected) in [
        (
            &["--reference", "./ref", "lucky7", "true"][..],
            "--reference is for a problem of your own, with --generator",
        ),
        (
            &["--generator", "./gen", "true"][..],
            "a problem of your own needs its reference, --reference REF",
        ),
        (
            &["--generator", "true", "--reference", "/no/such/ref", "true"][..],
            "--reference: cannot start /no/such/ref",
        ),
        (
            &[
                "--tolerance",
                "0",
                "--generator",
                "true",
                "--reference",
                "true",
                "true",
            ][..],
            "invalid value '0' for '--tolerance <E>'",
        ),
    ] {
        let message = assert_usage_error(&common::check(arguments));
        assert!(message.contains(expected), "{arguments:?}: {message}");
    }
}
