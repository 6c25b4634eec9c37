//! Text: the DejaVu fonts (compiled in from the `dejavu` crate) and a cache of rasterized
//! glyphs, so a label costs a few table look-ups and one blend per glyph pixel instead of
//! outlining the glyph again (which is what imageproc's `draw_text_mut` does every call).
//!
//! Sizes are font sizes in pixels as CSS means them (the em square), so `Text::size(14.0)`
//! is the size a phone shows as 14 px text.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, RwLock};

use ab_glyph::{Font, FontRef, GlyphId, PxScale, ScaleFont, point};

use super::draw::{Canvas, Colour};

/// Regular or bold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Weight {
    /// DejaVu Sans.
    Regular,
    /// DejaVu Sans Bold.
    Bold,
}

/// How a run of text looks.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Style {
    pub(crate) weight: Weight,
    /// Font size in pixels (em).
    pub(crate) size: f32,
    pub(crate) colour: Colour,
}

impl Style {
    /// Regular text.
    pub(crate) fn regular(size: f32, colour: Colour) -> Style {
        Style {
            weight: Weight::Regular,
            size,
            colour,
        }
    }

    /// Bold text.
    pub(crate) fn bold(size: f32, colour: Colour) -> Style {
        Style {
            weight: Weight::Bold,
            size,
            colour,
        }
    }
}

/// Where a text is placed relative to the given x.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Align {
    Left,
    Centre,
    Right,
}

/// One run of text as a picture drew it, recorded by [`Fonts::recording`] (render's
/// text-capture hook): what the legibility tests measure (its size against the picture's
/// width) and check (that it lies inside the picture and is not cut short), and what the
/// words test checks (that it came through `Lang::render`, and that it stays inside its
/// box in every language).
#[derive(Clone, Debug, PartialEq)]
pub struct TextRun {
    /// The text.
    pub text: String,
    /// The whole text it is part of: the text given to `Fonts::wrap` or cut short by
    /// `Fonts::fit` (the rendered words), or the run itself.
    pub source: String,
    /// The box it must stay inside (a panel, a card, the picture), as `[left, top, right,
    /// bottom]` in pixels.
    pub bounds: [f32; 4],
    /// Its font size in pixels (em).
    pub size: f32,
    /// Its left and right edge in pixels (pen positions, kerning included).
    pub left: f32,
    /// See `left`.
    pub right: f32,
    /// The top of its capitals and the bottom of its descenders, in pixels.
    pub top: f32,
    /// See `top`.
    pub bottom: f32,
}

/// One rasterized glyph.
#[derive(Debug)]
struct Glyph {
    id: GlyphId,
    advance: f32,
    /// Offset of the coverage box from the pen position on the baseline.
    left: i32,
    top: i32,
    width: u32,
    coverage: Vec<u8>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Key {
    weight: Weight,
    /// Size in tenths of a pixel.
    size: u16,
    c: char,
}

/// The fonts and the glyph cache. Shared by every render; the cache only grows (by the few
/// characters and sizes the layouts use), behind a lock that is read-mostly. A
/// [`Renderer`](crate::Renderer) holds one and passes it to the picture providers
/// ([`Pictures`](crate::registry::Pictures)).
pub struct Fonts {
    regular: FontRef<'static>,
    bold: FontRef<'static>,
    /// Pixels of line height per pixel of em (the same for both DejaVu faces).
    height_per_em: f32,
    glyphs: RwLock<HashMap<Key, Arc<Glyph>>>,
    /// Every run drawn, when made by [`Fonts::recording`] (tests); `None` in the bot.
    recorded: Option<Mutex<Vec<TextRun>>>,
    /// While recording: the pieces `Fonts::wrap` and `Fonts::fit` made, each with the
    /// text it was made from, so a run knows its whole text.
    pieces: Option<Mutex<Vec<(String, String)>>>,
}

impl std::fmt::Debug for Fonts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let cached = self.glyphs.read().map(|g| g.len()).unwrap_or(0);
        f.debug_struct("Fonts")
            .field("cached_glyphs", &cached)
            .finish()
    }
}

impl Default for Fonts {
    fn default() -> Self {
        Fonts::new()
    }
}

