"""Redis repository: one JSON document per game plus an append-only move log, written together.

Keys share the hash tag ``{<game_id>}`` so a game lives in one Redis Cluster slot:
``gm:{id}:doc`` (the document, with its ``version``), ``gm:{id}:log`` (a list of JSON entries while
the game runs), ``gm:{id}:logz`` (the log of a finished game, compacted: :meth:`Store.finish`),
``gm:{id}:idem`` (a hash: per idempotency key a small marker, the request and its brief) and
``gm:{id}:idem:<seat>`` (the whole answer to the seat's last remembered request). Every write of the
document refreshes the TTL of the document and its log, so a game disappears after ``ttl`` seconds
without activity; the idempotency keys keep ``idempotency_ttl`` from their last write.

Updates are optimistic and exactly once. A step reads the document (one GET; with an idempotency
key, one pipeline that reads the key's records after it), computes, and sends its write as one Lua
script (EVALSHA) that writes only if the document is still the one read (its SHA-1), atomically:
document, log entries and idempotency records together, and the game's change notice published
(gm/play/live.py). A lost race is recomputed
on the fresh document the script sends back, at most ``retries`` times, then
:class:`ConflictError`. So a move costs two round trips.

A document comes back as a :class:`Document` (a dict) whose ``known`` says whether this process
wrote these very bytes (their SHA-1, which the compare-and-set needs anyway, is among the ones of
its last writes): then it holds a state the engine computed from a checked one, and the service
skips validating it again. Any other document (written by another worker or process, older
code, or by hand) is validated as before.

Every write carries a random request id, kept in the document (``_writes``: a write counter ``n``
and the ids of the last :data:`KEPT_IDS` writes). When the script's reply is lost (connection
reset, socket timeout), the store reads the document again and knows whether its write landed: its
id is there (the caller gets the answer it computed, exactly once), or the counter shows it cannot
be (the step is recomputed like after a lost race). When that read fails too, or the id may have
been pushed out, :class:`OutcomeUnknownError`: the write may or may not have been applied.

Idempotency records name the request they answer (operation and a digest of its body): the same
key with another request raises :class:`KeyReusedError` instead of replaying. Every remembered
request leaves a *marker* (the request and the answer's ``brief``, a hundred bytes) in the game's
``idem`` hash, and its whole answer, compressed (zlib), in its seat's answer key, replacing that
seat's previous one: a client waits for one answer at a time, and its retry is of its last request.
A retry of the seat's last key answers exactly what was stored, byte for byte, however the door
shapes it; a retry of an older key finds its marker: the request is not applied again and the
caller gets the brief (it rebuilds the rest from the current view, :class:`Brief`). An answer
larger than ``idempotency_max_bytes`` once compressed, or one the step marks not ``whole``, keeps
only its marker. Once the game is over (:meth:`Store.finish`) no request can change it any more, so
the markers go: a retry of an older key is answered by the finished game like any request (it
changes nothing); each seat's last answer stays, for a reply lost at the end.
"""

from __future__ import annotations

import hashlib
import logging
import secrets
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

import redis

from gm.store.changes import ChangeFeed
from gm.store.fastjson import dumps_bytes as _dumps_bytes
from gm.store.fastjson import loads as _loads
from gm.store.quotas import StoreGuard

log = logging.getLogger("gm")

KEPT_IDS = 8  # request ids of the last writes kept in a document
WRITES = "_writes"  # the document's field for them

# KEYS: doc, log, logz[, idem hash, the seat's answer, the key's answer before markers (legacy)].
# ARGV: expected SHA-1 of the doc ("" = the doc must not exist), the new doc ("" = leave it), ttl,
# the key's field in the idem hash, its marker ("" = none), the whole answer ("" = none: the
# seat's earlier one goes), their ttl, the change notice published when the doc is written
# (PUBLISH or SPUBLISH, channel, message), log entries...
# Returns {1} when written, else {0, current doc[, marker, seat's answer, legacy answer]}.
_COMMIT = """
local cur = redis.call('GET', KEYS[1])
local ok
if ARGV[1] == '' then ok = not cur else ok = cur and redis.sha1hex(cur) == ARGV[1] end
if not ok then
  if KEYS[4] then
    return {0, cur, redis.call('HGET', KEYS[4], ARGV[4]), redis.call('GET', KEYS[5]),
            redis.call('GET', KEYS[6])}
  end
  return {0, cur}
end
if ARGV[2] ~= '' then
  redis.call('SET', KEYS[1], ARGV[2], 'EX', ARGV[3])
  if #ARGV > 10 then redis.call('RPUSH', KEYS[2], unpack(ARGV, 11)) end
  redis.call('EXPIRE', KEYS[2], ARGV[3])
  redis.call('EXPIRE', KEYS[3], ARGV[3])
  redis.call(ARGV[8], ARGV[9], ARGV[10])
end
if KEYS[4] and ARGV[5] ~= '' then
  redis.call('HSET', KEYS[4], ARGV[4], ARGV[5])
  redis.call('EXPIRE', KEYS[4], ARGV[7])
  if ARGV[6] ~= '' then
    redis.call('SET', KEYS[5], ARGV[6], 'EX', ARGV[7])
  else
    redis.call('DEL', KEYS[5])
  end
end
return {1}
"""

