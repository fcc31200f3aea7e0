//! Online matches on the in-memory transport: computer seats play to the end, a
//! spectator joins late, and what a peer may send wrongly is refused while the match
//! goes on (the same tables run over the relay and the embedded host in
//! `tests/online.rs`).

use super::*;
use crate::config::Config;
use crate::math::DVec2;
use crate::play::{MatchEnding, StrokeTime};
use crate::shot::{BallId, FinalPosition, Stroke};
use std::time::{Duration, Instant};

const TABLE: TableId = TableId([5; 16]);
const PHYSICS: &str = "0123456789abcdef";

fn terms(config: &Config) -> TableTerms {
    TableTerms {
        game: "three_cushion".to_owned(),
        table: config.tables.default_preset.clone(),
        target: 2,
        innings_limit: Some(3),
        targets: Vec::new(),
        leaving: LeavingRule::default(),
        format: None,
        condition: None,
    }
}

/// A participant: their table, their connection to the hub and, for a seat, whether
/// the computer plays it.
struct At {
    table: OnlineTable,
    connection: HubConnection,
    computer: bool,
}

impl At {
    fn exchange(&mut self) {
        self.table.exchange(&mut self.connection).unwrap();
    }
}

fn host(config: &Config, hub: &Hub, save: Option<std::path::PathBuf>) -> At {
    At {
        table: OnlineTable::host(
            config,
            Identity::from_secret([1; 32]),
            "Ann",
            TABLE,
            terms(config),
            PHYSICS.to_owned(),
            save,
        ),
        connection: hub.connect(TABLE),
        computer: true,
    }
}

fn joining(
    config: &Config,
    hub: &Hub,
    secret: u8,
    seat: bool,
    save: Option<std::path::PathBuf>,
) -> At {
    At {
        table: OnlineTable::join(
            config,
            Identity::from_secret([secret; 32]),
            if seat { "Bob" } else { "Eve" },
            TABLE,
            Identity::from_secret([1; 32]).public(),
            seat,
            PHYSICS.to_owned(),
            save,
        ),
        connection: hub.connect(TABLE),
        computer: seat,
    }
}

/// Every participant exchanges and every computer seat moves, until `done` or a
/// round limit; the rounds taken.
fn play_until(config: &Config, at: &mut [&mut At], done: impl Fn(&[&mut At]) -> bool) -> usize {
    let level = config.computer.level("beginner").unwrap().clone();
    for round in 0..2000 {
        if done(at) {
            return round;
        }
        for p in at.iter_mut() {
            p.exchange();
            if p.computer {
                computer_move(&mut p.table, &level, 1).unwrap();
            }
        }
    }
    panic!("the match did not end in 2000 rounds");
}

/// Every participant exchanges twice: what is on its way arrives everywhere.
fn settle(at: &mut [&mut At]) {
    for _ in 0..2 {
        for p in at.iter_mut() {
            p.exchange();
        }
    }
}

/// The sheet and where the balls stand, as a participant holds them.
fn outcome(at: &At) -> (crate::rules::ScoreSheet, Vec<(BallId, DVec2)>) {
    let play = at.table.play().expect("seated");
    (
        play.sheet().expect("the break decided"),
        play.sim().lay_out(),
    )
}

fn notes(at: &mut At) -> Vec<Note> {
    at.table.take_notes()
}

