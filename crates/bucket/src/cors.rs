//! The CORS rule the bucket needs, ready to paste, for the page's own origin: sync's requests are
//! presigned (no Authorization header), so only the methods and the origin matter; `Date` is exposed
//! so the Check can compare the server's clock with this device's.
/// Where the rule is pasted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Service {
    /// AWS S3 (console: Permissions -> CORS), also Wasabi, MinIO and Garage.
    S3,
    /// Cloudflare R2 (dashboard: Settings -> CORS policy).
    R2,
    /// Backblaze B2 (`b2 bucket update --cors-rules`, or the web UI's custom rules).
    B2,
}

pub const SERVICES: [Service; 3] = [Service::S3, Service::R2, Service::B2];

impl Service {
    pub fn label(self) -> &'static str {
        match self {
            Self::S3 => "AWS S3, Wasabi, MinIO, Garage",
            Self::R2 => "Cloudflare R2",
            Self::B2 => "Backblaze B2",
        }
    }
}

/// The rule for `service` allowing `origin` (such as `https://me.github.io`), as JSON to paste.
pub fn rule(service: Service, origin: &str) -> String {
    let origin = serde_string(origin);
    match service {
        Service::S3 | Service::R2 => format!(
            r#"[
  {{
    "AllowedOrigins": [{origin}],
    "AllowedMethods": ["GET", "PUT", "DELETE"],
    "AllowedHeaders": ["*"],
    "ExposeHeaders": ["Date", "ETag"],
    "MaxAgeSeconds": 3600
  }}
]"#
        ),
        Service::B2 => format!(
            r#"[
  {{
    "corsRuleName": "consilium-sync",
    "allowedOrigins": [{origin}],
    "allowedOperations": ["s3_get", "s3_put", "s3_delete", "s3_head"],
    "allowedHeaders": ["*"],
    "exposeHeaders": ["Date", "ETag"],
    "maxAgeSeconds": 3600
  }}
]"#
        ),
    }
}

/// `text` as a JSON string literal (an origin has no quotes, but a pasted rule must stay JSON).
fn serde_string(text: &str) -> String {
    let escaped: String = text
        .chars()
        .filter(|c| !c.is_control())
        .flat_map(|c| match c {
            '"' => vec!['\\', '"'],
            '\\' => vec!['\\', '\\'],
            c => vec![c],
        })
        .collect();
    format!("\"{escaped}\"")
}
