//! The lobby: presence and expiry, names told apart, challenges (accepted, declined,
//! withdrawn, their table's code checked), chat's limits and mutes; over the hub, and
//! over the relay (nginx's lobby location).

use super::lobby::LobbyPayload;
use super::*;
use crate::test_support::TestRelay;
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

fn terms() -> TableTerms {
    TableTerms {
        game: "three_cushion".into(),
        table: "match".into(),
        target: 15,
        innings_limit: None,
        targets: Vec::new(),
        leaving: LeavingRule::default(),
        format: None,
        condition: None,
    }
}

fn enter(name: &str, average: f64) -> Lobby {
    let averages = BTreeMap::from([("three_cushion".to_owned(), average)]);
    let me = Identity::generate().unwrap();
    Lobby::enter(me, name, averages, "physics".into(), MAIN_ROOM)
}

/// Everyone exchanges a few times at `now` (each hears what the others said).
fn round(lobbies: &mut [(&mut Lobby, &mut dyn Transport)], now: Instant) {
    for _ in 0..3 {
        for (lobby, transport) in lobbies.iter_mut() {
            lobby.exchange(&mut **transport, now).unwrap();
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn shown(lobby: &Lobby) -> Vec<String> {
    lobby.players().into_iter().map(|p| p.shown).collect()
}

#[test]
fn players_meet_challenge_accept_and_are_sent_to_the_challengers_table() {
    let hub = Hub::new();
    let (mut ann, mut bob) = (enter("Ann", 0.9), enter("Bob", 0.45));
    let (mut at_ann, mut at_bob) = (hub.lobby(MAIN_ROOM), hub.lobby(MAIN_ROOM));
    let now = Instant::now();
    round(&mut [(&mut ann, &mut at_ann), (&mut bob, &mut at_bob)], now);
    assert_eq!(shown(&ann), ["Ann", "Bob"]);
    let bob_key = bob.key();
    let bob_there = ann
        .players()
        .into_iter()
        .find(|p| p.key == bob_key)
        .unwrap();
    assert_eq!(bob_there.averages["three_cushion"], 0.45);

    // A handicap from both averages: Bob plays to half of Ann's target.
    let targets = handicap_targets(15, [Some(0.9), Some(0.45)]);
    assert_eq!(targets, [15, 8]);
    let id = ann
        .challenge(bob.key(), TableTerms { targets, ..terms() })
        .unwrap();
    assert_eq!(
        ann.challenge(bob.key(), terms()),
        Err(LobbyError::AlreadyChallenged)
    );
    round(&mut [(&mut ann, &mut at_ann), (&mut bob, &mut at_bob)], now);
    let [LobbyEvent::Challenged(challenge)] = &bob.take_events()[..] else {
        panic!("Bob is challenged once");
    };
    assert_eq!((challenge.id, challenge.from), (id, ann.key()));
    assert_eq!(challenge.terms.targets, [15, 8]);

    bob.answer(id, true).unwrap();
    round(&mut [(&mut ann, &mut at_ann), (&mut bob, &mut at_bob)], now);
    let [LobbyEvent::HostFor(accepted)] = &ann.take_events()[..] else {
        panic!("Ann hosts the table");
    };
    // Ann's table: its code names her key, as the join code of any table she hosts.
    let code = JoinCode {
        table: TableId::generate().unwrap(),
        host: ann.key(),
    };
    ann.ready(accepted, &code);
    round(&mut [(&mut ann, &mut at_ann), (&mut bob, &mut at_bob)], now);
    let [LobbyEvent::Join { code: joined, .. }] = &bob.take_events()[..] else {
        panic!("Bob is sent to the table");
    };
    assert_eq!(*joined, code);
    assert!(ann.outgoing().is_empty() && bob.incoming().is_empty());
}

#[test]
fn a_challenge_declined_withdrawn_or_answered_by_another_table_goes_nowhere() {
    let hub = Hub::new();
    let (mut ann, mut bob, mut eve) = (enter("Ann", 0.9), enter("Bob", 0.5), enter("Eve", 0.2));
    let mut at = [
        hub.lobby(MAIN_ROOM),
        hub.lobby(MAIN_ROOM),
        hub.lobby(MAIN_ROOM),
    ];
    let now = Instant::now();
    let [a, b, e] = &mut at;
    let mut everyone: [(&mut Lobby, &mut dyn Transport); 3] =
        [(&mut ann, a), (&mut bob, b), (&mut eve, e)];
    round(&mut everyone, now);
    let [(ann, _), (bob, _), (eve, _)] = &mut everyone;
    let id = ann.challenge(bob.key(), terms()).unwrap();
    ann.cancel(id).unwrap();
    let second = ann.challenge(eve.key(), terms()).unwrap();
    round(&mut everyone, now);
    let [_, (bob, _), (eve, _)] = &mut everyone;
    // Bob saw the challenge come and go; answering it now does nothing.
    let events = bob.take_events();
    assert!(matches!(
        events[..],
        [LobbyEvent::Challenged(_), LobbyEvent::Cancelled(_)]
    ));
    assert_eq!(bob.answer(id, true), Err(LobbyError::NoSuchChallenge));
    eve.take_events();
    eve.answer(second, false).unwrap();
    round(&mut everyone, now);
    let [(ann, _), _, (eve, _)] = &mut everyone;
    assert!(matches!(ann.take_events()[..], [LobbyEvent::Declined(_)]));

    // Accepted, but the "table" Ann names is not hers: Eve is not sent there.
    let third = ann.challenge(eve.key(), terms()).unwrap();
    round(&mut everyone, now);
    let [_, _, (eve, _)] = &mut everyone;
    eve.take_events();
    eve.answer(third, true).unwrap();
    round(&mut everyone, now);
    let [(ann, _), (bob, _), _] = &mut everyone;
    let [LobbyEvent::HostFor(accepted)] = &ann.take_events()[..] else {
        panic!("accepted");
    };
    let someone_elses = JoinCode {
        table: TableId::generate().unwrap(),
        host: bob.key(),
    };
    ann.ready(accepted, &someone_elses);
    round(&mut everyone, now);
    let [_, _, (eve, _)] = &mut everyone;
    assert!(eve.take_events().is_empty());
    assert!(matches!(eve.take_notes()[..], [Refusal::Terms(_)]));
}

#[test]
fn players_unheard_are_forgotten_and_names_alike_are_told_apart() {
    let hub = Hub::new();
    let (mut ann, mut other_ann) = (enter("Ann", 0.9), enter("Ann", 0.3));
    let (mut first, mut second) = (hub.lobby(MAIN_ROOM), hub.lobby(MAIN_ROOM));
    let now = Instant::now();
    round(
        &mut [(&mut ann, &mut first), (&mut other_ann, &mut second)],
        now,
    );
    let names = shown(&ann);
    assert_eq!(names.len(), 2);
    assert!(names.iter().all(|n| n.starts_with("Ann #")), "{names:?}");
    assert_ne!(names[0], names[1]);
    let key = |lobby: &Lobby| lobby.key().to_hex()[..6].to_owned();
    assert!(names.contains(&format!("Ann #{}", key(&other_ann))));

    // The other Ann hosts a table, challenged by Ann; then she is heard no more.
    other_ann.announce(Some(TableNotice {
        code: "code".into(),
        game: "three_cushion".into(),
        target: 15,
        players: vec!["Ann".into()],
        score: vec![0, 0],
        open: true,
        over: false,
    }));
    ann.challenge(other_ann.key(), terms()).unwrap();
    round(
        &mut [(&mut ann, &mut first), (&mut other_ann, &mut second)],
        now,
    );
    assert_eq!(ann.tables().len(), 1);
    let later = now + LOBBY_EXPIRY + Duration::from_secs(1);
    // Ann's own heartbeat is due again, so she stays; the other Ann is silent.
    ann.exchange(&mut first, later).unwrap();
    assert_eq!(shown(&ann), ["Ann"]);
    assert!(ann.tables().is_empty());
    assert!(ann.outgoing().is_empty());
    assert!(matches!(ann.take_events()[..], [LobbyEvent::Declined(_)]));
}

#[test]
fn chat_is_plain_bounded_in_length_and_rate_and_mutable() {
    let hub = Hub::new();
    let (mut ann, mut bob) = (enter("Ann", 0.9), enter("Bob", 0.5));
    let (mut at_ann, mut at_bob) = (hub.lobby(MAIN_ROOM), hub.lobby(MAIN_ROOM));
    let now = Instant::now();
    round(&mut [(&mut ann, &mut at_ann), (&mut bob, &mut at_bob)], now);
    ann.say_line("good game\n<b>[link](http://x)</b>\u{1b}[2J", now)
        .unwrap();
    let long = "x".repeat(CHAT_MAX_CHARS + 1);
    assert!(matches!(
        ann.say_line(&long, now),
        Err(LobbyError::Chat(ChatRefusal::TooLong { .. }))
    ));
    assert!(matches!(
        ann.say_line("  ", now),
        Err(LobbyError::Chat(ChatRefusal::Empty))
    ));
    round(&mut [(&mut ann, &mut at_ann), (&mut bob, &mut at_bob)], now);
    let lines: Vec<(String, String)> = bob
        .chat()
        .lines()
        .map(|l| (l.name.clone(), l.text.clone()))
        .collect();
    // Kept as it was typed, but for the control characters: nothing is interpreted.
    assert_eq!(
        lines,
        [(
            "Ann".to_owned(),
            "good game <b>[link](http://x)</b> [2J".to_owned()
        )]
    );

    // A sender past the rate is refused at home; a forged client's flood is not shown.
    for n in 1..CHAT_RATE_LINES {
        ann.say_line(&format!("line {n}"), now).unwrap();
    }
    assert!(matches!(
        ann.say_line("one too many", now),
        Err(LobbyError::Chat(ChatRefusal::TooFast { .. }))
    ));
    let flooder = Identity::generate().unwrap();
    for n in 0..20 {
        let payload = LobbyPayload {
            v: PROTOCOL_VERSION,
            room: MAIN_ROOM,
            from: flooder.public(),
            n: n + 1,
            body: LobbyBody::Chat {
                line: format!("flood {n}"),
            },
        };
        at_ann
            .publish(
                Channel::Lobby,
                super::message::seal_signed(&payload, &flooder),
            )
            .unwrap();
    }
    round(&mut [(&mut ann, &mut at_ann), (&mut bob, &mut at_bob)], now);
    let floods = bob
        .chat()
        .lines()
        .filter(|l| l.text.starts_with("flood"))
        .count();
    assert_eq!(floods, CHAT_RATE_LINES);
    assert_eq!(bob.chat().lines().count(), 2 * CHAT_RATE_LINES);

    // Muted: Ann's lines are no longer shown to Bob (nor what she says next).
    bob.mute(ann.key(), true);
    assert!(bob.chat().lines().all(|l| l.from != ann.key()));
    let later = now + CHAT_RATE_WINDOW;
    ann.say_line("can you hear me", later).unwrap();
    round(
        &mut [(&mut ann, &mut at_ann), (&mut bob, &mut at_bob)],
        later,
    );
    assert!(bob.chat().lines().all(|l| l.from != ann.key()));
    assert_eq!(ann.chat().lines().last().unwrap().text, "can you hear me");
}

#[test]
fn the_relay_carries_a_lobby() {
    let Some(relay) = TestRelay::start() else {
        return;
    };
    let (mut ann, mut bob) = (enter("Ann", 0.9), enter("Bob", 0.5));
    let mut at_ann = RelayConnection::lobby(&relay.base, MAIN_ROOM).unwrap();
    let mut at_bob = RelayConnection::lobby(&relay.base, MAIN_ROOM).unwrap();
    let now = Instant::now();
    let deadline = Instant::now() + Duration::from_secs(5);
    while shown(&bob) != ["Ann", "Bob"] && Instant::now() < deadline {
        round(&mut [(&mut ann, &mut at_ann), (&mut bob, &mut at_bob)], now);
    }
    assert_eq!(shown(&bob), ["Ann", "Bob"]);
    ann.say_line("hello", now).unwrap();
    while bob.chat().lines().count() == 0 && Instant::now() < deadline {
        round(&mut [(&mut ann, &mut at_ann), (&mut bob, &mut at_bob)], now);
    }
    assert_eq!(bob.chat().lines().next().unwrap().text, "hello");
    // A late comer hears who is there from the lobby's buffer.
    let mut eve = enter("Eve", 0.2);
    let mut at_eve = RelayConnection::lobby(&relay.base, MAIN_ROOM).unwrap();
    while eve.players().len() < 3 && Instant::now() < deadline {
        round(&mut [(&mut eve, &mut at_eve)], now);
    }
    assert_eq!(shown(&eve), ["Ann", "Bob", "Eve"]);
}
