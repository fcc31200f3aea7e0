use super::*;
use crate::shot::{BallId, Stroke};

const TABLE: TableId = TableId([7; 16]);

pub(super) fn host() -> Identity {
    Identity::from_secret([1; 32])
}

pub(super) fn guest() -> Identity {
    Identity::from_secret([2; 32])
}

fn stranger() -> Identity {
    Identity::from_secret([3; 32])
}

fn message(from: &Identity, seat: Option<u8>, n: u64, body: Body) -> Payload {
    Payload {
        v: PROTOCOL_VERSION,
        table: TABLE,
        from: from.public(),
        seat,
        n,
        body,
    }
}

pub(super) fn seating() -> Body {
    Body::Seating {
        terms: TableTerms {
            game: "three_cushion".to_owned(),
            table: "match".to_owned(),
            target: 15,
            innings_limit: None,
            targets: Vec::new(),
            leaving: LeavingRule::default(),
            format: None,
            condition: None,
        },
        seats: vec![
            SeatHolder {
                name: "Ann".to_owned(),
                key: host().public(),
            },
            SeatHolder {
                name: "Bob".to_owned(),
                key: guest().public(),
            },
        ],
    }
}

fn concede() -> Body {
    Body::Concede
}

/// An inbox at the table with the host's seating applied.
fn seated() -> Inbox {
    let mut inbox = Inbox::new(TABLE, host().public());
    inbox
        .accept(&message(&host(), Some(0), 1, seating()).seal(&host()))
        .unwrap();
    inbox
}

#[test]
fn a_sealed_message_opens_to_what_was_sealed() {
    let sent = message(&guest(), Some(1), 5, concede());
    assert_eq!(Payload::open(&sent.seal(&guest())), Ok(sent));
    assert_eq!(
        seated().seats(),
        Some(&[host().public(), guest().public()][..])
    );
}

