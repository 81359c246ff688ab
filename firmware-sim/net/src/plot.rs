//! SVG line charts of goodput against loss for the benchmarks' output.

/// One line of a goodput chart.
pub struct Series {
    /// Legend.
    pub name: String,
    /// SVG colour.
    pub color: &'static str,
    /// Goodput over the line rate, one value per loss point.
    pub values: Vec<f64>,
    /// Drawn dashed.
    pub dashed: bool,
}

impl Series {
    /// A solid line.
    pub fn new(name: &str, color: &'static str, values: Vec<f64>) -> Series {
        Series {
            name: name.to_string(),
            color,
            values,
            dashed: false,
        }
    }

    /// A dashed line.
    pub fn dashed(name: &str, color: &'static str, values: Vec<f64>) -> Series {
        Series {
            dashed: true,
            ..Series::new(name, color, values)
        }
    }
}

/// An SVG line chart of goodput (0 to 1) against the loss points `losses`
/// (evenly spaced on the x axis), one line per series.
pub fn goodput_svg(title: &str, losses: &[f64], series: &[Series]) -> String {
    let (w, h, m) = (640.0, 400.0, 60.0);
    let xs = |i: usize| m + (w - 2.0 * m) * i as f64 / (losses.len().max(2) - 1) as f64;
    let ys = |g: f64| h - m - (h - 2.0 * m) * g.clamp(0.0, 1.0);
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" font-family=\"sans-serif\" font-size=\"12\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n<text x=\"{}\" y=\"24\" text-anchor=\"middle\" font-size=\"15\">{title}</text>\n",
        w / 2.0
    );
    for k in 0..=10 {
        let g = k as f64 / 10.0;
        s += &format!(
            "<line x1=\"{m}\" x2=\"{}\" y1=\"{y}\" y2=\"{y}\" stroke=\"#ddd\"/><text x=\"{}\" y=\"{}\" text-anchor=\"end\">{g:.1}</text>\n",
            w - m,
            m - 6.0,
            ys(g) + 4.0,
            y = ys(g)
        );
    }
    for (i, l) in losses.iter().enumerate() {
        s += &format!(
            "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}%</text>\n",
            xs(i),
            h - m + 18.0,
            l * 100.0
        );
    }
    s += &format!(
        "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">loss p (data and ACKs)</text>\n",
        w / 2.0,
        h - 16.0
    );
    for (k, l) in series.iter().enumerate() {
        let pts: Vec<String> = l
            .values
            .iter()
            .enumerate()
            .map(|(i, g)| format!("{:.1},{:.1}", xs(i), ys(*g)))
            .collect();
        let dash = if l.dashed {
            " stroke-dasharray=\"5,4\""
        } else {
            ""
        };
        s += &format!(
            "<polyline fill=\"none\" stroke=\"{}\" stroke-width=\"2\"{dash} points=\"{}\"/>\n<text x=\"{}\" y=\"{}\" fill=\"{}\">{}</text>\n",
            l.color,
            pts.join(" "),
            w - m - 110.0,
            h - m - 120.0 + 16.0 * k as f64,
            l.color,
            l.name
        );
    }
    s += "</svg>\n";
    s
}
