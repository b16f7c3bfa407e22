//! Seats as the new-session forms fill them in (a provider, a model, a persona, a backup), and how
//! a seat becomes a participant: its label, its price and its backup's, each checked against what
//! the user has set up (the app's settings, seen through [`SeatCatalog`]).
use serde::{Deserialize, Serialize};

use crate::foundation::ids::ProviderId;
use crate::foundation::participants::seat_search;

use crate::foundation::participants::{builtin_personas, Backup, Participant, Persona, Price};

/// A provider a seat can sit on.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SeatProvider {
    pub id: ProviderId,
    /// Its display name.
    pub name: String,
    pub default_model: String,
    /// Its listed models (may be empty: not loaded yet).
    pub models: Vec<String>,
    /// A server the user runs (on this machine or network): its calls cost $0 unless priced.
    pub free: bool,
    /// Its wire format, which says whether and how its models search the web; None = unknown.
    pub kind: Option<consilium_providers::ProviderKind>,
}

impl SeatProvider {
    /// The models a new council spreads over: the default first, then the others listed. A list of
    /// one names the one model a local server serves (llama-server answers to any name), so it adds
    /// no second choice.
    fn choices(&self) -> Vec<String> {
        let mut choices = vec![self.default_model.clone()];
        if self.models.len() > 1 {
            choices.extend(
                self.models
                    .iter()
                    .filter(|m| **m != self.default_model)
                    .cloned(),
            );
        }
        choices
    }
}

/// What a seat is resolved against: the providers, the price table and the user's own personas.
pub trait SeatCatalog {
    /// Every provider, in the user's order.
    fn providers(&self) -> Vec<SeatProvider>;
    fn price_for(&self, model: &str) -> Option<Price>;
    fn custom_personas(&self) -> Vec<Persona>;

    fn provider(&self, id: &ProviderId) -> Option<SeatProvider> {
        self.providers().into_iter().find(|p| p.id == id)
    }

    /// The council the user kept (the Benchmark's "Keep this council"), if any: new councils
    /// start with it (`consult_seats`).
    fn kept_council(&self) -> Option<KeptCouncil> {
        None
    }
}

/// A council the user chose to keep, as its participants: new consults' forms start with it
/// while every one of its seats is on a provider still set up.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct KeptCouncil {
    pub panelists: Vec<Participant>,
    pub judge: Participant,
}

impl KeptCouncil {
    /// Its seats, when every one is on a provider (and backup provider) still set up and it has
    /// the two panelists a consult needs.
    pub fn seats(&self, catalog: &impl SeatCatalog) -> Option<(Vec<Seat>, Seat)> {
        if self.panelists.len() < 2 {
            return None;
        }
        let panel = self
            .panelists
            .iter()
            .map(|p| seat_of(p, catalog))
            .collect::<Option<Vec<_>>>()?;
        Some((panel, seat_of(&self.judge, catalog)?))
    }

    /// "model-a and model-c, judged by model-j".
    pub fn described(&self) -> String {
        let models: Vec<&str> = self.panelists.iter().map(|p| p.model.as_str()).collect();
        let panel = crate::foundation::words::and_list(&models);
        format!("{panel}, judged by {}", self.judge.model)
    }
}

/// A participant's seat, when its provider (and its backup's) is still set up.
pub fn seat_of(participant: &Participant, catalog: &impl SeatCatalog) -> Option<Seat> {
    catalog.provider(&participant.provider_id)?;
    let backup = participant.backup.as_ref();
    if backup.is_some_and(|b| catalog.provider(&b.provider_id).is_none()) {
        return None;
    }
    Some(Seat {
        provider_id: participant.provider_id.clone(),
        model: participant.model.clone(),
        persona: participant
            .persona
            .as_ref()
            .map(|p| p.name.clone())
            .unwrap_or_default(),
        backup_provider_id: backup.map(|b| b.provider_id.clone()).unwrap_or_default(),
        backup_model: backup.map(|b| b.model.clone()).unwrap_or_default(),
    })
}

/// The personas a panelist can take: the built-in ones, then the user's.
pub fn all_personas(catalog: &impl SeatCatalog) -> Vec<Persona> {
    let mut personas = builtin_personas();
    personas.extend(catalog.custom_personas());
    personas
}

/// One seat as the user is filling it in.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Seat {
    pub provider_id: ProviderId,
    pub model: String,
    /// Persona name; empty for none.
    pub persona: String,
    /// The backup model's provider (a hedged seat); empty for no backup.
    pub backup_provider_id: ProviderId,
    pub backup_model: String,
}

impl Seat {
    /// The `index`-th seat of a new council: the providers in turn, each first with its default
    /// model and, once every provider has a seat, with its other listed models in turn, so seats
    /// differ in model whenever more than one model is available.
    pub fn default_for(catalog: &impl SeatCatalog, index: usize) -> Self {
        let spread = spread(catalog);
        match spread.get(index % spread.len().max(1)) {
            Some((provider_id, model)) => Self {
                provider_id: provider_id.clone(),
                model: model.clone(),
                ..Self::default()
            },
            None => Self::default(),
        }
    }

