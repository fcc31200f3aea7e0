//! `carom online`, as separate processes: two computer seats play a short match through
//! the relay (nginx with nchan) and, separately, through the embedded host (`carom online
//! host`), with a spectator who comes in late and a seat killed mid-match and started
//! again (it resumes from the channel); and through two relays sharing one Redis, a seat
//! on each. The three score sheets, and the saves `carom referee` reads, agree, and so
//! does the match played again from its share code. It prints the time from a stroke's
//! end on the shooter's side to its record's arrival on the other seat's (`--
//! --nocapture`). (The faults' tests, `online_faults`, play their matches with these.)

use carom::test_support::{TestRedis, TestRelay, fresh_dir};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

/// A `carom` process, its standard error read line by line as it comes.
pub(super) struct Running {
    child: Child,
    lines: Receiver<String>,
    /// Every line read so far.
    said: Vec<String>,
}

fn start(args: &[&str]) -> Running {
    let mut child = Command::new(env!("CARGO_BIN_EXE_carom"))
        .args(args)
        .env("LC_ALL", "C")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the carom binary runs");
    let (sender, lines) = channel();
    let stderr = child.stderr.take().expect("piped");
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            if sender.send(line).is_err() {
                break;
            }
        }
    });
    Running {
        child,
        lines,
        said: Vec::new(),
    }
}

impl Running {
    /// Waits (up to a minute) for a line containing `what`; on failure says what it
    /// and the `others` said (and whether they are still running).
    fn wait_for_with(&mut self, what: &str, others: &mut [&mut Running]) {
        let deadline = Instant::now() + Duration::from_secs(60);
        while !self.said.iter().any(|l| l.contains(what)) {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => self.said.push(line),
                Err(_) => {
                    let others: Vec<(Option<std::process::ExitStatus>, Vec<String>)> = others
                        .iter_mut()
                        .map(|o| {
                            o.said.extend(o.lines.try_iter());
                            (o.child.try_wait().ok().flatten(), o.said.clone())
                        })
                        .collect();
                    panic!("no `{what}` in {:#?}; the others: {others:#?}", self.said)
                }
            }
        }
    }

    /// Waits (up to a minute) for a line containing `what`.
    fn wait_for(&mut self, what: &str) {
        self.wait_for_with(what, &mut []);
    }

    /// Its standard output once it has ended (within two minutes), and all it said.
    fn finish(mut self) -> (String, Vec<String>) {
        let deadline = Instant::now() + Duration::from_secs(120);
        while self.child.try_wait().unwrap().is_none() {
            assert!(Instant::now() < deadline, "still running: {:#?}", self.said);
            std::thread::sleep(Duration::from_millis(20));
        }
        self.said.extend(self.lines.try_iter());
        let mut out = String::new();
        std::io::Read::read_to_string(self.child.stdout.as_mut().unwrap(), &mut out).unwrap();
        assert!(self.child.wait().unwrap().success(), "{:#?}", self.said);
        (out, self.said)
    }
}

/// `[T ms] stroke N <what>` lines: (N, T).
pub(super) fn stamped(lines: &[String], what: &str) -> Vec<(u32, u64)> {
    lines
        .iter()
        .filter(|l| l.contains(what))
        .filter_map(|l| {
            let t = l.strip_prefix('[')?.split(' ').next()?.parse().ok()?;
            let n = l.split("stroke ").nth(1)?.split(' ').next()?.parse().ok()?;
            Some((n, t))
        })
        .collect()
}

/// Where each participant connects: the host Ann, the guest Bob and the spectator Eve.
pub(super) struct Through<'a> {
    pub ann: &'a str,
    pub bob: &'a str,
    pub eve: &'a str,
}

impl Through<'_> {
    /// All three to the server at `base`.
    pub(super) fn one(base: &str) -> Through<'_> {
        Through {
            ann: base,
            bob: base,
            eve: base,
        }
    }
}

