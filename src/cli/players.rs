//! `chainlab players`: the built-in players and how to name them.

use std::process::ExitCode;

use chainlab::bots::{BotKind, builtins};
use serde_json::json;

use super::CmdResult;

/// Arguments of `chainlab players`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Print a JSON array of {spec, name, description}.
    #[arg(long)]
    json: bool,
}

/// Runs `chainlab players`.
pub fn run(args: &Args) -> CmdResult {
    let ladder = builtins();
    if args.json {
        let list: Vec<_> = ladder
            .iter()
            .map(|b| json!({"spec": b.spec, "name": b.name, "description": b.description}))
            .collect();
        outln!("{}", serde_json::Value::Array(list));
        return Ok(ExitCode::SUCCESS);
    }
    outln!("Built-in players, weakest first:\n");
    let width = ladder.iter().map(|b| b.spec.len()).max().unwrap_or(0);
    for b in &ladder {
        outln!("  {:<width$}  {}", b.spec, b.description);
    }
    outln!("\nSpecs: bot:KIND[:OPTION=VALUE,...]; options per kind:\n");
    for kind in BotKind::ALL {
        let options = match kind.options() {
            [] => "(none)".to_string(),
            list => {
                let names: Vec<&str> = list.iter().map(|o| o.name()).collect();
                names.join(", ")
            }
        };
        outln!("  {:<12} {options}", kind.name());
    }
    outln!(
        "\n  depth=N   search depth in plies (expert 3, master 5 by default)\n  \
nodes=N   stop a search after about N nodes\n  \
quiescence=N  plies of capture search at the leaves (expert 0, master 4)\n  \
iters=N   playouts per move (mcts, 2000 by default)\n  \
playout=N random plies per playout before the expert evaluation scores it (mcts, 4; 0: to the end)\n  \
ms=N      time per move in milliseconds (games then do not replay exactly)\n  \
eval=E    search evaluation: expert (default) or balanced (minus the best opponent's)\n  \
graph=F   a strategy file (.json, no ',' in the path) that orders the search's moves\n  \
width=K   with graph: search only the graph's K best moves at every node\n  \
random=P  play a uniformly random move P% of the time\n\n\
bot:perfect plays perfectly (the fastest win, the longest loss) on two-player boards of at\n\
most 12 cells under standard or overflow rules (docs/solve.md); larger boards are refused.\n\n\
A strategy file (a path ending in .json) is a player too, and so is a program in any\n\
language that speaks the engine protocol: cmd:COMMAND ARGS (for example\n\
'cmd:python3 examples/engines/starter_bot.py') or the path of its bot.toml.\n\
See docs/players.md and docs/protocol.md."
    );
    Ok(ExitCode::SUCCESS)
}
