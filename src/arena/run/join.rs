//! Joining the records of a run's shards (or of one resumed file) back
//! into the run: every file must carry a header of the same run and shard
//! count, every game must be the run's and its file's shard's, none twice
//! and none missing. The reports are then rebuilt from the games, in game
//! order, as the one-process run built them (timings aside: records do not
//! keep them).

use std::collections::BTreeMap;
use std::io::BufRead;
use std::time::Duration;

use super::error::RunError;
use super::identity::{HEADER_VERSION, RecordsHeader, RunKind};
use crate::arena::error::{ArenaError, RecordError};
use crate::arena::record::GameRecord;
use crate::arena::runner::{MatchReport, Stop};
use crate::arena::schedule::Shard;
use crate::arena::tally::Tally;
use crate::arena::tournament::{
    Pairing, TournamentConfig, TournamentReport, pairing_config, standings,
};
use crate::input::{Lines, MAX_RECORD_LINE_BYTES};

/// One records file as read: its header (if it has one), its games
/// replayed and checked, and whether its last line was cut short (dropped).
#[derive(Clone, Debug)]
pub struct RunFile {
    /// The file's name, for messages.
    pub name: String,
    /// Its header.
    pub header: Option<RecordsHeader>,
    /// Its whole games, in file order.
    pub records: Vec<GameRecord>,
    /// Whether a last line without a line break was dropped.
    pub truncated: bool,
}

/// Reads a records file named `name`: the header, then the games, each
/// replayed to check its result. A last line without a line break is
/// dropped (even one that reads: a resumed run cuts it off and plays it again).
pub fn read_run<R: BufRead>(name: &str, input: R) -> Result<RunFile, RunError> {
    let mut out = RunFile {
        name: name.to_string(),
        header: None,
        records: Vec::new(),
        truncated: false,
    };
    let records_error = |source: ArenaError| RunError::Records {
        file: name.to_string(),
        source,
    };
    let mut lines = Lines::new(input, MAX_RECORD_LINE_BYTES);
    while let Some(item) = lines.next() {
        if lines.unterminated() {
            out.truncated = true;
            break;
        }
        let (line, text) = item.map_err(|e| records_error(RecordError::Input(e).into()))?;
        if text.trim().is_empty() {
            continue;
        }
        if RecordsHeader::is_header_line(&text) {
            out.header = Some(header(name, line, &text, &out)?);
            continue;
        }
        let record: GameRecord = serde_json::from_str(&text)
            .map_err(|source| records_error(RecordError::Json { line, source }.into()))?;
        record.check().map_err(records_error)?;
        out.records.push(record);
    }
    Ok(out)
}

/// Reads the header on `line` of the file read so far as `sofar`.
fn header(name: &str, line: usize, text: &str, sofar: &RunFile) -> Result<RecordsHeader, RunError> {
    let bad = |reason: String| RunError::Header {
        file: name.to_string(),
        line,
        reason,
    };
    if sofar.header.is_some() || !sofar.records.is_empty() {
        return Err(bad("a header after the first line".to_string()));
    }
    let header: RecordsHeader = serde_json::from_str(text).map_err(|e| bad(e.to_string()))?;
    if header.chainlab_records > HEADER_VERSION {
        return Err(bad(format!(
            "version {} is newer than this chainlab's {HEADER_VERSION}",
            header.chainlab_records
        )));
    }
    // The run's settings as a command line would have them checked.
    let run = &header.run;
    run.config(1).check().map_err(|e| bad(e.to_string()))?;
    let players = run.players.len();
    if let Some(&(a, b)) = run
        .pairings
        .iter()
        .find(|&&(a, b)| a >= players || b >= players)
    {
        return Err(bad(format!(
            "pairing {a}-{b} names a player beyond the {players} it lists"
        )));
    }
    Ok(header)
}

/// The games of a whole run, joined from its files.
#[derive(Clone, Debug)]
pub struct Joined {
    /// The run's header (the first file's, as shard 1/1).
    pub header: RecordsHeader,
    /// Every game, by (pairing, game).
    pub records: BTreeMap<(usize, u64), GameRecord>,
}

