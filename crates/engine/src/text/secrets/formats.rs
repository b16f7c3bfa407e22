//! The providers' documented key formats (the credential kinds gitleaks' default rules cover,
//! written here as prefix + character runs) and private key blocks. A key starts a token (not
//! inside a longer word: "task-" is not "sk-") and does not run on into more of its characters.
use super::values::is_example_key;
use super::LineSecret;

/// The characters of a run.
#[derive(Clone, Copy)]
enum Chars {
    UpperDigit,
    Alnum,
    /// A-Z a-z 0-9 _
    AlnumUnderscore,
    /// A-Z a-z 0-9 _ -
    Word,
    /// A-Z a-z 0-9 -
    AlnumDash,
    /// 0-9 a-f
    Hex,
    /// 0-9 a-f A-F
    AnyHex,
    Letters,
    Digits,
    /// A-Z a-z 0-9 + / =
    Base64,
    /// A-Z a-z 0-9 / (webhook paths)
    Path,
    /// A-Z a-z 0-9 _ ~ . (Azure AD client secrets)
    Azure,
    /// A-Z a-z 0-9 _ ~ . -
    AzureDash,
}

impl Chars {
    fn has(self, b: u8) -> bool {
        let alnum = b.is_ascii_alphanumeric();
        match self {
            Chars::UpperDigit => b.is_ascii_uppercase() || b.is_ascii_digit(),
            Chars::Alnum => alnum,
            Chars::AlnumUnderscore => alnum || b == b'_',
            Chars::Word => alnum || b == b'_' || b == b'-',
            Chars::AlnumDash => alnum || b == b'-',
            Chars::Hex => b.is_ascii_digit() || (b'a'..=b'f').contains(&b),
            Chars::AnyHex => b.is_ascii_hexdigit(),
            Chars::Letters => b.is_ascii_alphabetic(),
            Chars::Digits => b.is_ascii_digit(),
            Chars::Base64 => alnum || b"+/=".contains(&b),
            Chars::Path => alnum || b == b'/',
            Chars::Azure => alnum || b"_~.".contains(&b),
            Chars::AzureDash => alnum || b"_~.-".contains(&b),
        }
    }
}

