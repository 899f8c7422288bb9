//! What a sandboxed program may read: its own folder (the `bot.toml`
//! folder, or the folder of the script or program named on its command
//! line), the folders its interpreter is installed in, the system folders
//! a runtime needs to start (libraries, a few named files of `/etc`,
//! `/proc`, `/sys`), and the folders the run adds (`--engine-read`).
//!
//! Not readable: the rest of `/etc` (so not `/etc/shadow`, even for root),
//! home folders, other submissions, and everything else. A program named
//! by a path (as a `bot.toml` may name one) makes only its own file
//! readable, never the folders around it, except a Python venv's
//! interpreter (`VENV/bin/python` beside a `VENV/pyvenv.cfg`), which also
//! makes the venv and its base interpreter's install folder readable; a
//! script's folder is never `/` or the home folder.

use std::path::{Path, PathBuf};

/// System folders every runtime may read and execute from.
const SYSTEM: &[&str] = &[
    "/usr", "/lib", "/lib32", "/lib64", "/libx32", "/bin", "/sbin", "/proc", "/sys",
];

/// Entries of `/etc` a runtime may read: the dynamic linker's, time zones,
/// users and groups (some runtimes look up their own user), and the
/// `alternatives` links through which Debian installs java and node.
const ETC: &[&str] = &[
    "ld.so.cache",
    "ld.so.conf",
    "ld.so.conf.d",
    "ld.so.preload",
    "alternatives",
    "localtime",
    "timezone",
    "passwd",
    "group",
    "nsswitch.conf",
    "mime.types",
];

/// Prefixes of `/etc` entries kept for the runtimes that configure
/// themselves there (`/etc/java-21-openjdk`, `/etc/python3.11`, `/etc/node…`).
const ETC_PREFIXES: &[&str] = &["java", "python", "node", "ruby", "perl", "mono"];

/// Nested files of `/etc` a runtime reads at start (Node reads OpenSSL's
/// configuration; the certificates are public), without the rest of
/// `/etc/ssl`, whose `private` folder holds the host's keys.
const ETC_FILES: &[&str] = &["/etc/ssl/openssl.cnf", "/etc/ssl/certs"];

/// Device files a program may read and write (`/dev/null` and friends).
pub const DEVICES: &[&str] = &[
    "/dev/null",
    "/dev/zero",
    "/dev/full",
    "/dev/random",
    "/dev/urandom",
];

/// The folders and files a program started as `program` with `args` in
/// `dir` (chainlab's own folder when `None`) may read, each existing and
/// absolute: its own folders, its interpreter's, the system's and `extra`.
pub fn readable_folders(
    program: &Path,
    args: &[String],
    dir: Option<&Path>,
    extra: &[PathBuf],
) -> Vec<PathBuf> {
    let base = dir.map_or_else(
        || std::env::current_dir().unwrap_or_default(),
        Path::to_path_buf,
    );
    let mut out: Vec<PathBuf> = Vec::new();
    // Its own folder: the manifest's; or that of the script it names (the
    // first argument naming a file, or a folder such as java's "-cp ."
    // names); or the program's own, when it is named by a path.
    if let Some(dir) = dir {
        out.push(dir.to_path_buf());
    } else if let Some(own) = own_folder(program, args, &base) {
        out.push(own);
    }
    // The interpreter: found on PATH (the teacher's own setting), its
    // install folder; named by a path (which a bot.toml may choose), the
    // file itself only, never the folders around it.
    let on_path = program.components().count() == 1 && !program.is_absolute();
    if let Some(found) = find_program(program, &base) {
        if on_path {
            out.extend(install_folder(&found));
            if let Ok(real) = found.canonicalize() {
                out.extend(install_folder(&real));
            }
        } else {
            out.extend(virtual_env(&found));
            out.push(found);
        }
    }
    out.extend(SYSTEM.iter().map(PathBuf::from));
    out.extend(etc_entries());
    out.extend(ETC_FILES.iter().map(PathBuf::from));
    out.extend(extra.iter().cloned());
    let mut kept: Vec<PathBuf> = out
        .into_iter()
        .filter_map(|p| p.canonicalize().ok())
        .collect();
    kept.sort();
    kept.dedup();
    kept
}

/// The folder of the script a command line names (the first argument that
/// is an existing file, or the folder after java's `-cp`), else of the
/// program when it is named by a path; never `/` or the home folder.
fn own_folder(program: &Path, args: &[String], base: &Path) -> Option<PathBuf> {
    let mut after_classpath = false;
    let mut named = None;
    for arg in args {
        let path = base.join(arg);
        if after_classpath && path.is_dir() {
            named = Some(path);
            break;
        }
        after_classpath = matches!(arg.as_str(), "-cp" | "-classpath" | "--class-path");
        if !arg.starts_with('-') && path.is_file() {
            named = path.parent().map(Path::to_path_buf);
            break;
        }
    }
    let named = named.or_else(|| {
        (program.components().count() > 1)
            .then(|| base.join(program).parent().map(Path::to_path_buf))
            .flatten()
    })?;
    let home = std::env::var_os("HOME").map(PathBuf::from);
    let real = named.canonicalize().unwrap_or_else(|_| named.clone());
    let too_wide =
        real.parent().is_none() || home.is_some_and(|h| h.canonicalize().unwrap_or(h) == real);
    (!too_wide).then_some(named)
}

