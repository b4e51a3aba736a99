"""Turn an event log into a readable turn-by-turn story (used by ``sim replay``)."""

from __future__ import annotations

from typing import Iterable

from unmatched_sim.hooks import STORY_LINES


def _plain(e: dict, key: str, default: str = "?") -> str:
    v = e.get(key)
    return default if v is None else str(v)


def origin(e: dict) -> str:
    """What dealt a ``damage``, ``damage_prevented`` or ``defeat`` row's damage, in words: its
    source kind (docs/events.md "Damage sources") with the card, spell, misery or ability it
    names. ``e["ability"]`` is the ability's name of the side that dealt it, where known."""
    kind, card, by = e.get("detail"), e.get("card"), e.get("by_fighter")
    whose = f"{by}'s " if by else ""
    if kind == "combat":
        return f"combat ({card})" if card else "combat"
    if kind == "card":
        return f"{whose}card {card}" if card else "a card"
    if kind == "ability":
        name = e.get("ability")
        return f"{whose}ability {name}" if name else f"{whose}ability"
    if kind == "spell":
        return f"the spell {card}" if card else "a spell"
    if kind == "misery":
        return f"the misery {card}" if card else "a misery"
    if kind == "misery_bust":
        return "the box's bust"
    if kind == "exhaustion":
        return "exhaustion (an empty deck)"
    if kind == "board":
        return f"the battlefield ({card})" if card else "the battlefield"
    if kind == "effect":            # a log of the older vocabulary: card effects named "effect"
        return f"{whose}card {card}" if card else f"an effect{' of ' + by if by else ''}"
    return f"{kind}" + (f" ({card})" if card else "")


#: a game's end reason in words (a damage source kind: the blow that beat the last hero)
END_WORDS = {"combat": "the last blow was combat damage", "card": "the last blow was a card's effect",
             "ability": "the last blow was a hero's ability", "spell": "the last blow was a spell",
             "misery": "the last blow was a misery", "misery_bust": "the last blow was the box busting",
             "board": "the last blow was the battlefield's", "exhaustion": "the last blow was exhaustion",
             "effect": "the last blow was an effect", "both_heroes_defeated": "both heroes were defeated",
             "simultaneous_defeat": "every side left was beaten at once", "turn_limit": "the turn limit was reached"}


def end_words(reason: str | None) -> str:
    return END_WORDS.get(reason or "", (reason or "unknown").replace("_", " "))


def _damage(e):
    return f"{_plain(e, 'fighter')} takes {e['amount']} damage from {origin(e)} → {e['health']} health"