#[test]
fn two_computer_seats_and_a_spectator_who_joins_late_end_with_the_same_sheet() {
    let config = Config::defaults();
    let hub = Hub::new();
    let dir = crate::test_support::fresh_dir("online-match");
    let mut ann = host(&config, &hub, Some(dir.join("ann")));
    let mut bob = joining(&config, &hub, 2, true, Some(dir.join("bob")));
    // The spectator comes in after a stroke drawn at random (seeded: the same each run).
    let late_at = 1 + crate::random::Rng(52).below(4) as usize;
    play_until(&config, &mut [&mut ann, &mut bob], |at| {
        at[0]
            .table
            .play()
            .is_some_and(|p| p.strokes_judged() >= late_at)
            || at[0].table.is_over()
    });
    let mut eve = joining(&config, &hub, 3, false, Some(dir.join("eve")));
    // Another, for whom the relay has lost the table's past: only the players'
    // snapshot can catch him up.
    let mut dan = joining(&config, &hub, 4, false, None);
    assert!(!dan.connection.receive().is_empty());
    let rounds = play_until(
        &config,
        &mut [&mut ann, &mut bob, &mut eve, &mut dan],
        |at| at.iter().all(|p| p.table.is_over()),
    );
    // Everyone hears the last stroke.
    settle(&mut [&mut ann, &mut bob, &mut eve, &mut dan]);
    let sheet = outcome(&ann);
    println!(
        "{} strokes, the spectator in after stroke {late_at}, {rounds} rounds",
        ann.table.play().unwrap().strokes_judged()
    );
    assert_eq!(outcome(&bob), sheet);
    assert_eq!(outcome(&eve), sheet);
    assert_eq!(outcome(&dan), sheet);
    assert_eq!(eve.table.my_seat(), None);
    assert_eq!(bob.table.my_seat(), Some(1));
    for p in [&mut ann, &mut bob, &mut eve, &mut dan] {
        assert_eq!(notes(p), Vec::new());
    }
    // Each saved the match, and `carom referee` reads every save to the same sheet.
    let saved = |who: &str| dir.join(who).join(format!("{}-1.json", TABLE.to_hex()));
    for who in ["ann", "bob", "eve"] {
        let replayed = crate::cli::replay(&config, &saved(who)).unwrap();
        assert_eq!(replayed, sheet.0, "{who}");
    }
}

/// A seated table with the lag played, at its break, and the guest's identity.
fn at_the_break(config: &Config, hub: &Hub) -> (At, At) {
    let mut ann = host(config, hub, None);
    let mut bob = joining(config, hub, 2, true, None);
    play_until(config, &mut [&mut ann, &mut bob], |at| {
        at.iter()
            .all(|p| p.table.play().is_some_and(|p| p.referee().is_some()))
    });
    // Two seats of one level lag from their own draws: not a tie round after round.
    assert!(
        ann.table.lag_round() <= 3,
        "lag round {}",
        ann.table.lag_round()
    );
    (ann, bob)
}

/// The payload of a message as published.
fn payload(bytes: &[u8]) -> Payload {
    Payload::open(bytes).unwrap()
}

#[test]
fn forged_replayed_malformed_oversized_and_wrong_seat_messages_are_refused_and_play_goes_on() {
    let config = Config::defaults();
    let hub = Hub::new();
    let (mut ann, mut bob) = at_the_break(&config, &hub);
    let bob_key = Identity::from_secret([2; 32]);
    let ann_key = Identity::from_secret([1; 32]);
    let stranger = Identity::from_secret([9; 32]);
    // Something Bob said earlier (his lag commitment is in the hub's buffer): replayed.
    let mut spy = hub.connect(TABLE);
    let earlier = spy
        .receive()
        .into_iter()
        .map(|(_, m)| m)
        .find(|m| payload(m).from == bob_key.public() && payload(m).seat == Some(1))
        .expect("a move of Bob's");
    let said = |from: &Identity, seat: Option<u8>, body: Body| {
        Payload {
            v: PROTOCOL_VERSION,
            table: TABLE,
            from: from.public(),
            seat,
            n: u64::MAX / 2,
            body,
        }
        .seal(from)
    };
    let forged = {
        let mut p = payload(&said(&bob_key, Some(1), Body::Concede));
        p.from = ann_key.public();
        p.seat = Some(0);
        p.seal(&stranger)
    };
    let wrong_seat = said(&bob_key, Some(0), Body::Concede);
    let spectator = said(&stranger, Some(1), Body::Concede);
    let oversized = [b' '; MAX_MESSAGE_BYTES + 1].to_vec();
    let mut writer = hub.connect(TABLE);
    for bad in [
        &forged,
        &earlier,
        &b"{\"payload\": 1}"[..].to_vec(),
        &wrong_seat,
        &spectator,
    ] {
        writer.publish(Channel::Match, bad.clone()).unwrap();
    }
    assert!(writer.publish(Channel::Match, oversized.clone()).is_err());
    // Straight into a participant, as a relay that does not check sizes would pass it.
    ann.table.receive(Channel::Match, &oversized);
    play_until(&config, &mut [&mut ann, &mut bob], |at| {
        at.iter().all(|p| p.table.is_over())
    });
    settle(&mut [&mut ann, &mut bob]);
    let refusals = |at: &mut At| {
        notes(at)
            .into_iter()
            .map(|n| match n {
                Note::Refused(r) => r,
                other => panic!("{other:?}"),
            })
            .collect::<Vec<_>>()
    };
    let ann_refused = refusals(&mut ann);
    let bob_refused = refusals(&mut bob);
    println!("{ann_refused:?}");
    assert!(matches!(ann_refused[0], Refusal::TooLarge { .. }));
    assert!(matches!(ann_refused[1], Refusal::Forged));
    assert!(matches!(ann_refused[2], Refusal::Replayed { .. }));
    assert!(matches!(ann_refused[3], Refusal::Malformed(_)));
    assert!(matches!(
        ann_refused[4],
        Refusal::WrongSeat { seat: Some(0) }
    ));
    assert!(matches!(ann_refused[5], Refusal::NotSeated));
    assert_eq!(ann_refused.len(), 6);
    assert_eq!(bob_refused[..], ann_refused[1..]);
    assert_eq!(outcome(&ann), outcome(&bob));
    assert!(ann.table.ending().is_none());
}

