"""Python functions as chainlab engines (docs/protocol.md).

    import chainlab.engine
    chainlab.engine.run(lambda position, seed: position.legal_moves()[0], name="First")

`run` speaks the protocol on stdin/stdout: it reads each `position` into a `chainlab.Position`
and answers `go` with the move `choose(position, seed)` returns. Play it with
`chainlab match 'cmd:python3 my_bot.py' bot:random`.
"""
import sys
from typing import Callable, Dict, Optional, TextIO, Tuple

from ._chainlab import Position

Move = Tuple[int, int]
Choose = Callable[[Position, int], Move]


def run(
    choose: Choose,
    name: str = "Python bot",
    author: Optional[str] = None,
    options: Optional[Dict[str, str]] = None,
    stdin: TextIO = sys.stdin,
    stdout: TextIO = sys.stdout,
) -> None:
    """Runs `choose(position, seed)` as a protocol engine until `quit` or the end of input.

    `options` (name -> default) are declared in the handshake; the values chainlab sets are in
    `chainlab.engine.settings` while the engine runs. An exception in `choose` is sent as
    `error ...` (the engine forfeits that game with the message) instead of killing the process.
    """
    def say(line: str) -> None:
        stdout.write(line + "\n")
        stdout.flush()

    settings.clear()
    settings.update(options or {})
    position, seed = None, 0
    unread: Optional[Exception] = None
    for line in stdin:
        word, _, rest = line.strip().partition(" ")
        if word == "protocol":
            say(f"name {name}")
            if author:
                say(f"author {author}")
            for key, default in (options or {}).items():
                say(f"option {key} {default}")
            say("ready 1")
        elif word == "set":
            key, _, value = rest.partition(" ")
            settings[key] = value
        elif word == "newgame":
            fields = dict(pair.split("=", 1) for pair in rest.split() if "=" in pair)
            seed = int(fields.get("seed", 0))
        elif word == "position":
            try:
                position, unread = Position.from_json(rest), None
            except Exception as exc:  # answered at `go`, as the protocol asks
                position, unread = None, exc
        elif word == "go":
            try:
                if position is None:
                    raise unread or ValueError("go before any position")
                row, col = choose(position, seed)
                say(f"{row},{col}")
            except Exception as exc:  # the engine forfeits with the reason, visible in the report
                say(f"error {type(exc).__name__}: {exc}".replace("\n", " "))
            seed += 1
        elif word == "quit":
            break


# The option values chainlab set (`set NAME VALUE`), over the declared defaults.
settings: Dict[str, str] = {}
