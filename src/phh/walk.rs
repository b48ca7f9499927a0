//! The hand files below a path, in name order, found while the directories are read (one
//! directory's listing in memory per level, however many files): `.phh` and `.phhs` files, and
//! `.txt`, `.log` and `.xml` files whose first 64 KiB start as a site's hand histories
//! (PokerStars text, iPoker XML or an ACPC match log: the caller says how to tell, as
//! `feltkit::import::is_site_text` does).
//!
//! Below a directory only regular files are read: a FIFO, socket or device named like a hand
//! file is skipped (reading a FIFO with no writer would wait forever); named by the caller, it
//! is read as a stream.
//!
//! Links: a path named by the caller is followed wherever it leads. Below it, links to files
//! are read like files; links to directories are not followed unless asked, and then each
//! directory is entered once, however many links lead to it: a link back to a directory above
//! (a loop) or a second link to one already read is reported and skipped.
//!
//! ```
//! use feltkit::phh::walk::{walk, Found};
//! let dir = std::env::temp_dir().join(format!("feltkit-walk-doc-{}", std::process::id()));
//! std::fs::create_dir_all(dir.join("b")).unwrap();
//! std::fs::write(dir.join("b/2.phh"), "").unwrap();
//! std::fs::write(dir.join("1.phhs"), "").unwrap();
//! std::fs::write(dir.join("notes.txt"), "").unwrap();
//! std::fs::write(dir.join("c.txt"), "PokerStars Hand #1: Hold'em No Limit (1/2)\n").unwrap();
//! let found: Vec<Found> = walk(&dir, false, feltkit::import::is_site_text).collect();
//! let files = ["1.phhs", "b/2.phh", "c.txt"].map(|f| Found::File(dir.join(f)));
//! assert_eq!(found, files);
//! std::fs::remove_dir_all(&dir).unwrap();
//! ```

use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// One thing found below a path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found {
    /// A hand file to read (or the path itself, when it is not a directory).
    File(PathBuf),
    /// A path that cannot be read, and why.
    Unreadable(PathBuf, String),
    /// A directory with no hand files in it or below.
    NoHands(PathBuf),
    /// A directory link that is not followed, or a file that is not a regular file (a FIFO, a
    /// socket, a device), and why it is skipped.
    Skipped(PathBuf, String),
}

/// Walks `path`: see the [module](self) documentation. With `follow`, links to directories
/// are followed too. A `.txt` or `.log` file is a hand file when `site_text` says the first
/// 64 KiB of it start as a site's hand histories.
pub fn walk(path: &Path, follow: bool, site_text: fn(&[u8]) -> bool) -> Walk {
    Walk {
        site_text,
        root: Some(path.to_path_buf()),
        root_dir: None,
        stack: Vec::new(),
        follow,
        entered: HashSet::new(),
        files: 0,
    }
}

/// The hand files below a path, found lazily: see [`walk`].
pub struct Walk {
    /// Whether the start of a file is a site's hand histories.
    site_text: fn(&[u8]) -> bool,
    /// The path, until it is looked at.
    root: Option<PathBuf>,
    /// The path, when it is a directory (to say it had no hand files).
    root_dir: Option<PathBuf>,
    /// The entries still to look at in each directory being read, innermost last.
    stack: Vec<std::vec::IntoIter<PathBuf>>,
    follow: bool,
    /// Directories entered (as the system names them), when following links.
    entered: HashSet<PathBuf>,
    /// Hand files found so far.
    files: usize,
}

/// Whether a name is one that [`is_hand_file`] looks at: `.phh`, `.phhs`, `.txt`, `.log` or
/// `.xml`.
fn has_hand_extension(path: &Path) -> bool {
    let ext = path.extension().and_then(|x| x.to_str()).map(str::to_ascii_lowercase);
    matches!(ext.as_deref(), Some("phh" | "phhs" | "txt" | "log" | "xml"))
}

/// Whether a file holds hands: `.phh` and `.phhs` files by their name, `.txt`, `.log` and
/// `.xml` files when they start as a site's hand histories.
fn is_hand_file(path: &Path, site_text: fn(&[u8]) -> bool) -> bool {
    let ext = path.extension().and_then(|x| x.to_str()).map(str::to_ascii_lowercase);
    match ext.as_deref() {
        Some("phh" | "phhs") => true,
        Some("txt" | "log" | "xml") => starts_as_site_text(path, site_text),
        _ => false,
    }
}

/// Whether the first 64 KiB of a file are PokerStars text or an ACPC log.
fn starts_as_site_text(path: &Path, site_text: fn(&[u8]) -> bool) -> bool {
    use std::io::Read;
    let Ok(file) = std::fs::File::open(path) else { return false };
    let mut head = Vec::with_capacity(8192);
    file.take(64 << 10).read_to_end(&mut head).is_ok() && site_text(&head)
}

impl Iterator for Walk {
    type Item = Found;

