"""The command groups of the ``capicua`` command, one module each; each has ``register(app)``."""
