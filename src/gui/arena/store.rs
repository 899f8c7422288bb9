//! Where the games of an arena run are kept: every record on disk, in a
//! records file in the temporary folder (the format of `chainlab match
//! --records`; removed when the run is replaced or the app closes, or a day
//! later if the app was killed), found again through a sparse index; the
//! latest few in memory; and the running score for the plot, thinned as it
//! grows. Memory stays small however many games are played.

use std::collections::VecDeque;
use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use crate::arena::run::RecordsHeader;
use crate::arena::{GameRecord, Tally};

/// Finished games kept in memory for the games list.
pub const RECENT: usize = 200;

/// Every this many games the index keeps a record's place in the file.
const INDEX_EVERY: u64 = 64;

/// Points of the score plot kept per pairing (halved when full).
const MAX_POINTS: usize = 1024;

/// Tells the records files of one app's runs apart.
static RUNS: AtomicU64 = AtomicU64::new(0);

/// A finished game and its number in the run (from 0, over all pairings).
#[derive(Clone, Debug)]
pub struct FinishedGame {
    /// The game's number in the run.
    pub number: u64,
    /// The game.
    pub record: GameRecord,
}

/// The latest finished games, newest last.
#[derive(Clone, Debug, Default)]
pub struct Recent {
    games: VecDeque<FinishedGame>,
}

impl Recent {
    /// Keeps `game`, forgetting the oldest beyond [`RECENT`].
    pub fn push(&mut self, game: FinishedGame) {
        if self.games.len() >= RECENT {
            self.games.pop_front();
        }
        self.games.push_back(game);
    }

    /// The games kept, oldest first.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = &FinishedGame> {
        self.games.iter()
    }

    /// The game with this number, if it is kept.
    pub fn find(&self, number: u64) -> Option<&FinishedGame> {
        self.games.iter().find(|g| g.number == number)
    }

    /// How many games are kept.
    pub fn len(&self) -> usize {
        self.games.len()
    }

    /// Whether no game is kept.
    pub fn is_empty(&self) -> bool {
        self.games.is_empty()
    }
}

/// The records file of a run, written by the run's thread.
pub struct RecordsOut {
    path: PathBuf,
    out: BufWriter<File>,
    written: u64,
    /// Lines before the first game (the header, when written).
    header_lines: u64,
    games: u64,
    /// The file offset of games 0, 64, 128, …
    index: Vec<u64>,
}

