"""The turn's steps: set-up, the turn's machinery, the three actions and combat.

A step is ``(function, args)``; each function here takes the game (a typed ``_Combat``: the
compiled steps read its fields and call its methods in C) and pushes the steps that follow or
poses a decision (``_ask``). ``run_stack`` runs the stack until a decision is pending and
``answer_pending`` resumes one; ``game._GameCore.run`` and ``answer`` are their methods.
"""

from __future__ import annotations

import random

try:
    import cython
except ImportError:       # pure Python without Cython installed: the declarations are no-ops
    from unmatched_sim import _cython_shim as cython

from unmatched_sim.engine.board_features import run_conveyors
from unmatched_sim.engine.combat import COMBAT, _Combat
from unmatched_sim.engine.piles import HAND_LIMIT_DISCARD
from unmatched_sim.engine.state import (ATTACKER, DEFENDER, SCHEME_ROLE, Combat, Ctx, Decision,
                                        NO_SPACE, Fighter, Player, WatchedDict, new_ctx)
from unmatched_sim.model import AFTER, DURING, EFFECT, IMMEDIATELY, CardDef

HAND_LIMIT = 7
# ``Combat.extra`` key: combat damage fighters took in the defender's place (added by the
# ability that moved it; read and cleared by the combat damage step).
COMBAT_DAMAGE_ELSEWHERE = "combat_damage_elsewhere"
STARTING_HAND = 5
ACTIONS_PER_TURN = 2


# The step stack's top taken off with its block kept (see ``combat._push_kept``).
@cython.cfunc
@cython.inline
def _pop_kept(stack: list):
    """The top step, taken off (``stack`` is not empty)."""
    if cython.compiled:
        return _list_take_last(stack)
    return stack.pop()


# The combat roles as C constants for the compiled steps: ``c.cards[_ATT]`` reads the list in
# C, where the module's ``ATTACKER`` (a Python int) is an index looked up as an object.
_ATT = cython.declare(cython.Py_ssize_t, ATTACKER)
_DEF = cython.declare(cython.Py_ssize_t, DEFENDER)


class IllegalChoice(Exception):
    pass


def _is_one_of(x, options: tuple) -> bool:
    """``x`` is one of ``options`` itself, not merely equal to one (``answer``: True == 1; a
    function, not a generator: ``answer_pending`` is a C function, and Cython allows no closure
    there)."""
    for o in options:
        if o is x:
            return True
    return False


@cython.ccall
@cython.locals(stack=list)
def run_stack(g: _Combat):
    """Run the steps on ``g``'s stack until a decision is pending, the stack is empty or the
    game is over (``Game.run``)."""
    stack = g.stack
    while g.pending is None and stack and not g.over:
        fn, args = _pop_kept(stack)
        _call_step(fn, g, args)


@cython.ccall
@cython.locals(d=Decision)
def answer_pending(g: _Combat, choice):
    """Resume ``g``'s pending decision with ``choice`` (``Game.answer``, which then runs on)."""
    d = g.pending
    if d is None:
        raise IllegalChoice("no decision is pending")
    if choice not in d.options or (type(choice) is bool and not _is_one_of(choice, d.options)):
        # (True == 1: a yes where a seat or a card is asked for would pass the first test)
        raise IllegalChoice(f"{choice!r} is not a legal option for {d.kind}: {d.options!r}")
    g.pending = None
    _call_resume(d.resume, g, d.args, choice)


@cython.ccall
@cython.locals(d=Decision)
def _pose(g: _Combat, player, kind, options, resume, args: tuple, info: dict):
    """``ask``'s work, its extra arguments and keywords given as a tuple and a dictionary."""
    if not options:
        raise RuntimeError(f"decision {kind} for player {player} has no options")
    if len(options) == 1:
        _call_resume(resume, g, args, options[0])
        return
    # (``Decision(...)``'s fields set here, compiled as C stores: the call parsed six arguments
    # through the type's Python ``__init__``, ~300 instructions a decision)
    d = Decision.__new__(Decision)
    d.player, d.kind, d.options = player, kind, tuple(options)
    d.resume, d.args, d.info = resume, args, info
    g.pending = d


