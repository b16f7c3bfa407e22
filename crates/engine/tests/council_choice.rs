//! Which council to keep, on scripted round-1 answers with known figures. Reference
//! values were computed outside the repo with SciPy 1.17.1 and statsmodels 0.15.0
//! (`pip install scipy statsmodels`), by the expression beside each.
use consilium_engine::benchmark::council_choice::panel::{Member, PanelAnswers, QuestionAnswers};
use consilium_engine::benchmark::council_choice::{
    council_choice, council_choice_of, MIN_QUESTIONS,
};
use consilium_engine::benchmark_council::demo_benchmark;
use consilium_engine::record::benchmark::body::Arm;
use consilium_engine::testing::{FixedClock, RecordingSink};
use consilium_engine::{
    benchmark::run::run_benchmark, benchmark_council::ConsultCouncil, demo::DemoCaller,
};
use consilium_engine::{
    record::benchmark::question::Grader, record::benchmark::question::Question,
};
use futures::executor::block_on;

const SEED: u64 = 2026;

/// One question's pattern: each member right ('R'), wrong ('W': "wrong", shared by every wrong
/// member, so wrong members vote together), wrong alone ('w': an answer of its own) or silent
/// ('-').
struct Script {
    pattern: &'static str,
    times: usize,
}

fn script(rows: &[(&'static str, usize)]) -> Vec<Script> {
    rows.iter()
        .map(|&(pattern, times)| Script { pattern, times })
        .collect()
}

fn questions(count: usize) -> Vec<Question> {
    (0..count)
        .map(|i| Question {
            id: format!("q{i}"),
            text: format!("Question {i}?"),
            answer: "right".into(),
            grader: Grader::Exact,
        })
        .collect()
}

fn panel<'a>(questions: &'a [Question], rows: &[Script], costs: &[f64]) -> PanelAnswers<'a> {
    let patterns: Vec<&str> = rows
        .iter()
        .flat_map(|row| std::iter::repeat_n(row.pattern, row.times))
        .collect();
    assert_eq!(patterns.len(), questions.len(), "one pattern per question");
    let members = (0..costs.len())
        .map(|i| Member {
            participant_id: format!("p{}", i + 1).into(),
            name: format!("model-{}", i + 1),
        })
        .collect();
    let questions = questions
        .iter()
        .zip(patterns)
        .map(|(question, pattern)| QuestionAnswers {
            question,
            answers: pattern
                .chars()
                .enumerate()
                .map(|(member, c)| match c {
                    'R' => Some("right".to_string()),
                    'W' => Some("wrong".to_string()),
                    'w' => Some(format!("wrong {member}")),
                    _ => None,
                })
                .collect(),
            costs: costs.iter().map(|&usd| Some(usd)).collect(),
            council_right: pattern.starts_with('R'),
        })
        .collect();
    PanelAnswers { members, questions }
}

fn near(actual: f64, expected: f64, what: &str) {
    assert!(
        (actual - expected).abs() < 1e-10,
        "{what}: {actual} differs from the reference {expected}"
    );
}

/// Each member misses 8 questions the other two get right: the vote fixes every one, and any
/// smaller council (a pair's ties go to its earlier member, so a pair votes as that member) is
/// clearly worse.
fn everyone_needed() -> Vec<Script> {
    script(&[("WRR", 8), ("RWR", 8), ("RRW", 8), ("RRR", 16)])
}