/// What befalls the match once the guest has the second stroke.
pub(super) enum Fault<'a> {
    Nothing,
    /// The guest's process killed and started again (it resumes from the channel).
    GuestKilled,
    /// Something done to the relay or the network while all three play on, given the
    /// table's join code.
    Meanwhile(Box<dyn FnOnce(&str) + 'a>),
}

/// What each of the three said on standard error, every line stamped.
pub(super) struct Said {
    pub ann: Vec<String>,
    pub bob: Vec<String>,
    pub eve: Vec<String>,
}

/// Two seats and a spectator at a table, each through its server; `fault` befalls it
/// after the second stroke. Their sheets and saves agree, and nothing panicked.
pub(super) fn a_match_through(through: Through, fault: Fault, server: &str, tag: &str) -> Said {
    let dir = fresh_dir(tag);
    let data = |who: &str| dir.join(who).display().to_string();
    let seat = |who: &str, how: &[&str]| {
        let relay = match who {
            "Ann" => through.ann,
            _ => through.bob,
        };
        let mut args = vec!["online", "play", "--relay", relay, "--name", who];
        args.extend_from_slice(how);
        let data = data(who);
        // A stroke every 0.2 s at most from each seat: well within the relay's 20
        // messages a second from one address, which every process here shares.
        args.extend_from_slice(&[
            "--data", &data, "--level", "beginner", "--pace", "0.2", "--json",
        ]);
        start(&args)
    };
    let terms = ["--new", "--target", "3", "--innings-limit", "4"];
    let mut ann = seat("Ann", &terms);
    // The join code is the host's first line.
    let code = {
        let stdout = ann.child.stdout.as_mut().unwrap();
        let mut line = String::new();
        BufReader::new(stdout).read_line(&mut line).unwrap();
        line.trim().to_owned()
    };
    assert_eq!(code.len(), 64, "{code}");
    let mut bob = seat("Bob", &["--join", &code]);
    ann.wait_for_with("stroke 1 arrived", &mut [&mut bob]);
    let eve_data = data("Eve");
    let mut eve = start(&[
        "online",
        "watch",
        &code,
        "--relay",
        through.eve,
        "--name",
        "Eve",
        "--data",
        &eve_data,
        "--json",
    ]);
    bob.wait_for("stroke 2 arrived");
    // The spectator is at the table (it has caught up) before any fault: a relay
    // restarted while it first connects would be a fault of another kind.
    eve.wait_for("stroke 2 arrived");
    let mut first_run = Vec::new();
    match fault {
        Fault::Nothing => {}
        Fault::GuestKilled => {
            bob.child.kill().unwrap();
            let killed = Instant::now();
            first_run = bob.finish_killed();
            bob = seat("Bob", &["--join", &code]);
            println!(
                "{server}: the guest was down {:.0} ms",
                killed.elapsed().as_secs_f64() * 1e3
            );
        }
        Fault::Meanwhile(fault) => fault(&code),
    }
    let (ann_sheet, ann_said) = ann.finish();
    let (bob_sheet, bob_said) = bob.finish();
    let (eve_sheet, eve_said) = eve.finish();
    for said in [&ann_said, &bob_said, &eve_said] {
        assert!(!said.iter().any(|l| l.contains("panicked")), "{said:#?}");
    }
    // (The host's join code, its first line, was read above.)
    let strokes: serde_json::Value = serde_json::from_str(&ann_sheet).unwrap();
    assert!(
        strokes["strokes"].as_array().unwrap().len() > 2,
        "{ann_sheet}"
    );
    assert_eq!(bob_sheet, ann_sheet);
    assert_eq!(eve_sheet, ann_sheet);
    // The saves, as `carom referee` reads them.
    for who in ["Ann", "Bob", "Eve"] {
        let saves: Vec<PathBuf> = std::fs::read_dir(Path::new(&data(who)).join("online"))
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        assert_eq!(saves.len(), 1, "{who}: {saves:?}");
        let out = Command::new(env!("CARGO_BIN_EXE_carom"))
            .args(["referee", "--json"])
            .arg(&saves[0])
            .output()
            .unwrap();
        assert_eq!(String::from_utf8_lossy(&out.stdout), ann_sheet, "{who}");
    }
    // The match as a share code, played again from it by `carom referee`.
    let save = std::fs::read_dir(Path::new(&data("Eve")).join("online"))
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    let shared = Command::new(env!("CARGO_BIN_EXE_carom"))
        .arg("share")
        .arg(&save)
        .output()
        .unwrap();
    let code = String::from_utf8_lossy(&shared.stdout).trim().to_owned();
    assert!(code.starts_with("carom-match-1."), "{shared:?}");
    let replayed = Command::new(env!("CARGO_BIN_EXE_carom"))
        .args(["referee", "--json", &code])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&replayed.stdout),
        ann_sheet,
        "{replayed:?}"
    );
    println!(
        "{server}: the match's share code is {} characters",
        code.len()
    );
    // From a stroke's end on one seat to its arrival on the other, the guest's restart
    // left out (its strokes replayed from the channel are not news).
    let mut waits: Vec<u64> = Vec::new();
    let bob_runs = [first_run, bob_said].concat();
    for (shooter, other) in [(&ann_said, &bob_runs), (&bob_runs, &ann_said)] {
        let arrived = stamped(other, "arrived");
        for (n, struck) in stamped(shooter, "struck") {
            if let Some(&(_, at)) = arrived.iter().find(|&&(m, at)| m == n && at >= struck) {
                waits.push(at - struck);
            }
        }
    }
    println!("{server}: each stroke, ms: {waits:?}");
    waits.sort_unstable();
    let slowest_fresh: Vec<u64> = waits.iter().copied().filter(|&w| w < 1000).collect();
    println!(
        "{server}: from a stroke's end to its record's arrival at the other seat: median {} ms, \
         slowest {} ms ({} strokes; {} over a second, waiting for the restarted seat)",
        waits[waits.len() / 2],
        slowest_fresh.last().unwrap(),
        waits.len(),
        waits.len() - slowest_fresh.len()
    );
    Said {
        ann: ann_said,
        bob: bob_runs,
        eve: eve_said,
    }
}

