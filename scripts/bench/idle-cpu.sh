#!/bin/bash
# The window's CPU use with nothing moving: 30 s on the title, then 30 s on a side-5 hex board
# waiting for a move. A game left by scripts/bench/idle-prep.txt is continued from the title
# with a real click; afterwards a real click on the board's centre must change its autosave,
# which shows the game screen was reached.
# Usage: scripts/bench/idle-cpu.sh BINARY [DISPLAY_NUMBER=77]
# Needs Xvfb, Mesa's Vulkan driver and xdotool (scripts/setup.sh installs them). Prints the
# process's CPU time (user and system, from /proc) over each 30 s, in cores.
PREP=idle-prep.txt
. "$(dirname "$0")/idle-window.sh"
echo "board waiting for a move: $(cores_over_30s) cores"
the_game_answers mousemove 640 360 click 1   # a stone on the board's centre
