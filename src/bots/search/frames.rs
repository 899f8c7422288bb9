//! Scratch space per ply: the move list of a node and the child position its
//! moves are played on, kept with the searcher and reused from node to node.
//!
//! A node takes the frame of its ply, fills the list, and resets the child
//! from itself before every move with `Node::reset_from` (for a
//! [`Position`](crate::rules::Position) only the board's cells, not all 400
//! slots); it gives the frame back before it
//! returns. Children use the next ply's frame, so a frame is never used by
//! two live nodes at once. A frame is allocated the first time its ply is
//! reached and then lives as long as the searcher: no allocation per node.

use crate::rules::MoveList;

/// The scratch of one node.
pub(super) struct Frame<P> {
    /// The node's moves, ordered in place.
    pub list: MoveList,
    /// The child being searched.
    pub child: P,
}

/// The frames of every ply reached so far.
pub(super) struct Frames<P> {
    slots: Vec<Option<Box<Frame<P>>>>,
}

impl<P> Default for Frames<P> {
    fn default() -> Self {
        Frames { slots: Vec::new() }
    }
}

impl<P: Copy> Frames<P> {
    /// The frame of `ply`, its child a copy of `position` (a new frame the
    /// first time the ply is reached, or when a frame was not given back).
    #[inline]
    pub fn take(&mut self, ply: usize, position: &P) -> Box<Frame<P>> {
        match self.slots.get_mut(ply).and_then(Option::take) {
            Some(frame) => frame,
            None => Box::new(Frame {
                list: MoveList::default(),
                child: *position,
            }),
        }
    }

    /// Gives back the frame of `ply` for the next node at that ply.
    #[inline]
    pub fn give(&mut self, ply: usize, frame: Box<Frame<P>>) {
        if self.slots.len() <= ply {
            self.slots.resize_with(ply + 1, || None);
        }
        if let Some(slot) = self.slots.get_mut(ply) {
            *slot = Some(frame);
        }
    }
}
