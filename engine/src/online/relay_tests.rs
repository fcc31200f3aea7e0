//! One suite of what a transport must do, run against the in-memory hub, the embedded
//! host and the real relay (nginx with nchan on 127.0.0.1, started here with
//! `server/relay.sh`).
//! Without nginx the relay's test says plainly that it did not run; with
//! `CAROM_REQUIRE_RELAY` set (as `.ci/run` sets it) it fails instead.

use super::tests::{guest, host, seating};
use super::*;
use crate::test_support::{TestRedis, TestRelay};
use std::time::{Duration, Instant};

/// What arrives within 3 s, until `n` messages have.
fn receive(transport: &mut dyn Transport, n: usize) -> Vec<(Channel, Vec<u8>)> {
    let deadline = Instant::now() + Duration::from_secs(3);
    let mut got = Vec::new();
    while got.len() < n && Instant::now() < deadline {
        got.extend(transport.receive());
        std::thread::sleep(Duration::from_micros(100));
    }
    got
}

/// The messages of one channel, in the order they came.
fn on(channel: Channel, messages: &[(Channel, Vec<u8>)]) -> Vec<Vec<u8>> {
    messages
        .iter()
        .filter(|(c, _)| *c == channel)
        .map(|(_, m)| m.clone())
        .collect()
}

fn suite(connect: &dyn Fn(TableId) -> Box<dyn Transport>) {
    let (host, guest) = (host(), guest());
    // A fresh table each run: the relay keeps a table's messages for hours.
    let table = TableId::generate().unwrap();
    let message = |from: &Identity, seat: Option<u8>, n: u64, body: Body| {
        Payload {
            v: PROTOCOL_VERSION,
            table,
            from: from.public(),
            seat,
            n,
            body,
        }
        .seal(from)
    };
    let seating = message(&host, Some(0), 1, seating());
    let mut first = connect(table);
    first.publish(Channel::Match, seating.clone()).unwrap();
    for aim in [b"aim 1", b"aim 2", b"aim 3"] {
        first.publish(Channel::Aim, aim.to_vec()).unwrap();
    }
    // A subscriber hears everything from when it connects, its own messages included.
    let heard = receive(first.as_mut(), 4);
    assert_eq!(on(Channel::Match, &heard), vec![seating.clone()]);
    assert_eq!(
        on(Channel::Aim, &heard),
        vec![b"aim 1".to_vec(), b"aim 2".to_vec(), b"aim 3".to_vec()]
    );
    // A late one: the match from its start, only the last aim.
    let mut late = connect(table);
    let caught_up = receive(late.as_mut(), 2);
    assert_eq!(on(Channel::Match, &caught_up), vec![seating.clone()]);
    assert_eq!(on(Channel::Aim, &caught_up), vec![b"aim 3".to_vec()]);
    // What arrives goes through an inbox like any message.
    let mut inbox = Inbox::new(table, host.public());
    assert!(inbox.accept(&caught_up[0].1).is_ok() || inbox.accept(&caught_up[1].1).is_ok());
    let concede = message(&guest, Some(1), 1, Body::Concede);
    late.publish(Channel::Match, concede.clone()).unwrap();
    let heard = receive(first.as_mut(), 1);
    assert_eq!(on(Channel::Match, &heard), vec![concede.clone()]);
    assert!(inbox.accept(&concede).is_ok());
    // Too large is refused; another table hears nothing of this one.
    let too_large = vec![b'x'; MAX_MESSAGE_BYTES + 1];
    assert!(matches!(
        late.publish(Channel::Match, too_large),
        Err(TransportError::TooLarge { .. })
    ));
    let mut elsewhere = connect(TableId::generate().unwrap());
    std::thread::sleep(Duration::from_millis(100));
    assert!(elsewhere.receive().is_empty());
}

#[test]
fn the_hub_carries_a_table_as_a_relay_does() {
    let hub = Hub::new();
    suite(&|table| Box::new(hub.connect(table)));
}

#[test]
fn the_relay_carries_a_table() {
    let Some(relay) = TestRelay::start() else {
        return;
    };
    over_http(&relay.base, "the relay (nginx with nchan)");
}

#[test]
fn two_relays_sharing_one_redis_carry_the_same_tables() {
    let Some(redis) = TestRedis::start() else {
        return;
    };
    let Some((first, second)) = TestRelay::pair_sharing(&redis) else {
        return;
    };
    // Each connection to the other relay than the last: a table's subscribers and
    // publishers spread over both.
    let turn = std::cell::Cell::new(false);
    suite(&|table| {
        turn.set(!turn.get());
        let relay = if turn.get() { &first } else { &second };
        Box::new(RelayConnection::connect(&relay.base, table).unwrap())
    });
}

#[test]
fn the_embedded_host_carries_a_table_as_the_relay_does() {
    let host = EmbeddedHost::start("127.0.0.1:0").unwrap();
    let base = format!("http://{}", host.address());
    assert_eq!(host.lan_url(), base);
    over_http(&base, "the embedded host");
}

/// The suite through `RelayConnection` to the server at `base`; the time a message
/// takes from one seat to the other on loopback (printed: `-- --nocapture`); and a
/// flood from one address turned away.
fn over_http(base: &str, server: &str) {
    suite(&|table| Box::new(RelayConnection::connect(base, table).unwrap()));
    let table = TableId::generate().unwrap();
    let mut shooter = RelayConnection::connect(base, table).unwrap();
    let mut other = RelayConnection::connect(base, table).unwrap();
    let stroke_sized = vec![b'r'; 1500];
    let mut waits: Vec<Duration> = (0..20)
        .map(|_| {
            // Under the rate allowed (20 a second from an address).
            std::thread::sleep(Duration::from_millis(60));
            let sent = Instant::now();
            shooter
                .publish(Channel::Match, stroke_sized.clone())
                .unwrap();
            assert_eq!(receive(&mut other, 1).len(), 1);
            sent.elapsed()
        })
        .collect();
    waits.sort();
    println!(
        "{server} on loopback, a 1.5 kB message from one seat to the other: median {:.2} ms, slowest {:.2} ms (20)",
        waits[10].as_secs_f64() * 1e3,
        waits[19].as_secs_f64() * 1e3
    );
    assert!(waits[10] < Duration::from_millis(500));
    // A flood from one address is turned away past the burst allowed (40).
    let refused = (0..100)
        .filter(|_| {
            shooter.publish(Channel::Aim, b"flood".to_vec()) == Err(TransportError::TooFast)
        })
        .count();
    assert!(refused >= 40, "{refused} of 100 refused");
}