@cython.cfunc
def _ask(g: _Combat, player, kind, options, resume, args: tuple, info: dict):
    """``g.ask(player, kind, options, resume, *args, **info)`` from the engine's own steps, as a
    C call: ``ask`` takes ``*args`` and keywords, so a call to it builds an argument tuple and
    a keyword dictionary and parses them (~100 decisions a greedy game). Where the game's class
    has its own ``ask`` (a subclass's, or a test's that lists the decisions asked), that one is
    called, as before (``_Combat._own_ask``, set when the game is made)."""
    if g._own_ask:
        g.ask(player, kind, options, resume, *args, **info)
        return
    _pose(g, player, kind, options, resume, args, info)


# A step's call, ``fn(g, *args)``, as a call with its arguments listed: compiled, that passes
# them to the function directly, where ``*args`` would first build a new tuple ``(g,) + args``
# and call through it (~290 steps and ~80 answers a greedy game). Most steps take at most four
# arguments (the general call for the rest).
@cython.cfunc
@cython.locals(t=tuple, n=cython.Py_ssize_t)
@cython.annotation_typing(False)
def _call_step(fn, g, args):
    if type(args) is not tuple:
        return fn(g, *args)
    t = args
    n = len(t)
    if n == 0:
        return fn(g)
    if n == 1:
        return fn(g, t[0])
    if n == 2:
        return fn(g, t[0], t[1])
    if n == 3:
        return fn(g, t[0], t[1], t[2])
    if n == 4:
        return fn(g, t[0], t[1], t[2], t[3])
    return fn(g, *t)


# A decision's continuation, ``resume(g, *args, choice)``, likewise with its arguments listed:
# no tuple ``args + (choice,)`` made and freed per answer. The longest continuation the
# engine asks with takes six arguments before the choice (``_moved``).
@cython.cfunc
@cython.locals(n=cython.Py_ssize_t)
def _call_resume(fn, g, args: tuple, choice):
    n = len(args)
    if n == 0:
        return fn(g, choice)
    if n == 1:
        return fn(g, args[0], choice)
    if n == 2:
        return fn(g, args[0], args[1], choice)
    if n == 3:
        return fn(g, args[0], args[1], args[2], choice)
    if n == 4:
        return fn(g, args[0], args[1], args[2], args[3], choice)
    if n == 6:
        return fn(g, args[0], args[1], args[2], args[3], args[4], args[5], choice)
    return fn(g, *args, choice)


# The steps a turn's machinery pushes for a seat are the same at every turn: tuples of a step
# function and the seat, which nothing changes. Each kind is made once per seat and kept
# (``_kept_steps``), where building them afresh made and freed ~800 tuples a tuned game.
@cython.cfunc
@cython.locals(s=cython.Py_ssize_t)
def _kept_steps(made: list, make, seat):
    """``make(seat)``, made at the seat's first turn and kept in ``made`` (indexed by seat)."""
    s = seat
    while len(made) <= s:
        made.append(make(len(made)))
    return made[s]


# ====================================================================== setup and turns
def _setup(g: _Combat) -> None:
    for seat, p in enumerate(g.players):
        shuffle_deck(g.rngs[seat], p.deck)
        g.log("setup", seat, None, None, None, None, None, None, f"hero={p.hero.id}")
        for _ in range(STARTING_HAND):
            p.hand.append(p.deck.pop())
    # Seat i places its hero on starting space i + 1 (teams: A1, B1, A2, B2) and the player on
    # space 1 takes the first turn. Every hero is placed before any sidekick, so a sidekick
    # never takes a later player's starting space.
    seats = range(len(g.players))
    for seat in seats:
        hero = g.players[seat].fighters[0]
        g.place(hero, g.board.starts[g.format.start_number(seat)])
    steps = []
    for seat in seats:
        p = g.players[seat]
        for fi in p.fighters[1:]:
            if g.fighters[fi].defn.starts_on_board:
                steps.append((_ask_sidekick_start, (seat, fi)))
        steps.append((_ability_setup, (seat,)))
    steps.append((_begin_turn, ()))
    g.push_steps(tuple(steps))


@cython.locals(i=cython.Py_ssize_t, n=cython.Py_ssize_t, k=cython.Py_ssize_t, m=cython.Py_ssize_t,
               r=cython.Py_ssize_t)