#[test]
fn effective_votes_match_a_hand_computation() {
    // Members 1 and 2 are wrong on the same 2 questions (phi 1); member 3 is wrong on those 2
    // and 8 more. phi(1, 3) = phi(2, 3) = (2*30 - 0*8) / sqrt(2 * 38 * 10 * 30) = 0.3973597...
    // Mean phi = (1 + 2 * 0.3973597) / 3 = 0.5982398; n_eff = 3 / (1 + 2 * 0.5982398) = 1.36582.
    let questions = questions(40);
    let rows = script(&[("RRR", 30), ("RRW", 8), ("wWw", 2)]);
    let choice = council_choice(&panel(&questions, &rows, &[0.001; 3]), SEED);
    let phi13 = 60.0 / (2.0f64 * 38.0 * 10.0 * 30.0).sqrt();
    let mean = (1.0 + 2.0 * phi13) / 3.0;
    let effective = choice.effective_votes.unwrap();
    assert_eq!(effective.pairs, 3);
    near(effective.mean_correlation, mean, "mean phi");
    near(effective.votes, 3.0 / (1.0 + 2.0 * mean), "effective votes");
    near(
        effective.votes,
        1.365_821_921_148_133_7,
        "effective votes by hand",
    );

    // Errors that never meet (phi -0.25 each): no more votes than panelists.
    let apart = council_choice(&panel(&questions, &everyone_needed(), &[0.001; 3]), SEED);
    near(
        apart.effective_votes.unwrap().votes,
        3.0,
        "never wrong together",
    );
}

#[test]
fn a_council_that_needs_everyone_keeps_everyone() {
    let questions = questions(40);
    let panel = panel(&questions, &everyone_needed(), &[0.001, 0.001, 0.001]);
    let choice = council_choice(&panel, SEED);
    assert!(choice.enough_questions());
    assert_eq!(choice.full_vote.correct(), 40);
    assert_eq!(
        choice.smallest, None,
        "every smaller council is clearly worse"
    );
    assert_eq!(choice.keep(), None);
    for worth in &choice.worth {
        assert_eq!(worth.without.correct(), 32, "member {}", worth.member);
        assert_eq!(worth.only_right, 0);
        // statsmodels mcnemar([[0, 0], [8, 0]], exact=True).pvalue
        near(worth.against_full.mcnemar_p, 0.0078125, "McNemar");
        near(worth.against_full.difference, -0.2, "difference");
        assert!(worth.against_full.council_worse(), "the vote needs it");
    }
    // No question had every member wrong: the ceiling is 100%, its exact bound
    // proportion_confint(40, 40, alpha=0.05, method="beta") = (0.9119026971211976, 1.0).
    assert_eq!(choice.ceiling.all_wrong, 0);
    near(choice.ceiling.ceiling, 1.0, "ceiling");
    near(
        choice.ceiling.interval.low,
        0.9119026971211976,
        "ceiling bound",
    );
    near(choice.ceiling.interval.high, 1.0, "ceiling high");
    // Members 1 and 2 are never wrong together: wrong 8 and 8 times apart, right together 24.
    // scipy.stats.pearsonr on x = [1]*8 + [0]*32, y = [0]*8 + [1]*8 + [0]*24:
    // statistic -0.25, confidence_interval(0.95) (-0.5209399340488209, 0.06670408554201905).
    let pair = &choice.error_pairs[0];
    assert_eq!((pair.first, pair.second), (0, 1));
    assert_eq!(choice.error_pairs.len(), 3);
    near(pair.phi.unwrap(), -0.25, "phi");
    let interval = pair.phi_interval.unwrap();
    near(interval.low, -0.5209399340488209, "phi low");
    near(interval.high, 0.06670408554201905, "phi high");
    let (together, together_interval) = pair.wrong_together().unwrap();
    assert_eq!((together, pair.either_wrong()), (0.0, 16));
    // proportion_confint(0, 16, alpha=0.05, method="wilson") = (0.0, 0.19360768053443655)
    near(together_interval.high, 0.19360768053443655, "together high");
}

