//! View models the app's forms and session page render: seats resolved into participants, the
//! session page's heading, cancelled state, failed and recorded calls, Prioritize's outcome and
//! its questions before a start, and the history list's words.
use consilium_engine::demo::demo_session;
use consilium_engine::foundation::ids::ProviderId;
use consilium_engine::foundation::ids::SessionId;
use consilium_engine::library::list::{
    count_line, export_file_name, export_message, format_bytes, importing_line, short_time,
    shown_ids, storage_line, ImportReport,
};
use consilium_engine::prioritize::demo::{demo_backlog, demo_prioritize_config};
use consilium_engine::prioritize::run_prioritize;
use consilium_engine::prioritize::view::*;
use consilium_engine::record::prioritize::backlog::Opportunity;
use consilium_engine::record::prioritize::body::PrioritizeConfig;
use consilium_engine::review::demo::{demo_review_config, DEMO_DIFF};
use consilium_engine::testing::{FixedClock, RecordingSink, ScriptedCaller};
use consilium_engine::views::consent::{check_prioritize, prioritize_questions, start_anyway};
use consilium_engine::views::costs::price_entry;
use consilium_engine::views::health::{seats_known_to_fail, Connected, Health, SeatToCheck};
use consilium_engine::views::seats::{
    chosen_judge_warning, consult_seats, council_participants, judge_model_warning,
    labelled_council, partner_seats, Seat, SeatCatalog, SeatProvider,
};
use consilium_engine::views::session::{failed_calls, heading, recorded_calls, was_cancelled};
use consilium_engine::{
    consult::demo::demo_config, consult::demo::DEMO_QUESTION, foundation::participants::Persona,
    foundation::participants::Price, harness::io::CallFailure, record::CallStatus, record::Session,
};
use futures::executor::block_on;

const NOW: u64 = 1_700_000_000_000;

// ---- seats ----------------------------------------------------------------------------------

struct Catalog {
    providers: Vec<SeatProvider>,
    personas: Vec<Persona>,
}

const PRICE: Price = Price::new(1.0, 2.0);

impl SeatCatalog for Catalog {
    fn providers(&self) -> Vec<SeatProvider> {
        self.providers.clone()
    }
    fn price_for(&self, model: &str) -> Option<Price> {
        model.starts_with("priced").then_some(PRICE)
    }
    fn custom_personas(&self) -> Vec<Persona> {
        self.personas.clone()
    }
}

fn provider(id: &str, default_model: &str) -> SeatProvider {
    SeatProvider {
        id: id.into(),
        name: format!("{id} (name)"),
        default_model: default_model.into(),
        models: Vec::new(),
        free: false,
        kind: None,
    }
}

fn catalog() -> Catalog {
    Catalog {
        providers: vec![provider("a", "priced-a"), provider("b", "free-b")],
        personas: vec![Persona {
            name: "Accountant".into(),
            instructions: "Count.".into(),
        }],
    }
}

fn seat(provider_id: &str, model: &str) -> Seat {
    Seat {
        provider_id: provider_id.into(),
        model: model.into(),
        ..Seat::default()
    }
}

#[test]
fn new_seats_take_the_providers_in_turn_with_their_default_models() {
    let catalog = catalog();
    let seats: Vec<Seat> = (0..3).map(|i| Seat::default_for(&catalog, i)).collect();
    assert_eq!(
        seats,
        [
            seat("a", "priced-a"),
            seat("b", "free-b"),
            seat("a", "priced-a")
        ]
    );
    let none = Catalog {
        providers: Vec::new(),
        personas: Vec::new(),
    };
    assert_eq!(Seat::default_for(&none, 2), Seat::default());
    let (panel, judge) = consult_seats(&catalog);
    assert_eq!((panel.len(), judge), (3, seat("a", "priced-a")));
    let partners = partner_seats(&catalog);
    assert_eq!(
        partners
            .iter()
            .map(|s| s.provider_id.as_str())
            .collect::<Vec<_>>(),
        ["a", "b", "a"],
        "the critic on the second provider (independence)"
    );
}