    /// The `index`-th panelist of a new council: a seat as [`Seat::default_for`], with the
    /// built-in personas in turn, so no two of the first five think alike.
    pub fn panelist(catalog: &impl SeatCatalog, index: usize) -> Self {
        let personas = builtin_personas();
        Self {
            persona: personas[index % personas.len()].name.clone(),
            ..Self::default_for(catalog, index)
        }
    }

    /// The seat after provider `provider_id`'s default model changed from `old` to `new` (a check
    /// found the model a server added without one answers as): a seat, or its backup, that was on
    /// that default follows it; a model the user chose stays.
    pub fn following_default(&self, provider_id: &ProviderId, old: &str, new: &str) -> Self {
        let follows = |on: &ProviderId, model: &str| on == provider_id && model == old;
        let mut seat = self.clone();
        if follows(&self.provider_id, &self.model) {
            seat.model = new.to_string();
        }
        if follows(&self.backup_provider_id, &self.backup_model) {
            seat.backup_model = new.to_string();
        }
        seat
    }

    /// The seat on another provider: its default model, and no longer the old provider's model.
    pub fn on_provider(&self, catalog: &impl SeatCatalog, provider_id: ProviderId) -> Self {
        Self {
            model: default_model(catalog, &provider_id),
            provider_id,
            ..self.clone()
        }
    }

    /// The seat with its backup on another provider (empty: no backup), at its default model.
    pub fn with_backup_provider(
        &self,
        catalog: &impl SeatCatalog,
        provider_id: ProviderId,
    ) -> Self {
        Self {
            backup_model: default_model(catalog, &provider_id),
            backup_provider_id: provider_id,
            ..self.clone()
        }
    }

    /// Resolves the seat into participant `id`, labelled "`label` · model · persona" and priced
    /// from the table; `Err` says what is missing, starting with `label`.
    pub fn to_participant(
        &self,
        id: &str,
        label: &str,
        catalog: &impl SeatCatalog,
    ) -> Result<Participant, String> {
        let provider = catalog
            .provider(&self.provider_id)
            .ok_or_else(|| format!("{label}: choose a provider (add one in Settings)."))?;
        let model = self.model.trim();
        if model.is_empty() {
            return Err(format!("{label}: type or pick a model."));
        }
        let persona = all_personas(catalog)
            .into_iter()
            .find(|p| p.name == self.persona);
        let backup = if self.backup_provider_id.is_empty() {
            None
        } else {
            let provider = catalog.provider(&self.backup_provider_id).ok_or_else(|| {
                format!("{label}: the backup's provider is no longer in Settings; choose another.")
            })?;
            let backup_model = self.backup_model.trim();
            if backup_model.is_empty() {
                return Err(format!(
                    "{label}: type or pick the backup model, or choose no backup."
                ));
            }
            Some(Backup {
                model: backup_model.to_string(),
                price: price_of(catalog, &provider, backup_model),
                provider_id: provider.id,
                provider_label: provider.name,
            })
        };
        let price = price_of(catalog, &provider, model);
        Ok(Participant {
            context_tokens: None,
            sees_images: None,
            web_search: provider.kind.and_then(|kind| seat_search(kind, model)),
            id: id.into(),
            label: seat_label(label, model, persona.as_ref().map(|p| p.name.as_str())),
            provider_id: provider.id,
            provider_label: provider.name,
            model: model.to_string(),
            persona,
            price,
            backup,
        })
    }
}

/// The price table's price for `model`; else $0 on a free (local) provider; else unknown: what the
/// ledger charges a seat with, and what its model picker shows.
pub fn price_of(catalog: &impl SeatCatalog, provider: &SeatProvider, model: &str) -> Option<Price> {
    catalog
        .price_for(model)
        .or(provider.free.then_some(Price::new(0.0, 0.0)))
}

/// A seat's name on every page: "Panelist 1 · gpt-4o · Pragmatic engineer". A model named
/// "default" (a server that answers with its one model whatever is asked, as llama.cpp's preset
/// says) tells the reader nothing, so the name leaves it out: "Panelist 1 · Pragmatic engineer".
pub fn seat_label(label: &str, model: &str, persona: Option<&str>) -> String {
    let mut parts = vec![label];
    if !model.eq_ignore_ascii_case("default") {
        parts.push(model);
    }
    parts.extend(persona);
    parts.join(" · ")
}

fn default_model(catalog: &impl SeatCatalog, provider_id: &ProviderId) -> String {
    catalog
        .provider(provider_id)
        .map(|p| p.default_model)
        .unwrap_or_default()
}

/// The (provider, model) pairs new seats take in turn: every provider's default model first, then
/// each provider's other listed models, round by round.
fn spread(catalog: &impl SeatCatalog) -> Vec<(ProviderId, String)> {
    let providers = catalog.providers();
    let lists: Vec<Vec<String>> = providers.iter().map(SeatProvider::choices).collect();
    let longest = lists.iter().map(Vec::len).max().unwrap_or(0);
    (0..longest)
        .flat_map(|round| {
            providers
                .iter()
                .zip(&lists)
                .filter_map(move |(p, list)| list.get(round).map(|m| (p.id.clone(), m.clone())))
        })
        .collect()
}