#[test]
fn the_smallest_council_that_holds_is_the_cheaper_of_two_equals() {
    // Members 1 and 2 are right on the same 38 questions; 3 misses 8 of them. 2 is the cheaper.
    let questions = questions(40);
    let rows = script(&[("RRR", 30), ("RRW", 8), ("wWw", 2)]);
    let panel = panel(&questions, &rows, &[0.002, 0.001, 0.0005]);
    let choice = council_choice(&panel, SEED);
    assert_eq!(choice.full_vote.correct(), 38);
    let smallest = choice.smallest.as_ref().expect("a single member holds");
    assert_eq!(smallest.size(), 1);
    assert_eq!(choice.keep(), Some(vec!["p2".into()]));
    assert_eq!(smallest.vote.correct(), 38);
    near(
        smallest.vote.cost_per_correct().unwrap(),
        0.04 / 38.0,
        "cost per correct",
    );
    assert_eq!(smallest.against_full.difference, 0.0);
    assert!(!smallest.against_full.council_worse());
    // Every member wrong on 2 of 40: the ceiling 95%, and
    // proportion_confint(38, 40, alpha=0.05, method="beta") = (0.8308031360405823, 0.9938863534006491).
    assert_eq!(choice.ceiling.all_wrong, 2);
    near(choice.ceiling.ceiling, 0.95, "ceiling");
    near(
        choice.ceiling.interval.low,
        0.8308031360405823,
        "ceiling bound",
    );
    near(
        choice.ceiling.interval.high,
        0.9938863534006491,
        "ceiling high",
    );
}

#[test]
fn a_member_alone_right_is_counted_and_its_worth_tested() {
    // Member 1 alone is right on 6 questions (the other two agree on a wrong answer), wrong on 6
    // the others get right; member 2 also misses 4 that 1 and 3 get right.
    let questions = questions(40);
    let rows = script(&[("RRR", 24), ("RWW", 6), ("WRR", 6), ("RWR", 4)]);
    let panel = panel(&questions, &rows, &[0.001, 0.001, 0.001]);
    let choice = council_choice(&panel, SEED);
    assert_eq!(choice.full_vote.correct(), 34);
    let first = &choice.worth[0];
    assert_eq!(first.only_right, 6);
    // proportion_confint(6, 40, alpha=0.05, method="wilson")
    near(
        first.only_right_interval.low,
        0.07061187717320357,
        "only right low",
    );
    near(
        first.only_right_interval.high,
        0.2907232436648971,
        "only right high",
    );
    // Without member 1, members 2 and 3 tie where they differ and 2 (earlier) wins: 30 right,
    // the 4 RWR lost. mcnemar([[0, 0], [4, 0]], exact=True).pvalue = 0.125: no clear difference.
    assert_eq!(first.without.correct(), 30);
    near(first.against_full.mcnemar_p, 0.125, "McNemar");
    assert!(!first.against_full.council_worse());
    // pearsonr of member 1's errors ([1]*6 + [0]*34) and member 2's ([0]*6 + [1]*10 + [0]*24).
    let pair = &choice.error_pairs[0];
    near(pair.phi.unwrap(), -0.2425356250363329, "phi");
    near(pair.phi_interval.unwrap().low, -0.51512610729126, "phi low");
    near(
        pair.phi_interval.unwrap().high,
        0.07461072174436671,
        "phi high",
    );
}

#[test]
fn below_the_minimum_the_figures_are_not_enough_to_tell() {
    let rows = script(&[("RRR", 15), ("RRW", 4), ("wWw", 1)]);
    let few = questions(20);
    let choice = council_choice(&panel(&few, &rows, &[0.001; 3]), SEED);
    assert_eq!(MIN_QUESTIONS, 30);
    assert!(!choice.enough_questions());
    let rows = script(&[("RRR", 24), ("RRW", 5), ("wWw", 1)]);
    let enough = questions(30);
    assert!(council_choice(&panel(&enough, &rows, &[0.001; 3]), SEED).enough_questions());
}

#[test]
fn a_silent_member_casts_no_vote_and_counts_as_wrong() {
    let questions = questions(2);
    let rows = script(&[("-RR", 1), ("---", 1)]);
    let panel = panel(&questions, &rows, &[0.0; 3]);
    assert_eq!(panel.member_right(0), vec![false, false]);
    let choice = council_choice(&panel, SEED);
    assert_eq!(choice.full_vote.right, vec![true, false]);
    assert_eq!(choice.ceiling.all_wrong, 1);
}

