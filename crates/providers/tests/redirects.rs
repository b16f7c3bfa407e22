//! A request that carries a key is known as such, so the browser's fetch can refuse
//! to follow a redirect with it (`redirect: "error"`); the browser would re-send `x-api-key` and
//! `x-goog-api-key` to the new host.
use consilium_providers::HttpRequest;

fn request(url: &str, headers: &[(&str, &str)]) -> HttpRequest {
    HttpRequest {
        method: "POST".into(),
        url: url.into(),
        headers: headers
            .iter()
            .map(|(n, v)| (n.to_string(), v.to_string()))
            .collect(),
        body: "{}".into(),
    }
}

#[test]
fn a_request_carrying_a_key_is_known_by_its_headers_or_query() {
    let url = "https://api.example.com/v1/chat/completions";
    assert!(request(url, &[("Authorization", "Bearer k")]).carries_key());
    assert!(request(url, &[("x-api-key", "k")]).carries_key());
    assert!(request(url, &[("X-Goog-Api-Key", "k")]).carries_key());
    assert!(request(&format!("{url}?alt=sse&key=k"), &[]).carries_key());
    assert!(!request(url, &[("content-type", "application/json")]).carries_key());
    assert!(!request(url, &[("Authorization", "")]).carries_key());
    assert!(!request(&format!("{url}?alt=sse"), &[]).carries_key());
}
