//! Pandoria pictures: the public table (board and tableaus) and a seat's private pictures
//! (hand, hand cards, tile preview), drawn from core's typed views by the game's picture
//! provider (`PICTURES`).
//!
//! The board is drawn in three passes: the static layer (mountains, exit paths, lakes and
//! ships, the empty plain with its coordinates, start spaces, the rim coordinates) drawn once
//! per process; the land and figures of the view as cached sprites; highlights and text.
//!
//! Files: `art.rs` (the sprites, built once into `Art`), `board.rs` (the board layer and a
//! view on it), `legend.rs`, `tableau.rs` (the header with the market and the seat panels),
//! `preview.rs` (the hand and tile preview pictures) and `cards.rs` (the hand cards picture);
//! this file holds the board geometry and puts the public picture together.

mod art;
mod board;
mod cards;
mod extras;
mod legend;
mod preview;
mod summary;
mod tableau;
mod text;

pub(crate) use cards::{cards, cards_alt};
pub(crate) use preview::{hand, hand_alt, preview, preview_alt};

use std::sync::OnceLock;

use image::RgbImage;
use turnpost_core::hex::{COLUMNS, Hex, ROWS};
use turnpost_core::pandoria::{BoardSide, PublicView, SeatView, Terrain, Tile};
use turnpost_core::t;
use turnpost_core::words::{Lang, Text};

use super::draw::{Canvas, Sprite};
use super::palette::{PAPER, PlayerMark};
use super::pictures::GamePictures;
use super::summary::Summary;
use super::text::{Fonts, Style, Weight};
use board::draw_board;
use extras::TableExtras;
use legend::{draw_legend, legend_height};
use tableau::{draw_panels, layout_panels};

/// Circumradius of a board hex in pixels.
const R: f32 = 36.0;
/// Space around the board for the rim coordinates.
const MARGIN: f32 = 30.0;
/// Width of the column of tableaus right of the board.
const PANEL_W: u32 = 610;
/// Gap between board and tableaus, and around the tableaus.
const GAP: u32 = 12;

/// Text sizes used by the Pandoria pictures (warmed into the glyph cache up front).
pub(crate) const TEXT_SIZES: &[(Weight, f32)] = &[
    (Weight::Regular, 15.0),
    (Weight::Bold, 15.0),
    (Weight::Regular, 17.0),
    (Weight::Bold, 17.0),
    (Weight::Regular, 18.0),
    (Weight::Bold, 18.0),
    (Weight::Bold, 22.0),
    (Weight::Bold, 28.0),
    // The pictures a player reads on a phone: the tile preview, hand and cards.
    (Weight::Regular, 22.0),
    (Weight::Regular, 26.0),
    (Weight::Bold, 26.0),
];

const LABEL: f32 = 15.0;

fn hex_height() -> f32 {
    3f32.sqrt() * R
}

/// The centre of a hex in board-layer pixels.
fn centre(hex: Hex) -> (f32, f32) {
    let h = hex_height();
    let col = f32::from(hex.col());
    let x = MARGIN + R + col * 1.5 * R;
    let y = MARGIN
        + h / 2.0
        + f32::from(hex.row()) * h
        + if hex.col() % 2 == 1 { h / 2.0 } else { 0.0 };
    (x, y)
}

fn centre_px(hex: Hex) -> (i32, i32) {
    let (x, y) = centre(hex);
    (x.round() as i32, y.round() as i32)
}

/// The size of the board layer.
fn board_size() -> (u32, u32) {
    let w = 2.0 * MARGIN + 1.5 * R * f32::from(COLUMNS - 1) + 2.0 * R;
    let h = 2.0 * MARGIN + hex_height() * (f32::from(ROWS) + 0.5);
    (w.ceil() as u32, h.ceil() as u32)
}

impl Art {
    /// Every sprite and both sides' static board layers (drawn once per renderer).
    pub(crate) fn new(fonts: &Fonts) -> Art {
        let boards = [BoardSide::Pandoria, BoardSide::River]
            .into_iter()
            .map(|side| board::board_layer(fonts, side))
            .collect();
        Art::with_boards(boards)
    }
}

