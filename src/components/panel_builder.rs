//! Choosing the council: 2 to 5 panelists and a judge, each a provider, a model and an optional persona.
use consilium_engine::consult::config::{MAX_PANELISTS, MIN_PANELISTS};
use consilium_engine::{builtin_personas, Backup, Participant, Persona};
use leptos::prelude::*;

use crate::app::AppState;
use crate::settings::Settings;

/// One seat as the user is filling it in.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Seat {
    pub provider_id: String,
    pub model: String,
    /// Persona name; empty for none.
    pub persona: String,
    /// The backup model's provider (a hedged seat); empty for no backup.
    pub backup_provider_id: String,
    pub backup_model: String,
}

impl Seat {
    pub fn default_for(settings: &Settings, index: usize) -> Self {
        let provider = settings
            .providers
            .get(index % settings.providers.len().max(1));
        Self {
            provider_id: provider.map(|p| p.id.clone()).unwrap_or_default(),
            model: provider
                .map(|p| p.default_model.clone())
                .unwrap_or_default(),
            ..Self::default()
        }
    }

    /// Resolves the seat into a participant; `Err` says what is missing.
    pub fn to_participant(
        &self,
        id: &str,
        label: &str,
        settings: &Settings,
    ) -> Result<Participant, String> {
        let provider = settings
            .provider(&self.provider_id)
            .ok_or_else(|| format!("{label}: choose a provider (add one in Settings)."))?;
        let model = self.model.trim();
        if model.is_empty() {
            return Err(format!("{label}: type or pick a model."));
        }
        let persona = all_personas(settings)
            .into_iter()
            .find(|p| p.name == self.persona);
        let persona_suffix = persona
            .as_ref()
            .map(|p| format!(" · {}", p.name))
            .unwrap_or_default();
        let backup = if self.backup_provider_id.is_empty() {
            None
        } else {
            let provider = settings.provider(&self.backup_provider_id).ok_or_else(|| {
                format!("{label}: the backup's provider is no longer in Settings; choose another.")
            })?;
            let backup_model = self.backup_model.trim();
            if backup_model.is_empty() {
                return Err(format!(
                    "{label}: type or pick the backup model, or choose no backup."
                ));
            }
            Some(Backup {
                provider_id: provider.id.clone(),
                provider_label: provider.name.clone(),
                model: backup_model.to_string(),
                price: settings.prices.price_for(backup_model),
            })
        };
        Ok(Participant {
            id: id.to_string(),
            label: format!("{label} · {model}{persona_suffix}"),
            provider_id: provider.id.clone(),
            provider_label: provider.name.clone(),
            model: model.to_string(),
            persona,
            price: settings.prices.price_for(model),
            backup,
        })
    }
}

pub fn all_personas(settings: &Settings) -> Vec<Persona> {
    let mut personas = builtin_personas();
    personas.extend(settings.custom_personas.iter().cloned());
    personas
}

#[component]
pub fn PanelBuilder(seats: RwSignal<Vec<Seat>>, judge: RwSignal<Seat>) -> impl IntoView {
    let state = expect_context::<AppState>();
    let add_seat = move |_| {
        let settings = state.settings.get_untracked();
        seats.update(|s| {
            if s.len() < MAX_PANELISTS {
                let next = Seat::default_for(&settings, s.len());
                s.push(next);
            }
        })
    };
    view! {
        <fieldset class="panel-builder">
            <legend>"Council"</legend>
            <ol class="seats">
                {move || {
                    (0..seats.with(Vec::len))
                        .map(|index| {
                            let label = format!("Panelist {}", index + 1);
                            view! {
                                <li class="seat">
                                    <SeatEditor
                                        label=label.clone()
                                        read=Signal::derive(move || seats.with(|s| s.get(index).cloned()).unwrap_or_else(|| Seat::default()))
                                        write=Callback::new(move |seat: Seat| seats.update(|s| if let Some(slot) = s.get_mut(index) { *slot = seat }))
                                        with_persona=true
                                    />
                                    <button
                                        class="icon-button"
                                        aria-label=format!("Remove {label}")
                                        disabled=move || seats.with(Vec::len) <= MIN_PANELISTS
                                        on:click=move |_| seats.update(|s| { if s.len() > MIN_PANELISTS { s.remove(index); } })
                                    >
                                        "Remove"
                                    </button>
                                </li>
                            }
                        })
                        .collect_view()
                }}
            </ol>
            <button class="secondary" on:click=add_seat disabled=move || { seats.with(Vec::len) >= MAX_PANELISTS }>
                "Add panelist"
            </button>
            <div class="seat judge-seat">
                <SeatEditor
                    label="Judge".to_string()
                    read=Signal::derive(move || judge.get())
                    write=Callback::new(move |seat| judge.set(seat))
                    with_persona=false
                />
            </div>
        </fieldset>
    }
}