impl Fonts {
    /// Loads DejaVu Sans and DejaVu Sans Bold.
    pub fn new() -> Fonts {
        let regular =
            FontRef::try_from_slice(dejavu::sans::regular()).expect("DejaVu Sans is a valid font");
        let bold =
            FontRef::try_from_slice(dejavu::sans::bold()).expect("DejaVu Sans Bold is valid");
        let upem = regular.units_per_em().unwrap_or(2048.0);
        let height_per_em = regular.height_unscaled() / upem;
        Fonts {
            regular,
            bold,
            height_per_em,
            glyphs: RwLock::new(HashMap::new()),
            recorded: None,
            pieces: None,
        }
    }

    /// Fonts that also record every run of text they draw ([`Fonts::take_runs`]), for
    /// tests that measure what a picture's text looks like on a phone.
    pub fn recording() -> Fonts {
        Fonts {
            recorded: Some(Mutex::new(Vec::new())),
            pieces: Some(Mutex::new(Vec::new())),
            ..Fonts::new()
        }
    }

    /// The runs drawn since the last call (empty unless made by [`Fonts::recording`]).
    pub fn take_runs(&self) -> Vec<TextRun> {
        if let Some(pieces) = &self.pieces {
            pieces.lock().unwrap_or_else(|e| e.into_inner()).clear();
        }
        self.recorded
            .as_ref()
            .map(|r| std::mem::take(&mut *r.lock().unwrap_or_else(|e| e.into_inner())))
            .unwrap_or_default()
    }

    /// While recording, remembers that `piece` was made from `whole`.
    fn note_piece(&self, piece: &str, whole: &str) {
        if let Some(pieces) = &self.pieces
            && piece != whole
        {
            let mut pieces = pieces.lock().unwrap_or_else(|e| e.into_inner());
            pieces.push((piece.to_string(), whole.to_string()));
        }
    }

    /// The whole text a drawn run is part of (see [`TextRun::source`]).
    fn source_of(&self, text: &str) -> String {
        let Some(pieces) = &self.pieces else {
            return text.to_string();
        };
        let pieces = pieces.lock().unwrap_or_else(|e| e.into_inner());
        let mut source = text.to_string();
        // A piece of a piece (a wrapped line cut short) leads back to the first whole.
        while let Some((_, whole)) = pieces.iter().rev().find(|(p, _)| *p == source) {
            if *whole == source {
                break;
            }
            source = whole.clone();
        }
        source
    }

    /// How tall a capital H drawn at `size` is, in pixels, measured on the glyph's outline.
    pub fn capital_height(&self, size: f32) -> f32 {
        let font = self.font(Weight::Regular);
        let glyph = font
            .glyph_id('H')
            .with_scale_and_position(self.scale(size), point(0.0, 0.0));
        font.outline_glyph(glyph)
            .map_or(self.cap_height(size), |g| g.px_bounds().height())
    }

    /// Rasterizes printable ASCII at the given sizes ahead of time.
    pub(crate) fn warm(&self, styles: &[(Weight, f32)]) {
        let ascii: String = (' '..='~').collect();
        for &(weight, size) in styles {
            self.ensure(weight, size, &ascii);
        }
    }