#[test]
fn the_stored_benchmark_reads_its_panel_and_recomputes_its_vote() {
    let session = block_on(run_benchmark(
        demo_benchmark("demo-bench".into(), 1_700_000_000_000),
        &ConsultCouncil,
        &DemoCaller,
        &FixedClock(1_700_000_000_000),
        &RecordingSink::default(),
    ));
    let body = session.benchmark().unwrap();
    let choice = council_choice_of(body);
    assert_eq!(choice.members.len(), body.config.council.panelists.len());
    assert_eq!(choice.questions, body.questions.len() as u64);
    // The full vote recomputed from the solo answers is the stored round-1 vote, question by
    // question: one rule for both.
    let stored: Vec<bool> = body
        .results
        .iter()
        .map(|r| r.outcome(&Arm::Vote).unwrap().correct == Some(true))
        .collect();
    assert_eq!(choice.full_vote.right, stored);
    assert!(
        !choice.enough_questions(),
        "the demo's 10 questions are too few"
    );
}

/// "every one of them answered" means it: a question where a panelist's call failed
/// (no outcome graded) is left out of the figures and of the count toward `MIN_QUESTIONS`.
#[test]
fn a_question_where_a_panelists_call_failed_is_not_counted() {
    let session = block_on(run_benchmark(
        demo_benchmark("demo-bench".into(), 1_700_000_000_000),
        &ConsultCouncil,
        &DemoCaller,
        &FixedClock(1_700_000_000_000),
        &RecordingSink::default(),
    ));
    let mut body = session.benchmark().unwrap().clone();
    let all = council_choice_of(&body).questions;
    let first = body.config.council.panelists[0].id.clone();
    let failed = body.results[0]
        .arms
        .iter_mut()
        .find(|o| {
            o.arm
                == Arm::Solo {
                    participant_id: first.clone(),
                }
        })
        .unwrap();
    failed.final_answer = None;
    failed.correct = None;
    failed.errors = vec!["The provider could not be reached.".into()];
    assert_eq!(council_choice_of(&body).questions, all - 1);
}

mod views {
    use super::*;
    use consilium_engine::benchmark_council::view::choice::council_choice_view;

    #[test]
    fn below_the_minimum_one_sentence_says_so_and_no_figure_shows() {
        let rows = script(&[("RRR", 15), ("RRW", 4), ("wWw", 1)]);
        let few = questions(20);
        let view = council_choice_view(&council_choice(&panel(&few, &rows, &[0.001; 3]), SEED));
        assert!(!view.enough_questions);
        let expected = "Not enough questions to tell which council to keep: the best any \
                        combination could do, each panelist's worth, how alike their errors are \
                        and the smallest council that holds need at least 30 questions answered \
                        by every panelist, and there are 20 so far.";
        assert_eq!(view.refusal.as_deref(), Some(expected));
        for section in [&view.ceiling, &view.worth, &view.alike, &view.smallest] {
            assert_eq!(section.sentence, "", "{}", section.title);
            assert!(section.rows.is_empty(), "{}", section.title);
        }
        assert_eq!((view.phi_matrix, view.keep), (None, None));
    }