impl RecordsOut {
    /// A new, empty records file in the temporary folder.
    pub fn create() -> Result<RecordsOut, String> {
        let dir = crate::gui::platform::temp_dir()?.join("chainlab");
        std::fs::create_dir_all(&dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        let run = RUNS.fetch_add(1, Ordering::Relaxed);
        if run == 0 {
            remove_stale(&dir);
        }
        let path = dir.join(format!("arena-{}-{run}.jsonl", std::process::id()));
        let file =
            File::create(&path).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        Ok(RecordsOut {
            path,
            out: BufWriter::new(file),
            written: 0,
            header_lines: 0,
            games: 0,
            index: Vec::new(),
        })
    }

    /// Where the records go.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Writes the header that names the run (before any game), so that
    /// the file, exported or left behind, can be merged and resumed.
    pub fn header(&mut self, header: &RecordsHeader) -> Result<(), String> {
        if self.games > 0 || self.header_lines > 0 {
            return Err("a records header goes before every game".to_string());
        }
        let line = self.line(header)?;
        self.written += line.len() as u64;
        self.header_lines = 1;
        Ok(())
    }

    /// Writes `value` as one line (flushed, so that it can be read back at
    /// once); the line.
    fn line(&mut self, value: &impl serde::Serialize) -> Result<String, String> {
        let mut line = serde_json::to_string(value).map_err(|e| e.to_string())?;
        line.push('\n');
        self.out
            .write_all(line.as_bytes())
            .and_then(|()| self.out.flush())
            .map_err(|e| format!("cannot write {}: {e}", self.path.display()))?;
        Ok(line)
    }

    /// Appends one game (flushed, so that it can be read back at once).
    pub fn append(&mut self, record: &GameRecord) -> Result<(), String> {
        let line = self.line(record)?;
        if self.games.is_multiple_of(INDEX_EVERY) {
            self.index.push(self.written);
        }
        self.written += line.len() as u64;
        self.games += 1;
        Ok(())
    }

    /// Where to find the games written so far.
    pub fn index(&self) -> RecordsIndex {
        RecordsIndex {
            path: self.path.clone(),
            header_lines: self.header_lines,
            games: self.games,
            offsets: self.index.clone(),
        }
    }

    /// Adds the index entry of the latest game to `index` (cheaper than
    /// [`RecordsOut::index`] after every game).
    pub fn update(&self, index: &mut RecordsIndex) {
        index.games = self.games;
        if index.offsets.len() < self.index.len() {
            index
                .offsets
                .extend_from_slice(self.index.get(index.offsets.len()..).unwrap_or(&[]));
        }
    }
}

/// Removes the records files of runs a day old or more (left behind by an
/// app that was killed); a file that cannot be removed stays.
fn remove_stale(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let day = std::time::Duration::from_secs(24 * 3600);
    for entry in entries.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        let old = entry
            .metadata()
            .and_then(|m| m.modified())
            .ok()
            .and_then(|t| t.elapsed().ok())
            .is_some_and(|age| age >= day);
        if old && name.starts_with("arena-") && name.ends_with(".jsonl") {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// How to find the games of a records file being written.
#[derive(Clone, Debug, Default)]
pub struct RecordsIndex {
    path: PathBuf,
    header_lines: u64,
    games: u64,
    offsets: Vec<u64>,
}

impl RecordsIndex {
    /// The records file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The number of games written.
    pub fn games(&self) -> u64 {
        self.games
    }

    /// Reads game `number` (from 0) back from the file.
    pub fn read(&self, number: u64) -> Result<GameRecord, String> {
        if number >= self.games {
            return Err(format!(
                "there is no game {number}: {} games were played",
                self.games
            ));
        }
        let k = number;
        let offset = self
            .offsets
            .get((k / INDEX_EVERY) as usize)
            .copied()
            .ok_or_else(|| format!("game {number} is not in the index"))?;
        let shown = self.path.display();
        let mut file = File::open(&self.path).map_err(|e| format!("cannot read {shown}: {e}"))?;
        file.seek(SeekFrom::Start(offset))
            .map_err(|e| format!("cannot read {shown}: {e}"))?;
        // The one records reader, with its line limit, as for any records file.
        crate::arena::read_records(BufReader::new(file))
            .nth((k % INDEX_EVERY) as usize)
            .ok_or_else(|| format!("game {number} is missing from {shown}"))?
            .map_err(|e| format!("game {number} in {shown}: {e}"))
    }

    /// Copies the games written so far to `to`, in the same format; returns
    /// how many.
    pub fn export(&self, to: &Path) -> Result<u64, String> {
        let shown = self.path.display();
        let file = File::open(&self.path).map_err(|e| format!("cannot read {shown}: {e}"))?;
        let mut copied: u64 = 0;
        // Through the one output writer (atomic, never over a device or a
        // link's target's kind); line by line, up to the games indexed (the
        // run may still be writing).
        crate::output::write_with(to, &crate::output::Inputs::none(), |out| {
            for line in BufReader::new(file)
                .lines()
                .take((self.header_lines + self.games) as usize)
            {
                writeln!(out, "{}", line?)?;
                copied += 1;
            }
            Ok(())
        })
        .map_err(|e| e.to_string())?;
        Ok(copied.saturating_sub(self.header_lines))
    }
}

/// One point of the score plot: after `games` games, side A's score and
/// its 95% interval (fractions of 1).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ScorePoint {
    /// Games played.
    pub games: f64,
    /// The score.
    pub score: f64,
    /// The interval's lower end.
    pub low: f64,
    /// The interval's upper end.
    pub high: f64,
}

impl ScorePoint {
    /// The point of a tally, `None` before any game.
    pub fn of(tally: &Tally) -> Option<ScorePoint> {
        let score = tally.wdl.score()?;
        let (low, high) = tally.wdl.score_ci95()?;
        Some(ScorePoint {
            games: tally.games() as f64,
            score,
            low,
            high,
        })
    }
}

/// The running score of one pairing, one point every `stride` games; the
/// stride doubles (and every other point goes) when the points fill up.
#[derive(Clone, Debug)]
pub struct ScoreSeries {
    points: Vec<ScorePoint>,
    stride: u64,
    last: Option<ScorePoint>,
}

impl Default for ScoreSeries {
    fn default() -> Self {
        ScoreSeries {
            points: Vec::new(),
            stride: 1,
            last: None,
        }
    }
}

impl ScoreSeries {
    /// Records the score after a game.
    pub fn add(&mut self, tally: &Tally) {
        let Some(point) = ScorePoint::of(tally) else {
            return;
        };
        self.last = Some(point);
        if !tally.games().is_multiple_of(self.stride) {
            return;
        }
        if self.points.len() >= MAX_POINTS {
            self.stride *= 2;
            let stride = self.stride;
            self.points
                .retain(|p| (p.games as u64).is_multiple_of(stride));
            if !tally.games().is_multiple_of(stride) {
                return;
            }
        }
        self.points.push(point);
    }

    /// The points to draw, the latest game's included.
    pub fn points(&self) -> Vec<ScorePoint> {
        let mut points = self.points.clone();
        if let Some(last) = self.last
            && points.last() != Some(&last)
        {
            points.push(last);
        }
        points
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::Wdl;

    fn tally(wins: u64, losses: u64) -> Tally {
        Tally {
            wdl: Wdl::new(wins, 0, losses),
            ..Tally::default()
        }
    }

    #[test]
    fn the_series_stays_small_and_ends_at_the_latest_game() {
        let mut series = ScoreSeries::default();
        for n in 1..=100_000u64 {
            series.add(&tally(n / 2, n - n / 2));
        }
        let points = series.points();
        assert!(points.len() <= MAX_POINTS + 1, "{}", points.len());
        assert_eq!(points.last().map(|p| p.games), Some(100_000.0));
        assert!(points.windows(2).all(|w| w[0].games < w[1].games));
    }

    #[test]
    fn recent_keeps_the_newest() {
        let mut recent = Recent::default();
        let record = GameRecord {
            pairing: None,
            game: 0,
            seed: 1,
            size: crate::rules::Size::JABC,
            rules: crate::rules::Rules::Standard,
            players: vec!["a".into(), "b".into()],
            sides: "ab".into(),
            opening: 0,
            moves: Vec::new(),
            winner: None,
            forfeit: None,
            reason: String::new(),
            ranks: None,
            think: Default::default(),
        };
        for number in 0..500 {
            recent.push(FinishedGame {
                number,
                record: record.clone(),
            });
        }
        assert_eq!(recent.len(), RECENT);
        assert!(recent.find(499).is_some() && recent.find(299).is_none());

        let mut out = RecordsOut::create().unwrap();
        let mut index = out.index();
        for game in 0..150 {
            out.append(&GameRecord {
                game,
                ..record.clone()
            })
            .unwrap();
            out.update(&mut index);
        }
        assert_eq!(index.games(), 150);
        for number in [0, 63, 64, 128, 149] {
            assert_eq!(index.read(number).unwrap().game, number);
        }
        assert!(index.read(150).is_err());
        let copy = out.path().with_extension("copy.jsonl");
        assert_eq!(index.export(&copy).unwrap(), 150);
        let back: Vec<_> =
            crate::arena::read_records(BufReader::new(File::open(&copy).unwrap())).collect();
        assert_eq!(back.len(), 150);
        std::fs::remove_file(copy).unwrap();
        std::fs::remove_file(out.path()).unwrap();
    }
}
