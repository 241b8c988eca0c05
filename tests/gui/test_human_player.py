"""The human player plugin: registered like any player, asked through the same checks."""

from __future__ import annotations

import random

import pytest
from table_helpers import CHOICES, PLUGINS, session

from capicua.core.actions import parse_action
from capicua.core.driver import ask
from capicua.core.errors import PlayerError
from capicua.players.human import HumanPlayer, NoDecision


def test_the_human_player_is_a_registered_interactive_plugin():
    assert PLUGINS.players.get("human") is HumanPlayer
    assert HumanPlayer.interactive is True
    assert PLUGINS.players.entries["human"].plugin == "capicua.players.human"


def test_a_submitted_choice_is_what_the_driver_gets_once():
    s = session(hands=CHOICES, steps="1:6-6L 2:6-5L 3:6-4R 4:pass")
    person = s.players[1]
    assert isinstance(person, HumanPlayer) and person.waiting
    person.submit(parse_action("5-0L"))
    assert ask(s.match, 1, person) is parse_action("5-0L")
    assert person.waiting


def test_an_illegal_choice_is_refused_by_the_same_check_as_a_computers():
    s = session(hands=CHOICES, steps="1:6-6L 2:6-5L 3:6-4R 4:pass")
    person = s.players[1]
    person.submit(parse_action("5-0R"))
    with pytest.raises(PlayerError, match="not legal now"):
        ask(s.match, 1, person, "you")


def test_asking_a_person_who_has_not_chosen_says_so():
    s = session(hands=CHOICES)
    with pytest.raises(NoDecision, match="seat 1 is a person at the table"):
        HumanPlayer(random.Random(1)).act(s.view())
