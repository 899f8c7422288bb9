//! Reaction animation: the frames of one move, wave by wave, shown at a
//! chosen pace. The game itself has already moved on; the animation only
//! decides what the board shows meanwhile.

use crate::rules::{Coord, Position, WaveLog};

/// The longest a single move's animation may take, in seconds: longer
/// chains play faster so that big boards stay watchable.
const MAX_TOTAL_SECONDS: f64 = 6.0;

/// One picture of a running move: the board, and the cells about to react.
#[derive(Clone, Debug)]
pub struct Frame {
    /// The board at this moment.
    pub position: Position,
    /// Cells that are at their threshold and react next.
    pub reacting: Vec<Coord>,
}

/// The animation of one move: frame 0 is the board right after the atom is
/// placed, with the cells of the first wave about to react; each further
/// frame is the board after one more wave.
#[derive(Clone, Debug)]
pub struct MoveAnimation {
    frames: Vec<Frame>,
    shown: usize,
    seconds_per_frame: f64,
    next_at: Option<f64>,
}

impl MoveAnimation {
    /// The animation of a move recorded in `log`, or `None` when nothing
    /// reacted (there is nothing to animate). `seconds_per_wave` is the pace.
    pub fn from_log(log: &WaveLog, seconds_per_wave: f64) -> Option<MoveAnimation> {
        let first = log.after_placement?;
        if log.waves.is_empty() {
            return None;
        }
        let mut frames = Vec::with_capacity(log.waves.len());
        let mut position = first;
        for (reacted, after) in &log.waves {
            frames.push(Frame {
                position,
                reacting: reacted.clone(),
            });
            position = *after;
        }
        let waves = frames.len() as f64;
        Some(MoveAnimation {
            frames,
            shown: 0,
            seconds_per_frame: seconds_per_wave.min(MAX_TOTAL_SECONDS / waves).max(0.0),
            next_at: None,
        })
    }

    /// The frame to draw now.
    pub fn frame(&self) -> Option<&Frame> {
        self.frames.get(self.shown)
    }

    /// Number of frames (one per wave).
    pub fn len(&self) -> usize {
        self.frames.len()
    }

    /// Whether the animation has no frames.
    pub fn is_empty(&self) -> bool {
        self.frames.is_empty()
    }

    /// The index of the frame shown now.
    pub fn shown(&self) -> usize {
        self.shown
    }

    /// Advances to the frame due at time `now` (seconds). Returns the time of
    /// the next change, or `None` when the animation has finished.
    pub fn advance(&mut self, now: f64) -> Option<f64> {
        let due = *self.next_at.get_or_insert(now + self.seconds_per_frame);
        if now >= due {
            self.shown += 1;
            self.next_at = Some(now + self.seconds_per_frame);
        }
        (self.shown < self.frames.len()).then_some(self.next_at.unwrap_or(now))
    }

    /// Whether every frame has been shown.
    pub fn is_finished(&self) -> bool {
        self.shown >= self.frames.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Rules, Size};

    fn corner_chain() -> WaveLog {
        let mut p = Position::new(Size::JABC, 2, Rules::Standard).unwrap();
        for m in ["0,0", "4,5", "0,0"] {
            let mut log = WaveLog::default();
            p.play_observed(m.parse().unwrap(), &mut log).unwrap();
            if !log.waves.is_empty() {
                return log;
            }
        }
        panic!("no reaction");
    }

    #[test]
    fn a_quiet_move_has_no_animation() {
        let mut p = Position::new(Size::JABC, 2, Rules::Standard).unwrap();
        let mut log = WaveLog::default();
        p.play_observed("1,1".parse().unwrap(), &mut log).unwrap();
        assert!(MoveAnimation::from_log(&log, 0.2).is_none());
    }

    #[test]
    fn frames_advance_with_time_and_finish() {
        let log = corner_chain();
        let mut anim = MoveAnimation::from_log(&log, 0.25).unwrap();
        assert_eq!(anim.len(), 1);
        let frame = anim.frame().unwrap();
        assert_eq!(frame.reacting, vec!["0,0".parse().unwrap()]);
        assert_eq!(anim.advance(10.0), Some(10.25));
        assert_eq!(anim.advance(10.1), Some(10.25));
        assert_eq!(anim.advance(10.3), None);
        assert!(anim.is_finished());
    }
}
