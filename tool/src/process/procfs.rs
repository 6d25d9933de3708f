//! Reading `/proc`: what a process holds and has used, and the processes of a group.

use std::fs::{self, File};
use std::os::unix::fs::FileExt;

/// This process's peak resident memory since [`super::start`] last forgot it, in bytes (`VmHWM`); 0
/// if `/proc` does not say.
pub(super) fn own_peak_memory() -> u64 {
    let status = fs::read_to_string("/proc/self/status").unwrap_or_default();
    status_field(&status, "VmHWM:")
}

/// A size that `status`, of a `/proc/PROCESS/status`, gives in kilobytes after `field`, in
/// bytes; 0 if it does not say.
pub(super) fn status_field(status: &str, field: &str) -> u64 {
    let kilobytes = status
        .lines()
        .find_map(|line| line.strip_prefix(field))
        .and_then(|rest| rest.trim().strip_suffix("kB"))
        .and_then(|number| number.trim().parse::<u64>().ok());
    kilobytes.unwrap_or(0) * 1024
}

/// A file of `/proc/PID/`, kept open while its process is watched and read again from its start
/// at each look: opened at each look, it would cost a lookup in `/proc` every time, a third of
/// the look.
pub(super) struct ProcFile {
    file: Option<File>,
    bytes: Vec<u8>,
}

impl ProcFile {
    pub(super) fn open(pid: libc::pid_t, name: &str) -> Self {
        Self {
            file: File::open(format!("/proc/{pid}/{name}")).ok(),
            bytes: Vec::new(),
        }
    }

    /// What the file says now; empty once the process is gone.
    pub(super) fn read(&mut self) -> &str {
        self.bytes.clear();
        if let Some(file) = &self.file {
            let mut chunk = [0; 4096];
            loop {
                match file.read_at(&mut chunk, self.bytes.len() as u64) {
                    Ok(0) => break,
                    Ok(read) => self.bytes.extend_from_slice(&chunk[..read]),
                    Err(_) => {
                        self.bytes.clear();
                        break;
                    }
                }
            }
        }
        std::str::from_utf8(&self.bytes).unwrap_or_default()
    }
}

/// The processes of process group `group`, found in `/proc`, the leader first (a pass over
/// `/proc`, since not every kernel lists a process's children).
pub(super) fn group_members(group: libc::pid_t) -> Vec<libc::pid_t> {
    let mut members = vec![group];
    let Ok(entries) = fs::read_dir("/proc") else {
        return members;
    };
    for entry in entries.flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|name| name.parse().ok())
        else {
            continue;
        };
        if pid != group && stat_fields(pid).is_some_and(|fields| fields.group == group) {
            members.push(pid);
        }
    }
    members
}

/// The fields of `/proc/PID/stat` that a run's watch and a dialogue's need.
pub(super) struct StatFields {
    /// `R` running, `S` asleep, `Z` a zombie, ...
    pub state: char,
    pub group: libc::pid_t,
    /// User and system time, of the process and of the children it waited for, in ticks.
    pub ticks: u64,
    pub resident_pages: u64,
}

/// `/proc/PID/stat`, read; None once the process is gone. (Read as [`ProcFile`] reads, for
/// `fs::read_to_string` first asks the file's size, a system call more: a look for a process
/// group reads the `stat` of every process.)
pub(super) fn stat_fields(pid: libc::pid_t) -> Option<StatFields> {
    parse_stat(ProcFile::open(pid, "stat").read())
}

/// The fields of `stat`, a `/proc/PID/stat`; None if it is not one (empty, once the process is
/// gone).
pub(super) fn parse_stat(stat: &str) -> Option<StatFields> {
    // The command's name, in parentheses, may hold spaces and parentheses itself: the fields
    // counted here come after its last `)`, the first of them being field 3, the state. They
    // are taken in order, each number after the one before.
    let mut fields = stat[stat.rfind(')')? + 1..].split_ascii_whitespace();
    let state = fields.next()?.chars().next()?;
    let mut next = 4;
    let mut field = |number: usize| {
        let value = fields.nth(number - next)?.parse::<i64>().ok();
        next = number + 1;
        value
    };
    let group = libc::pid_t::try_from(field(5)?).ok()?;
    let ticks = (14..=17).map(&mut field).sum::<Option<i64>>()?;
    Some(StatFields {
        state,
        group,
        ticks: u64::try_from(ticks).ok()?,
        resident_pages: u64::try_from(field(24)?).ok()?,
    })
}

/// Where the stack of process `pid` starts (`[stack]` in `/proc/PID/maps`), the address it
/// grows down from; None if `/proc` does not say.
pub(super) fn stack_start(pid: libc::pid_t) -> Option<u64> {
    let maps = fs::read_to_string(format!("/proc/{pid}/maps")).unwrap_or_default();
    maps.lines()
        .find(|line| line.ends_with("[stack]"))
        .and_then(|line| line.split('-').next())
        .and_then(|start| u64::from_str_radix(start, 16).ok())
}
