//! PKCE (RFC 7636) with the S256 method: a verifier made of random bytes, and its challenge.
use sha2::{Digest, Sha256};

/// Random bytes per verifier: 32 make 43 characters, the shortest verifier RFC 7636 allows.
pub const VERIFIER_BYTES: usize = 32;

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// Base64url without padding (RFC 4648 §5), as PKCE wants it.
pub fn base64url(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, b)| n | u32::from(*b) << (16 - 8 * i));
        // One byte gives two characters, two give three, three give four.
        for i in 0..=chunk.len() {
            out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
        }
    }
    out
}

/// The code verifier for `random` bytes (from the browser's CSPRNG): their base64url, which only
/// uses RFC 7636's unreserved characters. None unless the bytes make 43 to 128 characters.
pub fn code_verifier(random: &[u8]) -> Option<String> {
    let verifier = base64url(random);
    (43..=128).contains(&verifier.len()).then_some(verifier)
}

/// The S256 challenge: base64url of the verifier's SHA-256.
pub fn code_challenge(verifier: &str) -> String {
    base64url(&Sha256::digest(verifier.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 7636, appendix B: the octets, the verifier they make and its challenge.
    const RFC_OCTETS: [u8; 32] = [
        116, 24, 223, 180, 151, 153, 224, 37, 79, 250, 96, 125, 216, 173, 187, 186, 22, 212, 37,
        77, 105, 214, 191, 240, 91, 88, 5, 88, 83, 132, 141, 121,
    ];
    const RFC_VERIFIER: &str = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";
    const RFC_CHALLENGE: &str = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";

    #[test]
    fn the_rfc_7636_test_vector() {
        assert_eq!(code_verifier(&RFC_OCTETS).as_deref(), Some(RFC_VERIFIER));
        assert_eq!(code_challenge(RFC_VERIFIER), RFC_CHALLENGE);
    }

    #[test]
    fn base64url_has_no_padding_and_the_url_safe_letters() {
        assert_eq!(base64url(b""), "");
        assert_eq!(base64url(b"f"), "Zg");
        assert_eq!(base64url(b"fo"), "Zm8");
        assert_eq!(base64url(b"foo"), "Zm9v");
        assert_eq!(base64url(b"foob"), "Zm9vYg");
        assert_eq!(base64url(&[0xfb, 0xff]), "-_8");
    }

    #[test]
    fn a_verifier_is_43_to_128_unreserved_characters() {
        for bytes in [VERIFIER_BYTES, 64, 96] {
            let random: Vec<u8> = (0..bytes).map(|i| (i * 37 + 11) as u8).collect();
            let verifier = code_verifier(&random).unwrap();
            assert!((43..=128).contains(&verifier.len()), "{bytes} bytes");
            assert!(verifier
                .bytes()
                .all(|c| c.is_ascii_alphanumeric() || b"-._~".contains(&c)));
        }
        assert_eq!(code_verifier(&[0; VERIFIER_BYTES]).unwrap().len(), 43);
        assert_eq!(code_verifier(&[7; 31]), None, "42 characters: too short");
        assert_eq!(code_verifier(&[7; 97]), None, "130 characters: too long");
    }

    #[test]
    fn different_bytes_make_different_verifiers_and_challenges() {
        let a = code_verifier(&[1; 32]).unwrap();
        let b = code_verifier(&[2; 32]).unwrap();
        assert_ne!(a, b);
        assert_ne!(code_challenge(&a), code_challenge(&b));
        assert_eq!(code_challenge(&a).len(), 43, "a SHA-256 is 32 bytes");
    }
}
