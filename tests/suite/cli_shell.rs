//! `felt completions` and `felt man`: made from the command's own definitions.

use std::process::Command;

use assert_cmd::cargo::CommandCargoExt;

fn felt() -> Command {
    Command::cargo_bin("felt").unwrap()
}

/// Every subcommand `felt --help` lists, read from the help text itself.
fn subcommands() -> Vec<String> {
    let out = felt().arg("--help").output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let commands = text.split("Commands:").nth(1).unwrap().split("Options:").next().unwrap();
    let names: Vec<String> = commands
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .filter(|n| *n != "help")
        .map(str::to_string)
        .collect();
    assert!(names.len() >= 10, "{names:?}");
    names
}

#[test]
fn bash_completion_is_valid_bash_and_knows_every_subcommand_and_flag() {
    let out = felt().args(["completions", "bash"]).output().unwrap();
    assert!(out.status.success());
    let script = String::from_utf8(out.stdout).unwrap();
    for name in subcommands() {
        assert!(script.contains(&name), "{name} missing from the bash completion");
    }
    assert!(script.contains("--board") && script.contains("--check"));
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("felt.bash");
    std::fs::write(&path, &script).unwrap();
    let syntax = Command::new("bash").arg("-n").arg(&path).output().unwrap();
    assert!(syntax.status.success(), "{}", String::from_utf8_lossy(&syntax.stderr));
}

#[test]
fn every_shell_gets_a_script_and_an_unknown_shell_is_refused() {
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let out = felt().args(["completions", shell]).output().unwrap();
        assert!(out.status.success(), "{shell}");
        assert!(String::from_utf8(out.stdout).unwrap().contains("equity"), "{shell}");
    }
    let out = felt().args(["completions", "tcsh"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("invalid value 'tcsh'") && err.contains("bash"), "{err}");
}

#[test]
fn man_writes_one_page_per_subcommand_named_as_man_names_them() {
    let dir = tempfile::tempdir().unwrap();
    let out = felt().arg("man").arg("--out-dir").arg(dir.path()).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let mut files: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    files.sort();
    let mut expected: Vec<String> =
        subcommands().iter().map(|n| format!("felt-{n}.1")).chain(["felt.1".into()]).collect();
    expected.sort();
    assert_eq!(files, expected);
    let equity = std::fs::read_to_string(dir.path().join("felt-equity.1")).unwrap();
    assert!(equity.contains(".TH felt-equity 1"), "{}", &equity[..200]);
    assert!(equity.contains("\\-\\-board"));
    let top = felt().arg("man").output().unwrap();
    assert_eq!(top.stdout, std::fs::read(dir.path().join("felt.1")).unwrap());
}

#[test]
fn man_refuses_an_out_dir_that_is_not_a_directory() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("f");
    std::fs::write(&file, "keep").unwrap();
    let out = felt().arg("man").arg("--out-dir").arg(&file).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr).unwrap().contains("not a directory"));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "keep");
}