# A finished game (KEYS doc, log, logz, idem hash; ARGV the log's length as read, its compact form
# or "", the doc's SHA-1 as read, the doc compressed): the markers go; the document is replaced by
# its compressed bytes if it is still the one read, the log by its compact form if it is.
# Returns 0 (no game), 1 (markers dropped) or 2 (and the log compacted).
_FINISH = """
local cur = redis.call('GET', KEYS[1])
if not cur then return 0 end
redis.call('DEL', KEYS[4])
if redis.sha1hex(cur) == ARGV[3] then redis.call('SET', KEYS[1], ARGV[4], 'KEEPTTL') end
if ARGV[2] == '' or redis.call('LLEN', KEYS[2]) ~= tonumber(ARGV[1]) then return 1 end
local ttl = redis.call('PTTL', KEYS[1])
if ttl > 0 then
  redis.call('SET', KEYS[3], ARGV[2], 'PX', ttl)
else
  redis.call('SET', KEYS[3], ARGV[2])
end
redis.call('DEL', KEYS[2])
return 2
"""

_UNREACHABLE = (
    redis.exceptions.ConnectionError,
    redis.exceptions.TimeoutError,
    # Redis Cluster during a failover: after a lost reply, the client's own retry may meet these
    redis.exceptions.ClusterDownError,
    redis.exceptions.TryAgainError,
    redis.exceptions.SlotNotCoveredError,
)


class NotFoundError(KeyError):
    """No game with that id (never created, or expired)."""


class ConflictError(RuntimeError):
    """The document kept changing under us; the caller may try again."""


class OutcomeUnknownError(redis.exceptions.ConnectionError):
    """A write was sent, its reply was lost, and the store cannot tell whether it was applied."""


class NotReplicatedError(redis.exceptions.RedisError):
    """With ``wait_replicas``: the write is on the master but no replica confirmed it in time, so
    it is not acknowledged (a failover now could lose it). Sent again with the same idempotency
    key, the request is answered from the stored answer once a replica confirms, exactly once."""


class KeyReusedError(Exception):
    """An idempotency key already answered another request: ``first`` describes that one
    (``op`` and ``text``, the start of its body)."""

    def __init__(self, first: dict[str, Any]):
        super().__init__(f"idempotency key first used for {first.get('text')!r} on {first['op']}")
        self.first = first


class Document(dict[str, Any]):
    """A game document as read. ``known``: this process wrote these very bytes (their SHA-1 is
    among the last :data:`KNOWN_WRITES` it wrote), so the document is one gm computed from a
    checked one; the service need not validate it again (gm/play/service.py ``_table``)."""

    known = False


KNOWN_WRITES = 4096  # SHA-1s of the last documents this process wrote, per store


class Brief(dict[str, Any]):
    """A replayed answer of which only the brief was kept: the whole answer was too large, or the
    key is not its seat's last (its marker is what is left)."""


@dataclass(frozen=True)
class _Idem:
    """Where an idempotent request's records are: the game's hash of markers and the key's field
    in it, the seat's answer key, and the key's own answer key of earlier code (read only)."""

    markers: str
    field: str
    answer: str
    legacy: str

    @property
    def keys(self) -> list[str]:
        return [self.markers, self.answer, self.legacy]


@dataclass
class Update:
    """What an update step wants written. ``doc`` None writes nothing but the idempotency answer.

    ``remember`` stores ``response`` under the request's idempotency key; ``brief`` is what is
    kept instead when the response is larger than the store's cap, or always when ``whole`` is
    False (a failed request that still changed something: an illegal move that was counted)."""

    response: Any
    doc: dict[str, Any] | None = None
    log_entries: list[dict[str, Any]] = field(default_factory=list)
    remember: bool = False
    brief: dict[str, Any] | None = None
    whole: bool = True


