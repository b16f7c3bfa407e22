//! Identifiers for sessions and providers: time-ordered and random enough to never collide in one browser.

pub fn new_id(prefix: &str) -> String {
    let millis = js_sys::Date::now() as u64;
    let random = (js_sys::Math::random() * 1_679_616.0) as u64; // 36^4
    format!("{prefix}-{}{}", to_base36(millis), to_base36(random))
}

fn to_base36(mut n: u64) -> String {
    const DIGITS: &[u8] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    if n == 0 {
        return "0".into();
    }
    let mut out = Vec::new();
    while n > 0 {
        out.push(DIGITS[(n % 36) as usize]);
        n /= 36;
    }
    out.reverse();
    String::from_utf8(out).expect("ascii digits")
}
