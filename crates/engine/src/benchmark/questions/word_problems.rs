use consilium_stats::SplitMix64;

use crate::record::benchmark::question::{Grader, Question};

/// `count` multi-step word problems with whole-number answers, drawn from a few templates with
/// random names and quantities. The answer is computed from the same numbers the text states, and
/// every intermediate quantity stays positive, so each problem reads as something that could happen.
pub fn word_problems(count: usize, seed: u64) -> Vec<Question> {
    let mut rng = SplitMix64::new(seed);
    (1..=count)
        .map(|index| {
            let (text, answer) = match rng.below(4) {
                0 => shop(&mut rng),
                1 => reading(&mut rng),
                2 => journey(&mut rng),
                _ => markers(&mut rng),
            };
            Question {
                id: format!("q{index}"),
                text: format!("{text} Give the final answer as a number."),
                answer: answer.to_string(),
                grader: Grader::Numeric { tolerance: 0.0 },
            }
        })
        .collect()
}

const NAMES: [&str; 8] = [
    "Ada", "Bruno", "Chen", "Dalia", "Emeka", "Freya", "Goran", "Hana",
];

fn name(rng: &mut SplitMix64) -> &'static str {
    NAMES[rng.below(NAMES.len() as u64) as usize]
}

fn shop(rng: &mut SplitMix64) -> (String, u64) {
    let boxes = rng.between(3, 12);
    let per_box = rng.between(6, 24);
    let sold = rng.between(1, boxes * per_box - 1);
    let delivered = rng.between(1, 6);
    let text = format!(
        "A shop has {boxes} boxes with {per_box} apples in each. It sells {sold} apples, then a \
         delivery brings {delivered} more boxes of the same size. How many apples does the shop have now?"
    );
    (text, boxes * per_box - sold + delivered * per_box)
}

fn reading(rng: &mut SplitMix64) -> (String, u64) {
    let who = name(rng);
    let (first_rate, first_days) = (rng.between(10, 40), rng.between(2, 7));
    let (second_rate, second_days) = (rng.between(10, 40), rng.between(2, 7));
    let read = first_rate * first_days + second_rate * second_days;
    let pages = read + rng.between(5, 150);
    let text = format!(
        "{who} reads {first_rate} pages a day for {first_days} days, then {second_rate} pages a day \
         for {second_days} days. The book has {pages} pages. How many pages are left to read?"
    );
    (text, pages - read)
}

fn journey(rng: &mut SplitMix64) -> (String, u64) {
    let who = name(rng);
    let (first_speed, first_hours) = (rng.between(40, 120), rng.between(1, 5));
    let (second_speed, second_hours) = (rng.between(40, 120), rng.between(1, 5));
    let text = format!(
        "{who} drives at {first_speed} km/h for {first_hours} hours, stops for lunch, then drives \
         at {second_speed} km/h for {second_hours} hours. How many kilometres does {who} drive in all?"
    );
    (
        text,
        first_speed * first_hours + second_speed * second_hours,
    )
}

fn markers(rng: &mut SplitMix64) -> (String, u64) {
    let team_size = rng.between(2, 6);
    let teams = rng.between(3, 9);
    let per_team = rng.between(3, 12);
    let lost = rng.between(1, teams * per_team - 1);
    let pupils = team_size * teams;
    let text = format!(
        "A class of {pupils} pupils splits into teams of {team_size}. Each team gets {per_team} \
         markers, and {lost} markers are lost by the end of the week. How many markers are left?"
    );
    (text, teams * per_team - lost)
}