@dataclass
class _Attempt:
    rid: str
    read_n: int  # the document's write counter when this attempt read it
    response: Any
    writes_doc: bool
    version: int = 0  # the written document's version (its change notice)


def _attempt(result: Update, previous: dict[str, Any]) -> tuple[_Attempt, bytes]:
    """The attempt to write what ``step`` returned, read when the document's write record was
    ``previous``, and the document's bytes (empty when it writes no document): a written
    document is stamped with the attempt's request id."""
    writes_doc = result.doc is not None
    attempt = _Attempt("", int(previous.get("n", 0)), result.response, writes_doc)
    new_doc = b""
    if result.doc is not None:
        attempt.rid = _stamp(result.doc, previous)
        attempt.version = int(result.doc.get("version", 0))
        new_doc = _dumps_bytes(result.doc)
    return attempt, new_doc


def _fingerprint(request: tuple[str, str] | None) -> dict[str, str]:
    op, body = request or ("", "")
    digest = hashlib.sha256(body.encode("utf-8", "surrogatepass")).hexdigest()[:32]
    text = body if len(body) <= 40 else body[:40] + "…"
    return {"op": op, "text": text.encode("utf-8", "replace").decode("utf-8"), "sha": digest}


def _stamp(doc: dict[str, Any], previous: dict[str, Any]) -> str:
    """Give ``doc`` a fresh request id and the next write counter after ``previous``."""
    rid = secrets.token_urlsafe(9)
    ids = list(previous.get("ids", []))[-(KEPT_IDS - 1) :] + [rid]
    doc[WRITES] = {"n": int(previous.get("n", 0)) + 1, "ids": ids}
    return rid


