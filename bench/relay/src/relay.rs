//! The relay the benchmark starts for itself: nginx with nchan, by `server/relay.sh`, on
//! a free port of 127.0.0.1 in a folder of its own, stopped (and waited for) when
//! dropped; and its processes, whose CPU and memory are measured.

use crate::error::BenchError;
use crate::usage::{Process, children};
use crate::wire::Endpoint;
use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

/// How long the relay has to open its port, and to stop.
const PATIENCE: Duration = Duration::from_secs(5);

/// A relay this process started.
pub struct OwnRelay {
    pub endpoint: Endpoint,
    dir: PathBuf,
    master: u32,
}

fn script() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../server/relay.sh")
}

impl OwnRelay {
    /// The relay on a free port of 127.0.0.1.
    pub fn start() -> Result<OwnRelay, BenchError> {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map_err(BenchError::io("finding a free port on 127.0.0.1"))?
            .port();
        let listen = format!("127.0.0.1:{port}");
        let dir =
            std::env::temp_dir().join(format!("carom-relay-bench-{}-{port}", std::process::id()));
        let started = Command::new("bash")
            .arg(script())
            .args(["start", &listen])
            .arg(&dir)
            .output()
            .map_err(BenchError::io(format!("running {}", script().display())))?;
        if !started.status.success() {
            return Err(BenchError::RelayStart {
                script: script(),
                said: String::from_utf8_lossy(&started.stderr).trim().to_owned(),
            });
        }
        let pid_file = dir.join("nginx.pid");
        let master = std::fs::read_to_string(&pid_file)
            .map_err(BenchError::io(format!("reading {}", pid_file.display())))?
            .trim()
            .parse()
            .map_err(|_| BenchError::RelayStart {
                script: script(),
                said: format!("{} holds no pid", pid_file.display()),
            })?;
        let relay = OwnRelay {
            endpoint: Endpoint::parse(&format!("http://{listen}"))?,
            dir,
            master,
        };
        let deadline = Instant::now() + PATIENCE;
        while std::net::TcpStream::connect(&listen).is_err() || children(master).is_empty() {
            if Instant::now() > deadline {
                return Err(BenchError::RelayNotListening {
                    script: script(),
                    listen,
                });
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        Ok(relay)
    }

    /// nginx's processes: the master and its workers.
    pub fn processes(&self) -> Vec<Process> {
        std::iter::once(self.master)
            .chain(children(self.master))
            .map(Process::Pid)
            .collect()
    }
}

impl Drop for OwnRelay {
    fn drop(&mut self) {
        let _ = Command::new("bash")
            .arg(script())
            .arg("stop")
            .arg(&self.dir)
            .output();
        let deadline = Instant::now() + PATIENCE;
        while PathBuf::from(format!("/proc/{}", self.master)).exists() && Instant::now() < deadline
        {
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