#[test]
fn a_new_council_has_distinct_personas_and_spreads_over_the_models_available() {
    let one_provider = |models: &[&str]| Catalog {
        providers: vec![SeatProvider {
            models: models.iter().map(|m| m.to_string()).collect(),
            ..provider("a", "m1")
        }],
        personas: Vec::new(),
    };
    let (panel, judge) = consult_seats(&one_provider(&["m1", "m2", "m3"]));
    let models: Vec<&str> = panel.iter().map(|s| s.model.as_str()).collect();
    assert_eq!(
        models,
        ["m1", "m2", "m3"],
        "three models listed: three models seated"
    );
    assert_eq!(judge.model, "m1");
    assert_eq!(judge.persona, "", "the judge takes no persona");
    let personas: Vec<&str> = panel.iter().map(|s| s.persona.as_str()).collect();
    assert_eq!(personas, ["Pragmatic engineer", "Skeptic", "Domain expert"]);
    // Two listed models for three seats: the third takes the first again.
    let (panel, _) = consult_seats(&one_provider(&["m2", "m1"]));
    let models: Vec<&str> = panel.iter().map(|s| s.model.as_str()).collect();
    assert_eq!(models, ["m1", "m2", "m1"]);
    // A list of one is the one model a local server serves under any name: no second choice.
    let (panel, _) = consult_seats(&one_provider(&["gemma-3-270m.gguf"]));
    assert!(panel.iter().all(|s| s.model == "m1"));
    // Two providers: each provider's default first, then their other models.
    let two = Catalog {
        providers: vec![
            SeatProvider {
                models: vec!["a1".into(), "a2".into()],
                ..provider("a", "a1")
            },
            provider("b", "b1"),
        ],
        personas: Vec::new(),
    };
    let seated: Vec<(ProviderId, String)> = (0..4)
        .map(|i| Seat::panelist(&two, i))
        .map(|s| (s.provider_id, s.model))
        .collect();
    let expected = [("a", "a1"), ("b", "b1"), ("a", "a2"), ("a", "a1")]
        .map(|(p, m)| (ProviderId::from(p), m.to_string()));
    assert_eq!(seated, expected);
}

#[test]
fn a_new_council_keeps_its_judge_off_the_panelists_models_when_it_can_and_warns_only_about_a_choice(
) {
    let with_models = |models: &[&str]| Catalog {
        providers: vec![SeatProvider {
            models: models.iter().map(|m| m.to_string()).collect(),
            ..provider("a", "m1")
        }],
        personas: Vec::new(),
    };
    // Four models: three panelists and a judge apart, so no warning.
    let four = with_models(&["m1", "m2", "m3", "m4"]);
    let (panel, judge) = consult_seats(&four);
    assert_eq!(judge.model, "m4");
    assert!(panel.iter().all(|s| s.model != judge.model));
    assert_eq!(chosen_judge_warning(&panel, &judge, &four), None);
    // Three models: the judge must share one; the app chose it, so it does not warn...
    let three = with_models(&["m1", "m2", "m3"]);
    let (panel, judge) = consult_seats(&three);
    assert_eq!(judge.model, "m1");
    assert_eq!(chosen_judge_warning(&panel, &judge, &three), None);
    assert!(
        judge_model_warning(&panel, &judge, &three).is_some(),
        "the rule itself still sees it"
    );
    // ...but a judge the user moved onto a panelist's model is warned about.
    let (panel, _) = consult_seats(&four);
    let chosen = seat("a", "m2");
    let warned = chosen_judge_warning(&panel, &chosen, &four).expect("a chosen judge on m2");
    assert!(warned.contains("Panelist 2"), "{warned}");
}

#[test]
fn a_free_local_provider_costs_nothing_unless_the_user_priced_its_model() {
    let catalog = Catalog {
        providers: vec![SeatProvider {
            free: true,
            kind: None,
            ..provider("local", "llama3.2")
        }],
        personas: Vec::new(),
    };
    let free = seat("local", "llama3.2")
        .to_participant("panelist-1", "Panelist 1", &catalog)
        .unwrap();
    assert_eq!(free.price, Some(Price::new(0.0, 0.0)));
    let priced = seat("local", "priced-big")
        .to_participant("panelist-1", "Panelist 1", &catalog)
        .unwrap();
    assert_eq!(priced.price, Some(PRICE), "the user's price wins");
}

#[test]
fn a_seat_becomes_a_participant_labelled_and_priced_from_the_table() {
    let catalog = catalog();
    let mut chosen = seat("a", "  priced-x ");
    chosen.persona = "Accountant".into();
    let p = chosen
        .to_participant("panelist-1", "Panelist 1", &catalog)
        .unwrap();
    assert_eq!(p.id, "panelist-1");
    assert_eq!(p.label, "Panelist 1 · priced-x · Accountant");
    assert_eq!(
        (p.provider_id.as_str(), p.provider_label.as_str()),
        ("a", "a (name)")
    );
    assert_eq!(p.model, "priced-x", "the model is trimmed");
    assert_eq!(p.price, Some(PRICE));
    assert_eq!(p.persona.map(|p| p.instructions), Some("Count.".into()));
    assert_eq!(p.backup, None);
    let unpriced = seat("b", "free-b")
        .to_participant("judge", "Judge", &catalog)
        .unwrap();
    assert_eq!(unpriced.label, "Judge · free-b", "no persona, no suffix");
    assert_eq!(unpriced.price, None, "unknown price is None, never $0");
    let builtin = all_personas_names(&catalog);
    assert!(builtin.len() > 1 && builtin.last().unwrap() == "Accountant");
}

