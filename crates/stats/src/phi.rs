use crate::wilson::Interval;

/// Two yes/no traits counted over the same items: `both`, `only_first`, `only_second`, `neither`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TwoByTwo {
    pub both: u64,
    pub only_first: u64,
    pub only_second: u64,
    pub neither: u64,
}

impl TwoByTwo {
    /// Counts the pairs of flags.
    pub fn of(pairs: impl IntoIterator<Item = (bool, bool)>) -> Self {
        let mut table = TwoByTwo {
            both: 0,
            only_first: 0,
            only_second: 0,
            neither: 0,
        };
        for pair in pairs {
            match pair {
                (true, true) => table.both += 1,
                (true, false) => table.only_first += 1,
                (false, true) => table.only_second += 1,
                (false, false) => table.neither += 1,
            }
        }
        table
    }

    pub fn total(&self) -> u64 {
        self.both + self.only_first + self.only_second + self.neither
    }

    /// The phi coefficient: Pearson's correlation of the two traits as 0/1 variables, from -1
    /// (never together) through 0 (independent) to 1 (always together). `None` when a trait is
    /// always or never present, where no correlation is defined.
    pub fn phi(&self) -> Option<f64> {
        let [a, b, c, d] =
            [self.both, self.only_first, self.only_second, self.neither].map(|v| v as f64);
        let margins = (a + b) * (c + d) * (a + c) * (b + d);
        (margins > 0.0).then(|| (a * d - b * c) / margins.sqrt())
    }
}

/// The approximate confidence interval of a correlation `r` over `n` items by Fisher's z
/// transform (`scipy.stats.pearsonr(x, y).confidence_interval(0.95)`): `tanh(atanh(r) ± z / sqrt(n -
/// 3))`. Approximate for 0/1 data, as every interval of phi is; with 3 items or fewer it knows
/// nothing.
pub fn correlation_interval(r: f64, n: u64, z: f64) -> Interval {
    if n <= 3 {
        return Interval {
            low: -1.0,
            high: 1.0,
        };
    }
    let centre = r.clamp(-1.0, 1.0).atanh();
    let half = z / ((n - 3) as f64).sqrt();
    Interval {
        low: (centre - half).tanh(),
        high: (centre + half).tanh(),
    }
}
