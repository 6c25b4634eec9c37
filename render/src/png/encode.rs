//! PNG encoding with a palette of at most 256 colours, chosen per picture.
//!
//! The pictures are flat by design: paper, panels, terrain, player colours, ink, and the
//! anti-aliased edges between them. A histogram over 15-bit colours (5 bits a channel)
//! finds the colours a picture uses; the 256 most used become the palette (each the first
//! colour met in its bucket, so a flat colour keeps its exact value), and every other
//! bucket — edge blends, a few pixels each — takes the nearest palette colour. One byte a pixel instead
//! of three: the file is less than half the size and deflates faster. The loss is bounded
//! per bucket (a flat colour is exact to within its bucket's spread; a rare blend moves to
//! its nearest neighbour), which the test below measures.

use image::RgbImage;

use super::RenderError;

/// Buckets: 5 bits per channel.
const BUCKETS: usize = 1 << 15;

fn bucket(p: &[u8]) -> usize {
    (usize::from(p[0] >> 3) << 10) | (usize::from(p[1] >> 3) << 5) | usize::from(p[2] >> 3)
}

/// Whether the 8 pixels from byte `a` on each equal the pixel before them (so all equal the
/// pixel before `a`): three 8-byte compares of the bytes with the same bytes 3 earlier.
fn eight_repeat(raw: &[u8], a: usize) -> bool {
    let word = |i: usize| u64::from_ne_bytes(raw[i..i + 8].try_into().unwrap_or([0; 8]));
    word(a) == word(a - 3) && word(a + 8) == word(a + 5) && word(a + 16) == word(a + 13)
}

/// The palette (RGB triples) and each pixel's index into it, row by row, each row led by a
/// zero byte: PNG's image data before compression, every row with filter type "none".
pub(crate) fn quantize(image: &RgbImage) -> (Vec<u8>, Vec<u8>) {
    let raw = image.as_raw();
    let n = raw.len() / 3;
    let width = image.width() as usize;
    // One pass over runs of equal pixels (the pictures are mostly flat, so runs are long):
    // each run's bucket and length, the buckets' counts, and the first colour seen in each
    // (a flat colour's exact value). Where eight pixels in a row repeat the one before,
    // they are passed over in one step: most of a flat picture is passed over that way.
    let mut count = vec![0u32; BUCKETS];
    let mut first = vec![[0u8; 3]; BUCKETS];
    let mut runs: Vec<(u16, u32)> = Vec::with_capacity(n / 8);
    let word = |i: usize| u32::from_le_bytes(raw[i..i + 4].try_into().unwrap_or([0; 4]));
    let mut start = 0;
    let mut i = 1;
    // Up to and including `n`, where the last run ends.
    while i <= n && n > 0 {
        let a = 3 * i;
        let ends = if a + 24 <= raw.len() {
            if eight_repeat(raw, a) {
                i += 8;
                continue;
            }
            // A whole word, not byte by byte (the fourth byte is the next pixel's).
            (word(a) ^ word(a - 3)) & 0x00ff_ffff != 0
        } else {
            i == n || raw[a..a + 3] != raw[a - 3..a]
        };
        if ends {
            // The run from `start` to here.
            let colour = [raw[3 * start], raw[3 * start + 1], raw[3 * start + 2]];
            let b = bucket(&colour);
            if count[b] == 0 {
                first[b] = colour;
            }
            let length = (i - start) as u32;
            count[b] += length;
            runs.push((b as u16, length));
            start = i;
        }
        i += 1;
    }
    let mut used: Vec<usize> = (0..BUCKETS).filter(|&b| count[b] > 0).collect();
    // Most used first; ties in bucket order, so the palette is the same on every run.
    used.sort_by_key(|&b| (std::cmp::Reverse(count[b]), b));
    let palette: Vec<[u8; 3]> = used.iter().take(256).map(|&b| first[b]).collect();
    let mut channels = [[0i32; 256]; 3];
    for (k, p) in palette.iter().enumerate() {
        for (channel, &v) in channels.iter_mut().zip(p) {
            channel[k] = i32::from(v);
        }
    }
    let mut index = vec![0u8; BUCKETS];
    for (k, &b) in used.iter().enumerate() {
        index[b] = if k < 256 {
            k as u8
        } else {
            nearest(&channels, palette.len(), first[b])
        };
    }
    // The runs laid out row by row; the zeros a row starts with stay.
    let mut out = vec![0u8; n + n.checked_div(width).unwrap_or(0)];
    let (mut x, mut at) = (0, 1);
    for &(b, length) in &runs {
        let value = index[usize::from(b)];
        let mut left = length as usize;
        while left > 0 {
            let take = left.min(width - x);
            out[at..at + take].fill(value);
            left -= take;
            x += take;
            at += take;
            if x == width {
                x = 0;
                at += 1;
            }
        }
    }
    (palette.concat(), out)
}

/// The picture as its palette PNG shows it: each pixel replaced by its palette colour.
pub(crate) fn as_encoded(image: &RgbImage) -> RgbImage {
    let (palette, rows) = quantize(image);
    let width = image.width() as usize;
    let raw = rows
        .chunks_exact(width + 1)
        .flat_map(|row| &row[1..])
        .flat_map(|&i| {
            let k = usize::from(i) * 3;
            [palette[k], palette[k + 1], palette[k + 2]]
        })
        .collect();
    RgbImage::from_raw(image.width(), image.height(), raw).unwrap_or_else(|| image.clone())
}

