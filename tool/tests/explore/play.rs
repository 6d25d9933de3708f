//! The pages played as a user plays them: each game along its best line is `explain`'s, the
//! analysis steps to `solve`'s draws, the solver's side, the address, the keyboard, the colours,
//! Lucky 7, many moves, a narrow window. One scenario a test, each on a browser of its own.

use super::*;

/// A browser `width` pixels wide on a driver of its own, and a folder for the pages of the
/// scenario `name`: the start every scenario shares. None where Chromium is missing (outside CI).
struct Session {
    _driver: Driver,
    client: Client,
    folder: PathBuf,
}

impl Session {
    async fn start(name: &str, width: u32) -> Option<Self> {
        let (driver, port) = start_driver()?;
        let client = browser(port, width).await;
        Some(Self {
            _driver: driver,
            client,
            folder: folder(name),
        })
    }

    /// Opens the page of `problem` for `input`, saved as `name`: its URL.
    async fn open(&self, name: &str, problem: &str, input: &[u8]) -> String {
        let (url, _) = page(&self.folder, name, problem, input);
        open(&self.client, &url).await;
        url
    }

    async fn end(self) {
        self.client.close().await.unwrap();
        let _ = fs::remove_dir_all(&self.folder);
    }
}

#[tokio::test(flavor = "current_thread")]
async fn each_game_along_its_best_line_is_the_one_explain_plays() {
    // Shiritori, sample 1 and generated dictionaries: each game played along its best line is the
    // one `explain` plays, word for word, and ends where `explain` ends it: won, or drawn at the
    // word where a position comes back; after the end, no move is offered.
    let Some(session) = Session::start("best-line", 1200).await else {
        return;
    };
    let client = &session.client;
    let mut inputs: Vec<String> = [
        (Family::SmallAlphabet, 12, 1),
        (Family::Chain, 9, 2),
        (Family::ManyMovesOneEscape, 8, 3),
    ]
    .map(|(family, size, seed)| family.input(size, seed).text())
    .to_vec();
    inputs.push(String::from_utf8(sample("shiritori", 1)).unwrap());
    for text in &inputs {
        session
            .open("shiritori.html", "shiritori", text.as_bytes())
            .await;
        let count: usize = text
            .split_ascii_whitespace()
            .next()
            .unwrap()
            .parse()
            .unwrap();
        // Words left, as --depth counts: one fewer than the game's words, and none for a draw.
        let depths = stdout(&tool(&["solve", "shiritori", "--depth"], text));
        let left = attributes(client, "[data-openings] button[data-word]", "data-left").await;
        for (left, depth) in left.iter().zip(depths.lines()) {
            let expected = match depth.split_once(' ') {
                Some((_, words)) => (words.parse::<usize>().unwrap() - 1).to_string(),
                None => String::new(),
            };
            assert_eq!(*left, expected, "{depth}");
        }
        for word in 1..=count {
            open_with(client, word).await;
            let line = play_best_line(client).await;
            let (said, winner) = explained(text, word);
            assert_eq!(line, said, "word {word} of {text}");
            let (state, _) = game_state(client).await;
            let expected = match winner.as_deref() {
                Some("Takahashi") => "takahashi-won",
                Some("Aoki") => "aoki-won",
                _ => "drawn",
            };
            assert_eq!(state, expected, "word {word} of {text}");
            assert!(
                attributes(client, "[data-moves] button", "data-word")
                    .await
                    .is_empty()
            );
        }
    }
    session.end().await;
}

#[tokio::test(flavor = "current_thread")]
async fn the_analysis_stepped_to_its_end_leaves_undecided_the_draws_that_solve_prints() {
    let Some(session) = Session::start("step-end", 1200).await else {
        return;
    };
    let client = &session.client;
    let input = sample("shiritori", 1);
    session.open("sample-1.html", "shiritori", &input).await;
    click(client, "#step-end").await;
    let step = attributes(client, "[data-step]", "data-step").await;
    assert_eq!(step, ["3"]);
    let draws = attributes(client, "#undecided", "data-draws")
        .await
        .join("");
    let answers = stdout(&tool(&["solve", "shiritori"], &input));
    let text = String::from_utf8(input).unwrap();
    for (word, answer) in text.split_ascii_whitespace().skip(1).zip(answers.lines()) {
        let tail = &word[word.len() - 3..];
        assert_eq!(
            draws.split(' ').any(|d| d == tail),
            answer == "Draw",
            "{word}: {draws}"
        );
    }
    session.end().await;
}

