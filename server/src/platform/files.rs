//! Stored files (ticket attachments, later other uploads) behind one trait, [`FileStore`]: a
//! folder on disk now ([`DiskStore`], under `SHOP_FILES_DIR`, `data/files` by default), an
//! S3-compatible bucket later without touching the areas. Several nodes share one store
//! (a shared volume or the bucket), never a node's own disk alone.
//!
//! Files are stored under names the server makes ([`FileKey::generate`]), never under a name
//! or path a client sent, so `../` in an upload's name can reach nothing.

use std::path::{Path, PathBuf};

/// A stored file's name in the store: `<area>/<32 hex>.<ext>`, made by the server.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FileKey(String);

impl FileKey {
    /// A fresh random key in `area` (ASCII lowercase letters) with extension `ext`.
    pub fn generate(area: &str, ext: &str) -> Self {
        let ext = ext.to_ascii_lowercase();
        Self(format!("{area}/{}.{ext}", uuid::Uuid::new_v4().simple()))
    }

    /// A key read back from the database; `None` for anything [`generate`](Self::generate)
    /// cannot have made (a path, a dot-dot, another alphabet).
    pub fn parse(s: &str) -> Option<Self> {
        let (area, file) = s.split_once('/')?;
        let (stem, ext) = file.split_once('.')?;
        let ok = !area.is_empty()
            && area.bytes().all(|b| b.is_ascii_lowercase())
            && stem.len() == 32
            && stem.bytes().all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase())
            && (1..=8).contains(&ext.len())
            && ext.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit());
        ok.then(|| Self(s.to_string()))
    }

    /// The key as text (what the database keeps).
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Where file bytes live. Implementations are shared by every request (`Arc<dyn FileStore>`).
#[async_trait::async_trait]
pub trait FileStore: Send + Sync {
    /// Stores `bytes` under `key` (a new key: never overwrites a file another request wrote).
    async fn put(&self, key: &FileKey, bytes: &[u8]) -> std::io::Result<()>;
    /// The bytes under `key`, `None` when there is no such file.
    async fn get(&self, key: &FileKey) -> std::io::Result<Option<Vec<u8>>>;
    /// Removes the file; a missing file is not an error.
    async fn delete(&self, key: &FileKey) -> std::io::Result<()>;
}

/// Files in a folder: `<root>/<area>/<first two hex>/<key file>`, written to a temporary name
/// and renamed into place, so a reader never sees half a file.
pub struct DiskStore {
    root: PathBuf,
}

impl DiskStore {
    /// A store rooted at `root` (created on the first write).
    pub fn new(root: impl Into<PathBuf>) -> Self {
        Self { root: root.into() }
    }

    /// The folder the store writes in.
    pub fn root(&self) -> &Path {
        &self.root
    }

    fn path(&self, key: &FileKey) -> PathBuf {
        // The key was generated or parsed: one area folder, one file name, no separators else.
        let (area, file) = key.0.split_once('/').unwrap_or(("misc", &key.0));
        self.root.join(area).join(&file[..2]).join(file)
    }
}

#[async_trait::async_trait]
impl FileStore for DiskStore {
    async fn put(&self, key: &FileKey, bytes: &[u8]) -> std::io::Result<()> {
        let path = self.path(key);
        if let Some(dir) = path.parent() {
            tokio::fs::create_dir_all(dir).await?;
        }
        let tmp = path.with_extension(format!("tmp-{}", uuid::Uuid::new_v4().simple()));
        tokio::fs::write(&tmp, bytes).await?;
        match tokio::fs::rename(&tmp, &path).await {
            Ok(()) => Ok(()),
            Err(e) => {
                let _ = tokio::fs::remove_file(&tmp).await;
                Err(e)
            }
        }
    }

    async fn get(&self, key: &FileKey) -> std::io::Result<Option<Vec<u8>>> {
        match tokio::fs::read(self.path(key)).await {
            Ok(b) => Ok(Some(b)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(e),
        }
    }

    async fn delete(&self, key: &FileKey) -> std::io::Result<()> {
        match tokio::fs::remove_file(self.path(key)).await {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e),
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_generated_names_only() {
        let k = FileKey::generate("tickets", "PNG");
        assert!(k.as_str().starts_with("tickets/") && k.as_str().ends_with(".png"));
        assert_eq!(FileKey::parse(k.as_str()), Some(k));
        for bad in [
            "tickets/../../etc/passwd",
            "../tickets/0123456789abcdef0123456789abcdef.png",
            "tickets/0123456789abcdef0123456789abcdef.png/..",
            "tickets/0123456789ABCDEF0123456789abcdef.png",
            "tickets/short.png",
            "/tickets/0123456789abcdef0123456789abcdef.png",
            "tickets\\0123456789abcdef0123456789abcdef.png",
            "",
        ] {
            assert_eq!(FileKey::parse(bad), None, "{bad}");
        }
    }

    #[tokio::test]
    async fn disk_store_round_trip() {
        let root = std::env::temp_dir().join(format!("shop-files-{}", uuid::Uuid::new_v4().simple()));
        let store = DiskStore::new(&root);
        let key = FileKey::generate("tickets", "pdf");
        assert_eq!(store.get(&key).await.unwrap(), None);
        store.put(&key, b"%PDF-1.7").await.unwrap();
        assert_eq!(store.get(&key).await.unwrap().as_deref(), Some(&b"%PDF-1.7"[..]));
        assert!(store.path(&key).starts_with(&root));
        store.delete(&key).await.unwrap();
        store.delete(&key).await.unwrap();
        assert_eq!(store.get(&key).await.unwrap(), None);
        let _ = std::fs::remove_dir_all(root);
    }
}
