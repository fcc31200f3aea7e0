//! What a run measured, and its row of the README's table.

use crate::error::BenchError;
use crate::ledger::Tally;
use crate::usage::Usage;
use std::time::Duration;

/// One run's figures.
pub struct Report {
    pub tables: usize,
    pub set_up_in: Duration,
    pub played_in: Duration,
    pub tally: Tally,
    /// Tables whose three sheets are not all the recording's.
    pub desyncs: usize,
    /// Times the relay said a participant published too fast (each asked again).
    pub too_fast: u64,
    /// Notes the tables took (a message refused, a record that differs, ...).
    pub notes: u64,
    /// Participants that did not finish their match: why, with how many said it.
    pub failures: Vec<(String, usize)>,
    pub relay: Option<Usage>,
    pub clients: Usage,
}

/// The table's head, in Markdown.
pub const HEAD: &str = "| tables | p50 | p99 | slowest | delivered | lost | duplicated | sheets that differ | relay CPU | relay RSS | clients' CPU | clients' RSS |\n\
|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|";

impl Report {
    pub fn new(
        tables: usize,
        set_up_in: Duration,
        played_in: Duration,
        relay: Option<Usage>,
        clients: Usage,
    ) -> Report {
        Report {
            tables,
            set_up_in,
            played_in,
            tally: Tally::default(),
            desyncs: 0,
            too_fast: 0,
            notes: 0,
            failures: Vec::new(),
            relay,
            clients,
        }
    }

    /// A participant failed: why.
    pub fn failed(&mut self, failure: BenchError) {
        let why = failure.to_string();
        match self.failures.iter_mut().find(|(w, _)| *w == why) {
            Some((_, count)) => *count += 1,
            None => self.failures.push((why, 1)),
        }
    }

    /// The latency below which `percent` % of the arrivals came, ms.
    fn percentile_ms(sorted_us: &[u32], percent: usize) -> Option<f64> {
        let last = sorted_us.len().checked_sub(1)?;
        let at = (sorted_us.len() * percent / 100).min(last);
        Some(f64::from(sorted_us[at]) / 1000.0)
    }

    /// Its row of the table, in Markdown.
    pub fn row(&mut self) -> String {
        self.tally.latencies_us.sort_unstable();
        let latencies = &self.tally.latencies_us;
        let ms = |percent| {
            Report::percentile_ms(latencies, percent)
                .map_or("-".to_owned(), |v| format!("{v:.1} ms"))
        };
        let cpu = |u: &Usage| format!("{:.0} %", u.cpu_percent());
        let rss = |u: &Usage| format!("{:.0} MiB", u.peak_rss_kib as f64 / 1024.0);
        let relay = self.relay.as_ref();
        format!(
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            self.tables,
            ms(50),
            ms(99),
            ms(100),
            self.tally.delivered,
            self.tally.lost,
            self.tally.duplicated,
            self.desyncs,
            relay.map_or("-".to_owned(), cpu),
            relay.map_or("-".to_owned(), rss),
            cpu(&self.clients),
            rss(&self.clients),
        )
    }

    /// What the row does not say: the run's times, the messages published, the relay's
    /// refusals, the tables' notes, the strays and every failure.
    pub fn details(&self) -> String {
        let mut text = format!(
            "{} tables: set up in {:.1} s ({} WebSockets), played in {:.1} s; {} messages published, \
             {} arrivals of messages never published, {} times too fast, {} notes",
            self.tables,
            self.set_up_in.as_secs_f64(),
            self.tables * 6,
            self.played_in.as_secs_f64(),
            self.tally.published,
            self.tally.strays,
            self.too_fast,
            self.notes,
        );
        for (why, count) in &self.failures {
            text += &format!("\n  {count} participants failed: {why}");
        }
        text
    }
}