/// A piece of a format after its prefix: a literal, or a run of `min..=max` characters.
enum Part {
    Lit(&'static str),
    Run(Chars, usize, usize),
}

use Chars::*;
use Part::{Lit, Run};

struct KeyFormat {
    prefix: &'static str,
    parts: &'static [Part],
    kind: &'static str,
}

const fn key(prefix: &'static str, parts: &'static [Part], kind: &'static str) -> KeyFormat {
    KeyFormat {
        prefix,
        parts,
        kind,
    }
}

const AWS_KEY_ID: &[Part] = &[Run(UpperDigit, 16, 16)];
const GITHUB: &[Part] = &[Run(Alnum, 36, 36)];
const GITLAB: &[Part] = &[Run(Word, 20, 300)];
const SLACK: &[Part] = &[Run(Digits, 1, 14), Lit("-"), Run(AlnumDash, 10, 300)];
const SLACK_HOOK: &[Part] = &[Run(Path, 30, 120)];
const STRIPE: &[Part] = &[Run(Alnum, 16, 99)];
const OPENAI_PROJECT: &[Part] = &[Run(Word, 40, 300)];
const SHOPIFY: &[Part] = &[Run(AnyHex, 32, 32)];
const DISCORD_BOT: &[Part] = &[
    Run(Alnum, 22, 26),
    Lit("."),
    Run(Word, 6, 6),
    Lit("."),
    Run(Word, 27, 38),
];
const DISCORD_HOOK: &[Part] = &[Run(Digits, 17, 20), Lit("/"), Run(Word, 60, 70)];
const DIGITALOCEAN: &[Part] = &[Run(Hex, 64, 64)];
const PYPI: &[Part] = &[Run(Word, 50, 1000)];
const DOPPLER: &[Part] = &[Run(Alnum, 40, 44)];
const PLANETSCALE: &[Part] = &[Run(Word, 32, 64)];
const EASYPOST: &[Part] = &[Run(Alnum, 54, 54)];
const SHIPPO: &[Part] = &[Run(AnyHex, 40, 40)];
const DUFFEL: &[Part] = &[Run(Word, 43, 43)];

/// Most specific first: the first format that matches at a position is taken.
const FORMATS: &[KeyFormat] = &[
    key("AKIA", AWS_KEY_ID, "an AWS access key id"),
    key("ABIA", AWS_KEY_ID, "an AWS access key id"),
    key("ACCA", AWS_KEY_ID, "an AWS access key id"),
    key("ASIA", AWS_KEY_ID, "an AWS temporary access key id"),
    key("ghp_", GITHUB, "a GitHub personal access token"),
    key("gho_", GITHUB, "a GitHub OAuth token"),
    key("ghu_", GITHUB, "a GitHub user-to-server token"),
    key("ghs_", GITHUB, "a GitHub server-to-server token"),
    key("ghr_", GITHUB, "a GitHub refresh token"),
    key(
        "github_pat_",
        &[Run(AlnumUnderscore, 60, 100)],
        "a GitHub fine-grained token",
    ),
    key("glpat-", GITLAB, "a GitLab personal access token"),
    key("gldt-", GITLAB, "a GitLab deploy token"),
    key("glrt-", GITLAB, "a GitLab runner token"),
    key("glft-", GITLAB, "a GitLab feed token"),
    key("glsoat-", GITLAB, "a GitLab SCIM token"),
    key("glcbt-", GITLAB, "a GitLab CI job token"),
    key("glagent-", GITLAB, "a GitLab agent token"),
    key("gloas-", GITLAB, "a GitLab OAuth secret"),
    key("glimt-", GITLAB, "a GitLab incoming mail token"),
    key(
        "glptt-",
        &[Run(Hex, 40, 40)],
        "a GitLab pipeline trigger token",
    ),
    key("xoxb-", SLACK, "a Slack bot token"),
    key("xoxp-", SLACK, "a Slack user token"),
    key("xoxe-", SLACK, "a Slack token"),
    key("xoxa-", SLACK, "a Slack token"),
    key("xoxr-", SLACK, "a Slack token"),
    key("xoxs-", SLACK, "a Slack token"),
    key("xoxo-", SLACK, "a Slack token"),
    key("xapp-", SLACK, "a Slack app token"),
    key(
        "https://hooks.slack.com/services/",
        SLACK_HOOK,
        "a Slack webhook URL",
    ),
    key(
        "https://hooks.slack.com/workflows/",
        SLACK_HOOK,
        "a Slack webhook URL",
    ),
    key(
        "https://hooks.slack.com/triggers/",
        SLACK_HOOK,
        "a Slack webhook URL",
    ),
    key("sk_live_", STRIPE, "a Stripe live secret key"),
    key("sk_test_", STRIPE, "a Stripe test secret key"),
    key("sk_prod_", STRIPE, "a Stripe live secret key"),
    key("rk_live_", STRIPE, "a Stripe restricted key"),
    key("rk_test_", STRIPE, "a Stripe restricted key"),
    key("rk_prod_", STRIPE, "a Stripe restricted key"),
    key("whsec_", &[Run(Alnum, 32, 64)], "a Stripe webhook secret"),
    key("sk-ant-", &[Run(Word, 32, 300)], "an Anthropic API key"),
    key("sk-proj-", OPENAI_PROJECT, "an OpenAI project key"),
    key(
        "sk-svcacct-",
        OPENAI_PROJECT,
        "an OpenAI service account key",
    ),
    key("sk-admin-", OPENAI_PROJECT, "an OpenAI admin key"),
    key("sk-", &[Run(Alnum, 32, 200)], "an OpenAI-style API key"),
    key(
        "sk.eyJ",
        &[Run(Word, 10, 400), Lit("."), Run(Word, 10, 100)],
        "a Mapbox secret token",
    ),
    key("AIza", &[Run(Word, 35, 35)], "a Google API key"),
    key(
        "GOCSPX-",
        &[Run(Word, 28, 28)],
        "a Google OAuth client secret",
    ),
    key(
        "ya29.",
        &[Run(Word, 20, 400)],
        "a Google OAuth access token",
    ),
    key("SK", &[Run(AnyHex, 32, 32)], "a Twilio API key"),
    key(
        "SG.",
        &[Run(Word, 22, 22), Lit("."), Run(Word, 43, 43)],
        "a SendGrid API key",
    ),
    key("npm_", &[Run(Alnum, 36, 36)], "an npm access token"),
    key("pypi-AgEIcHlwaS5vcmc", PYPI, "a PyPI upload token"),
    key(
        "pypi-AgENdGVzdC5weXBpLm9yZw",
        PYPI,
        "a TestPyPI upload token",
    ),
    key(
        "eyJ",
        &[
            Run(Word, 10, 4000),
            Lit(".eyJ"),
            Run(Word, 10, 8000),
            Lit("."),
            Run(Word, 0, 2000),
        ],
        "a JSON Web Token",
    ),
    key("HRKU-AA", &[Run(Word, 58, 58)], "a Heroku API key"),
    key("shpat_", SHOPIFY, "a Shopify access token"),
    key("shpca_", SHOPIFY, "a Shopify custom app token"),
    key("shppa_", SHOPIFY, "a Shopify private app token"),
    key("shpss_", SHOPIFY, "a Shopify shared secret"),
    key(
        "https://discord.com/api/webhooks/",
        DISCORD_HOOK,
        "a Discord webhook URL",
    ),
    key(
        "https://discordapp.com/api/webhooks/",
        DISCORD_HOOK,
        "a Discord webhook URL",
    ),
    key("M", DISCORD_BOT, "a Discord bot token"),
    key("N", DISCORD_BOT, "a Discord bot token"),
    key("O", DISCORD_BOT, "a Discord bot token"),
    key("dop_v1_", DIGITALOCEAN, "a DigitalOcean token"),
    key("doo_v1_", DIGITALOCEAN, "a DigitalOcean token"),
    key("dor_v1_", DIGITALOCEAN, "a DigitalOcean token"),
    key("hf_", &[Run(Letters, 34, 34)], "a Hugging Face token"),
    key("api_org_", &[Run(Letters, 34, 34)], "a Hugging Face token"),
    key("dapi", &[Run(Hex, 32, 32)], "a Databricks token"),
    key("lin_api_", &[Run(Alnum, 40, 40)], "a Linear API key"),
    key("pul-", &[Run(Hex, 40, 40)], "a Pulumi token"),
    key("rubygems_", &[Run(Hex, 48, 48)], "a RubyGems API key"),
    key("pnu_", &[Run(Alnum, 36, 36)], "a Prefect API key"),
    key("ico-", &[Run(Alnum, 32, 32)], "an Infracost API key"),
    key("sntryu_", &[Run(Hex, 64, 64)], "a Sentry token"),
    key("sntrys_", &[Run(Base64, 50, 600)], "a Sentry token"),
    key("NRAK-", &[Run(Alnum, 27, 27)], "a New Relic API key"),
    key(
        "LTAI",
        &[Run(Alnum, 20, 20)],
        "an Alibaba Cloud access key id",
    ),
    key("pplx-", &[Run(Alnum, 48, 48)], "a Perplexity API key"),
    key("gsk_", &[Run(Alnum, 52, 52)], "a Groq API key"),
    key("r8_", &[Run(Alnum, 37, 37)], "a Replicate API token"),
    key(
        "AGE-SECRET-KEY-1",
        &[Run(UpperDigit, 58, 58)],
        "an age secret key",
    ),
    key("dp.pt.", DOPPLER, "a Doppler token"),
    key("dp.st.", DOPPLER, "a Doppler token"),
    key("dp.sa.", DOPPLER, "a Doppler token"),
    key("dp.ct.", DOPPLER, "a Doppler token"),
    key("hvs.", &[Run(Word, 90, 120)], "a HashiCorp Vault token"),
    key("hvb.", &[Run(Word, 138, 300)], "a HashiCorp Vault token"),
    key("sq0csp-", &[Run(Word, 40, 50)], "a Square OAuth secret"),
    key("sq0atp-", &[Run(Word, 22, 60)], "a Square access token"),
    key("EZAK", EASYPOST, "an EasyPost API key"),
    key("EZTK", EASYPOST, "an EasyPost test API key"),
    key("key-", &[Run(Hex, 32, 32)], "a Mailgun API key"),
    key("fo1_", &[Run(Word, 43, 43)], "a Fly.io token"),
    key(
        "xkeysib-",
        &[Run(Hex, 64, 64), Lit("-"), Run(Alnum, 16, 16)],
        "a Brevo API key",
    ),
    key(
        "glsa_",
        &[Run(Alnum, 32, 32), Lit("_"), Run(AnyHex, 8, 8)],
        "a Grafana service account token",
    ),
    key("glc_", &[Run(Base64, 32, 400)], "a Grafana Cloud token"),
    key("pscale_tkn_", PLANETSCALE, "a PlanetScale token"),
    key("pscale_pw_", PLANETSCALE, "a PlanetScale password"),
    key("pscale_oauth_", PLANETSCALE, "a PlanetScale OAuth token"),
    key(
        "PMAK-",
        &[Run(AnyHex, 24, 24), Lit("-"), Run(AnyHex, 34, 34)],
        "a Postman API key",
    ),
    key("AKCp", &[Run(Alnum, 69, 69)], "an Artifactory API key"),
    key(
        "ops_eyJ",
        &[Run(Base64, 250, 5000)],
        "a 1Password service account token",
    ),
    key("p8e-", &[Run(Alnum, 32, 32)], "an Adobe client secret"),
    key("rdme_", &[Run(Alnum, 70, 70)], "a ReadMe API key"),
    key("tk-us-", &[Run(Word, 48, 48)], "a Scalingo API token"),
    key("shippo_live_", SHIPPO, "a Shippo API token"),
    key("shippo_test_", SHIPPO, "a Shippo API token"),
    key("duffel_live_", DUFFEL, "a Duffel API token"),
    key("duffel_test_", DUFFEL, "a Duffel API token"),
    key("fio-u-", &[Run(Word, 64, 64)], "a Frame.io API token"),
    key("ntn_", &[Run(Alnum, 46, 46)], "a Notion API token"),
    key("CLOJARS_", &[Run(Alnum, 60, 60)], "a Clojars API token"),
    key(
        "dt0c01.",
        &[Run(Alnum, 24, 24), Lit("."), Run(Alnum, 64, 64)],
        "a Dynatrace API token",
    ),
    key(
        "v1.0-",
        &[Run(Hex, 24, 24), Lit("-"), Run(Hex, 146, 146)],
        "a Cloudflare origin CA key",
    ),
    // No prefix: tried only where a token starts.
    key(
        "",
        &[Run(Digits, 5, 16), Lit(":A"), Run(Word, 34, 34)],
        "a Telegram bot token",
    ),
    key(
        "",
        &[Run(Hex, 32, 32), Lit("-us"), Run(Digits, 1, 2)],
        "a Mailchimp API key",
    ),
    key(
        "",
        &[
            Run(Azure, 3, 3),
            Run(Digits, 1, 1),
            Lit("Q~"),
            Run(AzureDash, 31, 34),
        ],
        "an Azure AD client secret",
    ),
];

const PRIVATE_KEY: &str = "a private key block";
const BEGIN: &str = "-----BEGIN ";

/// Every key of a known format on `line`, left to right; documented example keys and
/// placeholders (`ghp_xxxx…`) pass.
pub(super) fn find(line: &str) -> Vec<LineSecret> {
    let bytes = line.as_bytes();
    let mut found = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let starts_token = i == 0 || !bytes[i - 1].is_ascii_alphanumeric();
        if let Some(end) = starts_token.then(|| private_key_end(line, i)).flatten() {
            found.push(LineSecret {
                kind: PRIVATE_KEY,
                start: i,
                end,
            });
            i = end;
            continue;
        }
        let matched = starts_token
            .then(|| {
                formats_starting_with(bytes[i])
                    .iter()
                    .find_map(|&f| Some((match_at(bytes, i, &FORMATS[f])?, &FORMATS[f])))
            })
            .flatten();
        match matched {
            Some((end, format)) => {
                let random_part = &line[i + format.prefix.len()..end];
                if !is_example_key(&line[i..end], random_part) {
                    found.push(LineSecret {
                        kind: format.kind,
                        start: i,
                        end,
                    });
                }
                i = end;
            }
            None => i += 1,
        }
    }
    found
}

