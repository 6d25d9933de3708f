//! The page's position and its address kept in step: the solver moving on its turn after any
//! change, fast stepping, and hundreds of random actions.

use super::*;

/// Presses `key` on the page, with Control if `control`, as the keyboard would.
async fn press(client: &Client, key: &str, control: bool) {
    let script = format!(
        "document.activeElement.dispatchEvent(new KeyboardEvent('keydown', {{ key: {key:?}, ctrlKey: {control}, bubbles: true }}));"
    );
    js(client, &script).await;
    settled(client).await;
}

#[tokio::test(flavor = "current_thread")]
async fn after_any_change_of_position_the_solver_moves_when_it_is_its_turn() {
    let Some((_driver, port)) = start_driver() else {
        return;
    };
    let folder = folder("turns");
    let client = browser(port, 1200).await;
    let (url, _) = page(
        &folder,
        "sample-1.html",
        "shiritori",
        &sample("shiritori", 1),
    );

    // Given Takahashi, the solver opens with word 2 and wins at once: Undo has nothing of yours
    // to take back, and a reload shows the same game.
    open(&client, &format!("{url}#line=&solver=takahashi&step=0")).await;
    assert_eq!(attributes(&client, "#line li", "data-word").await, ["2"]);
    assert_eq!(game_state(&client).await.0, "takahashi-won");
    click(&client, "#undo").await;
    assert_eq!(attributes(&client, "#line li", "data-word").await, ["2"]);
    reload(&client).await;
    assert_eq!(attributes(&client, "#line li", "data-word").await, ["2"]);
    assert!(fragment(&client).await.starts_with("line=2&"));

    // An address where it is the solver's turn, reached by a link: the solver answers.
    client
        .goto(&format!("{url}#line=1&solver=aoki&step=0"))
        .await
        .unwrap();
    settled(&client).await;
    assert_eq!(
        attributes(&client, "#line li", "data-word").await,
        ["1", "2"]
    );
    // Back to an address of the solver's turn also lets it move.
    client.back().await.unwrap();
    settled(&client).await;
    assert_eq!(attributes(&client, "#line li", "data-word").await, ["2"]);

    // A malformed line stops where it stops being legal: 1, then not x, and not 2 after it.
    // (Only the fragment changes: the same document reads it.)
    client
        .goto(&format!("{url}#line=1,x,2&solver=none&step=0"))
        .await
        .unwrap();
    settled(&client).await;
    assert_eq!(attributes(&client, "#line li", "data-word").await, ["1"]);
    // Keys act only without modifiers, and not in a form control.
    press(&client, "u", true).await;
    assert_eq!(said(&client).await, 1);
    js(&client, "document.querySelector('[data-solver]').focus();").await;
    press(&client, "n", false).await;
    assert_eq!(said(&client).await, 1);
    js(&client, "document.activeElement.blur();").await;
    press(&client, "u", false).await;
    assert_eq!(said(&client).await, 0);

    // Lucky 7, sample 3 (TTTTA), the solver Takahashi: it plays rounds 1 to 4, and Undo of your
    // round 5 hands round 5 back to you, never round 1.
    let (url, _) = page(&folder, "lucky7-3.html", "lucky7", &sample("lucky7", 3));
    open(&client, &format!("{url}#line=&solver=takahashi&step=0")).await;
    assert_eq!(said(&client).await, 4);
    assert_eq!(game_state(&client).await.1, "aoki");
    let undo_disabled = "return document.querySelector('#undo').disabled;";
    assert_eq!(js(&client, undo_disabled).await, true);
    click(&client, "[data-moves] button").await;
    assert_eq!(said(&client).await, 5);
    click(&client, "#undo").await;
    assert_eq!(said(&client).await, 4);
    assert_eq!(game_state(&client).await, ("playing".into(), "aoki".into()));
    reload(&client).await;
    assert_eq!(said(&client).await, 4);
    client.close().await.unwrap();
    let _ = fs::remove_dir_all(&folder);
}

