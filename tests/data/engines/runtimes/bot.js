// A random engine in JavaScript for the sandbox tests: node starts and plays
// under the sandbox's default limits (docs/protocol.md).
const lines = require("readline").createInterface({ input: process.stdin });
let position = null;
lines.on("line", (line) => {
  const [word, ...rest] = line.trim().split(" ");
  if (word === "protocol") console.log("name Node bot\nready 1");
  else if (word === "position") position = JSON.parse(rest.join(" "));
  else if (word === "go") {
    const me = position.to_move, moves = [];
    position.cells.forEach((row, r) => row.forEach((cell, c) => {
      if (cell === null || cell.player === me) moves.push(`${r},${c}`);
    }));
    console.log(moves[Math.floor(Math.random() * moves.length)]);
  } else if (word === "quit") process.exit(0);
});
