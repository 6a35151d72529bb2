"""Live updates: wake the server-sent-event streams of a match when it changes.

The service calls :meth:`Hub.notify` (from any thread) after each commit;
each stream waits on :meth:`Hub.wait` with a timeout, after which it looks at
the database anyway (changes made by another server process).
"""

from __future__ import annotations

import asyncio


class Hub:
    def __init__(self) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None
        self._waiters: dict[str, set[asyncio.Future]] = {}

    def bind(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop

    def listen(self, match_id: str) -> asyncio.Future:
        """A future that completes at the next change of ``match_id``."""
        assert self.loop is not None
        fut = self.loop.create_future()
        self._waiters.setdefault(match_id, set()).add(fut)
        return fut

    async def wait(self, match_id: str, fut: asyncio.Future, timeout: float) -> bool:
        """Wait for the change ``fut`` listens for; ``False`` on time-out."""
        try:
            await asyncio.wait_for(asyncio.shield(fut), timeout)
            return True
        except TimeoutError:
            return False
        finally:
            waiters = self._waiters.get(match_id)
            if waiters is not None:
                waiters.discard(fut)
                if not waiters:
                    self._waiters.pop(match_id, None)

    def notify(self, match_id: str) -> None:
        """Called from any thread after a committed change."""
        loop = self.loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._wake, match_id)

    def _wake(self, match_id: str) -> None:
        for fut in self._waiters.pop(match_id, set()):
            if not fut.done():
                fut.set_result(None)