/// Joins the files of one run: refuses a file without a header, a file of
/// another run or shard count, a game that is not its file's, a game given
/// twice, and games missing (listed with the shards that play them).
pub fn join(files: &[RunFile]) -> Result<Joined, RunError> {
    let mut first: Option<(&RunFile, &RecordsHeader)> = None;
    let mut found: BTreeMap<(usize, u64), (usize, &GameRecord)> = BTreeMap::new();
    for (i, file) in files.iter().enumerate() {
        let Some(header) = &file.header else {
            return Err(RunError::NoHeader {
                file: file.name.clone(),
            });
        };
        match first {
            None => first = Some((file, header)),
            Some((f, h)) => same_run(file, header, f, h)?,
        }
        for record in &file.records {
            let key = place(file, header, record)?;
            if let Some((j, _)) = found.insert(key, (i, record)) {
                return Err(RunError::Duplicate {
                    pairing: record.pairing,
                    game: record.game,
                    first: files.get(j).map(|f| f.name.clone()).unwrap_or_default(),
                    second: file.name.clone(),
                });
            }
        }
    }
    let Some((_, header)) = first else {
        return Err(RunError::NoHeader {
            file: "(no file)".to_string(),
        });
    };
    let records: BTreeMap<(usize, u64), GameRecord> = found
        .into_iter()
        .map(|(k, (_, r))| (k, r.clone()))
        .collect();
    missing(header, &records)?;
    let mut whole = header.clone();
    whole.shard = Shard::WHOLE;
    Ok(Joined {
        header: whole,
        records,
    })
}

/// Refuses `file` unless it is of the same run and shard count as `first`.
fn same_run(
    file: &RunFile,
    header: &RecordsHeader,
    first: &RunFile,
    ours: &RecordsHeader,
) -> Result<(), RunError> {
    let foreign = |field: &str, theirs: String, ours: String| RunError::Foreign {
        file: file.name.clone(),
        first: first.name.clone(),
        field: field.to_string(),
        theirs,
        ours,
    };
    if header.run != ours.run {
        let (a, b) = (json_map(&header.run), json_map(&ours.run));
        let field = a
            .iter()
            .find(|(k, v)| b.get(k.as_str()) != Some(v))
            .map(|(k, _)| k.clone())
            .unwrap_or_else(|| "the run".to_string());
        let show = |m: &serde_json::Map<String, serde_json::Value>| {
            m.get(&field).map(ToString::to_string).unwrap_or_default()
        };
        return Err(foreign(&field, show(&a), show(&b)));
    }
    if header.shard.n != ours.shard.n {
        return Err(foreign(
            "the shard count",
            header.shard.to_string(),
            ours.shard.to_string(),
        ));
    }
    Ok(())
}

/// A value's fields as a JSON map (empty when it is not an object).
fn json_map<T: serde::Serialize>(value: &T) -> serde_json::Map<String, serde_json::Value> {
    match serde_json::to_value(value) {
        Ok(serde_json::Value::Object(map)) => map,
        _ => serde_json::Map::new(),
    }
}

/// Where `record` of `file` belongs in the run: (pairing, game), if it is
/// one of the run's games and of the file's shard.
fn place(
    file: &RunFile,
    header: &RecordsHeader,
    record: &GameRecord,
) -> Result<(usize, u64), RunError> {
    let run = &header.run;
    let stray = |what: String| RunError::StrayGame {
        file: file.name.clone(),
        pairing: record.pairing,
        game: record.game,
        what,
    };
    let pairing = match (run.kind, record.pairing) {
        (RunKind::Match, None) => 0,
        (RunKind::Tournament | RunKind::Class, Some(p)) => p as usize,
        _ => return Err(stray("this kind of run".to_string())),
    };
    if pairing >= run.pairings.len().max(1) || record.game >= run.games {
        return Err(stray("the run".to_string()));
    }
    if !header.shard.plays(pairing, record.game, run.games) {
        return Err(stray(format!("shard {}", header.shard)));
    }
    Ok((pairing, record.game))
}

