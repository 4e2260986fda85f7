"""How the games' states and actions are written as numbers and text, on the same terms in every game.

* :mod:`~ofrenda_rules.encodings.action_ids` -- stable integer ids for a game's actions;
* :mod:`~ofrenda_rules.encodings.positions` -- what every game's position notation shares;
* :mod:`~ofrenda_rules.encodings.information_state` -- what every game's information-state encoder shares;
* :mod:`~ofrenda_rules.encodings.observation` -- the kept observation the fast ``observation_buffer`` rewrites.

The games build their ``codec``, ``position`` and ``tensors`` modules on these; the kernel
below does not import them. ``ofrenda_rules.action_ids`` and
``ofrenda_rules.positions`` re-export their names.
"""
