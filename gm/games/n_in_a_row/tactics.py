"""Tactics of N-in-a-row for the ``strong`` level: threats counted in *windows*.

A window of seat s for a target K is K consecutive points on one line (horizontal, vertical or
diagonal) that hold no mark of the other seat; its count is how many of s's marks it holds. A
window with K−1 marks has one empty point: s makes K in a row there (a *completion* point). One
with K−2 marks is a pair of points: s taking either makes the other a completion point. So:

- the challenger takes the lead on any completion point of target N+1;
- the leader *escapes* (extends its record, raising the bar) on any of its own completion points
  of target N+1; it must block the challenger's completion point when there is one, and when
  there are two or more it cannot block them all: it escapes if it can, else loses the lead;
- a *double threat* is a move after which the challenger has two completion points: with no
  escape left to the leader it takes the lead next turn whatever the leader does;
- a *four* is a move that makes one completion point: the leader must answer it there, so a
  sequence of fours ending in a double threat (VCF, "victory by continuous fours") is forced.

Everything here reads only the marks and the race (leader, N, turns left): what the view shows.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from typing import Any

from gm.games.n_in_a_row.rules import DIRECTIONS, LIMIT, f_value, run_along

Cell = tuple[int, int]
Occ = dict[Cell, int]

# a window's weight by how many marks it still needs (the potential of a seat's lines)
LOOK = 6  # the challenger's quiet points looked at one exchange ahead
NEED_WEIGHT = {1: 64.0, 2: 16.0, 3: 4.0, 4: 1.0}


def _on_grid(x: int, y: int) -> bool:
    return -LIMIT <= x <= LIMIT and -LIMIT <= y <= LIMIT


def completions(occ: Occ, s: int, k: int) -> set[Cell]:
    """The empty points where ``s`` makes ``k`` (or more) in a row."""
    out: set[Cell] = set()
    seen: set[tuple[Cell, int, int]] = set()
    for (x, y), owner in occ.items():
        if owner != s:
            continue
        for dx, dy in DIRECTIONS:
            for sign in (1, -1):
                c = (x + sign * dx, y + sign * dy)
                if c in occ or c in out or not _on_grid(*c):
                    continue
                if (c, dx, dy) in seen:
                    continue
                seen.add((c, dx, dy))
                if run_along(occ, c[0], c[1], dx, dy, s) >= k:
                    out.add(c)
    return out


def new_completions(occ: Occ, m: Cell, s: int, k: int) -> set[Cell]:
    """The completion points of ``s`` (target ``k``) that a mark of ``s`` on ``m`` creates (``occ``
    holds that mark)."""
    out: set[Cell] = set()
    for dx, dy in DIRECTIONS:
        for sign in (1, -1):
            cx, cy = m[0] + sign * dx, m[1] + sign * dy
            while occ.get((cx, cy)) == s:
                cx, cy = cx + sign * dx, cy + sign * dy
            if (cx, cy) not in occ and _on_grid(cx, cy):
                if run_along(occ, cx, cy, dx, dy, s) >= k:
                    out.add((cx, cy))
    return out


class Windows:
    """The windows of seat ``s`` for target ``k`` holding at least ``least`` of its marks:
    ``items`` as (count, cells, empties). Found line by line (a sliding count over the
    positions of the line's marks), so a long line costs its length, not its length squared."""

    __slots__ = ("items", "k")

    def __init__(self, occ: Occ, s: int, k: int, least: int) -> None:
        self.k = k
        least = max(1, least)
        lines: dict[tuple[int, int], tuple[list[int], list[int]]] = {}
        for (x, y), owner in occ.items():
            for d, (dx, dy) in enumerate(DIRECTIONS):
                # dx = 1: the line y = key + dy·x, position x; dx = 0: the column x = key
                key, pos = (y - dy * x, x) if dx else (x, y)
                entry = lines.get((d, key))
                if entry is None:
                    entry = lines[(d, key)] = ([], [])
                entry[0 if owner == s else 1].append(pos)
        items = []
        for (d, key), (mine, blocks) in lines.items():
            if len(mine) < least:
                continue
            mine.sort()
            blocks.sort()
            dx, dy = DIRECTIONS[d]
            starts: list[int] = []
            for p in mine:  # the starts of windows holding p: p-k+1 .. p, merged
                lo = p - k + 1
                if starts and lo <= starts[-1]:
                    lo = starts[-1] + 1
                starts.extend(range(lo, p + 1))
            for a in starts:
                b = a + k - 1
                i = bisect_left(blocks, a)
                if i < len(blocks) and blocks[i] <= b:
                    continue
                count = bisect_right(mine, b) - bisect_left(mine, a)
                if count < least:
                    continue
                if dx:
                    cells = [(q, key + dy * q) for q in range(a, b + 1)]
                else:
                    cells = [(key, q) for q in range(a, b + 1)]
                if not (_on_grid(*cells[0]) and _on_grid(*cells[-1])):
                    continue
                empties = tuple(c for c in cells if c not in occ)
                items.append((count, frozenset(cells), empties))
        self.items = items

    def without(self, cell: Cell) -> list[tuple[int, frozenset, tuple]]:
        return [w for w in self.items if cell not in w[1]]

    @staticmethod
    def threats(items, k: int) -> tuple[set[Cell], dict[Cell, set[Cell]]]:
        """(completion points, {point: the completion points a mark there makes})."""
        done: set[Cell] = set()
        pairs: dict[Cell, set[Cell]] = {}
        for count, _, empties in items:
            if count == k - 1:
                done.add(empties[0])
            elif count == k - 2:
                a, b = empties
                pairs.setdefault(a, set()).add(b)
                pairs.setdefault(b, set()).add(a)
        return done, pairs

    @staticmethod
    def potential(items, k: int, turns: int = 99) -> float:
        total = 0.0
        for count, _, _ in items:
            need = k - count
            if need <= turns:
                total += NEED_WEIGHT.get(need, 0.25)
        return total


def doubles(done: set[Cell], pairs: dict[Cell, set[Cell]]) -> dict[Cell, set[Cell]]:
    """The points where a mark leaves two or more completion points (with ``done`` empty: those
    that make two at once)."""
    out = {}
    for m, made in pairs.items():
        after = (done - {m}) | made
        if len(after) >= 2:
            out[m] = after
    return out


def race(state: dict[str, Any]) -> tuple[int | None, int, int]:
    """(leader, target K = N+1, the challenger's turns left)."""
    return state["leader"], state["n"] + 1, state["turns_left"]


# ---------------------------------------------------------------- forced sequences


def vcf(occ: Occ, c: int, k: int, turns: int, depth: int, budget: list[int]) -> Cell | None:
    """A first move of the challger ``c`` that wins the lead by fours (each answered where it
    must be) ending in a double threat the leader cannot escape, within ``turns`` of its turns
    and ``depth`` fours; ``budget`` counts the positions looked at (shared, decremented)."""
    if turns < 2 or budget[0] <= 0:
        return None
    budget[0] -= 1
    leader = 1 - c
    escapes = completions(occ, leader, k)
    if len(escapes) > 1:
        return None
    done, pairs = Windows.threats(Windows(occ, c, k, k - 2).items, k)
    if done:
        return None  # a completion point: the caller takes it
    fours = []
    for m, made in pairs.items():
        if escapes - {m}:
            continue  # the leader would escape
        if len(made) >= 2:
            return m
        fours.append((m, next(iter(made))))
    if depth <= 1:
        return None
    for m, e in fours:
        occ[m], occ[e] = c, leader
        try:
            if vcf(occ, c, k, turns - 1, depth - 1, budget) is not None:
                return m
        finally:
            del occ[m], occ[e]
    return None


# ---------------------------------------------------------------- ranking the points


def _near(occ: Occ) -> set[Cell]:
    out = set()
    for x, y in occ:
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                c = (x + dx, y + dy)
                if c not in occ and _on_grid(*c):
                    out.add(c)
    return out


def _gain(items, m: Cell, k: int, turns: int = 99) -> float:
    """How much a mark on ``m`` raises the potential of the windows ``items`` (its own)."""
    g = 0.0
    for count, cells, _ in items:
        if m in cells:
            need = k - count
            if need - 1 <= turns:
                g += NEED_WEIGHT.get(need - 1, 0.25) - (
                    NEED_WEIGHT.get(need, 0.25) if need <= turns else 0.0
                )
    return g


def _loss(items, m: Cell, k: int, turns: int = 99) -> float:
    """How much a mark of the other seat on ``m`` takes from the windows ``items``."""
    return sum(
        NEED_WEIGHT.get(k - count, 0.25)
        for count, cells, _ in items
        if m in cells and k - count <= turns
    )


def _run_after(occ: Occ, m: Cell, s: int) -> int:
    return max(run_along(occ, m[0], m[1], dx, dy, s) for dx, dy in DIRECTIONS)


def rank(
    state: dict[str, Any], seat: int, allowed: set[Cell] | None = None, vcf_nodes: int = 80
) -> list[tuple[float, Cell]]:
    """The points worth playing for ``seat`` (to move), best first, with their scores: forced
    moves (take the lead, escape, block, a winning double threat or VCF) score 5000 and more."""
    occ: Occ = {(x, y): i % 2 for i, (x, y) in enumerate(state["marks"])}
    if not occ:
        return [(0.0, (0, 0))]
    leader, k, turns = race(state)
    assert leader is not None
    if seat == leader:
        rule = state.get("options", {}).get("f", "2N")
        marks, cap = state["marks"], state.get("options", {}).get("max_turns")
        # escaping now would give the challenger more turns than the cap leaves (with two rounds
        # to spare): the leader could no longer win by the challenger running out of them
        late = cap is not None and len(marks) + 2 * f_value(rule, k + 3) > cap
        scored = _as_leader(
            occ, seat, k, turns, lambda n: f_value(rule, n), tuple(marks[-1]) if late else None
        )
    else:
        rule = state.get("options", {}).get("f", "2N")
        scored = _as_challenger(
            occ, seat, k, turns, vcf_nodes, lambda n: f_value(rule, n), look=LOOK
        )
    if allowed is not None:
        scored = [sc for sc in scored if sc[1] in allowed] or [(0.0, c) for c in sorted(allowed)]
    scored.sort(key=lambda sc: (-sc[0], sc[1]))
    return scored


def _as_challenger(occ: Occ, c: int, k: int, turns: int, vcf_nodes: int, f=None, look: int = 0):
    lead = 1 - c
    done = completions(occ, c, k)
    if done:  # take the lead, with the longest line
        out = []
        for m in done:
            occ[m] = c
            out.append((10000.0 + _run_after(occ, m, c), m))
            del occ[m]
        return out
    escapes = completions(occ, lead, k)
    mine = Windows(occ, c, k, k - 4)
    _, pairs = Windows.threats(mine.items, k)
    double = doubles(set(), pairs)
    if turns >= 2:
        lethal = [(9000.0 + len(made), m) for m, made in double.items() if not (escapes - {m})]
        if lethal:
            return lethal
        first = vcf(dict(occ), c, k, turns, 4, [vcf_nodes])
        if first is not None:
            return [(8000.0, first)]
    if k >= CUT_FROM and len(escapes) == 1 and double and turns >= 3:
        # a double threat now would only make the leader escape (fresh turns, a higher bar,
        # and the same again: an endless race); cut its one escape first, then the double
        # threat is one it cannot escape
        return [(7500.0, next(iter(escapes)))]
    if turns >= 3 and not escapes:
        first = _unstoppable_three(occ, c, k, mine)
        if first is not None:
            return [(7000.0, first)]
    theirs = Windows(occ, lead, k, k - 3)
    points = _near(occ) | {e for _, _, es in mine.items for e in es}
    out = []
    for m in points:
        score = _gain(mine.items, m, k, turns - 1) + 0.6 * _loss(theirs.items, m, k)
        if m in escapes:
            score += 40.0 / len(escapes) + (60.0 if double else 0.0)
        if m in double:
            score += 30.0
        out.append((score, m))
    if look and f is not None and turns >= 2:
        out = _look_ahead(occ, c, k, turns, f, out, look)
    return out


def _look_ahead(occ: Occ, c: int, k: int, turns: int, f, scored, look: int):
    """The challenger's ``look`` best quiet points re-scored by where they lead: the leader's
    reply as its own ranking gives it, then the challenger's best score there."""
    lead = 1 - c
    scored.sort(key=lambda sc: (-sc[0], sc[1]))
    out = []
    for base, m in scored[:look]:
        occ[m] = c
        reply = _as_leader(occ, lead, k, turns - 1, f)
        reply.sort(key=lambda sc: (-sc[0], sc[1]))
        r = reply[0][1]
        occ[r] = lead
        run = _run_after(occ, r, lead)
        k2, t2 = (run + 1, f(run)) if run >= k else (k, turns - 1)
        nxt = _as_challenger(occ, c, k2, t2, 20)
        best = max(s for s, _ in nxt) if nxt else 0.0
        del occ[r], occ[m]
        out.append((best + 0.3 * base + 1000.0, m))  # ahead of every point not looked at
    return out + scored[look:]


def _unstoppable_three(occ: Occ, c: int, k: int, mine: Windows, tries: int = 12) -> Cell | None:
    """A mark of the challenger after which it has double threats that no single mark of the
    leader (which has no escape) removes: the leader answers, the challenger makes two
    completion points, the leader blocks one, the challenger takes the lead on the other."""
    ranked = sorted(
        {e for count, _, es in mine.items if count >= k - 3 for e in es},
        key=lambda m: (-_gain(mine.items, m, k), m),
    )[:tries]
    lead = 1 - c
    for m in ranked:
        occ[m] = c
        try:
            if new_completions(occ, m, c, k):
                continue  # a four: the VCF search has looked at it
            after = Windows(occ, c, k, k - 2).items
            _, pairs = Windows.threats(after, k)
            double = doubles(set(), pairs)
            if len(double) < 2:
                continue
            answers = set(double) | {e for _, _, es in after for e in es}
            held = True
            for x in answers:
                occ[x] = lead
                escape = bool(new_completions(occ, x, lead, k))
                del occ[x]
                rest = [w for w in after if x not in w[1]]
                if escape or not doubles(set(), Windows.threats(rest, k)[1]):
                    held = False
                    break
            if held:
                return m
        finally:
            del occ[m]
    return None


def _as_leader(occ: Occ, lead: int, k: int, turns: int, f, late: Cell | None = None):
    """The leader's points. ``late``: the challenger's last mark when escaping now would leave
    the race to the cap (see :func:`_endless`)."""
    c = 1 - lead
    threats = completions(occ, c, k)
    escapes = completions(occ, lead, k)
    endless = late is not None and _endless(occ, lead, k, escapes)
    if len(threats) >= 2 and escapes and not endless:
        out = []  # cannot block them all: raise the bar
        for m in escapes:
            occ[m] = lead
            run = _run_after(occ, m, lead)
            out.append((9500.0 + _leader_after(occ, lead, run + 1, f(run), m), m))
            del occ[m]
        return out
    mine = Windows(occ, lead, k, k - 3)
    if threats:  # block; with two or more (an endless race), the end the challenger grows
        near = late or (0, 0)
        return [
            (
                9000.0
                - max(abs(m[0] - near[0]), abs(m[1] - near[1]))
                + 0.01 * _gain(mine.items, m, k),
                m,
            )
            for m in threats
        ]
    theirs = Windows(occ, c, k, k - 4)
    points = _near(occ) | {e for _, _, es in theirs.items for e in es}
    out = []
    for x in points:
        occ[x] = lead
        if x in escapes:  # extending: fresh turns for the challenger, a higher bar
            run = _run_after(occ, x, lead)
            score = _leader_after(occ, lead, run + 1, f(run), x) - 150.0 - 5.0 * (f(run) - turns)
        else:
            score = _leader_after(occ, lead, k, turns, x, theirs.without(x), escapes)
            score += 0.3 * _gain(mine.items, x, k)
        del occ[x]
        out.append((score, x))
    return out


CUT_FROM = 4  # the target from which the challenger cuts the leader's one escape first


def _endless(occ: Occ, lead: int, k: int, escapes: set[Cell]) -> bool:
    """Whether escaping only restarts the race once more: after every escape the challenger
    again makes two completion points with one mark, so the leader escapes again, and both
    lines grow a mark a turn until the cap draws the game. Asked only late (escaping now would
    leave the leader no win before the cap): then the leader blocks instead, at the end the
    challenger grows; it risks the lead (the challenger may take it at the other end), but the
    challenger's record line is cut, and the race can be decided before the cap."""
    c = 1 - lead
    for m in escapes:
        occ[m] = lead
        try:
            k2 = _run_after(occ, m, lead) + 1
            _, pairs = Windows.threats(Windows(occ, c, k2, k2 - 2).items, k2)
            if not doubles(set(), pairs):
                return False
        finally:
            del occ[m]
    return True


def _leader_after(occ: Occ, lead: int, k: int, turns: int, x: Cell, items=None, escapes=None):
    """The leader's outlook after its mark on ``x`` (in ``occ``): the challenger (to move) with
    target ``k`` and ``turns`` left; ``items`` its windows, ``escapes`` the leader's before."""
    c = 1 - lead
    if items is None:
        items = Windows(occ, c, k, k - 4).items
        escapes = completions(occ, lead, k)
    else:
        escapes = set(escapes or ()) | new_completions(occ, x, lead, k)
        escapes.discard(x)
    done, pairs = Windows.threats(items, k)
    if done:
        return -6000.0
    double = doubles(set(), pairs)
    score = -Windows.potential(items, k, turns) + (40.0 if escapes else 0.0)
    if double and turns >= 2:
        lethal = any(not (escapes - {m}) for m in double)
        score -= (3000.0 if lethal else 800.0) + 50.0 * len(double)
    return score