def shuffle_deck(rng: random.Random, deck: list) -> None:
    """``rng.shuffle(deck)``: the same draws and the same order. ``random.Random.shuffle`` is
    Python code (~70,000 instructions for a deck of 30, two a game); its loop runs here in C:
    from the last card down, the card swapped with card ``i`` is ``_randbelow(i + 1)``, i.e.
    ``getrandbits`` of ``i + 1``'s bit length drawn until below ``i + 1``. A generator of
    another class (one that draws its own way) shuffles by its own method."""
    if type(rng) is not random.Random:
        rng.shuffle(deck)
        return
    getrandbits = rng.getrandbits
    for i in range(len(deck) - 1, 0, -1):
        n = i + 1
        k = 0              # n.bit_length()
        m = n
        while m:
            k += 1
            m >>= 1
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        deck[i], deck[r] = deck[r], deck[i]


def _ability_setup(g: _Combat, seat: int) -> None:
    if seat in g.handlers["setup"]:
        g.players[seat].ability.setup(g, seat)


def _ask_sidekick_start(g: _Combat, seat: int, fi: int) -> None:
    """Sidekicks start on separate spaces in (any of) the hero's zones; anywhere if none is free."""
    hero_space = g.hero_of(seat).space
    zm = g.board.zone_mask
    options = [s for s in g.empty_spaces() if zm[s] & zm[hero_space]] or g.empty_spaces()
    g.ask(seat, "sidekick_start", options, _sidekick_placed, fi, fighter=fi)


def _sidekick_placed(g: _Combat, fi: int, space: int) -> None:
    g.place(fi, space)


def _begin_turn(g: _Combat) -> None:
    if g.check_win():
        return
    if g.turn >= g.max_turns:
        g.end(None, "turn_limit")
        return
    g.turn += 1
    seat = g.active
    g.turns_taken[seat] += 1
    if g.lasting:
        g.end_lasting("next_turn", seat)
    # Where every fighter started the turn ("if your fighter started this turn in a different
    # space": Game.started_turn_on).
    g._changes.n += 1
    g.turn_flags = WatchedDict(g._changes, {"start_spaces": _start_spaces(g)})
    g.players[seat].actions = ACTIONS_PER_TURN
    g.log("turn_start", seat)
    g.push_steps(_kept_steps(_TURN_STEPS, _turn_steps, seat))


@cython.cfunc
@cython.locals(f=Fighter, out=list)
def _start_spaces(g: _Combat) -> tuple:
    """Each fighter's space, NO_SPACE if off the board (a loop over typed fighters: a generator
    reads each fighter's fields as Python attributes)."""
    out = []
    for f in g.fighters:
        out.append(f.space if f.on_board else NO_SPACE)
    return tuple(out)


def _start_of_turn(g: _Combat, seat: int) -> None:
    if seat in g.handlers["start_of_turn"]:
        g.players[seat].ability.start_of_turn(g, seat)


@cython.locals(p=Player, s=cython.Py_ssize_t)
def _next_action(g: _Combat, seat: int) -> None:
    s = seat                    # (a C index: see piles._Piles._pile_moved)
    if g.check_win() or g.out[s]:
        return
    p = g.players[s]
    if p.actions <= 0:
        return
    options = ["maneuver"]
    if g.can_scheme_now(seat):
        options.append("scheme")
    if g.can_attack_now(seat):
        options.append("attack")
    _ask(g, seat, "action", options, _take_action, (seat,), {})


@cython.locals(p=Player, s=cython.Py_ssize_t)
def _take_action(g: _Combat, seat: int, action: str) -> None:
    s = seat                    # (a C index: see piles._Piles._pile_moved)
    p = g.players[s]
    p.actions -= 1
    g.log("action", seat, None, None, None, None, None, None, action)
    g.push_steps(_kept_steps(_ACTION_STEPS[action], _ACTION_MAKERS[action], seat))


def _end_of_turn(g: _Combat, seat: int) -> None:
    if g.check_win():
        return
    if g.out[seat]:   # eliminated during their own turn: the turn just passes
        g.push_steps(_kept_steps(_PASS_STEPS, _pass_steps, seat))
        return
    g.push_steps(_kept_steps(_END_STEPS, _end_steps, seat))


def _end_of_turn_effects(g: _Combat, seat: int) -> None:
    # A mark of the turn's end in the position: the abilities' end-of-turn changes need not
    # log an event (Pandora shuffles her box of miseries), and a policy keeps what it worked
    # out for one decision while the view's state_version, which counts the turn's flags,
    # stays the same.
    g.turn_flags["ending"] = True
    if g.board.conveyors:
        # Its own step, scheduled under the ability's: the belt runs once everything the
        # ability's end of turn asks or pushes has resolved (then the hand limit).
        g.push_one((run_conveyors, ()))
    if seat in g.handlers["end_of_turn"]:
        g.players[seat].ability.end_of_turn(g, seat)


