"""The screens the app shows around the table: menus, pages, the game's table and pause.

The app hands every screen a context (see :mod:`.context`) with the settings, the
saves and the statistics; nothing here imports the app.
"""
