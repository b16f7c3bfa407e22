//! Lists and sizes as people write them: "a, b and c", "1.4 MB".

/// "a", "a and b", "a, b and c"; empty for none.
pub fn and_list<S: AsRef<str>>(items: &[S]) -> String {
    match items {
        [] => String::new(),
        [one] => one.as_ref().to_string(),
        [rest @ .., last] => {
            let rest: Vec<&str> = rest.iter().map(AsRef::as_ref).collect();
            format!("{} and {}", rest.join(", "), last.as_ref())
        }
    }
}

/// A file's size: "12 bytes", "820 KB" (rounded up), "1.4 MB".
pub fn byte_size(bytes: u64) -> String {
    if bytes >= 1024 * 1024 {
        format!("{:.1} MB", bytes as f64 / (1024.0 * 1024.0))
    } else if bytes >= 1024 {
        format!("{} KB", bytes.div_ceil(1024))
    } else {
        format!("{bytes} bytes")
    }
}

#[cfg(test)]
mod tests {
    use super::{and_list, byte_size};

    #[test]
    fn lists_and_sizes_read_as_written() {
        assert_eq!(and_list::<&str>(&[]), "");
        assert_eq!(and_list(&["a"]), "a");
        assert_eq!(and_list(&["a", "b"]), "a and b");
        assert_eq!(
            and_list(&["a".to_string(), "b".into(), "c".into()]),
            "a, b and c"
        );
        assert_eq!(byte_size(12), "12 bytes");
        assert_eq!(byte_size(820 * 1024 - 5), "820 KB");
        assert_eq!(byte_size(1_468_006), "1.4 MB");
    }
}
