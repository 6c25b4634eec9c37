//! The game-agnostic entry points the bot calls: typed views (type-erased, as `DynGame`
//! gives them) in, named PNGs out, small enough for Discord, for both games and for views
//! with the base game's parts.

#[path = "support/games.rs"]
mod games;
#[path = "support/samples.rs"]
mod samples;

use turnpost_core::pandoria::Mode;
use turnpost_core::registry::new_game;
use turnpost_core::rtta::OfferView;
use turnpost_core::words::Lang;
use turnpost_core::{Game, Seat, Seed};
use turnpost_render::Renderer;
use turnpost_render::png::{as_encoded, encode_png};
use turnpost_render::{private_pngs, public_png};

const MIB: usize = 1 << 20;

fn decode(png: &[u8]) -> image::RgbImage {
    image::load_from_memory(png).unwrap().to_rgb8()
}

#[test]
fn pandoria_public_and_private_pictures_come_from_typed_views() {
    let game = samples::pandoria_late(4, 7);
    let public = game.public_view();
    let png = public_png("pandoria", &public, Lang::En).unwrap();
    assert!(png.starts_with(b"\x89PNG"));
    assert!(png.len() < MIB, "{} bytes", png.len());
    // The file shows the drawn picture in its palette colours, exactly, and those are close
    // to what was drawn.
    let image = decode(&png);
    let drawn = Renderer::shared()
        .public_image("pandoria", &game.public_view(), Lang::En)
        .unwrap();
    assert_eq!(image, as_encoded(&drawn));
    let mean = image
        .as_raw()
        .iter()
        .zip(drawn.as_raw())
        .map(|(a, b)| f64::from(a.abs_diff(*b)))
        .sum::<f64>()
        / image.as_raw().len() as f64;
    assert!(mean < 0.6, "mean difference {mean:.3}");

    let seat = game.seat_view(game.current());
    let private = private_pngs("pandoria", &seat, Lang::En).unwrap();
    let names: Vec<&str> = private.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["pandoria-hand.png", "pandoria-tile-preview.png"]);
    for (_, png) in &private {
        assert!(png.len() < MIB);
    }
    // Another seat is not placing: no preview for it.
    let other = Seat((game.current().0 + 1) % 4);
    let private = private_pngs("pandoria", &game.seat_view(other), Lang::En).unwrap();
    assert_eq!(private.len(), 1);
}

#[test]
fn every_game_by_name_draws_from_its_dynamic_view() {
    for info in games::games() {
        let name = info.name;
        for players in info.players.clone() {
            let game = new_game(name, &[], players, Seed::from_u64(1)).unwrap();
            let png = public_png(name, &*game.public_view(), Lang::En).unwrap();
            assert!(decode(&png).width() > 500, "{name}");
            private_pngs(name, &*game.seat_view(Seat(0)), Lang::En).unwrap();
        }
    }
}

/// Every registered game's pictures (the test-only one included) have words within
/// Discord's limit for alt text, one for each picture, at every fourth decision of a game
/// and at its end.
#[test]
fn every_registered_games_pictures_have_words_within_discords_limit() {
    use turnpost_render::{private_pictures, public_pictures};
    for info in games::games() {
        let players = *info.players.end();
        let mut game = new_game(info.name, &[], players, Seed::from_u64(2)).unwrap();
        let mut picker = samples::Picker::new(2);
        let (mut checked, mut step) = (0, 0);
        loop {
            step += 1;
            if step % 4 != 1 && game.decision().is_some() {
                let d = game.decision().unwrap();
                let legal = game.legal_notations(d.seat);
                game.play(d.seat, &legal[picker.below(legal.len())])
                    .unwrap();
                continue;
            }
            let mut pictures = public_pictures(info.name, &*game.public_view(), Lang::En).unwrap();
            assert_eq!(pictures.len(), 2, "{}: the glance and the board", info.name);
            for seat in 0..players {
                let seat_view = game.seat_view(Seat(seat as u8));
                pictures.extend(private_pictures(info.name, &*seat_view, Lang::En).unwrap());
            }
            for p in &pictures {
                let n = p.alt.chars().count();
                assert!(n > 20 && n <= 1024, "{}: {n} characters: {}", p.name, p.alt);
                assert!(p.name.starts_with(info.name), "{}", p.name);
            }
            checked += 1;
            let Some(d) = game.decision() else { break };
            let legal = game.legal_notations(d.seat);
            game.play(d.seat, &legal[picker.below(legal.len())])
                .unwrap();
        }
        assert!(checked > 1, "{}", info.name);
    }
}

#[test]
fn rtta_late_game_is_small_enough() {
    let game = samples::rtta_after(4, 3, 12);
    let png = public_png("rtta", &game.public_view(), Lang::En).unwrap();
    assert!(png.len() < MIB, "{} bytes", png.len());
}

