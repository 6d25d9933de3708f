//! The page `check --html` writes of a failure: opened where the answers differ, and a program's
//! answers shown as text, never run.

use super::*;

#[tokio::test(flavor = "current_thread")]
async fn checks_page_of_a_failure_opens_where_the_answers_differ() {
    let Some((_driver, port)) = start_driver() else {
        return;
    };
    let folder = folder("check");
    let html = folder.join("failure.html");
    let mut arguments = vec![
        "check",
        "--seed",
        "3",
        "--html",
        html.to_str().unwrap(),
        "shiritori",
    ];
    let command = wrong_command("shiritori-draws-as-aoki");
    arguments.extend(command.iter().map(String::as_str));
    let output = tool(&arguments, "");
    let report = stdout(&output);
    assert!(
        report.contains("The game's page, opened where the answers first differ: "),
        "{report}"
    );
    let client = browser(port, 1200).await;
    open(&client, &format!("file://{}", html.display())).await;
    // Sample 1 fails at word 3, "ada", a draw the program calls Aoki's.
    assert_eq!(attributes(&client, "#line li", "data-word").await, ["3"]);
    let said = attributes(&client, "#line [data-program]", "data-program").await;
    assert_eq!(said, ["Aoki"]);
    assert!(
        text(&client, "#line")
            .await
            .contains("the program says Aoki, the right answer is Draw")
    );
    let openings = attributes(&client, "[data-openings] [data-program]", "data-program").await;
    assert_eq!(openings, ["Aoki", "Takahashi", "Aoki"]);
    client.close().await.unwrap();
    let _ = fs::remove_dir_all(&folder);
}

/// Answers of a program that would end the page's data and start a script of their own.
const HOSTILE_ANSWERS: [&str; 3] = [
    "<!--<script>",
    "</script><script>window.injected = true</script>",
    "&lt;b&gt; & <b>bold</b>",
];

#[tokio::test(flavor = "current_thread")]
async fn a_programs_hostile_answers_are_shown_as_text_and_run_nothing() {
    let Some((_driver, port)) = start_driver() else {
        return;
    };
    let folder = folder("hostile");
    let program = folder.join("hostile.py");
    let answers = serde_json::to_string(&HOSTILE_ANSWERS).unwrap();
    let script = format!(
        "import sys\nn = int(sys.stdin.readline())\nanswers = {answers}\n\
         print('\\n'.join(answers[i % 3] for i in range(n)))\n"
    );
    fs::write(&program, script).unwrap();
    let html = folder.join("hostile.html");
    let arguments = [
        "check",
        "--seed",
        "1",
        "--html",
        html.to_str().unwrap(),
        "shiritori",
        "python3",
        program.to_str().unwrap(),
    ];
    let report = stdout(&tool(&arguments, ""));
    assert!(report.contains("gives a wrong answer (WA)"), "{report}");
    // Nothing of the answers reaches the page as markup.
    let page = fs::read_to_string(&html).unwrap();
    assert!(!page.contains("<!--<script>") && !page.contains("<b>"));
    let client = browser(port, 1200).await;
    open(&client, &format!("file://{}", html.display())).await;
    assert_eq!(js(&client, "return window.injected ?? false;").await, false);
    let said = attributes(&client, "[data-openings] [data-program]", "data-program").await;
    assert!(!said.is_empty());
    for (index, answer) in said.iter().enumerate() {
        assert_eq!(answer, HOSTILE_ANSWERS[index % 3], "word {}", index + 1);
    }
    assert!(text(&client, "#line").await.contains(HOSTILE_ANSWERS[0]));
    client.close().await.unwrap();
    let _ = fs::remove_dir_all(&folder);
}
