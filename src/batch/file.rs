//! Output files that never destroy their input and never appear half written.
//!
//! [`FileId`] tells whether two names (paths, links, standard input or output) are one file on
//! disk, by identity rather than by name: on Unix the device and inode numbers of the open file
//! or of the path, elsewhere the canonical path. [`AtomicFile`] writes a temporary file beside
//! the target and renames it into place only when [`AtomicFile::commit`] is called, after
//! flushing it to disk; dropped without a commit (an error), it removes the temporary file and
//! leaves the target as it was.

use std::ffi::OsString;
use std::fs::{self, File, Metadata};
use std::io;
use std::path::{Path, PathBuf};

use tempfile::NamedTempFile;

/// The identity of a regular file on disk: two names with equal `FileId`s are one file, even
/// under different paths or hard links. Only regular files have one here: a terminal or a pipe
/// read and written at once cannot be destroyed by the writing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileId(Inner);

#[derive(Clone, Debug, PartialEq, Eq)]
enum Inner {
    /// Device and inode numbers.
    #[cfg(unix)]
    Inode(u64, u64),
    /// The canonical path, where inode numbers are not available.
    #[cfg(not(unix))]
    Path(PathBuf),
}

impl FileId {
    /// The identity of an open file (on Unix from the open file itself; elsewhere from `path`,
    /// canonicalized). `None` when it is not a regular file or its identity cannot be read.
    pub fn of_file(file: &File, path: Option<&Path>) -> Option<FileId> {
        let _ = path;
        let meta = file.metadata().ok()?;
        #[cfg(unix)]
        return FileId::of_metadata(&meta);
        #[cfg(not(unix))]
        return meta.is_file().then(|| FileId::of_path(path?)).flatten();
    }

    /// The identity of the file at `path`, following symbolic links. `None` when there is no
    /// such file or it is not a regular file.
    pub fn of_path(path: &Path) -> Option<FileId> {
        let meta = fs::metadata(path).ok()?;
        #[cfg(unix)]
        return FileId::of_metadata(&meta);
        #[cfg(not(unix))]
        return meta
            .is_file()
            .then(|| fs::canonicalize(path).ok().map(|p| FileId(Inner::Path(p))))
            .flatten();
    }

    /// The identity of the file on standard input (`felt batch - < in.csv`), if it is a
    /// regular file and the system tells (Unix).
    pub fn of_stdin() -> Option<FileId> {
        #[cfg(unix)]
        return FileId::of_fd(std::os::fd::AsFd::as_fd(&io::stdin()));
        #[cfg(not(unix))]
        return None;
    }

    /// The identity of the file on standard output (`felt batch in.csv >> in.csv`), if it is a
    /// regular file and the system tells (Unix).
    pub fn of_stdout() -> Option<FileId> {
        #[cfg(unix)]
        return FileId::of_fd(std::os::fd::AsFd::as_fd(&io::stdout()));
        #[cfg(not(unix))]
        return None;
    }

    /// The identity of the file open as `fd` (read from a duplicate, which is then closed).
    #[cfg(unix)]
    fn of_fd(fd: std::os::fd::BorrowedFd<'_>) -> Option<FileId> {
        let file = File::from(fd.try_clone_to_owned().ok()?);
        FileId::of_metadata(&file.metadata().ok()?)
    }

    #[cfg(unix)]
    fn of_metadata(meta: &Metadata) -> Option<FileId> {
        use std::os::unix::fs::MetadataExt;
        meta.is_file().then(|| FileId(Inner::Inode(meta.dev(), meta.ino())))
    }
}

/// The most symbolic links [`resolve_links`] follows, as Linux does.
const MAX_LINKS: usize = 40;

/// The path that writing to `path` would reach: symbolic links followed (even to a file that
/// does not exist yet), so that replacing the file replaces the link's target and keeps the
/// link.
pub fn resolve_links(path: &Path) -> io::Result<PathBuf> {
    let mut p = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => {
                let link = fs::read_link(&p)?;
                // A relative link is relative to the link's directory; an absolute one replaces.
                p = p.parent().map_or_else(|| link.clone(), |dir| dir.join(&link));
            }
            Err(e) if e.kind() != io::ErrorKind::NotFound => return Err(e),
            _ => return Ok(p),
        }
    }
    Err(io::Error::other(format!("more than {MAX_LINKS} symbolic links in a row")))
}

