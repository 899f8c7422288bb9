//! Frames: titled, coloured boxes drawn behind a region of the canvas, with
//! optional notes. Which nodes a frame holds is not stored: it is the nodes
//! whose position lies inside its rectangle, so it can never go stale.

/// The number of frame colours (a frame stores an index into the editor's
/// palette of this many).
pub const FRAME_COLOURS: u8 = 8;

/// A titled box around a region of the canvas.
#[derive(Clone, Debug, PartialEq)]
pub struct Frame {
    /// The title shown in its header.
    pub title: String,
    /// The colour, an index below [`FRAME_COLOURS`].
    pub colour: u8,
    /// The box in canvas units: `[x, y, width, height]`.
    pub rect: [f32; 4],
    /// Notes shown under the title (may be empty).
    pub notes: String,
    /// Whether only the title is shown (the nodes inside are hidden).
    pub collapsed: bool,
}

impl Frame {
    /// A frame titled `title` around `rect`, colour 0, no notes, open.
    pub fn new(title: impl Into<String>, rect: [f32; 4]) -> Frame {
        Frame {
            title: title.into(),
            colour: 0,
            rect,
            notes: String::new(),
            collapsed: false,
        }
    }

    /// Whether a node at `pos` lies inside the frame.
    pub fn contains(&self, pos: [f32; 2]) -> bool {
        let [x, y, w, h] = self.rect;
        pos[0] >= x && pos[0] <= x + w && pos[1] >= y && pos[1] <= y + h
    }
}
