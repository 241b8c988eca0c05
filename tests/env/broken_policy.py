"""A policy file that cannot even be loaded: the player reports it when a config is read."""

raise RuntimeError("this policy file is broken")
