//! How far apart colours look, for normal sight and for the three kinds of dichromacy: CIEDE2000
//! differences of sRGB colours, after the simulations of Machado, Oliveira and Fernandes (2009)
//! at full severity, as they apply to linear RGB.

/// A way of seeing colours.
#[derive(Clone, Copy, Debug)]
pub enum Sight {
    Normal,
    Protanopia,
    Deuteranopia,
    Tritanopia,
}

impl Sight {
    pub const ALL: [Sight; 4] = [
        Sight::Normal,
        Sight::Protanopia,
        Sight::Deuteranopia,
        Sight::Tritanopia,
    ];

    /// Machado et al.'s matrix for this sight, at severity 1.
    fn matrix(self) -> [[f64; 3]; 3] {
        match self {
            Sight::Normal => [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
            Sight::Protanopia => [
                [0.152286, 1.052583, -0.204868],
                [0.114503, 0.786281, 0.099216],
                [-0.003882, -0.048116, 1.051998],
            ],
            Sight::Deuteranopia => [
                [0.367322, 0.860646, -0.227968],
                [0.280085, 0.672501, 0.047413],
                [-0.011820, 0.042940, 0.968881],
            ],
            Sight::Tritanopia => [
                [1.255528, -0.076749, -0.178779],
                [-0.078411, 0.930809, 0.147602],
                [0.004733, 0.691367, 0.303900],
            ],
        }
    }
}

/// An sRGB colour from `#rrggbb` or `rgb(r, g, b)`, as 0-255 channels.
pub fn parse(colour: &str) -> Option<[u8; 3]> {
    let colour = colour.trim();
    if let Some(hex) = colour.strip_prefix('#') {
        let channel = |k: usize| u8::from_str_radix(hex.get(2 * k..2 * k + 2)?, 16).ok();
        return Some([channel(0)?, channel(1)?, channel(2)?]);
    }
    let inside = colour
        .strip_prefix("rgb(")
        .or_else(|| colour.strip_prefix("rgba("))?
        .strip_suffix(')')?;
    let channels: Vec<u8> = inside
        .split(',')
        .take(3)
        .map(|part| part.trim().parse().ok())
        .collect::<Option<_>>()?;
    channels.try_into().ok()
}

/// The CIE L*a*b* of an sRGB colour as `sight` sees it (D65).
fn lab(colour: [u8; 3], sight: Sight) -> [f64; 3] {
    let linear = colour.map(|channel| {
        let c = f64::from(channel) / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    });
    let m = sight.matrix();
    let seen: [f64; 3] = std::array::from_fn(|i| {
        (0..3)
            .map(|j| m[i][j] * linear[j])
            .sum::<f64>()
            .clamp(0.0, 1.0)
    });
    let [r, g, b] = seen;
    let x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047;
    let y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b;
    let z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883;
    let f = |t: f64| {
        if t > 216.0 / 24389.0 {
            t.cbrt()
        } else {
            (24389.0 / 27.0 * t + 16.0) / 116.0
        }
    };
    let (fx, fy, fz) = (f(x), f(y), f(z));
    [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
}

/// The CIEDE2000 difference between two colours as `sight` sees them.
pub fn difference(one: [u8; 3], other: [u8; 3], sight: Sight) -> f64 {
    let ([l1, a1, b1], [l2, a2, b2]) = (lab(one, sight), lab(other, sight));
    let (c1, c2) = (a1.hypot(b1), a2.hypot(b2));
    let mean_c = (c1 + c2) / 2.0;
    let g = 0.5 * (1.0 - (mean_c.powi(7) / (mean_c.powi(7) + 25f64.powi(7))).sqrt());
    let (a1p, a2p) = ((1.0 + g) * a1, (1.0 + g) * a2);
    let (c1p, c2p) = (a1p.hypot(b1), a2p.hypot(b2));
    let hue = |b: f64, a: f64, c: f64| {
        if c == 0.0 {
            0.0
        } else {
            b.atan2(a).to_degrees().rem_euclid(360.0)
        }
    };
    let (h1p, h2p) = (hue(b1, a1p, c1p), hue(b2, a2p, c2p));
    let dl = l2 - l1;
    let dc = c2p - c1p;
    let mut dh = 0.0;
    if c1p * c2p != 0.0 {
        dh = h2p - h1p;
        if dh > 180.0 {
            dh -= 360.0;
        } else if dh < -180.0 {
            dh += 360.0;
        }
    }
    let dh_big = 2.0 * (c1p * c2p).sqrt() * (dh.to_radians() / 2.0).sin();
    let mean_l = (l1 + l2) / 2.0;
    let mean_cp = (c1p + c2p) / 2.0;
    let mean_h = if c1p * c2p == 0.0 {
        h1p + h2p
    } else if (h1p - h2p).abs() <= 180.0 {
        (h1p + h2p) / 2.0
    } else if h1p + h2p < 360.0 {
        (h1p + h2p + 360.0) / 2.0
    } else {
        (h1p + h2p - 360.0) / 2.0
    };
    let t = 1.0 - 0.17 * (mean_h - 30.0).to_radians().cos()
        + 0.24 * (2.0 * mean_h).to_radians().cos()
        + 0.32 * (3.0 * mean_h + 6.0).to_radians().cos()
        - 0.20 * (4.0 * mean_h - 63.0).to_radians().cos();
    let d_theta = 30.0 * (-((mean_h - 275.0) / 25.0).powi(2)).exp();
    let rc = 2.0 * (mean_cp.powi(7) / (mean_cp.powi(7) + 25f64.powi(7))).sqrt();
    let sl = 1.0 + 0.015 * (mean_l - 50.0).powi(2) / (20.0 + (mean_l - 50.0).powi(2)).sqrt();
    let sc = 1.0 + 0.045 * mean_cp;
    let sh = 1.0 + 0.015 * mean_cp * t;
    let rt = -(2.0 * d_theta).to_radians().sin() * rc;
    ((dl / sl).powi(2) + (dc / sc).powi(2) + (dh_big / sh).powi(2) + rt * (dc / sc) * (dh_big / sh))
        .sqrt()
}

/// The least difference between any two of `colours`, under any sight.
pub fn least_difference(colours: &[[u8; 3]]) -> f64 {
    let mut least = f64::INFINITY;
    for sight in Sight::ALL {
        for (i, &one) in colours.iter().enumerate() {
            for &other in &colours[i + 1..] {
                least = least.min(difference(one, other, sight));
            }
        }
    }
    least
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_differences_are_ciede2000s_and_the_old_palette_fails_deuteranopes() {
        // The figures agree with an independent computation of the same formulas in Python.
        let old = [[0xb8, 0xe1, 0x86], [0xf1, 0xb6, 0xda], [0xe0, 0xe0, 0xe0]];
        let deuteranopia = difference(old[1], old[2], Sight::Deuteranopia);
        assert!((deuteranopia - 8.2).abs() < 0.1, "{deuteranopia}");
        let new = [[0x6c, 0x96, 0xea], [0xf5, 0x6f, 0x42], [0xe0, 0xe0, 0xe0]];
        assert!((least_difference(&new) - 28.4).abs() < 0.1);
        assert_eq!(parse("rgb(108, 150, 234)"), Some(new[0]));
        assert_eq!(parse("#f56f42"), Some(new[1]));
        assert_eq!(difference(new[0], new[0], Sight::Tritanopia), 0.0);
    }
}
