"""Choosing several effects of a card: "choose 2 different effects" as one decision among the
sets of labels (``choose_some``: Gift of the Fair Folk) or one pick at a time, each resolving
before the next is picked (``choose_different``: Looking Glass). Choosing one effect is the core
``choose_one`` (engine/effects.py)."""

from __future__ import annotations

from itertools import combinations

from unmatched_sim.engine.effects import ChooseOne, Field, Op, SpecError, op


@op("choose_some")
class ChooseSome(Op):
    """Choose ``count`` different effects among ``options`` (Gift of the Fair Folk: "choose 2
    different effects"); they resolve in printed order. One decision ``effect_modes`` whose
    options are tuples of labels."""
    FIELDS = {"count": Field("int", 2), "options": Field("raw", required=True)}

    def __init__(self, spec, hero_fighters):
        super().__init__(spec, hero_fighters)
        self.modes = ChooseOne({"op": "choose_one", "options": self.options}, hero_fighters).modes

    def run(self, g, ctx):
        labels = [label for label, _ in self.modes]
        sets = list(combinations(labels, min(self.count, len(labels))))
        g.ask(ctx.player, "effect_modes", sets, self._chosen, ctx, card=ctx.card)

    def _chosen(self, g, ctx, chosen):
        g.log("mode", ctx.player, card=ctx.card if ctx.card >= 0 else None, detail="+".join(chosen))
        ops = tuple(o for label, mode in self.modes if label in chosen for o in mode)
        g.run_effects(ops, ctx)


@op("choose_different")
class ChooseDifferent(ChooseOne):
    """"Choose ``count`` different effects" among labelled options (Looking Glass: two of draw
    2, recover 3, place Alice). One ``effect_mode`` decision per pick (the labels not yet
    chosen); each chosen effect resolves before the next is picked."""
    FIELDS = {"options": Field("raw", required=True), "count": Field("int", 2)}

    def __init__(self, spec, hero_fighters):
        super().__init__(spec, hero_fighters)
        if not 1 <= self.count <= len(self.modes):
            raise SpecError(f"'count' must be between 1 and the number of options ({len(self.modes)}), "
                            f"got {self.count}")

    def run(self, g, ctx):
        self._pick(g, ctx, ())

    def _pick(self, g, ctx, done):
        labels = [label for label, _ in self.modes if label not in done]
        if len(done) >= self.count or not labels:
            return
        g.ask(ctx.player, "effect_mode", labels, self._picked, ctx, done, card=ctx.card,
              picks_left=self.count - len(done))

    def _picked(self, g, ctx, done, label):
        g.push((self._pick, (ctx, done + (label,))))     # runs once this effect has resolved
        self._chosen(g, ctx, label)
