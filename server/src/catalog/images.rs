//! Product pictures drawn by code (no downloads): a flat laptop (or tablet-laptop)
//! illustration in the product's colour, encoded as lossless WebP at the spec's breakpoint
//! widths (1x and 2x densities: a 320-px slot takes 320 and 640). Served from
//! `/api/client/v1/catalog/images/{product id}-{picture}-{width}.webp` with a one-year
//! immutable cache; encoded pictures are kept in memory (bounded).

use std::sync::Arc;

/// The widths served (the spec's breakpoints; 4:3 pictures).
pub const WIDTHS: &[u32] = &[320, 640, 768, 1024, 1280, 1536];
/// Pictures per product (front, angled, lid).
pub const MAX_PICTURES: i32 = 3;

/// What a picture shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PictureSpec {
    /// Body colour.
    pub body: [u8; 3],
    /// Tablet-laptop (detachable keyboard) instead of a clamshell.
    pub tablet: bool,
    /// 0: front, 1: angled, 2: lid.
    pub view: u8,
    /// Accent (screen wallpaper) colour.
    pub accent: [u8; 3],
}

/// The body colour for a Persian colour name.
pub fn colour_of(name: &str) -> [u8; 3] {
    let n = shop_core::search::fold(name);
    let table: &[(&str, [u8; 3])] = &[
        ("مشکی", [38, 40, 46]),
        ("نقره", [192, 197, 204]),
        ("خاکستری فضایی", [92, 96, 104]),
        ("خاکستری تیره", [70, 74, 82]),
        ("گرافیت", [64, 66, 72]),
        ("خاکستری", [128, 132, 140]),
        ("پلاتین", [214, 214, 210]),
        ("طلایی", [222, 196, 150]),
        ("سفید", [236, 236, 236]),
        ("ابی", [44, 72, 128]),
        ("سبز", [58, 110, 90]),
        ("قرمز", [150, 40, 48]),
        ("صورتی", [226, 170, 180]),
    ];
    for (k, c) in table {
        if n.contains(&shop_core::search::fold(k)) {
            return *c;
        }
    }
    [120, 124, 132]
}

/// A small RGB canvas.
struct Canvas {
    w: i32,
    h: i32,
    px: Vec<u8>,
}

impl Canvas {
    fn new(w: u32, h: u32) -> Self {
        Self { w: w as i32, h: h as i32, px: vec![0; (w * h * 3) as usize] }
    }

    fn put(&mut self, x: i32, y: i32, c: [u8; 3]) {
        if x >= 0 && y >= 0 && x < self.w && y < self.h {
            let i = ((y * self.w + x) * 3) as usize;
            self.px[i..i + 3].copy_from_slice(&c);
        }
    }

    /// Vertical gradient background.
    fn background(&mut self, top: [u8; 3], bottom: [u8; 3]) {
        for y in 0..self.h {
            let t = y as f32 / self.h.max(1) as f32;
            let c = mix(top, bottom, t);
            for x in 0..self.w {
                self.put(x, y, c);
            }
        }
    }

    /// Rounded rectangle in unit coordinates (x, y, w, h relative to the width/height).
    fn round_rect(&mut self, x: f32, y: f32, w: f32, h: f32, r: f32, c: [u8; 3]) {
        let (x0, y0) = ((x * self.w as f32) as i32, (y * self.h as f32) as i32);
        let (x1, y1) = (((x + w) * self.w as f32) as i32, ((y + h) * self.h as f32) as i32);
        let r = (r * self.w as f32).max(0.0).min((x1 - x0).min(y1 - y0).max(0) as f32 / 2.0);
        for py in y0.max(0)..y1.min(self.h) {
            for px in x0.max(0)..x1.min(self.w) {
                let fx = px as f32 + 0.5;
                let fy = py as f32 + 0.5;
                let cx = fx.clamp(x0 as f32 + r, x1 as f32 - r);
                let cy = fy.clamp(y0 as f32 + r, y1 as f32 - r);
                if (fx - cx).powi(2) + (fy - cy).powi(2) <= r * r {
                    self.put(px, py, c);
                }
            }
        }
    }

