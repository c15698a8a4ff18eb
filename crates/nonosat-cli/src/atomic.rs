//! Files written whole or not at all: every file the binary writes goes to a temporary file in the
//! destination's folder (`.NAME.nonosat-PID-N.tmp`), is flushed and synced to disk, then renamed
//! over the destination. A rename within one file system is atomic, so a reader, or the file left
//! by a run killed at any moment, holds the old content or the complete new one, never a part.
//!
//! An error (or an [`AtomicFile`] dropped before [`AtomicFile::commit`]) removes the temporary file;
//! only SIGKILL can leave one behind, hidden by its leading dot and never the destination. A
//! destination that exists and is not a regular file (`/dev/null`, a FIFO, a terminal) cannot be
//! replaced by a rename: it is written in place, as before.

use std::fs::{File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

/// Numbers the temporary files of this process, so that two writers never pick the same name.
static NEXT: AtomicUsize = AtomicUsize::new(0);

/// A file being written: to a temporary beside its destination until [`AtomicFile::commit`], or
/// directly to a destination that is not a regular file.
pub(crate) struct AtomicFile {
    out: BufWriter<File>,
    /// The temporary file and the destination it is renamed to; `None` when written in place.
    rename: Option<(PathBuf, PathBuf)>,
}

impl AtomicFile {
    /// Starts writing `dest`: creates its temporary file. Refuses a folder. A symbolic link is
    /// followed: its target is replaced, the link stays.
    pub fn create(dest: &Path) -> io::Result<AtomicFile> {
        let dest = match std::fs::symlink_metadata(dest) {
            Ok(meta) if meta.is_symlink() => std::fs::canonicalize(dest).or_else(|_| {
                // A dangling link: create its target.
                let target = std::fs::read_link(dest)?;
                Ok::<_, io::Error>(dest.parent().unwrap_or(Path::new("")).join(target))
            })?,
            _ => dest.to_owned(),
        };
        let existing = std::fs::metadata(&dest).ok();
        if existing.as_ref().is_some_and(|meta| meta.is_dir()) {
            return Err(io::Error::new(
                io::ErrorKind::IsADirectory,
                "it is a folder",
            ));
        }
        if existing.as_ref().is_some_and(|meta| !meta.is_file()) {
            let file = OpenOptions::new().write(true).truncate(true).open(&dest)?;
            return Ok(AtomicFile {
                out: BufWriter::new(file),
                rename: None,
            });
        }
        let name = dest
            .file_name()
            .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "not a file name"))?
            .to_string_lossy();
        let folder = match dest.parent() {
            Some(parent) if !parent.as_os_str().is_empty() => parent,
            _ => Path::new("."),
        };
        loop {
            let number = NEXT.fetch_add(1, Ordering::Relaxed);
            let temp = folder.join(format!(
                ".{name}.nonosat-{}-{number}.tmp",
                std::process::id()
            ));
            match OpenOptions::new().write(true).create_new(true).open(&temp) {
                Ok(file) => {
                    if let Some(meta) = &existing {
                        // The new file keeps the old one's permissions, as an overwrite would.
                        let _ = file.set_permissions(meta.permissions());
                    }
                    return Ok(AtomicFile {
                        out: BufWriter::new(file),
                        rename: Some((temp, dest)),
                    });
                }
                Err(error) if error.kind() == io::ErrorKind::AlreadyExists => continue,
                Err(error) => return Err(error),
            }
        }
    }

    /// Finishes the file: flushes and syncs it, then renames it over the destination. On an
    /// error the temporary is removed and the destination left as it was.
    pub fn commit(mut self) -> io::Result<()> {
        self.out.flush()?;
        let Some((temp, dest)) = self.rename.take() else {
            return Ok(());
        };
        let renamed = self
            .out
            .get_ref()
            .sync_all()
            .and_then(|()| std::fs::rename(&temp, &dest));
        if renamed.is_err() {
            let _ = std::fs::remove_file(&temp);
        }
        renamed
    }
}

impl Write for AtomicFile {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.out.write(bytes)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

impl Drop for AtomicFile {
    /// An unfinished file is abandoned: its temporary is removed.
    fn drop(&mut self) {
        if let Some((temp, _)) = &self.rename {
            let _ = std::fs::remove_file(temp);
        }
    }
}

/// Writes `bytes` to `dest` whole, or not at all.
pub(crate) fn write(dest: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut file = AtomicFile::create(dest)?;
    file.write_all(bytes)?;
    file.commit()
}

// Links and devices are Unix's.
#[cfg(all(test, unix))]
mod tests {
    use std::os::unix::fs::FileTypeExt;

    use super::*;

    /// A fresh folder under the system's temporary one, removed when dropped.
    struct Folder(PathBuf);

    impl Folder {
        fn new(name: &str) -> Folder {
            let path =
                std::env::temp_dir().join(format!("nonosat-atomic-{}-{name}", std::process::id()));
            let _ = std::fs::remove_dir_all(&path);
            std::fs::create_dir_all(&path).unwrap();
            Folder(path)
        }

        fn names(&self) -> Vec<String> {
            let mut names: Vec<_> = std::fs::read_dir(&self.0)
                .unwrap()
                .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
                .collect();
            names.sort();
            names
        }
    }

    impl Drop for Folder {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    #[test]
    fn the_destination_changes_only_on_commit() {
        let folder = Folder::new("commit");
        let dest = folder.0.join("out.txt");
        std::fs::write(&dest, "old").unwrap();
        let mut file = AtomicFile::create(&dest).unwrap();
        file.write_all(b"new and longer").unwrap();
        file.flush().unwrap();
        assert_eq!(std::fs::read_to_string(&dest).unwrap(), "old");
        assert_eq!(folder.names().len(), 2, "{:?}", folder.names());
        file.commit().unwrap();
        assert_eq!(std::fs::read_to_string(&dest).unwrap(), "new and longer");
        assert_eq!(folder.names(), ["out.txt"]);
    }

    #[test]
    fn an_abandoned_file_leaves_the_destination_and_no_temporary() {
        let folder = Folder::new("abandon");
        let dest = folder.0.join("out.txt");
        std::fs::write(&dest, "old").unwrap();
        let mut file = AtomicFile::create(&dest).unwrap();
        file.write_all(b"half").unwrap();
        drop(file);
        assert_eq!(std::fs::read_to_string(&dest).unwrap(), "old");
        assert_eq!(folder.names(), ["out.txt"]);
    }

    #[test]
    fn a_folder_is_refused_and_a_link_keeps_pointing_at_the_new_content() {
        let folder = Folder::new("link");
        let error = write(&folder.0, b"x").expect_err("a folder is refused");
        assert_eq!(error.kind(), io::ErrorKind::IsADirectory);
        let target = folder.0.join("target.txt");
        let link = folder.0.join("link.txt");
        std::fs::write(&target, "old").unwrap();
        std::os::unix::fs::symlink(&target, &link).unwrap();
        write(&link, b"new").unwrap();
        assert!(link.symlink_metadata().unwrap().is_symlink());
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "new");
    }

    #[test]
    fn a_device_is_written_in_place() {
        write(Path::new("/dev/null"), b"nothing").unwrap();
        assert!(
            Path::new("/dev/null")
                .metadata()
                .unwrap()
                .file_type()
                .is_char_device()
        );
    }
}
