//! Helpers for the crate's tests and those of `tests/`: the core's deterministic random
//! generator (fuzz and property tests) and fresh temporary folders.

pub use crate::random::Rng;

/// A fresh, empty folder for one test's files.
pub fn fresh_dir(tag: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("carom-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir
}

/// FNV-1a, 64 bits: a hash that is the same on every platform and Rust release.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// A file or folder of the repository (the workspace's root, above the engine's folder):
/// the config, the example files, the golden outputs.
pub fn repo(path: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(path)
}

/// The relay (nginx with nchan, `server/relay.sh`) on a free port of 127.0.0.1, started
/// for a test in a folder of its own and stopped when dropped. Without nginx or nchan (or
/// Redis, for `sharing`) it says plainly that the test did not run; with
/// `CAROM_REQUIRE_RELAY` set (as `.ci/run` sets it) it fails instead.
pub struct TestRelay {
    /// `http://127.0.0.1:PORT`.
    pub base: String,
    /// `http://[::1]:PORT` where it listens there too (`dual_stack`): another address
    /// than 127.0.0.1's to the relay's limits per address.
    pub base_v6: Option<String>,
    /// What `relay.sh start` was given after its folder: the addresses, and Redis's URL.
    listen: String,
    redis: Option<String>,
    dir: std::path::PathBuf,
}

impl TestRelay {
    fn script() -> std::path::PathBuf {
        std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../server/relay.sh")
    }

    /// The relay on a free port; None (saying why) where this machine has no nginx or
    /// nchan and the relay is not required.
    pub fn start() -> Option<TestRelay> {
        TestRelay::launch(None, false)
    }

    /// The relay on a free port, its channels kept in the Redis at `redis` (nchan's
    /// Redis mode) when given; None as `start`'s.
    pub fn sharing(redis: Option<&TestRedis>) -> Option<TestRelay> {
        TestRelay::launch(redis, false)
    }

    /// Two relays keeping their channels in `redis`, once a message crosses between
    /// them each way; None as `start`'s.
    pub fn pair_sharing(redis: &TestRedis) -> Option<(TestRelay, TestRelay)> {
        let (first, second) = (
            TestRelay::sharing(Some(redis))?,
            TestRelay::sharing(Some(redis))?,
        );
        first.wait_until_shared_with(&second);
        second.wait_until_shared_with(&first);
        Some((first, second))
    }

    /// The relay on a free port of both 127.0.0.1 and ::1; None as `start`'s.
    pub fn dual_stack() -> Option<TestRelay> {
        TestRelay::launch(None, true)
    }

    fn launch(redis: Option<&TestRedis>, v6: bool) -> Option<TestRelay> {
        let module = std::env::var("NCHAN_MODULE")
            .unwrap_or_else(|_| "/usr/lib/nginx/modules/ngx_nchan_module.so".to_owned());
        let nginx = std::process::Command::new("nginx")
            .arg("-v")
            .output()
            .is_ok();
        let missing = match (nginx, std::path::PathBuf::from(&module).exists()) {
            (true, true) => None,
            (false, _) => Some("nginx is not installed".to_owned()),
            (true, false) => Some(format!("no nchan module at {module}")),
        };
        if let Some(why) = missing {
            not_here(&why, "nginx libnginx-mod-nchan");
            return None;
        }
        let port = free_port();
        let v4 = format!("127.0.0.1:{port}");
        let v6 = v6.then(|| format!("[::1]:{port}"));
        let relay = TestRelay {
            base: format!("http://{v4}"),
            base_v6: v6.as_ref().map(|a| format!("http://{a}")),
            listen: [Some(v4), v6]
                .into_iter()
                .flatten()
                .collect::<Vec<_>>()
                .join(","),
            redis: redis.map(|r| r.url.clone()),
            dir: fresh_dir(&format!("relay-{port}")),
        };
        relay.run();
        Some(relay)
    }

    /// `relay.sh start` as this relay was started, once it answers (and, sharing Redis,
    /// once it reaches it).
    fn run(&self) {
        let started = std::process::Command::new("bash")
            .arg(TestRelay::script())
            .args(["start", &self.listen])
            .arg(&self.dir)
            .args(self.redis.as_deref())
            .output()
            .unwrap();
        assert!(started.status.success(), "{started:?}");
        let address = self.base.trim_start_matches("http://");
        wait_for_port(address);
        if self.redis.is_some() {
            self.wait_for_redis(address);
        }
    }

    /// Waits (up to 10 s) until a message published on this relay reaches a subscriber
    /// of `other` through their Redis: each took a publish once it reached Redis, but a
    /// machine under load may still be joining them up. (The relay's own words, a
    /// WebSocket and a POST, not the online layer's, which is above this one.)
    fn wait_until_shared_with(&self, other: &TestRelay) {
        use std::time::{Duration, Instant};
        let channel = format!(
            "{:032x}",
            fnv1a(self.base.as_bytes()) ^ fnv1a(other.base.as_bytes())
        );
        let there = other.base.trim_start_matches("http://");
        let stream = std::net::TcpStream::connect(there).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_millis(200)))
            .unwrap();
        let (mut socket, _) =
            tungstenite::client(format!("ws://{there}/sub/{channel}"), stream).unwrap();
        let here = self.base.trim_start_matches("http://");
        let deadline = Instant::now() + Duration::from_secs(10);
        while Instant::now() < deadline {
            post(here, &format!("/pub/{channel}"));
            let until = Instant::now() + Duration::from_millis(500);
            while Instant::now() < until {
                if let Ok(tungstenite::Message::Text(_) | tungstenite::Message::Binary(_)) =
                    socket.read()
                {
                    return;
                }
            }
        }
        panic!(
            "{} and {} share no channels after 10 s",
            self.base, other.base
        );
    }

    /// Stops the relay (its subscribers' sockets closed, what it held in memory lost)
    /// and starts it again on the same port; the time it was down.
    pub fn restart(&self) -> std::time::Duration {
        let down = std::time::Instant::now();
        self.stop();
        let deadline = down + std::time::Duration::from_secs(10);
        while self.dir.join("nginx.pid").exists() {
            assert!(
                std::time::Instant::now() < deadline,
                "the relay at {} did not stop",
                self.base
            );
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        self.run();
        down.elapsed()
    }

    fn stop(&self) {
        let _ = std::process::Command::new("bash")
            .arg(TestRelay::script())
            .arg("stop")
            .arg(&self.dir)
            .output();
    }

    /// nchan connects to Redis after nginx has started, answering 503 until it has:
    /// waits (up to 10 s) for a publish to be taken.
    fn wait_for_redis(&self, listen: &str) {
        use std::time::{Duration, Instant};
        let deadline = Instant::now() + Duration::from_secs(10);
        let probe = format!("/pub/{}", "0".repeat(32));
        while post(listen, &probe) != Some(true) {
            assert!(
                Instant::now() < deadline,
                "the relay at {listen} never reached Redis"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

/// A one-byte message POSTed to `path` on the relay at `listen`: whether it was taken.
fn post(listen: &str, path: &str) -> Option<bool> {
    use std::io::{Read, Write};
    let mut stream = std::net::TcpStream::connect(listen).ok()?;
    write!(stream, "POST {path} HTTP/1.0\r\nContent-Length: 1\r\n\r\nx").ok()?;
    let mut answer = String::new();
    stream.read_to_string(&mut answer).ok()?;
    Some(answer.starts_with("HTTP/1.1 20"))
}

/// A Redis server on a free port of 127.0.0.1, in a folder of its own, stopped when
/// dropped; None, as `TestRelay::start`'s, where there is no `redis-server`.
pub struct TestRedis {
    /// `redis://127.0.0.1:PORT`.
    pub url: String,
    pid_file: std::path::PathBuf,
}

impl TestRedis {
    pub fn start() -> Option<TestRedis> {
        if std::process::Command::new("redis-server")
            .arg("--version")
            .output()
            .is_err()
        {
            not_here("redis-server is not installed", "redis-server");
            return None;
        }
        let port = free_port();
        let dir = fresh_dir(&format!("redis-{port}"));
        let pid_file = dir.join("redis.pid");
        let started = std::process::Command::new("redis-server")
            .args(["--port", &port.to_string(), "--bind", "127.0.0.1"])
            .args(["--save", "", "--appendonly", "no", "--daemonize", "yes"])
            .arg("--pidfile")
            .arg(&pid_file)
            .arg("--dir")
            .arg(&dir)
            .arg("--logfile")
            .arg(dir.join("redis.log"))
            .output()
            .unwrap();
        assert!(started.status.success(), "{started:?}");
        wait_for_port(&format!("127.0.0.1:{port}"));
        Some(TestRedis {
            url: format!("redis://127.0.0.1:{port}"),
            pid_file,
        })
    }
}

impl Drop for TestRedis {
    fn drop(&mut self) {
        if let Ok(pid) = std::fs::read_to_string(&self.pid_file) {
            let _ = std::process::Command::new("kill").arg(pid.trim()).output();
        }
    }
}

/// Says plainly that a test needing a server did not run because `why`, or, where the
/// relay is required (`CAROM_REQUIRE_RELAY`, as `.ci/run` sets it), fails.
fn not_here(why: &str, packages: &str) {
    if std::env::var_os("CAROM_REQUIRE_RELAY").is_some() {
        panic!("the relay is required (CAROM_REQUIRE_RELAY) but {why}");
    }
    println!("THE RELAY TEST DID NOT RUN: {why} (apt-get install {packages})");
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .unwrap()
        .port()
}

/// Waits (up to 5 s) for something to listen at `address`.
fn wait_for_port(address: &str) {
    use std::time::{Duration, Instant};
    let deadline = Instant::now() + Duration::from_secs(5);
    while std::net::TcpStream::connect(address).is_err() {
        assert!(Instant::now() < deadline, "nothing opened {address}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

impl Drop for TestRelay {
    fn drop(&mut self) {
        self.stop();
    }
}
