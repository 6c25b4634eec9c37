//! Render's registry of picture providers matches core's registry of games, and the entry
//! points the bot calls refuse an unknown game name (`UnknownGame`) and a view of another
//! type (`BadView`) instead of drawing something wrong.

#[path = "support/games.rs"]
mod games;
#[path = "support/samples.rs"]
mod samples;

use turnpost_core::dynamic::{AnyView, View};
use turnpost_core::registry::new_game;
use turnpost_core::words::Lang;
use turnpost_core::{Game, Seat, Seed};
use turnpost_render::registry::{self, has_pictures};
use turnpost_render::{RenderError, text};
use turnpost_render::{Renderer, private_pngs, public_png};

#[test]
fn every_game_of_core_has_pictures_and_no_other_does() {
    let games: Vec<&str> = games::games().iter().map(|g| g.name).collect();
    let providers: Vec<&str> = registry::providers().iter().map(|p| p.game()).collect();
    assert_eq!(providers, games, "render's providers, in core's order");
    for game in &games {
        assert!(has_pictures(game), "{game}");
        assert_eq!(registry::find(game).map(|p| p.game()), Some(*game));
    }
    assert!(!has_pictures("chess"));
    assert!(registry::find("chess").is_none());
}

#[test]
fn every_game_of_core_draws_its_views_in_pictures_and_text() {
    let r = Renderer::shared();
    for info in games::games() {
        let players = *info.players.end();
        let game = info.new_game(&[], players, Seed::from_u64(3)).unwrap();
        let public = game.public_view();
        let image = r.public_image(info.name, &*public, Lang::En).unwrap();
        assert!(image.width() > 500, "{}", info.name);
        assert!(!text::public(info.name, &*public, Lang::En).starts_with('('));
        for seat in 0..players {
            let seat_view = game.seat_view(Seat(seat as u8));
            let private = r.private_images(info.name, &*seat_view, Lang::En).unwrap();
            let private_text = text::private(info.name, &*seat_view, Lang::En);
            // Games with secrets show each seat its hand; games without have nothing private.
            assert_eq!(!private.is_empty(), info.secrets, "{}", info.name);
            assert_eq!(!private_text.is_empty(), info.secrets, "{}", info.name);
        }
    }
}

/// A view of every game of core: (game, public view, a seat's view).
fn views() -> Vec<(&'static str, View, View)> {
    games::games()
        .iter()
        .map(|info| {
            let game = info.new_game(&[], 2, Seed::from_u64(1)).unwrap();
            (info.name, game.public_view(), game.seat_view(Seat(0)))
        })
        .collect()
}

fn unknown(result: Result<impl Sized, RenderError>) -> bool {
    matches!(result, Err(RenderError::UnknownGame(name)) if name == "chess")
}

fn bad_view(result: Result<impl Sized, RenderError>, of: &str) -> bool {
    matches!(result, Err(RenderError::BadView { game, .. }) if game == of)
}

#[test]
fn an_unknown_game_is_an_error() {
    let r = Renderer::shared();
    for (_, public, seat) in views() {
        assert!(unknown(public_png("chess", &*public, Lang::En)));
        assert!(unknown(r.public_png("chess", &*public, Lang::En)));
        assert!(unknown(r.public_image("chess", &*public, Lang::En)));
        assert!(unknown(private_pngs("chess", &*seat, Lang::En)));
        assert!(unknown(r.private_pngs("chess", &*seat, Lang::En)));
        assert!(unknown(r.private_images("chess", &*seat, Lang::En)));
        for line in [
            text::public("chess", &*public, Lang::En),
            text::private("chess", &*seat, Lang::En),
        ] {
            assert!(
                line.starts_with("(cannot read the view: ") && line.contains("chess"),
                "{line}"
            );
        }
    }
}

#[test]
fn a_view_of_another_game_is_a_bad_view() {
    let r = Renderer::shared();
    let views = views();
    for (game, _, _) in &views {
        for (other, public, seat) in &views {
            if other == game {
                continue;
            }
            assert!(
                bad_view(public_png(game, &**public, Lang::En), game),
                "{game}"
            );
            assert!(
                bad_view(r.public_image(game, &**public, Lang::En), game),
                "{game}"
            );
            assert!(
                bad_view(private_pngs(game, &**seat, Lang::En), game),
                "{game}"
            );
            assert!(
                bad_view(r.private_images(game, &**seat, Lang::En), game),
                "{game}"
            );
            for line in [
                text::public(game, &**public, Lang::En),
                text::private(game, &**seat, Lang::En),
            ] {
                assert!(
                    line.starts_with("(cannot read the view: "),
                    "{game}: {line}"
                );
            }
        }
    }
}

#[test]
fn a_view_of_another_kind_is_a_bad_view() {
    // Pandoria's seat view is not its public view, and the other way round.
    let game = new_game("pandoria", &[], 3, Seed::from_u64(1)).unwrap();
    let (public, seat) = (game.public_view(), game.seat_view(Seat(0)));
    let r = Renderer::shared();
    assert!(bad_view(
        r.public_image("pandoria", &*seat, Lang::En),
        "pandoria"
    ));
    assert!(bad_view(
        r.private_images("pandoria", &*public, Lang::En),
        "pandoria"
    ));
    // Something that is no game's view at all.
    let nothing: &dyn AnyView = &42u8;
    for (name, _, _) in views() {
        assert!(bad_view(r.public_image(name, nothing, Lang::En), name));
        assert!(bad_view(r.private_images(name, nothing, Lang::En), name));
    }
    let e = r
        .public_image("rtta", nothing, Lang::En)
        .unwrap_err()
        .to_string();
    assert!(e.contains("rtta") && e.contains("PublicView"), "{e}");
}

#[test]
fn the_text_of_a_view_comes_from_its_games_provider() {
    let game = samples::pandoria_late(4, 7);
    let view = game.public_view();
    // Pandoria's own text: the board's column letters, not JSON; the private text names the
    // hand, which the public text does not show.
    let public = text::public("pandoria", &view, Lang::En);
    assert!(public.starts_with("     A   B   C"), "{public}");
    assert!(!public.contains('{'), "{public}");
    let seat = game.seat_view(game.current());
    let private = text::private("pandoria", &seat, Lang::En);
    let tile = seat.hand[0].to_string();
    assert!(
        private.contains("Your tile") && private.contains(&tile),
        "{private}"
    );
    assert_eq!(
        text::public("rtta", &view, Lang::En).split(':').next(),
        Some("(cannot read the view")
    );
}