#[test]
fn a_lag_reveal_that_does_not_open_its_commitment_is_refused() {
    let config = Config::defaults();
    let hub = Hub::new();
    let mut ann = host(&config, &hub, None);
    let mut bob = joining(&config, &hub, 2, true, None);
    bob.computer = false;
    // Bob commits to his lag; his reveal, due once both commitments are in, held back.
    play_until(&config, &mut [&mut ann, &mut bob], |at| {
        at[1].table.turn() == Turn::Lag
    });
    let honest = LagStroke {
        at: [-0.9, -0.35],
        stroke: crate::shot::Stroke::new(BallId::Dotted, 0.0, 1.3),
    };
    bob.table.lag(honest).unwrap();
    let level = config.computer.level("beginner").unwrap().clone();
    let held = loop {
        ann.exchange();
        computer_move(&mut ann.table, &level, 1).unwrap();
        bob.exchange();
        let due = bob.table.take_outbox();
        if !due.is_empty() {
            break due;
        }
    };
    assert!(matches!(payload(&held[0].1).body, Body::LagReveal { .. }));
    // Bob's reveal swapped for a harder stroke under the same salt, sealed by Bob.
    let bob_key = Identity::from_secret([2; 32]);
    let answered = LagStroke {
        stroke: crate::shot::Stroke::new(BallId::Dotted, 0.0, 1.5),
        ..honest
    };
    let reveal = Payload {
        v: PROTOCOL_VERSION,
        table: TABLE,
        from: bob_key.public(),
        seat: Some(1),
        n: payload(&held[0].1).n,
        body: Body::LagReveal {
            round: 1,
            lag: answered,
            salt: Salt::for_lag(&bob_key, TABLE, 1),
        },
    }
    .seal(&bob_key);
    hub.connect(TABLE).publish(Channel::Match, reveal).unwrap();
    settle(&mut [&mut ann]);
    settle(&mut [&mut ann]);
    assert_eq!(
        notes(&mut ann),
        vec![Note::Refused(Refusal::LagNotAsCommitted { seat: 1 })]
    );
    assert_eq!(ann.table.play().unwrap().phase(), crate::play::Phase::Lag);
    // The honest reveal, next, still settles it.
    let mut honest_reveal = payload(&held[0].1);
    honest_reveal.n += 1;
    bob.connection
        .publish(Channel::Match, honest_reveal.seal(&bob_key))
        .unwrap();
    play_until(&config, &mut [&mut ann, &mut bob], |at| {
        at[0].table.play().unwrap().phase() != crate::play::Phase::Lag
    });
}

