//! Base64url without padding (RFC 4648 §5), the alphabet of share links:
//! `A–Z a–z 0–9 - _`, every character safe in a URL's fragment.
//!
//! Invariant: `decode(encode(b)) == b` for all bytes `b`; `decode` reads
//! only the alphabet and refuses anything else (padding `=` included) with
//! the character and its position, and a length that no encoding has
//! (one character over a multiple of four).

use crate::strategy::error::ShareError;

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// `bytes` in base64url, without padding.
pub fn encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        let chars = chunk.len() + 1;
        for i in 0..chars {
            let index = (n >> (18 - 6 * i)) & 63;
            out.push(char::from(ALPHABET[index as usize]));
        }
    }
    out
}

/// The value of one base64url character.
fn value(c: u8) -> Option<u32> {
    match c {
        b'A'..=b'Z' => Some(u32::from(c - b'A')),
        b'a'..=b'z' => Some(u32::from(c - b'a') + 26),
        b'0'..=b'9' => Some(u32::from(c - b'0') + 52),
        b'-' => Some(62),
        b'_' => Some(63),
        _ => None,
    }
}

/// The bytes `text` encodes, or why it is not base64url.
pub fn decode(text: &str) -> Result<Vec<u8>, ShareError> {
    if text.len() % 4 == 1 {
        return Err(ShareError::Damaged(format!(
            "{} characters cannot be base64url (the link was cut short or pasted with extra text)",
            text.len()
        )));
    }
    let mut out = Vec::with_capacity(text.len() / 4 * 3 + 2);
    for (index, chunk) in text.as_bytes().chunks(4).enumerate() {
        let mut n = 0u32;
        for (i, &c) in chunk.iter().enumerate() {
            let Some(v) = value(c) else {
                let at = index * 4 + i;
                let shown = text.get(at..).and_then(|s| s.chars().next()).unwrap_or('?');
                return Err(ShareError::Damaged(format!(
                    "character {shown:?} at position {} is not base64url",
                    at + 1
                )));
            };
            n |= v << (18 - 6 * i);
        }
        let bytes = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
        out.extend_from_slice(&bytes[..chunk.len() - 1]);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_every_length_and_byte() {
        for len in 0..70 {
            let bytes: Vec<u8> = (0..len).map(|i| (i * 37 + 11) as u8).collect();
            let text = encode(&bytes);
            assert!(!text.contains('='));
            assert_eq!(decode(&text).ok(), Some(bytes));
        }
        let all: Vec<u8> = (0..=255).collect();
        assert_eq!(decode(&encode(&all)).ok(), Some(all));
    }

    #[test]
    fn known_values() {
        assert_eq!(encode(b"f"), "Zg");
        assert_eq!(encode(b"fo"), "Zm8");
        assert_eq!(encode(b"foo"), "Zm9v");
        assert_eq!(encode(&[0xfb, 0xff]), "-_8");
    }

    #[test]
    fn refuses_what_is_not_base64url() {
        assert!(decode("Zm9v=").is_err());
        assert!(decode("Zm+v").is_err());
        assert!(decode("Zm9vZ").is_err());
        assert!(decode("Zé9v").is_err());
    }
}