/// The formats that can start with `byte`, in table order (indexes into FORMATS), so each
/// position of a line tries a handful of formats, not all of them.
fn formats_starting_with(byte: u8) -> &'static [usize] {
    static BY_FIRST_BYTE: std::sync::OnceLock<Vec<Vec<usize>>> = std::sync::OnceLock::new();
    let table = BY_FIRST_BYTE.get_or_init(|| {
        (0..=u8::MAX)
            .map(|b| {
                (0..FORMATS.len())
                    .filter(|&f| match FORMATS[f].prefix.as_bytes().first() {
                        Some(&first) => first == b,
                        None => match FORMATS[f].parts.first() {
                            Some(Run(chars, _, _)) => chars.has(b),
                            _ => false,
                        },
                    })
                    .collect()
            })
            .collect()
    });
    &table[byte as usize]
}

/// True when `found` opens a private key block whose END is on a later line.
pub(super) fn opens_key_block(found: &str) -> bool {
    found.starts_with(BEGIN) && found.contains("PRIVATE KEY") && !found.contains("-----END ")
}

/// Where `format` matches at `i`, the end of the key.
fn match_at(bytes: &[u8], i: usize, format: &KeyFormat) -> Option<usize> {
    if !bytes[i..].starts_with(format.prefix.as_bytes()) {
        return None;
    }
    let mut at = i + format.prefix.len();
    let mut last_run = None;
    for part in format.parts {
        match *part {
            Lit(text) => {
                if !bytes[at..].starts_with(text.as_bytes()) {
                    return None;
                }
                at += text.len();
                last_run = None;
            }
            Run(chars, min, max) => {
                let length = bytes[at..]
                    .iter()
                    .take(max)
                    .take_while(|&&b| chars.has(b))
                    .count();
                if length < min {
                    return None;
                }
                at += length;
                last_run = Some(chars);
            }
        }
    }
    let runs_on = bytes.get(at).is_some_and(|&next| {
        next.is_ascii_alphanumeric() || last_run.is_some_and(|chars| chars.has(next))
    });
    (!runs_on).then_some(at)
}

/// `-----BEGIN RSA PRIVATE KEY-----` (its header; a key written on one line with `\n` escapes,
/// as in a service account's JSON, up to its END line).
fn private_key_end(line: &str, i: usize) -> Option<usize> {
    if !line.as_bytes()[i..].starts_with(BEGIN.as_bytes()) {
        return None;
    }
    let after = i + BEGIN.len();
    let header_end = after + line[after..].find("-----")? + 5;
    if !line[i..header_end].contains("PRIVATE KEY") {
        return None;
    }
    let end = match line[header_end..].find("-----END ") {
        Some(at) => {
            let end_at = header_end + at + "-----END ".len();
            end_at + line[end_at..].find("-----").map_or(0, |close| close + 5)
        }
        None => header_end,
    };
    Some(end)
}