/// The palette entry nearest to `c` (squared distance, green weighted as the eye does; the
/// first of equals). The palette comes as one array a channel, and each entry's distance
/// and index make one key (distance × 256 + index), so the smallest key is the answer and
/// the loop vectorizes.
fn nearest(channels: &[[i32; 256]; 3], len: usize, c: [u8; 3]) -> u8 {
    let [r, g, b] = c.map(i32::from);
    let mut best = u32::MAX;
    let len = len.min(256);
    let entries = channels[0][..len]
        .iter()
        .zip(&channels[1][..len])
        .zip(&channels[2][..len]);
    for (k, ((pr, pg), pb)) in (0u32..).zip(entries) {
        let (dr, dg, db) = (pr - r, pg - g, pb - b);
        let distance = (3 * dr * dr + 4 * dg * dg + 2 * db * db) as u32;
        best = best.min((distance << 8) | k);
    }
    (best & 0xff) as u8
}

/// Encodes `image` as an 8-bit indexed PNG (fast deflate).
///
/// The rows are compressed in one call (zlib level 1, no filter) and written as one IDAT
/// chunk. Handing them to the `png` crate row by row costs twice the time: its deflate
/// stream (flate2 over miniz_oxide) zeroes a 32 KB output buffer on every write, two writes
/// a row, which took more instructions than the compression itself.
pub(crate) fn indexed_png(image: &RgbImage) -> Result<Vec<u8>, RenderError> {
    let (palette, rows) = quantize(image);
    // Measured on the pictures (`render-bench`): no filter and level 1 give the smallest
    // files in the time; filters help RGB pictures, not palette indices, and level 2
    // shrinks the files by a sixth for half again the time.
    let zlib = miniz_oxide::deflate::compress_to_vec_zlib(&rows, 1);
    let mut out = Vec::with_capacity(zlib.len() + palette.len() + 64);
    let mut encoder = png::Encoder::new(&mut out, image.width(), image.height());
    encoder.set_color(png::ColorType::Indexed);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_palette(palette);
    // The image data goes in as a chunk of its own, which the sequence check does not count.
    encoder.validate_sequence(false);
    let encode = |e: png::EncodingError| RenderError::Encode(Box::new(e));
    let mut writer = encoder.write_header().map_err(encode)?;
    writer
        .write_chunk(png::chunk::IDAT, &zlib)
        .map_err(encode)?;
    writer.finish().map_err(encode)?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The largest and the mean per-channel difference between two pictures.
    fn loss(a: &RgbImage, b: &RgbImage) -> (u8, f64) {
        let diffs: Vec<u8> = a
            .as_raw()
            .iter()
            .zip(b.as_raw())
            .map(|(x, y)| x.abs_diff(*y))
            .collect();
        let most = diffs.iter().copied().max().unwrap_or(0);
        let mean = diffs.iter().map(|&d| f64::from(d)).sum::<f64>() / diffs.len() as f64;
        (most, mean)
    }

    #[test]
    fn the_palette_pictures_decode_close_to_what_was_drawn() {
        use turnpost_core::Game;
        use turnpost_core::words::Lang;
        let r = crate::Renderer::shared();
        let pandoria =
            crate::samples::pandoria_late_in(turnpost_core::pandoria::Mode::Standard, 4, 7);
        let rtta = crate::samples::rtta_after(4, 3, 6);
        for image in [
            r.public_image("pandoria", &pandoria.public_view(), Lang::En)
                .unwrap(),
            r.public_image("rtta", &rtta.public_view(), Lang::En)
                .unwrap(),
        ] {
            let png = indexed_png(&image).unwrap();
            let back = image::load_from_memory(&png).unwrap().to_rgb8();
            assert_eq!(back.dimensions(), image.dimensions());
            let (most, mean) = loss(&image, &back);
            // The mean error is a fraction of one level: nothing the eye can see.
            assert!(mean < 0.6, "mean difference {mean:.3}, largest {most}");
            // No pixel moves further than a faint edge blend can.
            assert!(most < 96, "largest difference {most}");
        }
    }

    #[test]
    fn runs_across_rows_and_odd_sizes_decode_as_drawn() {
        // Runs longer than a row, runs ending at a row's end, single pixels and the last
        // eight pixels (which the scan compares one by one), in widths from 1 up.
        for (width, height) in [(1, 1), (1, 9), (7, 3), (8, 8), (13, 11), (64, 5)] {
            let mut image = RgbImage::new(width, height);
            for (x, y, p) in image.enumerate_pixels_mut() {
                let i = y * width + x;
                p.0 = match i % 23 {
                    0..=13 => [246, 242, 232],
                    14 => [34, 30, 26],
                    15..=19 => [0, 114, 178],
                    _ => [(i * 8 % 256) as u8, 40, 90],
                };
            }
            let back = image::load_from_memory(&indexed_png(&image).unwrap())
                .unwrap()
                .to_rgb8();
            assert_eq!(back, as_encoded(&image), "{width}×{height}");
            assert_eq!(back, image, "{width}×{height}: few colours stay exact");
        }
    }

    #[test]
    fn a_picture_of_few_colours_keeps_them_exactly() {
        let mut image = RgbImage::new(40, 20);
        for (x, _, p) in image.enumerate_pixels_mut() {
            p.0 = if x < 20 {
                [246, 242, 232]
            } else {
                [34, 30, 26]
            };
        }
        let back = image::load_from_memory(&indexed_png(&image).unwrap())
            .unwrap()
            .to_rgb8();
        assert_eq!(back, image);
    }
}