#[test]
fn a_record_the_receiver_does_not_reproduce_is_flagged_and_the_sheets_still_agree() {
    let config = Config::defaults();
    let hub = Hub::new();
    let (mut ann, mut bob) = at_the_break(&config, &hub);
    // The breaker's stroke, its record's final positions nudged before it is published
    // (a break-ball move before it goes out as it is).
    let breaking = ann.table.play().unwrap().player();
    let (breaker, secret) = match breaking {
        0 => (&mut ann, 1),
        _ => (&mut bob, 2),
    };
    let level = config.computer.level("beginner").unwrap().clone();
    loop {
        computer_move(&mut breaker.table, &level, 1).unwrap();
        let mut struck = false;
        for (channel, mut bytes) in breaker.table.take_outbox() {
            let mut p = payload(&bytes);
            if let Body::Stroke { record, .. } = &mut p.body {
                let mut r = unpack_record(record).unwrap();
                let moved: &mut FinalPosition = r.final_positions.values_mut().next().unwrap();
                moved.x += 0.01;
                *record = pack_record(&r);
                bytes = p.seal(&Identity::from_secret([secret; 32]));
                struck = true;
            }
            breaker.connection.publish(channel, bytes).unwrap();
        }
        if struck {
            break;
        }
        breaker.exchange();
    }
    play_until(&config, &mut [&mut ann, &mut bob], |at| {
        at.iter().all(|p| p.table.is_over())
    });
    settle(&mut [&mut ann, &mut bob]);
    let (shooter, receiver) = if secret == 1 {
        (&mut ann, &mut bob)
    } else {
        (&mut bob, &mut ann)
    };
    assert_eq!(notes(shooter), Vec::new());
    assert_eq!(
        notes(receiver),
        vec![Note::RecordDiffers {
            number: 1,
            seat: usize::from(secret - 1)
        }]
    );
    assert_eq!(outcome(&ann), outcome(&bob));
}