    fn next(&mut self) -> Option<Found> {
        if let Some(root) = self.root.take() {
            match std::fs::metadata(&root) {
                Err(e) => return Some(Found::Unreadable(root, e.to_string())),
                Ok(m) if !m.is_dir() => {
                    self.files += 1;
                    return Some(Found::File(root));
                }
                Ok(_) => {
                    if let Some(found) = self.enter(&root) {
                        return Some(found);
                    }
                    self.root_dir = Some(root);
                }
            }
        }
        while let Some(entries) = self.stack.last_mut() {
            let Some(path) = entries.next() else {
                self.stack.pop();
                continue;
            };
            let Ok(link) = std::fs::symlink_metadata(&path) else { continue };
            let is_link = link.file_type().is_symlink();
            // A link is judged by what it leads to; a broken link to a hand file is unreadable.
            let meta = if is_link { std::fs::metadata(&path) } else { Ok(link) };
            let meta = match meta {
                Ok(m) => m,
                Err(e) if is_hand_file(&path, self.site_text) => {
                    return Some(Found::Unreadable(path, e.to_string()))
                }
                Err(_) => continue,
            };
            if meta.is_dir() {
                if is_link && !self.follow {
                    let why = "a link to a directory: not followed (--follow follows links)";
                    return Some(Found::Skipped(path, why.into()));
                }
                if let Some(found) = self.enter(&path) {
                    return Some(found);
                }
            } else if !meta.is_file() {
                // A FIFO, socket or device: reading it could wait forever (a FIFO with no
                // writer) or never end. Only a name that would be read is worth a note.
                if has_hand_extension(&path) {
                    let why = "not a regular file (a FIFO, socket or device): skipped; name it \
                               on the command line to read it as a stream";
                    return Some(Found::Skipped(path, why.into()));
                }
            } else if is_hand_file(&path, self.site_text) {
                self.files += 1;
                return Some(Found::File(path));
            }
        }
        match self.root_dir.take() {
            Some(root) if self.files == 0 => Some(Found::NoHands(root)),
            _ => None,
        }
    }
}

impl Walk {
    /// Starts reading a directory; says why not when it cannot be.
    fn enter(&mut self, dir: &Path) -> Option<Found> {
        if self.follow {
            match std::fs::canonicalize(dir) {
                Ok(real) if !self.entered.insert(real.clone()) => {
                    let why = format!(
                        "leads to {}, which is already being read or was read: a loop or a \
                         second link, not followed again",
                        real.display()
                    );
                    return Some(Found::Skipped(dir.to_path_buf(), why));
                }
                Ok(_) => {}
                Err(e) => return Some(Found::Unreadable(dir.to_path_buf(), e.to_string())),
            }
        }
        let entries = match std::fs::read_dir(dir) {
            Ok(entries) => entries,
            Err(e) => return Some(Found::Unreadable(dir.to_path_buf(), e.to_string())),
        };
        let mut paths = Vec::new();
        for entry in entries {
            match entry {
                Ok(e) => paths.push(e.path()),
                Err(e) => return Some(Found::Unreadable(dir.to_path_buf(), e.to_string())),
            }
        }
        paths.sort();
        self.stack.push(paths.into_iter());
        None
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::symlink;

    fn tempdir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("feltkit-walk-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// A new directory for a test holding `files` (path below it, text), its folders made.
    fn tempdir_with(name: &str, files: &[(&str, &str)]) -> PathBuf {
        let dir = tempdir(name);
        for (path, text) in files {
            let path = dir.join(path);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
        dir
    }

    /// A site's text, for these tests: it starts `hands`.
    fn hands_text(head: &[u8]) -> bool {
        head.starts_with(b"hands")
    }

    #[test]
    fn a_text_file_is_a_hand_file_when_the_caller_says_it_starts_as_hands() {
        let files = [("a.txt", "hands\n"), ("b.log", "notes\n"), ("c.txt", "notes\n")];
        let dir = tempdir_with("text", &files);
        assert_eq!(
            walk(&dir, false, hands_text).collect::<Vec<_>>(),
            [Found::File(dir.join("a.txt"))]
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn directory_links_are_skipped_unless_followed_and_loops_end() {
        let dir = tempdir_with("links", &[("a/1.phh", "")]);
        symlink(&dir, dir.join("a/up")).unwrap();
        symlink(dir.join("a"), dir.join("b")).unwrap();
        symlink(dir.join("a/1.phh"), dir.join("c.phh")).unwrap();
        symlink(dir.join("gone.phh"), dir.join("d.phh")).unwrap();
        let found: Vec<Found> = walk(&dir, false, hands_text).collect();
        assert_eq!(found.len(), 5, "{found:?}");
        assert_eq!(found[0], Found::File(dir.join("a/1.phh")));
        assert!(matches!(&found[1], Found::Skipped(p, _) if *p == dir.join("a/up")));
        assert!(matches!(&found[2], Found::Skipped(p, _) if *p == dir.join("b")));
        assert_eq!(found[3], Found::File(dir.join("c.phh")));
        assert!(matches!(&found[4], Found::Unreadable(p, _) if *p == dir.join("d.phh")));
        // Followed: the loop back up and the second link to `a` are each skipped once.
        let found: Vec<Found> = walk(&dir, true, hands_text).collect();
        let files = found.iter().filter(|f| matches!(f, Found::File(_))).count();
        let skipped = found.iter().filter(|f| matches!(f, Found::Skipped(..))).count();
        assert_eq!((files, skipped), (2, 2), "{found:?}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_directory_without_hand_files_says_so_once() {
        let dir = tempdir_with("empty", &[("sub/notes.txt", "")]);
        assert_eq!(
            walk(&dir, false, hands_text).collect::<Vec<_>>(),
            [Found::NoHands(dir.clone())]
        );
        let missing = dir.join("missing");
        assert!(matches!(
            &walk(&missing, false, hands_text).collect::<Vec<_>>()[..],
            [Found::Unreadable(..)]
        ));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