/// A file written under a temporary name beside its target and renamed onto the target when
/// complete, so that the target is only ever absent, the previous file, or the whole new one.
///
/// ```
/// use std::io::Write;
/// use feltkit::batch::AtomicFile;
/// let dir = tempfile::tempdir()?;
/// let target = dir.path().join("out.csv");
/// std::fs::write(&target, "old\n")?;
/// let mut f = AtomicFile::create(&target)?;
/// f.file().write_all(b"new\n")?;
/// assert_eq!(std::fs::read_to_string(&target)?, "old\n"); // not yet
/// f.commit()?;
/// assert_eq!(std::fs::read_to_string(&target)?, "new\n");
/// // Dropped without a commit: the target keeps what it had and no temporary file is left.
/// let mut f = AtomicFile::create(&target)?;
/// f.file().write_all(b"partial")?;
/// drop(f);
/// assert_eq!(std::fs::read_to_string(&target)?, "new\n");
/// assert_eq!(std::fs::read_dir(dir.path())?.count(), 1);
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug)]
pub struct AtomicFile {
    temp: NamedTempFile,
    target: PathBuf,
}

impl AtomicFile {
    /// Starts a replacement of `target` (a path to a regular file or to nothing yet; give
    /// [`resolve_links`]'s answer to write through symbolic links). The temporary file is
    /// `.<name>.<random>.felt-tmp` in the target's directory. It gets the permissions of the
    /// file it replaces, or else those of a new file (read and write for all, less the umask).
    /// An existing target that this process could not open for writing (read-only) is refused
    /// as `File::create` would refuse it.
    pub fn create(target: &Path) -> io::Result<AtomicFile> {
        let existing: Option<Metadata> = match fs::metadata(target) {
            Ok(m) if m.is_file() => {
                // Refuse what `File::create` would refuse; opening without truncating changes
                // nothing.
                fs::OpenOptions::new().write(true).open(target)?;
                Some(m)
            }
            Ok(m) if m.is_dir() => {
                return Err(io::Error::new(io::ErrorKind::IsADirectory, "it is a directory"))
            }
            Ok(_) => {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidInput,
                    "it is not a regular file, so it cannot be replaced",
                ))
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => None,
            Err(e) => return Err(e),
        };
        let dir = dir_of(target);
        let mut prefix = OsString::from(".");
        prefix.push(target.file_name().unwrap_or_default());
        prefix.push(".");
        let mut builder = tempfile::Builder::new();
        builder.prefix(&prefix).suffix(".felt-tmp").rand_bytes(6);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            // Created with the mode of a new file: the umask applies, as for `File::create`.
            builder.permissions(fs::Permissions::from_mode(0o666));
        }
        let temp = builder.tempfile_in(dir).map_err(without_temp_path)?;
        if let Some(m) = existing {
            #[cfg(unix)]
            {
                use std::os::unix::fs::PermissionsExt;
                let mode = m.permissions().mode() & 0o777;
                temp.as_file().set_permissions(fs::Permissions::from_mode(mode))?;
            }
            #[cfg(not(unix))]
            let _ = m;
        }
        Ok(AtomicFile { temp, target: target.to_path_buf() })
    }

    /// The temporary file being written, to remove it if the process is interrupted.
    pub fn temp_path(&self) -> &Path {
        self.temp.path()
    }

    /// The file the results will replace.
    pub fn target(&self) -> &Path {
        &self.target
    }

    /// The temporary file, to write to.
    pub fn file(&mut self) -> &mut File {
        self.temp.as_file_mut()
    }

    /// Flushes the temporary file to disk and renames it onto the target. On an error the
    /// temporary file is removed and the target left as it was.
    pub fn commit(self) -> io::Result<()> {
        self.temp.as_file().sync_all()?;
        self.temp.persist(&self.target).map_err(|e| e.error)?;
        // Make the rename itself durable where the system allows syncing a directory.
        #[cfg(unix)]
        if let Ok(d) = File::open(dir_of(&self.target)) {
            let _ = d.sync_all();
        }
        Ok(())
    }
}

