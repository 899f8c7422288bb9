#!/bin/sh
# A test engine for the GUI: it thinks aloud slowly (an info line, a second
# later another), then plays 0,0. Run as: sh tests/data/engines/slow-thinker.sh
while read -r line; do
  case "$line" in
    protocol*) echo "name Slow thinker"; echo "ready 1" ;;
    go*) echo "info thinking about 0,0"; sleep 1; echo "info still sure: 0,0"; sleep 1; echo "0,0" ;;
    quit) exit 0 ;;
  esac
done