#[test]
fn a_council_is_its_panelists_in_order_then_the_judge_named_as_the_form_names_them() {
    let catalog = catalog();
    let panel = vec![seat("a", "priced-x"), seat("b", "free-b")];
    let judge = seat("b", "judge-model");
    let (panelists, judged_by) = council_participants(&panel, &judge, &catalog).unwrap();
    let ids: Vec<(&str, &str)> = panelists
        .iter()
        .map(|p| (p.id.as_str(), p.label.as_str()))
        .collect();
    assert_eq!(
        ids,
        [
            ("panelist-1", "Panelist 1 · priced-x"),
            ("panelist-2", "Panelist 2 · free-b")
        ]
    );
    assert_eq!(
        (judged_by.id.as_str(), judged_by.label.as_str()),
        ("judge", "Judge · judge-model")
    );
    let unfilled = vec![seat("a", "priced-x"), seat("a", " ")];
    assert_eq!(
        council_participants(&unfilled, &judge, &catalog).unwrap_err(),
        "Panelist 2: type or pick a model."
    );
    assert_eq!(
        council_participants(&panel, &seat("gone", "m"), &catalog).unwrap_err(),
        "Judge: choose a provider (add one in Settings)."
    );
    let names = |judge: Option<&Seat>| -> Vec<String> {
        labelled_council(&panel, judge)
            .into_iter()
            .map(|(label, _)| label)
            .collect()
    };
    assert_eq!(names(Some(&judge)), ["Panelist 1", "Panelist 2", "Judge"]);
    assert_eq!(
        names(None),
        ["Panelist 1", "Panelist 2"],
        "a judge not asked is not checked"
    );
    assert_eq!(labelled_council(&panel, Some(&judge))[2].1, judge);
}

fn all_personas_names(catalog: &Catalog) -> Vec<String> {
    consilium_engine::views::seats::all_personas(catalog)
        .into_iter()
        .map(|p| p.name)
        .collect()
}

#[test]
fn a_seat_without_provider_or_model_says_what_is_missing() {
    let catalog = catalog();
    assert_eq!(
        seat("gone", "m").to_participant("judge", "Judge", &catalog),
        Err("Judge: choose a provider (add one in Settings).".into())
    );
    assert_eq!(
        seat("a", "  ").to_participant("judge", "Judge", &catalog),
        Err("Judge: type or pick a model.".into())
    );
}

#[test]
fn a_backup_is_checked_and_priced_like_its_seat() {
    let catalog = catalog();
    let mut hedged = seat("a", "priced-a");
    hedged.backup_provider_id = "b".into();
    hedged.backup_model = " priced-b ".into();
    let backup = hedged
        .to_participant("critic", "Critic", &catalog)
        .unwrap()
        .backup
        .unwrap();
    assert_eq!(
        (backup.provider_id.as_str(), backup.provider_label.as_str()),
        ("b", "b (name)")
    );
    assert_eq!(
        (backup.model.as_str(), backup.price),
        ("priced-b", Some(PRICE))
    );
    hedged.backup_model = String::new();
    assert_eq!(
        hedged.to_participant("critic", "Critic", &catalog),
        Err("Critic: type or pick the backup model, or choose no backup.".into())
    );
    hedged.backup_provider_id = "gone".into();
    assert_eq!(
        hedged.to_participant("critic", "Critic", &catalog),
        Err("Critic: the backup's provider is no longer in Settings; choose another.".into())
    );
}

#[test]
fn changing_a_seats_provider_takes_that_providers_default_model() {
    let catalog = catalog();
    let mut chosen = seat("a", "mine");
    chosen.persona = "Accountant".into();
    let moved = chosen.on_provider(&catalog, "b".into());
    assert_eq!(
        (moved.provider_id.as_str(), moved.model.as_str()),
        ("b", "free-b")
    );
    assert_eq!(moved.persona, "Accountant", "the rest of the seat stays");
    let hedged = moved.with_backup_provider(&catalog, "a".into());
    assert_eq!(
        (
            hedged.backup_provider_id.as_str(),
            hedged.backup_model.as_str()
        ),
        ("a", "priced-a")
    );
    let unhedged = hedged.with_backup_provider(&catalog, ProviderId::default());
    assert_eq!(
        (
            unhedged.backup_provider_id.as_str(),
            unhedged.backup_model.as_str()
        ),
        ("", "")
    );
}

// ---- the session page -----------------------------------------------------------------------

#[test]
fn a_judge_on_a_panelists_model_is_warned_about_with_another_model_to_try() {
    let catalog = catalog();
    let panel = [seat("a", "priced-a"), seat("a", "llama3.2")];
    // The default council puts the judge on the first provider's model, as panelist 1.
    assert_eq!(
        judge_model_warning(&panel, &seat("a", "priced-a"), &catalog).as_deref(),
        Some(
            "The judge runs on priced-a, like Panelist 1; models favour their own answers, so \
             try free-b on b (name)."
        )
    );
    // The same model through another provider, or spelled with its vendor, is the same model.
    let warned = judge_model_warning(&panel, &seat("b", "meta/Llama3.2"), &catalog).unwrap();
    assert!(warned.contains("like Panelist 2"), "{warned}");
    // No provider's default model is free: the user is asked to pick one.
    let everywhere = [seat("a", "priced-a"), seat("b", "free-b")];
    assert!(
        judge_model_warning(&everywhere, &seat("a", "free-b"), &catalog)
            .unwrap()
            .ends_with("so pick a model no panelist uses.")
    );
    // A judge on its own model, or with no model yet, is not warned about.
    assert_eq!(
        judge_model_warning(&panel, &seat("b", "free-b"), &catalog),
        None
    );
    assert_eq!(judge_model_warning(&panel, &seat("b", " "), &catalog), None);
}

