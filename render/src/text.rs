//! Text pictures of views, for terminals and logs: [`public`], [`private`] and [`seat`] take
//! any game's view and draw it through the game's provider in [`registry`]; each game's text
//! drawers live in its own module (`png/<game>/text.rs`).

use turnpost_core::Seat;
use turnpost_core::dynamic::AnyView;
use turnpost_core::t;
use turnpost_core::words::{Lang, ToText};

use crate::png::RenderError;
use crate::registry;

/// A public view as text in `lang`, drawn by the game's picture provider ([`registry`]). An
/// unknown game or a view of another type gives one line saying so.
pub fn public(game: &str, view: &dyn AnyView, lang: Lang) -> String {
    crate::install_words();
    match registry::provider(game).and_then(|p| p.public_text(view, lang)) {
        Ok(text) => text,
        Err(e) => unreadable(&e, lang),
    }
}

/// The private part of a seat's view as text in `lang` (never the public part again); empty
/// for games without secrets. An unknown game or a view of another type gives one line
/// saying so.
pub fn private(game: &str, seat_view: &dyn AnyView, lang: Lang) -> String {
    crate::install_words();
    match registry::provider(game).and_then(|p| p.private_text(seat_view, lang)) {
        Ok(text) => text,
        Err(e) => unreadable(&e, lang),
    }
}

/// The line shown instead of a view that cannot be drawn.
fn unreadable(e: &RenderError, lang: Lang) -> String {
    lang.render(&t!("render-unreadable", error = e.to_text()))
}

/// One seat's own line of the public text in `lang` where the game has one (Roll Through
/// the Ages' sheet); `None` for games with hands or a seat that is not there.
pub fn seat(game: &str, view: &dyn AnyView, seat: Seat, lang: Lang) -> Option<String> {
    crate::install_words();
    registry::provider(game)
        .and_then(|p| p.seat_text(view, seat, lang))
        .ok()
        .flatten()
}

#[cfg(test)]
mod tests {
    use super::*;
    use turnpost_core::Seed;

    #[test]
    fn a_roll_through_the_ages_table_reads_as_lines_not_json() {
        let g = turnpost_core::registry::new_game("rtta", &[], 2, Seed::from_u64(2)).unwrap();
        let text = public("rtta", &*g.public_view(), Lang::En);
        assert!(
            text.starts_with("Roll Through the Ages · round 1"),
            "{text}"
        );
        assert!(
            text.contains("Dice: 1:") && text.contains("Monuments: "),
            "{text}"
        );
        assert_eq!(
            text.lines()
                .filter(|l| l.contains(" points · 3 cities · food 3"))
                .count(),
            2,
            "{text}"
        );
        assert!(!text.contains('{'), "{text}");
    }
}
