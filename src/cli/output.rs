//! The output files of every subcommand, checked and written in one place.
//!
//! Before anything is written, [`Files`] refuses an output that is one of the command's inputs
//! under any name (the same path, a hard or symbolic link, standard input or output redirected
//! from it), and two outputs of one command that are one file (`--svg` and `--html` naming the
//! same picture). A regular file is then written under a temporary name beside it and renamed
//! into place only when complete ([`Output`]); a device or a named pipe (`/dev/null`) is written
//! as it comes. Messages name the path the user gave, never the temporary file.

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Context;
use feltkit::batch::{resolve_links, AtomicFile, FileId};

/// What one command reads and writes, checked before it writes anything.
#[derive(Debug, Default)]
pub struct Files {
    /// The inputs that are regular files, with their names in messages.
    inputs: Vec<(FileId, String)>,
    /// The outputs so far.
    outputs: Vec<Planned>,
}

/// An output file to be written.
#[derive(Debug)]
struct Planned {
    /// Where writing reaches: symbolic links followed, the directory made canonical.
    place: PathBuf,
    /// Its identity, when it is a regular file already.
    id: Option<FileId>,
    /// Its name in messages (`--svg out.svg`).
    name: String,
}

impl Files {
    /// Nothing read or written yet.
    pub fn new() -> Files {
        Files::default()
    }

    /// Records an input path (`-`: standard input) that no output may be.
    pub fn input(&mut self, path: &Path) {
        if path.as_os_str() == "-" {
            self.input_id(FileId::of_stdin(), "standard input".to_string());
        } else {
            self.input_id(FileId::of_path(path), format!("the input {}", path.display()));
        }
    }

    /// Records an input already open, by its identity (`None`: not a regular file).
    pub fn input_id(&mut self, id: Option<FileId>, name: String) {
        if let Some(id) = id {
            self.inputs.push((id, name));
        }
    }

    /// Refuses standard output when it is redirected to one of the inputs (`>> in.csv`).
    pub fn stdout(&self) -> anyhow::Result<()> {
        self.refuse_input(FileId::of_stdout().as_ref(), "standard output")
    }

    /// Checks one more output file, called `name` in messages (`--svg out.svg`, `the output
    /// out.csv`): not an input, not an output already given.
    pub fn output(&mut self, path: &Path, name: &str) -> anyhow::Result<()> {
        let id = FileId::of_path(path);
        self.refuse_input(id.as_ref(), name)?;
        let place = place(path).with_context(|| format!("{name}: cannot be written"))?;
        // Devices and named pipes (`/dev/null`) can take several outputs: nothing is replaced.
        let special = std::fs::metadata(&place).is_ok_and(|m| !m.is_file() && !m.is_dir());
        if !special {
            let same =
                self.outputs.iter().find(|o| o.place == place || (id.is_some() && o.id == id));
            if let Some(o) = same {
                anyhow::bail!("{} and {name} are the same file: give each its own file", o.name);
            }
        }
        self.outputs.push(Planned { place, id, name: name.to_string() });
        Ok(())
    }

    fn refuse_input(&self, output: Option<&FileId>, name: &str) -> anyhow::Result<()> {
        let Some(output) = output else { return Ok(()) };
        if let Some((_, input)) = self.inputs.iter().find(|(id, _)| id == output) {
            anyhow::bail!(
                "{name} and {input} are the same file: writing the results there would destroy \
                 the input; choose another output file"
            );
        }
        Ok(())
    }
}

/// Where writing to `path` lands, comparable between two paths: symbolic links followed and the
/// directory made canonical (`out.svg` and `./out.svg` are one place).
fn place(path: &Path) -> std::io::Result<PathBuf> {
    let real = resolve_links(path)?;
    let (Some(dir), Some(name)) = (real.parent(), real.file_name()) else { return Ok(real) };
    let dir = if dir.as_os_str().is_empty() { Path::new(".") } else { dir };
    Ok(match std::fs::canonicalize(dir) {
        Ok(dir) => dir.join(name),
        Err(_) => real,
    })
}

/// An output file being written.
#[derive(Debug)]
pub struct Output {
    sink: Sink,
    /// Its name in messages.
    name: String,
}

#[derive(Debug)]
enum Sink {
    /// A file that is not a regular file (`/dev/null`, a named pipe), written as it comes.
    Stream(File),
    /// A regular file, replaced when complete.
    Replace(AtomicFile),
}

impl Output {
    /// Opens `path` for writing, called `name` in messages: a regular file (or none yet) under a
    /// temporary name beside it (through symbolic links: the link is kept, its target
    /// replaced), anything else as it is.
    pub fn create(path: &Path, name: &str) -> anyhow::Result<Output> {
        let real = match std::fs::metadata(path) {
            Ok(m) if m.is_dir() => anyhow::bail!("{name} is a directory"),
            Ok(m) if !m.is_file() => {
                let file =
                    File::create(path).with_context(|| format!("{name}: cannot be opened"))?;
                return Ok(Output { sink: Sink::Stream(file), name: name.to_string() });
            }
            Ok(_) => std::fs::canonicalize(path),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => resolve_links(path),
            Err(e) => Err(e),
        };
        let real = real.with_context(|| format!("{name}: cannot be written"))?;
        let file = interrupt::create(|| AtomicFile::create(&real))
            .with_context(|| format!("{name}: cannot be created"))?;
        Ok(Output { sink: Sink::Replace(file), name: name.to_string() })
    }