/// Everything Pandoria draws from, built once per process.
pub(crate) struct Art {
    /// The static board with rim coordinates, labels of the empty plain and start spaces.
    /// The static board of each side (Pandoria, River), in `BoardSide` order.
    boards: Vec<RgbImage>,
    /// Terrain × symbols (1, 2) × printed.
    land: Vec<Sprite>,
    exits_lit: Vec<Sprite>,
    castle_ground: Sprite,
    /// Artifacts: the rock under a mountain castle on an exit path, and an artifact gem.
    mountain_ground: Sprite,
    artifact: Sprite,
    last_move: Sprite,
    /// Per player colour: the ring on a tile or castle that seat placed in its latest turn,
    /// the halo behind a figure it placed or moved, and the six edges of a region it closed
    /// (what changed since the player to act last played).
    changed_rings: Vec<Sprite>,
    changed_halos: Vec<Sprite>,
    changed_edges: Vec<Vec<Sprite>>,
    /// One per hex edge, for the outline of regions closed this turn.
    closed_edges: Vec<Sprite>,
    rage_region: Sprite,
    rage_halo: Sprite,
    choice_tile: Sprite,
    choice_castle: Sprite,
    /// The preview's marks for a single tile's gap and a mountain castle's exit path.
    choice_single: Sprite,
    choice_mountain: Sprite,
    /// Per player colour (in `pandoria::COLOURS` order).
    marks: Vec<PlayerMark>,
    workers: Vec<Sprite>,
    leaders: Vec<Sprite>,
    castles: Vec<Sprite>,
    small_workers: Vec<Sprite>,
    small_leaders: Vec<Sprite>,
    small_castles: Vec<Sprite>,
    tile_icon: Sprite,
    /// Crystal, gold, wood (for costs), city (for the legend).
    resource_icons: Vec<Sprite>,
    /// Small versions of the board marks, for the legend: last move, exit in use, printed,
    /// closed this turn, Rage target, changed in a player's latest turn.
    legend_marks: Vec<Sprite>,
    /// Hand tiles in the private pictures are drawn larger.
    hand_land: Vec<Sprite>,
    /// An empty plain space and a start space, without their small coordinate: the tile
    /// preview covers those (it labels the spaces that matter large).
    plain: [Sprite; 2],
}

impl std::fmt::Debug for Art {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("pandoria::Art")
            .field("board", &self.boards[0].dimensions())
            .finish_non_exhaustive()
    }
}

/// Pandoria's picture provider (see [`crate::registry`]).
pub(crate) static PICTURES: Pictures = Pictures {
    art: OnceLock::new(),
};

/// Pandoria's pictures and text, with the static art built on first use.
pub(crate) struct Pictures {
    art: OnceLock<Art>,
}

impl std::fmt::Debug for Pictures {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("pandoria::Pictures")
            .field("art", &self.art.get())
            .finish()
    }
}

impl Pictures {
    fn art(&self, fonts: &Fonts) -> &Art {
        self.art.get_or_init(|| Art::new(fonts))
    }
}

impl GamePictures for Pictures {
    type Public = PublicView;
    type Seat = SeatView;
    const GAME: &'static str = <turnpost_core::pandoria::Pandoria as turnpost_core::Game>::NAME;
    const TITLE: &'static str = "Pandoria";

    fn prepare(&self, fonts: &Fonts) {
        fonts.warm(TEXT_SIZES);
        self.art(fonts);
    }

    /// The board, the tableaus and the state of play.
    fn public(&self, fonts: &Fonts, view: &PublicView, lang: Lang) -> RgbImage {
        public(
            self.art(fonts),
            fonts,
            view,
            &extras::table(view, lang),
            lang,
        )
        .image
    }

    fn summary(&self, view: &PublicView) -> Summary {
        summary::summary(view)
    }

    fn private_names(&self, view: &SeatView) -> Vec<&'static str> {
        private_names(view)
    }

    /// The hand tiles, the hand cards (both sides with costs, effects and price) or the
    /// board with every legal space for the hand tile and castles marked.
    fn private(&self, fonts: &Fonts, view: &SeatView, name: &str, lang: Lang) -> RgbImage {
        let art = self.art(fonts);
        match name {
            CARDS => cards(art, fonts, view, &extras::hand_cards(view, lang), lang).image,
            PREVIEW => preview(art, fonts, view, lang).image,
            _ => hand(art, fonts, view, lang).image,
        }
    }

    fn private_alt(&self, view: &SeatView, name: &str, lang: Lang) -> String {
        match name {
            CARDS => cards_alt(view, &extras::hand_cards(view, lang), lang),
            PREVIEW => preview_alt(view, lang),
            _ => hand_alt(view, lang),
        }
    }

    fn public_text(&self, view: &PublicView, lang: Lang) -> String {
        text::public(view, lang)
    }

    fn private_text(&self, view: &SeatView, lang: Lang) -> String {
        text::private(view, lang)
    }
}

const HAND: &str = "pandoria-hand.png";
const CARDS: &str = "pandoria-cards.png";
const PREVIEW: &str = "pandoria-tile-preview.png";

/// A seat's private pictures by file name: the hand, the cards when it holds any, and the
/// tile preview with its own placing decision only.
fn private_names(view: &SeatView) -> Vec<&'static str> {
    let mut names = vec![HAND];
    if !view.cards.is_empty() {
        names.push(CARDS);
    }
    if !view.placements.is_empty()
        || !view.castle_spaces.is_empty()
        || !view.single_spaces.is_empty()
        || !view.mountain_spaces.is_empty()
    {
        names.push(PREVIEW);
    }
    names
}

fn land_index(t: Terrain, symbols: u8, printed: bool) -> usize {
    let t = Terrain::ALL.iter().position(|&x| x == t).unwrap_or(0);
    t * 4 + usize::from(symbols.clamp(1, 2) - 1) * 2 + usize::from(printed)
}