#[tokio::test(flavor = "current_thread")]
async fn fast_stepping_keeps_the_address_in_step() {
    let Some((_driver, port)) = start_driver() else {
        return;
    };
    let folder = folder("fast");
    let client = browser(port, 1200).await;
    let chain = Family::Chain.input(40, 4).text();
    let (url, _) = page(&folder, "chain.html", "shiritori", chain.as_bytes());
    open(&client, &url).await;
    // 230 steps, [ and ] by turns, as fast as the page takes them: far more than the couple of
    // hundred navigations Chromium allows a page in a few seconds, were each step one.
    js(
        &client,
        "for (let i = 0; i < 230; i++) document.body.dispatchEvent(new KeyboardEvent('keydown', { key: i % 2 ? '[' : ']', bubbles: true }));",
    )
    .await;
    open_with(&client, 1).await;
    click(&client, "[data-moves] button[data-word]").await;
    let line = attributes(&client, "#line li", "data-word").await;
    assert_eq!(line.len(), 2);
    let expected = format!("line={}&solver=none&step=0", line.join(","));
    assert_eq!(fragment(&client).await, expected);
    // The address was still heard: Back returns to the opening, on this page.
    client.back().await.unwrap();
    settled(&client).await;
    assert_eq!(
        attributes(&client, "#line li", "data-word").await,
        line[..1]
    );
    client.close().await.unwrap();
    let _ = fs::remove_dir_all(&folder);
}

/// One random action on the explore page, as a player might take it.
async fn random_action(client: &Client, rng: &mut atcoder_games_tool::generate::Rng) {
    let choose = |rng: &mut atcoder_games_tool::generate::Rng, n: usize| rng.below(n);
    match choose(rng, 10) {
        0..=2 => {
            let moves = "[data-moves] button[data-word], [data-moves] button[data-append], [data-openings] button[data-word]";
            let count = js(
                client,
                &format!("return document.querySelectorAll({moves:?}).length;"),
            )
            .await;
            let count = count.as_u64().unwrap() as usize;
            if count > 0 {
                let pick = choose(rng, count);
                js(
                    client,
                    &format!("document.querySelectorAll({moves:?})[{pick}].click();"),
                )
                .await;
            }
        }
        3 => click(client, "#undo").await,
        4 => click(client, "#new-game").await,
        5 => {
            let side = ["none", "aoki", "takahashi"][choose(rng, 3)];
            solver(client, side).await;
        }
        6 => {
            // Back from the page's first position leaves it: then come forward again.
            client.back().await.unwrap();
            let here = client.current_url().await.unwrap();
            if here.scheme() != "file" {
                client.forward().await.unwrap();
                ready(client, None, "the page, forward again").await;
            }
        }
        7 => {
            client.forward().await.unwrap();
        }
        8 => reload(client).await,
        _ => press(client, ["[", "]"][choose(rng, 2)], false).await,
    }
    settled(client).await;
}

/// What the page shows of its game: its state, the side to move, the solver's side, the moves made
/// and the last of them.
async fn shown_game(client: &Client) -> (String, String, String, usize, Vec<String>) {
    let (state, to_move) = game_state(client).await;
    let side = js(
        client,
        "return document.querySelector('[data-solver]').value;",
    )
    .await;
    let last = attributes(client, "#line li, #history li", "data-word").await;
    let digits = attributes(client, "#history li", "data-append").await;
    let last = if digits.is_empty() { last } else { digits };
    (
        state,
        to_move,
        side.as_str().unwrap().to_string(),
        said(client).await,
        last,
    )
}

#[tokio::test(flavor = "current_thread")]
#[ignore = "second tier: 600 page loads, minutes"]
async fn after_300_random_actions_the_page_and_its_address_agree() {
    let Some((_driver, port)) = start_driver() else {
        return;
    };
    let folder = folder("random");
    let client = browser(port, 1200).await;
    let mut rng = atcoder_games_tool::generate::Rng::new(43);
    let pages = [
        page(
            &folder,
            "chain.html",
            "shiritori",
            Family::Chain.input(12, 4).text().as_bytes(),
        )
        .0,
        page(
            &folder,
            "sample-3.html",
            "shiritori",
            &sample("shiritori", 3),
        )
        .0,
        page(&folder, "lucky7.html", "lucky7", &sample("lucky7", 3)).0,
    ];
    for url in &pages {
        open(&client, url).await;
        for action in 0..100 {
            random_action(&client, &mut rng).await;
            // The address shows the same game: a reload keeps everything.
            let before = shown_game(&client).await;
            let address = fragment(&client).await;
            reload(&client).await;
            assert_eq!(
                shown_game(&client).await,
                before,
                "{url}, action {action}: {address}"
            );
            assert_eq!(fragment(&client).await, address, "{url}, action {action}");
        }
    }
    client.close().await.unwrap();
    let _ = fs::remove_dir_all(&folder);
}