class Store:
    def __init__(
        self,
        client: redis.Redis,
        ttl_s: int = 30 * 24 * 3600,
        idempotency_ttl_s: int = 24 * 3600,
        retries: int = 20,
        idempotency_max_bytes: int = 16 * 1024,
        wait_replicas: int = 0,
        wait_ms: int = 1000,
        guard: StoreGuard | None = None,
    ):
        self.redis = client
        # byte quotas and the soft limit (gm/store/quotas.py); None: neither (tests, tools)
        self.guard = guard
        self.ttl_s = ttl_s
        self.idempotency_ttl_s = min(idempotency_ttl_s, ttl_s)
        self.retries = retries
        self.idempotency_max_bytes = idempotency_max_bytes
        self._commit = client.register_script(_COMMIT)
        self._finish = client.register_script(_FINISH)
        # a compacted log's entries from its compact form (gm/play/logbook.py: the store may not
        # import the games that rebuild it; the service lends it)
        self.unpack_log: Callable[[bytes], Sequence[bytes]] | None = None
        # GM_REDIS_WAIT_REPLICAS: a write is acknowledged only once this many replicas have it
        self.wait_replicas = wait_replicas
        self.wait_ms = wait_ms
        from gm.store.cluster import redis_kind

        self.cluster = redis_kind(client) == "cluster"  # REDIS_URL redis+cluster://
        self._written: dict[str, None] = {}  # SHA-1s of documents written here, oldest first

    # ---- keys
    @staticmethod
    def doc_key(game_id: str) -> str:
        return f"gm:{{{game_id}}}:doc"

    @staticmethod
    def log_key(game_id: str) -> str:
        return f"gm:{{{game_id}}}:log"

    @staticmethod
    def logz_key(game_id: str) -> str:
        return f"gm:{{{game_id}}}:logz"

    @staticmethod
    def markers_key(game_id: str) -> str:
        return f"gm:{{{game_id}}}:idem"

    @staticmethod
    def answer_key(game_id: str, seat: int | str) -> str:
        return f"gm:{{{game_id}}}:idem:{seat}"

    @staticmethod
    def idem_key(game_id: str, seat: int, key: str) -> str:
        """A key's own answer, as earlier code kept it (read for a retry across an upgrade)."""
        return f"gm:{{{game_id}}}:idem:{seat}:{key}"

    def _idem(self, game_id: str, seat: int | str | None, key: str | None) -> _Idem | None:
        """``seat``: whose last answer is kept (a seat, or a name for it); earlier code kept a
        key's answer under its seat number, -1 without one."""
        if not key:
            return None
        holder = seat if seat is not None else -1
        field = f"{holder}:{hashlib.sha256(key.encode('utf-8', 'surrogatepass')).hexdigest()[:16]}"
        return _Idem(
            self.markers_key(game_id),
            field,
            self.answer_key(game_id, holder),
            self.idem_key(game_id, seat if isinstance(seat, int) else -1, key),
        )

    # ---- reads
    def ping(self) -> bool:
        return bool(self.redis.ping())

    def load(self, game_id: str) -> dict[str, Any]:
        raw = self.redis.get(self.doc_key(game_id))
        if raw is None:
            raise NotFoundError(game_id)
        return self._document(raw, _sha1(raw))

    def log(self, game_id: str) -> list[dict[str, Any]]:
        return [_loads(x) for x in self._range(game_id, 0, -1)[0]]

    def log_page(self, game_id: str, start: int, count: int) -> tuple[list[dict[str, Any]], int]:
        """``count`` log entries from index ``start`` (negative: from the end), and the log's
        length, read together."""
        raw, length = self._range(game_id, start, start + count - 1 if start >= 0 else -1)
        return [_loads(x) for x in raw], length

    def _range(self, game_id: str, start: int, stop: int) -> tuple[list[bytes], int]:
        """The log's entries ``start`` to ``stop`` (LRANGE's indexes) as stored, and its length:
        the list of a running game, or the entries rebuilt from a finished game's compact form
        (the same bytes: :meth:`finish` keeps only a form that rebuilds them exactly)."""
        key = self.log_key(game_id)
        with self.redis.pipeline(transaction=True) as pipe:
            pipe.llen(key)
            pipe.lrange(key, start, stop)
            pipe.get(self.logz_key(game_id))
            length, raw, packed = pipe.execute()
        if packed is None or length:
            return list(raw), length
        if self.unpack_log is None:
            raise RuntimeError(f"the log of {game_id} is compacted: it needs the games to be read")
        whole = self.unpack_log(packed)
        length = len(whole)
        first = max(0, length + start) if start < 0 else start
        last = length + stop if stop < 0 else min(stop, length - 1)
        return list(whole[first : last + 1]), length

    # ---- writes
    def create(self, doc: dict[str, Any], log_entries: list[dict[str, Any]]) -> bool:
        """Write a new game; False when the id is taken (nothing written)."""
        game_id = doc["id"]
        rid = _stamp(doc, {})
        keys = [self.doc_key(game_id), self.log_key(game_id), self.logz_key(game_id)]
        new_doc = _dumps_bytes(doc)
        entries = [_dumps_bytes(e) for e in log_entries]
        if self.guard is not None:  # above the soft limit or over a quota: nothing is written
            self.guard.admit_game()
            self.guard.charge(game_id, len(new_doc) + sum(map(len, entries)), refusable=True)
        args: list[str | int | bytes] = ["", new_doc, self.ttl_s, "", "", "", 0]
        args += [*self._notice(game_id, int(doc.get("version", 0))), *entries]
        try:
            reply = self._write(keys, args)
        except _UNREACHABLE:
            # the reply is lost: a doc with our request id means it landed; none, that it did not
            # (both writes need an absent doc, so a late one cannot land after a retry)
            # unreachable again: raise that error. A game may have been written, but nobody holds
            # its token and it expires unseen: for the caller, nothing was created.
            reply = self._write(keys, args)
        if reply[0] == 1 or (
            rid in _writes_of(reply[1]).get("ids", []) and self._confirmed(keys[0], True)
        ):
            self._wrote(new_doc)
            return True
        return False

    def update(
        self,
        game_id: str,
        step: Callable[[dict[str, Any]], Update],
        seat: int | str | None = None,
        idempotency_key: str | None = None,
        request: tuple[str, str] | None = None,
    ) -> tuple[Any, bool]:
        """Run ``step`` on the current document and write what it returns, atomically, once.

        Returns ``(response, replayed)``: ``replayed`` is True when an earlier request with the same
        idempotency key answered, in which case ``step`` is not run and nothing is written (a
        :class:`Brief` when only the brief was kept). ``request`` is ``(operation, body)``: a key
        that answered another request raises :class:`KeyReusedError`.
        """
        doc_key = self.doc_key(game_id)
        idem = self._idem(game_id, seat, idempotency_key)
        keys = [
            doc_key,
            self.log_key(game_id),
            self.logz_key(game_id),
            *(idem.keys if idem else []),
        ]
        fingerprint = _fingerprint(request) if idem else {}
        raw, earlier = self._read(doc_key, idem)
        sent: list[_Attempt] = []  # writes sent whose reply was lost and which may still land
        for _ in range(self.retries):
            found = _replay(earlier, fingerprint, idem.field) if idem else None
            if found is not None:
                return self._confirmed(doc_key, found[0]), True
            if raw is None:
                raise NotFoundError(game_id)
            digest = _sha1(raw)
            doc = self._document(raw, digest)
            previous = dict(doc.get(WRITES) or {})
            result = step(doc)
            if result.doc is None and not (idem and result.remember):
                return result.response, False
            attempt, new_doc = _attempt(result, previous)
            marker, answer = (
                self._remembered(idem.field, result, fingerprint)
                if idem and result.remember
                else (b"", b"")
            )
            entries = [_dumps_bytes(e) for e in result.log_entries if result.doc is not None]
            grown = max(0, len(new_doc) - len(raw)) + sum(map(len, entries))
            answer = self._guarded(game_id, grown, marker, answer, earlier)
            args: list[str | int | bytes] = [
                digest,
                new_doc,
                self.ttl_s,
                idem.field if idem else "",
                marker,
                answer,
                self.idempotency_ttl_s,
                *self._notice(game_id, attempt.version),
                *entries,
            ]
            try:
                reply = self._write(keys, args)
            except _UNREACHABLE as err:
                if attempt.writes_doc:
                    sent.append(attempt)
                try:
                    raw, earlier = self._read(doc_key, idem)
                except _UNREACHABLE:
                    if sent:
                        raise OutcomeUnknownError(f"write to {game_id}: {err}") from err
                    raise
            else:
                if reply[0] == 1:
                    if new_doc:
                        self._wrote(new_doc)
                    return self._landed(game_id, attempt), False
                raw, earlier = reply[1], tuple(reply[2:5]) if idem else None
                # a resend by the client library (after a lost reply) may have landed it
                if attempt.writes_doc and attempt.rid in _writes_of(raw).get("ids", []):
                    return self._landed(game_id, self._confirmed(doc_key, attempt)), False
            landed, sent = _settle(raw, sent)
            if landed is not None:
                return self._landed(game_id, self._confirmed(doc_key, landed)), False
        if sent:
            raise OutcomeUnknownError(f"write to {game_id}: outcome unknown after retries")
        raise ConflictError(game_id)

    def _write(self, keys: list[str], args: list[Any]) -> Any:
        """The compare-and-set script; with ``wait_replicas``, followed by ``WAIT`` on the same
        connection (a pipeline), and a write no replica confirmed raises
        :class:`NotReplicatedError` instead of being acknowledged."""
        if not self.wait_replicas:
            return self._commit(keys=keys, args=args)
        with self.redis.pipeline(transaction=False) as pipe:
            pipe.execute_command("EVAL", _COMMIT, len(keys), *keys, *args)  # one slot: the game's
            self._wait_on(pipe, keys[0])
            reply, acked = pipe.execute(raise_on_error=False)
        if isinstance(reply, Exception):
            raise reply
        if reply[0] == 1:
            self._check_acked(acked)
        return reply

    def _wait_on(self, pipe: Any, key: str) -> None:
        """``WAIT`` in ``pipe``, on the master of ``key``'s slot (where the write went)."""
        if self.cluster:
            node = self.redis.get_node_from_key(key)  # type: ignore[attr-defined]
            pipe.wait(self.wait_replicas, self.wait_ms, target_nodes=node)
        else:
            pipe.wait(self.wait_replicas, self.wait_ms)

    def _confirmed(self, doc_key: str, answer: Any) -> Any:
        """With ``wait_replicas``, before acknowledging a write found in place (a replayed
        answer, a write whose reply was lost): a replica has it. ``WAIT`` covers the writes of its
        own connection, so a no-op write of the document's TTL goes first: the replication stream
        is ordered, so once a replica has that, it has every earlier write of the game."""
        if not self.wait_replicas:
            return answer
        with self.redis.pipeline(transaction=False) as pipe:
            pipe.expire(doc_key, self.ttl_s)
            self._wait_on(pipe, doc_key)
            touched, acked = pipe.execute(raise_on_error=False)
        if isinstance(touched, Exception):
            raise touched
        self._check_acked(acked)
        return answer

    def _check_acked(self, acked: Any) -> None:
        """``WAIT``'s answer: enough replicas, or :class:`NotReplicatedError` (fewer in time, or
        the WAIT cut short: ``UNBLOCKED`` when the node turned replica meanwhile, a node that
        came back thinking it was still master)."""
        if isinstance(acked, Exception) or acked < self.wait_replicas:
            raise NotReplicatedError(f"{acked} of {self.wait_replicas} replicas confirmed a write")

    def _landed(self, game_id: str, attempt: _Attempt) -> Any:
        return attempt.response  # its change notice went out with the write (the script)

    def _read(self, doc_key: str, idem: _Idem | None) -> tuple[bytes | None, _Earlier | None]:
        """The document and, for an idempotent request, its records (the key's marker, the
        seat's last answer, the key's answer kept by earlier code) read after it, in one round
        trip. In that order, a first request with the same key is seen whenever it landed: before
        the document was read (both are seen), between the two reads (its records are), or after
        them (the write computed on the document read fails, and its reply carries the records)."""
        # gm's clients answer bytes (no decode_responses); redis-py's types allow str too
        if idem:
            with self.redis.pipeline(transaction=False) as pipe:
                pipe.get(doc_key)
                pipe.hget(idem.markers, idem.field)
                pipe.get(idem.answer)
                pipe.get(idem.legacy)
                raw, *earlier = pipe.execute()
            return cast("bytes | None", raw), cast("_Earlier", tuple(earlier))
        return cast("bytes | None", self.redis.get(doc_key)), None

    def _document(self, raw: bytes | str, digest: str) -> Document:
        doc = Document(_load_doc(raw))
        doc.known = digest in self._written
        return doc

    def _wrote(self, doc: bytes) -> None:
        """Remember the SHA-1 of a document this process wrote (the last KNOWN_WRITES)."""
        self._written[hashlib.sha1(doc).hexdigest()] = None
        while len(self._written) > KNOWN_WRITES:
            try:
                del self._written[next(iter(self._written))]
            except (KeyError, RuntimeError, StopIteration):  # another thread trimmed it
                break

    def _guarded(
        self, game_id: str, grown: int, marker: bytes, answer: bytes, earlier: _Earlier | None
    ) -> bytes:
        """A write with a new idempotency key charged to its payers (gm/store/quotas.py): its
        marker and answer plus ``grown`` (the document's growth and the log entries), less the
        seat's earlier answer that it replaces; over a quota,
        :class:`~gm.store.quotas.QuotaError` (nothing written). Above the soft limit a new key
        keeps only its marker. Returns the answer to keep."""
        if self.guard is None or not marker:
            return answer
        if answer and self.guard.tight():
            answer = b""
        # a new key: the write a stranger can repeat at will (without one, a move's bytes are
        # bounded by the game's own caps, and it costs no round trip more)
        replaced = len(earlier[1] or b"") if earlier else 0
        self.guard.charge(game_id, grown + len(marker) + len(answer) - replaced, refusable=True)
        return answer

    def _remembered(
        self, field: str, result: Update, fingerprint: dict[str, str]
    ) -> tuple[bytes, bytes]:
        """What the key keeps: its marker (the request and the answer's brief, as JSON) and the
        seat's answer (the key, the request and the whole answer, compressed: :func:`_pack`), or
        no answer when the step marks it not ``whole`` or, compressed, it passes
        ``idempotency_max_bytes``."""
        marker = _dumps_bytes({"req": fingerprint, "brief": result.brief or {}})
        if len(marker) > self.idempotency_max_bytes:
            marker = _dumps_bytes({"req": fingerprint, "brief": {}})
        answer = b""
        if result.whole:
            answer = _pack({"key": field, "req": fingerprint, "answer": result.response})
        if len(answer) > self.idempotency_max_bytes:
            answer = b""
        return marker, answer

    # ---- a finished game: its log compacted, the markers dropped
    def finish(
        self,
        game_id: str,
        pack: Callable[[dict[str, Any], list[bytes]], bytes | None],
        over: Callable[[dict[str, Any]], bool],
    ) -> int:
        """``game_id`` is over: no request can change it any more. Its idempotency markers go
        (each seat's last answer stays, for a reply lost at the end: a retry of an older key
        is answered by the finished game, which changes nothing), its document is kept
        compressed (zlib: half its bytes) when it is still the one read, and its log is replaced
        by ``pack(doc, entries)``, its compact form, when that is not None and the log is still
        the one read (an atomic script) — all of it only when ``over(doc)`` says the game read
        is over. Returns 0 (no such game, or not over), 1 (markers dropped, the document
        compressed) or 2 (and the log compacted); -1 when the store failed (a warning is
        logged: the game stays as it was, whole, nothing is lost)."""
        try:
            return self._finished(game_id, pack, over)
        except redis.exceptions.RedisError as err:
            log.warning("finished game %s not compacted: %s", game_id, err)
            return -1

    def _finished(
        self,
        game_id: str,
        pack: Callable[[dict[str, Any], list[bytes]], bytes | None],
        over: Callable[[dict[str, Any]], bool],
    ) -> int:
        with self.redis.pipeline(transaction=True) as pipe:
            pipe.get(self.doc_key(game_id))
            pipe.lrange(self.log_key(game_id), 0, -1)
            raw, entries = pipe.execute()
        if raw is None:
            return 0
        doc = _load_doc(raw)
        if not over(doc):  # a running game's markers and log are never touched
            return 0
        packed = pack(doc, list(entries)) if entries else None
        # the finished document, compressed: read on views, written again only by a rematch
        small = raw if raw[:1] == b"x" else zlib.compress(raw, 9)
        keys = [self.doc_key(game_id), self.log_key(game_id), self.logz_key(game_id)]
        args = [len(entries), packed or "", _sha1(raw), small]
        done = int(self._finish(keys=[*keys, self.markers_key(game_id)], args=args))
        if _sha1(raw) in self._written:  # the same document this process wrote, other bytes
            self._wrote(small)
        return done

    # ---- a finished game's verification, kept once made (a replay of the whole game)
    @staticmethod
    def verified_key(game_id: str) -> str:
        return f"gm:{{{game_id}}}:verified"

    def log_with_digest(self, game_id: str, doc: dict[str, Any]) -> tuple[list[Any], str]:
        """The whole log of ``game_id`` and a digest of it and of ``doc`` (what a verification
        of them was made from: any change to either, and a kept one no longer holds)."""
        raw, _ = self._range(game_id, 0, -1)
        digest = hashlib.sha256(_dumps_bytes(doc))
        for entry in raw:
            digest.update(b"\n" + (entry if isinstance(entry, bytes) else entry.encode()))
        return [_loads(x) for x in raw], digest.hexdigest()[:32]

    def verified(self, game_id: str, digest: str) -> dict[str, Any] | None:
        """The verification kept for ``game_id`` made from what ``digest`` names, or None."""
        raw = self.redis.get(self.verified_key(game_id))
        if raw is None:
            return None
        kept = _loads(raw)
        if not isinstance(kept, dict) or kept.get("of") != digest:
            return None
        return cast("dict[str, Any]", kept.get("answer"))

    def keep_verified(self, game_id: str, digest: str, answer: dict[str, Any]) -> None:
        """Keep a finished game's verification as long as the game (one key per game); not when
        the store is above its soft limit or full (it is made again, at its price)."""
        if self.guard is not None and self.guard.tight():
            return
        try:
            value = _dumps_bytes({"of": digest, "answer": answer})
            self.redis.set(self.verified_key(game_id), value, ex=self.ttl_s)
        except redis.exceptions.ResponseError as err:
            if not store_full(err):
                raise

    def delete(self, game_id: str) -> None:
        self.redis.delete(
            self.doc_key(game_id),
            self.log_key(game_id),
            self.logz_key(game_id),
            self.markers_key(game_id),
            self.verified_key(game_id),
        )

    # ---- change notices (pub/sub), all here: a channel per game, hash-tagged like its keys
    @staticmethod
    def changes_channel(game_id: str) -> str:
        return f"gm:{{{game_id}}}:changes"

    def _notice(self, game_id: str, version: int) -> list[str]:
        """The change notice the compare-and-set script publishes when it writes the document (so
        the write stays one round trip): the command, the channel and ``"<game_id> <version>"``.
        On a cluster sharded (SPUBLISH): the channel has the game's hash tag, so its slot is
        the keys' slot and only the nodes of that slot carry it."""
        command = "SPUBLISH" if self.cluster else "PUBLISH"
        return [command, self.changes_channel(game_id), f"{game_id} {int(version)}"]

    def publish_change(self, game_id: str, version: int) -> None:
        """Tell every subscriber (any worker, any machine) that ``game_id`` is at ``version``:
        the id and the number only, never a view or a secret. Writes publish theirs inside the
        compare-and-set script (:meth:`_notice`); this is for a notice outside a write. A
        failure is logged (waiters re-read at their heartbeat)."""
        try:
            # a cluster: sharded (SPUBLISH), only the nodes of the game's slot carry it
            publish = self.redis.spublish if self.cluster else self.redis.publish
            publish(self.changes_channel(game_id), f"{game_id} {int(version)}")
        except redis.exceptions.RedisError as err:
            log.warning("change notice for a game not published: %s", err)

    def changes(self) -> ChangeFeed:
        """A subscription to change notices on a connection of its own (never one of the pool
        the requests use): one per process is enough (gm/play/live.py shares it). On a cluster,
        sharded subscriptions (SSUBSCRIBE) on the master of each game's slot."""
        if self.cluster:
            from gm.store.cluster import ShardedChangeFeed

            return ShardedChangeFeed(self.redis.pubsub(), self.changes_channel)
        pool = self.redis.connection_pool
        kwargs = {**pool.connection_kwargs, "health_check_interval": 0}
        own = redis.ConnectionPool(connection_class=pool.connection_class, **kwargs)
        return ChangeFeed(redis.Redis(connection_pool=own).pubsub(), self.changes_channel)