/// The public picture: board left, header and tableaus right.
///
/// `extra` holds the base-game parts of the view (see [`extras`]); empty for the family
/// game.
pub(crate) fn public(
    art: &Art,
    fonts: &Fonts,
    view: &PublicView,
    extra: &TableExtras,
    lang: Lang,
) -> Canvas {
    let board = art.board(view.options.board);
    let (bw, bh) = board.dimensions();
    let panels = layout_panels(view, extra);
    // There is always a legend: under the tableaus when they leave room, else under the
    // board (the picture grows for it when it must).
    let board_w = bw - 2 * MARGIN as u32;
    let mut height = bh.max(panels.height + GAP);
    let legend_under_panels = height
        >= panels.height + legend_height(art, fonts, view, PANEL_W, lang) + GAP
        && height < bh + legend_height(art, fonts, view, board_w, lang) + GAP;
    let legend_under_board = !legend_under_panels;
    if legend_under_board {
        height = height.max(bh + legend_height(art, fonts, view, board_w, lang) + GAP);
    }
    let mut canvas = Canvas::new(bw + PANEL_W + GAP * 2, height, PAPER);
    canvas.paste(board, 0, 0);
    draw_board(art, fonts, &mut canvas, view, Some(lang));
    if legend_under_board {
        draw_legend(
            art,
            fonts,
            &mut canvas,
            view,
            (MARGIN as i32, bh as i32, bw - 2 * MARGIN as u32),
            lang,
        );
    } else if legend_under_panels {
        draw_legend(
            art,
            fonts,
            &mut canvas,
            view,
            ((bw + GAP) as i32, panels.height as i32, PANEL_W),
            lang,
        );
    }
    draw_panels(
        art,
        fonts,
        &mut canvas,
        view,
        extra,
        &panels,
        (bw + GAP) as i32,
        lang,
    );
    canvas
}

/// A tile in words: each half's terrain and symbols (`forest 2·mountain 1`, as the log
/// writes it).
fn tile_text(tile: &Tile) -> Text {
    tile_words(tile, false)
}

/// A tile in words, with spaces around the dot between its halves where `spaced`
/// (`forest 2 · mountain 1`: under a tile drawn large).
fn tile_words(tile: &Tile, spaced: bool) -> Text {
    let half = |h: &turnpost_core::pandoria::Half| {
        t!(
            "render-pandoria-half",
            terrain = h.terrain.text(),
            n = h.symbols
        )
    };
    match (&tile.b, spaced) {
        (Some(b), false) => t!("render-pandoria-tile", a = half(&tile.a), b = half(b)),
        (Some(b), true) => t!(
            "render-pandoria-tile-spaced",
            a = half(&tile.a),
            b = half(b)
        ),
        (None, _) => half(&tile.a),
    }
}

/// Shortens a text with an ellipsis until it fits `max` pixels.
fn fit(fonts: &Fonts, style: Style, text: &str, max: f32) -> String {
    fonts.fit(style, text, max)
}

#[cfg(test)]
mod tests {
    use super::*;
    use turnpost_core::Game;
    use turnpost_core::pandoria::Mode;

    #[test]
    fn every_player_count_and_mode_gets_a_legend() {
        let fonts = Fonts::new();
        let art = Art::new(&fonts);
        for mode in [
            Mode::Family,
            Mode::FamilySpells,
            Mode::Beginner,
            Mode::Standard,
        ] {
            for players in 2..=4 {
                let view = crate::samples::pandoria_late_in(mode, players, 7).public_view();
                let extra = extras::table(&view, Lang::En);
                let picture = public(&art, &fonts, &view, &extra, Lang::En);
                let (bw, bh) = art.board(view.options.board).dimensions();
                let panels = layout_panels(&view, &extra);
                let under_board = picture.image.height()
                    >= bh
                        + legend_height(&art, &fonts, &view, bw - 2 * MARGIN as u32, Lang::En)
                        + GAP;
                let under_panels = picture.image.height()
                    >= panels.height + legend_height(&art, &fonts, &view, PANEL_W, Lang::En) + GAP;
                assert!(
                    under_board || under_panels,
                    "{mode:?}, {players} players: no room for the legend"
                );
            }
        }
    }

    #[test]
    fn the_fairies_camp_of_8_is_drawn_and_explained() {
        use turnpost_core::pandoria::{Options, Pandoria, Realm, RealmAssignment};
        let fonts = Fonts::new();
        let art = Art::new(&fonts);
        let shut = "shut box: the Fairies' camp holds 8";
        let labels = |realm| {
            let options = Options {
                mode: Mode::Standard,
                realms: RealmAssignment::SameChosen,
                realm: Some(realm),
                ..Options::default()
            };
            let g = Pandoria::new(&options, 2, turnpost_core::Seed::from_u64(1)).unwrap();
            let view = g.public_view();
            let camps: Vec<u64> = extras::table(&view, Lang::En)
                .seats
                .iter()
                .map(|s| s.camp)
                .collect();
            let labels: Vec<String> = legend::legend_items(&art, &view, Lang::En)
                .into_iter()
                .map(|(_, l)| l)
                .collect();
            (camps, labels.iter().any(|l| l == shut))
        };
        assert_eq!(labels(Realm::Fairies), (vec![8, 8], true));
        assert_eq!(labels(Realm::Nymphs), (vec![10, 10], false));
    }
}
