"""The training example still runs end to end (tiny sizes; the README's figures
come from its default run)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_policy.py"


def test_training_example_runs_and_plots(tmp_path, monkeypatch, capsys):
    spec = importlib.util.spec_from_file_location("train_policy", EXAMPLE)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    plot = tmp_path / "curve.png"
    argv = ["train_policy.py", "--game", "seat_exchange", "--episodes", "40", "--batch", "20"]
    monkeypatch.setattr(sys, "argv", [*argv, "--eval", "10", "--plot", str(plot)])
    module.main()
    out = capsys.readouterr().out
    assert "learned policy (greedy)" in out and "random bots in the other seats" in out
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