@cython.locals(p=Player)
def _hand_limit(g: _Combat, seat: int) -> None:
    p = g.players[seat]
    if len(p.hand) > HAND_LIMIT:
        _ask(g, seat, "hand_limit_discard", list(p.hand), _hand_limit_discarded, (seat,),
             {"excess": len(p.hand) - HAND_LIMIT})


def _hand_limit_discarded(g: _Combat, seat: int, cid: int) -> None:
    g.discard_from_hand(seat, cid, HAND_LIMIT_DISCARD)
    g.push_one((_hand_limit, (seat,)))


def close_turn(g: _Combat, seat: int) -> bool:
    """The end of ``seat``'s turn every format shares (co-op too): its value lock lapses, the
    effects lasting the turn end, the win is checked, ``turn_end`` is logged. False: the game is
    over."""
    g.players[seat].value_lock = None
    if g.lasting:
        g.end_lasting("turn")
    if g.check_win():
        return False
    g.log("turn_end", seat)
    return True


def _pass_turn(g: _Combat, seat: int) -> None:
    if close_turn(g, seat):
        g.active = g.next_seat(seat)
        g.push_one(_BEGIN_TURN)


# ====================================================================== maneuver
@cython.locals(p=Player)
def _maneuver(g: _Combat, seat: int) -> None:
    # The turn has a maneuver from its first step, the draw (set here rather than once the
    # BOOST is chosen: the BOOST decision and the move's decisions then see the same position,
    # and a policy keeps its work from one to the next; nothing reads it in between).
    g.turn_flags["maneuvered"] = True
    g.draw(seat, g.modify("maneuver_draws", 1, seat) if g.handlers["maneuver_draws"] else 1)
    p = g.players[seat]
    options = [None] + [c for c in p.hand if g.can_boost_with(seat, c)]
    _ask(g, seat, "maneuver_boost", options, _maneuver_boost_chosen, (seat,), {})


def _maneuver_boost_chosen(g: _Combat, seat: int, cid: int | None) -> None:
    if g.handlers["after_maneuver"] and seat in g.handlers["after_maneuver"]:
        g.push_one((_after_maneuver, (seat,)))     # (under the moves: it runs once they are done)
    if cid is None:
        g.push_steps(_kept_steps(_UNBOOSTED_MOVES, _unboosted_moves, seat))
    else:
        # The move phase must be scheduled before the boost so that a BOOST bonus resolves
        # first. The bonus may change the move value (Loki), so the phase reads it when it starts.
        g.push_one((_move_phase_boosted, (seat, cid)))
        added = g.boost(seat, cid, "maneuver")
        g.turn_flags["maneuver_boost"] = added
    if g.handlers["before_moves"]:
        # The moment after the draw and the BOOST, before any fighter moves (Glamour of Love):
        # handlers push steps, which run before the move phase.
        g.modify("before_moves", None, seat)


def _after_maneuver(g: _Combat, seat: int) -> None:
    if not g.check_win():
        g.after_maneuver(seat)


def _move_phase_boosted(g: _Combat, seat: int, cid: int) -> None:
    g.push_one((_move_phase, (seat, g.turn_flags.get("maneuver_boost", 0), True, ())))


def _move_phase(g: _Combat, seat: int, bonus: int, boosted: bool, moved: tuple) -> None:
    """Each fighter may move up to the move value, one at a time, in the player's order."""
    movable = [fi for fi in g.on_board(seat) if fi not in moved]
    if not movable:
        return
    if len(movable) == 1 and not moved:
        _move_one(g, seat, bonus, boosted, moved, movable[0])
        return
    _ask(g, seat, "move_order", movable + [None], _move_one, (seat, bonus, boosted, moved), {})