/// The program's file: `program` itself when it names a path, else the
/// first match on `PATH`.
pub fn find_program(program: &Path, base: &Path) -> Option<PathBuf> {
    if program.components().count() > 1 || program.is_absolute() {
        let path = base.join(program);
        return path.is_file().then_some(path);
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| base.join(dir).join(program))
        .find(|candidate| candidate.is_file())
}

/// The folder an interpreter is installed in: `…/PREFIX` for
/// `…/PREFIX/bin/prog` or `…/PREFIX/shims/prog` (pyenv, rbenv), else the
/// program's own folder; never `/` or the home folder itself.
fn install_folder(program: &Path) -> Option<PathBuf> {
    let parent = program.parent()?;
    let name = parent.file_name()?.to_string_lossy();
    let home = std::env::var_os("HOME").map(PathBuf::from);
    let candidate = match parent.parent() {
        Some(grand) if name == "bin" || name == "shims" => grand,
        _ => parent,
    };
    let too_wide = candidate.parent().is_none() || Some(candidate) == home.as_deref();
    Some(if too_wide { parent } else { candidate }.to_path_buf())
        .filter(|p| p.parent().is_some() && Some(p.as_path()) != home.as_deref())
}

/// A Python virtual environment's interpreter, `VENV/bin/python` with a
/// `VENV/pyvenv.cfg`: the venv (its packages) and the install folder of the
/// interpreter it was made from (its standard library: the link's target,
/// or the `home` the file names when the venv holds a copy). Nothing for
/// any other program.
fn virtual_env(program: &Path) -> Vec<PathBuf> {
    let Some(venv) = program.parent().and_then(Path::parent) else {
        return Vec::new();
    };
    let Ok(config) = std::fs::read_to_string(venv.join("pyvenv.cfg")) else {
        return Vec::new();
    };
    let mut out = vec![venv.to_path_buf()];
    if let Ok(real) = program.canonicalize() {
        out.extend(install_folder(&real));
    }
    let home = config.lines().find_map(|line| {
        let (key, value) = line.split_once('=')?;
        (key.trim() == "home").then(|| PathBuf::from(value.trim()))
    });
    if let Some(home) = home.filter(|h| h.is_absolute()) {
        out.extend(install_folder(&home.join("python")));
    }
    out
}

/// The entries of `/etc` named in [`ETC`] or starting with one of [`ETC_PREFIXES`].
fn etc_entries() -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir("/etc") else {
        return Vec::new();
    };
    entries
        .filter_map(Result::ok)
        .filter(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            ETC.contains(&name.as_str()) || ETC_PREFIXES.iter().any(|p| name.starts_with(p))
        })
        .map(|e| e.path())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_script_gives_its_folder_and_not_its_siblings() {
        let dir = std::env::temp_dir().join(format!("chainlab-paths-{}", std::process::id()));
        let bot = dir.join("alice");
        std::fs::create_dir_all(&bot).unwrap();
        std::fs::write(bot.join("bot.py"), "").unwrap();
        std::fs::write(dir.join("secret.txt"), "").unwrap();
        let script = bot.join("bot.py").display().to_string();
        let secret = dir.join("secret.txt").display().to_string();
        let read = readable_folders(Path::new("python3"), &[script, secret], None, &[]);
        let dir = dir.canonicalize().unwrap();
        assert!(!read.contains(&dir), "{read:?}");
        assert!(read.contains(&dir.join("alice")), "{read:?}");
        assert!(read.contains(&PathBuf::from("/usr")));
        assert!(!read.iter().any(|p| p == Path::new("/etc")), "{read:?}");
        assert!(!read.iter().any(|p| p == Path::new("/")), "{read:?}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_venvs_interpreter_gives_the_venv_and_its_base_install() {
        let dir = std::env::temp_dir().join(format!("chainlab-venv-{}", std::process::id()));
        let base = dir.join("pythons/3.11/bin");
        let venv = dir.join("course/venv");
        std::fs::create_dir_all(&base).unwrap();
        std::fs::create_dir_all(venv.join("bin")).unwrap();
        std::fs::write(base.join("python3.11"), "").unwrap();
        std::os::unix::fs::symlink(base.join("python3.11"), venv.join("bin/python")).unwrap();
        let home = format!("home = {}\n", base.display());
        std::fs::write(venv.join("pyvenv.cfg"), home).unwrap();
        let python = venv.join("bin/python");
        let read = readable_folders(&python, &[], None, &[]);
        let dir = dir.canonicalize().unwrap();
        assert!(read.contains(&dir.join("course/venv")), "{read:?}");
        assert!(read.contains(&dir.join("pythons/3.11")), "{read:?}");
        assert!(!read.contains(&dir.join("course")), "{read:?}");
        assert!(!read.contains(&dir.join("pythons")), "{read:?}");
        // Without pyvenv.cfg, a program named by a path gives itself only.
        std::fs::remove_file(venv.join("pyvenv.cfg")).unwrap();
        let read = readable_folders(&python, &[], None, &[]);
        assert!(!read.contains(&dir.join("course/venv")), "{read:?}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