#[tokio::test(flavor = "current_thread")]
async fn the_side_the_solver_plays_takes_effect_at_once_mid_game() {
    // Aoki is to answer `abcd`, and the solver, given Aoki, answers, and wins.
    let Some(session) = Session::start("solver", 1200).await else {
        return;
    };
    let client = &session.client;
    session
        .open("sample-1.html", "shiritori", &sample("shiritori", 1))
        .await;
    solver(client, "none").await;
    click(client, "#new-game").await;
    open_with(client, 1).await;
    assert_eq!(game_state(client).await, ("playing".into(), "aoki".into()));
    solver(client, "aoki").await;
    assert_eq!(
        attributes(client, "#line li", "data-word").await,
        ["1", "2"]
    );
    assert_eq!(game_state(client).await.0, "aoki-won");
    assert!(
        text(client, "#status")
            .await
            .contains("Takahashi has no word that starts with \"cda\"")
    );
    // Undo takes the solver's answer back with the opening; given Takahashi, the solver opens.
    click(client, "#undo").await;
    assert!(attributes(client, "#line li", "data-word").await.is_empty());
    solver(client, "takahashi").await;
    assert_eq!(attributes(client, "#line li", "data-word").await, ["2"]);
    assert_eq!(game_state(client).await.0, "takahashi-won");
    session.end().await;
}

#[tokio::test(flavor = "current_thread")]
async fn the_position_lives_in_the_address() {
    // Back and Forward step through the moves, a link opens the same position, a reload keeps it.
    let Some(session) = Session::start("address", 1200).await else {
        return;
    };
    let client = &session.client;
    let chain = Family::Chain.input(6, 4).text();
    let url = session
        .open("chain.html", "shiritori", chain.as_bytes())
        .await;
    open_with(client, 1).await;
    click(client, "[data-moves] button[data-word]").await;
    let two = attributes(client, "#line li", "data-word").await;
    assert_eq!(two.len(), 2);
    client.back().await.unwrap();
    assert_eq!(attributes(client, "#line li", "data-word").await, two[..1]);
    assert_eq!(game_state(client).await, ("playing".into(), "aoki".into()));
    let offered = attributes(client, "[data-moves] button[data-word]", "data-word").await;
    assert_eq!(
        offered.first(),
        Some(&two[1]),
        "the moves of the position Back returned to"
    );
    client.forward().await.unwrap();
    assert_eq!(attributes(client, "#line li", "data-word").await, two);
    let link = client.current_url().await.unwrap().to_string();
    assert!(link.contains(&format!("#line={}", two.join(","))), "{link}");
    open(client, &url).await;
    // Only the fragment changes: the same document reads it, nothing loads.
    client.goto(&link).await.unwrap();
    reload(client).await;
    assert_eq!(attributes(client, "#line li", "data-word").await, two);
    session.end().await;
}

#[tokio::test(flavor = "current_thread")]
async fn enter_on_a_move_plays_it_and_u_takes_a_word_back() {
    // The focus goes to the next position's first move, where Enter plays again.
    let Some(session) = Session::start("keyboard", 1200).await else {
        return;
    };
    let client = &session.client;
    let chain = Family::Chain.input(6, 4).text();
    session
        .open("chain.html", "shiritori", chain.as_bytes())
        .await;
    open_with(client, 1).await;
    js(
        client,
        "document.querySelector('[data-moves] button[data-word]').focus();",
    )
    .await;
    for _ in 0..2 {
        let focused = client.active_element().await.unwrap();
        focused.send_keys("\u{E007}").await.unwrap();
    }
    assert_eq!(attributes(client, "#line li", "data-word").await.len(), 3);
    js(client, "document.activeElement.blur();").await;
    client
        .active_element()
        .await
        .unwrap()
        .send_keys("u")
        .await
        .unwrap();
    assert_eq!(attributes(client, "#line li", "data-word").await.len(), 2);
    session.end().await;
}

#[tokio::test(flavor = "current_thread")]
async fn win_loss_and_draw_stay_apart_for_every_kind_of_sight() {
    // As the page draws them; and the screenshot of the manual, the analysis stepped to its end.
    let Some(session) = Session::start("colours", 1200).await else {
        return;
    };
    let client = &session.client;
    session
        .open("sample-1.html", "shiritori", &sample("shiritori", 1))
        .await;
    let fills = js(
        client,
        "return ['won', 'lost', 'draw'].map((c) => getComputedStyle(document.querySelector('.legend .' + c)).backgroundColor);",
    )
    .await;
    let fills: Vec<[u8; 3]> = fills
        .as_array()
        .unwrap()
        .iter()
        .map(|fill| colour::parse(fill.as_str().unwrap()).unwrap())
        .collect();
    let least = colour::least_difference(&fills);
    assert!(least >= 15.0, "{least} ΔE00 between {fills:?}");
    open_with(client, 1).await;
    click(client, "#step-end").await;
    let shot = client.screenshot().await.unwrap();
    save_screenshot("explore-shiritori.png", &shot, &session.folder);
    session.end().await;
}