#[test]
fn nothing_a_peer_sends_panics_a_table_or_moves_its_match() {
    let config = Config::defaults();
    let hub = Hub::new();
    let (mut ann, _bob) = at_the_break(&config, &hub);
    settle(&mut [&mut ann]);
    let valid: Vec<Vec<u8>> = hub
        .connect(TABLE)
        .receive()
        .into_iter()
        .map(|(_, m)| m)
        .collect();
    let state = (ann.table.state_hash(), ann.table.turn());
    let mut rng = crate::random::Rng(11);
    let mut fed = 0;
    for i in 0..3000 {
        let pick =
            |rng: &mut crate::random::Rng| valid[rng.below(valid.len() as u64) as usize].clone();
        let bytes: Vec<u8> = match i % 4 {
            // Noise.
            0 => (0..rng.below(600)).map(|_| rng.below(256) as u8).collect(),
            // A message with a few bytes changed.
            1 => {
                let mut m = pick(&mut rng);
                for _ in 0..1 + rng.below(4) {
                    let at = rng.below(m.len() as u64) as usize;
                    m[at] = rng.below(256) as u8;
                }
                m
            }
            // Two messages spliced, or one cut short.
            2 => {
                let (a, b) = (pick(&mut rng), pick(&mut rng));
                let cut = rng.below(a.len() as u64) as usize;
                let mut m = a[..cut].to_vec();
                if rng.chance(50) {
                    m.extend_from_slice(&b[rng.below(b.len() as u64) as usize..]);
                }
                m
            }
            // A message again as it was.
            _ => pick(&mut rng),
        };
        ann.table.receive(Channel::Match, &bytes);
        fed += 1;
    }
    // JSON nested past the parser's depth, and a payload nested inside a wire message.
    ann.table
        .receive(Channel::Match, "[".repeat(100_000).as_bytes());
    let nested = format!(r#"{{"payload": "{}", "sig": ""}}"#, "[".repeat(10_000));
    ann.table.receive(Channel::Match, nested.as_bytes());
    let refused = ann.table.take_notes().len();
    println!("{fed} messages fed, {refused} refused");
    assert_eq!(refused, fed + 2);
    assert_eq!((ann.table.state_hash(), ann.table.turn()), state);
}

#[test]
fn both_seats_restore_a_stroke_by_consent_then_one_concedes_and_both_play_a_rematch() {
    let config = Config::defaults();
    let hub = Hub::new();
    let data = crate::test_support::fresh_dir("online-rematch");
    let dir = data.join("online");
    let mut ann = host(&config, &hub, Some(dir.clone()));
    let mut bob = joining(&config, &hub, 2, true, None);
    let level = config.computer.level("beginner").unwrap().clone();
    // Two strokes or more, the balls noted after each (as they stand for the next).
    let mut after: Vec<Vec<(BallId, DVec2)>> = Vec::new();
    while ann.table.play().map_or(0, |p| p.strokes_judged()) < 2 {
        for p in [&mut ann, &mut bob] {
            p.exchange();
        }
        if let Some(play) = ann.table.play()
            && play.strokes_judged() > after.len()
            && play.phase() == crate::play::Phase::Aiming
        {
            after.push(play.sim().lay_out());
        }
        for p in [&mut ann, &mut bob] {
            computer_move(&mut p.table, &level, 1).unwrap();
        }
    }
    // A stroke struck in the last round comes in now.
    settle(&mut [&mut ann, &mut bob]);
    let n = ann.table.play().unwrap().strokes_judged();
    if after.len() < n {
        after.push(ann.table.play().unwrap().sim().lay_out());
    }
    assert_eq!(after.len(), n, "every stroke's lay-out noted");
    // One seat asking is not enough; both are.
    ann.table.ask_restore().unwrap();
    settle(&mut [&mut ann, &mut bob]);
    assert_eq!(ann.table.play().unwrap().sim().lay_out(), after[n - 1]);
    bob.table.ask_restore().unwrap();
    settle(&mut [&mut ann, &mut bob]);
    for p in [&ann, &bob] {
        let play = p.table.play().unwrap();
        assert_eq!(
            play.sim().lay_out(),
            after[n - 2],
            "rule 22: as before stroke {n}"
        );
        assert_eq!(
            play.strokes_judged(),
            n,
            "the stroke stays on the sheet, restored"
        );
    }
    assert_eq!(outcome(&ann), outcome(&bob));
    // Bob concedes: the game is over for both, and a rematch needs both.
    bob.table.concede().unwrap();
    settle(&mut [&mut ann, &mut bob]);
    for p in [&ann, &bob] {
        assert_eq!(p.table.ending(), Some(&MatchEnding::Conceded { player: 1 }));
        assert_eq!(p.table.turn(), Turn::Over);
    }
    assert_eq!(notes(&mut ann), vec![Note::Conceded { seat: 1 }]);
    // Ann's side keeps her game in her records: Bob conceded, a win. (Bob's side keeps
    // no saves here, so no records.)
    let ann_record = crate::play::profiles::read_profile(&data, "Ann").unwrap();
    let results: Vec<_> = ann_record.matches.iter().map(|m| m.result).collect();
    assert_eq!(results, [crate::play::profiles::MatchResult::Won]);
    assert!(!crate::play::profiles::profile_path(&data, "Bob").exists());
    ann.table.rematch().unwrap();
    settle(&mut [&mut ann, &mut bob]);
    assert_eq!(bob.table.game(), 1);
    bob.table.rematch().unwrap();
    settle(&mut [&mut ann, &mut bob]);
    for p in [&ann, &bob] {
        assert_eq!(p.table.game(), 2);
        assert_eq!(p.table.play().unwrap().phase(), crate::play::Phase::Lag);
        assert!(!p.table.is_over());
    }
    // Each game has its own save.
    for game in [1, 2] {
        assert!(dir.join(format!("{}-{game}.json", TABLE.to_hex())).exists());
    }
    play_until(&config, &mut [&mut ann, &mut bob], |at| {
        at.iter().all(|p| p.table.is_over())
    });
}

#[test]
fn two_builds_whose_physics_differ_are_told_so_at_hello_and_agree_on_the_lag_and_the_sheet() {
    let config = Config::defaults();
    // Bob's build rolls the balls further: his lag and his strokes play otherwise.
    let mut bobs = config.clone();
    bobs.physics.cloth.mu_roll *= 0.8;
    let hub = Hub::new();
    let mut ann = host(&config, &hub, None);
    let mut bob = At {
        table: OnlineTable::join(
            &bobs,
            Identity::from_secret([2; 32]),
            "Bob",
            TABLE,
            Identity::from_secret([1; 32]).public(),
            true,
            "fedcba9876543210".to_owned(),
            None,
        ),
        connection: hub.connect(TABLE),
        computer: true,
    };
    play_until(&config, &mut [&mut ann, &mut bob], |at| {
        at.iter().all(|p| p.table.my_seat().is_some())
    });
    assert_eq!(
        notes(&mut ann),
        vec![Note::PhysicsDiffers {
            name: "Bob".to_owned(),
            theirs: "fedcba9876543210".to_owned(),
            ours: PHYSICS.to_owned(),
        }]
    );
    assert!(matches!(&notes(&mut bob)[..], [Note::PhysicsDiffers { name, .. }] if name == "Ann"));
    assert_eq!(ann.table.my_seat(), Some(0));
    play_until(&config, &mut [&mut ann, &mut bob], |at| {
        at.iter().all(|p| p.table.is_over())
    });
    settle(&mut [&mut ann, &mut bob]);
    // The lag is judged from the host's record, each stroke from its shooter's.
    let winner = |at: &At| at.table.play().unwrap().lag().unwrap().winner;
    assert_eq!(winner(&ann), winner(&bob));
    assert_eq!(outcome(&ann), outcome(&bob));
    assert!(
        notes(&mut bob)
            .iter()
            .any(|n| matches!(n, Note::RecordDiffers { seat: 0, .. })),
        "Ann's strokes play otherwise in Bob's build"
    );
}

#[test]
fn a_seat_away_past_the_grace_ends_the_game_by_the_leaving_rule_for_everyone_and_in_the_save() {
    let config = Config::defaults();
    let hub = Hub::new();
    let data = crate::test_support::fresh_dir("online-leaving");
    let dir = data.join("online");
    let mut ann = host(&config, &hub, Some(dir.clone()));
    let mut bob = joining(&config, &hub, 2, true, None);
    play_until(&config, &mut [&mut ann, &mut bob], |at| {
        at.iter()
            .all(|p| p.table.play().is_some_and(|p| p.referee().is_some()))
    });
    let mut eve = joining(&config, &hub, 3, false, None);
    settle(&mut [&mut ann, &mut bob, &mut eve]);
    let rule = ann.table.leaving_rule();
    assert_eq!(rule, LeavingRule::default());
    // The rule: Carom3D's.
    assert_eq!(rule.verdict(5), crate::play::LeavingVerdict::Void);
    assert_eq!(rule.verdict(30), crate::play::LeavingVerdict::LeaverLoses);
    assert_eq!(rule.verdict(61), crate::play::LeavingVerdict::OpponentWins);

    // A seat cannot claim the game against itself.
    let bob_key = Identity::from_secret([2; 32]);
    let self_claim = Payload {
        v: PROTOCOL_VERSION,
        table: TABLE,
        from: bob_key.public(),
        seat: Some(1),
        n: u64::MAX / 2,
        body: Body::Abandon {
            away: 1,
            match_s: 100,
            away_s: 100,
        },
    }
    .seal(&bob_key);
    eve.connection.publish(Channel::Match, self_claim).unwrap();
    settle(&mut [&mut ann, &mut eve]);
    assert!(!ann.table.is_over() && !eve.table.is_over());

    // Bob says nothing more. Within the grace nothing is claimed; past it, Ann claims.
    let now = Instant::now();
    assert!(!ann.table.claim_if_abandoned(now));
    let later = now + Duration::from_secs(u64::from(rule.grace_s) + 1);
    let away = ann.table.away(1, later).unwrap();
    assert!(away.as_secs() > u64::from(rule.grace_s));
    assert!(ann.table.claim_if_abandoned(later));
    settle(&mut [&mut ann, &mut eve]);
    for p in [&ann, &eve] {
        let Some(MatchEnding::Abandoned {
            player, verdict, ..
        }) = p.table.ending()
        else {
            panic!("the game ended by the leaving rule");
        };
        assert_eq!(*player, 1);
        // Bob was last heard within seconds of the game's start.
        assert_eq!(*verdict, crate::play::LeavingVerdict::Void);
        assert!(p.table.is_over());
    }
    // Bob comes back to a table closed by the rule.
    bob.exchange();
    assert!(bob.table.is_over());
    let saved = crate::play::SavedMatch::read(&dir.join(format!("{}-1.json", TABLE.to_hex())))
        .unwrap()
        .unwrap();
    assert!(matches!(
        saved.ended,
        Some(MatchEnding::Abandoned { player: 1, .. })
    ));
    // A void game is in nobody's records.
    let ann_record = crate::play::profiles::read_profile(&data, "Ann").unwrap();
    assert!(ann_record.matches.is_empty());
}

#[test]
fn table_chat_reaches_seats_and_spectators_as_plain_text_and_a_muted_player_is_not_shown() {
    let config = Config::defaults();
    let hub = Hub::new();
    let (mut ann, mut bob) = at_the_break(&config, &hub);
    let mut eve = joining(&config, &hub, 3, false, None);
    settle(&mut [&mut ann, &mut bob, &mut eve]);
    let now = Instant::now();
    bob.table.say_line("nice\u{7} shot", now).unwrap();
    eve.table.say_line("hello from the rail", now).unwrap();
    settle(&mut [&mut ann, &mut bob, &mut eve]);
    let lines = |at: &At| -> Vec<(String, String)> {
        at.table
            .chat()
            .lines()
            .map(|l| (l.name.clone(), l.text.clone()))
            .collect()
    };
    let expected = [
        ("Bob".to_owned(), "nice  shot".to_owned()),
        ("Eve".to_owned(), "hello from the rail".to_owned()),
    ];
    for p in [&ann, &bob, &eve] {
        assert_eq!(lines(p), expected);
    }
    let long = "x".repeat(crate::online::CHAT_MAX_CHARS + 1);
    assert!(bob.table.say_line(&long, now).is_err());
    ann.table
        .mute(Identity::from_secret([2; 32]).public(), true);
    assert_eq!(lines(&ann), expected[1..]);
}

#[test]
fn a_flood_of_hellos_is_answered_with_a_few_snapshots_not_one_each() {
    let config = Config::defaults();
    let hub = Hub::new();
    let (mut ann, mut bob) = at_the_break(&config, &hub);
    let mut spy = hub.connect(TABLE);
    spy.receive();
    let hello = |from: &Identity, n: u64| {
        Payload {
            v: PROTOCOL_VERSION,
            table: TABLE,
            from: from.public(),
            seat: None,
            n,
            body: Body::Hello {
                build: "flood".into(),
                physics: PHYSICS.into(),
                name: "Flood".into(),
                wants_seat: false,
            },
        }
        .seal(from)
    };
    // One key's hellos, then thirty keys' (each a valid newcomer's).
    let one = Identity::from_secret([40; 32]);
    for n in 1..=50 {
        spy.publish(Channel::Match, hello(&one, n)).unwrap();
    }
    for k in 0..30 {
        spy.publish(
            Channel::Match,
            hello(&Identity::from_secret([50 + k; 32]), 1),
        )
        .unwrap();
    }
    settle(&mut [&mut ann, &mut bob]);
    let snapshots = spy
        .receive()
        .into_iter()
        .filter(|(_, m)| matches!(payload(m).body, Body::Snapshot { part: 1, .. }))
        .count();
    // Ann (the first seat other than the newcomer's) answers; twelve a minute at most.
    assert_eq!(snapshots, 12, "{snapshots} snapshots for 80 hellos");
}

#[test]
fn a_move_the_relay_lost_is_said_again_once_its_seat_has_connected_again() {
    let config = Config::defaults();
    let hub = Hub::new();
    let (mut ann, mut bob) = at_the_break(&config, &hub);
    let level = config.computer.level("beginner").unwrap().clone();
    let judged = |at: &At| at.table.play().unwrap().strokes_judged();
    let before = judged(&ann);
    // Whoever is to break plays (the break ball's place first, perhaps); the relay takes
    // the stroke and loses it.
    let mut lost = false;
    for _ in 0..10 {
        settle(&mut [&mut ann, &mut bob]);
        for p in [&mut ann, &mut bob] {
            if !lost && computer_move(&mut p.table, &level, 1).unwrap() {
                let said = p.table.take_outbox();
                lost = said
                    .iter()
                    .any(|(_, m)| matches!(payload(m).body, Body::Stroke { .. }));
                if !lost {
                    for (channel, bytes) in said {
                        p.connection.publish(channel, bytes).unwrap();
                    }
                }
            }
        }
    }
    assert!(lost, "a stroke was struck");
    settle(&mut [&mut ann, &mut bob]);
    assert_eq!((judged(&ann), judged(&bob)), (before, before));
    // Its seat connects again (a relay restarted): the stroke is said again, and lands.
    let shooter = if ann.table.stroke_on_its_way().is_some() {
        &mut ann
    } else {
        &mut bob
    };
    shooter.table.rejoin();
    settle(&mut [&mut ann, &mut bob]);
    settle(&mut [&mut ann, &mut bob]);
    assert_eq!((judged(&ann), judged(&bob)), (before + 1, before + 1));
    assert_eq!(outcome(&ann), outcome(&bob));
    assert!(ann.table.stroke_on_its_way().is_none() && bob.table.stroke_on_its_way().is_none());
}

#[test]
fn under_a_formats_shot_clock_the_time_travels_and_a_stroke_that_ran_out_is_judged_alike() {
    let config = Config::defaults();
    // Both sides' tables play under the format the seating names.
    let umb = "umb_world_cup";
    let hub = Hub::new();
    let mut ann = At {
        table: OnlineTable::host(
            &config,
            Identity::from_secret([1; 32]),
            "Ann",
            TABLE,
            TableTerms {
                format: Some(umb.to_owned()),
                ..terms(&config)
            },
            PHYSICS.to_owned(),
            None,
        ),
        connection: hub.connect(TABLE),
        computer: true,
    };
    let mut bob = joining(&config, &hub, 2, true, None);
    play_until(&config, &mut [&mut ann, &mut bob], |at| {
        at.iter()
            .all(|p| p.table.play().is_some_and(|p| p.referee().is_some()))
    });
    settle(&mut [&mut ann, &mut bob]);
    assert!(
        ann.table.play().unwrap().clock().is_some(),
        "the format's clock"
    );
    let shooter = |a: &At| matches!(a.table.turn(), Turn::Stroke | Turn::BreakSetup { .. });
    let (up, other) = if shooter(&ann) {
        (&mut ann, &mut bob)
    } else {
        (&mut bob, &mut ann)
    };
    // An end of the clock said before its 30 s is refused by both.
    let early = StrokeTime {
        thinking_s: Some(12.0),
        time_out: false,
    };
    up.table.time_ran_out(early).unwrap();
    settle(&mut [&mut *up, &mut *other]);
    let refused = |at: &mut At| {
        notes(at)
            .into_iter()
            .any(|n| matches!(n, Note::Refused(Refusal::Terms(_))))
    };
    assert!(refused(up) && refused(other));
    assert_eq!(other.table.play().unwrap().strokes_judged(), 0);
    // At its 30 s: a foul by the format's rule on both sides, the time in both saves.
    let ran_out = StrokeTime {
        thinking_s: Some(30.0),
        time_out: false,
    };
    up.table.time_ran_out(ran_out).unwrap();
    settle(&mut [&mut *up, &mut *other]);
    for at in [&*up, &*other] {
        let play = at.table.play().unwrap();
        let verdict = play.last_verdict().unwrap();
        assert_eq!(verdict.fouls, vec![crate::rules::Foul::ShotClock]);
        let saved = play.saved().unwrap();
        assert!(saved.strokes[0].timed_out);
        assert_eq!(saved.strokes[0].thinking_s, Some(30.0));
    }
    // The other seat's stroke carries its thinking time and its time-out.
    let (up, other) = (other, up);
    let cue = up.table.play().unwrap().cue_ball();
    let taken = StrokeTime {
        thinking_s: Some(41.5),
        time_out: true,
    };
    up.table
        .strike(Stroke::new(cue, 10.0, 2.0), false, taken)
        .unwrap();
    settle(&mut [&mut *up, &mut *other]);
    for at in [&*up, &*other] {
        let saved = at.table.play().unwrap().saved().unwrap();
        assert_eq!(
            (saved.strokes[1].thinking_s, saved.strokes[1].time_out),
            (Some(41.5), true)
        );
    }
    assert_eq!(outcome(up), outcome(other));
}