/// How many panelists a new council seats.
const NEW_PANEL: usize = 3;

/// A new council's seats: the council the user kept, while its providers are set up; else three
/// panelists on the providers and models in turn, each with its own persona, and the judge on the next model no panelist uses (models favour their own answers);
/// with no such model, on the first.
pub fn consult_seats(catalog: &impl SeatCatalog) -> (Vec<Seat>, Seat) {
    if let Some(kept) = catalog.kept_council().and_then(|k| k.seats(catalog)) {
        return kept;
    }
    let judge_index = if spread(catalog).len() > NEW_PANEL {
        NEW_PANEL
    } else {
        0
    };
    (
        (0..NEW_PANEL).map(|i| Seat::panelist(catalog, i)).collect(),
        Seat::default_for(catalog, judge_index),
    )
}

/// The judge warning for a form: [`judge_model_warning`], only when the user chose the council.
/// The app's own new council already keeps the judge apart when it can; when it cannot (too few
/// models), a warning about a choice the user did not make would only be noise.
pub fn chosen_judge_warning(
    panel: &[Seat],
    judge: &Seat,
    catalog: &impl SeatCatalog,
) -> Option<String> {
    let (new_panel, new_judge) = consult_seats(catalog);
    if panel == new_panel.as_slice() && *judge == new_judge {
        return None;
    }
    judge_model_warning(panel, judge, catalog)
}

/// "Panelist 2" for index 1: how a council's forms, participants and warnings name its seats.
pub fn panelist_label(index: usize) -> String {
    format!("Panelist {}", index + 1)
}

/// The judge's participant id and label in every council.
pub const JUDGE: (&str, &str) = ("judge", "Judge");

/// A council's seats with the names the checks before a run give them: each panelist, then the
/// judge when the run asks it (a consult that stops after round 1 does not).
pub fn labelled_council(panel: &[Seat], judge: Option<&Seat>) -> Vec<(String, Seat)> {
    let panelists = panel
        .iter()
        .enumerate()
        .map(|(i, seat)| (panelist_label(i), seat.clone()));
    panelists
        .chain(judge.map(|seat| (JUDGE.1.to_string(), seat.clone())))
        .collect()
}

/// A council's participants: the panelists `panelist-1`, `panelist-2`... labelled as the form
/// names them, and the judge; `Err` names the first seat that is not filled in.
pub fn council_participants(
    panel: &[Seat],
    judge: &Seat,
    catalog: &impl SeatCatalog,
) -> Result<(Vec<Participant>, Participant), String> {
    let panelists = panel
        .iter()
        .enumerate()
        .map(|(i, seat)| {
            seat.to_participant(&format!("panelist-{}", i + 1), &panelist_label(i), catalog)
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok((panelists, judge.to_participant(JUDGE.0, JUDGE.1, catalog)?))
}

/// A new debate's champion, critic and moderator: the critic on the second provider when there
/// is one (independence), the others on the first.
pub fn partner_seats(catalog: &impl SeatCatalog) -> Vec<Seat> {
    (0..3)
        .map(|i| Seat::default_for(catalog, if i == 1 { 1 } else { 0 }))
        .collect()
}

/// Bias controls (docs/design.md, "Consult: four rounds (seeds 004, 000)"): models prefer their own
/// answers, so a judge on a panelist's model is warned about before the start. `Some` is one line
/// for the form: which panelist shares the judge's model, and another model to try (a provider's
/// default model that no panelist uses, the user's providers in order), or a plea to pick one when
/// there is none. The same model through two providers counts as the same (`openai/gpt-4o` is
/// `gpt-4o`).
pub fn judge_model_warning(
    panel: &[Seat],
    judge: &Seat,
    catalog: &impl SeatCatalog,
) -> Option<String> {
    let judge_model = model_name(&judge.model);
    if judge_model.is_empty() {
        return None;
    }
    let shared = panel
        .iter()
        .position(|seat| model_name(&seat.model) == judge_model)?;
    let suggestion = catalog.providers().into_iter().find(|provider| {
        let model = model_name(&provider.default_model);
        !model.is_empty() && panel.iter().all(|seat| model_name(&seat.model) != model)
    });
    let advice = match suggestion {
        Some(provider) => format!("try {} on {}", provider.default_model, provider.name),
        None => "pick a model no panelist uses".to_string(),
    };
    Some(format!(
        "The judge runs on {}, like {}; models favour their own answers, so {advice}.",
        judge.model.trim(),
        panelist_label(shared)
    ))
}

/// A model's name without its provider prefix or case: `openai/GPT-4o` is `gpt-4o`.
fn model_name(model: &str) -> String {
    let model = model.trim();
    model
        .rsplit('/')
        .next()
        .unwrap_or(model)
        .to_ascii_lowercase()
}
