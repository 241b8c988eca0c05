"""The built-in variant plugins: Chiva and double-nine 100."""