fn demo_consult() -> Session {
    Session::new_consult("c-1".into(), DEMO_QUESTION.into(), demo_config(), NOW)
}

fn demo_review() -> Session {
    Session::new_review("r-1".into(), DEMO_DIFF.into(), demo_review_config(), NOW)
}

fn demo_prioritize() -> Session {
    Session::new_prioritize("p-1".into(), demo_backlog(), demo_prioritize_config(), NOW)
}

fn ran_prioritize(caller: &ScriptedCaller) -> Session {
    block_on(run_prioritize(
        demo_prioritize(),
        caller,
        &FixedClock(NOW),
        &RecordingSink::default(),
    ))
}

fn prioritize_caller() -> ScriptedCaller {
    ScriptedCaller::new(|r| Ok(consilium_engine::prioritize::demo::demo_reply(r)))
}

#[test]
fn a_question_heads_its_session_and_a_change_or_backlog_its_title() {
    let consult = demo_consult();
    assert_eq!(heading(&consult), consult.subject);
    let review = demo_review();
    assert_eq!(heading(&review), review.title);
    assert_ne!(heading(&review), review.subject);
    let prioritize = demo_prioritize();
    assert_eq!(heading(&prioritize), prioritize.title);
}

#[test]
fn cancelled_is_each_protocols_aborted_state_read_as_a_state_not_a_string() {
    for mut session in [demo_consult(), demo_review(), demo_prioritize()] {
        assert!(!was_cancelled(&session), "idle");
        session.state = "aborted".into();
        assert!(was_cancelled(&session), "{:?}", session.protocol());
        session.state = "failed".into();
        assert!(!was_cancelled(&session));
        session.state = "not a state".into();
        assert!(!was_cancelled(&session), "an unknown state is not a cancel");
    }
}

#[test]
fn failed_calls_are_the_calls_without_a_usable_reply_by_who_made_them() {
    let caller = prioritize_caller().fail(
        "r1-critic",
        CallFailure {
            kind: "auth".into(),
            message: "Bad key.".into(),
        },
    );
    let session = ran_prioritize(&caller);
    let failed = failed_calls(&session);
    assert!(!failed.is_empty());
    assert!(failed.iter().all(|f| f.call.status != CallStatus::Ok));
    assert!(failed.iter().all(|f| !f.call.is_cut_attempt()));
    let first = &failed[0];
    assert_eq!(first.call.call_id, "r1-critic");
    assert_eq!(first.label, session.label_of("critic"));
    assert_eq!(
        session.calls[first.index].call_id, "r1-critic",
        "its place in the record"
    );
    assert!(failed_calls(&ran_prioritize(&prioritize_caller())).is_empty());
}

#[test]
fn a_cut_attempt_is_a_cost_on_record_not_a_failed_or_recorded_call() {
    let mut session = ran_prioritize(&prioritize_caller());
    let mut cut = session.calls[0].clone();
    cut.status = CallStatus::Cancelled;
    cut.call_id = format!("{}-attempt-1", cut.call_id);
    assert!(cut.is_cut_attempt(), "{cut:?}");
    session.calls.insert(0, cut);
    assert!(failed_calls(&session).is_empty());
    let round1 = recorded_calls(&session, 1);
    assert_eq!(
        round1.len(),
        session.calls.iter().filter(|c| c.round == 1).count() - 1
    );
    assert!(round1
        .iter()
        .all(|(label, call)| *label == session.label_of(&call.participant_id)));
    assert!(recorded_calls(&session, 9).is_empty());
}

// ---- Prioritize -----------------------------------------------------------------------------

#[test]
fn the_outcome_lists_rounds_consensus_stalemate_and_cost_against_the_budget() {
    let session = ran_prioritize(&prioritize_caller());
    let body = session.prioritize();
    let facts = debate_facts(body, 0.12, 0);
    assert_eq!(facts.session_id, body.debate.session_id);
    assert_eq!(
        facts.rounds,
        format!("{} / {}", body.debate.rounds_used(), body.debate.max_rounds)
    );
    assert_eq!(facts.consensus, "yes");
    assert_eq!(facts.stalemate, "no");
    assert_eq!(facts.outcome, body.outcome);
    assert!(!facts.independence_overridden);
    assert_eq!(facts.cost, "$0.12 of $2.50");
    let mut stalled = body.clone();
    stalled.debate.stalemate = true;
    stalled.debate.consensus_reached = false;
    stalled.config.independence_overridden = true;
    let facts = debate_facts(&stalled, 2.5, 3);
    assert_eq!(
        (facts.consensus, facts.stalemate),
        ("no", "yes: the budget ran out")
    );
    assert!(facts.independence_overridden);
    assert_eq!(facts.cost, "$2.50 of $2.50 (+3 calls at unknown price)");
    assert_eq!(cost_against_budget(0.12, 2.5, 0), "$0.12 of $2.50");
    assert_eq!(
        cost_against_budget(0.12, 2.5, 2),
        "$0.12 of $2.50 (+2 calls at unknown price)"
    );
    assert_eq!(
        round_under_way(&demo_prioritize().prioritize().debate.rounds),
        1
    );
    assert_eq!(
        round_under_way(&body.debate.rounds),
        body.debate.rounds.len() as u8 + 1
    );
}