#[tokio::test(flavor = "current_thread")]
async fn lucky7_played_to_its_end_ends_as_solve_says_and_offers_no_choice_twice() {
    // Sample 1: Takahashi (the user) picks the winning choice each round, the solver plays Aoki;
    // a choice's colour is its result for its player.
    let Some(session) = Session::start("lucky7", 1200).await else {
        return;
    };
    let client = &session.client;
    let input = sample("lucky7", 1);
    let url = session.open("lucky7.html", "lucky7", &input).await;
    solver(client, "aoki").await;
    click(client, "#new-game").await;
    for _ in 0..50 {
        if game_state(client).await.0 != "playing" {
            break;
        }
        let results = attributes(client, "[data-moves] button", "data-result").await;
        let classes = attributes(client, "[data-moves] button", "class").await;
        for (result, class) in results.iter().zip(&classes) {
            let expected = match result.as_str() {
                "win" => "won",
                _ => "lost",
            };
            assert_eq!(class, expected);
        }
        click(client, "[data-moves] button[data-result=\"win\"]").await;
    }
    let winner = stdout(&tool(&["solve", "lucky7"], &input));
    assert_eq!(
        game_state(client).await.0,
        format!("{}-won", winner.trim().to_lowercase())
    );
    // Undo, and no choice is offered twice: S's digit 0 is one choice.
    click(client, "#undo").await;
    assert_eq!(
        game_state(client).await,
        ("playing".into(), "takahashi".into())
    );
    session.open("zeros.html", "lucky7", b"1\n0\nT\n").await;
    assert_eq!(
        attributes(client, "[data-moves] button", "data-append").await,
        ["0"]
    );
    open(client, &url).await;
    click(client, "#step-forward").await;
    let shot = client.screenshot().await.unwrap();
    save_screenshot("explore-lucky7.png", &shot, &session.folder);
    session.end().await;
}

#[tokio::test(flavor = "current_thread")]
async fn many_moves_are_shown_best_first_a_page_at_a_time_and_searched() {
    let Some(session) = Session::start("many", 1200).await else {
        return;
    };
    let client = &session.client;
    let mut many = vec!["xyzabc".to_string()];
    // "abc" and k in four letters: abcaaaa, abcaaab, ...
    let spelled = |k: usize| -> String {
        let letter = |place: u32| char::from(b'a' + (k / 26usize.pow(place) % 26) as u8);
        format!("abc{}", (0..4).rev().map(letter).collect::<String>())
    };
    many.extend((0..5_000).map(spelled));
    let text = atcoder_games_tool::input::shiritori_input(&many);
    session
        .open("many.html", "shiritori", text.as_bytes())
        .await;
    open_with(client, 1).await;
    let shown = || attributes(client, "[data-moves] button[data-word]", "data-word");
    assert_eq!(shown().await.len(), 20);
    click(client, "[data-moves] button[data-more]").await;
    assert_eq!(shown().await.len(), 40);
    let filter = client.find(Locator::Css("#move-filter")).await.unwrap();
    filter.send_keys(&spelled(4_999)).await.unwrap();
    assert_eq!(shown().await, ["5001"]);
    // The openings' search takes whole word numbers, and says how many matched and are shown.
    for (query, matched, shown) in [("12", "1", "1"), ("1e1", "0", "0"), ("abcaa", "676", "20")] {
        let search = client.find(Locator::Css("[data-search]")).await.unwrap();
        search.clear().await.unwrap();
        search.send_keys(query).await.unwrap();
        let counts = (
            attributes(client, "#found", "data-matched").await,
            attributes(client, "#found", "data-shown").await,
        );
        assert_eq!(
            counts,
            (vec![matched.to_string()], vec![shown.to_string()]),
            "{query}"
        );
    }
    session.end().await;
}

#[tokio::test(flavor = "current_thread")]
async fn a_small_graph_on_a_narrow_window_scrolls_and_zooms_rather_than_shrinks() {
    let Some(session) = Session::start("narrow", 400).await else {
        return;
    };
    let narrow = &session.client;
    session
        .open("graph.html", "shiritori", &sample("shiritori", 3))
        .await;
    let sizes = js(
        narrow,
        "const svg = document.querySelector('#graph svg'); const before = svg.getBoundingClientRect().width; document.querySelector('#zoom-in').click(); return [before, svg.viewBox.baseVal.width, svg.getBoundingClientRect().width];",
    )
    .await;
    let size = |k: usize| sizes[k].as_f64().unwrap();
    assert!(
        (size(0) - size(1)).abs() < 2.0,
        "drawn at its own size: {sizes}"
    );
    assert!(size(2) > size(0) * 1.2, "zoomed in: {sizes}");
    session.end().await;
}
