//! Shrinking a user's input through its text: counts kept in step, numbers and strings made
//! simpler.

use super::*;

#[test]
fn count_headers_go_down_with_the_lines_and_tokens_they_count() {
    // N before N lines: a line cut, N is one less.
    assert_eq!(
        text::without_lines("3\nab\ncd\nef\n", 2, 1).as_deref(),
        Some("2\nab\nef\n")
    );
    // N M before M lines: M goes down, N stays.
    assert_eq!(
        text::without_lines("4 3\n1 2\n2 3\n3 4\n", 1, 2).as_deref(),
        Some("4 1\n3 4\n")
    );
    // A count of the next line's tokens stays when a later line is cut.
    assert_eq!(
        text::without_lines("3\n5 6 7\nx\n", 2, 1).as_deref(),
        Some("3\n5 6 7\n")
    );
    // N before a line of N tokens: a token cut, N is one less; the header itself is not cut
    // alone.
    assert_eq!(
        text::without_tokens("3\n5 6 7\n", 2, 1).as_deref(),
        Some("2\n5 7\n")
    );
    assert_eq!(text::without_tokens("3\n5 6 7\n", 0, 2), None);
    // A line whose tokens all go goes, and N with it.
    assert_eq!(
        text::without_tokens("2\na b\nc\n", 3, 1).as_deref(),
        Some("1\na b\n")
    );
    // A header on a line of four numbers, the most a line of headers holds, and one below the
    // first line: each counts the lines after its own.
    assert_eq!(
        text::without_lines("1 1 1 3\na\nb\nc\n", 2, 1).as_deref(),
        Some("1 1 1 2\na\nc\n")
    );
    assert_eq!(
        text::without_lines("5 6\n2\nx\ny\n", 3, 1).as_deref(),
        Some("5 6\n1\nx\n")
    );
    // Nothing left, or nothing there to cut, is no candidate; tokens cut from the middle are.
    assert_eq!(text::without_lines("1\n", 0, 1), None);
    assert_eq!(text::without_tokens("a b\n", 0, 2), None);
    assert_eq!(text::without_tokens("a b\n", 5, 1), None);
    assert_eq!(
        text::without_tokens("a b c d\n", 1, 2).as_deref(),
        Some("a d\n")
    );
    assert_eq!(text::token_count("2\n5 6\n"), 3);
    assert_eq!(text::line_count("2\n\n5 6\n"), 2);
}

#[test]
fn numbers_and_strings_are_made_simpler_with_their_counts() {
    // 0 first for every number, then 1 (with its sign); the count header is left alone. The
    // numbers go nearer 0 by cutting down: each, and a text with them changed.
    let simpler = text::simpler("2\n-8 6\n");
    assert_eq!(simpler, ["2\n0 6\n", "2\n-8 0\n", "2\n-1 6\n", "2\n-8 1\n"]);
    assert_eq!(text::numbers("2\n-8 6\n"), [-8, 6]);
    assert_eq!(
        text::with_numbers("2\n-8 6\n", &[-3, 999_999_999_999_999_999]).as_deref(),
        Some("2\n-3 999999999999999999\n")
    );
    // Only what is nearer 0 is simpler: not 0 written otherwise, nor 1 for 01. A real number is
    // neither an integer nor a string, and is left as it is.
    assert_eq!(text::simpler("-0 01\n"), ["-0 0\n"]);
    assert_eq!(text::simpler("0.25\n"), Vec::<String>::new());
    // Strings of one length all one shorter, then each alone; one character is short enough,
    // and a text comes once.
    assert_eq!(
        text::simpler("ab cd e\n"),
        ["a c e\n", "a cd e\n", "ab c e\n"]
    );
    assert_eq!(text::simpler("ab c\n"), ["a c\n"]);
    // Only the header that gives the length goes down with it, and only what follows it is
    // shortened: a count of lines stays, and so does a number beside the header.
    assert_eq!(
        text::simpler("2\nab\ncd\n"),
        ["2\na\nc\n", "2\na\ncd\n", "2\nab\nc\n"]
    );
    assert_eq!(text::simpler("12 2\nab\ncd\nef\n")[2], "12 1\na\nc\ne\n");
    // As many numbers as there are, or none.
    assert_eq!(text::with_numbers("2\n-8 6\n", &[0]), None);
    assert_eq!(text::with_numbers("2\n-8 6\n", &[0, 0, 0]), None);
    // N strings of length N: every string of that length one shorter, and N with them.
    let simpler = text::simpler("3\n123\nTAT\n");
    assert_eq!(simpler[0], "3\n0\nTAT\n");
    assert!(simpler.contains(&"2\n12\nTA\n".to_string()), "{simpler:?}");
}

#[test]
fn numbers_of_data_are_no_count_headers() {
    // The zeros of the data count no lines: they go, and N with them.
    assert_eq!(
        text::without_tokens("3 0\n0 0 0\n", 4, 1).as_deref(),
        Some("2 0\n0 0\n")
    );
    // A 1 that counts no lines is data, though a line of one token, or strings of one
    // character, follow: counting one token or character says nothing of a header.
    assert_eq!(text::numbers("1\n7\n8\n"), [1, 7, 8]);
    assert_eq!(text::numbers("1\na\nb\n"), [1]);
    // A line of many numbers is data, whatever they are: a 1 there, before one line, goes.
    assert_eq!(
        text::without_tokens("2\n1 1 1 1 1\n7\n", 1, 1).as_deref(),
        Some("2\n1 1 1 1\n7\n")
    );
}
