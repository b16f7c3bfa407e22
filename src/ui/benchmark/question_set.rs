//! Choosing the questions: a built-in set (arithmetic as in Du et al. 2023, or word problems) with
//! its count and seed, or the user's JSONL/CSV file. A file is parsed whole by the engine: any
//! problem is listed with its line and field, and then nothing of it is used.
use consilium_engine::benchmark::questions::{
    arithmetic_questions, parse_question_file, word_problems, QuestionFileFormat,
};
use consilium_engine::foundation::counted::counted;
use consilium_engine::record::benchmark::config::{Generator, QuestionSource};
use consilium_engine::record::benchmark::question::Question;
use leptos::prelude::*;
use leptos::task::spawn_local;

/// The most questions a built-in set generates: enough for tight intervals, few enough that the
/// record stays small.
pub const MAX_GENERATED: u32 = 1000;

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum SetKind {
    Arithmetic,
    WordProblems,
    File,
}

/// A file as read: its questions, or every problem found (then none of it is used).
#[derive(Clone, PartialEq)]
pub struct FileImport {
    pub name: String,
    pub questions: Result<Vec<Question>, Vec<String>>,
}

#[derive(Clone, Copy)]
pub struct QuestionSet {
    pub kind: RwSignal<SetKind>,
    pub count: RwSignal<u32>,
    pub seed: RwSignal<u64>,
    pub file: RwSignal<Option<FileImport>>,
}

impl Default for QuestionSet {
    fn default() -> Self {
        Self::new()
    }
}

impl QuestionSet {
    pub fn new() -> Self {
        Self {
            kind: RwSignal::new(SetKind::Arithmetic),
            count: RwSignal::new(50),
            seed: RwSignal::new(1),
            file: RwSignal::new(None),
        }
    }

    /// The chosen set, or the sentence that says what is missing.
    pub fn questions(&self) -> Result<(QuestionSource, Vec<Question>), String> {
        let (count, seed) = (self.count.get_untracked(), self.seed.get_untracked());
        let generated = |generator| QuestionSource::Generated {
            generator,
            count,
            seed,
        };
        if self.kind.get_untracked() != SetKind::File && !(1..=MAX_GENERATED).contains(&count) {
            return Err(format!("Choose from 1 to {MAX_GENERATED} questions."));
        }
        match self.kind.get_untracked() {
            SetKind::Arithmetic => Ok((
                generated(Generator::Arithmetic),
                arithmetic_questions(count as usize, seed),
            )),
            SetKind::WordProblems => Ok((
                generated(Generator::WordProblems),
                word_problems(count as usize, seed),
            )),
            SetKind::File => match self.file.get_untracked() {
                None => Err("Open a question file first (JSONL or CSV).".into()),
                Some(FileImport {
                    questions: Err(_), ..
                }) => Err(
                    "The question file has problems (listed above): fix them and open it again."
                        .into(),
                ),
                Some(FileImport {
                    name,
                    questions: Ok(questions),
                }) => Ok((QuestionSource::File { name }, questions)),
            },
        }
    }
}

#[component]
pub fn QuestionSetPicker(set: QuestionSet) -> impl IntoView {
    let QuestionSet {
        kind,
        count,
        seed,
        file,
    } = set;
    let open_file = move |ev: leptos::ev::Event| {
        let input = event_target::<web_sys::HtmlInputElement>(&ev);
        let Some(chosen) = input.files().and_then(|files| files.get(0)) else {
            return;
        };
        spawn_local(async move {
            let name = chosen.name();
            let questions = match wasm_bindgen_futures::JsFuture::from(chosen.text()).await {
                Ok(text) => {
                    let text = text.as_string().unwrap_or_default();
                    parse_question_file(&text, QuestionFileFormat::detect(&name, &text))
                        .map_err(|errors| errors.iter().map(ToString::to_string).collect())
                }
                Err(_) => Err(vec![format!("{name} could not be read as text.")]),
            };
            file.set(Some(FileImport { name, questions }));
        });
    };
    let choice = move |value: SetKind, text: &'static str| {
        view! {
            <label class="checkbox">
                <input type="radio" name="bench-set" prop:checked=move || kind.get() == value
                    on:change=move |_| kind.set(value) />
                {text}
            </label>
        }
    };
    let file_status = move || {
        file.get().map(|import| match import.questions {
            Ok(questions) => view! {
                <p class="bench-file-ok" role="status">
                    {format!("{}: {} ready.", import.name, counted(questions.len(), "question"))}
                </p>
            }
            .into_any(),
            Err(errors) => view! {
                <div class="bench-file-errors" role="alert">
                    <p class="error">{format!("Nothing was imported from {}: fix these lines and open it again.", import.name)}</p>
                    <ul>{errors.into_iter().map(|e| view! { <li>{e}</li> }).collect_view()}</ul>
                </div>
            }
            .into_any(),
        })
    };
    view! {
        <fieldset class="bench-set">
            <legend>"Questions"</legend>
            <div class="bench-set-kinds">
                {choice(SetKind::Arithmetic, "Arithmetic (a+b*c+d-e*f, as in Du et al. 2023)")}
                {choice(SetKind::WordProblems, "Word problems (several steps)")}
                {choice(SetKind::File, "My file (JSONL or CSV)")}
            </div>
            <Show when=move || kind.get() != SetKind::File>
                <div class="run-options">
                    <label>
                        "How many"
                        <input type="number" min="1" max=MAX_GENERATED step="1" prop:value=move || count.get().to_string()
                            on:change=move |ev| count.set(event_target_value(&ev).trim().parse().unwrap_or(0)) />
                    </label>
                    <label>
                        "Seed (the same seed gives the same questions)"
                        <input type="number" min="0" step="1" prop:value=move || seed.get().to_string()
                            on:change=move |ev| seed.set(event_target_value(&ev).trim().parse().unwrap_or(0)) />
                    </label>
                </div>
            </Show>
            <Show when=move || kind.get() == SetKind::File>
                <label>
                    "Question file"
                    <input type="file" accept=".jsonl,.ndjson,.csv,.txt,application/json,text/csv" on:change=open_file />
                </label>
                <p class="hint">
                    "One question per line (JSONL) or per row (CSV with a header): question, answer, and \
                     optionally grader (exact, numeric, choice or regex), tolerance (numeric) and id."
                </p>
                {file_status}
            </Show>
        </fieldset>
    }
}