#[test]
fn a_round_says_how_it_ended() {
    let session = ran_prioritize(&prioritize_caller());
    let mut round = session.prioritize().debate.rounds[0].clone();
    round.consensus_reached = true;
    assert_eq!(round_status(&round), "Consensus reached.");
    round.consensus_reached = false;
    round.consensus_refused = Some("an opportunity is still INVESTIGATE".into());
    assert_eq!(
        round_status(&round),
        "Consensus not accepted: an opportunity is still INVESTIGATE"
    );
    round.consensus_refused = None;
    round.continue_debate = true;
    assert_eq!(
        round_status(&round),
        "The moderator asked for another round."
    );
    round.continue_debate = false;
    assert_eq!(
        round_status(&round),
        "The moderator saw no need to continue; the stopping rule decides."
    );
}

#[test]
fn the_chart_in_words_names_whose_ranking_and_each_movement() {
    let lines = vec![
        RankLine {
            id: "opp-1".into(),
            title: "One".into(),
            ranks: vec![Some(3), Some(1)],
        },
        RankLine {
            id: "opp-2".into(),
            title: "Two".into(),
            ranks: vec![None, None],
        },
    ];
    assert_eq!(
        chart_description(&lines, RankingSource::Critic),
        "Critic ranking of 2 opportunities over 2 rounds. opp-1: up 2; opp-2: not ranked"
    );
    assert_eq!(
        chart_description(&[], RankingSource::Moderator),
        "Moderator (final) ranking of 0 opportunities over 0 rounds. "
    );
}

fn row(id: &str, title: &str, description: &str) -> Opportunity {
    let mut o = Opportunity::new(id, title);
    o.description = description.into();
    o
}

#[test]
fn the_backlog_editor_counts_titled_rows_and_keeps_rows_with_a_title_or_a_description() {
    let rows = [
        row("opp-1", "Fix CI", ""),
        row("opp-2", "  ", "Only described"),
        row("opp-3", "", "  "),
    ];
    let ids = |list: Vec<Opportunity>| list.into_iter().map(|o| o.id).collect::<Vec<_>>();
    assert_eq!(ids(titled(&rows)), ["opp-1"]);
    assert_eq!(ids(backlog_of(&rows)), ["opp-1", "opp-2"]);
    // An import keeps every row with anything typed, even one without a title yet.
    let mut typed_kind = row("opp-4", "", "");
    typed_kind.kind = "bug".into();
    let mut with_evidence = row("opp-5", "", "");
    with_evidence.evidence = vec!["CI red".into()];
    let mut sized = row("opp-6", "", "");
    sized.effort = Some(consilium_engine::record::prioritize::backlog::Effort::Size(
        consilium_engine::record::prioritize::backlog::Size::S,
    ));
    let all = [rows.to_vec(), vec![typed_kind, with_evidence, sized]].concat();
    assert_eq!(
        ids(typed_rows(&all)),
        ["opp-1", "opp-2", "opp-4", "opp-5", "opp-6"],
        "only the blank opp-3 goes"
    );
    assert_eq!(
        evidence_lines(" CI red 41 times \n\n  blocks merges\n"),
        ["CI red 41 times", "blocks merges"]
    );
}

#[test]
fn the_debate_line_says_whether_the_partners_debate_or_the_score_ranks() {
    assert_eq!(
        debate_line(6, 5),
        "6 opportunities, more than 5: the partners debate them."
    );
    assert_eq!(
        debate_line(5, 5),
        "5 opportunities, 5 or fewer: ranked by the plain score (RICE, else evidence per effort) with no model call, unless you ask for a debate."
    );
}

fn same_model_critic() -> PrioritizeConfig {
    let mut config = demo_prioritize_config();
    config.demo = false;
    let champion = config.partners[0].clone();
    let critic = config
        .partners
        .iter_mut()
        .find(|p| p.id == "critic")
        .unwrap();
    critic.provider_id = champion.provider_id;
    critic.model = champion.model;
    config
}