    /// Convex polygon in unit coordinates.
    fn polygon(&mut self, pts: &[(f32, f32)], c: [u8; 3]) {
        let p: Vec<(f32, f32)> = pts.iter().map(|(x, y)| (x * self.w as f32, y * self.h as f32)).collect();
        let ymin = p.iter().map(|q| q.1).fold(f32::MAX, f32::min).max(0.0) as i32;
        let ymax = p.iter().map(|q| q.1).fold(f32::MIN, f32::max).min(self.h as f32) as i32;
        for y in ymin..ymax {
            let fy = y as f32 + 0.5;
            let mut xs: Vec<f32> = Vec::new();
            for i in 0..p.len() {
                let (a, b) = (p[i], p[(i + 1) % p.len()]);
                if (a.1 <= fy && b.1 > fy) || (b.1 <= fy && a.1 > fy) {
                    xs.push(a.0 + (fy - a.1) / (b.1 - a.1) * (b.0 - a.0));
                }
            }
            xs.sort_by(|a, b| a.partial_cmp(b).unwrap_or(std::cmp::Ordering::Equal));
            for pair in xs.chunks(2) {
                if let [l, r] = pair {
                    for x in (l.round() as i32).max(0)..(r.round() as i32).min(self.w) {
                        self.put(x, y, c);
                    }
                }
            }
        }
    }

    fn circle(&mut self, cx: f32, cy: f32, r: f32, c: [u8; 3]) {
        let (cx, cy, r) = (cx * self.w as f32, cy * self.h as f32, r * self.w as f32);
        for y in ((cy - r) as i32).max(0)..((cy + r) as i32 + 1).min(self.h) {
            for x in ((cx - r) as i32).max(0)..((cx + r) as i32 + 1).min(self.w) {
                if (x as f32 + 0.5 - cx).powi(2) + (y as f32 + 0.5 - cy).powi(2) <= r * r {
                    self.put(x, y, c);
                }
            }
        }
    }
}

fn mix(a: [u8; 3], b: [u8; 3], t: f32) -> [u8; 3] {
    let f = |x: u8, y: u8| (x as f32 + (y as f32 - x as f32) * t).round().clamp(0.0, 255.0) as u8;
    [f(a[0], b[0]), f(a[1], b[1]), f(a[2], b[2])]
}

fn shade(c: [u8; 3], k: f32) -> [u8; 3] {
    if k >= 0.0 {
        mix(c, [255, 255, 255], k)
    } else {
        mix(c, [0, 0, 0], -k)
    }
}