#[test]
fn base_game_parts_appear_when_the_view_has_them() {
    let r = Renderer::shared();
    let family = samples::pandoria_late(4, 7);
    let standard = samples::pandoria_late_in(Mode::Standard, 4, 7);
    let plain = r
        .public_image("pandoria", &family.public_view(), Lang::En)
        .unwrap();
    let full = r
        .public_image("pandoria", &standard.public_view(), Lang::En)
        .unwrap();
    assert!(full.height() > plain.height());
    let png = encode_png(&full).unwrap();
    assert!(png.len() < MIB, "{} bytes", png.len());
    let seat = standard.seat_view(standard.current());
    let names: Vec<String> = private_pngs("pandoria", &seat, Lang::En)
        .unwrap()
        .into_iter()
        .map(|(n, _)| n)
        .collect();
    assert!(
        names.contains(&"pandoria-cards.png".to_string()),
        "{names:?}"
    );
}

#[test]
fn closed_regions_and_the_rage_target_are_marked_on_the_board() {
    use turnpost_core::pandoria::{RageTarget, Region};
    let game = samples::pandoria_late(4, 7);
    let plain = game.public_view();
    let mut marked = plain.clone();
    let land = plain
        .land
        .iter()
        .find(|l| l.terrain.is_some())
        .expect("land on a late board");
    let figure = plain.figures[0].clone();
    marked.closed = vec![Region {
        terrain: land.terrain.unwrap(),
        at: land.at,
        hexes: vec![land.at],
        symbols: u16::from(land.symbols),
    }];
    marked.rage = Some(RageTarget {
        worker: figure.at,
        region: land.at,
        times: 2,
    });
    let r = Renderer::shared();
    let before = r.public_image("pandoria", &plain, Lang::En).unwrap();
    let after = r.public_image("pandoria", &marked, Lang::En).unwrap();
    assert_eq!(before.dimensions(), after.dimensions());
    assert_ne!(before, after);
    // The outline's magenta and the Rage red appear only with the marks.
    let count = |image: &image::RgbImage, c: [u8; 3]| image.pixels().filter(|p| p.0 == c).count();
    assert_eq!(count(&before, [196, 30, 150]), 0);
    assert!(count(&after, [196, 30, 150]) > 50);
    assert!(count(&after, [150, 20, 30]) > count(&before, [150, 20, 30]) + 50);
}

#[test]
fn a_pending_trade_offer_is_drawn_on_the_rtta_picture() {
    let mut view = samples::rtta_after(4, 3, 6).public_view();
    let r = Renderer::shared();
    let before = r.public_image("rtta", &view, Lang::En).unwrap();
    view.offer = Some(OfferView {
        from: Seat(0),
        to: Some(Seat(1)),
        give: [("wood", 2), ("food", 1)].into(),
        get: [("stone", 1)].into(),
    });
    let after = r.public_image("rtta", &view, Lang::En).unwrap();
    assert_eq!(before.dimensions(), after.dimensions());
    assert_ne!(before, after);
    // An offer still being prepared has no partner yet and draws too.
    if let Some(offer) = &mut view.offer {
        offer.to = None;
    }
    let preparing = r.public_image("rtta", &view, Lang::En).unwrap();
    assert_ne!(preparing, after);
}

/// Every picture comes with its words (alt text): not empty, within Discord's 1,024
/// characters, and saying what the picture shows — the board's standings, the preview's
/// spaces, the cards' names and effects.
#[test]
fn every_picture_has_words_within_discords_limit() {
    use turnpost_render::{private_pictures, public_pictures};
    let game = samples::pandoria_late_in(Mode::Standard, 4, 7);
    let public = public_pictures("pandoria", &game.public_view(), Lang::En).unwrap();
    let seat = game.seat_view(game.current());
    let private = private_pictures("pandoria", &seat, Lang::En).unwrap();
    let rtta = samples::rtta_after(4, 3, 6);
    let rtta_public = public_pictures("rtta", &rtta.public_view(), Lang::En).unwrap();
    let names: Vec<&str> = public
        .iter()
        .chain(&private)
        .chain(&rtta_public)
        .map(|p| p.name.as_str())
        .collect();
    assert_eq!(
        names,
        [
            "pandoria-glance.png",
            "pandoria-board.png",
            "pandoria-hand.png",
            "pandoria-cards.png",
            "pandoria-tile-preview.png",
            "rtta-glance.png",
            "rtta-board.png"
        ]
    );
    for p in public.iter().chain(&private).chain(&rtta_public) {
        let n = p.alt.chars().count();
        assert!(n > 20 && n <= 1024, "{}: {n} characters: {}", p.name, p.alt);
        println!("{}: {}", p.name, p.alt);
    }
    let leader = game
        .public_view()
        .seats
        .iter()
        .max_by_key(|s| s.score)
        .map(|s| s.colour.clone())
        .unwrap();
    assert!(
        public[1].alt.starts_with("Pandoria board"),
        "{}",
        public[1].alt
    );
    assert!(
        public[1].alt.contains(&format!("{leader} leads")),
        "{}",
        public[1].alt
    );
    let first = seat.placements[0][0].to_string();
    assert!(private[2].alt.starts_with("Where "), "{}", private[2].alt);
    assert!(private[2].alt.contains(&first), "{}", private[2].alt);
    let card = &seat.cards[0];
    assert!(
        private[1].alt.contains(&card.building.label.to_string()),
        "{}",
        private[1].alt
    );
    assert!(
        private[1]
            .alt
            .contains(card.spell.text.to_string().trim_end_matches('.')),
        "{}",
        private[1].alt
    );
    assert!(
        rtta_public[1]
            .alt
            .starts_with("Roll Through the Ages board")
    );
}