/// The error of creating the temporary file without the temporary file's name, which the
/// `tempfile` crate adds (`Permission denied (os error 13) at path "/dir/.out.csv.x1y2z3..."`):
/// a message names the output the user gave, never a file they did not ask for.
fn without_temp_path(e: io::Error) -> io::Error {
    let text = e.to_string();
    match text.split_once(" at path ") {
        Some((why, _)) if e.get_ref().is_some() => io::Error::new(e.kind(), why.to_string()),
        _ => e,
    }
}

/// The directory of `target` (`.` for a bare file name).
fn dir_of(target: &Path) -> &Path {
    match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    #[test]
    fn hard_links_and_symbolic_links_have_the_identity_of_their_file() {
        let dir = tempfile::tempdir().unwrap();
        let a = dir.path().join("a.csv");
        fs::write(&a, "x").unwrap();
        let b = dir.path().join("b.csv");
        fs::hard_link(&a, &b).unwrap();
        let c = dir.path().join("c.csv");
        fs::write(&c, "x").unwrap();
        let id = FileId::of_path(&a).unwrap();
        assert_eq!(FileId::of_path(&b), Some(id.clone()));
        assert_ne!(FileId::of_path(&c), Some(id.clone()));
        assert_eq!(FileId::of_file(&File::open(&b).unwrap(), Some(&b)), Some(id.clone()));
        assert_eq!(FileId::of_path(&dir.path().join("none")), None);
        assert_eq!(FileId::of_path(dir.path()), None, "a directory has no FileId");
        #[cfg(unix)]
        {
            let l = dir.path().join("l.csv");
            std::os::unix::fs::symlink("a.csv", &l).unwrap();
            assert_eq!(FileId::of_path(&l), Some(id));
        }
    }

    #[cfg(unix)]
    #[test]
    fn resolve_follows_links_even_to_a_file_not_there_yet() {
        let dir = tempfile::tempdir().unwrap();
        let link = dir.path().join("out.csv");
        std::os::unix::fs::symlink("sub/real.csv", &link).unwrap();
        assert_eq!(resolve_links(&link).unwrap(), dir.path().join("sub/real.csv"));
        let plain = dir.path().join("plain.csv");
        assert_eq!(resolve_links(&plain).unwrap(), plain);
        let lp = dir.path().join("loop");
        std::os::unix::fs::symlink("loop", &lp).unwrap();
        assert!(resolve_links(&lp).is_err());
    }

    #[cfg(unix)]
    #[test]
    fn a_replaced_file_keeps_its_permissions_and_a_new_one_gets_a_new_files() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let mode = |p: &Path| fs::metadata(p).unwrap().permissions().mode() & 0o777;
        let old = dir.path().join("old.csv");
        fs::write(&old, "old").unwrap();
        fs::set_permissions(&old, fs::Permissions::from_mode(0o640)).unwrap();
        let mut f = AtomicFile::create(&old).unwrap();
        f.file().write_all(b"new").unwrap();
        f.commit().unwrap();
        assert_eq!((fs::read_to_string(&old).unwrap().as_str(), mode(&old)), ("new", 0o640));
        // A new file: compare with one made by File::create under the same umask.
        let reference = dir.path().join("reference");
        File::create(&reference).unwrap();
        let new = dir.path().join("new.csv");
        let f = AtomicFile::create(&new).unwrap();
        f.commit().unwrap();
        assert_eq!(mode(&new), mode(&reference));
    }

    #[test]
    fn an_error_creating_the_temporary_file_does_not_name_it() {
        let dir = tempfile::tempdir().unwrap();
        // A directory that does not exist: the temporary file cannot be made there.
        let e = AtomicFile::create(&dir.path().join("none/out.csv")).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::NotFound);
        assert!(!e.to_string().contains("felt-tmp"), "{e}");
        assert!(!e.to_string().contains("at path"), "{e}");
    }

    #[test]
    fn a_directory_is_not_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let e = AtomicFile::create(dir.path()).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::IsADirectory);
    }
}
