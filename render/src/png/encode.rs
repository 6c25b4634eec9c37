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

/// The palette (RGB triples) and each pixel's index into it.
pub(crate) fn quantize(image: &RgbImage) -> (Vec<u8>, Vec<u8>) {
    let raw = image.as_raw();
    // One pass over runs of equal pixels (the pictures are mostly flat, so runs are long):
    // each run's bucket and length, the buckets' counts, and the first colour seen in each
    // (a flat colour's exact value).
    let mut count = vec![0u32; BUCKETS];
    let mut first = vec![[0u8; 3]; BUCKETS];
    let mut runs: Vec<(u16, u32)> = Vec::new();
    let mut pixels = raw.chunks_exact(3);
    if let Some(p) = pixels.next() {
        let mut current = [p[0], p[1], p[2]];
        let mut length = 1u32;
        let mut flush = |colour: [u8; 3], length: u32| {
            let b = bucket(&colour);
            if count[b] == 0 {
                first[b] = colour;
            }
            count[b] += length;
            runs.push((b as u16, length));
        };
        for p in pixels {
            if p == current {
                length += 1;
            } else {
                flush(current, length);
                current = [p[0], p[1], p[2]];
                length = 1;
            }
        }
        flush(current, length);
    }
    let mut used: Vec<usize> = (0..BUCKETS).filter(|&b| count[b] > 0).collect();
    // Most used first; ties in bucket order, so the palette is the same on every run.
    used.sort_by_key(|&b| (std::cmp::Reverse(count[b]), b));
    let palette: Vec<[u8; 3]> = used.iter().take(256).map(|&b| first[b]).collect();
    let mut index = vec![0u8; BUCKETS];
    for (k, &b) in used.iter().enumerate() {
        index[b] = if k < 256 {
            k as u8
        } else {
            nearest(&palette, first[b])
        };
    }
    let mut out = Vec::with_capacity(raw.len() / 3);
    for &(b, length) in &runs {
        out.extend(std::iter::repeat_n(index[usize::from(b)], length as usize));
    }
    (palette.concat(), out)
}

/// The picture as its palette PNG shows it: each pixel replaced by its palette colour.
pub(crate) fn as_encoded(image: &RgbImage) -> RgbImage {
    let (palette, pixels) = quantize(image);
    let raw = pixels
        .iter()
        .flat_map(|&i| {
            let k = usize::from(i) * 3;
            [palette[k], palette[k + 1], palette[k + 2]]
        })
        .collect();
    RgbImage::from_raw(image.width(), image.height(), raw).unwrap_or_else(|| image.clone())
}

/// The palette entry nearest to `c` (squared distance, green weighted as the eye does).
fn nearest(palette: &[[u8; 3]], c: [u8; 3]) -> u8 {
    let distance = |p: &[u8; 3]| {
        let d = |i: usize| i32::from(p[i]) - i32::from(c[i]);
        3 * d(0) * d(0) + 4 * d(1) * d(1) + 2 * d(2) * d(2)
    };
    palette
        .iter()
        .enumerate()
        .min_by_key(|(_, p)| distance(p))
        .map_or(0, |(k, _)| k as u8)
}

/// Encodes `image` as an 8-bit indexed PNG (fast deflate).
pub(crate) fn indexed_png(image: &RgbImage) -> Result<Vec<u8>, RenderError> {
    let (palette, pixels) = quantize(image);
    let mut out = Vec::with_capacity(pixels.len() / 4);
    let mut encoder = png::Encoder::new(&mut out, image.width(), image.height());
    encoder.set_color(png::ColorType::Indexed);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_palette(palette);
    // Measured on the pictures (`render-bench`): no filter and zlib level 1 give the
    // smallest files in the time; filters help RGB pictures, not palette indices.
    encoder.set_deflate_compression(png::DeflateCompression::Level(1));
    encoder.set_filter(png::Filter::NoFilter);
    let encode = |e: png::EncodingError| RenderError::Encode(e.to_string());
    let mut writer = encoder.write_header().map_err(encode)?;
    writer.write_image_data(&pixels).map_err(encode)?;
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
        let r = crate::Renderer::shared();
        let pandoria =
            crate::samples::pandoria_late_in(turnpost_core::pandoria::Mode::Standard, 4, 7);
        let rtta = crate::samples::rtta_after(4, 3, 6);
        for image in [
            r.pandoria_public(&pandoria.public_view()),
            r.rtta_public(&rtta.public_view()),
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
