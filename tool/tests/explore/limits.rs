//! What a page takes: no input beyond the judge's largest, no network, and data that cannot end
//! its element.

use super::*;

#[test]
fn an_input_beyond_the_judges_largest_is_refused_and_a_page_needs_no_network() {
    let shiritori = |words: usize| format!("{words}\n{}", "abcd\n".repeat(words));
    let lucky7 =
        |rounds: usize| format!("{rounds}\n{}\n{}\n", "7".repeat(rounds), "A".repeat(rounds));
    for (problem, input, unit) in [
        ("shiritori", shiritori(200_001), "words"),
        ("lucky7", lucky7(200_001), "rounds"),
    ] {
        let message = test_support::contract::clean_error(&tool(&["explore", problem], &input));
        assert_eq!(
            message,
            format!(
                "error: the input has 200001 {unit}; explore takes at most 200000 (the judge's largest)"
            )
        );
    }
    // The judge's largest is taken.
    for (problem, input) in [
        ("shiritori", shiritori(200_000)),
        ("lucky7", lucky7(200_000)),
    ] {
        assert!(tool(&["explore", problem], &input).succeeded(), "{problem}");
    }
    // Malformed input gets the solution's own message; a word of markup is no word.
    let message = test_support::contract::clean_error(&tool(&["explore", "lucky7"], "2\n12\nAX\n"));
    assert!(message.starts_with("error: X"), "{message}");
    let markup = tool(&["explore", "shiritori"], "2\nabc\n<script>\n");
    let message = test_support::contract::clean_error(&markup);
    assert!(message.starts_with("error: "), "{message}");
    // One file: nothing is fetched, no script or style comes from elsewhere.
    let page = stdout(&tool(&["explore", "lucky7"], sample("lucky7", 1)));
    assert!(page.starts_with("<!DOCTYPE html>"));
    assert!(page.contains("<h1>Lucky 7 Battle, 2 rounds</h1>"));
    for outside in ["src=", "href=", "http://", "https://", "@import"] {
        assert!(!page.contains(outside), "{outside}");
    }
    // Text reaches the page escaped: a word cannot end the data's script element.
    let data = page
        .split("<script id=\"data\" type=\"application/json\">")
        .nth(1)
        .unwrap();
    let data = data.split("</script>").next().unwrap();
    let parsed: Value = serde_json::from_str(data).unwrap();
    assert_eq!(parsed["problem"], "lucky7");
    let _ = TOOL;
}

#[test]
fn the_pages_data_has_no_character_that_could_end_its_element() {
    let json = serde_json::to_string(&["</script><!--<script>", "a & b > c"]).unwrap();
    let safe = atcoder_games_tool::page::script_safe(&json);
    assert!(!safe.contains(['<', '>', '&']), "{safe}");
    let back: Vec<String> = serde_json::from_str(&safe).unwrap();
    assert_eq!(back, ["</script><!--<script>", "a & b > c"]);
}