    /// The file to write to (the temporary file of a regular one).
    pub fn file(&mut self) -> &mut File {
        match &mut self.sink {
            Sink::Stream(f) => f,
            Sink::Replace(a) => a.file(),
        }
    }

    /// Writes `bytes` to the file; an error names the file.
    pub fn write_all(&mut self, bytes: &[u8]) -> anyhow::Result<()> {
        self.file().write_all(bytes).with_context(|| format!("{}: not written", self.name))
    }

    /// Puts the complete file in place.
    pub fn commit(self) -> anyhow::Result<()> {
        let name = self.name;
        match self.sink {
            Sink::Stream(mut f) => f.flush().with_context(|| format!("{name}: cannot be written")),
            Sink::Replace(a) => interrupt::finish(|| a.commit())
                .with_context(|| format!("{name}: cannot be written")),
        }
    }

    /// Gives up: the temporary file is removed, a file already there left as it was.
    pub fn abandon(self) {
        if let Sink::Replace(a) = self.sink {
            interrupt::finish(|| drop(a));
        }
    }
}

/// Writes `bytes` to `path` (checked already with [`Files::output`]) whole or not at all.
pub fn write_whole(path: &Path, name: &str, bytes: &[u8]) -> anyhow::Result<()> {
    let mut out = Output::create(path, name)?;
    match out.write_all(bytes) {
        Ok(()) => out.commit(),
        Err(e) => {
            out.abandon();
            Err(e)
        }
    }
}

/// Removing the temporary output file when the process is interrupted.
#[cfg(unix)]
pub(super) mod interrupt {
    use std::io;
    use std::path::PathBuf;
    use std::sync::{Mutex, MutexGuard, Once};

    use feltkit::batch::AtomicFile;

    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    use signal_hook::iterator::Signals;
    use signal_hook::low_level::emulate_default_handler;

    /// The temporary file to remove on a signal, while there is one.
    static PENDING: Mutex<Option<PathBuf>> = Mutex::new(None);

    fn pending() -> MutexGuard<'static, Option<PathBuf>> {
        PENDING.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Whether `signal` was ignored when the process started (`nohup`, a shell's background
    /// job): such a signal must stay ignored. Read from Linux's `/proc/self/status`; where that
    /// cannot be read, no signal counts as ignored.
    fn ignored_at_start(signal: i32) -> bool {
        let Ok(status) = std::fs::read_to_string("/proc/self/status") else { return false };
        let mask = status
            .lines()
            .find_map(|l| l.strip_prefix("SigIgn:"))
            .and_then(|m| u64::from_str_radix(m.trim(), 16).ok())
            .unwrap_or(0);
        (1..=64).contains(&signal) && mask >> (signal - 1) & 1 == 1
    }

    /// Creates the temporary output file with `create` and removes it if SIGINT, SIGTERM or
    /// SIGHUP arrives before [`finish`], then ends the process as the signal would have (its
    /// exit status still says which signal). The handler is in place before the file exists,
    /// and a signal that arrives while it is being created waits for its name. Signals ignored
    /// at start stay ignored. If the handler cannot be installed, the run goes on without it:
    /// the target is safe either way, only the temporary file may be left.
    pub fn create(create: impl FnOnce() -> io::Result<AtomicFile>) -> io::Result<AtomicFile> {
        static INSTALL: Once = Once::new();
        INSTALL.call_once(|| {
            let wanted: Vec<i32> =
                [SIGINT, SIGTERM, SIGHUP].into_iter().filter(|&s| !ignored_at_start(s)).collect();
            let Ok(mut signals) = Signals::new(&wanted) else { return };
            let spawned =
                std::thread::Builder::new().name("felt-signals".into()).spawn(move || {
                    if let Some(signal) = signals.forever().next() {
                        // Hold the lock to the end, so that `finish` cannot rename the file now.
                        let mut guard = pending();
                        if let Some(temp) = guard.take() {
                            let _ = std::fs::remove_file(temp);
                        }
                        let _ = emulate_default_handler(signal);
                        drop(guard);
                    }
                });
            drop(spawned);
        });
        let mut guard = pending();
        let file = create()?;
        *guard = Some(file.temp_path().to_path_buf());
        Ok(file)
    }

    /// Runs `op` (the rename into place, or the removal) with no signal handling in between,
    /// then forgets the temporary file.
    pub fn finish<R>(op: impl FnOnce() -> R) -> R {
        let mut guard = pending();
        let r = op();
        *guard = None;
        r
    }
}

/// Without Unix signals: an interrupted run may leave its temporary file (never a partial
/// output).
#[cfg(not(unix))]
pub(super) mod interrupt {
    /// Runs `create`.
    pub fn create(
        create: impl FnOnce() -> std::io::Result<feltkit::batch::AtomicFile>,
    ) -> std::io::Result<feltkit::batch::AtomicFile> {
        create()
    }

    /// Runs `op`.
    pub fn finish<R>(op: impl FnOnce() -> R) -> R {
        op()
    }
}