#[test]
fn before_a_debate_the_app_asks_about_a_critic_that_is_not_independent_and_unpriced_partners() {
    let config = same_model_critic();
    let problem = config
        .independence_problem()
        .expect("the critic shares a model");
    let questions = prioritize_questions(&config);
    assert_eq!(questions[0], problem);
    assert!(
        questions[1].ends_with(
            "have no price, so the cost cannot be known and the $2.50 budget cannot limit them. Set prices in Settings, or start anyway."
        ),
        "{}",
        questions[1]
    );
    let mut priced = config.clone();
    for p in &mut priced.partners {
        p.price = Some(PRICE);
    }
    priced.partners[0].price = None;
    let one = prioritize_questions(&priced);
    assert_eq!(
        one[1],
        format!(
            "{} has no price, so the cost cannot be known and the $2.50 budget cannot limit it. Set prices in Settings, or start anyway.",
            priced.partners[0].label
        )
    );
    let mut no_debate = config;
    no_debate.debate = false;
    assert!(
        prioritize_questions(&no_debate).is_empty(),
        "ranked by score: nothing to ask"
    );
}

#[test]
fn independence_is_asked_about_not_refused_and_overridden_only_when_it_was_the_question() {
    let backlog = demo_backlog();
    let mut config = same_model_critic();
    assert!(config.validate(&backlog).is_err(), "the run refuses it");
    assert_eq!(check_prioritize(&config, &backlog), Ok(()));
    assert!(!config.independence_overridden, "checking changes nothing");
    let mut bad = config.clone();
    bad.max_rounds = 0;
    assert!(
        check_prioritize(&bad, &backlog).is_err(),
        "every other rule still refuses"
    );
    start_anyway(&mut config);
    assert!(config.independence_overridden);
    assert_eq!(config.validate(&backlog), Ok(()));
    let mut independent = demo_prioritize_config();
    start_anyway(&mut independent);
    assert!(
        !independent.independence_overridden,
        "nothing to override: the record does not say it was"
    );
}

// ---- history --------------------------------------------------------------------------------

#[test]
fn the_history_count_says_how_many_match() {
    assert_eq!(count_line(0, 0), "");
    assert_eq!(count_line(1, 1), "1 session");
    assert_eq!(count_line(1, 0), "0 of 1 session match");
    assert_eq!(count_line(3, 3), "3 sessions");
    assert_eq!(count_line(3, 1), "1 of 3 sessions match");
}

#[test]
fn times_read_to_the_minute_and_sizes_in_decimal_units() {
    assert_eq!(short_time("2026-11-24T01:20:33.123Z"), "2026-11-24 01:20");
    assert_eq!(short_time("yesterday"), "yesterday");
    assert_eq!(format_bytes(512.0), "512 B");
    assert_eq!(format_bytes(1_500.0), "1.5 KB");
    assert_eq!(format_bytes(2_000_000.0), "2.0 MB");
    assert_eq!(format_bytes(3e15), "3000.0 TB");
    assert_eq!(
        storage_line(1_200_000.0, 3e11, Some(true)),
        "Storage: 1.2 MB used of 300.0 GB available; kept by the browser (persistent storage granted)."
    );
    assert!(storage_line(0.0, 0.0, Some(false)).ends_with(
        "may be cleared by the browser when space runs low (persistent storage not granted)."
    ));
    assert!(storage_line(0.0, 0.0, None).ends_with("; persistence unknown."));
}

#[test]
fn a_demo_session_of_each_protocol_is_scripted_on_its_demo_subject() {
    use consilium_engine::record::Protocol;
    for protocol in [Protocol::Consult, Protocol::Review, Protocol::Prioritize] {
        let session = demo_session(protocol, "demo-1".into(), NOW);
        assert_eq!(session.protocol(), protocol);
        assert!(session.demo, "{protocol:?} is labelled a demo");
        assert_eq!(
            (session.id.as_str(), session.state.as_str()),
            ("demo-1", "idle")
        );
    }
    assert_eq!(demo_session(Protocol::Consult, "d".into(), NOW), {
        let mut s = demo_consult();
        s.id = "d".into();
        // The peer labels' seed is drawn from the session's id.
        s.consult_mut().peer_label_seed =
            Some(consilium_engine::foundation::shuffle::seed_from("d"));
        s
    });
    assert_eq!(
        demo_session(Protocol::Review, "d".into(), NOW).subject,
        DEMO_DIFF
    );
    assert_eq!(
        demo_session(Protocol::Prioritize, "d".into(), NOW)
            .prioritize()
            .backlog,
        demo_backlog()
    );
}