@cython.locals(f=Fighter, i=cython.Py_ssize_t)
def _move_one(g: _Combat, seat: int, bonus: int, boosted: bool, moved: tuple, fi: int | None) -> None:
    if fi is None:
        return
    i = fi                      # (a C index: see piles._Piles._pile_moved)
    f = g.fighters[i]
    steps = (f.defn.move if f.defn.move is not None else g.move_value(seat)) + bonus
    options = g.reachable(fi, steps)
    placed_only = ()
    placeable = (g.players[seat].ability.maneuver_place_options(g, seat, fi, boosted)
                 if seat in g.handlers["maneuver_place_options"] else None)
    if placeable:
        # Escape Artist: placing instead of moving. Where both are possible the outcome is the
        # same space, so it is offered once (logged as a move).
        have = set(options)
        placed_only = tuple([s for s in placeable if s not in have])
        options = options + list(placed_only)
    _ask(g, seat, "move_destination", options, _moved, (seat, bonus, boosted, moved, fi, placed_only),
         {"fighter": fi, "steps": steps})


@cython.locals(f=Fighter)
def _moved(g: _Combat, seat: int, bonus: int, boosted: bool, moved: tuple, fi: int,
           placed_only: tuple, dest: int) -> None:
    """The fighter goes to ``dest``: placed there if it was offered only as a placement
    (``placed_only``: not reachable by moving when the options were made, in this same
    position), else moved."""
    f = g.fighters[fi]
    if dest != f.space:
        if dest in placed_only:
            g.place(fi, dest)
        else:
            g.move_to(fi, dest)
    g.push_one((_move_phase, (seat, bonus, boosted, moved + (fi,))))


# ====================================================================== scheme
def _scheme(g: _Combat, seat: int) -> None:
    _ask(g, seat, "scheme_card", g.scheme_options(seat), _scheme_chosen, (seat,), {})


def _scheme_chosen(g: _Combat, seat: int, option: tuple[int, int]) -> None:
    cid, fi = option
    g.take_from_hand(seat, cid)
    g.play_area_add(cid)
    g.log("scheme", seat, fi, cid)
    g.card_played(cid, seat, SCHEME_ROLE)
    ctx = new_ctx(seat, cid, SCHEME_ROLE, fi)
    g.push_steps(((_scheme_effects, (ctx,)), (_finish_scheme, (cid, seat))))


def _scheme_effects(g: _Combat, ctx: Ctx) -> None:
    g.run_effects(g.card(ctx.card).effects.get(EFFECT, ()), ctx)


def _finish_scheme(g: _Combat, cid: int, seat: int) -> None:
    if cid in g.in_play:        # (an effect may have taken it already: back to the hand)
        g.finish_played_card(cid, seat)


# ====================================================================== attack
def _attack(g: _Combat, seat: int) -> None:
    _ask(g, seat, "attack_target", g.attack_options(seat), _attack_declared, (seat,), {})


@cython.locals(c=Combat, f=Fighter, tf=Fighter, d=CardDef, cid=cython.Py_ssize_t, p=Player,
               i=cython.Py_ssize_t, t=cython.Py_ssize_t, s=cython.Py_ssize_t)
def _attack_declared(g: _Combat, seat: int, option: tuple[int, int]) -> None:
    fi, target = option
    i, t, s = fi, target, seat  # (C indexes: see piles._Piles._pile_moved)
    tf = g.fighters[t]
    c = Combat(seat, fi, target, tf.owner)
    c.ranged = not g.adjacent(fi, target)
    g.combat = c
    g.log("attack", seat, fi, None, target, None, None, None, "ranged" if c.ranged else "melee")
    f = g.fighters[i]
    name = f.defn.name
    cards = g.card_defs
    options = []
    p = g.players[s]
    for cid in p.hand:
        d = cards[cid]
        if d.can_attack and (d.users is None or name in d.users):     # (d.usable_by(name))
            options.append(cid)
    _ask(g, seat, "attack_card", options, _attack_card_chosen, (seat,), {"fighter": fi, "target": target})


def _attack_card_chosen(g: _Combat, seat: int, cid: int) -> None:
    dseat = g.combat.players[_DEF]
    if g.known_to(dseat, seat, cid):   # the defender saw it in the hand: still "known" to
        g.combat.extra["known_face_down"] = cid   # be in hand or face down (see PlayerView)
    g.take_from_hand(seat, cid)
    g.play_area_add(cid)
    g.combat.cards[_ATT] = cid
    if g.handlers["before_defense"]:
        # The window before the defender chooses (Titania's glamours): handlers push steps.
        g.push_one((_ask_defense, ()))
        g.modify("before_defense", None, g.combat)
        return
    _ask_defense(g)