LINES = {
    "setup": lambda e: f"{e['who']} shuffles and draws 5",
    "draw": lambda e: f"{e['who']} draws {_plain(e, 'card')}",
    "exhausted": lambda e: f"{e['who']}'s deck is empty: {e['amount']} card(s) not drawn, exhaustion!",
    "action": lambda e: f"▸ {e['detail']}",
    "boost": lambda e: f"{e['who']} boosts with {e['card']} (+{e['amount']}, {e['detail']})",
    "boost_bonus": lambda e: f"BOOST bonus of {e['card']} triggers",
    "move": lambda e: f"{e['fighter']} moves {e['detail']} → {e['space']}"
                      + (f" ({e['card']})" if e.get("card") else ""),
    "place": lambda e: f"{e['fighter']} is placed on {e['space']}" + (f" ({e['card']})" if e.get("card") else ""),
    "swap": lambda e: f"{e['fighter']} and {e['target']} swap spaces ({e['card']})",
    "combatant_changed": lambda e: f"{e['fighter']} is now the fighter in the combat",
    "attack": lambda e: f"{e['fighter']} attacks {e['target']} ({e['detail']})",
    "reveal": lambda e: f"{e['fighter']} reveals {e['card']} ({e['detail']}, value {e['amount']})",
    "no_defense": lambda e: f"{e['fighter']} plays no defense card",
    "cancel": lambda e: f"{e['detail']} cancels the effects of {e['card']}",
    "cancel_failed": lambda e: f"{e['card']} cannot be cancelled",
    "combat_result": lambda e: (f"combat {e['detail']}: {e['amount']} combat damage, "
                                f"{e['fighter']} wins the combat"),
    "damage": _damage,
    "recover": lambda e: f"{e['fighter']} recovers {e['amount']}"
                         + (f" ({e['card']})" if e.get("card") else "") + f" → {e['health']} health",
    "set_health": lambda e: f"{e['fighter']}'s health is set to {e['health']} ({e['card']})",
    "defeat": lambda e: f"✖ {e['fighter']} is defeated by {origin(e)}"
                        + (f" of {e['by_fighter']}" if e.get("by_fighter") and e.get("detail") == "combat" else ""),
    "removed": lambda e: f"{e['fighter']} leaves the board: {e['who']} is out",
    "eliminated": lambda e: f"✖ {e['who']} is out of the game ({e['detail'].replace('_', ' ')})",
    "opponent_chosen": lambda e: f"{e['who']} picks {e['target']}'s player as the opponent for {e['card'] or 'the effect'}",
    "damage_prevented": lambda e: f"damage to {e['fighter']} from {origin(e)} is prevented",
    "lasting": lambda e: f"{e['who']}: {e['detail'].split(':')[0].replace('_', ' ')} until the end of the "
                         + {"combat": "combat", "turn": "turn", "next_turn": "next turn"}.get(e['detail'].split(':')[1], "turn"),
    "held": lambda e: f"{e['fighter']} is held in place",
    # Deck verbs (engine/vocab/deck.py)
    "deck_look": lambda e: f"{e['who']} looks at the top {e['amount']} card(s) of a deck"
                           + (f" ({e['card']})" if e.get("card") else ""),
    "deck_reveal": lambda e: (f"{e['who']}'s deck is empty: nothing to reveal" if e.get("detail") == "empty" else
                              f"{e['who']}'s {'bottom' if e.get('detail') == 'bottom' else 'top'} card is revealed: {e['card']}"),
    "deck_to_hand": lambda e: f"{e['who']} takes {e['card']} from the deck into hand",
    "deck_to_bottom": lambda e: f"{e['who']} puts {e['card'] or 'a card'} at the bottom of the deck",
    "deck_arranged": lambda e: f"{e['amount']} cards go back on top in a chosen order",
    "search_found": lambda e: f"{e['who']} finds {e['card']} in the {e['detail'].replace('_', ' ')}",
    "search_failed": lambda e: f"{e['who']} searches for {e['detail']} and finds none",
    "shuffle": lambda e: f"{e['who']} shuffles the deck ({e['amount']} cards)",
    "to_deck": lambda e: f"{e['who']} shuffles {e['card']} into the deck",
    "scheme": lambda e: f"{e['fighter']} plays the scheme {e['card']}",
    "discard": lambda e: f"{e['who']} discards {e['card']} ({e['detail'].replace('_', ' ')})",
    "turn_ended": lambda e: f"{e['who']}'s turn is over" + (f" ({e['card']})" if e.get("card") else ""),
    "to_deck_bottom": lambda e: f"{e['who']} puts a card under the deck" + (f" ({e['card']})" if e.get("card") else ""),
    "bonus_attack": lambda e: f"{e['fighter']} makes a bonus attack of value {e['amount']} on {e['target']} "
                              f"({e['card']}, {e['detail']})",
    "damage_redirected": lambda e: f"{e['amount']} combat damage meant for {e['fighter']} goes to {e['target']} "
                                   f"({e['card']})",
    "gain_action": lambda e: f"{e['who']} gains {e['amount']} action" + (f" ({e['card']})" if e.get("card") else ""),
    "look_at_hand": lambda e: f"{e['who']} looks at {e['target']}'s hand ({e['amount']} cards)",
    "reveal_cancel": lambda e: f"{e['who']} reveals {e['card']} to cancel {e['detail']}",
    "put_on_deck": lambda e: f"{e['who']} puts {e['card']} on top of the deck",
    "return_to_hand": lambda e: f"{e['who']} returns {e['card']} to hand",
    "mode": lambda e: f"{e['who']} chooses: {e['detail']}",
    "value_lock": lambda e: f"{e['who']}'s card values are {e['amount']} for the rest of the turn",
    "attack_bonus": lambda e: f"{e['who']}'s attacks" + (f" by {e['detail']}" if e.get("detail") else "")
                              + f" are +{e['amount']} for the rest of the turn"
                              + (f" ({e['card']})" if e.get("card") else ""),
    "ability": lambda e: f"{e['who']} uses their ability: {e['detail'].replace('_', ' ')}"
                         + (f" ({e['card']})" if e.get("card") else ""),
    "ransom_paid": lambda e: f"{e['who']} pays a ransom of {e['amount']} to stop {e['card']} ({e['detail']})",
    "ransom_refused": lambda e: f"{e['who']} {'refuses' if e['value'] >= max(1, e['amount']) else 'cannot pay'}"
                                f" the ransom on {e['card']} ({e['detail']})",
    # Board features (engine/board_features.py)
    "conveyor": lambda e: f"the conveyor carries {e['fighter']} {e['detail']} → {e['space']}",
    "conveyor_bin": lambda e: f"the conveyor drops {e['fighter']} off {e['detail']}: "
                              f"placed in the bin on {e['space']}",
    "conveyor_blocked": lambda e: f"{e['fighter']} stays on the conveyor at {e['space']} "
                                  f"({e['detail'].replace('_', ' ')})",
}

