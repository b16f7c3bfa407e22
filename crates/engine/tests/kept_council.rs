//! "Keep this council": the smallest council that holds, saved as the council new
//! consults start with, while its providers are still set up.
use consilium_engine::benchmark_council::view::choice::{
    ChoiceSection, CouncilChoiceView, KeepCouncil,
};
use consilium_engine::views::seats::SeatProvider;
use consilium_engine::views::seats::{consult_seats, KeptCouncil, SeatCatalog};
use consilium_engine::{
    consult::demo::demo_config, foundation::participants::Participant,
    foundation::participants::Persona, foundation::participants::Price,
};

struct Catalog {
    providers: Vec<&'static str>,
    kept: Option<KeptCouncil>,
}

impl SeatCatalog for Catalog {
    fn providers(&self) -> Vec<SeatProvider> {
        self.providers
            .iter()
            .map(|id| SeatProvider {
                id: id.to_string().into(),
                name: id.to_string(),
                default_model: format!("default-{id}"),
                models: Vec::new(),
                free: false,
                kind: None,
            })
            .collect()
    }
    fn price_for(&self, _: &str) -> Option<Price> {
        None
    }
    fn custom_personas(&self) -> Vec<Persona> {
        Vec::new()
    }
    fn kept_council(&self) -> Option<KeptCouncil> {
        self.kept.clone()
    }
}

fn member(id: &str, provider: &str, model: &str) -> Participant {
    Participant {
        context_tokens: None,
        web_search: None,
        sees_images: None,
        id: id.into(),
        label: format!("{id} · {model}"),
        provider_id: provider.into(),
        provider_label: provider.into(),
        model: model.into(),
        persona: None,
        price: None,
        backup: None,
    }
}

fn kept() -> KeptCouncil {
    KeptCouncil {
        panelists: vec![member("p1", "a", "model-1"), member("p3", "b", "model-3")],
        judge: member("judge", "a", "judge-model"),
    }
}

#[test]
fn new_councils_start_with_the_kept_one_while_its_providers_are_set_up() {
    let with_kept = Catalog {
        providers: vec!["a", "b"],
        kept: Some(kept()),
    };
    let (panel, judge) = consult_seats(&with_kept);
    let models: Vec<&str> = panel.iter().map(|s| s.model.as_str()).collect();
    assert_eq!(models, ["model-1", "model-3"]);
    assert_eq!(
        (judge.provider_id.as_str(), judge.model.as_str()),
        ("a", "judge-model")
    );

    // Provider b is gone: a new council on the providers in turn, as without a kept one.
    let without_b = Catalog {
        providers: vec!["a"],
        kept: Some(kept()),
    };
    let fresh = Catalog {
        providers: vec!["a"],
        kept: None,
    };
    assert_eq!(consult_seats(&without_b), consult_seats(&fresh));
    assert_eq!(consult_seats(&fresh).0.len(), 3);
}

#[test]
fn the_kept_council_reads_in_words() {
    assert_eq!(
        kept().described(),
        "model-1 and model-3, judged by judge-model"
    );
}

fn section() -> ChoiceSection {
    ChoiceSection {
        title: String::new(),
        sentence: String::new(),
        note: None,
        columns: Vec::new(),
        rows: Vec::new(),
    }
}

#[test]
fn the_button_saves_the_smallest_council_s_panelists_in_panel_order_and_the_judge() {
    let mut config = demo_config();
    config.panelists = vec![
        member("p1", "a", "model-1"),
        member("p2", "a", "model-2"),
        member("p3", "b", "model-3"),
    ];
    config.judge = member("judge", "a", "judge-model");
    let view = CouncilChoiceView {
        intro: String::new(),
        enough_questions: true,
        refusal: None,
        ceiling: section(),
        worth: section(),
        alike: section(),
        phi_matrix: None,
        smallest: section(),
        keep: Some(KeepCouncil {
            participant_ids: vec!["p3".into(), "p1".into()],
            council: None,
            label: "Keep model-1 and model-3".into(),
            demo: false,
        }),
    }
    .with_council(&config);
    assert_eq!(view.keep.unwrap().council, Some(kept()));
}

/// The e2e suite's stored benchmark (`tests/e2e/fixtures/benchmark-results.json`): its smallest
/// council that holds is one panelist, which is no council to keep (a consult needs two).
#[test]
fn a_smallest_council_of_one_is_not_offered_to_keep() {
    use consilium_engine::benchmark_council::view::results::benchmark_body_results;
    let text = include_str!("../../../tests/e2e/fixtures/benchmark-results.json");
    let session = consilium_engine::record::Session::from_json_text(text).unwrap();
    let body = session.benchmark().unwrap();
    let choice = benchmark_body_results(body).council_choice.unwrap();
    let keep = choice.keep.expect("a smaller council holds");
    assert_eq!(keep.participant_ids, ["panelist-1"]);
    assert_eq!(keep.council, None);
    // Nor does a kept council of one reach a new consult's form.
    let one = KeptCouncil {
        panelists: vec![member("p1", "a", "model-1")],
        judge: member("judge", "a", "judge-model"),
    };
    let catalog = Catalog {
        providers: vec!["a"],
        kept: Some(one),
    };
    assert_eq!(consult_seats(&catalog).0.len(), 3);
}

/// The page computes the results in two parts, each in a task of its own (`arms_results`, then
/// `body_council_choice`): together they are the view the HTML report shows
/// (`benchmark_body_results`), figure for figure.
#[test]
fn the_results_in_two_parts_are_the_reports_results() {
    use consilium_engine::benchmark_council::view::results::{
        arms_results, benchmark_body_results, body_council_choice,
    };
    let text = include_str!("../../../tests/e2e/fixtures/benchmark-results.json");
    let session = consilium_engine::record::Session::from_json_text(text).unwrap();
    let body = session.benchmark().unwrap();
    let arms = arms_results(body);
    assert_eq!(arms.council_choice, None);
    let whole = benchmark_body_results(body);
    assert!(whole.council_choice.is_some());
    assert_eq!(
        whole,
        consilium_engine::benchmark_council::view::results::BenchmarkResultsView {
            council_choice: Some(body_council_choice(body)),
            ..arms
        }
    );
}
