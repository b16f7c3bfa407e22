//! Typed ids: a provider's, a seat's, a session's. Each is a string on the wire and in storage
//! (serde transparent), but a distinct type in code, so one cannot be passed where another is
//! wanted.
/// Defines a string id type: `new`, `as_str`, `Display`, `From<String>`/`From<&str>`,
/// `AsRef<str>`, `Borrow<str>` (maps keyed by it are looked up with a `&str`) and comparisons
/// with `str`, `&str` and `String`.
macro_rules! string_id {
    ($(#[$meta:meta])* $name:ident) => {
        $(#[$meta])*
        #[derive(
            Clone,
            Debug,
            PartialEq,
            Eq,
            Hash,
            PartialOrd,
            Ord,
            serde::Serialize,
            serde::Deserialize,
            Default,
        )]
        #[serde(transparent)]
        pub struct $name(String);

        impl $name {
            pub fn new(id: impl Into<String>) -> Self {
                Self(id.into())
            }

            pub fn as_str(&self) -> &str {
                &self.0
            }

            pub fn is_empty(&self) -> bool {
                self.0.is_empty()
            }

            pub fn into_string(self) -> String {
                self.0
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(&self.0)
            }
        }

        impl From<String> for $name {
            fn from(id: String) -> Self {
                Self(id)
            }
        }

        impl From<&str> for $name {
            fn from(id: &str) -> Self {
                Self(id.to_string())
            }
        }

        impl From<&String> for $name {
            fn from(id: &String) -> Self {
                Self(id.clone())
            }
        }

        impl From<$name> for String {
            fn from(id: $name) -> Self {
                id.0
            }
        }

        impl AsRef<str> for $name {
            fn as_ref(&self) -> &str {
                &self.0
            }
        }

        impl std::borrow::Borrow<str> for $name {
            fn borrow(&self) -> &str {
                &self.0
            }
        }

        impl PartialEq<str> for $name {
            fn eq(&self, other: &str) -> bool {
                self.0 == other
            }
        }

        impl PartialEq<&str> for $name {
            fn eq(&self, other: &&str) -> bool {
                self.0 == *other
            }
        }

        impl PartialEq<&$name> for $name {
            fn eq(&self, other: &&$name) -> bool {
                self.0 == other.0
            }
        }

        impl PartialEq<String> for $name {
            fn eq(&self, other: &String) -> bool {
                &self.0 == other
            }
        }

        impl PartialEq<$name> for str {
            fn eq(&self, other: &$name) -> bool {
                self == other.0
            }
        }

        impl PartialEq<$name> for &str {
            fn eq(&self, other: &$name) -> bool {
                *self == other.0
            }
        }

        impl PartialEq<$name> for String {
            fn eq(&self, other: &$name) -> bool {
                *self == other.0
            }
        }
    };
}
string_id!(
    /// A provider's id as Settings names it (`ProviderSettings::id`): what a seat's calls go to,
    /// and what the shell keeps a key under.
    ProviderId
);

string_id!(
    /// A seat's id in a session (`Participant::id`): `panelist-2`, `judge`, a reviewer's role.
    /// Artifacts, calls and views name a panelist or member by it.
    ParticipantId
);
string_id!(
    /// A session's id (`Session::id`): what it is stored under, and what a follow-up, a thread or
    /// a run names it by.
    SessionId
);

/// The ids as one text, `separator` between them: what `[String]::join` gave when they were
/// strings.
pub fn joined<I: AsRef<str>>(ids: &[I], separator: &str) -> String {
    ids.iter()
        .map(AsRef::as_ref)
        .collect::<Vec<&str>>()
        .join(separator)
}