/// Draw the picture as RGB pixels (width × width·3/4).
pub fn draw(spec: &PictureSpec, width: u32) -> (u32, u32, Vec<u8>) {
    let h = width * 3 / 4;
    let mut c = Canvas::new(width, h);
    c.background([246, 247, 250], [228, 231, 238]);
    let body = spec.body;
    let edge = shade(body, -0.25);
    let screen = [24, 28, 36];
    let wall_a = spec.accent;
    let wall_b = shade(spec.accent, 0.45);
    match spec.view {
        1 => {
            // Angled: lid on the left leaning back, base in perspective.
            c.polygon(&[(0.12, 0.72), (0.62, 0.72), (0.88, 0.86), (0.30, 0.86)], edge);
            c.polygon(&[(0.12, 0.69), (0.62, 0.69), (0.88, 0.83), (0.30, 0.83)], body);
            c.polygon(&[(0.20, 0.71), (0.58, 0.71), (0.72, 0.78), (0.30, 0.78)], shade(body, -0.12));
            c.polygon(&[(0.12, 0.69), (0.24, 0.16), (0.70, 0.16), (0.62, 0.69)], edge);
            c.polygon(&[(0.145, 0.665), (0.255, 0.19), (0.675, 0.19), (0.595, 0.665)], screen);
            c.polygon(&[(0.16, 0.65), (0.265, 0.205), (0.66, 0.205), (0.58, 0.65)], wall_a);
            c.polygon(&[(0.30, 0.65), (0.45, 0.32), (0.66, 0.205), (0.58, 0.65)], wall_b);
        }
        2 => {
            // Lid from above, with a round logo.
            c.round_rect(0.16, 0.14, 0.68, 0.70, 0.025, edge);
            c.round_rect(0.17, 0.155, 0.66, 0.67, 0.02, body);
            c.circle(0.5, 0.49, 0.05, shade(body, 0.35));
            c.round_rect(0.17, 0.78, 0.66, 0.04, 0.01, shade(body, -0.08));
        }
        _ => {
            // Front: open screen over the keyboard deck.
            if spec.tablet {
                c.round_rect(0.20, 0.10, 0.60, 0.56, 0.02, edge);
                c.round_rect(0.215, 0.12, 0.57, 0.52, 0.012, screen);
                c.polygon(&[(0.225, 0.63), (0.225, 0.13), (0.775, 0.13), (0.775, 0.63)], wall_a);
                c.polygon(&[(0.40, 0.63), (0.62, 0.28), (0.775, 0.13), (0.775, 0.63)], wall_b);
                // Kickstand shadow and the detachable keyboard.
                c.polygon(&[(0.16, 0.72), (0.84, 0.72), (0.88, 0.84), (0.12, 0.84)], shade(body, -0.3));
                c.polygon(&[(0.17, 0.725), (0.83, 0.725), (0.865, 0.83), (0.135, 0.83)], [52, 56, 66]);
                for row in 0..3 {
                    let y = 0.74 + row as f32 * 0.027;
                    for k in 0..12 {
                        let x = 0.19 + k as f32 * 0.052 - row as f32 * 0.006;
                        c.round_rect(x, y, 0.042, 0.019, 0.003, [88, 92, 104]);
                    }
                }
            } else {
                c.round_rect(0.18, 0.08, 0.64, 0.58, 0.02, edge);
                c.round_rect(0.195, 0.10, 0.61, 0.53, 0.012, screen);
                c.polygon(&[(0.21, 0.615), (0.21, 0.115), (0.79, 0.115), (0.79, 0.615)], wall_a);
                c.polygon(&[(0.42, 0.615), (0.64, 0.27), (0.79, 0.115), (0.79, 0.615)], wall_b);
                c.polygon(&[(0.18, 0.66), (0.82, 0.66), (0.95, 0.86), (0.05, 0.86)], body);
                c.polygon(&[(0.05, 0.86), (0.95, 0.86), (0.95, 0.885), (0.05, 0.885)], edge);
                let key = shade(body, -0.35);
                for row in 0..4 {
                    let t = row as f32 / 4.0;
                    let y = 0.675 + t * 0.11;
                    let left = 0.215 - t * 0.09;
                    let span = 0.57 + t * 0.18;
                    for k in 0..13 {
                        let x = left + span * k as f32 / 13.0;
                        c.round_rect(x, y, span / 13.0 * 0.8, 0.021, 0.002, key);
                    }
                }
                c.round_rect(0.42, 0.805, 0.16, 0.045, 0.004, shade(body, -0.15));
            }
        }
    }
    (width, h, c.px)
}

/// Draw and encode as lossless WebP.
pub fn webp(spec: &PictureSpec, width: u32) -> Result<Vec<u8>, String> {
    let (w, h, px) = draw(spec, width);
    let mut out = Vec::new();
    image_webp::WebPEncoder::new(&mut out)
        .encode(&px, w, h, image_webp::ColorType::Rgb8)
        .map_err(|e| e.to_string())?;
    Ok(out)
}

/// The shop's logo, 1088×378 (the Organization logo of the structured data): the laptop
/// mark of the app shell on a white ground, as lossless WebP.
pub fn logo_webp() -> Result<Vec<u8>, String> {
    let (w, h) = (1088u32, 378u32);
    let mut c = Canvas::new(w, h);
    c.background([255, 255, 255], [255, 255, 255]);
    // Unit coordinates are relative to width and height; keep the mark square-ish on the left.
    let sx = |x: f32| x * 378.0 / 1088.0 + 0.06;
    let navy = [30, 58, 138];
    let blue = [30, 64, 175];
    c.round_rect(sx(0.17), 0.19, 0.67 * 378.0 / 1088.0, 0.46, 0.006, blue);
    c.round_rect(sx(0.24), 0.26, 0.52 * 378.0 / 1088.0, 0.31, 0.003, [219, 234, 254]);
    c.polygon(&[(sx(0.35), 0.49), (sx(0.46), 0.36), (sx(0.54), 0.45), (sx(0.60), 0.39), (sx(0.69), 0.49)], [249, 115, 22]);
    c.polygon(&[(sx(0.08), 0.71), (sx(0.92), 0.71), (sx(0.85), 0.81), (sx(0.15), 0.81)], navy);
    // Word-mark bars (no font rendering): three rounded strokes in the brand colours.
    c.round_rect(0.42, 0.30, 0.46, 0.10, 0.02, navy);
    c.round_rect(0.42, 0.47, 0.34, 0.08, 0.016, blue);
    c.round_rect(0.42, 0.62, 0.22, 0.08, 0.016, [249, 115, 22]);
    let mut out = Vec::new();
    image_webp::WebPEncoder::new(&mut out)
        .encode(&c.px, w, h, image_webp::ColorType::Rgb8)
        .map_err(|e| e.to_string())?;
    Ok(out)
}

