"""Fighting and what follows from it: combat values, damage, defeat, the end of the game.

``_Combat(_Board)``: a combat's card values, damage, defeat and recovery, drawing (exhaustion
damage) and discarding from hand, BOOST, cards played and finished, the effects a card starts
(``run_effects``) on the step stack (``push``), actions gained and the turn ended, and the
check for a winner. The turn's steps that drive these are in ``steps.py``; ``game._GameCore``
builds the game on top.
"""

from __future__ import annotations

from typing import Callable, Iterable

try:
    import cython
except ImportError:       # pure Python without Cython installed: the declarations are no-ops
    from unmatched_sim import _cython_shim as cython

from unmatched_sim.engine.board_state import _Board
from unmatched_sim.engine.piles import BOOST_DISCARD, OPPONENT_EFFECT
from unmatched_sim.engine.state import ATTACKER, DEFENDER, OTHER_ROLE, Combat, Ctx, Fighter, Player, new_ctx
from unmatched_sim.model import BOOST_BONUS, ON_DISCARD_BY_OPPONENT, CardDef

EXHAUSTION_DAMAGE = 2

# Why a fighter lost health: the kind of source every ``damage``, ``damage_prevented`` and
# ``defeat`` row names (docs/events.md), with ``card`` the card, spell or misery it came from.
# The source of the blow that defeats a hero is the game's end reason.
COMBAT = "combat"            # combat damage (card: the attack card)
CARD = "card"                # an action card's effect (card: that card)
ABILITY = "ability"          # the hero's special ability (Medusa's Gaze, NOT TO BE, coil overflow...)
SPELL = "spell"              # a spell of the Wayward Sisters (card: the spell's name)
MISERY = "misery"            # a misery from Pandora's box (card: the misery's name)
BOARD = "board"              # a feature of the battlefield
EXHAUSTION = "exhaustion"    # a draw from an empty deck
UNNAMED = "effect"           # an effect that names no source (never logged by the shipped heroes)
EFFECT_DAMAGE = CARD         # (the name card effects' damage had before the kinds were told apart)
DAMAGE_SOURCES = (COMBAT, CARD, ABILITY, SPELL, MISERY, BOARD, EXHAUSTION)


def damage_source(ctx: Ctx) -> tuple:
    """(source kind, card) that damage dealt by an effect resolving in ``ctx`` is logged with:
    the context's own source if it has one (an ability, a spell, a misery: ``Ctx.source``),
    else the card the effect is printed on."""
    card = ctx.card if ctx.card >= 0 else None
    if ctx.source:
        return ctx.source, (ctx.source_name if ctx.source_name is not None else card)
    return (CARD, card) if card is not None else (UNNAMED, None)


# The step stack keeps its block (``_push_kept`` here, ``steps._pop_kept``): Python's own
# ``pop`` shrinks a list's block once it is less than half full and ``append`` grows it again,
# a reallocation and a copy of the stack each time (~290 of ~250 steps a tuned game, ~75,000 instructions).
# Compiled, the top is taken and a step stored in C, the block left as it is; run as pure
# Python, ``append`` and ``pop``.
@cython.cfunc
@cython.inline
@cython.locals(n=cython.Py_ssize_t)
def _push_kept(stack: list, step):
    if cython.compiled:
        if _list_room(stack) > 0:
            n = len(stack)
            _list_put(stack, n, step)
            _set_list_length(stack, n + 1)
            return
    stack.append(step)


def _opponent_chosen(g: _Combat, ops: tuple, ctx: Ctx, foe: int) -> None:
    if ctx.card >= 0:   # what else the card does afterwards (Loki's TRICK going over) reads it
        g.turn_flags[("opponent_chosen", ctx.card)] = foe
    g.log("opponent_chosen", ctx.player, None, ctx.card if ctx.card >= 0 else None,
          g.players[foe].fighters[0])
    g.run_effects(ops, ctx._replace(opponent=foe))


def _boost_card_done(g: _Combat, cid: int) -> None:
    g.put_in_discard(cid, BOOST_DISCARD)


def _needs_opponent(ops) -> bool:
    """Does any of ``ops`` act on "your opponent" as a player (``run_effects``; a function, not
    a generator: ``run_effects`` is a cpdef method, and Cython allows no closure there)?"""
    for op in ops:
        if op.needs_opponent:
            return True
    return False


