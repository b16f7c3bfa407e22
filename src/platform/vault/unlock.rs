//! Which unlock methods the vault offers, pure (native tests): a passphrase always; a passkey only
//! where the browser has WebAuthn with the PRF extension, since only PRF gives a secret to derive
//! an encryption key from (a plain passkey signs, it keeps no secret the page can use).
/// How a vault's data key is unwrapped. Ordered: the passphrase first where both are listed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum UnlockMethod {
    Passphrase,
    Passkey,
}

/// What the browser says of passkeys, as read by `super::passkey::probe`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Browser {
    /// `window.PublicKeyCredential` exists.
    pub webauthn: bool,
    /// `window.isSecureContext` (https, or http on localhost).
    pub secure_context: bool,
    /// The page's host name.
    pub host: String,
    /// `getClientCapabilities()["extension:prf"]`, where the browser answers it.
    pub prf: Option<bool>,
}

/// Whether "Use a passkey" can be offered, and why not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PasskeySupport {
    Available,
    Unavailable(&'static str),
}

impl PasskeySupport {
    pub fn available(&self) -> bool {
        *self == Self::Available
    }
}

/// A browser that says nothing of PRF is offered the passkey: registering it then checks
/// `prf.enabled` and says so when the passkey cannot encrypt.
pub fn passkey_support(browser: &Browser) -> PasskeySupport {
    if !browser.webauthn {
        PasskeySupport::Unavailable("This browser has no passkeys (WebAuthn).")
    } else if !browser.secure_context {
        PasskeySupport::Unavailable("Passkeys need a secure page (https or localhost).")
    } else if is_ip_address(&browser.host) {
        // WebAuthn refuses IP addresses as relying parties ("invalid domain").
        PasskeySupport::Unavailable(
            "Passkeys need a host name, not an IP address (open the app on localhost).",
        )
    } else if browser.prf == Some(false) {
        PasskeySupport::Unavailable(
            "This browser's passkeys cannot encrypt (no WebAuthn PRF extension).",
        )
    } else {
        PasskeySupport::Available
    }
}

fn is_ip_address(host: &str) -> bool {
    let host = host.trim_start_matches('[').trim_end_matches(']');
    host.parse::<std::net::IpAddr>().is_ok()
}

/// How a locked vault can be opened here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnlockOffer {
    pub passphrase: bool,
    pub passkey: bool,
    /// Why a method the vault has cannot be used in this browser.
    pub note: Option<&'static str>,
}

pub fn unlock_offer(stored: &[UnlockMethod], support: &PasskeySupport) -> UnlockOffer {
    let has_passkey = stored.contains(&UnlockMethod::Passkey);
    let note = match support {
        PasskeySupport::Unavailable(why) if has_passkey => Some(*why),
        _ => None,
    };
    UnlockOffer {
        passphrase: stored.contains(&UnlockMethod::Passphrase),
        passkey: has_passkey && support.available(),
        note,
    }
}

/// "Use a passkey" beside the passphrase: when the browser can, and the vault (if any) has none.
pub fn can_add_passkey(stored: &[UnlockMethod], support: &PasskeySupport) -> bool {
    support.available() && !stored.contains(&UnlockMethod::Passkey)
}

/// The "Forgot" button names what was lost.
pub fn forgot_label(stored: &[UnlockMethod]) -> &'static str {
    match (
        stored.contains(&UnlockMethod::Passphrase),
        stored.contains(&UnlockMethod::Passkey),
    ) {
        (false, true) => "Lost the passkey: delete the remembered keys",
        (true, true) => "Forgot the passphrase and lost the passkey: delete the remembered keys",
        _ => "Forgot passphrase: delete the remembered keys",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use UnlockMethod::{Passkey, Passphrase};

    fn chrome() -> Browser {
        Browser {
            webauthn: true,
            secure_context: true,
            host: "consilium.example".into(),
            prf: Some(true),
        }
    }

    #[test]
    fn a_passkey_is_offered_only_where_webauthn_prf_can_work() {
        assert_eq!(passkey_support(&chrome()), PasskeySupport::Available);
        let unknown = Browser {
            prf: None,
            host: "localhost".into(),
            ..chrome()
        };
        assert_eq!(passkey_support(&unknown), PasskeySupport::Available);
        for browser in [
            Browser::default(),
            Browser {
                webauthn: false,
                ..chrome()
            },
            Browser {
                secure_context: false,
                ..chrome()
            },
            Browser {
                host: "127.0.0.1".into(),
                ..chrome()
            },
            Browser {
                host: "[::1]".into(),
                ..chrome()
            },
            Browser {
                prf: Some(false),
                ..chrome()
            },
        ] {
            let support = passkey_support(&browser);
            assert!(!support.available(), "{browser:?}");
            let PasskeySupport::Unavailable(why) = support else {
                unreachable!()
            };
            assert!(why.ends_with('.'), "{why}");
        }
    }

    #[test]
    fn a_locked_vault_offers_the_methods_it_has_that_this_browser_can_use() {
        let here = PasskeySupport::Available;
        let not_here = PasskeySupport::Unavailable("No PRF.");
        assert_eq!(
            unlock_offer(&[Passphrase], &here),
            UnlockOffer {
                passphrase: true,
                passkey: false,
                note: None
            }
        );
        assert_eq!(
            unlock_offer(&[Passphrase, Passkey], &here),
            UnlockOffer {
                passphrase: true,
                passkey: true,
                note: None
            }
        );
        assert_eq!(
            unlock_offer(&[Passphrase, Passkey], &not_here),
            UnlockOffer {
                passphrase: true,
                passkey: false,
                note: Some("No PRF.")
            }
        );
        assert_eq!(
            unlock_offer(&[Passkey], &not_here),
            UnlockOffer {
                passphrase: false,
                passkey: false,
                note: Some("No PRF.")
            }
        );
        assert_eq!(unlock_offer(&[Passphrase], &not_here).note, None);
    }

    #[test]
    fn a_passkey_is_added_once_and_only_where_it_works() {
        let here = PasskeySupport::Available;
        assert!(can_add_passkey(&[], &here));
        assert!(can_add_passkey(&[Passphrase], &here));
        assert!(!can_add_passkey(&[Passphrase, Passkey], &here));
        assert!(!can_add_passkey(
            &[Passphrase],
            &PasskeySupport::Unavailable("No PRF.")
        ));
    }

    #[test]
    fn forgot_names_what_was_lost() {
        assert!(forgot_label(&[Passphrase]).starts_with("Forgot passphrase"));
        assert!(forgot_label(&[Passkey]).starts_with("Lost the passkey"));
        assert!(forgot_label(&[Passphrase, Passkey]).contains("passphrase and lost the passkey"));
        for methods in [&[Passphrase][..], &[Passkey], &[Passphrase, Passkey]] {
            assert!(forgot_label(methods).ends_with("delete the remembered keys"));
        }
    }
}
