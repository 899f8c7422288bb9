#!/usr/bin/env python3
"""A hostile engine for the sandbox tests: it tries one thing it must not be
able to do in the sandbox, says on stderr whether it worked, then plays
random legal moves (docs/protocol.md).

    python3 hostile.py ATTEMPT [ARG]

ATTEMPT is one of: read FILE, write FILE, connect PORT, unix SOCKET,
udp PORT, env NAME, forkbomb N, alloc GIB, daemon, signal, none. The result line is
"attempt ATTEMPT: succeeded" or "attempt ATTEMPT: blocked (REASON)".
"""
import json
import os
import random
import signal
import socket
import sys
import time


def attempt(what, arg):
    if what == "read":
        with open(arg) as f:
            return "read " + repr(f.read(40))
    if what == "write":
        with open(arg, "w") as f:
            f.write("written by a hostile engine\n")
        return "wrote " + arg
    if what == "connect":
        with socket.create_connection(("127.0.0.1", int(arg)), timeout=2):
            return "connected"
    if what == "unix":
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
            s.connect(arg)
            return "connected to " + arg
    if what == "env":
        return f"{arg}={os.environ[arg]}"
    if what == "udp":
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.sendto(b"hello", ("127.0.0.1", int(arg)))
            return "sent a datagram"
    if what == "forkbomb":
        children = 0
        for _ in range(int(arg)):
            try:
                pid = os.fork()
            except OSError as e:
                raise OSError(f"fork failed after {children} children: {e}")
            if pid == 0:
                time.sleep(30)
                os._exit(0)
            children += 1
        return f"{children} children"
    if what == "alloc":
        block = bytearray(int(arg) << 30)
        return f"{len(block)} bytes"
    if what == "daemon":
        r, w = os.pipe()
        if os.fork() == 0:
            os.setsid()
            if os.fork() == 0:
                os.close(r)
                os.write(w, f"{os.getpid()}\n".encode())
                os.close(w)
                for fd in (0, 1, 2):
                    os.close(fd)
                time.sleep(120)
                os._exit(0)
            os._exit(0)
        os.close(w)
        pid = os.read(r, 64).decode().strip()
        if not pid:
            raise OSError("the daemon did not start")
        return "daemon " + pid
    if what == "signal":
        os.kill(os.getppid(), signal.SIGCONT)
        return f"signalled {os.getppid()}"
    return "nothing tried"


what = sys.argv[1] if len(sys.argv) > 1 else "none"
arg = sys.argv[2] if len(sys.argv) > 2 else ""
try:
    result = "succeeded: " + attempt(what, arg)
except BaseException as e:  # MemoryError, PermissionError, OSError…
    result = f"blocked ({type(e).__name__}: {e})"
print(f"attempt {what}: {result}", file=sys.stderr, flush=True)

position = None
for line in sys.stdin:
    word, _, rest = line.strip().partition(" ")
    if word == "protocol":
        print("name Hostile")
        print("ready 1", flush=True)
    elif word == "position":
        position = json.loads(rest)
    elif word == "go":
        me = position["to_move"]
        moves = [(r, c) for r, row in enumerate(position["cells"])
                 for c, cell in enumerate(row) if cell is None or cell["player"] == me]
        print("%d,%d" % random.choice(moves), flush=True)
    elif word == "quit":
        break
