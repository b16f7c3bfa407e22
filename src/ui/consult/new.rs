//! New consult, asked in one box: what Consilium does with a picture of a finished decision, the
//! demo as the big action, the question, and (once a model is connected) the council area, a
//! part of its own (`council_area`). Ctrl/Cmd+Enter asks.
use consilium_engine::record::Protocol;
use leptos::prelude::*;

use crate::app::material::Material;
use crate::app::runs::start::PendingRun;
use crate::app::AppState;
use crate::platform::drafts::{load_draft, save_draft};
use crate::ui::consult::council::{Council, CouncilDepth};
use crate::ui::consult::lazy::council_area;
use crate::ui::consult::picture::DecisionPicture;
use crate::ui::widgets::attach::{on_drop, on_paste, AttachArea};
use crate::ui::widgets::part_view::PartView;
use crate::ui::widgets::presets::ConnectAModel;
use crate::ui::widgets::provider_gate::is_submit_key;
use crate::ui::widgets::DemoCard;
use consilium_engine::views::draft::draft_key;

/// What the user has typed and chosen so far: kept by the new-session page, so switching to
/// another protocol and back keeps it.
#[derive(Clone, Copy)]
pub struct ConsultDraft {
    pub question: RwSignal<String>,
    /// Empty until the council area fills it (`Council::follow_providers`).
    pub council: Council,
    /// How deep the council goes (Vote, Adaptive, Full: the settings' depth)
    /// and whether it stops after round 1.
    pub depth: CouncilDepth,
    pub verbose: RwSignal<bool>,
    /// Some servers refuse JSON schemas or tools (e.g. llama-server without --jinja): then ask in prose.
    pub structured: RwSignal<bool>,
    pub budget_usd: RwSignal<Option<f64>>,
    /// Rounds 2-4 show peers as "Panelist A", "Panelist B"... (bias controls).
    pub anonymous: RwSignal<bool>,
    /// Files and pasted documents the council reads with the question.
    pub material: Material,
}

impl ConsultDraft {
    pub fn new(state: AppState) -> Self {
        Self {
            // A question typed and not asked, kept across visits and reloads (`views::draft`).
            question: RwSignal::new(load_draft(&draft_key(Protocol::Consult))),
            council: Council::empty(),
            depth: CouncilDepth {
                depth: RwSignal::new(state.settings.with_untracked(|s| s.depth)),
                stop_after_round: RwSignal::new(4u8),
            },
            verbose: RwSignal::new(state.settings.with_untracked(|s| s.verbose)),
            structured: RwSignal::new(true),
            budget_usd: RwSignal::new(state.settings.with_untracked(|s| s.budget_usd)),
            anonymous: RwSignal::new(true),
            material: Material::new(),
        }
    }
}

/// How the question box asks: the council area's start, once its part is loaded. Ctrl+Enter
/// pressed while that part is still on its way is kept and asks as soon as the start is there.
#[derive(Clone, Copy)]
pub struct Submit {
    start: StoredValue<Option<Callback<()>>>,
    waiting: StoredValue<bool>,
}

impl Submit {
    fn new() -> Self {
        Self {
            start: StoredValue::new(None),
            waiting: StoredValue::new(false),
        }
    }

    /// Asks now, or as soon as the council area gives its start.
    fn ask(self) {
        match self.start.get_value() {
            Some(start) => start.run(()),
            None => self.waiting.set_value(true),
        }
    }

    /// The council area's start, while it is shown; runs a Ctrl+Enter that came before it.
    pub fn ready(self, start: Callback<()>) {
        self.start.set_value(Some(start));
        if self.waiting.get_value() {
            self.waiting.set_value(false);
            // After the area's own render, not inside it: the run navigates away.
            queue_microtask(move || start.run(()));
        }
    }

    pub fn gone(self) {
        self.start.set_value(None);
    }
}

#[component]
pub fn NewConsultForm(
    draft: ConsultDraft,
    problem: RwSignal<Option<String>>,
    awaiting_consent: RwSignal<Option<PendingRun>>,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let question = draft.question;
    let material = draft.material;
    let dropping = RwSignal::new(false);
    let has_providers = Memo::new(move |_| state.settings.with(|s| !s.providers.is_empty()));
    let submit = Submit::new();
    // Said under the question box, where the eyes are after Ctrl+Enter, not below the presets.
    let no_model = RwSignal::new(false);
    let ask = move || {
        if has_providers.get_untracked() {
            submit.ask();
        } else {
            no_model.set(true);
        }
    };

    view! {
        <div class="ask-intro">
            <div>
                <p class="tagline">
                    "Put a question before a council of models: independent answers, a cross-examination, "
                    "and a verdict with its confidence checked and the dissent on record."
                </p>
                <DemoCard
                    protocol=Protocol::Consult
                    text="Watch a scripted council (no key, no server) run all four rounds."
                    button="Run the demo council"
                    problem=problem
                />
            </div>
            <DecisionPicture />
        </div>
        <div class="ask-box" class:dropping=move || dropping.get()
            on:keydown=move |ev| if is_submit_key(&ev) { ev.prevent_default(); ask() }
            on:dragover=move |ev| { ev.prevent_default(); dropping.set(true); }
            on:dragleave=move |_| dropping.set(false)
            on:drop=move |ev| on_drop(&ev, material, dropping)
            on:paste=move |ev| on_paste(&ev, material)
        >
            <label class="question">
                "Question"
                <textarea
                    rows="4"
                    placeholder="What should the council decide? (Ctrl+Enter asks)"
                    prop:value=move || question.get()
                    on:input=move |ev| {
                        let text = event_target_value(&ev);
                        save_draft(&draft_key(Protocol::Consult), &text);
                        question.set(text);
                    }
                ></textarea>
            </label>
            <Show when=move || no_model.get() && !has_providers.get()>
                <p class="error no-model" role="alert">"Connect a model first (just below), or run the demo council."</p>
            </Show>
            <AttachArea material=material />
            <Show
                when=move || has_providers.get()
                fallback=|| view! {
                    <ConnectAModel text="One click adds a local server; hosted providers ask for a key. Keys stay in this tab unless you ask to remember them." />
                }
            >
                <PartView load=move || council_area(draft, problem, awaiting_consent, submit) />
            </Show>
        </div>
    }
}
