//! An artifact's JSON is its envelope's fields, then its own, in one object. A derive with
//! `#[serde(flatten)]` wrote that but parsed through serde's `Content` buffer, instantiating each
//! artifact's parser twice in the wasm; these impls write and read the same JSON directly.

/// Serialize and Deserialize for an artifact struct whose first field is `envelope:
/// ArtifactEnvelope`, followed by the listed fields (in declaration order).
/// Fields after `;` are optional answers (`Option<String>`), written only when set and read from
/// a string or a number: `final_answer`, asked for only by the Benchmark. Fields after a second
/// `;` are flags (`bool`), written only when true and false when absent, so records made before a
/// flag existed read and write as before: `free_text`. Fields after a third `;` are lists
/// (`Vec<_>`), written only when not empty and empty when absent: `citations`.
macro_rules! envelope_first_serde {
    ($artifact:ident { $($field:ident: $ty:ty),* $(,)? }) => {
        $crate::record::consult::artifacts::envelope_serde::envelope_first_serde!(
            $artifact { $($field: $ty),* ; ; }
        );
    };
    ($artifact:ident { $($field:ident: $ty:ty),* ; $($answer:ident),* $(,)? }) => {
        $crate::record::consult::artifacts::envelope_serde::envelope_first_serde!(
            $artifact { $($field: $ty),* ; $($answer),* ; }
        );
    };
    ($artifact:ident { $($field:ident: $ty:ty),* ; $($answer:ident),* ; $($flag:ident),* $(,)? }) => {
        $crate::record::consult::artifacts::envelope_serde::envelope_first_serde!(
            $artifact { $($field: $ty),* ; $($answer),* ; $($flag),* ; }
        );
    };
    ($artifact:ident { $($field:ident: $ty:ty),* ; $($answer:ident),* ; $($flag:ident),* ; $($list:ident: $lty:ty),* $(,)? }) => {
        impl serde::Serialize for $artifact {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                use serde::ser::SerializeMap;
                let mut map = serializer.serialize_map(None)?;
                map.serialize_entry("artifact_type", &self.envelope.artifact_type)?;
                map.serialize_entry("schema_version", &self.envelope.schema_version)?;
                map.serialize_entry("round_number", &self.envelope.round_number)?;
                map.serialize_entry("created_at", &self.envelope.created_at)?;
                $(map.serialize_entry(stringify!($field), &self.$field)?;)*
                $(if let Some(answer) = &self.$answer {
                    map.serialize_entry(stringify!($answer), answer)?;
                })*
                $(if self.$flag {
                    map.serialize_entry(stringify!($flag), &true)?;
                })*
                $(if !self.$list.is_empty() {
                    map.serialize_entry(stringify!($list), &self.$list)?;
                })*
                map.end()
            }
        }

        impl<'de> serde::Deserialize<'de> for $artifact {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                #[derive(serde::Deserialize)]
                struct Flat {
                    artifact_type: String,
                    schema_version: String,
                    round_number: u8,
                    created_at: String,
                    $($field: $ty,)*
                    $(
                        #[serde(default, deserialize_with = "crate::record::consult::artifacts::final_answer::lenient_answer")]
                        $answer: Option<String>,
                    )*
                    $(
                        #[serde(default)]
                        $flag: bool,
                    )*
                    $(
                        #[serde(default)]
                        $list: $lty,
                    )*
                }
                let flat = <Flat as serde::Deserialize>::deserialize(deserializer)?;
                Ok(Self {
                    envelope: $crate::record::consult::artifacts::ArtifactEnvelope {
                        artifact_type: flat.artifact_type,
                        schema_version: flat.schema_version,
                        round_number: flat.round_number,
                        created_at: flat.created_at,
                    },
                    $($field: flat.$field,)*
                    $($answer: flat.$answer,)*
                    $($flag: flat.$flag,)*
                    $($list: flat.$list,)*
                })
            }
        }
    };
}

pub(crate) use envelope_first_serde;
