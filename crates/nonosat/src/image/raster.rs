//! RGB pixel buffers, and PNG reading and writing through the `png` crate.

#[cfg(feature = "png")]
use std::io::Cursor;

/// The most pixels an image read may have: 64 megapixels (192 MiB as RGB).
pub const MAX_PIXELS: u64 = 1 << 26;

/// A colour, 8 bits per channel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// Black.
    pub const BLACK: Rgb = Rgb(0, 0, 0);
    /// White.
    pub const WHITE: Rgb = Rgb(255, 255, 255);

    /// Perceived brightness from 0 (black) to 255 (white), by the Rec. 601 luma weights.
    pub fn luma(self) -> u8 {
        let Rgb(r, g, b) = self;
        ((299 * u32::from(r) + 587 * u32::from(g) + 114 * u32::from(b)) / 1000) as u8
    }

    /// The colour as `#rrggbb`, for SVG.
    pub fn hex(self) -> String {
        let Rgb(r, g, b) = self;
        format!("#{r:02x}{g:02x}{b:02x}")
    }
}

impl From<[u8; 3]> for Rgb {
    /// The colour of red, green and blue.
    fn from([r, g, b]: [u8; 3]) -> Self {
        Rgb(r, g, b)
    }
}

/// Why an image could not be read or made.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RasterError {
    /// The PNG decoder refused the data.
    #[cfg(feature = "png")]
    #[error("not a readable PNG image: {0}")]
    Png(#[from] png::DecodingError),
    /// The decoded image would not fit in memory.
    #[cfg(feature = "png")]
    #[error("not a readable PNG image: the image is too large to decode")]
    TooLargeToDecode,
    /// The image has more than [`MAX_PIXELS`] pixels, or a side of zero.
    #[error(
        "an image of {width}x{height} pixels is refused: it must have at least one pixel and at \
         most {MAX_PIXELS}"
    )]
    Size {
        /// Width in pixels.
        width: u64,
        /// Height in pixels.
        height: u64,
    },
}

/// An image as rows of RGB pixels, top row first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Raster {
    width: usize,
    height: usize,
    pixels: Vec<Rgb>,
}

impl Raster {
    /// An image of one colour, refused beyond [`MAX_PIXELS`].
    pub fn filled(width: usize, height: usize, colour: Rgb) -> Result<Raster, RasterError> {
        check_size(width as u64, height as u64)?;
        Ok(Raster {
            width,
            height,
            pixels: vec![colour; width * height],
        })
    }

    /// Width in pixels.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Height in pixels.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The pixel at column `x`, row `y`.
    pub fn get(&self, x: usize, y: usize) -> Rgb {
        self.pixels[y * self.width + x]
    }

    /// Sets the pixel at column `x`, row `y`.
    pub fn set(&mut self, x: usize, y: usize, colour: Rgb) {
        self.pixels[y * self.width + x] = colour;
    }

    /// Decodes a PNG image of any colour type and bit depth. Transparent pixels are laid over white;
    /// 16-bit channels keep their high byte. The size is checked before the pixels are decoded.
    #[cfg(feature = "png")]
    pub fn from_png(bytes: &[u8]) -> Result<Raster, RasterError> {
        let mut decoder = png::Decoder::new(Cursor::new(bytes));
        decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
        let mut reader = decoder.read_info()?;
        let (width, height) = {
            let info = reader.info();
            (u64::from(info.width), u64::from(info.height))
        };
        check_size(width, height)?;
        let buffer_size = reader
            .output_buffer_size()
            .ok_or(RasterError::TooLargeToDecode)?;
        let mut buffer = vec![0; buffer_size];
        let frame = reader.next_frame(&mut buffer)?;
        let channels = frame.color_type.samples();
        let pixels = buffer[..frame.buffer_size()]
            .chunks_exact(channels)
            .map(|sample| match *sample {
                [grey] => Rgb(grey, grey, grey),
                [grey, alpha] => over_white(Rgb(grey, grey, grey), alpha),
                [r, g, b] => Rgb(r, g, b),
                [r, g, b, alpha] => over_white(Rgb(r, g, b), alpha),
                _ => unreachable!("PNG pixels have 1 to 4 samples"),
            })
            .collect();
        Ok(Raster {
            width: width as usize,
            height: height as usize,
            pixels,
        })
    }

    /// Encodes the image as an 8-bit RGB PNG.
    #[cfg(feature = "png")]
    pub fn to_png(&self) -> Vec<u8> {
        let mut bytes = Vec::new();
        let mut encoder = png::Encoder::new(&mut bytes, self.width as u32, self.height as u32);
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_depth(png::BitDepth::Eight);
        let samples: Vec<u8> = self
            .pixels
            .iter()
            .flat_map(|&Rgb(r, g, b)| [r, g, b])
            .collect();
        let mut writer = encoder.write_header().expect("writing to memory");
        writer
            .write_image_data(&samples)
            .expect("the buffer matches the header");
        writer.finish().expect("writing to memory");
        bytes
    }
}

fn check_size(width: u64, height: u64) -> Result<(), RasterError> {
    if width == 0 || height == 0 || width.saturating_mul(height) > MAX_PIXELS {
        return Err(RasterError::Size { width, height });
    }
    Ok(())
}

/// A colour of opacity `alpha` (0-255) laid over white.
#[cfg(feature = "png")]
fn over_white(Rgb(r, g, b): Rgb, alpha: u8) -> Rgb {
    let blend = |channel: u8| {
        let (c, a) = (u32::from(channel), u32::from(alpha));
        ((c * a + 255 * (255 - a) + 127) / 255) as u8
    };
    Rgb(blend(r), blend(g), blend(b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(feature = "png")]
    #[test]
    fn png_round_trip_keeps_every_pixel() {
        let mut image = Raster::filled(7, 3, Rgb::WHITE).unwrap();
        image.set(0, 0, Rgb(10, 20, 30));
        image.set(6, 2, Rgb(200, 0, 100));
        let decoded = Raster::from_png(&image.to_png()).unwrap();
        assert_eq!(decoded, image);
        assert_eq!(decoded.get(6, 2), Rgb(200, 0, 100));
        assert_eq!(decoded.get(1, 1), Rgb::WHITE);
    }

    #[cfg(feature = "png")]
    #[test]
    fn grey_and_transparent_pngs_become_rgb() {
        let mut bytes = Vec::new();
        let mut encoder = png::Encoder::new(&mut bytes, 2, 1);
        encoder.set_color(png::ColorType::GrayscaleAlpha);
        let mut writer = encoder.write_header().unwrap();
        writer.write_image_data(&[0, 255, 0, 0]).unwrap();
        writer.finish().unwrap();
        let image = Raster::from_png(&bytes).unwrap();
        assert_eq!(image.get(0, 0), Rgb::BLACK);
        assert_eq!(image.get(1, 0), Rgb::WHITE);
    }

    #[test]
    fn bad_and_oversized_images_are_refused() {
        #[cfg(feature = "png")]
        assert!(matches!(
            Raster::from_png(b"GIF89a"),
            Err(RasterError::Png(_))
        ));
        assert!(matches!(
            Raster::filled(1 << 14, 1 << 13, Rgb::WHITE),
            Err(RasterError::Size { .. })
        ));
        assert!(Raster::filled(0, 5, Rgb::WHITE).is_err());
    }
}