/// The most missing ranges a message lists.
const MAX_LISTED: usize = 20;

/// Refuses a run with games missing: every game of every pairing, or in a
/// match with an SPRT, every game up to the one it decided on.
fn missing(
    header: &RecordsHeader,
    records: &BTreeMap<(usize, u64), GameRecord>,
) -> Result<(), RunError> {
    let run = &header.run;
    let n = header.shard.n;
    let mut ranges: Vec<(usize, u64, u64)> = Vec::new();
    let mut count = 0u64;
    let mut shards = std::collections::BTreeSet::new();
    let sprt = run.config(1).sprt;
    for pairing in 0..run.pairings.len().max(1) {
        let mut tally = Tally::default();
        for game in 0..run.games {
            if let Some(record) = records.get(&(pairing, game)) {
                tally.add(record);
                if sprt.is_some_and(|s| s.decide_counts(&tally.counts()).is_some()) {
                    break;
                }
                continue;
            }
            count += 1;
            shards.insert(Shard::owner(n, pairing, game, run.games));
            match ranges.last_mut() {
                Some((p, _, end)) if *p == pairing && *end + 1 == game => *end = game,
                _ => ranges.push((pairing, game, game)),
            }
        }
    }
    if count == 0 {
        return Ok(());
    }
    let tournament = run.kind != RunKind::Match;
    let mut list: Vec<String> = ranges
        .iter()
        .take(MAX_LISTED)
        .map(|&(p, a, b)| {
            let games = if a == b {
                format!("game {a}")
            } else {
                format!("games {a}-{b}")
            };
            if tournament {
                format!("{games} of pairing {p}")
            } else {
                games
            }
        })
        .collect();
    if ranges.len() > MAX_LISTED {
        list.push(format!("and {} more ranges", ranges.len() - MAX_LISTED));
    }
    Err(RunError::Missing {
        count,
        list: list.join(", "),
        shards: shards.into_iter().collect(),
    })
}

/// The games of one pairing, in game order, with the SPRT's stop applied.
fn tally_of(
    joined: &Joined,
    pairing: usize,
    sprt: Option<crate::arena::Sprt>,
) -> (Tally, Stop, Option<f64>) {
    let mut tally = Tally::default();
    let mut stop = Stop::Completed;
    let games = joined
        .records
        .range((pairing, 0)..=(pairing, u64::MAX))
        .map(|(_, r)| r);
    for record in games {
        tally.add(record);
        if let Some(decision) = sprt.and_then(|s| s.decide_counts(&tally.counts())) {
            stop = Stop::Sprt(decision);
            break;
        }
    }
    let llr = sprt.map(|s| s.llr_counts(&tally.counts()));
    (tally, stop, llr)
}

/// The match's report rebuilt from its games (no timings: zero).
pub fn match_report(joined: &Joined) -> MatchReport {
    let h = &joined.header;
    let config = h.run.config(h.threads);
    let (tally, stop, llr) = tally_of(joined, 0, config.sprt);
    let label = |i: usize| {
        h.run
            .players
            .get(i)
            .map(|p| p.label.clone())
            .unwrap_or_default()
    };
    MatchReport {
        a: label(0),
        b: label(1),
        config,
        tally,
        stop,
        llr,
        threads: h.threads,
        elapsed: Duration::ZERO,
        deterministic: h.deterministic,
    }
}

/// The tournament's report rebuilt from its games.
pub fn tournament_report(joined: &Joined) -> TournamentReport {
    let h = &joined.header;
    let config = TournamentConfig {
        matches: h.run.config(h.threads),
        gauntlet: h.run.gauntlet,
    };
    let pairings: Vec<Pairing> = h
        .run
        .pairings
        .iter()
        .enumerate()
        .map(|(k, &(a, b))| Pairing {
            a,
            b,
            seed: pairing_config(&config, k).seed,
            tally: tally_of(joined, k, None).0,
        })
        .collect();
    let labels = h.run.labels();
    TournamentReport {
        standings: standings(&labels, &pairings),
        players: labels,
        config,
        pairings,
        cancelled: false,
    }
}
