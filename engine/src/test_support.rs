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
/// for a test in a folder of its own and stopped when dropped. Without nginx or nchan it
/// says plainly that the test did not run; with `CAROM_REQUIRE_RELAY` set (as `.ci/run`
/// sets it) it fails instead.
pub struct TestRelay {
    /// `http://127.0.0.1:PORT`.
    pub base: String,
    dir: std::path::PathBuf,
}

impl TestRelay {
    fn script() -> std::path::PathBuf {
        std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../server/relay.sh")
    }

    /// The relay on a free port; None (saying why) where this machine has no nginx or
    /// nchan and the relay is not required.
    pub fn start() -> Option<TestRelay> {
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
            if std::env::var_os("CAROM_REQUIRE_RELAY").is_some() {
                panic!("the relay is required (CAROM_REQUIRE_RELAY) but {why}");
            }
            println!(
                "THE RELAY TEST DID NOT RUN: {why} (apt-get install nginx libnginx-mod-nchan)"
            );
            return None;
        }
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .unwrap()
            .port();
        let dir = fresh_dir(&format!("relay-{port}"));
        let listen = format!("127.0.0.1:{port}");
        let started = std::process::Command::new("bash")
            .arg(TestRelay::script())
            .args(["start", &listen])
            .arg(&dir)
            .output()
            .unwrap();
        assert!(started.status.success(), "{started:?}");
        let relay = TestRelay {
            base: format!("http://{listen}"),
            dir,
        };
        use std::time::{Duration, Instant};
        let deadline = Instant::now() + Duration::from_secs(5);
        while std::net::TcpStream::connect(&listen).is_err() {
            assert!(Instant::now() < deadline, "the relay did not open {listen}");
            std::thread::sleep(Duration::from_millis(20));
        }
        Some(relay)
    }
}

impl Drop for TestRelay {
    fn drop(&mut self) {
        let _ = std::process::Command::new("bash")
            .arg(TestRelay::script())
            .arg("stop")
            .arg(&self.dir)
            .output();
    }
}
