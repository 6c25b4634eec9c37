//! Text pictures of views, for terminals and logs: [`public`], [`private`] and [`seat`] take
//! any game's view and draw it through the game's provider in [`registry`]; each game's text
//! drawers live in its own module (`png/<game>/text.rs`).

use turnpost_core::Seat;
use turnpost_core::dynamic::AnyView;

use crate::png::RenderError;
use crate::registry;

/// A public view as text, drawn by the game's picture provider ([`registry`]). An unknown
/// game or a view of another type gives one line saying so.
pub fn public(game: &str, view: &dyn AnyView) -> String {
    match registry::provider(game).and_then(|p| p.public_text(view)) {
        Ok(text) => text,
        Err(e) => unreadable(&e),
    }
}

/// The private part of a seat's view as text (never the public part again); empty for games
/// without secrets. An unknown game or a view of another type gives one line saying so.
pub fn private(game: &str, seat_view: &dyn AnyView) -> String {
    match registry::provider(game).and_then(|p| p.private_text(seat_view)) {
        Ok(text) => text,
        Err(e) => unreadable(&e),
    }
}

/// The line shown instead of a view that cannot be drawn.
fn unreadable(e: &RenderError) -> String {
    match e {
        RenderError::BadView { reason, .. } => format!("(cannot read the view: {reason})"),
        other => format!("(cannot read the view: {other})"),
    }
}

/// One seat's own line of the public text where the game has one (Roll Through the Ages'
/// sheet); `None` for games with hands or a seat that is not there.
pub fn seat(game: &str, view: &dyn AnyView, seat: Seat) -> Option<String> {
    registry::provider(game)
        .and_then(|p| p.seat_text(view, seat))
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
        let text = public("rtta", &*g.public_view());
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
