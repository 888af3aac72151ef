"""The `gm` command's help and its offline subcommands."""

from __future__ import annotations

import pytest

from gm.frontends.cli.main import main
from gm.games import REGISTRY


def test_help_lists_the_commands(capsys):
    with pytest.raises(SystemExit) as info:
        main(["--help"])
    assert info.value.code == 0
    out = capsys.readouterr().out
    for command in ("serve", "redis", "rules"):
        assert command in out


def test_serve_help_explains_the_embedded_server(capsys):
    with pytest.raises(SystemExit):
        main(["serve", "--help"])
    out = capsys.readouterr().out
    assert "REDIS_URL" in out and "--port" in out and "--data-dir" in out


def test_rules_lists_games_and_prints_one(capsys):
    assert main(["rules"]) == 0
    listing = capsys.readouterr().out
    assert all(name in listing for name in REGISTRY)
    assert main(["rules", "masul"]) == 0
    assert capsys.readouterr().out.strip() == REGISTRY["masul"].rules_text().strip()


def test_rules_of_an_unknown_game_fails_with_the_list(capsys):
    assert main(["rules", "chess"]) == 2
    assert "masul" in capsys.readouterr().err
