"""The shared cache in Redis (``DJANGO_CACHE_URL``, league/settings.py), with one client
object per connection pool.

Django's Redis backend builds a new ``redis.Redis`` for every cache operation; building one
copies its table of response callbacks (some 170 entries) and costs more CPU than the round
trip to Redis itself (about 0.3 ms each on this machine, measured with cProfile on a shared
page's copy). Every poll of a live page, every throttle check and every shared copy makes one
or two operations, so on the federation's site (bench/cluster.py) it was a good part of a
request's cost. The client objects are thread-safe and the pools are Django's own, so one
per pool is kept and reused.
"""

from __future__ import annotations

from typing import Any

from django.core.cache.backends.redis import RedisCache, RedisCacheClient


class _ReusedClients(RedisCacheClient):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[int, Any] = {}

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        # Django's private helpers, untyped in django-stubs: reached through Any.
        django: Any = self
        index = django._get_connection_pool_index(write)
        client = self._clients.get(index)
        if client is None:
            client = django._client(connection_pool=django._get_connection_pool(write))
            self._clients[index] = client
        return client


class SharedRedisCache(RedisCache):
    """Django's ``RedisCache``, one client per pool."""

    def __init__(self, server: str, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = _ReusedClients
