"""The game's keys in words: the rules' Keys page and the table's keys panel (F1 or ?)
say the same sentences."""

from __future__ import annotations

from split.i18n import N_

KEYS_TITLE = N_("Keys")
AT_THE_TABLE = N_(
    "At the table: 1 to 9 pick a card of your hand, D draws, P skips a bonus, H "
    "gives a hint, S sorts your hand, T shows the score sheets, R the reference "
    "cards, Ctrl+Z takes back your last move, Space hurries the cards."
)
EVERYWHERE = N_(
    "Everywhere: Tab and the arrow keys move between buttons, Enter presses one, "
    "Esc goes back or pauses the game, F11 switches to full screen and back."
)
AT_A_NETWORK_TABLE = N_(
    "At a table on the network: M opens the quick messages, and 1 to 7 sends one."
)
REPLAY = N_(
    "When your turn comes, Y plays again on the table what the others did since your last turn."
)
LOG = N_("L opens the whole log; the wheel, the arrows or Page Up and Page Down scroll it.")
LOG_HELP = N_("Wheel, arrows, Page Up/Down: scroll · L or Esc: close")
"""The foot of the open log."""
THIS_PANEL = N_("F1 or ? at the table shows these keys; Esc or a click closes them.")
KEYS = (AT_THE_TABLE, EVERYWHERE, AT_A_NETWORK_TABLE, REPLAY, LOG, THIS_PANEL)