    fn font(&self, weight: Weight) -> &FontRef<'static> {
        match weight {
            Weight::Regular => &self.regular,
            Weight::Bold => &self.bold,
        }
    }

    fn scale(&self, size: f32) -> PxScale {
        PxScale::from(size * self.height_per_em)
    }

    fn key(weight: Weight, size: f32, c: char) -> Key {
        Key {
            weight,
            size: (size * 10.0).round() as u16,
            c,
        }
    }

    fn rasterize(&self, weight: Weight, size: f32, c: char) -> Glyph {
        let font = self.font(weight);
        let scale = self.scale(size);
        let scaled = font.as_scaled(scale);
        let id = font.glyph_id(c);
        let advance = scaled.h_advance(id);
        let glyph = id.with_scale_and_position(scale, point(0.0, 0.0));
        match font.outline_glyph(glyph) {
            Some(outlined) => {
                let b = outlined.px_bounds();
                let width = b.width() as u32;
                let height = b.height() as u32;
                let mut coverage = vec![0u8; (width * height) as usize];
                outlined.draw(|x, y, v| {
                    if x < width && y < height {
                        coverage[(y * width + x) as usize] = (v.clamp(0.0, 1.0) * 255.0) as u8;
                    }
                });
                Glyph {
                    id,
                    advance,
                    left: b.min.x as i32,
                    top: b.min.y as i32,
                    width,
                    coverage,
                }
            }
            None => Glyph {
                id,
                advance,
                left: 0,
                top: 0,
                width: 0,
                coverage: Vec::new(),
            },
        }
    }

    /// Makes sure every character of `text` is cached at this size.
    fn ensure(&self, weight: Weight, size: f32, text: &str) {
        let missing: Vec<char> = {
            let cache = self.glyphs.read().unwrap_or_else(|e| e.into_inner());
            text.chars()
                .filter(|&c| !cache.contains_key(&Self::key(weight, size, c)))
                .collect()
        };
        if missing.is_empty() {
            return;
        }
        let fresh: Vec<(Key, Arc<Glyph>)> = missing
            .into_iter()
            .map(|c| {
                (
                    Self::key(weight, size, c),
                    Arc::new(self.rasterize(weight, size, c)),
                )
            })
            .collect();
        let mut cache = self.glyphs.write().unwrap_or_else(|e| e.into_inner());
        cache.extend(fresh);
    }

    /// The glyphs of a text, cached.
    fn run(&self, style: Style, text: &str) -> Vec<Arc<Glyph>> {
        self.ensure(style.weight, style.size, text);
        let cache = self.glyphs.read().unwrap_or_else(|e| e.into_inner());
        text.chars()
            .filter_map(|c| cache.get(&Self::key(style.weight, style.size, c)).cloned())
            .collect()
    }

    fn kern(&self, style: Style, a: GlyphId, b: GlyphId) -> f32 {
        self.font(style.weight)
            .as_scaled(self.scale(style.size))
            .kern(a, b)
    }

    /// The width of a text in pixels.
    pub(crate) fn width(&self, style: Style, text: &str) -> f32 {
        let run = self.run(style, text);
        let mut w = 0.0;
        let mut prev: Option<GlyphId> = None;
        for g in &run {
            if let Some(p) = prev {
                w += self.kern(style, p, g.id);
            }
            w += g.advance;
            prev = Some(g.id);
        }
        w
    }

    /// The height of a capital letter above the baseline, for centring labels.
    pub(crate) fn cap_height(&self, size: f32) -> f32 {
        // DejaVu's capitals are 0.729 em tall.
        size * 0.729
    }

    /// Draws a text with its baseline at `y`; returns the x where the text ends.
    pub(crate) fn draw(
        &self,
        canvas: &mut Canvas,
        x: f32,
        y: f32,
        align: Align,
        style: Style,
        text: &str,
    ) -> f32 {
        let run = self.run(style, text);
        let mut positions = Vec::with_capacity(run.len());
        let mut pen = 0.0;
        let mut prev: Option<GlyphId> = None;
        for g in &run {
            if let Some(p) = prev {
                pen += self.kern(style, p, g.id);
            }
            positions.push(pen);
            pen += g.advance;
            prev = Some(g.id);
        }
        let start = match align {
            Align::Left => x,
            Align::Centre => x - pen / 2.0,
            Align::Right => x - pen,
        };
        if let Some(recorded) = &self.recorded {
            let source = self.source_of(text);
            recorded
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .push(TextRun {
                    text: text.to_string(),
                    source,
                    bounds: canvas.current_text_box(),
                    size: style.size,
                    left: start,
                    right: start + pen,
                    top: y - self.cap_height(style.size),
                    bottom: y + style.size * 0.24,
                });
        }
        let baseline = y.round() as i32;
        for (g, dx) in run.iter().zip(positions) {
            let gx = (start + dx).round() as i32 + g.left;
            canvas.mask(&g.coverage, g.width, gx, baseline + g.top, style.colour);
        }
        start + pen
    }

    /// A name in `style` that fits `max` pixels: at the largest size from `style`'s down to
    /// `smallest` at which it fits whole (a longer German name gets smaller, not cut), cut
    /// with an ellipsis at `smallest` only where none does.
    pub(crate) fn fitted(
        &self,
        style: Style,
        text: &str,
        max: f32,
        smallest: f32,
    ) -> (Style, String) {
        if self.width(style, text) <= max {
            return (style, text.to_string());
        }
        let style = self.shrunk(style, &[text], max, smallest);
        (style, self.fit(style, text, max))
    }

    /// `style` at the largest size from its own down to `smallest`, in half pixels, at which
    /// every one of `lines` fits `max` pixels; `smallest` when none does.
    pub(crate) fn shrunk(&self, style: Style, lines: &[&str], max: f32, smallest: f32) -> Style {
        let mut s = style;
        while s.size > smallest && lines.iter().any(|l| self.width(s, l) > max) {
            s.size = (s.size - 0.5).max(smallest);
        }
        s
    }

    /// A text wrapped in at most `most` lines of `max` pixels (the first `first` pixels where
    /// more follow it: a corner of the box is taken): at the largest size from `style`'s
    /// down to `smallest` at which it fits so whole; at `smallest`, its lines cut with an
    /// ellipsis, where none does.
    pub(crate) fn wrapped_in(
        &self,
        style: Style,
        text: &str,
        (first, max): (f32, f32),
        most: usize,
        smallest: f32,
    ) -> (Style, Vec<String>) {
        let mut s = style;
        loop {
            let lines = self.wrap(s, text, max);
            let room = |k: usize| {
                if k == 0 && lines.len() > 1 {
                    first
                } else {
                    max
                }
            };
            let whole = lines.len() <= most
                && lines
                    .iter()
                    .enumerate()
                    .all(|(k, l)| self.width(s, l) <= room(k));
            if whole || s.size <= smallest {
                let lines = lines
                    .iter()
                    .take(most)
                    .map(|l| self.fit(s, l, max))
                    .collect();
                return (s, lines);
            }
            s.size = (s.size - 0.5).max(smallest);
        }
    }

    /// Shortens a text with an ellipsis until it fits `max` pixels.
    pub(crate) fn fit(&self, style: Style, text: &str, max: f32) -> String {
        if self.width(style, text) <= max {
            return text.to_string();
        }
        let mut chars: Vec<char> = text.chars().collect();
        while chars.pop().is_some() {
            let t: String = chars.iter().collect::<String>() + "…";
            if self.width(style, &t) <= max {
                self.note_piece(&t, text);
                return t;
            }
        }
        String::new()
    }

    /// Wraps a text at spaces into lines of at most `max` pixels (a longer word gets a
    /// line of its own).
    pub(crate) fn wrap(&self, style: Style, text: &str, max: f32) -> Vec<String> {
        let mut lines = Vec::new();
        let mut line = String::new();
        for word in text.split_whitespace() {
            let candidate = if line.is_empty() {
                word.to_string()
            } else {
                format!("{line} {word}")
            };
            if line.is_empty() || self.width(style, &candidate) <= max {
                line = candidate;
            } else {
                lines.push(std::mem::take(&mut line));
                line = word.to_string();
            }
        }
        if !line.is_empty() {
            lines.push(line);
        }
        for l in &lines {
            self.note_piece(l, text);
        }
        lines
    }

    /// Draws a text centred on `(x, y)` (the middle of its capitals).
    pub(crate) fn centred(&self, canvas: &mut Canvas, x: f32, y: f32, style: Style, text: &str) {
        let baseline = y + self.cap_height(style.size) / 2.0;
        self.draw(canvas, x, baseline, Align::Centre, style, text);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_cached_measured_and_drawn() {
        let fonts = Fonts::new();
        let style = Style::bold(20.0, [0, 0, 0]);
        let w = fonts.width(style, "D7");
        assert!(w > 15.0 && w < 40.0, "{w}");
        let mut canvas = Canvas::new(60, 30, [255, 255, 255]);
        let end = fonts.draw(&mut canvas, 5.0, 22.0, Align::Left, style, "D7");
        assert!((end - 5.0 - w).abs() < 0.01);
        assert!(canvas.image.pixels().any(|p| p.0 == [0, 0, 0]));
        let cached = fonts.glyphs.read().unwrap().len();
        fonts.draw(&mut canvas, 5.0, 22.0, Align::Left, style, "7D");
        assert_eq!(fonts.glyphs.read().unwrap().len(), cached);
        // Characters outside ASCII work too.
        assert!(fonts.width(style, "·–★") > 10.0);
    }
}
