//! Share links (`chainlab::strategy::share_link`): every shipped strategy
//! round trips through its link, the largest gives a link under 8,000
//! characters, and damaged, foreign and oversized links are refused with a
//! message that says why.

use chainlab::strategy::{
    MAX_SHARE_BYTES, MAX_SHARE_CHARS, ShareError, Strategy, share_fragment, share_link,
    share_payload, strategy_from_link,
};

const BASE: &str = "https://example.org/chainlab/";

fn shipped() -> Vec<(String, Strategy)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/strategies");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let s = Strategy::load(&p).unwrap();
            (p.display().to_string(), s)
        })
        .collect()
}

/// Base64url of `bytes` (the tests' own, to build payloads by hand).
fn b64(bytes: &[u8]) -> String {
    const A: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut out = String::new();
    for c in bytes.chunks(3) {
        let n = (u32::from(c[0]) << 16)
            | (u32::from(*c.get(1).unwrap_or(&0)) << 8)
            | u32::from(*c.get(2).unwrap_or(&0));
        for i in 0..=c.len() {
            out.push(A[((n >> (18 - 6 * i)) & 63) as usize] as char);
        }
    }
    out
}

#[test]
fn every_shipped_strategy_round_trips_through_its_link() {
    let all = shipped();
    assert!(all.len() >= 8);
    for (path, strategy) in &all {
        let link = share_link(BASE, strategy);
        assert!(link.starts_with(&format!("{BASE}#s=")), "{path}: {link}");
        let back = strategy_from_link(&link).unwrap();
        assert_eq!(back.to_json(), strategy.to_json(), "{path}");
        // The fragment alone, with or without '#', and among other fields.
        let fragment = share_fragment(strategy);
        assert_eq!(
            strategy_from_link(&fragment).unwrap().to_json(),
            strategy.to_json()
        );
        let other = format!("#editor&{fragment}");
        assert_eq!(strategy_from_link(&other).unwrap().name, strategy.name);
    }
}

#[test]
fn the_largest_shipped_strategy_gives_a_link_under_8000_characters() {
    let (path, largest) = shipped()
        .into_iter()
        .max_by_key(|(_, s)| s.to_json().len())
        .unwrap();
    let link = share_link(BASE, &largest);
    assert!(
        link.len() < 8000,
        "{path}: {} bytes of JSON give a link of {} characters",
        largest.to_json().len(),
        link.len()
    );
    // Only URL-safe characters after the '#'.
    let fragment = link.split_once('#').unwrap().1;
    assert!(
        fragment
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_=".contains(c)),
        "{fragment}"
    );
}

#[test]
fn a_base_with_a_fragment_keeps_only_its_page() {
    let s = Strategy::new("tiny");
    let link = share_link("http://127.0.0.1:8080/index.html#play", &s);
    assert!(
        link.starts_with("http://127.0.0.1:8080/index.html#s="),
        "{link}"
    );
}

#[test]
fn a_link_without_a_strategy_is_foreign() {
    for text in [
        "https://example.org/#play",
        "#editor",
        "",
        "hello",
        "#x=1&y=2",
    ] {
        assert!(share_payload(text).is_none(), "{text}");
        let e = strategy_from_link(text).unwrap_err();
        assert!(matches!(e, ShareError::NoStrategy), "{text}: {e}");
        assert!(e.to_string().contains("holds no strategy"), "{e}");
    }
}

#[test]
fn a_damaged_link_says_what_is_wrong() {
    let good = share_link(BASE, &shipped()[0].1);
    // Cut short, a character changed, a character that is not base64url,
    // padding, and deflate data that is cut in the middle.
    let cut = &good[..good.len() - 7];
    let mut flipped = good.clone().into_bytes();
    let middle = BASE.len() + 3 + (good.len() - BASE.len() - 3) / 2;
    flipped[middle] = if flipped[middle] == b'A' { b'B' } else { b'A' };
    let flipped = String::from_utf8(flipped).unwrap();
    let cases = [
        cut.to_string(),
        flipped,
        format!("{BASE}#s=abc+def"),
        format!("{BASE}#s=Zm9v="),
        format!("{BASE}#s=%20"),
    ];
    for link in &cases {
        let e = strategy_from_link(link).unwrap_err();
        let text = e.to_string();
        assert!(
            matches!(e, ShareError::Damaged(_) | ShareError::NotAStrategy(_)),
            "{link}: {text}"
        );
        assert!(text.starts_with("this link"), "{text}");
    }
    assert!(
        strategy_from_link(&format!("{BASE}#s=abc+def"))
            .unwrap_err()
            .to_string()
            .contains("'+' at position 4")
    );
}

#[test]
fn a_payload_that_is_not_a_strategy_is_refused() {
    let json = br#"{"hello": "world"}"#;
    let link = format!(
        "{BASE}#s={}",
        b64(&miniz_oxide::deflate::compress_to_vec(json, 6))
    );
    let e = strategy_from_link(&link).unwrap_err();
    assert!(matches!(e, ShareError::NotAStrategy(_)), "{e}");
    assert!(e.to_string().contains("not a strategy file"), "{e}");
    // Compressed bytes that are not text.
    let binary = miniz_oxide::deflate::compress_to_vec(&[0xff, 0xfe, 0x00, 0x80], 6);
    let e = strategy_from_link(&format!("#s={}", b64(&binary))).unwrap_err();
    assert!(e.to_string().contains("not UTF-8"), "{e}");
}

#[test]
fn an_oversized_link_is_refused_without_inflating_it() {
    // A zip bomb: a few kilobytes that inflate to far more than the limit.
    let zeros = vec![b' '; MAX_SHARE_BYTES * 4];
    let bomb = miniz_oxide::deflate::compress_to_vec(&zeros, 10);
    assert!(bomb.len() < 100_000, "{}", bomb.len());
    let e = strategy_from_link(&format!("#s={}", b64(&bomb))).unwrap_err();
    assert!(matches!(e, ShareError::TooLarge), "{e}");
    assert!(e.to_string().contains("too large"), "{e}");
    // A payload longer than the limit is refused before it is decoded.
    let long = format!("#s={}", "A".repeat(MAX_SHARE_CHARS + 4));
    let e = strategy_from_link(&long).unwrap_err();
    assert!(matches!(e, ShareError::TooLong(_)), "{e}");
}
