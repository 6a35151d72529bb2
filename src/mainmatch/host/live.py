"""Live updates: wake the server-sent-event streams of a match when it changes.

:meth:`Hub.notify` is called (from any thread) after each commit of this
process (the service's listeners) and for every change made by another
process (``notify.Listener``); ``"*"`` wakes every stream (the listener may
have missed changes while reconnecting). A stream's wait times out only to
send a keep-alive.
"""

from __future__ import annotations

import asyncio


class Hub:
    def __init__(self) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None
        self._waiters: dict[str, set[asyncio.Future[None]]] = {}

    def bind(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop

    def listen(self, match_id: str) -> asyncio.Future[None]:
        """A future that completes at the next change of ``match_id``."""
        assert self.loop is not None
        fut = self.loop.create_future()
        self._waiters.setdefault(match_id, set()).add(fut)
        return fut

    async def wait(self, match_id: str, fut: asyncio.Future[None], timeout: float) -> bool:
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
        if match_id == "*":
            waiters = [f for fs in self._waiters.values() for f in fs]
            self._waiters.clear()
        else:
            waiters = list(self._waiters.pop(match_id, set()))
        for fut in waiters:
            if not fut.done():
                fut.set_result(None)