@cython.locals(c=Combat, f=Fighter, d=CardDef, cid=cython.Py_ssize_t)
def _ask_defense(g: _Combat) -> None:
    c = g.combat
    # The defender chooses without seeing the attack card: nothing about it is in the info.
    _ask(g, c.players[_DEF], "defense_card", defense_options(g), _defense_chosen, (c.players[_DEF],),
         {"fighter": c.fighters[_DEF], "attacker": c.fighters[_ATT]})


def defense_options(g: _Combat) -> list:
    """What the defender of the current combat may answer with: no card (None), a defense card
    its fighter may use, or a card its ability lets it defend with."""
    c = g.combat
    defender = c.fighters[_DEF]
    dseat = c.players[_DEF]
    f = g.fighters[defender]
    name = f.defn.name
    cards = g.card_defs
    options = [None]
    for cid in g.players[dseat].hand:
        d = cards[cid]
        if d.can_defend and (d.users is None or name in d.users):     # (d.usable_by(name))
            options.append(cid)
    if dseat in g.handlers["defense_options"]:
        # Cards the defender's ability lets it play as defense beyond their type.
        for cid in g.players[dseat].ability.defense_options(g, dseat, defender):
            if cid not in options:
                options.append(cid)
    return options


@cython.locals(c=Combat, role=cython.Py_ssize_t)
def _defense_chosen(g: _Combat, dseat: int, cid: int | None) -> None:
    c = g.combat
    if cid is not None:
        g.take_from_hand(dseat, cid)
        g.play_area_add(cid)
        c.cards[_DEF] = cid
    if g.handlers["before_reveal"]:
        # The window with both cards chosen and still face down (Elementary's prediction):
        # handlers push steps, which run before the cards are revealed.
        g.push_one((_reveal_cards, (dseat, cid)))
        g.modify("before_reveal", None, c)
        return
    _reveal_cards(g, dseat, cid)


def _reveal_cards(g: _Combat, dseat: int, cid: int | None) -> None:
    c = g.combat
    c.revealed = True
    # (``log``'s arguments by position, a C call: see ``piles._Piles.log``)
    g.log("reveal", c.players[_ATT], c.fighters[_ATT], c.cards[_ATT], None,
          g.card(c.cards[_ATT]).value, None, None, "attack")
    if cid is not None:
        g.log("reveal", dseat, c.fighters[_DEF], cid, None, g.card(cid).value, None, None, "defense")
    else:
        g.log("no_defense", dseat, c.fighters[_DEF])
    for role in (_DEF, _ATT):
        if c.cards[role] is not None:
            g.card_played(c.cards[role], c.players[role], role)
    g.push_steps(_COMBAT_STEPS)


@cython.locals(c=Combat, d=CardDef, role=cython.Py_ssize_t, k=cython.Py_ssize_t)
def _combat_window(g: _Combat, timing: str) -> None:
    """Effects of one timing on both combat cards: the defender's first, then the attacker's.

    Cards are read when the window opens, so a card swapped in earlier (Sleight of Hand)
    resolves its own effects. Cancellation is checked as each effect starts. A card queued
    here for "Immediately" is marked (``Combat.immediate``) so a swap does not resolve it
    twice (``effects.swap_into_combat``)."""
    c = g.combat
    steps = []
    for role in (_DEF, _ATT):
        cid = c.cards[role]
        if cid is None:
            continue
        k = cid                 # (a C index: see piles._Piles._pile_moved)
        d = g.card_defs[k]
        ops = d.effects.get(timing)
        if ops:
            if timing == IMMEDIATELY:
                c.immediate.append(cid)
            step_args = (new_ctx(c.players[role], cid, role, c.fighters[role]),)
            for op in ops:
                steps.append((op.start, step_args))
    if g.handlers["combat_step"]:
        # Abilities acting at this timing (Jill Trent's gadgets) push their steps first, so
        # they resolve after the cards' effects ("card effects before hero abilities").
        g.modify("combat_step", None, c, timing)
    g.push_steps(tuple(steps))


