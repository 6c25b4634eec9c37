//! The picture provider of one game: [`GamePictures`] is what a game writes, with its own
//! view types; [`Pictures`] is the same with the view's type erased, which the registry
//! holds. Every `GamePictures` is a `Pictures`: the view is downcast here, once for all
//! games, and the glance and the words of the public pictures are drawn from the game's
//! [`Summary`] by the shared code of `summary.rs`.

use std::any::type_name;
use std::fmt;

use image::RgbImage;
use turnpost_core::Seat;
use turnpost_core::dynamic::AnyView;
use turnpost_core::words::Lang;

use super::RenderError;
use super::summary::{self, Summary};
use super::text::Fonts;

/// What render draws for one game, with the game's own view types. A game's module in
/// render implements it and the registry lists it ([`crate::registry::register`] adds one
/// at run time, for a game that is not compiled into the library).
pub trait GamePictures: Send + Sync + fmt::Debug + 'static {
    /// The game's public view (`turnpost_core::pandoria::PublicView`).
    type Public: 'static;
    /// A seat's view: the game's `SeatView`, or its public view for a game without secrets.
    type Seat: 'static;
    /// The game's name, as in `turnpost_core::registry` (`pandoria`).
    const GAME: &'static str;
    /// The game's title, for the words of the board picture (`Roll Through the Ages`): a
    /// name, the same in every language.
    const TITLE: &'static str;

    /// Builds the game's static art and warms the glyph cache of `fonts` with the game's
    /// text sizes, so the first picture is as quick as the others. Drawing works without it.
    fn prepare(&self, fonts: &Fonts) {
        let _ = fonts;
    }

    /// The public picture (the board), its words in `lang`.
    fn public(&self, fonts: &Fonts, view: &Self::Public, lang: Lang) -> RgbImage;

    /// What the glance shows (typed words, in no language yet), which also gives the words
    /// of both public pictures.
    fn summary(&self, view: &Self::Public) -> Summary;

    /// The file names of a seat's private pictures now, in the order they are shown; none
    /// by default (no secrets).
    fn private_names(&self, view: &Self::Seat) -> Vec<&'static str> {
        let _ = view;
        Vec::new()
    }

    /// The private picture of that name (one of [`GamePictures::private_names`]), its words
    /// in `lang`.
    fn private(&self, fonts: &Fonts, view: &Self::Seat, name: &str, lang: Lang) -> RgbImage {
        let _ = (fonts, view, name, lang);
        RgbImage::new(1, 1)
    }

    /// The words of the private picture of that name (its alt text), in `lang`.
    fn private_alt(&self, view: &Self::Seat, name: &str, lang: Lang) -> String {
        let _ = (view, name, lang);
        String::new()
    }

    /// The public view as text (terminal), in `lang`.
    fn public_text(&self, view: &Self::Public, lang: Lang) -> String;

    /// The private part of a seat view as text (never the public part again), in `lang`;
    /// empty by default (no secrets).
    fn private_text(&self, view: &Self::Seat, lang: Lang) -> String {
        let _ = (view, lang);
        String::new()
    }

    /// One seat's own line of the public text (its sheet), where the game has one.
    fn seat_text(&self, view: &Self::Public, seat: Seat, lang: Lang) -> Option<String> {
        let _ = (view, seat, lang);
        None
    }
}

/// What render knows how to draw for one game, with the view's type erased (see
/// [`GamePictures`], which every game implements). Every picture and text is drawn in the
/// reader's language (`lang`).
pub trait Pictures: Send + Sync + fmt::Debug {
    /// The game's name, as in `turnpost_core::registry` (`pandoria`).
    fn game(&self) -> &'static str;

    /// Builds the game's static art and warms the glyph cache ([`GamePictures::prepare`]);
    /// [`Renderer::new`](crate::Renderer::new) calls it for every game.
    fn prepare(&self, fonts: &Fonts);

    /// The public picture of the game's public view.
    fn public(
        &self,
        fonts: &Fonts,
        view: &dyn AnyView,
        lang: Lang,
    ) -> Result<RgbImage, RenderError>;

    /// The glance picture of the public view (see `png/summary.rs`): whose turn and
    /// what to do, every seat's points and stock, what happened since the player to act
    /// last played — in text that reads on a phone.
    fn summary(
        &self,
        fonts: &Fonts,
        view: &dyn AnyView,
        lang: Lang,
    ) -> Result<RgbImage, RenderError>;

    /// A seat's private pictures as (file name, image); empty for games without secrets.
    fn private(
        &self,
        fonts: &Fonts,
        seat_view: &dyn AnyView,
        lang: Lang,
    ) -> Result<Vec<(String, RgbImage)>, RenderError>;

    /// One of a seat's private pictures by its file name; `None` when the seat has no
    /// picture of that name now.
    fn private_one(
        &self,
        fonts: &Fonts,
        seat_view: &dyn AnyView,
        name: &str,
        lang: Lang,
    ) -> Result<Option<RgbImage>, RenderError>;