#[test]
fn a_message_signed_by_another_key_or_changed_after_signing_is_forged() {
    // The guest's key named, a stranger's signature.
    let forged = message(&guest(), Some(1), 2, concede()).seal(&stranger());
    assert_eq!(seated().accept(&forged), Err(Refusal::Forged));
    // The guest's own message with its counter changed on the way.
    let honest = message(&guest(), Some(1), 2, concede()).seal(&guest());
    let tampered = String::from_utf8(honest)
        .unwrap()
        .replace(r#"\"n\":2"#, r#"\"n\":3"#);
    assert!(tampered.contains(r#"\"n\":3"#));
    assert_eq!(seated().accept(tampered.as_bytes()), Err(Refusal::Forged));
}

#[test]
fn a_replayed_message_is_refused_and_the_next_one_applies() {
    let mut inbox = seated();
    let first = message(&guest(), Some(1), 2, concede()).seal(&guest());
    assert!(inbox.accept(&first).is_ok());
    assert_eq!(
        inbox.accept(&first),
        Err(Refusal::Replayed { n: 2, last: 2 })
    );
    let older = message(&guest(), Some(1), 1, concede()).seal(&guest());
    assert_eq!(
        inbox.accept(&older),
        Err(Refusal::Replayed { n: 1, last: 2 })
    );
    let next = message(&guest(), Some(1), 3, concede()).seal(&guest());
    assert!(inbox.accept(&next).is_ok());
}

#[test]
fn malformed_messages_are_refused_with_what_is_wrong() {
    let mut inbox = seated();
    for bytes in [
        &b"\xff\xfe not json"[..],
        br#"{"payload": 3, "sig": ""}"#,
        br#"{"payload": "{\"v\":1}", "sig": "00"}"#,
        br#"[]"#,
    ] {
        assert!(
            matches!(inbox.accept(bytes), Err(Refusal::Malformed(_))),
            "{bytes:?}"
        );
    }
    // A kind this version does not know.
    let text = String::from_utf8(message(&guest(), Some(1), 2, concede()).seal(&guest())).unwrap();
    let unknown = text.replace("concede", "surrender");
    assert!(
        matches!(inbox.accept(unknown.as_bytes()), Err(Refusal::Malformed(e)) if e.contains("surrender"))
    );
    // A signature that is not hex.
    let bad_sig = text[..text.len() - 4].to_owned() + "zz\"}";
    assert!(matches!(
        inbox.accept(bad_sig.as_bytes()),
        Err(Refusal::Malformed(_))
    ));
}

#[test]
fn an_oversized_message_is_refused_by_the_inbox_and_the_hub() {
    let huge = Body::Hello {
        build: "x".repeat(MAX_MESSAGE_BYTES),
        physics: String::new(),
        name: "Ann".to_owned(),
        wants_seat: true,
    };
    let bytes = message(&guest(), None, 1, huge).seal(&guest());
    assert!(
        matches!(seated().accept(&bytes), Err(Refusal::TooLarge { max, .. }) if max == MAX_MESSAGE_BYTES)
    );
    let mut connection = Hub::new().connect(TABLE);
    assert!(connection.publish(Channel::Match, bytes).is_err());
    assert!(connection.receive().is_empty());
}

#[test]
fn another_version_is_named_not_guessed_at() {
    let mut payload = message(&guest(), Some(1), 2, concede());
    payload.v = 2;
    assert_eq!(
        seated().accept(&payload.seal(&guest())),
        Err(Refusal::UnknownVersion(2))
    );
}

#[test]
fn only_the_seated_may_play_and_each_only_from_their_own_seat() {
    let mut inbox = seated();
    // The guest claiming the host's seat.
    let wrong = message(&guest(), Some(0), 2, concede()).seal(&guest());
    assert_eq!(
        inbox.accept(&wrong),
        Err(Refusal::WrongSeat { seat: Some(0) })
    );
    let none = message(&guest(), None, 3, concede()).seal(&guest());
    assert_eq!(inbox.accept(&none), Err(Refusal::WrongSeat { seat: None }));
    // A spectator may say hello, never play.
    let hello = Body::Hello {
        build: "carom 0.1.0".to_owned(),
        physics: "abc".to_owned(),
        name: "Eve".to_owned(),
        wants_seat: false,
    };
    assert!(
        inbox
            .accept(&message(&stranger(), None, 1, hello).seal(&stranger()))
            .is_ok()
    );
    let spectator = message(&stranger(), Some(1), 2, concede()).seal(&stranger());
    assert_eq!(inbox.accept(&spectator), Err(Refusal::NotSeated));
    // Nobody plays before the host has seated them.
    let early = message(&guest(), Some(1), 1, concede()).seal(&guest());
    assert_eq!(
        Inbox::new(TABLE, host().public()).accept(&early),
        Err(Refusal::NotSeated)
    );
}

#[test]
fn only_the_host_seats_the_table_and_only_this_table_counts() {
    let mut inbox = Inbox::new(TABLE, host().public());
    let usurper = message(&guest(), Some(0), 1, seating()).seal(&guest());
    assert_eq!(inbox.accept(&usurper), Err(Refusal::SeatingNotFromHost));
    assert_eq!(inbox.seats(), None);
    let mut elsewhere = message(&host(), Some(0), 1, seating());
    elsewhere.table = TableId([8; 16]);
    assert_eq!(
        inbox.accept(&elsewhere.seal(&host())),
        Err(Refusal::OtherTable)
    );
}

#[test]
fn a_lag_commitment_opens_only_to_its_stroke_and_salt() {
    let lag = LagStroke {
        at: [-0.9, 0.35],
        stroke: Stroke::new(BallId::White, 0.0, 1.3),
    };
    let salt = Salt([9; 32]);
    let commitment = Commitment::to(&lag, &salt);
    assert!(commitment.opens_to(&lag, &salt));
    let answered = LagStroke {
        stroke: Stroke::new(BallId::White, 0.0, 1.31),
        ..lag
    };
    assert!(!commitment.opens_to(&answered, &salt));
    let moved = LagStroke {
        at: [-0.9, 0.3],
        ..lag
    };
    assert!(!commitment.opens_to(&moved, &salt));
    assert!(!commitment.opens_to(&lag, &Salt([8; 32])));
    // A seat's own salt for a round is the same each time it is made, and another's
    // or another round's is not.
    let salt =
        |secret: u8, round: u32| Salt::for_lag(&Identity::from_secret([secret; 32]), TABLE, round);
    assert_eq!(salt(2, 1), salt(2, 1));
    assert_ne!(salt(2, 1), salt(2, 2));
    assert_ne!(salt(2, 1), salt(3, 1));
    // As the messages carry them.
    let body = Body::LagCommit {
        round: 1,
        commitment,
    };
    let sent = message(&guest(), Some(1), 2, body).seal(&guest());
    let Payload {
        body: Body::LagCommit {
            commitment: got, ..
        },
        ..
    } = seated().accept(&sent).unwrap()
    else {
        panic!("a lag commitment");
    };
    assert_eq!(got, commitment);
    assert_ne!(Salt::generate().unwrap(), Salt::generate().unwrap());
}

#[test]
fn a_packed_record_unpacks_to_the_record_and_a_bomb_is_refused() {
    use crate::config::Config;
    use crate::math::DVec2;
    use crate::physics::TableSim;
    use crate::table::TableGeometry;
    let config = Config::defaults();
    let table = TableGeometry::new(&config.tables, None, &config.balls).unwrap();
    let mut sim = TableSim::new(&config, table);
    sim.place(&[
        (BallId::White, DVec2::new(-0.5, 0.1)),
        (BallId::Red, DVec2::new(0.6, -0.2)),
    ])
    .unwrap();
    sim.strike(&[Stroke::new(BallId::White, 20.0, 3.0)], None)
        .unwrap();
    let record = sim.run_to_rest();
    let packed = pack_record(&record);
    assert!(packed.len() < serde_json::to_string(&record).unwrap().len());
    assert_eq!(unpack_record(&packed), Ok(record));
    assert_eq!(
        unpack_record("not base64 !"),
        Err(PackedRecordError::NotBase64)
    );
    assert_eq!(
        unpack_record("AAAA"),
        Err(PackedRecordError::DoesNotInflate)
    );
    // 8 MiB of zeros deflate to a few kilobytes.
    use base64::Engine;
    use std::io::Write;
    let mut deflate = flate2::write::DeflateEncoder::new(Vec::new(), flate2::Compression::best());
    deflate.write_all(&vec![0u8; 8 << 20]).unwrap();
    let bomb = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(deflate.finish().unwrap());
    assert!(bomb.len() < MAX_MESSAGE_BYTES);
    assert_eq!(
        unpack_record(&bomb),
        Err(PackedRecordError::TooLarge { max: 1 << 20 })
    );
}

#[test]
fn the_physics_fingerprint_tells_apart_physics_that_differ_in_any_bit() {
    use crate::config::Config;
    use crate::table::TableGeometry;
    let config = Config::defaults();
    let table = TableGeometry::new(&config.tables, None, &config.balls).unwrap();
    let ours = physics_fingerprint(&config, &table).unwrap();
    assert_eq!(ours.len(), 16);
    assert_eq!(physics_fingerprint(&config, &table).unwrap(), ours);
    let mut other = config.clone();
    other.physics.cloth.mu_roll *= 1.0 + f64::EPSILON;
    assert_ne!(physics_fingerprint(&other, &table).unwrap(), ours);
    // A table condition's figures too, though none of the built-in strokes plays it.
    let mut worn = config.clone();
    let cloth = worn.physics.conditions[1].cloth.as_mut().unwrap();
    cloth.mu_roll *= 1.0 + f64::EPSILON;
    assert_ne!(physics_fingerprint(&worn, &table).unwrap(), ours);
    // Names are not physics.
    let mut renamed = config.clone();
    renamed.physics.conditions[1].name = "Slow cloth".into();
    assert_eq!(physics_fingerprint(&renamed, &table).unwrap(), ours);
}
