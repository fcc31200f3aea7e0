//! The CPU time and resident memory of processes, read from Linux's `/proc`: the
//! relay's nginx processes and this one.

use std::time::{Duration, Instant};

/// A process to watch.
#[derive(Clone, Copy, Debug)]
pub enum Process {
    This,
    Pid(u32),
}

impl Process {
    fn read(self, file: &str) -> Option<String> {
        let path = match self {
            Process::This => format!("/proc/self/{file}"),
            Process::Pid(pid) => format!("/proc/{pid}/{file}"),
        };
        std::fs::read_to_string(path).ok()
    }

    /// The fields of its `stat` after the command's name (which may hold spaces):
    /// the state first, then the parent's pid, ... (proc(5)'s fields 3 and on).
    fn stat(self) -> Option<Vec<u64>> {
        let stat = self.read("stat")?;
        let after_name = stat.rsplit_once(')')?.1;
        // The state, a letter, reads as 0.
        Some(
            after_name
                .split_whitespace()
                .map(|f| f.parse().unwrap_or(0))
                .collect(),
        )
    }

    /// CPU time so far (user and system), s; None where it cannot be read (another
    /// system, a process gone).
    fn cpu_s(self) -> Option<f64> {
        let stat = self.stat()?;
        // utime and stime, proc(5)'s fields 14 and 15.
        let ticks = stat.get(11)? + stat.get(12)?;
        // SAFETY: sysconf reads a constant of the system.
        let per_second = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
        (per_second > 0).then(|| ticks as f64 / per_second as f64)
    }

    /// Resident memory now, KiB.
    fn rss_kib(self) -> Option<u64> {
        let status = self.read("status")?;
        let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
        line.split_whitespace().nth(1)?.parse().ok()
    }
}

/// What a group of processes used over a stretch of time.
#[derive(Clone, Copy, Debug)]
pub struct Usage {
    /// CPU time over the stretch, s.
    pub cpu_s: f64,
    pub wall: Duration,
    /// The most resident memory seen (the group's sum at one look), KiB.
    pub peak_rss_kib: u64,
}

impl Usage {
    /// CPU time as a share of one core over the stretch, %.
    pub fn cpu_percent(&self) -> f64 {
        100.0 * self.cpu_s / self.wall.as_secs_f64().max(1e-9)
    }
}

/// Watches a group of processes from `start` on: looked at now and then for their
/// peak memory.
pub struct Meter {
    processes: Vec<Process>,
    started: Instant,
    cpu_at_start: f64,
    peak_rss_kib: u64,
}

impl Meter {
    pub fn start(processes: Vec<Process>) -> Meter {
        let mut meter = Meter {
            cpu_at_start: cpu_of(&processes),
            processes,
            started: Instant::now(),
            peak_rss_kib: 0,
        };
        meter.look();
        meter
    }

    /// Notes the group's resident memory now.
    pub fn look(&mut self) {
        let rss = self.processes.iter().filter_map(|p| p.rss_kib()).sum();
        self.peak_rss_kib = self.peak_rss_kib.max(rss);
    }

    /// What the group used since `start`.
    pub fn usage(&mut self) -> Usage {
        self.look();
        Usage {
            cpu_s: cpu_of(&self.processes) - self.cpu_at_start,
            wall: self.started.elapsed(),
            peak_rss_kib: self.peak_rss_kib,
        }
    }
}

fn cpu_of(processes: &[Process]) -> f64 {
    processes.iter().filter_map(|p| p.cpu_s()).sum()
}

/// The children of process `parent` (an nginx master's workers).
pub fn children(parent: u32) -> Vec<u32> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .filter_map(|e| e.ok()?.file_name().to_str()?.parse::<u32>().ok())
        // The parent's pid, proc(5)'s field 4.
        .filter(|&pid| {
            Process::Pid(pid).stat().and_then(|s| s.get(1).copied()) == Some(u64::from(parent))
        })
        .collect()
}
