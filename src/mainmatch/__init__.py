"""mainmatch: run, replay and simulate Main Match games of online reality games."""

__version__ = "0.1.0"
