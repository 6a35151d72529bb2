"""The training example still runs end to end (tiny sizes; the README's figures
come from its default run)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_policy.py"
MASKABLE = EXAMPLE.with_name("train_maskable_ppo.py")


def _load(path: Path, name: str):
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_training_example_runs_and_plots(tmp_path, monkeypatch, capsys):
    module = _load(EXAMPLE, "train_policy")
    plot = tmp_path / "curve.png"
    argv = ["train_policy.py", "--game", "seat_exchange", "--episodes", "40", "--batch", "20"]
    monkeypatch.setattr(sys, "argv", [*argv, "--eval", "10", "--plot", str(plot)])
    module.main()
    out = capsys.readouterr().out
    assert "learned policy (greedy)" in out and "random bots in the other seats" in out
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_maskable_ppo_example_says_what_to_install_without_sb3_contrib(monkeypatch):
    """The default install has no PyTorch (the ``learn`` extra brings it): the
    example then stops with one line naming the extra."""
    module = _load(MASKABLE, "train_maskable_ppo")
    monkeypatch.setitem(sys.modules, "sb3_contrib", None)  # absent even where installed
    monkeypatch.setattr(sys, "argv", ["train_maskable_ppo.py", "--steps", "10"])
    with pytest.raises(SystemExit) as stop:
        module.main()
    assert 'pip install "mainmatch[learn]"' in str(stop.value.code)
