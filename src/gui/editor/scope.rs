//! Editing scopes: the canvas shows either the top-level graph or the body
//! of an opened group, and edits act on the graph shown. Group definitions
//! are global (the top-level strategy keeps them), so an edit inside a body
//! is applied to the body and then the whole strategy is brought in step:
//! pin copies synced, and refused when a group would contain itself. The
//! strategy's name and description and the Tune panel's constants always
//! belong to the top level. Undo snapshots the whole strategy, so undoing an
//! edit made in a body restores exactly that body (and shows it again).

use crate::strategy::{GroupPin, Kind, Node, NodeId, PinSide, PinType, Strategy};

use super::edit::{Edit, Link};

/// Applies `edit` to the graph of `scope` in the strategy `top`; returns
/// the nodes it created, or why it was refused (`top` may then be
/// half-changed: the caller restores it).
pub fn apply_in(
    top: &mut Strategy,
    scope: Option<&str>,
    edit: Edit,
) -> Result<Vec<NodeId>, String> {
    match edit {
        Edit::Group(g) => g.apply(top, scope),
        Edit::Name(_) | Edit::Description(_) | Edit::SetConstants(_) => edit.apply(top),
        Edit::Add {
            kind: kind @ (Kind::GroupInput | Kind::GroupOutput),
            pos,
            link,
        } => add_interface(top, scope, kind, pos, link),
        Edit::Add {
            kind: Kind::Group, ..
        } => Err("a group is made from nodes: select them and choose Group (Ctrl+G)".to_string()),
        edit => match scope {
            None => edit.apply(top),
            Some(def) => {
                let body = top
                    .group_body_mut(def)
                    .ok_or_else(|| format!("there is no group '{def}'"))?;
                let created = edit.apply(body)?;
                top.sync_groups();
                top.check_nesting().map_err(|e| e.to_string())?;
                Ok(created)
            }
        },
    }
}

