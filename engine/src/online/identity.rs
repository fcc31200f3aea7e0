//! A player's (or a spectator's) key pair: what signs their messages, and the public half
//! others check them with; and a table's id, the other name a message carries.

use ed25519_dalek::{Signature, Signer, SigningKey, VerifyingKey};

/// The secret half of a player's key.
pub struct Identity {
    key: SigningKey,
}

/// No key could be made: the system's random source failed.
#[derive(Clone, Debug, PartialEq)]
pub struct IdentityError(pub String);

impl std::error::Error for IdentityError {}

impl Identity {
    /// A new key from the system's random source.
    pub fn generate() -> Result<Identity, IdentityError> {
        let mut secret = [0u8; 32];
        getrandom::fill(&mut secret).map_err(|e| IdentityError(e.to_string()))?;
        Ok(Identity::from_secret(secret))
    }

    /// The key of a stored secret.
    pub fn from_secret(secret: [u8; 32]) -> Identity {
        Identity {
            key: SigningKey::from_bytes(&secret),
        }
    }

    /// The secret, to store (in the player's profile).
    pub fn secret(&self) -> [u8; 32] {
        self.key.to_bytes()
    }

    pub fn public(&self) -> PublicKey {
        PublicKey(self.key.verifying_key().to_bytes())
    }

    pub fn sign(&self, bytes: &[u8]) -> [u8; 64] {
        self.key.sign(bytes).to_bytes()
    }
}

/// `name`'s key, kept beside their player profile in the data folder
/// (`players/NAME.key`: the secret as 64 hex digits, readable by its owner only), made
/// the first time they play online: a returning player is the same key.
pub fn player_identity(
    data: &std::path::Path,
    name: &str,
) -> Result<Identity, crate::play::FileError> {
    use crate::play::{FileError, profiles::profile_path, read_if_there, write_atomically};
    let path = profile_path(data, name).with_extension("key");
    if let Some(text) = read_if_there(&path)? {
        return unhex::<32>(text.trim())
            .map(Identity::from_secret)
            .ok_or_else(|| FileError::content(&path, "a player's key is 64 hex digits"));
    }
    let identity = Identity::generate().map_err(|e| FileError::content(&path, e.0))?;
    write_atomically(&path, hex(&identity.secret()).as_bytes())?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let owner_only = std::fs::Permissions::from_mode(0o600);
        std::fs::set_permissions(&path, owner_only)
            .map_err(|e| FileError::content(&path, e.to_string()))?;
    }
    Ok(identity)
}

/// A public key: 32 bytes, written as 64 hex digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PublicKey(pub [u8; 32]);

impl PublicKey {
    /// Whether `signature` is this key's (strict ed25519: no malleable forms).
    pub fn verifies(&self, bytes: &[u8], signature: &[u8; 64]) -> bool {
        VerifyingKey::from_bytes(&self.0).is_ok_and(|key| {
            key.verify_strict(bytes, &Signature::from_bytes(signature))
                .is_ok()
        })
    }

    pub fn to_hex(&self) -> String {
        hex(&self.0)
    }

    /// The key of 64 hex digits.
    pub fn from_hex(text: &str) -> Option<PublicKey> {
        unhex::<32>(text).map(PublicKey)
    }
}

/// Serde for a newtype of `N` bytes as `2 N` hex digits; `what` says what a bad one
/// should have been.
macro_rules! hex_serde {
    ($t:ident, $n:literal, $what:literal) => {
        impl serde::Serialize for $t {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(&$crate::online::identity::hex(&self.0))
            }
        }

        impl<'de> serde::Deserialize<'de> for $t {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<$t, D::Error> {
                let text = <String as serde::Deserialize>::deserialize(d)?;
                $crate::online::identity::unhex::<$n>(&text)
                    .map($t)
                    .ok_or_else(|| serde::de::Error::custom($what))
            }
        }
    };
}
pub(super) use hex_serde;

hex_serde!(PublicKey, 32, "a public key is 64 hex digits");

/// A table: 128 random bits, the name of its channels (unguessable, so only those told
/// it find the table).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TableId(pub [u8; 16]);

impl TableId {
    pub fn generate() -> Result<TableId, IdentityError> {
        let mut id = [0u8; 16];
        getrandom::fill(&mut id).map_err(|e| IdentityError(e.to_string()))?;
        Ok(TableId(id))
    }

    /// 32 hex digits.
    pub fn to_hex(&self) -> String {
        hex(&self.0)
    }

    pub fn from_hex(text: &str) -> Option<TableId> {
        unhex::<16>(text).map(TableId)
    }
}

hex_serde!(TableId, 16, "a table is 32 hex digits");

/// Bytes as lower-case hex digits.
pub(super) fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// `N` bytes from exactly `2 N` hex digits.
pub(super) fn unhex<const N: usize>(text: &str) -> Option<[u8; N]> {
    if text.len() != 2 * N || !text.is_ascii() {
        return None;
    }
    let mut out = [0u8; N];
    for (i, byte) in out.iter_mut().enumerate() {
        *byte = u8::from_str_radix(&text[2 * i..2 * i + 2], 16).ok()?;
    }
    Some(out)
}