@cython.locals(c=Combat, winner=cython.Py_ssize_t)
def _combat_damage(g: _Combat) -> None:
    c = g.combat
    attack = g.combat_value(ATTACKER)
    defense = g.combat_value(DEFENDER) if c.cards[_DEF] is not None else 0
    dmg = max(0, attack - defense)
    defender = c.fighters[_DEF]
    dealt = g.damage(defender, dmg, COMBAT, c.cards[_ATT], c.fighters[_ATT]) if dmg else 0
    taken = dealt
    if c.extra:
        # Combat damage other fighters took in the defender's place (Yennenga's Archers) is
        # still dealt by the attack: it counts toward winning the combat.
        dealt += c.extra.pop(COMBAT_DAMAGE_ELSEWHERE, 0)
    c.damage = dealt
    c.resolved = True
    winner = _ATT if dealt >= 1 else _DEF
    g.log("combat_result", c.players[winner], c.fighters[winner], None, None, dealt, None, None,
          f"{attack}-{defense}")
    if winner == _ATT:
        g.turn_flags["won_combat"] = True
    # Who won, attacker or defender ("if you already won a combat this turn").
    g.turn_flags[("won_combat", c.players[winner])] = True
    owner = g.fighters[defender].owner
    if taken and owner in g.handlers["on_combat_damage"]:
        g.players[owner].ability.on_combat_damage(g, defender, taken)


@cython.locals(c=Combat, role=cython.Py_ssize_t)
def _after_combat_abilities(g: _Combat) -> None:
    c = g.combat
    if g.turn_flags.get("turn_ended"):
        return
    for role in (_DEF, _ATT):
        seat = c.players[role]
        if seat in g.handlers["after_combat"]:
            g.players[seat].ability.after_combat(g, seat, role)


@cython.locals(c=Combat, role=cython.Py_ssize_t)
def _combat_cleanup(g: _Combat) -> None:
    """The played cards are discarded: the abilities' own cards first (King Arthur's face-down
    BOOST), then the defense card, then the attack card. Always, even when an effect ended the
    turn."""
    c = g.combat
    for role in (_DEF, _ATT):
        seat = c.players[role]
        if seat in g.handlers["combat_cleanup"]:
            g.players[seat].ability.combat_cleanup(g, seat, role)
    for role in (_DEF, _ATT):
        cid = c.cards[role]
        if cid is not None and cid in g.in_play:
            g.finish_played_card(cid, c.players[role])


def _after_attacking(g: _Combat) -> None:
    seat = g.combat.players[_ATT]
    g.combat = None
    if g.lasting:
        g.end_lasting("combat")
    if g.turn_flags.get("turn_ended"):
        return
    if seat in g.handlers["after_attacking"]:
        g.players[seat].ability.after_attacking(g, seat)


ACTIONS = {"maneuver": _maneuver, "scheme": _scheme, "attack": _attack}


# ---------------------------------------------------------------------- the steps kept
# (see ``_kept_steps``: each list holds, per seat, the steps that make pushes)
def _turn_steps(seat: int) -> tuple:
    return ((_start_of_turn, (seat,)), (_next_action, (seat,)), (_end_of_turn, (seat,)))


def _end_steps(seat: int) -> tuple:
    return ((_end_of_turn_effects, (seat,)), (_hand_limit, (seat,)), (_pass_turn, (seat,)))


def _pass_steps(seat: int) -> tuple:
    return ((_pass_turn, (seat,)),)


def _unboosted_moves(seat: int) -> tuple:
    return ((_move_phase, (seat, 0, False, ())),)


def _action_steps(action: str):
    """The steps of ``action`` for a seat: the action, then the next one. (The win check at
    the end of an action is the next action's first: nothing runs between the two, and the
    check changes nothing when it finds no side beaten. A step of its own for it cost ~550
    instructions an action.)"""
    def make(seat: int) -> tuple:
        return ((ACTIONS[action], (seat,)), (_next_action, (seat,)))
    return make


_TURN_STEPS: list = []
_END_STEPS: list = []
_PASS_STEPS: list = []
_UNBOOSTED_MOVES: list = []
_ACTION_MAKERS = {action: _action_steps(action) for action in ACTIONS}
_ACTION_STEPS: dict[str, list] = {action: [] for action in ACTIONS}
_BEGIN_TURN = (_begin_turn, ())
# A combat's steps once both cards are chosen (the same for every combat).
_COMBAT_STEPS = ((_combat_window, (IMMEDIATELY,)), (_combat_window, (DURING,)), (_combat_damage, ()),
                 (_combat_window, (AFTER,)), (_after_combat_abilities, ()), (_combat_cleanup, ()),
                 (_after_attacking, ()))