    #[test]
    fn the_sections_read_in_words_with_their_intervals() {
        let questions = questions(40);
        let rows = script(&[("RRR", 30), ("RRW", 8), ("wWw", 2)]);
        let view = council_choice_view(&council_choice(
            &panel(&questions, &rows, &[0.002, 0.001, 0.0005]),
            SEED,
        ));
        eprintln!("{view:#?}");
        assert!(view.enough_questions);
        assert_eq!(
            view.intro,
            "From the round-1 answers of the 3 panelists on the 40 questions every one of them \
             answered: no new call. The 3 panelists cast about 1.4 independent votes: their \
             errors' mean correlation is 0.60 (effective votes = n / (1 + (n - 1) × that mean, \
             below 0 taken as 0))."
        );
        // Clopper-Pearson of 38/40: 0.8308 to 0.9939 (see above).
        assert_eq!(
            view.ceiling.sentence,
            "The best any combination of these models could do here is 95% (95% bound 83%): \
             every panelist was wrong on 2 of 40 questions. The council scored 95% and the \
             round-1 vote 95%."
        );
        assert_eq!(
            view.ceiling.rows[0].cells,
            vec!["95%", "83% to 99%", "38 of 40"]
        );
        // Wilson of 38/40: proportion_confint(38, 40, method="wilson") = (0.83496, 0.98618).
        assert_eq!(view.ceiling.rows[2].cells[1], "83% to 99%");
        assert_eq!(
            view.worth.sentence,
            "No panelist is clearly needed: without any one of them the vote is not clearly worse."
        );
        assert_eq!(view.worth.rows.len(), 3);
        assert_eq!(view.worth.rows[2].cells[4], "No clear difference");
        // Members 1 and 2 are wrong on the same 2 questions: Wilson of 2/2 is 34% to 100%.
        assert_eq!(
            view.alike.sentence,
            "model-1 and model-2 are wrong together 100% of the time either is wrong (2 of 2 \
             questions; 95% CI 34% to 100%), the most alike of the pairs."
        );
        let matrix = view.phi_matrix.as_ref().unwrap();
        assert_eq!(matrix.cells[0][0], "—");
        assert_eq!(matrix.cells[0][1], matrix.cells[1][0]);
        // Members 1 and 2 hold alike (38 right, as the full vote); 2 costs less per correct answer:
        // $0.04 / 38 against the full vote's $0.14 / 38.
        assert_eq!(
            view.smallest.sentence,
            "model-2 alone holds: its answers score 95% (83% to 99%), no lower than the full vote \
             (95% CI 0 to 0 points, McNemar p = 1.000), not clearly worse, at $0.0011 per correct \
             answer against the full vote's $0.0037."
        );
        assert_eq!(view.smallest.rows[0].cells[0], "model-2");
        assert_eq!(
            view.smallest.rows[1].cells[0],
            "model-1, model-2 and model-3"
        );
        let keep = view.keep.as_ref().unwrap();
        assert_eq!(keep.participant_ids, vec!["p2".to_string()]);
        assert_eq!(keep.label, "Keep model-2");
    }
}

mod report {
    use super::*;
    use consilium_engine::benchmark::results::{summarise, ArmOutcomes};
    use consilium_engine::benchmark_council::report::results::benchmark_report_body;
    use consilium_engine::benchmark_council::view::choice::council_choice_view;
    use consilium_engine::benchmark_council::view::results::benchmark_results;
    use consilium_engine::html_report::session_html;

    #[test]
    fn the_report_shows_the_sections_after_the_arms_as_cards_escaped() {
        let questions = questions(40);
        let mut panel = panel(&questions, &everyone_needed(), &[0.001; 3]);
        panel.members[0].name = "<b>model</b>".into();
        let council = ArmOutcomes {
            label: "Council".into(),
            is_vote: false,
            outcomes: Vec::new(),
        };
        let mut view = benchmark_results(&summarise(&council, &[], &[], SEED), &questions);
        view.council_choice = Some(council_choice_view(&council_choice(&panel, SEED)));
        let html = benchmark_report_body(&view, &[]);
        assert!(!html.contains("<b>model</b>"));
        assert!(html.contains("&lt;b&gt;model&lt;/b&gt;"));
        let choice = html.find("Which council to keep").expect("the section");
        assert!(html.find("Accuracy per arm").unwrap() < choice);
        for title in [
            "The best any combination could do",
            "worth to the vote",
            "How alike their errors are",
            "The smallest council that holds",
        ] {
            assert!(html.contains(title), "{title}");
        }
        assert!(html.contains("<table class=\"cards\">"));
        assert!(html.contains("<td data-label=\"Vote without it\">"));
        assert!(html.contains("<table class=\"matrix\">"));
        assert!(html.contains("keep them all"));
    }

    #[test]
    fn the_demo_export_says_its_ten_questions_are_not_enough() {
        let session = block_on(run_benchmark(
            demo_benchmark("demo-bench".into(), 1_700_000_000_000),
            &ConsultCouncil,
            &DemoCaller,
            &FixedClock(1_700_000_000_000),
            &RecordingSink::default(),
        ));
        let html = session_html(&session);
        assert!(html.contains("Which council to keep"));
        // Said once, not under each of the four sections' titles.
        assert_eq!(html.matches("Not enough questions to tell").count(), 1);
        assert!(!html.contains("The best any combination could do</h3>"));
    }
}