#[test]
fn the_list_shows_what_the_filter_admits_and_while_searching_only_what_was_found() {
    use consilium_engine::{
        library::filter::HistoryFilter, library::search::SearchHit,
        library::summary::SessionSummary,
    };
    use std::collections::HashMap;
    let summaries: Vec<SessionSummary> = [
        (demo_consult(), "c-1", "2026-11-20T10:00:00.000Z"),
        (demo_review(), "r-1", "2026-11-22T10:00:00.000Z"),
        (demo_prioritize(), "p-1", "2026-11-21T10:00:00.000Z"),
    ]
    .into_iter()
    .map(|(mut s, id, at)| {
        s.id = id.into();
        s.updated_at = at.into();
        SessionSummary::of(&s)
    })
    .collect();
    let filter = HistoryFilter::default();
    assert_eq!(
        shown_ids(&summaries, &filter, None, NOW),
        ["r-1", "p-1", "c-1"],
        "newest first, nothing searched"
    );
    let hits: HashMap<SessionId, SearchHit> =
        [("c-1".into(), SearchHit::default())].into_iter().collect();
    assert_eq!(shown_ids(&summaries, &filter, Some(&hits), NOW), ["c-1"]);
    assert!(shown_ids(&summaries, &filter, Some(&HashMap::new()), NOW).is_empty());
    let reviews = HistoryFilter {
        protocol: Some("review".into()),
        ..HistoryFilter::default()
    };
    assert_eq!(
        shown_ids(&summaries, &reviews, Some(&hits), NOW),
        Vec::<String>::new()
    );
}

#[test]
fn export_and_import_say_what_they_did_in_one_message() {
    assert_eq!(
        export_file_name("2026-11-24T01:20:33.123Z"),
        "consilium-sessions-2026-11-24.json"
    );
    assert_eq!(
        export_message(3, "x.json", 0),
        "Exported 3 sessions to x.json."
    );
    assert_eq!(
        export_message(3, "x.json", 2),
        "Exported 3 sessions to x.json; 2 stored records could not be read and were left out."
    );
    let clean = ImportReport {
        saved: 2,
        offered: 2,
        ..ImportReport::default()
    };
    assert_eq!(
        clean.message("in.json"),
        "Imported 2 of 2 sessions from in.json."
    );
    // Counts of thousands read with their separators, while and after it saves.
    let large = ImportReport {
        saved: 1_008,
        offered: 1_008,
        ..ImportReport::default()
    };
    assert_eq!(
        large.message("all.json"),
        "Imported 1,008 of 1,008 sessions from all.json."
    );
    assert_eq!(
        importing_line(300, 1_008),
        "Importing… 300 of 1,008 sessions saved."
    );
    assert_eq!(
        export_message(1_204, "all.json", 0),
        "Exported 1,204 sessions to all.json."
    );
    assert_eq!(
        export_message(1, "one.json", 0),
        "Exported 1 session to one.json."
    );
    assert_eq!(count_line(2_000, 1_500), "1,500 of 2,000 sessions match");
    assert_eq!(count_line(2_000, 2_000), "2,000 sessions");
    let all_there = ImportReport {
        identical: 1_008,
        offered: 1_008,
        ..ImportReport::default()
    };
    assert_eq!(
        all_there.message("all.json"),
        "Nothing new in all.json: its 1,008 sessions are already in History, identical."
    );
    let messy = ImportReport {
        saved: 1,
        offered: 4,
        renamed: vec![("a".into(), "a-2".into()), ("b".into(), "b-2".into())],
        refused: vec!["Record 3 is not a session.".into()],
        failed: vec!["c: quota exceeded".into()],
        identical: 0,
    };
    assert_eq!(
        messy.message("in.json"),
        "Imported 1 of 4 sessions from in.json. 2 had an id already in History and came in under a new one (a → a-2, b → b-2); nothing was overwritten. Refused: Record 3 is not a session. Not saved: c: quota exceeded"
    );
    let again = ImportReport {
        offered: 3,
        identical: 3,
        ..ImportReport::default()
    };
    assert_eq!(
        again.message("all.json"),
        "Nothing new in all.json: its 3 sessions are already in History, identical."
    );
    let partly = ImportReport {
        saved: 1,
        offered: 3,
        identical: 2,
        ..ImportReport::default()
    };
    assert_eq!(
        partly.message("all.json"),
        "Imported 1 of 3 sessions from all.json. 2 were already in History, identical, and were skipped."
    );
}

#[test]
fn a_typed_price_needs_a_model_and_two_prices_of_zero_or_more() {
    assert_eq!(
        price_entry(" gpt-x ", "0.5", "0"),
        Ok(("gpt-x".to_string(), Price::new(0.5, 0.0)))
    );
    let refused =
        Err("Type a model id and two prices of zero or more (USD per million tokens).".to_string());
    assert_eq!(price_entry("  ", "1", "1"), refused);
    assert_eq!(price_entry("m", "-1", "1"), refused);
    assert_eq!(price_entry("m", "1", "free"), refused);
    assert_eq!(price_entry("m", "NaN", "1"), refused);
}

// ---- provider health ------------------------------------------------------------------------