@cython.cclass
class _Combat(_Board):
    """The combat's part of a game (see the module's docstring)."""

    # ------------------------------------------------------------------ the step stack
    def push(self, *steps: tuple[Callable, tuple]) -> None:
        """Schedule steps to run next, in the order given."""
        self.push_steps(steps)

    # ``push`` as C calls for the engine's compiled code (a ``cpdef`` method takes no
    # ``*steps``, and a def method is looked up at every call: ~300 pushes a tuned game).
    @cython.locals(stack=list, i=cython.Py_ssize_t)
    @cython.annotation_typing(False)
    def push_steps(self, steps: tuple) -> None:
        """``push(*steps)``."""
        # (Appended last first by a C loop over the tuple: a reversed copy, ``steps[::-1]``,
        # and a list extended from it cost ~650 instructions of the ~200 pushes a game; an
        # iterator, ``reversed(steps)``, more.)
        stack = self.stack
        for i in range(len(steps) - 1, -1, -1):
            _push_kept(stack, steps[i])

    @cython.annotation_typing(False)
    def push_one(self, step: tuple) -> None:
        """``push(step)``: one step."""
        _push_kept(self.stack, step)

    # ------------------------------------------------------------------ who is in the combat
    @cython.locals(c=Combat)
    def opponent_of(self, ctx: Ctx) -> int:
        """"Your opponent" for an effect: in a combat, the other player in the combat; else the
        one chosen for this effect (``ctx.opponent``), else the only foe left, else the next foe
        in turn order."""
        c = self.combat
        if c is not None and ctx.role <= DEFENDER:
            return c.opposing(ctx.role)
        if ctx.opponent >= 0:
            return ctx.opponent
        foes = self.foes(ctx.player) or self._foes[ctx.player]
        if len(foes) == 1:
            return foes[0]
        n = len(self.players)
        return min(foes, key=lambda t: (t - ctx.player) % n)

    def ctx_fighter(self, ctx: Ctx) -> int:
        """The fighter resolving an effect; for combat cards, whoever is in the combat now."""
        if ctx.role <= DEFENDER and self.combat is not None:
            return self.combat.fighters[ctx.role]
        return ctx.fighter

    # ------------------------------------------------------------------ state changes
    @cython.locals(p=Player)
    @cython.annotation_typing(False)
    def draw(self, seat: int, n: int = 1) -> None:
        """Draw n cards; each card that cannot be drawn deals exhaustion damage instead."""
        p = self.players[seat]
        missing = 0
        for _ in range(n):
            if p.deck:
                c = p.deck.pop()
                p.hand.append(c)
                if p.deck_top_known:
                    p.deck_top_known -= 1
                if p.top_known_by:
                    p.top_known_by = {o: k - 1 for o, k in p.top_known_by.items() if k > 1}
                self.log("draw", seat, None, c)
                if not p.deck:
                    self.log("deck_empty", seat)
            else:
                missing += 1
        if missing:
            self.log("exhausted", seat, None, None, None, missing)
            for fi in self.on_board(seat):
                self.damage(fi, EXHAUSTION_DAMAGE * missing, EXHAUSTION)

    @cython.locals(f=Fighter)
    @cython.annotation_typing(False)
    def damage(self, fi: int, amount: int, source: str, card: int | None = None,
               by: int | None = None) -> int:
        """Deal damage to fighter ``fi``; ``by`` is the fighter that caused it (None for
        exhaustion and other damage nobody deals). It passes the ``damage`` event first, where
        an ability may prevent, reduce or floor it."""
        f = self.fighters[fi]
        if amount <= 0 or not f.on_board:
            return 0
        if self.handlers["damage"] or self.lasting:
            amount = self.modify("damage", amount, fi, source, by, card)
            if amount <= 0:
                self.log("damage_prevented", f.owner, fi, card, None, None, None, None, source, None, by)
                return 0
        dealt = min(amount, f.health)
        f.health -= dealt
        self.turn_flags[("took_damage", fi)] = True   # "if Hamlet took damage this turn"
        # (by position: kind, player, fighter, card, target, amount, health, space, detail, value, by)
        self.log("damage", f.owner, fi, card, None, dealt, f.health, None, source, None, by)
        if f.owner in self.handlers["on_damaged"]:
            self.players[f.owner].ability.on_damaged(self, fi, dealt, source)
        if f.health == 0:
            self.defeat(fi, source, by, card)
        return dealt

    @cython.locals(f=Fighter)
    def defeat(self, fi: int, source: str, by: int | None = None, card: int | str | None = None) -> None:
        f = self.fighters[fi]
        f.alive = False
        self._remove_from_board(fi)
        if f.is_hero and self.defeat_cause[f.owner] is None and self.hero_defeated(f.owner):
            self.defeat_cause[f.owner] = source   # the blow that defeated the last hero
        self.log("defeat", f.owner, fi, card, None, None, None, None, source, None, by)
        if f.owner in self.handlers["on_defeated"]:
            self.players[f.owner].ability.on_defeated(self, fi)
        if f.is_hero and self.format.removes_sidekicks and self.hero_defeated(f.owner):
            # Free-for-all: a player whose hero is defeated is eliminated; their sidekicks
            # leave the board at once (they are removed, not defeated).
            gone = self.on_board(f.owner)
            for s in gone:
                self._remove_from_board(s)
            for s in gone:
                self.log("removed", f.owner, s, None, None, None, None, None, "eliminated")

    @cython.locals(f=Fighter)
    def recover(self, fi: int, amount: int, card: int | None = None) -> int:
        """Recover health, never above starting health; defeated fighters cannot recover."""
        f = self.fighters[fi]
        if not f.alive or amount <= 0:
            return 0
        gained = min(amount, f.max_health - f.health)
        f.health += gained
        self.log("recover", f.owner, fi, card, None, gained, f.health)
        return gained

    @cython.locals(f=Fighter)
    def set_health(self, fi: int, health: int, card: int | None = None) -> None:
        f = self.fighters[fi]
        f.health = min(health, f.max_health)
        f.alive = f.health > 0
        if f.is_hero and f.alive:
            self.defeat_cause[f.owner] = None
        self.log("set_health", f.owner, fi, card, None, f.health, f.health)

    def end_turn(self, card: int | None = None) -> None:
        """An effect ends the turn (The Rest Is Silence): the active player loses the actions
        left; inside a combat, every effect not yet resolved is skipped (``turn_ended``, read by
        ``effects.effect_cancelled``), the cleanup still discards the played cards, and
        after-attacking effects do not happen. Then the turn ends as usual (end-of-turn effects,
        hand limit)."""
        if self.over:
            return
        self.players[self.active].actions = 0
        self.turn_flags["turn_ended"] = True
        self.log("turn_ended", self.active, None, card)

    @cython.annotation_typing(False)
    def gain_action(self, seat: int, n: int = 1, card: int | None = None) -> None:
        """Extra actions only exist on your own turn; gained on the opponent's turn they lapse
        (as do actions gained once an effect has ended the turn)."""
        if seat == self.active and not self.over and not self.turn_flags.get("turn_ended"):
            self.players[seat].actions += n
            # (counted for "this is your third action": vocab/turn.py's ``action_number``)
            self.turn_flags["actions_gained"] = self.turn_flags.get("actions_gained", 0) + n
            self.log("gain_action", seat, None, card, None, n)

    @cython.annotation_typing(False)
    def discard_from_hand(self, seat: int, cid: int, cause: str) -> None:
        """A card leaves a hand for its owner's discard pile, with every reaction that triggers."""
        self.take_from_hand(seat, cid)
        self.log("discard", seat, None, cid, None, None, None, None, cause)
        owner = self.owner(cid)
        if owner in self.handlers["intercept_discard"] and \
                self.players[owner].ability.intercept_discard(self, seat, cid, cause):
            return
        self.to_discard_pile(cid, cause)
        if cause == OPPONENT_EFFECT:
            ops = self.card(cid).effects.get(ON_DISCARD_BY_OPPONENT)
            if ops:
                self.run_effects(ops, new_ctx(seat, cid, OTHER_ROLE, self.players[seat].fighters[0]))

    @cython.locals(c=cython.Py_ssize_t)
    @cython.annotation_typing(False)
    def card_played(self, cid: int, seat: int, role: int) -> None:
        """``seat`` has played a card: revealed in combat (``role`` ATTACKER / DEFENDER) or
        played as a scheme (SCHEME_ROLE). Its owner's ability hears of it (Loki logs his TRICKs
        played by the opponent). Effects that swap a new card into a combat call this too."""
        c = cid                 # (a C index: see piles._Piles._pile_moved)
        owner = self.card_owners[c]
        if owner in self.handlers["on_card_played"]:
            self.players[owner].ability.on_card_played(self, cid, seat, role)

    @cython.locals(c=cython.Py_ssize_t)
    @cython.annotation_typing(False)
    def finish_played_card(self, cid: int, played_by: int) -> None:
        """Cleanup for a played card; an ability may send it elsewhere (Loki's TRICKs)."""
        c = cid                 # (a C index: see piles._Piles._pile_moved)
        owner = self.card_owners[c]
        if owner in self.handlers["after_card_played"] and \
                self.players[owner].ability.after_card_played(self, cid, played_by):
            self.play_area_take(cid)
            return
        self.put_in_discard(cid)

    @cython.annotation_typing(False)
    def boost(self, seat: int, cid: int, purpose: str) -> int:
        """Use a card from hand to BOOST: returns the value added.

        The card's BOOST bonus (Houdini) triggers when its owner boosts with it; the bonus
        resolves first, then the card goes to the discard pile (the caller has already pushed
        whatever comes after the boost).
        """
        self.take_from_hand(seat, cid)
        self.play_area_add(cid)
        owner = self.owner(cid)
        if owner in self.handlers["boost_value"]:
            value = self.players[owner].ability.boost_value(self, cid)
        else:
            value = self.card_defs[cid].boost_value     # (Ability.boost_value, inline)
        self.log("boost", seat, None, cid, None, value, None, None, purpose)
        self.push_one((_boost_card_done, (cid,)))
        bonus = self.card(cid).effects.get(BOOST_BONUS)
        if bonus and owner == seat:
            self.log("boost_bonus", seat, None, cid)
            self.run_effects(bonus, new_ctx(seat, cid, OTHER_ROLE, self.players[seat].fighters[0]))
        return value

    @cython.locals(d=CardDef, c=cython.Py_ssize_t, owner=cython.Py_ssize_t)
    @cython.annotation_typing(False)
    def can_boost_with(self, seat: int, cid: int) -> bool:
        """May ``seat`` BOOST with card ``cid``? Its owner's ability says (``can_boost``)."""
        c = cid                 # (C integers for the indexes: see piles._Piles._pile_moved)
        owner = self.card_owners[c]
        if not self._own_boost_rule[owner]:
            d = self.card_defs[c]
            tag = self._no_boost_tag[owner]     # (Ability.can_boost, inline)
            return d.boost is not None and (tag is None or tag not in d.tags)
        return self.players[owner].ability.can_boost(self, seat, cid)

    @cython.annotation_typing(False)
    def run_effects(self, ops: Iterable, ctx: Ctx) -> None:
        """Schedule a card's effects (a tuple of Ops) to resolve next, in printed order.

        Outside a combat, with several foes left, effects that act on "your opponent" as a
        player (their hand, their draw) need one: the player chooses it first (decision
        ``effect_opponent``), and every effect of the card then means that player."""
        if ctx.role > DEFENDER and ctx.opponent < 0 and len(self.players) > 2 and _needs_opponent(ops):
            foes = self.foes(ctx.player)
            if len(foes) > 1:
                self.ask(ctx.player, "effect_opponent", list(foes), _opponent_chosen, tuple(ops), ctx,
                         card=ctx.card if ctx.card >= 0 else None)
                return
        args = (ctx,)
        self.push_steps(tuple([(op.start, args) for op in ops]))

    @cython.locals(F=list, f=Fighter, n=cython.Py_ssize_t, s=cython.Py_ssize_t, i=cython.Py_ssize_t,
                   places=list, hero_fis=tuple)
    @cython.annotation_typing(False)
    def check_win(self) -> bool:
        """Win check, made at the start and end of every action and at turn boundaries.

        A hero reduced to 0 health is defeated at once, but players go out and the game ends
        only at the next check, so the rest of the action still resolves (e.g. All Part of the
        Show). A side is beaten when every hero on it is defeated; the game ends when one side
        is left. Sides beaten at the same check share a place; if that leaves none, the side of
        the player whose turn it is wins if it is among them (the duel's rule: "if both heroes
        are defeated, the player whose turn it is wins"), else the first of them in turn order
        after that player.
        """
        if self.over:
            return True
        n = len(self.players)
        out, fmt = self.out, self.format
        places = self.places
        F, hero_fis = self.fighters, self._hero_fis
        for s in range(n):
            if places[s] is None:
                for i in hero_fis[s]:      # (hero_defeated, inline: this runs every action)
                    f = F[i]
                    if f.alive:
                        break
                else:
                    break
        else:
            return False     # the fast path: every hero still in the game stands
        newly = [s for s in range(n) if not out[s] and fmt.player_out(self, s)]
        if not newly and fmt.out_when_hero_defeated:
            return False
        standing = {self.team[s] for s in range(n) if not self.hero_defeated(s)}
        unplaced = {self.team[s] for s in range(n) if self.places[s] is None}
        beaten = unplaced - standing
        if not newly and not beaten:
            return False
        for s in newly:
            out[s] = True
            self.out_turn[s] = self.turn
        if n > 2:
            for s in newly:
                self.log("eliminated", s, None, None, None, None, None, None,
                         self.defeat_cause[s] or "no_fighters")
        if len(standing) > 1:
            self._set_place(beaten, len(standing) + 1)
            return False
        if standing:
            winner = standing.pop()
            reason = self._defeat_reason(beaten)
        else:   # every side left was beaten at once: the tie-break
            order = [(self.active + k) % n for k in range(n)]
            winner = [self.team[s] for s in order if self.team[s] in beaten][0]
            beaten.discard(winner)
            reason = "both_heroes_defeated" if n == 2 else "simultaneous_defeat"
        self._set_place(beaten, 2)
        self.end(winner, reason)
        return True

    def decided(self) -> bool:
        """Would the next win check end the game (at most one side has a hero standing)?"""
        return len({self.team[s] for s in range(len(self.players)) if not self.hero_defeated(s)}) <= 1

    def _set_place(self, teams: set, place: int) -> None:
        for s, p in enumerate(self.players):
            if p.team in teams and self.places[s] is None:
                self.places[s] = place
                self.out[s] = True
                if self.out_turn[s] is None:
                    self.out_turn[s] = self.turn

    def _defeat_reason(self, teams: set) -> str:
        for s, p in enumerate(self.players):
            if p.team in teams and self.defeat_cause[s]:
                return self.defeat_cause[s]
        return UNNAMED

    def end(self, winner: int | None, reason: str) -> None:
        """The game is over: ``winner`` is the winning side (None: no winner, e.g. the turn
        limit). Players not yet placed are first if on the winning side; with no winner, every
        player still in shares first place (and none of them won)."""
        self.over = True
        self.winner = winner
        self.end_reason = reason
        self.pending = None
        self.stack.clear()
        for s, p in enumerate(self.players):
            if self.places[s] is None and (winner is None or p.team == winner):
                self.places[s] = 1
        rest = [s for s in range(len(self.players)) if self.places[s] is None]
        for s in rest:
            self.places[s] = 2
        self.log("game_end", winner, None, None, None, None, None, None, reason)

    def won(self, seat: int) -> bool:
        return self.over and self.winner is not None and self.team[seat] == self.winner

    # ------------------------------------------------------------------ card values in combat
    @cython.locals(c=Combat, d=CardDef, r=cython.Py_ssize_t, k=cython.Py_ssize_t, seat=cython.Py_ssize_t)
    @cython.annotation_typing(False)
    def combat_value(self, role: int, bonuses: bool = True) -> int:
        """The current value of a combat card: printed value, then every change in the order it
        was applied ("set" replaces, "add" adds, "sub" subtracts but never below 0), floored at
        0. Ignored values count 0; a locked value (Three Wishes) cannot be changed at all.
        ``bonuses=False`` leaves out the attacker's standing bonuses (abilities, turn effects):
        the card's own value, which "swap the values" trades."""
        c = self.combat
        r = role                # (C integers for the indexes: see piles._Piles._pile_moved)
        cid = c.cards[r]
        if cid is None or c.ignored[r]:
            return 0
        seat = c.players[r]
        lock = self.players[seat].value_lock
        if lock is not None:
            return lock
        k = cid
        d = self.card_defs[k]
        v = d.value or 0
        for kind, n in c.mods[r]:
            if kind == "add":
                v += n
            elif kind == "sub":
                v = max(0, v - n)
            else:
                v = n
        if role == ATTACKER and bonuses:
            if seat in self.handlers["attack_bonus"]:
                v += self.players[seat].ability.attack_bonus(self, c)
            bonus = self.turn_flags.get("attack_bonus")   # ("turn_attack_bonus" effects: Toil)
            if bonus:
                name = self.fighters[c.fighters[ATTACKER]].defn.name
                total = 0
                for s, who, n in bonus:
                    if s == seat and (who is None or who == name):
                        total += n
                v += total
        if bonuses and (self.handlers["combat_value"] or self.lasting):
            v = self.modify("combat_value", v, c, role)
        return max(0, v)