    /// The words of the public pictures (their alt text), from the public view only:
    /// `[glance, board]`.
    fn public_alt(&self, view: &dyn AnyView, lang: Lang) -> Result<[String; 2], RenderError>;

    /// The words of each private picture (its alt text) as (file name, words), in the
    /// order and with the names of [`Pictures::private`].
    fn private_alt(
        &self,
        seat_view: &dyn AnyView,
        lang: Lang,
    ) -> Result<Vec<(String, String)>, RenderError>;

    /// The public view as text (terminal).
    fn public_text(&self, view: &dyn AnyView, lang: Lang) -> Result<String, RenderError>;

    /// The private part of a seat view as text (never the public part again); empty for
    /// games without secrets.
    fn private_text(&self, seat_view: &dyn AnyView, lang: Lang) -> Result<String, RenderError>;

    /// One seat's own line of the public text (its sheet), where the game has one; games
    /// with secrets answer a seat's hand with [`Pictures::private_text`] instead.
    fn seat_text(
        &self,
        view: &dyn AnyView,
        seat: Seat,
        lang: Lang,
    ) -> Result<Option<String>, RenderError>;
}

impl<P: GamePictures> Pictures for P {
    fn game(&self) -> &'static str {
        P::GAME
    }
    fn prepare(&self, fonts: &Fonts) {
        GamePictures::prepare(self, fonts);
    }
    fn public(
        &self,
        fonts: &Fonts,
        view: &dyn AnyView,
        lang: Lang,
    ) -> Result<RgbImage, RenderError> {
        Ok(GamePictures::public(
            self,
            fonts,
            downcast(P::GAME, view)?,
            lang,
        ))
    }
    fn summary(
        &self,
        fonts: &Fonts,
        view: &dyn AnyView,
        lang: Lang,
    ) -> Result<RgbImage, RenderError> {
        let summary = GamePictures::summary(self, downcast(P::GAME, view)?);
        Ok(summary::draw(fonts, &summary, lang))
    }
    fn private(
        &self,
        fonts: &Fonts,
        seat_view: &dyn AnyView,
        lang: Lang,
    ) -> Result<Vec<(String, RgbImage)>, RenderError> {
        each_private(self, seat_view, |view, name| {
            GamePictures::private(self, fonts, view, name, lang)
        })
    }
    fn private_one(
        &self,
        fonts: &Fonts,
        seat_view: &dyn AnyView,
        name: &str,
        lang: Lang,
    ) -> Result<Option<RgbImage>, RenderError> {
        let view = downcast(P::GAME, seat_view)?;
        Ok(self
            .private_names(view)
            .contains(&name)
            .then(|| GamePictures::private(self, fonts, view, name, lang)))
    }
    fn public_alt(&self, view: &dyn AnyView, lang: Lang) -> Result<[String; 2], RenderError> {
        let s = GamePictures::summary(self, downcast(P::GAME, view)?);
        Ok([
            summary::glance_alt(&s, lang),
            summary::board_alt(P::TITLE, &s, lang),
        ])
    }
    fn private_alt(
        &self,
        seat_view: &dyn AnyView,
        lang: Lang,
    ) -> Result<Vec<(String, String)>, RenderError> {
        each_private(self, seat_view, |view, name| {
            summary::clip_alt(GamePictures::private_alt(self, view, name, lang))
        })
    }
    fn public_text(&self, view: &dyn AnyView, lang: Lang) -> Result<String, RenderError> {
        Ok(GamePictures::public_text(
            self,
            downcast(P::GAME, view)?,
            lang,
        ))
    }
    fn private_text(&self, seat_view: &dyn AnyView, lang: Lang) -> Result<String, RenderError> {
        Ok(GamePictures::private_text(
            self,
            downcast(P::GAME, seat_view)?,
            lang,
        ))
    }
    fn seat_text(
        &self,
        view: &dyn AnyView,
        seat: Seat,
        lang: Lang,
    ) -> Result<Option<String>, RenderError> {
        Ok(GamePictures::seat_text(
            self,
            downcast(P::GAME, view)?,
            seat,
            lang,
        ))
    }
}

/// `make` for each of a seat's private pictures, by file name.
fn each_private<P: GamePictures, T>(
    pictures: &P,
    seat_view: &dyn AnyView,
    make: impl Fn(&P::Seat, &str) -> T,
) -> Result<Vec<(String, T)>, RenderError> {
    let view = downcast(P::GAME, seat_view)?;
    Ok(pictures
        .private_names(view)
        .into_iter()
        .map(|name| (name.to_string(), make(view, name)))
        .collect())
}

/// The view as the game's view type `T`, or [`RenderError::BadView`] when it is another
/// type (a view of another game, or a seat view where a public view belongs).
fn downcast<'v, T: 'static>(game: &str, view: &'v dyn AnyView) -> Result<&'v T, RenderError> {
    view.as_any()
        .downcast_ref::<T>()
        .ok_or_else(|| RenderError::BadView {
            game: game.to_string(),
            expected: type_name::<T>(),
        })
}