#[test]
fn a_run_is_stopped_by_each_seat_known_to_fail_naming_the_seat_and_the_fix() {
    use consilium_providers::{Diagnosis, Problem};
    let down = Health::Failing(Diagnosis {
        problem: Problem::NothingListening,
        what: "Nothing is listening at http://127.0.0.1:11434/v1.".into(),
        fix: "Start Ollama with OLLAMA_ORIGINS=*.".into(),
        tried: Vec::new(),
    });
    let key = Health::Failing(Diagnosis {
        problem: Problem::BadKey,
        what: "The key was refused (HTTP 401).".into(),
        fix: "Paste a valid key for this provider.".into(),
        tried: Vec::new(),
    });
    let ready = Health::Ready(Connected {
        models: None,
        model: "m".into(),
        reply_ms: 800,
    });
    let seat = |label, provider_name, health| SeatToCheck {
        label,
        provider_name,
        health,
    };
    assert_eq!(
        seats_known_to_fail(&[
            seat("Panelist 1", "Ollama", &down),
            seat("Panelist 2", "llama.cpp", &ready),
            seat("Panelist 3", "Ollama", &down),
            seat("Judge", "OpenAI", &key),
        ]),
        Some(
            "Not started: Panelist 1 and Panelist 3 (Ollama): Nothing is listening at \
             http://127.0.0.1:11434/v1. Start Ollama with OLLAMA_ORIGINS=*. Judge (OpenAI): The \
             key was refused (HTTP 401). Paste a valid key for this provider. Fix it, then check \
             the connection again (or choose another provider for that seat)."
                .into()
        )
    );
    // Not checked, still checking, or a failure that may pass is not known to fail: it starts.
    let busy = Health::Failing(Diagnosis {
        problem: Problem::Other,
        what: "The provider answered with an error: rate limited.".into(),
        fix: String::new(),
        tried: Vec::new(),
    });
    let slow = Health::Failing(Diagnosis {
        problem: Problem::TimedOut,
        what: "It sent nothing for 20 s.".into(),
        fix: String::new(),
        tried: Vec::new(),
    });
    assert_eq!(
        seats_known_to_fail(&[
            seat("Panelist 1", "A", &Health::Unknown),
            seat("Panelist 2", "B", &Health::Checking),
            seat("Panelist 3", "D", &busy),
            seat("Panelist 4", "E", &slow),
            seat("Judge", "C", &ready),
        ]),
        None
    );
    assert_eq!(down.label(), "not reachable");
    assert_eq!(
        (key.label().as_str(), key.tone()),
        ("key refused", "failing")
    );
    assert_eq!((ready.label().as_str(), ready.tone()), ("ready", "ready"));
    assert_eq!(Health::Unknown.label(), "not checked");
}

#[test]
fn the_check_says_in_one_line_what_worked_or_what_failed_and_what_to_do() {
    use consilium_providers::{Diagnosis, Problem};
    let listed = |models: Option<Vec<&str>>, reply_ms| {
        Health::Ready(Connected {
            models: models.map(|m| m.into_iter().map(String::from).collect()),
            model: "gpt-4o-mini".into(),
            reply_ms,
        })
    };
    let twelve: Vec<&str> = vec!["m"; 12];
    assert_eq!(
        listed(Some(twelve), 812).line(),
        "Connected · 12 models · test reply from gpt-4o-mini in 0.8 s"
    );
    assert_eq!(listed(Some(twelve_models()), 812).models().len(), 12);
    assert_eq!(
        listed(Some(vec!["a"]), 12_400).line(),
        "Connected · 1 model · test reply from gpt-4o-mini in 12 s"
    );
    // Gemini-style servers list nothing: checked by the call alone, and said so.
    let unlisted = listed(None, 90);
    assert_eq!(
        unlisted.line(),
        "Connected · no model list at this address · test reply from gpt-4o-mini in 0.1 s"
    );
    assert!(unlisted.models().is_empty());
    // A local server may answer within a few milliseconds: never "in 0.0 s".
    for fast in [0, 3, 49] {
        assert_eq!(
            listed(Some(vec!["a"]), fast).line(),
            "Connected · 1 model · test reply from gpt-4o-mini in under 0.1 s"
        );
    }
    let down = Health::Failing(Diagnosis {
        problem: Problem::NothingListening,
        what: "No server is running at http://127.0.0.1:8080/v1.".into(),
        fix: "Start llama.cpp's server.".into(),
        tried: Vec::new(),
    });
    assert_eq!(
        down.line(),
        "Not connected: No server is running at http://127.0.0.1:8080/v1. Start llama.cpp's server."
    );
    // What it tried follows, so a working server's quirk shows in its own words.
    let quirk = Health::Failing(Diagnosis {
        problem: Problem::Other,
        what: "The provider answered with an error: bad request.".into(),
        fix: String::new(),
        tried: vec![
            "GET http://127.0.0.1:8080/v1/models: HTTP 200".into(),
            "POST http://127.0.0.1:8080/v1/chat/completions (model “m”): HTTP 400, “no seed”"
                .into(),
        ],
    });
    assert_eq!(
        quirk.line(),
        "Not connected: The provider answered with an error: bad request. Tried: GET \
         http://127.0.0.1:8080/v1/models: HTTP 200; POST http://127.0.0.1:8080/v1/chat/completions \
         (model “m”): HTTP 400, “no seed”."
    );
    assert!(Health::Unknown.line().contains("Check connection"));
    assert!(!Health::Checking.line().is_empty());
}

fn twelve_models() -> Vec<&'static str> {
    vec!["m"; 12]
}
