#!/bin/bash
# The window's CPU use with nothing moving in the tile game, on the 3D table and flat: a solo
# game left by scripts/bench/idle-table-prep.txt is continued from the title with a real click,
# then 30 s are measured on the table, V pressed, and 30 s measured flat; afterwards U (undo the
# turn) must change its autosave, which shows the game screen was reached.
# Usage: scripts/bench/idle-cpu-table.sh BINARY [DISPLAY_NUMBER=77]
# Needs Xvfb, Mesa's Vulkan driver and xdotool (scripts/setup.sh installs them). Prints the
# process's CPU time (user and system, from /proc) over each 30 s, in cores.
PREP=idle-table-prep.txt
. "$(dirname "$0")/idle-window.sh"
echo "tile game on the table, waiting: $(cores_over_30s) cores"
DISPLAY=$display xdotool key v
sleep 10
echo "tile game flat, waiting: $(cores_over_30s) cores"
the_game_answers key u