def _sha1(raw: bytes | str) -> str:
    return hashlib.sha1(raw if isinstance(raw, bytes) else raw.encode("utf-8")).hexdigest()


def _writes_of(raw: bytes | None) -> dict[str, Any]:
    if raw is None:
        return {}
    return dict(_load_doc(raw).get(WRITES) or {})


def _settle(raw: bytes | None, sent: list[_Attempt]) -> tuple[_Attempt | None, list[_Attempt]]:
    """Which sent write the document ``raw`` holds, and the ones that may still land.

    A write reads counter n and writes n + 1 only if the document is still the one it read; its
    id stays among the kept ones for KEPT_IDS writes. So once the counter moved past n, a write
    whose id is absent never landed and never will (unless the counter moved so far that the id
    may have been pushed out: then :class:`OutcomeUnknownError`)."""
    if not sent:
        return None, []
    writes = _writes_of(raw)
    ids, n = writes.get("ids", []), int(writes.get("n", 0))
    for attempt in sent:
        if attempt.rid in ids:
            return attempt, []
    if raw is None:
        return None, []  # the game is gone (expired, deleted): nothing of ours is left
    if any(n >= a.read_n + 1 + KEPT_IDS for a in sent):
        raise OutcomeUnknownError("a lost write's request id may have been pushed out")
    # n == read_n: that write may still arrive, but only one write of that document can land
    return None, [a for a in sent if n == a.read_n]