SKIP = {"turn_end"}


#: event kinds whose ``detail`` is a space label too (the space a fighter left)
SPACE_DETAIL = ("move", "conveyor", "conveyor_bin")


def tell(events: Iterable[dict], names: dict[str, str], teams: dict[str, str] | None = None,
         spaces: dict[str, str] | None = None, abilities: dict[str, str] | None = None) -> list[str]:
    """``names`` maps a player ("a".."d") to a label like "Houdini (a)"; ``teams`` (team games)
    maps a player to its team's name, so the end says which team won; ``spaces`` a space label
    to how the story names it ("M13 (red, yellow zones)"); ``abilities`` a player to its hero's
    ability name, so damage an ability deals is told by that name."""
    out: list[str] = []
    spaces = spaces or {}
    for e in events:
        e = dict(e)
        e["who"] = names.get(e.get("player"), "game")
        if spaces:
            if e.get("space") is not None:
                e["space"] = spaces.get(e["space"], e["space"])
            if e["kind"] in SPACE_DETAIL and e.get("detail") is not None:
                e["detail"] = spaces.get(e["detail"], e["detail"])
        if abilities and e.get("by_player") is not None:
            e["ability"] = abilities.get(e["by_player"])
        kind = e["kind"]
        if kind in SKIP:
            continue
        if kind == "turn_start":
            out.append("")
            out.append(f"── Turn {e['turn']} · {e['who']} " + "─" * 20)
            continue
        if kind == "game_end":
            winner = names.get(e.get("player")) if e.get("player") else None
            if winner and teams:
                team = teams.get(e["player"])
                winner = f"{team} ({' and '.join(names[p] for p in names if teams.get(p) == team)})"
            out.append("")
            out.append(f"★ Game over: {winner + ' wins' if winner else 'no winner'} ({end_words(e['detail'])})")
            continue
        if e["turn"] == 0 and kind == "place":
            out.append(f"{e['fighter']} ({e['player']}) starts on {e['space']}")
            continue
        fmt = LINES.get(kind) or STORY_LINES.get(kind)
        try:
            text = fmt(e) if fmt else None
        except (KeyError, TypeError, AttributeError):
            text = None
        if text is None:
            fields = ", ".join(f"{k}={e[k]}" for k in ("fighter", "card", "target", "amount", "space", "detail")
                               if e.get(k) is not None)
            text = f"{kind}: {fields}"
        indent = "  " if kind == "action" else "    "
        out.append(indent + text)
    return out
