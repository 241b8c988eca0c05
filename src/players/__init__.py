"""The built-in player plugins and the player interface they share."""