/// Parse `{product id}-{picture}-{width}.webp`.
pub fn parse_name(name: &str) -> Option<(i64, i32, u32)> {
    let stem = name.strip_suffix(".webp")?;
    let mut it = stem.split('-');
    let id: i64 = it.next()?.parse().ok()?;
    let pic: i32 = it.next()?.parse().ok()?;
    let width: u32 = it.next()?.parse().ok()?;
    if it.next().is_some() || !WIDTHS.contains(&width) || !(0..MAX_PICTURES).contains(&pic) || id <= 0 {
        return None;
    }
    Some((id, pic, width))
}

/// URL of a picture.
pub fn url(product_id: i64, picture: i32, width: u32) -> String {
    format!("/api/client/v1/catalog/images/{product_id}-{picture}-{width}.webp")
}

/// Encoded pictures kept in memory, at most [`PICTURE_BYTES`] of them; scan-resistant, so
/// requests for many rarely seen pictures cannot push out the ones every page shows.
#[derive(Clone)]
pub struct PictureCache {
    map: Arc<quick_cache::sync::Cache<(PictureSpec, u32), Arc<Vec<u8>>, PictureWeight>>,
}

/// The picture cache's budget in bytes.
pub const PICTURE_BYTES: u64 = 48 * 1024 * 1024;

#[derive(Clone)]
struct PictureWeight;

impl quick_cache::Weighter<(PictureSpec, u32), Arc<Vec<u8>>> for PictureWeight {
    fn weight(&self, _key: &(PictureSpec, u32), val: &Arc<Vec<u8>>) -> u64 {
        val.len() as u64 + 64
    }
}

impl Default for PictureCache {
    fn default() -> Self {
        Self { map: Arc::new(quick_cache::sync::Cache::with_weighter(2048, PICTURE_BYTES, PictureWeight)) }
    }
}

impl PictureCache {
    /// The encoded picture, drawing it on a blocking thread when not cached.
    pub async fn get(&self, spec: PictureSpec, width: u32) -> Result<Arc<Vec<u8>>, String> {
        if let Some(b) = self.map.get(&(spec, width)) {
            return Ok(b);
        }
        let bytes = tokio::task::spawn_blocking(move || webp(&spec, width))
            .await
            .map_err(|e| e.to_string())??;
        let bytes = Arc::new(bytes);
        self.map.insert((spec, width), bytes.clone());
        Ok(bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        assert_eq!(parse_name("12-0-320.webp"), Some((12, 0, 320)));
        assert_eq!(parse_name("12-0-321.webp"), None);
        assert_eq!(parse_name("12-9-320.webp"), None);
        assert_eq!(parse_name("../x"), None);
        assert_eq!(parse_name("-1-0-320.webp"), None);
    }

    #[test]
    fn logo_is_webp() {
        let b = logo_webp().unwrap();
        assert_eq!(&b[8..12], b"WEBP");
    }

    #[test]
    fn encodes_webp() {
        for view in 0..3 {
            let spec = PictureSpec { body: colour_of("نقره‌ای"), tablet: view == 0, view, accent: [80, 120, 200] };
            let b = webp(&spec, 320).unwrap();
            assert_eq!(&b[..4], b"RIFF");
            assert_eq!(&b[8..12], b"WEBP");
        }
    }
}
