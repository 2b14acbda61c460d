"""Network play on the local network (issue 15): the host's game is the only truth.

The host runs the engine and a websockets server on a background thread; each client
sends actions in notation and receives the events and view of its own seat only (R10).
Layering: this package sits beside ``split.app`` above the engine and the bots; the
ui never imports it (the app hands the table a :class:`~split.net.remote.RemoteGame`).
"""
