//! Failures of stdin and stdout themselves end in a clean error too, never a panic.
#![cfg(target_os = "linux")]

mod common;

use atcoder_games_tool::process::{Options, Stdin, run};
use common::binaries::{LUCKY7, SHIRITORI, clean_error};
use std::fs::File;
use std::os::fd::{FromRawFd, OwnedFd};
use std::path::Path;
use std::process::{Command, Stdio};

#[test]
fn an_unreadable_input_is_a_clean_error() {
    for binary in [SHIRITORI, LUCKY7] {
        // Reading a directory fails with EISDIR.
        let output = run(&[binary], Stdin::File(Path::new("/")), &Options::default()).unwrap();
        let message = clean_error(&output);
        assert!(message.contains("cannot read the input"), "{message}");
    }
}

#[test]
fn a_closed_input_is_an_empty_one() {
    for binary in [SHIRITORI, LUCKY7] {
        // `<&-` starts the binary with file descriptor 0 closed.
        let script = format!("exec '{binary}' <&-");
        let output = run(
            &["sh", "-c", &script],
            Stdin::Bytes(b""),
            &Options::default(),
        )
        .unwrap();
        let message = clean_error(&output);
        assert!(message.contains("ends before N"), "{message}");
    }
}

#[test]
fn a_full_disk_is_a_clean_error() {
    let samples = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/samples");
    for (binary, sample) in [(SHIRITORI, "shiritori"), (LUCKY7, "lucky7")] {
        let output = Command::new(binary)
            .stdin(File::open(format!("{samples}/{sample}/sample-1.in")).unwrap())
            .stdout(File::create("/dev/full").unwrap())
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{stderr}");
        assert!(
            stderr.starts_with("error: cannot write the output"),
            "{stderr}"
        );
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
}

#[test]
fn a_reader_that_stops_early_is_no_error() {
    let samples = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/samples");
    for (binary, sample) in [(SHIRITORI, "shiritori"), (LUCKY7, "lucky7")] {
        // A pipe whose reading end is closed before the binary writes, as after `| head -c0`.
        let mut ends = [0; 2];
        // SAFETY: `ends` has room for the two descriptors that pipe writes.
        assert_eq!(unsafe { libc::pipe(ends.as_mut_ptr()) }, 0);
        // SAFETY: both descriptors were just created and are owned here alone.
        let (reading, writing) =
            unsafe { (OwnedFd::from_raw_fd(ends[0]), OwnedFd::from_raw_fd(ends[1])) };
        drop(reading);
        let output = Command::new(binary)
            .stdin(File::open(format!("{samples}/{sample}/sample-1.in")).unwrap())
            .stdout(Stdio::from(writing))
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(0), "{stderr}");
        assert!(stderr.is_empty(), "{stderr}");
    }
}