#[component]
pub fn SeatEditor(
    label: String,
    read: Signal<Seat>,
    write: Callback<Seat>,
    with_persona: bool,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let slug = label.to_lowercase().replace(' ', "-");
    let list_id = format!("models-{slug}");
    let providers = move || state.settings.with(|s| s.providers.clone());
    let models = move || {
        let provider_id = read.get().provider_id;
        state.settings.with(|s| {
            s.provider(&provider_id)
                .map(|p| p.models.clone())
                .unwrap_or_default()
        })
    };
    let on_provider = move |ev| {
        let provider_id = event_target_value(&ev);
        let default_model = state
            .settings
            .with_untracked(|s| s.provider(&provider_id).map(|p| p.default_model.clone()))
            .unwrap_or_default();
        write.run(Seat {
            provider_id,
            model: default_model,
            ..read.get_untracked()
        });
    };
    let on_model = move |ev| {
        write.run(Seat {
            model: event_target_value(&ev),
            ..read.get_untracked()
        })
    };
    let on_persona = move |ev| {
        write.run(Seat {
            persona: event_target_value(&ev),
            ..read.get_untracked()
        })
    };
    let backup_list_id = format!("backup-models-{slug}");
    let backup_models = move || {
        let provider_id = read.get().backup_provider_id;
        state.settings.with(|s| {
            s.provider(&provider_id)
                .map(|p| p.models.clone())
                .unwrap_or_default()
        })
    };
    let on_backup_provider = move |ev| {
        let backup_provider_id = event_target_value(&ev);
        let backup_model = state
            .settings
            .with_untracked(|s| {
                s.provider(&backup_provider_id)
                    .map(|p| p.default_model.clone())
            })
            .unwrap_or_default();
        write.run(Seat {
            backup_provider_id,
            backup_model,
            ..read.get_untracked()
        });
    };
    let on_backup_model = move |ev| {
        write.run(Seat {
            backup_model: event_target_value(&ev),
            ..read.get_untracked()
        })
    };
    let persona_picker = with_persona.then(|| {
        let personas = move || state.settings.with(all_personas);
        view! {
            <label>
                "Persona"
                <select on:change=on_persona prop:value=move || read.get().persona>
                    <option value="">"None"</option>
                    {move || personas().into_iter().map(|p| {
                        let name = p.name.clone();
                        view! { <option value=name.clone() selected=move || read.get().persona == name>{p.name.clone()}</option> }
                    }).collect_view()}
                </select>
            </label>
        }
    });
    view! {
        <div class="seat-editor" role="group" aria-label=label.clone()>
            <span class="seat-label">{label.clone()}</span>
            <label>
                "Provider"
                <select on:change=on_provider prop:value=move || read.get().provider_id>
                    {move || providers().into_iter().map(|p| {
                        let id = p.id.clone();
                        view! { <option value=id.clone() selected=move || read.get().provider_id == id>{p.name.clone()}</option> }
                    }).collect_view()}
                </select>
            </label>
            <label>
                "Model"
                <input type="text" list=list_id.clone() prop:value=move || read.get().model on:input=on_model />
                <datalist id=list_id.clone()>
                    {move || models().into_iter().map(|m| view! { <option value=m /> }).collect_view()}
                </datalist>
            </label>
            {persona_picker}
            <label>
                "Backup (asked when this seat is slow)"
                <select on:change=on_backup_provider prop:value=move || read.get().backup_provider_id>
                    <option value="">"None"</option>
                    {move || providers().into_iter().map(|p| {
                        let id = p.id.clone();
                        view! { <option value=id.clone() selected=move || read.get().backup_provider_id == id>{p.name.clone()}</option> }
                    }).collect_view()}
                </select>
            </label>
            {move || (!read.get().backup_provider_id.is_empty()).then(|| view! {
                <label>
                    "Backup model"
                    <input type="text" list=backup_list_id.clone() prop:value=move || read.get().backup_model on:input=on_backup_model />
                    <datalist id=backup_list_id.clone()>
                        {move || backup_models().into_iter().map(|m| view! { <option value=m /> }).collect_view()}
                    </datalist>
                </label>
            })}
        </div>
    }
}