def _load_doc(raw: bytes | str) -> Any:
    """A stored document: its JSON, or (a finished game's, :meth:`Store.finish`) its JSON
    zlib-compressed — a JSON document starts with ``{``, never with the zlib header's 0x78."""
    if isinstance(raw, bytes) and raw[:1] == b"x":
        return _loads(zlib.decompress(raw))
    return _loads(raw)


def _pack(value: dict[str, Any]) -> bytes:
    """A stored idempotency answer: its JSON, zlib-compressed (a JSON text never starts with
    the zlib header's 0x78, so :func:`_unpack` tells the two apart; values stored before
    compression stay readable). Answers repeat the board, the seats and the moves' words: they
    shrink to about a third."""
    return zlib.compress(_dumps_bytes(value), 6)


def _unpack(raw: bytes) -> Any:
    if raw[:1] == b"x":
        return _loads(zlib.decompress(raw))
    return _loads(raw)


_Earlier = tuple[bytes | None, bytes | None, bytes | None]  # marker, seat's answer, legacy


def _replay(earlier: _Earlier | None, fingerprint: dict[str, str], field: str) -> tuple[Any] | None:
    """The answer an earlier request with this key left, as a 1-tuple, or None when it left
    none: the seat's last answer when it is this key's (the whole answer), else the key's marker
    (a :class:`Brief`), else what earlier code kept for the key."""
    if earlier is None:
        return None
    marker, answer, legacy = earlier
    if answer is not None:
        stored = _unpack(answer)
        if isinstance(stored, dict) and stored.get("key") == field:
            return (_stored_answer(stored, fingerprint),)
    for kept in (marker, legacy):
        if kept is not None:
            return (_stored_answer(_unpack(kept), fingerprint),)
    return None


def _stored_answer(stored: Any, fingerprint: dict[str, str]) -> Any:
    if not (isinstance(stored, dict) and isinstance(stored.get("req"), dict)):
        return stored  # stored before requests were recorded
    first = stored["req"]
    if (first.get("op"), first.get("sha")) != (fingerprint["op"], fingerprint["sha"]):
        raise KeyReusedError(first)
    if "answer" in stored:
        return stored["answer"]
    return Brief(stored.get("brief") or {})


def store_full(err: BaseException) -> bool:
    """Whether Redis refused a write because maxmemory is reached (policy noeviction): a command
    refused alone, or a MULTI/EXEC discarded for it."""
    if isinstance(err, redis.exceptions.OutOfMemoryError):
        return True
    return isinstance(err, redis.exceptions.ExecAbortError) and "OOM" in str(err)