impl Running {
    /// All a killed process said.
    fn finish_killed(mut self) -> Vec<String> {
        let _ = self.child.wait();
        self.said.extend(self.lines.iter());
        self.said
    }
}

#[test]
fn two_seats_and_a_late_spectator_play_through_the_relay_a_seat_killed_and_restarted() {
    let Some(relay) = TestRelay::start() else {
        return;
    };
    let fault = Fault::GuestKilled;
    a_match_through(
        Through::one(&relay.base),
        fault,
        "the relay",
        "online-relay",
    );
}

#[test]
fn two_relays_sharing_one_redis_serve_one_match_a_seat_on_each() {
    let Some(redis) = TestRedis::start() else {
        return;
    };
    let Some((first, second)) = TestRelay::pair_sharing(&redis) else {
        return;
    };
    let through = Through {
        ann: &first.base,
        bob: &second.base,
        eve: &second.base,
    };
    a_match_through(
        through,
        Fault::Nothing,
        "two relays, one Redis",
        "online-two",
    );
}

#[test]
fn two_seats_and_a_late_spectator_play_through_the_embedded_host_a_seat_killed_and_restarted() {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .unwrap()
        .port();
    let listen = format!("127.0.0.1:{port}");
    let mut host = start(&["online", "host", "--listen", &listen]);
    let deadline = Instant::now() + Duration::from_secs(10);
    while std::net::TcpStream::connect(&listen).is_err() {
        assert!(Instant::now() < deadline, "the host did not open {listen}");
        std::thread::sleep(Duration::from_millis(20));
    }
    a_match_through(
        Through::one(&format!("http://{listen}")),
        Fault::GuestKilled,
        "the embedded host",
        "online-host",
    );
    host.child.kill().unwrap();
    let _ = host.child.wait();
}
