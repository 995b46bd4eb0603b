"""`python -m cardkit estimate`: the command line of the estimates."""

import json

import pytest

from cardkit.cli import main


def test_estimate_table(capsys):
    rc = main(["estimate", "501", "--hand", "AS 10S KS QS JS 9S AH", "--seat", "B", "--contract", "66",
               "--contract", "220", "--deals", "10"])
    out = capsys.readouterr().out
    assert rc == 0
    assert out.splitlines()[0] == "501♠: AS 10S KS QS JS 9S AH, 10 deals, playout; each figure with its 95 % interval"
    lines = {line.split()[0]: line.split(maxsplit=1)[1] for line in out.splitlines()[3:]}
    # 10 of 10 is not a certainty: Wilson's interval from 10 / (10 + 1.96²) = 72 %, and 0 of 10 up to 28 %
    assert lines["66"].split() == ["10", "100%", "(72–100%)", "−66", "(all", "10", "deals)"]
    assert lines["220"].split() == ["10", "0%", "(0–28%)", "+220", "(all", "10", "deals)"]


def test_estimate_json(capsys):
    rc = main(["estimate", "501", "--hand", "AS 10S KS QS JS 9S AH", "--seat", "1", "--contract", "66",
               "--deals", "5", "--blind", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert rc == 0 and out["blind"] is True
    # blind doubles: 2 × 66 (rules.md 501 §6); 5 of 5 made: Wilson's interval from 5 / (5 + 1.96²) = 0.5655
    assert out["contracts"] == [{"contract": "66", "n": 5, "p_make": 1.0, "p_make_low": 0.5655, "p_make_high": 1.0,
                                 "p_make_se": 0.0, "mean_score": -132.0, "mean_score_low": -132.0,
                                 "mean_score_high": -132.0, "mean_score_spread": 0.0, "mean_score_se": 0.0}]


def test_estimate_errors(capsys):
    assert main(["estimate", "501", "--hand", "AS AS", "--contract", "100"]) == 2
    assert "A♠ is given twice to seat B" in capsys.readouterr().err
    assert main(["estimate", "501", "--hand", "JK", "--contract", "100"]) == 2
    assert "Jo is not in the 501♠ pack" in capsys.readouterr().err
    assert main(["estimate", "500", "--contract", "11H"]) == 2
    assert "a bid is for 6 to 10 tricks" in capsys.readouterr().err


@pytest.mark.parametrize("args, message", [
    (["--deals", "0"], "not at least 1"),
    (["--seat", "talon"], "cannot bid"),
    (["--players", "4", "--dealer", "0", "--seat", "0"], "cannot bid"),
    (["--dealer", "talon"], "not a seat"),
])
def test_estimate_rejects_a_bidder_who_cannot_bid(args, message, capsys):
    """The bidder must be a seat dealt in (rules.md 501 §1: the fourth player's dealer sits out)."""
    from cardkit.cli import main

    with pytest.raises(SystemExit) if args[0] == "--deals" else _nullcontext():
        code = main(["estimate", "501", "--contract", "100", *args])
        assert code == 2
    assert message in capsys.readouterr().err


def _nullcontext():
    import contextlib

    return contextlib.nullcontext()