/// Adds a new input (output) to the group whose body is shown, its node at
/// `pos`, wired as `link` asks: a group input typed by the input it is
/// dropped on, a group output typed and named by the output it takes.
fn add_interface(
    top: &mut Strategy,
    scope: Option<&str>,
    kind: Kind,
    pos: [f32; 2],
    link: Option<Link>,
) -> Result<Vec<NodeId>, String> {
    let Some(def) = scope else {
        return Err(
            "group inputs and outputs belong inside a group: open a group first".to_string(),
        );
    };
    let body = top
        .group(def)
        .map(|d| &d.body)
        .ok_or_else(|| format!("there is no group '{def}'"))?;
    let (side, pin) = match (kind, link) {
        (Kind::GroupInput, Some(Link::ToInput { to, input })) => {
            let ty = body
                .node(to)
                .and_then(|n| n.input(input))
                .map_or(PinType::Int, |p| p.ty);
            (PinSide::Input, GroupPin::new("input", ty))
        }
        (Kind::GroupOutput, Some(Link::FromOutput(from))) => {
            let node = body.node(from);
            let ty = node.and_then(Node::output).unwrap_or(PinType::Int);
            let name = node.map_or_else(|| "output".to_string(), Node::title);
            (PinSide::Output, GroupPin::new(name, ty))
        }
        (Kind::GroupInput, _) => (PinSide::Input, GroupPin::new("input", PinType::Int)),
        _ => (PinSide::Output, GroupPin::new("output", PinType::Int)),
    };
    let id = top
        .add_group_pin(def, side, pin)
        .map_err(|e| e.to_string())?;
    let body = top
        .group_body_mut(def)
        .ok_or_else(|| format!("there is no group '{def}'"))?;
    if let Some(node) = body.node_mut(id) {
        node.pos = pos;
    }
    let wired = match link {
        Some(Link::ToInput { to, input }) if side == PinSide::Input => body.connect(id, to, input),
        Some(Link::FromOutput(from)) if side == PinSide::Output => body.connect(from, id, 0),
        _ => Ok(()),
    };
    wired.map_err(|e| e.to_string())?;
    Ok(vec![id])
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;
    use crate::gui::editor::edit::GroupEdit;
    use crate::strategy::{GraphBuilder, NodeKind};

    fn grouped() -> (Strategy, String) {
        let mut b = GraphBuilder::new("t", "");
        let corner = b.op(Kind::IsCorner, &[]);
        let five = b.constant(5);
        let product = b.op(Kind::Multiply, &[corner, five]);
        let mut s = b.finish(product);
        let (def, _) = s
            .group_nodes(&BTreeSet::from([five, product]), "weighted")
            .unwrap();
        (s, def)
    }

    #[test]
    fn edits_in_a_scope_change_that_body_and_keep_pins_in_step() {
        let (mut s, def) = grouped();
        let top_nodes = s.nodes().len();
        let edit = Edit::Add {
            kind: Kind::Capacity,
            pos: [0.0, 0.0],
            link: None,
        };
        let created = apply_in(&mut s, Some(&def), edit).unwrap();
        assert_eq!(created.len(), 1);
        assert_eq!(s.nodes().len(), top_nodes);
        let body = s.group(&def).map(|d| d.body.nodes().len());
        assert_eq!(body, Some(5), "2 nodes, 2 interface nodes, the new one");
        // A new group output takes the type and name of the output it reads.
        let link = Some(Link::FromOutput(created[0]));
        let edit = Edit::Add {
            kind: Kind::GroupOutput,
            pos: [300.0, 0.0],
            link,
        };
        assert!(apply_in(&mut s, Some(&def), edit).is_ok());
        let outputs = s.group(&def).unwrap().outputs.clone();
        assert_eq!(outputs.len(), 2);
        assert_eq!(outputs[1].name, "Capacity");
        let instance = s
            .nodes()
            .iter()
            .find(|n| matches!(n.kind, NodeKind::Group { .. }))
            .map(|n| n.output_count());
        assert_eq!(instance, Some(2), "the instance has the new output");
        // Name and description stay with the strategy.
        assert!(apply_in(&mut s, Some(&def), Edit::Name("renamed".into())).is_ok());
        assert_eq!(s.name, "renamed");
        let at_top = Edit::Add {
            kind: Kind::GroupInput,
            pos: [0.0, 0.0],
            link: None,
        };
        assert!(apply_in(&mut s, None, at_top).is_err());
    }

    #[test]
    fn groups_are_made_and_ungrouped_inside_a_body() {
        let (mut s, def) = grouped();
        let body = s.group(&def).unwrap().body.clone();
        let inner: BTreeSet<NodeId> = body
            .nodes()
            .iter()
            .filter(|n| {
                !matches!(
                    n.kind,
                    NodeKind::GroupInput { .. } | NodeKind::GroupOutput { .. }
                )
            })
            .map(|n| n.id)
            .collect();
        let edit = Edit::Group(GroupEdit::Group {
            nodes: inner,
            name: "inner".into(),
        });
        let made = apply_in(&mut s, Some(&def), edit).unwrap();
        assert_eq!(s.groups().len(), 2);
        assert_eq!(s.instances_in(Some(&def), "inner"), made);
        let edit = Edit::Group(GroupEdit::Ungroup(made[0]));
        assert!(apply_in(&mut s, Some(&def), edit).is_ok());
        assert_eq!(s.groups().len(), 1);
        assert_eq!(s.group(&def).unwrap().body, body, "the body as it was");
    }

    #[test]
    fn pasting_a_group_into_its_own_body_is_refused() {
        let (mut s, def) = grouped();
        let clip =
            super::super::edit::Clip::of(&s, &s.instances_in(None, &def).into_iter().collect());
        let why = apply_in(&mut s, Some(&def), Edit::Paste(clip, [0.0, 0.0]));
        assert_eq!(
            why,
            Err("group 'weighted' may not contain itself: weighted › weighted".to_string())
        );
        let ungroup = Edit::Group(GroupEdit::Ungroup(NodeId(999)));
        assert!(apply_in(&mut s, None, ungroup).is_err());
    }
}
